import SolitaireCore
import SolitaireModel
import SwiftUI

/// Today's daily deal of each game (marked once won, with the daily streak), then the five
/// games, each with its statistics and whether a game is waiting to be continued.
@MainActor
struct ChooserView: View {
    let app: AppModel
    @State private var showsStatistics = false
    @Environment(\.words) private var words

    init(app: AppModel) {
        self.app = app
    }

    var body: some View {
        List {
            if let daily = app.daily {
                Section {
                    ForEach(daily.games, id: \.kind) { entry in
                        Button {
                            app.openDaily(entry.kind)
                        } label: {
                            DailyRow(entry: entry, name: name(of: entry.kind))
                        }
                        .accessibilityHint(words.text(entry.won ? "ui_daily_won_today" : entry.inProgress ? "ui_daily_continues" : "ui_daily_deals_today"))
                    }
                } header: {
                    Text(words.text("ui_daily_deals_of", words.day(daily.date)))
                } footer: {
                    Text(words.dailyStreak(daily))
                }
            }
            Section(words.text("ui_games")) {
                ForEach(app.overview, id: \.info.kind) { row in
                    Button {
                        app.open(row.info.kind)
                    } label: {
                        ChooserRow(row: row)
                    }
                    .accessibilityHint(words.text(row.inProgress ? "ui_continues_game" : "ui_deals_new_game"))
                }
            }
        }
        .navigationTitle(words.text("ui_app_name"))
        .toolbar {
            Button {
                showsStatistics = true
            } label: {
                Label(words.text("ui_statistics"), systemImage: "chart.bar")
            }
        }
        .sheet(isPresented: $showsStatistics) {
            NavigationStack {
                StatisticsView(rows: app.overview, daily: app.daily)
            }
            .playerMessagesOverSheet(app)
        }
        .onAppear { app.refreshOverview() }
    }

    private func name(of kind: GameKind) -> String {
        app.overview.first { $0.info.kind == kind }.map { words.name($0.info) } ?? ""
    }
}

private struct DailyRow: View {
    let entry: DailyEntry
    let name: String
    @Environment(\.words) private var words
    /// At the accessibility text sizes the badge goes under the name, which keeps the width.
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        let layout = typeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 4))
            : AnyLayout(HStackLayout())
        return layout {
            VStack(alignment: .leading, spacing: 2) {
                Text(name).font(.headline)
                Text(words.text("ui_deal", entry.deal))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            if !typeSize.isAccessibilitySize {
                Spacer()
            }
            if entry.won {
                Label(words.text("ui_won_badge"), systemImage: "checkmark.seal.fill")
                    .foregroundStyle(.green)
            } else if entry.inProgress {
                InProgressBadge()
            }
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

private struct ChooserRow: View {
    let row: GameOverview
    @Environment(\.words) private var words

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(words.name(row.info)).font(.headline)
                if row.inProgress {
                    InProgressBadge()
                }
            }
            Text(words.summary(row.info))
                .font(.subheadline)
                .foregroundStyle(.secondary)
            Text(words.statsSummary(row.stats))
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

private struct InProgressBadge: View {
    @Environment(\.words) private var words

    var body: some View {
        Text(words.text("ui_in_progress"))
            .font(.caption.weight(.semibold))
            .padding(.horizontal, 6)
            .padding(.vertical, 2)
            .background(Color.accentColor.opacity(0.15), in: Capsule())
    }
}
