import SolitaireCore
import SwiftUI

/// Results per game: played, won, finished by "show me" (played, not won), streaks, best time
/// and fewest moves; from the chooser, the daily streak above them.
struct StatisticsView: View {
    let rows: [GameOverview]
    let daily: DailyOverview?
    @Environment(\.dismiss) private var dismiss

    init(rows: [GameOverview], daily: DailyOverview? = nil) {
        self.rows = rows
        self.daily = daily
    }

    var body: some View {
        List {
            if let daily {
                Section("Daily deals") {
                    LabeledContent("Current daily streak", value: StatsText.days(daily.currentStreak))
                    LabeledContent("Best daily streak", value: StatsText.days(daily.bestStreak))
                }
            }
            ForEach(rows, id: \.info.kind) { row in
                Section(row.info.name) {
                    LabeledContent("Played", value: "\(row.stats.played)")
                    LabeledContent("Won", value: "\(row.stats.won)")
                    LabeledContent("Finished by show me", value: "\(row.stats.assisted)")
                    LabeledContent("Win rate", value: StatsText.winRate(row.stats))
                    LabeledContent("Current streak", value: "\(row.stats.currentStreak)")
                    LabeledContent("Best streak", value: "\(row.stats.bestStreak)")
                    LabeledContent("Best time", value: row.stats.bestTimeMs.map { StatsText.time(ms: $0) } ?? "–")
                    LabeledContent("Fewest moves", value: row.stats.fewestMoves.map { "\($0)" } ?? "–")
                }
            }
        }
        .navigationTitle("Statistics")
        .toolbar {
            Button("Done") { dismiss() }
        }
    }
}
