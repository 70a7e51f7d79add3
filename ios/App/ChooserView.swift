import SolitaireCore
import SolitaireModel
import SwiftUI

/// Today's daily deal of each game (marked once won, with the daily streak), then the five
/// games, each with its statistics and whether a game is waiting to be continued.
@MainActor
struct ChooserView: View {
    let app: AppModel
    @State private var showsStatistics = false

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
                        .accessibilityHint(entry.won ? "Won today" : entry.inProgress ? "Continues today's daily deal" : "Deals today's daily deal")
                    }
                } header: {
                    Text("Daily deals, \(StatsText.day(daily.date))")
                } footer: {
                    Text("Daily streak: \(StatsText.days(daily.currentStreak)) (best \(StatsText.days(daily.bestStreak)))")
                }
            }
            Section("Games") {
                ForEach(app.overview, id: \.info.kind) { row in
                    Button {
                        app.open(row.info.kind)
                    } label: {
                        ChooserRow(row: row)
                    }
                    .accessibilityHint(row.inProgress ? "Continues your game" : "Deals a new game")
                }
            }
        }
        .navigationTitle("Solitaire")
        .toolbar {
            Button {
                showsStatistics = true
            } label: {
                Label("Statistics", systemImage: "chart.bar")
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
        app.overview.first { $0.info.kind == kind }?.info.name ?? ""
    }
}

private struct DailyRow: View {
    let entry: DailyEntry
    let name: String

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(name).font(.headline)
                Text("Deal \(entry.deal)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            if entry.won {
                Label("Won", systemImage: "checkmark.seal.fill")
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

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(row.info.name).font(.headline)
                if row.inProgress {
                    InProgressBadge()
                }
            }
            Text(row.info.summary)
                .font(.subheadline)
                .foregroundStyle(.secondary)
            Text(StatsText.summary(row.stats))
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

private struct InProgressBadge: View {
    var body: some View {
        Text("In progress")
            .font(.caption.weight(.semibold))
            .padding(.horizontal, 6)
            .padding(.vertical, 2)
            .background(Color.accentColor.opacity(0.15), in: Capsule())
    }
}
