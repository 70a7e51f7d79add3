import SolitaireCore
import SolitaireModel
import SwiftUI
import UIKit

/// One card at the size the core gave it: its corner (rank and suit) and a large suit when
/// face up, a patterned back when face down. The last move and a hint are marked on it.
/// Its text scales with the card, not with Dynamic Type: the layout fixes the card's size.
struct CardFaceView: View {
    let card: CardView
    /// The table's `indexHeight` and `indexWidth`: the core never fans a face-up card less than
    /// these from the next, so the corner index drawn within them shows whole on every face-up card.
    let indexHeight: CGFloat
    let indexWidth: CGFloat
    let isHinted: Bool
    /// The rank's letter in the player's language (« R » for a roi).
    @Environment(\.words) private var words

    var body: some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            let shape = RoundedRectangle(cornerRadius: width * 0.09, style: .continuous)
            ZStack(alignment: .topLeading) {
                if let face = card.face {
                    shape.fill(CardInk.face)
                    corner(face)
                    Image(systemName: face.suit.symbolName)
                        .font(.system(size: width * 0.45))
                        .foregroundStyle(face.red ? CardInk.red : CardInk.black)
                        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
                        .padding(width * 0.08)
                } else {
                    shape.fill(Color.indigo.gradient)
                    shape.inset(by: width * 0.08).strokeBorder(.white.opacity(0.45), lineWidth: max(1, width * 0.03))
                }
                shape.strokeBorder(borderColor, lineWidth: borderWidth(width))
            }
            .compositingGroup()
            .shadow(color: .black.opacity(0.25), radius: 1, y: 1)
        }
    }

    /// Rank and suit side by side: a fanned card shows only a strip of its top, `indexHeight`
    /// tall (or, in a sideways fan, `indexWidth` wide), and both must fit in it. The
    /// frame holds them there; a rank too wide for it ("10") shrinks rather than spill over.
    private func corner(_ face: CardFace) -> some View {
        HStack(spacing: indexHeight * 0.04) {
            Text(words.rankLabel(face.rank))
                .font(.system(size: indexHeight * 0.66, weight: .semibold, design: .rounded))
                .minimumScaleFactor(0.5)
                .lineLimit(1)
            Image(systemName: face.suit.symbolName)
                .font(.system(size: indexHeight * 0.5))
        }
        .frame(width: indexWidth * 0.9, height: indexHeight * 0.82, alignment: .leading)
        .foregroundStyle(face.red ? CardInk.red : CardInk.black)
        .padding(.leading, indexHeight * 0.1)
        .padding(.top, indexHeight * 0.06)
    }

    private var borderColor: Color {
        if isHinted { return .yellow }
        if card.lastMoved { return .orange }
        return Color(.separator)
    }

    private func borderWidth(_ width: CGFloat) -> CGFloat {
        isHinted || card.lastMoved ? max(2, width * 0.05) : 0.5
    }
}

/// A card's own colours, the Compose table's (`SolitaireTheme.kt`): a light face in dark mode
/// too, dimmed a little, since the system's dark grouped background all but vanished into the
/// dark felt (about 1.2:1).
enum CardInk {
    static let face = dynamic(light: UIColor(white: 1, alpha: 1), dark: UIColor(white: 0.894, alpha: 1))
    static let black = dynamic(light: UIColor(white: 0.106, alpha: 1), dark: UIColor(white: 0.071, alpha: 1))
    static let red = dynamic(
        light: UIColor(red: 0.776, green: 0.157, blue: 0.157, alpha: 1),
        dark: UIColor(red: 0.718, green: 0.110, blue: 0.110, alpha: 1)
    )

    private static func dynamic(light: UIColor, dark: UIColor) -> Color {
        Color(uiColor: UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light })
    }
}

/// Where a pile's bottom card sits: an outline, lit up when a dragged card may land there,
/// and, while empty, the core's mark of what it takes ("A↑", "K", "✕"). VoiceOver reads the
/// pile's description instead, which says the same in words.
struct PileOutline: View {
    let mark: String?
    let isTarget: Bool
    let isHinted: Bool
    /// The rank's letter in the player's language (« R » for a roi).
    @Environment(\.words) private var words

    var body: some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            let shape = RoundedRectangle(cornerRadius: width * 0.09, style: .continuous)
            ZStack {
                shape.fill(isTarget ? Color.green.opacity(0.35) : Color.black.opacity(0.12))
                shape.strokeBorder(
                    isTarget || isHinted ? Color.yellow : Color.white.opacity(0.35),
                    lineWidth: isTarget || isHinted ? max(2, width * 0.05) : 1
                )
                if let mark {
                    Text(mark)
                        .font(.system(size: width * 0.32, weight: .semibold, design: .rounded))
                        .minimumScaleFactor(0.4)
                        .lineLimit(1)
                        .padding(width * 0.06)
                        .foregroundStyle(.white.opacity(0.5))
                }
            }
        }
    }
}

extension Suit {
    var symbolName: String {
        switch self {
        case .clubs: return "suit.club.fill"
        case .diamonds: return "suit.diamond.fill"
        case .hearts: return "suit.heart.fill"
        case .spades: return "suit.spade.fill"
        }
    }
}
