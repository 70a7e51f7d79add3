import SolitaireCore
import SolitaireModel
import SwiftUI

/// The game is won (the core has already recorded it in the statistics): what next?
@MainActor
struct WinView: View {
    let status: GameStatus
    let onDeal: @MainActor (DealChoice) -> Void
    let onLeave: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "trophy.fill")
                .font(.system(.largeTitle))
                .foregroundStyle(.yellow)
                .accessibilityHidden(true)
            Text("You won!")
                .font(.largeTitle.bold())
            Text("\(status.deal.map { "Deal \($0)" } ?? "This game") in \(status.moves) moves, \(StatsText.time(ms: status.elapsedMs))")
                .font(.body)
                .multilineTextAlignment(.center)
            VStack(spacing: 8) {
                Button("New deal") { onDeal(.random) }
                    .buttonStyle(.borderedProminent)
                Button("New winnable deal") { onDeal(.winnable) }
                    .buttonStyle(.bordered)
                Button("Choose another game") { onLeave() }
            }
        }
        .padding(24)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
        .padding()
        .accessibilityElement(children: .contain)
        .accessibilityAddTraits(.isModal)
    }
}
