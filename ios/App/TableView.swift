import SolitaireCore
import SolitaireModel
import SwiftUI

/// The table exactly as the core lays it out: every pile and card at its frame, in points.
/// Cards are keyed by their id, so a card that changes pile animates from one to the other.
/// For VoiceOver, Switch Control, Voice Control and Full Keyboard Access each pile is one
/// element (the core's words for it, its moves as custom actions, its tap as the default
/// action); its cards are not separate stops. The words are there whatever runs (SwiftUI tells
/// an app of VoiceOver and Switch Control only), and the model asks the core once per position.
@MainActor
struct TableView: View {
    let game: GameModel
    /// The drag under way. Gesture state, so a drag the system cancels (a call, a system
    /// gesture) resets it: no pile stays marked, and the cards glide back (the reset's
    /// transaction animates; a drop the core refused leaves them to glide back the same way).
    @GestureState(resetTransaction: Transaction(animation: .snappy(duration: 0.25))) private var drag: Drag? = nil
    /// The insets are read in the layout direction around the table (leading is right in
    /// right-to-left languages), but the core's coordinates always run left to right.
    @Environment(\.layoutDirection) private var layoutDirection
    /// With Reduce Motion on, cards go to their places at once instead of gliding.
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// The table's own coordinates: drags are measured in them, not in the moving card's.
    private static let space = "table"

    init(game: GameModel) {
        self.game = game
    }

    /// A card being dragged, with the cards lying on it that move along, and where it may go.
    private struct Drag {
        var card: UInt32
        var lifted: Set<UInt32>
        var targets: Set<UInt32>
        var offset: CGSize
    }

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .topLeading) {
                ForEach(game.table.piles, id: \.pile) { pile in
                    hitArea(pile)
                }
                ForEach(game.table.piles, id: \.pile) { pile in
                    pileView(pile)
                }
                ForEach(game.table.cards, id: \.id) { card in
                    cardView(card)
                }
                ForEach(game.table.piles.filter(\.showsCount), id: \.pile) { pile in
                    cardCount(pile)
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
            // With Reduce Motion on, nothing on the table glides: no move, no drag's return.
            // Inside the `.animation` below, so that it has the last word: a transaction passes
            // the outer modifiers first, and `.animation` sets its animation when the moves change.
            .transaction { transaction in
                if reduceMotion {
                    transaction.animation = nil
                }
            }
            // The moves "show me" plays come from the model, not from a gesture: they glide as
            // the player's own do (`play` below). Not nil without Reduce Motion: a nil animation
            // would also stop the player's moves from animating.
            .animation(reduceMotion ? nil : Self.moveAnimation, value: game.status.moves)
            .coordinateSpace(.named(Self.space))
            // The core's coordinates run left to right whatever the language.
            .environment(\.layoutDirection, .leftToRight)
            .onAppear { game.setViewport(viewport(of: proxy)) }
            .onChange(of: proxy.size) { game.setViewport(viewport(of: proxy)) }
            .onChange(of: proxy.safeAreaInsets) { game.setViewport(viewport(of: proxy)) }
            .onChange(of: layoutDirection) { game.setViewport(viewport(of: proxy)) }
        }
        // The core keeps cards out of the unsafe areas itself, from the insets it is given.
        .ignoresSafeArea(.container, edges: [.horizontal, .bottom])
        // The table takes no typing: a keyboard (the deal number's, over an iPad's form sheet)
        // must not shrink it, which would lay every card out again, twice.
        .ignoresSafeArea(.keyboard)
    }

    /// The core's hit area of a pile, under everything: a tap there on no card (beside a narrow
    /// card, below it, on an empty place) is the top card's, or an empty stock's deal, so a
    /// narrow card still gets a finger-sized target (`GameModel.tapPile`). It is also the
    /// pile's one VoiceOver element (the cards and the outline are hidden): over the whole pile,
    /// fan included, so that a finger exploring the screen finds the pile wherever its cards
    /// lie, as TalkBack does on Android, and Voice Control numbers the pile there.
    private func hitArea(_ pile: PileView) -> some View {
        let spoken = game.spokenPile(pile.pile)
        return Color.clear
            .frame(width: points(pile.hit.width), height: points(pile.hit.height))
            .contentShape(Rectangle())
            .onTapGesture { play { game.tapPile(pile.pile) } }
            .accessibilityElement()
            .accessibilityLabel(spoken?.name ?? "")
            .accessibilityInputLabels(spoken.map { [Text(verbatim: $0.shortName)] } ?? [])
            .accessibilityAddTraits(spoken?.tap != nil ? .isButton : [])
            .accessibilityAction {
                if let tap = spoken?.tap {
                    play { game.speak(tap) }
                }
            }
            .accessibilityActions {
                ForEach(spoken?.moves ?? []) { move in
                    Button(move.name) { play { game.speak(move.action) } }
                }
            }
            .position(center(of: pile.hit))
    }

    private func pileView(_ pile: PileView) -> some View {
        PileOutline(
            mark: game.emptyMark(of: pile),
            isTarget: drag?.targets.contains(pile.pile) ?? false,
            isHinted: game.hintMarks.piles.contains(pile.pile)
        )
        .frame(width: points(pile.base.width), height: points(pile.base.height))
        .contentShape(Rectangle())
        .onTapGesture { play { game.tapPile(pile.pile) } }
        // Its pile's hit area speaks for it.
        .accessibilityHidden(true)
        .position(center(of: pile.base))
    }

    /// How many cards a squared pile holds (`PileView.showsCount`), on its top card: the
    /// stock's face-down cards show nothing else, and a player counts the deals left by it;
    /// Chequers' reserve hides its face-down cards beneath its top one. VoiceOver hears it in
    /// the pile's words.
    private func cardCount(_ pile: PileView) -> some View {
        let width = points(pile.base.width)
        return Text(verbatim: "\(pile.cardCount)")
            .font(.system(size: width * 0.26, weight: .semibold))
            .foregroundStyle(.white)
            .padding(.horizontal, width * 0.06)
            .background(Color.black.opacity(0.55), in: Capsule())
            .position(x: CGFloat(pile.base.x) + width / 2, y: CGFloat(pile.base.y) + points(pile.base.height) * 0.81)
            // Above the resting cards, below a dragged one; a tap goes through to the pile.
            .zIndex(50_000)
            .allowsHitTesting(false)
            .accessibilityHidden(true)
    }

    private func cardView(_ card: CardView) -> some View {
        let offset = drag.flatMap { $0.lifted.contains(card.id) ? $0.offset : nil } ?? .zero
        return CardFaceView(
            card: card,
            indexHeight: points(game.table.indexHeight),
            indexWidth: points(game.table.indexWidth),
            isHinted: game.hintMarks.cards.contains(card.id)
        )
            .frame(width: points(card.frame.width), height: points(card.frame.height))
            .contentShape(Rectangle())
            .onTapGesture { play { game.tap(card) } }
            .gesture(dragGesture(for: card))
            // Its pile speaks for it.
            .accessibilityHidden(true)
            .position(center(of: card.frame))
            .offset(offset)
            // A card's z orders it within its pile only: the cards the last move carried glide
            // above the other piles' cards, and dragged cards float above everything.
            .zIndex(Double(card.z) + (card.lastMoved ? 1_000 : 0) + (offset == .zero ? 0 : 100_000))
    }

    private func dragGesture(for card: CardView) -> some Gesture {
        DragGesture(minimumDistance: 4, coordinateSpace: .named(Self.space))
            .updating($drag) { value, drag, _ in
                guard card.movable else { return }
                if drag == nil {
                    // One call to the core per drag, at its start (it also stops "show me").
                    drag = Drag(card: card.id, lifted: game.table.lifted(with: card), targets: game.beginDrag(card), offset: .zero)
                }
                drag?.offset = value.translation
            }
            .onEnded { value in
                // The model judges a short drag a tap whose finger slipped (on any card: the
                // stock's deal too), and the core where a long one lands.
                play { _ = game.drop(card, dx: Float(value.translation.width), dy: Float(value.translation.height)) }
            }
    }

    /// Every change of position animates, so cards glide to where the core puts them.
    private func play(_ action: () -> Void) {
        withAnimation(Self.moveAnimation, action)
    }

    /// The drag's reset above glides the same way.
    private static let moveAnimation = Animation.snappy(duration: 0.25)

    /// The core's left-to-right insets from the layout's leading and trailing ones: the model's
    /// `Viewport(…rightToLeft:)` swaps them in a right-to-left language (tested there).
    private func viewport(of proxy: GeometryProxy) -> Viewport {
        let insets = proxy.safeAreaInsets
        return Viewport(
            width: Float(proxy.size.width),
            height: Float(proxy.size.height),
            top: Float(insets.top),
            leading: Float(insets.leading),
            bottom: Float(insets.bottom),
            trailing: Float(insets.trailing),
            rightToLeft: layoutDirection == .rightToLeft
        )
    }

    private func points(_ value: Float) -> CGFloat {
        CGFloat(value)
    }

    private func center(of frame: Frame) -> CGPoint {
        CGPoint(x: CGFloat(frame.x + frame.width / 2), y: CGFloat(frame.y + frame.height / 2))
    }
}
