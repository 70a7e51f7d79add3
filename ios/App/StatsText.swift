import Foundation
import SolitaireCore

/// Statistics and times in words, shared by the chooser, the statistics page and the win screen.
enum StatsText {
    static func summary(_ stats: GameStats) -> String {
        stats.played == 0 ? "Not played yet" : "Won \(stats.won) of \(stats.played)"
    }

    static func winRate(_ stats: GameStats) -> String {
        guard stats.played > 0 else { return "–" }
        return (Double(stats.won) / Double(stats.played)).formatted(.percent.precision(.fractionLength(0)))
    }

    static func time(ms: UInt64) -> String {
        Duration.milliseconds(Int64(ms)).formatted(.time(pattern: .minuteSecond))
    }
}
