import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Deals and the model's edges")
struct DealTests {
    @Test("The tests cover every game of the catalog")
    func theTestsCoverEveryGame() {
        #expect(gameCatalog().map(\.kind) == allKinds)
    }

    @Test("A deal number gives the same table every time, through the model too", arguments: allKinds)
    func aDealNumberGivesTheSameTable(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game.newRandom(kind: kind), folder: folder).model
            model.deal(.number(99))
            #expect(model.status.deal == 99)
            #expect(model.game.positionJson() == Game(kind: kind, deal: 99).positionJson())
            #expect(model.table == TableState(Game(kind: kind, deal: 99).view(viewport: phone)))
        }
    }

    @Test("A new deal keeps auto-play as the player set it")
    func aNewDealKeepsAutoPlay() async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game(kind: .yakutatBay, deal: 1), folder: folder).model
            model.setAutoPlay(true)
            model.deal(.number(99))
            #expect(model.status.autoPlay, "a deal by number")
            model.deal(.random)
            #expect(model.status.autoPlay, "a random deal")
            model.setAutoPlay(false)
            model.deal(.number(98))
            #expect(!model.status.autoPlay, "off stays off")
        }
    }

    @Test("Throwing away a game with moves asks first and counts it as played; restart goes back to the deal")
    func aNewDealCountsTheAbandonedGame() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: provenGame(.howTheyRun), folder: folder)
            let model = harness.model
            let opening = model.game.positionJson()
            #expect(!model.needsConfirmation)
            try play(openingLine(.howTheyRun, 2), on: model)
            #expect(model.needsConfirmation)

            model.deal(.restart)
            #expect(model.game.positionJson() == opening)
            #expect(model.status.moves == 0)
            #expect(try harness.store.stats(kind: .howTheyRun).played == 1)

            try play(openingLine(.howTheyRun, 1), on: model)
            model.deal(.winnable)
            #expect(model.status.moves == 0)
            #expect(try harness.store.stats(kind: .howTheyRun).played == 2)
            #expect(try harness.store.stats(kind: .howTheyRun).won == 0)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("An illegal move or a tap on a card that cannot move changes nothing; only a pile that does not exist is reported", arguments: allKinds)
    func illegalInputChangesNothing(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: provenGame(kind), folder: folder)
            let model = harness.model
            let before = model.game.positionJson()
            let foundation = try #require(model.table.piles.first { $0.kind == .foundation })
            let tableau = try #require(model.table.piles.first { $0.kind == .tableau && $0.cardCount > 0 })
            // Nothing can go from an empty foundation, and no pile 999 exists.
            model.play(.transfer(from: foundation.pile, count: 1, to: tableau.pile))
            model.play(.transfer(from: tableau.pile, count: 1, to: 999))
            // A tap anywhere on the stock is the stock action, so its cards are left out.
            for card in model.table.cards where !card.movable && model.table.pile(card.pile)?.kind != .stock {
                model.tap(card)
            }
            #expect(model.game.positionJson() == before)
            #expect(model.status.moves == 0)
            #expect(harness.reports.count == 1, "\(harness.reports)")
        }
    }

    @Test("The saver's failure stream ends when the saver goes, so the app's listener ends with it")
    func theFailureStreamEndsWithTheSaver() async throws {
        try await withTemporaryFolder { folder in
            var saver: Saver? = try Saver(store: Store.open(dir: folder.path))
            let failures = try #require(saver).failures
            saver = nil
            // Either the stream ends, or the ten seconds run out (the loop is then cancelled, which
            // ends it too, and the answer is false).
            let ended = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in failures {}
                    return !Task.isCancelled
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(10))
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            #expect(ended, "the failure stream outlived its saver")
        }
    }
}
