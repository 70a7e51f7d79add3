import SolitaireCore
import SolitaireModel
import SwiftUI

/// The game is won (the core has already recorded it in the statistics): what next? A game
/// "show me" finished says it counts as played, not won; a daily deal offers no other deal
/// (it cannot be replaced), only the way back to the chooser.
@MainActor
struct WinView: View {
    let status: GameStatus
    let onDeal: @MainActor (DealChoice) -> Void
    let onLeave: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: status.assisted ? "play.circle.fill" : "trophy.fill")
                .font(.system(.largeTitle))
                .foregroundStyle(.yellow)
                .accessibilityHidden(true)
            Text(Self.title(of: status))
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
            Text("\(status.deal.map { "Deal \($0)" } ?? "This game") in \(status.moves) moves, \(StatsText.time(ms: status.elapsedMs))")
                .font(.body)
                .multilineTextAlignment(.center)
            if status.assisted {
                Text("It counts as played, not won.")
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
            VStack(spacing: 8) {
                if status.daily == nil {
                    Button("New deal") { onDeal(.random) }
                        .buttonStyle(.borderedProminent)
                    Button("New winnable deal") { onDeal(.winnable) }
                        .buttonStyle(.bordered)
                }
                Button("Choose another game") { onLeave() }
            }
        }
        .padding(24)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
        .padding()
        .accessibilityElement(children: .contain)
        .accessibilityAddTraits(.isModal)
    }

    static func title(of status: GameStatus) -> String {
        status.assisted ? "Solved by show me" : "You won!"
    }
}
