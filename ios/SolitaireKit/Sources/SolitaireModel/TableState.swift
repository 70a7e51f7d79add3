import SolitaireCore

/// The table as drawn: the core's last full view (`Game.view`) with every update since laid
/// over it. An update carries only the piles and cards that changed (all of them when `full`),
/// so a tap crosses the boundary with a handful of records; piles are kept by number and cards
/// by id, each in that order, so two tables of one position are equal however they were reached.
public struct TableState: Equatable, Sendable {
    public private(set) var cardWidth: Float = 0
    public private(set) var cardHeight: Float = 0
    /// Draw a face-up card's corner index within this height from its top and `indexWidth` from
    /// its left edge: the core's fans never show less of a face-up card.
    public private(set) var indexHeight: Float = 0
    public private(set) var indexWidth: Float = 0
    /// Every pile, by pile number.
    public private(set) var piles: [PileView] = []
    /// Every card, by id. Draw them in `z` order.
    public private(set) var cards: [CardView] = []
    private var pileSlots: [UInt32: Int] = [:]
    private var cardSlots: [UInt32: Int] = [:]

    public init() {}

    /// The table an update shows, from nothing.
    public init(_ update: Update) {
        apply(update)
    }

    public mutating func apply(_ update: Update) {
        if update.full {
            self = TableState()
        }
        cardWidth = update.cardWidth
        cardHeight = update.cardHeight
        indexHeight = update.indexHeight
        indexWidth = update.indexWidth
        Self.patch(&piles, slots: &pileSlots, with: update.piles, key: \.pile)
        Self.patch(&cards, slots: &cardSlots, with: update.cards, key: \.id)
    }

    public func pile(_ number: UInt32) -> PileView? {
        pileSlots[number].map { piles[$0] }
    }

    public func card(_ id: UInt32) -> CardView? {
        cardSlots[id].map { cards[$0] }
    }

    /// The cards of `pile`, bottom to top.
    public func cards(of pile: UInt32) -> [CardView] {
        cards.filter { $0.pile == pile }.sorted { $0.position < $1.position }
    }

    /// The cards a drag of `card` lifts: it and every card lying on it in its pile.
    public func lifted(with card: CardView) -> Set<UInt32> {
        Set(cards.filter { $0.pile == card.pile && $0.position >= card.position }.map(\.id))
    }

    public func topCard(of pile: UInt32) -> CardView? {
        cards.last { $0.pile == pile && $0.position + 1 == self.pile(pile)?.cardCount }
    }

    /// Replaces the items that came and adds the new ones, keeping `items` in `key` order.
    private static func patch<Item>(_ items: inout [Item], slots: inout [UInt32: Int], with changes: [Item], key: KeyPath<Item, UInt32>) {
        var added = false
        for item in changes {
            if let slot = slots[item[keyPath: key]] {
                items[slot] = item
            } else {
                items.append(item)
                added = true
            }
        }
        guard added else { return }
        items.sort { $0[keyPath: key] < $1[keyPath: key] }
        slots = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1[keyPath: key], $0) })
    }
}
