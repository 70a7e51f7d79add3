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
    let words: Words

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
            Label(words.text("ui_undo"), systemImage: "arrow.uturn.backward")
        }
        .disabled(!game.status.canUndo)

        Button {
            withAnimation(.snappy) { game.redo() }
        } label: {
            Label(words.text("ui_redo"), systemImage: "arrow.uturn.forward")
        }
        .disabled(!game.status.canRedo)

        Spacer()

        Button {
            Task { await game.showHint() }
        } label: {
            Label(words.text("ui_hint"), systemImage: "lightbulb")
        }
        .disabled(!game.canAskSolver)

        Spacer()

        // While it runs, the notice over the table offers Stop.
        Button {
            Task { await game.showMeTheWin() }
        } label: {
            Label(words.text("ui_show_me"), systemImage: "play.circle")
        }
        .disabled(!game.canAskSolver)
        .accessibilityHint(words.text("ui_show_me_explained"))

        Spacer()

        Menu {
            if !game.isDaily {
                Button(words.text("ui_new_deal")) { onDeal(.random) }
                Button(words.text("ui_new_winnable")) { onDeal(.winnable) }
                Button(words.text("ui_deal_by_number")) { onShow(.dealNumber) }
            }
            Button(words.text("ui_restart_deal")) { onDeal(.restart) }
            Divider()
            Toggle(words.text("ui_auto_play_foundations"), isOn: autoPlay)
            Divider()
            Button(words.text("ui_rules")) { onShow(.rules) }
            Button(words.text("ui_statistics")) { onShow(.statistics) }
        } label: {
            Label(words.text("ui_game_menu"), systemImage: "ellipsis.circle")
        }
    }

    private var autoPlay: Binding<Bool> {
        Binding(get: { @MainActor in game.status.autoPlay }, set: { @MainActor on in withAnimation(.snappy) { game.setAutoPlay(on) } })
    }
}
