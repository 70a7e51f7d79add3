import Foundation
import SolitaireCore

/// Statistics and times in words, shared by the chooser, the statistics page and the win screen.
enum StatsText {
    static func summary(_ stats: GameStats) -> String {
        guard stats.played > 0 else { return "Not played yet" }
        let won = "Won \(stats.won) of \(stats.played)"
        return stats.assisted == 0 ? won : "\(won), \(stats.assisted) finished by show me"
    }

    /// "Nov 30, 2026" in the player's own format.
    static func day(_ date: DailyDate) -> String {
        let parts = DateComponents(year: Int(date.year), month: Int(date.month), day: Int(date.day))
        return Calendar.current.date(from: parts)?.formatted(date: .abbreviated, time: .omitted) ?? "\(date.year)-\(date.month)-\(date.day)"
    }

    static func days(_ count: UInt32) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }

    static func winRate(_ stats: GameStats) -> String {
        guard stats.played > 0 else { return "–" }
        return (Double(stats.won) / Double(stats.played)).formatted(.percent.precision(.fractionLength(0)))
    }

    static func time(ms: UInt64) -> String {
        Duration.milliseconds(Int64(ms)).formatted(.time(pattern: .minuteSecond))
    }
}
