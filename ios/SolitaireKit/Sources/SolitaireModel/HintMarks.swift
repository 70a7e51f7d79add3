import SolitaireCore

/// The cards a hinted move picks up and the pile it goes to (or the stock), to mark them.
public struct HintMarks: Equatable, Sendable {
    public var cards: Set<UInt32> = []
    public var piles: Set<UInt32> = []

    public init() {}

    public init(_ move: PlayerMove, on table: TableState) {
        switch move {
        case .transfer(let from, let count, let to):
            let size = table.pile(from)?.cardCount ?? 0
            // The top `count` cards of `from`: positions size - count ..< size.
            cards = Set(table.cards.filter { $0.pile == from && $0.position + count >= size }.map(\.id))
            piles = [to]
        case .stock:
            piles = Set(table.piles.filter { $0.kind == .stock }.map(\.pile))
        }
    }
}
