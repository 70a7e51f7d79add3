import Foundation
import SolitaireCore

/// The app's sentences about a game, its statistics and the daily deals, built from catalogue
/// keys (never glued from English words), shared by the chooser, the statistics page, the game's
/// clock and the win screen. Here rather than in the views so the tests read them on Linux.
/// One line of the statistics: "Played" and "12".
public struct StatLine: Equatable, Sendable {
    public let label: String
    public let value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

extension Words {
    /// A count as the statistics show it.
    public func count(_ n: UInt32) -> String {
        text("ui_stat_count", Int64(n))
    }

    /// "3 days" (« 3 jours »).
    public func days(_ n: UInt32) -> String {
        plural("ui_stat_days", count: Int(n), Int64(n))
    }

    /// "66%" (« 66 % »), or a dash before any game is played.
    public func winRate(_ stats: GameStats) -> String {
        guard stats.played > 0 else { return text("ui_stat_none") }
        return text("ui_stat_percent", Int64(stats.won) * 100 / Int64(stats.played))
    }

    /// The chooser's line: "Won 2 of 3", "…, 1 finished by show me", or "Not played yet".
    public func statsSummary(_ stats: GameStats) -> String {
        guard stats.played > 0 else { return text("ui_not_played_yet") }
        let won = plural("ui_won_of", count: Int(stats.won), Int64(stats.won), Int64(stats.played))
        guard stats.assisted > 0 else { return won }
        return plural("ui_finished_by_show_me", count: Int(stats.assisted), Int64(stats.assisted), won)
    }

    /// One game's results as label and value, in the order the statistics page lists them.
    public func statsRows(_ stats: GameStats) -> [StatLine] {
        let none = text("ui_stat_none")
        return [
            StatLine(text("ui_stat_played"), count(stats.played)),
            StatLine(text("ui_stat_won"), count(stats.won)),
            StatLine(text("ui_stat_assisted"), count(stats.assisted)),
            StatLine(text("ui_stat_win_rate"), winRate(stats)),
            StatLine(text("ui_stat_current_streak"), count(stats.currentStreak)),
            StatLine(text("ui_stat_best_streak"), count(stats.bestStreak)),
            StatLine(text("ui_stat_best_time"), stats.bestTimeMs.map { Words.time(ms: $0) } ?? none),
            StatLine(text("ui_stat_fewest_moves"), stats.fewestMoves.map(count) ?? none),
        ]
    }

    /// The daily deals' streaks as label and value.
    public func dailyRows(_ daily: DailyOverview) -> [StatLine] {
        [
            StatLine(text("ui_stat_current_daily_streak"), days(daily.currentStreak)),
            StatLine(text("ui_stat_best_daily_streak"), days(daily.bestStreak)),
        ]
    }

    /// "Daily streak: 2 days (best 5 days)".
    public func dailyStreak(_ daily: DailyOverview) -> String {
        text("ui_daily_streak_days", days(daily.currentStreak), days(daily.bestStreak))
    }

    /// "Nov 30, 2026" (« 30 nov. 2026 ») in this language's format, as `region` writes it where
    /// it speaks this language ("30 Nov 2026" in Britain): the Gregorian date the daily deals are
    /// numbered by, whatever calendar the device shows.
    public func day(_ date: DailyDate, region: Locale = .current) -> String {
        let calendar = Calendar.dailyDeals(in: .current)
        let parts = DateComponents(year: Int(date.year), month: Int(date.month), day: Int(date.day))
        guard let moment = calendar.date(from: parts) else { return "\(date.year)-\(date.month)-\(date.day)" }
        let locale = region.language.languageCode?.identifier == language ? region : Locale(identifier: language)
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        return moment.formatted(style)
    }

    /// The clock in the game's bar: "12 moves · 3:05".
    public func movesAndTime(_ status: GameStatus, elapsedMs: UInt64) -> String {
        plural("ui_moves_time", count: Int(status.moves), Int64(status.moves), Words.time(ms: elapsedMs))
    }

    /// The same for VoiceOver: "12 moves, time 3:05".
    public func spokenMovesAndTime(_ status: GameStatus, elapsedMs: UInt64) -> String {
        plural("ui_moves_time_spoken", count: Int(status.moves), Int64(status.moves), Words.time(ms: elapsedMs))
    }

    /// "You won!", or "Solved by show me".
    public func winTitle(_ status: GameStatus) -> String {
        text(status.assisted ? "ui_solved_by_show_me" : "ui_you_won")
    }

    /// "Deal 7 in 98 moves, 3:05." (« Donne 7 en 98 coups, 3:05. »)
    public func wonSummary(_ status: GameStatus) -> String {
        let game = status.deal.map { text("ui_deal", $0) } ?? text("ui_this_game")
        return plural("ui_won_summary", count: Int(status.moves), Int64(status.moves), game, Words.time(ms: status.elapsedMs))
    }

    /// A game's title: its name, or "Dnieper: daily deal".
    public func title(_ info: GameInfo, daily: Bool) -> String {
        daily ? text("ui_daily_title", name(info)) : name(info)
    }

    /// What the button that confirms a way of dealing says.
    public func dealTitle(_ choice: DealChoice) -> String {
        switch choice {
        case .random: text("ui_new_deal")
        case .winnable: text("ui_new_winnable")
        case .number(let deal): text("ui_deal_number_n", deal)
        case .restart: text("ui_restart_deal")
        }
    }
}
