import SolitaireCore
import SolitaireModel
import SwiftUI

/// At most one notice over the bottom of the table: "show me" under way, no move left, the game
/// can no longer be won, a hint, or why a drop was refused.
@MainActor
struct NoticeBanner: View {
    let game: GameModel
    let onDeal: @MainActor (DealChoice) -> Void
    /// With Reduce Motion on, a notice fades in and out instead of sliding.
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.words) private var words
    /// At the accessibility text sizes the button goes under the text: beside it, the text
    /// wrapped into a narrow column many lines tall, over most of the table.
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        Group {
            // Which notice shows is the model's (`GameModel.notice`, tested); this only draws it.
            switch game.notice {
            case nil:
                EmptyView()
            case .showMe(let state):
                notice(words.text(state == .searching ? "ui_looking_for_win" : "ui_showing_win"), systemImage: "play.circle") {
                    Button(words.text("ui_stop")) { game.stopShowingMe() }
                }
            case .noMoreMoves:
                notice(words.text("ui_no_more_moves"), systemImage: "xmark.octagon") {
                    Button(words.text("ui_undo")) { withAnimation(.snappy) { game.undo() } }
                }
            case .cannotBeWon where game.cannotBeWonFromTheDeal:
                notice(words.text("ui_unwinnable_deal_title"), systemImage: "exclamationmark.triangle") {
                    if !game.isDaily {
                        Button(words.text("ui_new_deal")) { onDeal(.random) }
                    }
                }
            case .cannotBeWon:
                notice(words.text("ui_unwinnable_title"), systemImage: "exclamationmark.triangle") {
                    Button(words.text("ui_undo_to_winnable")) {
                        Task { await game.undoToWinnable() }
                    }
                    .disabled(game.isThinking)
                }
            case .hint(let hint):
                notice(words.say(hint.description), systemImage: "lightbulb") {
                    Button(words.text("ui_play_it")) { withAnimation(.snappy) { game.play(hint.mv) } }
                }
            case .refused(let why):
                notice(words.say(why), systemImage: "hand.raised") {
                    EmptyView()
                }
            }
        }
        // Any change of notice slides (a hint arrives after a search, outside any `withAnimation`).
        .animation(.default, value: game.notice)
    }

    private func notice<Action: View>(_ text: String, systemImage: String, @ViewBuilder action: () -> Action) -> some View {
        let layout = typeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8))
            : AnyLayout(HStackLayout(spacing: 12))
        return layout {
            Label(text, systemImage: systemImage)
                .frame(maxWidth: .infinity, alignment: .leading)
            action()
                .buttonStyle(.borderedProminent)
        }
        .font(.callout)
        .padding(12)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .padding(.horizontal)
        .padding(.bottom, 4)
        .transition(reduceMotion ? .opacity : .move(edge: .bottom).combined(with: .opacity))
        .accessibilityElement(children: .contain)
    }
}
