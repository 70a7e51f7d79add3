import Foundation
import SolitaireCore
import SolitaireModel
import Testing

/// What the views hand the model and what they draw from it: the drawing area from the layout's
/// insets, and which notice shows over the table.
@MainActor
@Suite("The table's inputs and notice")
struct TableInputTests {
    @Test("Insets by leading and trailing edge become left and right, swapped in a right-to-left language")
    func insetsFollowTheLayoutDirection() async throws {
        // A phone in landscape, its notch on the left: leading in English, trailing in Arabic.
        let english = Viewport(width: 852, height: 393, top: 0, leading: 59, bottom: 21, trailing: 0, rightToLeft: false)
        let arabic = Viewport(width: 852, height: 393, top: 0, leading: 0, bottom: 21, trailing: 59, rightToLeft: true)
        let notchOnTheLeft = Viewport(width: 852, height: 393, insetTop: 0, insetLeft: 59, insetBottom: 21, insetRight: 0)
        #expect(english == notchOnTheLeft)
        #expect(arabic == notchOnTheLeft)
        #expect(Viewport(width: 852, height: 393, top: 0, leading: 59, bottom: 21, trailing: 0, rightToLeft: true)
            == Viewport(width: 852, height: 393, insetTop: 0, insetLeft: 0, insetBottom: 21, insetRight: 59))

        // The core then keeps every card clear of the notch.
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game(kind: .dnieper, deal: 2), folder: folder).model
            model.setViewport(arabic)
            #expect(!model.table.cards.isEmpty)
            for card in model.table.cards {
                #expect(card.frame.x >= 59 && card.frame.x + card.frame.width <= 852, "card \(card.id) at \(card.frame.x)")
            }
        }
    }

    @Test("No notice at the deal; a hint's once found; show me's above it while it runs; a lost position's")
    func theMostPressingNoticeShows() async throws {
        try await withTemporaryFolder { folder in
            let (model, searches) = try await dnieperTwo(queue: "test.notice", folder: folder)
            #expect(model.notice == nil)

            await model.showHint()
            let hint = try #require(model.hint)
            #expect(model.notice == .hint(hint))

            // "Show me" under way covers the hint; stopped before it plays, the hint is back. Its
            // search waits behind one that holds the searches' queue, so it is still searching
            // when looked at (Dnieper 2 is won so fast that it was once playing already).
            let held = await HeldQueue(searches)
            let run = Task { await model.showMeTheWin() }
            while model.showMe == .idle {
                await Task.yield()
            }
            #expect(model.notice == .showMe(.searching))
            model.stopShowingMe()
            await held.release()
            await run.value
            #expect(model.notice == .hint(hint))
            #expect(model.status.moves == 0)

            // Dnieper 10 is proven lost.
            let lost = try Harness(game: Game(kind: .dnieper, deal: 10), folder: folder).model
            await lost.winnabilityCheck?.value
            #expect(lost.notice == .cannotBeWon)
        }
    }

    @Test("A tap in a pile's hit area on no card plays its top card, in every game")
    func aTapInAPilesHitAreaPlaysItsTopCard() async throws {
        try await withTemporaryFolder { folder in
            for info in gameCatalog() {
                let model = try Harness(game: Game(kind: info.kind, deal: 1), folder: folder).model
                model.setViewport(Viewport(width: 390, height: 844, insetTop: 47, insetLeft: 0, insetBottom: 34, insetRight: 0))
                // The first top card whose tap moves it, and where that leaves the game.
                var found: (pile: PileView, after: String)?
                for pile in model.table.piles where pile.cardCount > 0 {
                    let twin = Game(kind: info.kind, deal: 1)  // the model's game, still at the deal
                    let update = try twin.act(action: .tap(pile: pile.pile, index: pile.cardCount - 1))
                    if update.outcome == .moved {
                        found = (pile, twin.positionJson())
                        break
                    }
                }
                let (pile, after) = try #require(found, "\(info.slug): a top card to play")
                // The hit area reaches beyond the card, so a finger beside it lands here.
                #expect(pile.hit.width > model.table.cardWidth, "\(info.slug)")

                model.tapPile(pile.pile)
                #expect(model.status.moves == 1, "\(info.slug)")
                #expect(model.game.positionJson() == after, "\(info.slug): the top card's tap")
            }
        }
    }
}
