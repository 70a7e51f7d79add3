import SolitaireCore
import SolitaireModel
import SwiftUI

/// Undo, redo, hint and "show me" at hand; the rest (dealing, auto-play, rules, statistics) in
/// a menu. A daily deal can be restarted but not replaced, so its menu offers no other deal.
@MainActor
struct GameControls: ToolbarContent {
    let game: GameModel
    let onDeal: @MainActor (DealChoice) -> Void
    let onShow: @MainActor (GameScreen.Page) -> Void

    var body: some ToolbarContent {
        ToolbarItemGroup(placement: .bottomBar) {
            buttons
        }
    }

    @ViewBuilder
    private var buttons: some View {
        Button {
            withAnimation(.snappy) { game.undo() }
        } label: {
            Label("Undo", systemImage: "arrow.uturn.backward")
        }
        .disabled(!game.status.canUndo)

        Button {
            withAnimation(.snappy) { game.redo() }
        } label: {
            Label("Redo", systemImage: "arrow.uturn.forward")
        }
        .disabled(!game.status.canRedo)

        Spacer()

        Button {
            Task { await game.showHint() }
        } label: {
            Label("Hint", systemImage: "lightbulb")
        }
        .disabled(!game.canAskSolver)

        Spacer()

        // While it runs, the notice over the table offers Stop.
        Button {
            Task { await game.showMeTheWin() }
        } label: {
            Label("Show me", systemImage: "play.circle")
        }
        .disabled(!game.canAskSolver)
        .accessibilityHint("The solver plays the game out from here. It counts as played, not won.")

        Spacer()

        Menu {
            if !game.isDaily {
                Button("New deal") { onDeal(.random) }
                Button("New winnable deal") { onDeal(.winnable) }
                Button("Deal by number…") { onShow(.dealNumber) }
            }
            Button("Restart this deal") { onDeal(.restart) }
            Divider()
            Toggle("Auto-play to foundations", isOn: autoPlay)
            Divider()
            Button("Rules") { onShow(.rules) }
            Button("Statistics") { onShow(.statistics) }
        } label: {
            Label("Game", systemImage: "ellipsis.circle")
        }
    }

    private var autoPlay: Binding<Bool> {
        Binding(get: { game.status.autoPlay }, set: { on in withAnimation(.snappy) { game.setAutoPlay(on) } })
    }
}

/// What the confirmation button says for each way of dealing.
enum DealTitles {
    static func title(of choice: DealChoice) -> String {
        switch choice {
        case .random: return "New deal"
        case .winnable: return "New winnable deal"
        case .number(let deal): return "Deal number \(deal)"
        case .restart: return "Restart this deal"
        }
    }
}
