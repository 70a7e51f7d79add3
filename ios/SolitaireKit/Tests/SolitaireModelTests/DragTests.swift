import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Dragging")
struct DragTests {
    /// The first card, in table order, that can be picked up and put somewhere, with where.
    private func draggable(in model: GameModel) throws -> (card: CardView, targets: [UInt32]) {
        let found = model.table.cards.lazy.compactMap { card -> (CardView, [UInt32])? in
            guard card.movable, let targets = try? model.game.destinations(pile: card.pile, index: card.position),
                  !targets.isEmpty else { return nil }
            return (card, targets)
        }.first
        return try #require(found, "no card can move at the start")
    }

    private func centre(of frame: Frame) -> (x: Float, y: Float) {
        (frame.x + frame.width / 2, frame.y + frame.height / 2)
    }

    @Test("A drag marks the piles the core lists and lands exactly where the core moves it", arguments: allKinds)
    func aDragLandsWhereTheCoreSays(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let (harness, twin) = try modelWithAMovableCard(kind, folder: folder)
            let model = harness.model
            let moves = model.status.moves
            let (card, targets) = try draggable(in: model)
            let size = try #require(model.pile(card.pile)).cardCount

            #expect(model.dropTargets(for: card) == Set(targets))

            let target = try #require(model.pile(targets[0]))
            let point = centre(of: target.base)
            #expect(model.game.dropTarget(viewport: phone, x: point.x, y: point.y) == target.pile)
            model.drop(card, x: point.x, y: point.y)

            try twin.moveCards(from: card.pile, count: size - card.position, to: target.pile)
            #expect(model.game.positionJson() == twin.positionJson())
            #expect(model.table == twin.table(viewport: phone))
            #expect(try cardView(card.id, in: model).pile == target.pile)
            #expect(model.status.moves == moves + 1)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("A card dropped where it cannot go, or back on its own pile, stays put", arguments: allKinds)
    func aDropWhereTheCardCannotGoChangesNothing(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try modelWithAMovableCard(kind, folder: folder).harness
            let model = harness.model
            let moves = model.status.moves
            let (card, targets) = try draggable(in: model)
            let before = model.table
            let elsewhere = model.table.piles.filter { !targets.contains($0.pile) && $0.pile != card.pile }

            for pile in elsewhere + [try #require(model.pile(card.pile))] {
                let point = centre(of: pile.base)
                model.drop(card, x: point.x, y: point.y)
                #expect(model.table == before, "dropped on \(pile.label)")
            }
            model.drop(card, x: -1000, y: -1000)
            #expect(model.table == before, "dropped off the table")
            #expect(model.status.moves == moves)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("A card that cannot be picked up has nowhere to be dropped", arguments: allKinds)
    func aCardThatCannotMoveHasNoDropTargets(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder).model
            let fixed = model.table.cards.filter { !$0.movable }
            #expect(!fixed.isEmpty)
            for card in fixed {
                #expect(model.dropTargets(for: card).isEmpty, "\(card.description)")
            }
        }
    }
}
