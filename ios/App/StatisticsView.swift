import SolitaireCore
import SwiftUI

/// Results per game: played, won, streaks, best time and fewest moves.
struct StatisticsView: View {
    let rows: [GameOverview]
    @Environment(\.dismiss) private var dismiss

    init(rows: [GameOverview]) {
        self.rows = rows
    }

    var body: some View {
        List(rows, id: \.info.kind) { row in
            Section(row.info.name) {
                LabeledContent("Played", value: "\(row.stats.played)")
                LabeledContent("Won", value: "\(row.stats.won)")
                LabeledContent("Win rate", value: StatsText.winRate(row.stats))
                LabeledContent("Current streak", value: "\(row.stats.currentStreak)")
                LabeledContent("Best streak", value: "\(row.stats.bestStreak)")
                LabeledContent("Best time", value: row.stats.bestTimeMs.map { StatsText.time(ms: $0) } ?? "–")
                LabeledContent("Fewest moves", value: row.stats.fewestMoves.map { "\($0)" } ?? "–")
            }
        }
        .navigationTitle("Statistics")
        .toolbar {
            Button("Done") { dismiss() }
        }
    }
}
