import SolitaireCore
import SolitaireModel
import SwiftUI

/// The five games, each with its statistics and whether a game is waiting to be continued.
@MainActor
struct ChooserView: View {
    let app: AppModel
    @State private var showsStatistics = false

    init(app: AppModel) {
        self.app = app
    }

    var body: some View {
        List(app.overview, id: \.info.kind) { row in
            Button {
                app.open(row.info.kind)
            } label: {
                ChooserRow(row: row)
            }
            .accessibilityHint(row.inProgress ? "Continues your game" : "Deals a new game")
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
                StatisticsView(rows: app.overview)
            }
        }
        .onAppear { app.refreshOverview() }
    }
}

private struct ChooserRow: View {
    let row: GameOverview

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(row.info.name).font(.headline)
                if row.inProgress {
                    Text("In progress")
                        .font(.caption.weight(.semibold))
                        .padding(.horizontal, 6)
                        .padding(.vertical, 2)
                        .background(Color.accentColor.opacity(0.15), in: Capsule())
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
