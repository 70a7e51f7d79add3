import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Show me")
struct ShowMeTests {
    @Test("Show me plays a proven deal to the win; the statistics count it played and assisted, not won", arguments: allKinds)
    func showMePlaysToTheWin(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: kind, deal: winningDeal(kind)), folder: folder, showMePace: .zero)
            let model = harness.model
            let line = model.game.showMe(budgetMs: 60_000, cancel: nil)
            try #require(line.verdict == .winnable)

            await model.showMeTheWin()
            #expect(model.status.state == .won)
            #expect(model.status.assisted)
            // Each move of the line was played as a move of its own, so each can be undone.
            #expect(model.status.moves == UInt32(line.moves.count))
            #expect(model.showMe == .idle)
            #expect(harness.reports.isEmpty)

            // What the chooser and the statistics page read, once the won game's save is written.
            harness.saver.flush()
            let app = try AppModel(directory: folder, today: { someDay })
            let row = try #require(app.overview.first { $0.info.kind == kind })
            #expect(!row.inProgress)
            #expect(row.stats.played == 1)
            #expect(row.stats.won == 0)
            #expect(row.stats.assisted == 1)
            #expect(row.stats.bestTimeMs == nil)
            #expect(row.stats.fewestMoves == nil)
        }
    }

    @Test("Stopped midway, the game goes on by hand, is saved, and undo goes back across the shown moves")
    func stoppingLeavesTheGameToThePlayer() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.yakutatBay
            let harness = try Harness(game: Game(kind: kind, deal: winningDeal(kind)), folder: folder, showMePace: .milliseconds(20))
            let model = harness.model
            let start = model.game.positionJson()
            let showing = Task { await model.showMeTheWin() }
            try await waitUntil { model.status.moves >= 3 }
            #expect(model.showMe == .playing)
            #expect(!model.canAskSolver)

            model.stopShowingMe()
            await showing.value
            let shown = model.status.moves
            // Many paces later, nothing more was played.
            try await Task.sleep(for: .milliseconds(200))
            #expect(model.status.moves == shown)
            #expect(model.showMe == .idle)
            #expect(model.status.state == .playing)
            #expect(model.canAskSolver)
            #expect(model.status.assisted)

            // The player goes on by hand.
            let move = try #require(legalMoves(of: model.game).first)
            model.play(move)
            #expect(model.status.moves == shown + 1)
            harness.saver.flush()
            #expect(try harness.store.resume(kind: kind)?.positionJson() == model.game.positionJson())

            // Undo takes back the player's move and every shown one, back to the deal.
            while model.status.canUndo { model.undo() }
            #expect(model.status.moves == 0)
            #expect(model.game.positionJson() == start)
        }
    }

    @Test("Anything the player does stops show me: an undo takes back the last shown move and nothing more is played")
    func thePlayerTakesOver() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.dnieper
            let model = try Harness(game: Game(kind: kind, deal: winningDeal(kind)), folder: folder, showMePace: .milliseconds(20)).model
            let showing = Task { await model.showMeTheWin() }
            try await waitUntil { model.status.moves >= 2 }
            let shown = model.game.positionJson()
            let moves = model.status.moves
            model.undo()
            await showing.value
            let undone = model.game.positionJson()
            #expect(undone != shown)
            #expect(model.status.moves == moves - 1)
            #expect(model.showMe == .idle)
            try await Task.sleep(for: .milliseconds(200))
            #expect(model.game.positionJson() == undone)
            // Redo brings back the shown move.
            model.redo()
            #expect(model.game.positionJson() == shown)
        }
    }

    @Test("Stopped while it searches, show me plays nothing and tells nothing")
    func stoppingTheSearch() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .zerline, deal: winningDeal(.zerline)), folder: folder, showMePace: .zero)
            let model = harness.model
            let showing = Task { await model.showMeTheWin() }
            try await waitUntil { model.showMe == .searching }
            model.stopShowingMe()
            await showing.value
            #expect(model.showMe == .idle)
            #expect(model.status.moves == 0)
            #expect(!model.status.assisted)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("A position the solver proves lost is reported as such, and nothing is played")
    func aLostPositionIsReported() async throws {
        try await withTemporaryFolder { folder in
            // Dnieper 10 is missing from the proven list: the solver proves it cannot be won.
            let harness = try Harness(game: Game(kind: .dnieper, deal: 10), folder: folder, showMePace: .zero)
            await harness.model.showMeTheWin()
            #expect(harness.reports == ["This position cannot be won: the solver proved it"])
            #expect(harness.model.cannotBeWon)
            #expect(harness.model.status.moves == 0)
            #expect(!harness.model.status.assisted)
        }
    }

    @Test("When nothing is found within the budget, the player is told so, and nothing is played")
    func nothingFoundInTimeIsReported() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .chequers, deal: winningDeal(.chequers)), folder: folder, showMePace: .zero)
            await harness.model.showMeTheWin(budgetMs: 0)
            #expect(harness.reports == ["The solver found no win in time"])
            #expect(harness.model.status.moves == 0)
            #expect(!harness.model.cannotBeWon)
        }
    }
}

/// Waits (yielding to the main actor) until `condition` holds; fails after a minute (searches are slow on a loaded machine).
@MainActor
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        try #require(ContinuousClock.now < deadline, "timed out")
        try await Task.sleep(for: .milliseconds(5))
    }
}
