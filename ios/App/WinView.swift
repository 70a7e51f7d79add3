import SolitaireCore
import SolitaireModel
import SwiftUI

/// The game is won (the core has already recorded it in the statistics): what next? A game
/// "show me" finished says it counts as played, not won; a daily deal offers no other deal
/// (it cannot be replaced), only the way back to the chooser.
@MainActor
struct WinView: View {
    let status: GameStatus
    /// The statistics, this win counted (without it if its count failed: a full disk); nil if
    /// they could not be read.
    let stats: GameStats?
    let onDeal: @MainActor (DealChoice) -> Void
    let onLeave: @MainActor () -> Void
    @Environment(\.words) private var words

    var body: some View {
        // At the largest text sizes, or on a phone held sideways, the card may be taller than the
        // table: it scrolls then, so its buttons stay within reach.
        ViewThatFits(in: .vertical) {
            card
            ScrollView { card }
        }
        .padding()
        .accessibilityElement(children: .contain)
        .accessibilityAddTraits(.isModal)
    }

    private var card: some View {
        VStack(spacing: 16) {
            Image(systemName: status.assisted ? "play.circle.fill" : "trophy.fill")
                .font(.system(.largeTitle))
                .foregroundStyle(.yellow)
                .accessibilityHidden(true)
            Text(words.winTitle(status))
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
            Text(words.wonSummary(status))
                .font(.body)
                .multilineTextAlignment(.center)
            if let stats {
                Text(words.statsSummary(stats))
                    .font(.callout)
                    .multilineTextAlignment(.center)
            }
            if status.assisted {
                Text(words.text("ui_counts_as_played"))
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
            VStack(spacing: 8) {
                if status.daily == nil {
                    Button(words.text("ui_new_deal")) { onDeal(.random) }
                        .buttonStyle(.borderedProminent)
                    Button(words.text("ui_new_winnable")) { onDeal(.winnable) }
                        .buttonStyle(.bordered)
                }
                Button(words.text("ui_choose_another_game")) { onLeave() }
            }
        }
        .padding(24)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
    }
}
