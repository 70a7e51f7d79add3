import SolitaireCore
import SolitaireModel
import SwiftUI

/// The table exactly as the core lays it out: every pile and card at its frame, in points.
/// Cards are keyed by their id, so a card that changes pile animates from one to the other.
@MainActor
struct TableView: View {
    let game: GameModel
    @State private var drag: Drag? = nil

    init(game: GameModel) {
        self.game = game
    }

    /// A card being dragged, with the cards lying on it that move along.
    private struct Drag {
        var card: CardView
        var lifted: Set<UInt32>
        var offset: CGSize
    }

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .topLeading) {
                ForEach(game.table.piles, id: \.pile) { pile in
                    pileView(pile)
                }
                ForEach(game.table.cards, id: \.id) { card in
                    cardView(card)
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
            // The core's coordinates run left to right whatever the language.
            .environment(\.layoutDirection, .leftToRight)
            .onAppear { game.setViewport(viewport(of: proxy)) }
            .onChange(of: proxy.size) { game.setViewport(viewport(of: proxy)) }
            .onChange(of: proxy.safeAreaInsets) { game.setViewport(viewport(of: proxy)) }
        }
        // The core keeps cards out of the unsafe areas itself, from the insets it is given.
        .ignoresSafeArea(.container, edges: [.horizontal, .bottom])
    }

    private func pileView(_ pile: PileView) -> some View {
        PileOutline(
            kind: pile.kind,
            isTarget: game.dropTargets.contains(pile.pile),
            isHinted: game.hintMarks.piles.contains(pile.pile)
        )
        .frame(width: points(pile.base.width), height: points(pile.base.height))
        .contentShape(Rectangle())
        .onTapGesture { play { game.tapEmpty(pile) } }
        .accessibilityElement()
        .accessibilityLabel(pile.cardCount == 0 ? "\(pile.label), empty" : pile.label)
        .accessibilityAddTraits(pile.kind == .stock ? .isButton : [])
        .accessibilityAction { play { game.tapEmpty(pile) } }
        // Once cards lie on it, they speak for the pile.
        .accessibilityHidden(pile.cardCount > 0)
        .position(center(of: pile.base))
    }

    private func cardView(_ card: CardView) -> some View {
        let offset = drag.flatMap { $0.lifted.contains(card.id) ? $0.offset : nil } ?? .zero
        return CardFaceView(card: card, isHinted: game.hintMarks.cards.contains(card.id))
            .frame(width: points(card.frame.width), height: points(card.frame.height))
            .contentShape(Rectangle())
            .onTapGesture { play { game.tap(card) } }
            .gesture(dragGesture(for: card))
            .accessibilityElement()
            .accessibilityLabel(card.description)
            .accessibilityAddTraits(card.movable ? .isButton : [])
            .accessibilityHint(card.movable ? "Plays it to its best place; again for the next place" : "")
            .accessibilityAction { play { game.tap(card) } }
            .position(center(of: card.frame))
            .offset(offset)
            // Dragged cards float above every other card.
            .zIndex(Double(card.z) + (offset == .zero ? 0 : 100_000))
    }

    private func dragGesture(for card: CardView) -> some Gesture {
        DragGesture(minimumDistance: 4)
            .onChanged { value in
                if drag == nil {
                    guard card.movable else { return }
                    let lifted = game.table.cards.filter { $0.pile == card.pile && $0.position >= card.position }
                    drag = Drag(card: card, lifted: Set(lifted.map(\.id)), offset: .zero)
                    game.startDrag(card)
                }
                drag?.offset = value.translation
            }
            .onEnded { value in
                guard let dragged = drag?.card else { return }
                // Where the picked-up card's centre was let go.
                let x = dragged.frame.x + dragged.frame.width / 2 + Float(value.translation.width)
                let y = dragged.frame.y + dragged.frame.height / 2 + Float(value.translation.height)
                play {
                    drag = nil
                    game.drop(dragged, x: x, y: y)
                }
            }
    }

    /// Every change of position animates, so cards glide to where the core puts them.
    private func play(_ action: () -> Void) {
        withAnimation(.snappy(duration: 0.25), action)
    }

    private func viewport(of proxy: GeometryProxy) -> Viewport {
        let insets = proxy.safeAreaInsets
        return Viewport(
            width: Float(proxy.size.width),
            height: Float(proxy.size.height),
            insetTop: Float(insets.top),
            insetLeft: Float(insets.leading),
            insetBottom: Float(insets.bottom),
            insetRight: Float(insets.trailing)
        )
    }

    private func points(_ value: Float) -> CGFloat {
        CGFloat(value)
    }

    private func center(of frame: Frame) -> CGPoint {
        CGPoint(x: CGFloat(frame.x + frame.width / 2), y: CGFloat(frame.y + frame.height / 2))
    }
}
