import SolitaireCore
import SolitaireModel
import SwiftUI

/// Results per game: played, won, finished by "show me" (played, not won), streaks, best time
/// and fewest moves; from the chooser, the daily streak above them.
struct StatisticsView: View {
    let rows: [GameOverview]
    let daily: DailyOverview?
    @Environment(\.dismiss) private var dismiss
    @Environment(\.words) private var words

    init(rows: [GameOverview], daily: DailyOverview? = nil) {
        self.rows = rows
        self.daily = daily
    }

    var body: some View {
        List {
            if let daily {
                Section(words.text("ui_daily_deals")) {
                    ForEach(words.dailyRows(daily), id: \.label) { row in
                        LabeledContent(row.label, value: row.value)
                    }
                }
            }
            ForEach(rows, id: \.info.kind) { row in
                Section(words.name(row.info)) {
                    ForEach(words.statsRows(row.stats), id: \.label) { line in
                        LabeledContent(line.label, value: line.value)
                    }
                }
            }
        }
        .navigationTitle(words.text("ui_statistics"))
        .toolbar {
            Button(words.text("ui_done")) { dismiss() }
        }
    }
}
