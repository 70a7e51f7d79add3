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

    @Test("A drag marks the piles the core lists and lands exactly where the core moves it", arguments: allKinds)
    func aDragLandsWhereTheCoreSays(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let (harness, twin) = try modelWithAMovableCard(kind, folder: folder)
            let model = harness.model
            let moves = model.status.moves
            let (card, targets) = try draggable(in: model)
            let size = try #require(model.table.pile(card.pile)).cardCount

            #expect(model.beginDrag(card) == Set(targets))
            let target = try #require(model.table.pile(targets[0]))
            #expect(drag(card, to: target, on: model) == .moved)

            _ = try twin.act(action: .play(mv: .transfer(from: card.pile, count: size - card.position, to: target.pile)))
            #expect(model.game.positionJson() == twin.positionJson())
            // The table patched by the update is the table drawn from scratch.
            #expect(model.table == TableState(twin.view(viewport: phone)))
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
            let cardCentre = centre(of: card.frame)
            // Its own pile counts too, unless its centre is so near that the drag is a tap.
            let elsewhere = model.table.piles.filter { pile in
                let (x, y) = centre(of: pile.base)
                let far = (x - cardCentre.x) * (x - cardCentre.x) + (y - cardCentre.y) * (y - cardCentre.y)
                    >= GameModel.tapSlop * GameModel.tapSlop
                return !targets.contains(pile.pile) && far
            }
            #expect(!elsewhere.isEmpty)
            for pile in elsewhere {
                #expect(drag(card, to: pile, on: model) == .unchanged, "dropped on pile \(pile.pile)")
                #expect(model.table == before, "dropped on pile \(pile.pile)")
                // The notice names the rule in the way, as the core words it; none on its own pile.
                let why = try model.game.refusal(pile: card.pile, index: card.position, to: pile.pile)
                #expect(model.refusal == why, "dropped on pile \(pile.pile)")
                #expect(model.notice == why.map { .refused($0) }, "dropped on pile \(pile.pile)")
                #expect((why == nil) == (pile.pile == card.pile), "dropped on pile \(pile.pile)")
            }
            _ = model.beginDrag(card)
            #expect(model.refusal == nil, "a new drag clears it")
            #expect(model.drop(card, dx: -1000, dy: -1000) == .unchanged)
            #expect(model.refusal == nil, "nothing to say off the table")
            #expect(model.table == before, "dropped off the table")
            #expect(model.status.moves == moves)
            #expect(harness.reports.isEmpty)
            // A tap clears it too, as a new drag does (last: the tap may move the card).
            let refused = try #require(elsewhere.first { $0.pile != card.pile })
            drag(card, to: refused, on: model)
            #expect(model.refusal != nil)
            model.tap(card)
            #expect(model.refusal == nil, "a tap clears it")
        }
    }

    @Test("A drag lifts the card and every card lying on it in its pile, and nothing else", arguments: allKinds)
    func aDragLiftsTheCardsOnIt(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try modelWithAMovableCard(kind, folder: folder).harness.model
            var lifted = 0
            for pile in model.table.piles {
                let cards = model.table.cards(of: pile.pile)
                #expect(cards.map(\.position) == Array(0..<pile.cardCount), "pile \(pile.pile)")
                for (below, card) in cards.enumerated() {
                    let expected = Set(cards[below...].map(\.id))
                    #expect(model.table.lifted(with: card) == expected, "pile \(pile.pile), card \(below)")
                    lifted += expected.count
                }
            }
            #expect(lifted > model.table.cards.count, "no card lies on another")
        }
    }

    @Test("A drag calls the core once, at its start, and its frames never, VoiceOver on", arguments: allKinds)
    func aDragFrameCallsTheCoreNever(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try modelWithAMovableCard(kind, folder: folder).harness.model
            let (card, _) = try draggable(in: model)
            let before = model.coreCalls
            _ = model.beginDrag(card)
            #expect(model.coreCalls == before + 1, "the drag's start")
            // What TableView's body reads in each frame of a drag: the first
            // frame may ask once for the position's words, no later frame asks anything.
            let frame = {
                _ = model.table.lifted(with: card)
                for pile in model.table.piles {
                    _ = model.spokenPile(pile.pile)
                    _ = model.emptyMark(of: pile)
                }
                _ = model.hintMarks
            }
            frame()
            let afterFirst = model.coreCalls
            #expect(afterFirst <= before + 2, "the first frame")
            for _ in 0..<60 {
                frame()
            }
            #expect(model.coreCalls == afterFirst, "60 frames of the drag")
        }
    }

    @Test("A drag shorter than the tap slop plays as a tap", arguments: allKinds)
    func aShortDragIsATap(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let (harness, twin) = try modelWithAMovableCard(kind, folder: folder)
            let model = harness.model
            let card = try draggable(in: model).card
            _ = model.beginDrag(card)
            // 6 points: past the gesture's 4 before a card follows the finger, short of the slop.
            #expect(model.drop(card, dx: 6, dy: 0) == .moved)
            _ = try twin.act(action: .tap(pile: card.pile, index: card.position))
            #expect(model.game.positionJson() == twin.positionJson())
        }
    }

    @Test("A drag the system cancelled (no end) does not swallow the next tap on a card that cannot move")
    func aCancelledDragLeavesNothingBehind() async throws {
        try await withTemporaryFolder { folder in
            let (harness, twin) = try modelWithAMovableCard(.dnieper, folder: folder)
            let model = harness.model
            _ = model.beginDrag(try draggable(in: model).card)
            // A call comes in: the gesture ends without `onEnded`. Then a slipped tap on the
            // stock, which cannot be picked up (so its drag never begins), deals.
            let stock = try #require(model.table.piles.first { $0.kind == .stock })
            let top = try #require(model.table.cards(of: stock.pile).last)
            #expect(!top.movable)
            #expect(model.drop(top, dx: 6, dy: 0) == .moved)
            _ = try twin.act(action: .tap(pile: top.pile, index: top.position))
            #expect(model.game.positionJson() == twin.positionJson())
        }
    }

    @Test("A card moved while it is dragged is not dropped, and a drag stops \"show me\"")
    func aCardMovedDuringTheDragIsNotDropped() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .zerline, deal: winningDeal(.zerline)), folder: folder, showMePace: .seconds(60))
            let model = harness.model
            let showing = Task { await model.showMeTheWin() }
            while model.showMe != .playing { await Task.yield() }
            let (card, targets) = try draggable(in: model)
            _ = model.beginDrag(card)
            #expect(model.showMe == .idle)
            await showing.value

            // Something else moves the card (here a tap) while the finger holds it.
            model.tap(card)
            let moved = try cardView(card.id, in: model)
            try #require(moved.pile != card.pile || moved.position != card.position)
            let position = model.game.positionJson()
            // Let go over a pile it could go to when the drag began.
            let (from, to) = (centre(of: card.frame), centre(of: try #require(model.table.pile(targets[0])).base))
            #expect(model.drop(card, dx: to.x - from.x, dy: to.y - from.y) == .unchanged)
            #expect(model.game.positionJson() == position)
            // Nor is it tapped where it went, when the finger lets go near where it began.
            let current = try cardView(card.id, in: model)
            _ = model.beginDrag(current)
            model.undo()  // back where it lay at first, where a tap moves it
            let after = model.game.positionJson()
            #expect(model.drop(current, dx: 5, dy: 0) == .unchanged)
            #expect(model.game.positionJson() == after)
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
                #expect(model.beginDrag(card).isEmpty, "card \(card.id)")
            }
        }
    }
}
