import Dispatch
import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Searches")
struct SearchTests {
    @Test("A hint is shown and marks the cards it moves and where they go", arguments: allKinds)
    func aHintIsShownAndMarked(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder).model
            await model.showHint()
            let hint = try #require(model.hint)
            #expect(hint.leadsToWin)
            #expect(!model.isThinking)
            #expect(model.canAskSolver)
            switch hint.mv {
            case .transfer(let from, let count, let to):
                let size = try #require(model.table.pile(from)).cardCount
                let moved = model.table.cards.filter { $0.pile == from && $0.position >= size - count }
                #expect(model.hintMarks.cards == Set(moved.map(\.id)))
                #expect(model.hintMarks.piles == [to])
            case .stock:
                #expect(model.hintMarks.cards.isEmpty)
                #expect(model.hintMarks.piles == Set(model.table.piles.filter { $0.kind == .stock }.map(\.pile)))
            }
            // The next move clears it.
            model.play(hint.mv)
            #expect(model.hint == nil)
            #expect(model.hintMarks == HintMarks())
        }
    }

    @Test("A move made while a hint is searched for cancels it: no stale hint is shown")
    func aMoveCancelsTheHintUnderWay() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .zerline, deal: winningDeal(.zerline)), folder: folder)
            let model = harness.model
            let step = try openingLine(.zerline, 1)[0]
            let asking = Task { await model.showHint() }
            while !model.isThinking { await Task.yield() }
            #expect(!model.canAskSolver)
            try playByTaps(step, on: model)
            await asking.value
            #expect(model.hint == nil)
            #expect(!model.isThinking)
            #expect(harness.reports.isEmpty)
        }
    }

    @Test("A newer hint request replaces the older one: the older search never runs")
    func aNewerHintReplacesTheOlder() async throws {
        try await withTemporaryFolder { folder in
            let (model, searches) = try await dnieperTwo(queue: "test.hints", folder: folder)
            let before = searches.searchesRun
            // Both requests wait behind a search that holds the queue until both are made.
            let held = await HeldQueue(searches)
            let older = Task { await model.showHint() }
            let newer = Task { await model.showHint() }
            // The main actor runs its jobs in order: once this one has run, both requests have
            // been made (each cancels the one before it as it is made).
            await Task { @MainActor in }.value
            await held.release()
            await older.value
            await newer.value
            #expect(searches.searchesRun - before == 2, "the blocker and the newer hint only")
            #expect(model.hint == model.game.hint().move)
            #expect(!model.isThinking)
        }
    }

    @Test("A search cancelled before its turn never starts; one cancelled while running stops")
    func cancelledSearchesDoNotRun() async throws {
        let searches = Searches(label: "test.search")
        let gate = DispatchSemaphore(value: 0)
        let started = Counter()
        // The first search holds the queue until the second has been cancelled.
        let first = Task.detached {
            await searches.run(CancelFlag(), cancelled: false) { _ in
                started.add()
                gate.wait()
                return true
            }
        }
        while started.value == 0 { await Task.yield() }
        let flag = CancelFlag()
        let second = Task.detached {
            await searches.run(flag, cancelled: "cancelled") { _ in
                started.add()
                return "ran"
            }
        }
        flag.cancel()
        gate.signal()
        #expect(await first.value)
        #expect(await second.value == "cancelled")
        #expect(started.value == 1)

        // Cancelling the asking task sets the flag the core's search polls. The task is
        // cancelled only once the search has started (cancelled sooner, it would never start),
        // and the search waits for the cancellation (up to 10 s) before it asks the core, so a
        // quick solve cannot finish first: the core then answers Unknown at once, although the
        // deal is winnable.
        let game = Game(kind: .zerline, deal: 2)
        let running = CancelFlag()
        let search = Task.detached {
            await searches.run(running, cancelled: Verdict.winnable) { flag in
                started.add()
                for _ in 0..<1_000 where !flag.isCancelled() {
                    Thread.sleep(forTimeInterval: 0.01)
                }
                return game.stillWinnable(budgetMs: 600_000, cancel: flag).verdict
            }
        }
        while started.value < 2 { await Task.yield() }
        search.cancel()
        #expect(await search.value == .unknown)
        #expect(running.isCancelled())
    }

    @Test("A position already lost is reported as such after the move check")
    func anUnwinnableDealIsFlagged() async throws {
        try await withTemporaryFolder { folder in
            // Dnieper 10 is missing from the proven list: the solver proves it cannot be won.
            let model = try Harness(game: Game(kind: .dnieper, deal: 10), folder: folder).model
            await model.winnabilityCheck?.value
            #expect(model.cannotBeWon)
            #expect(model.cannotBeWonIsNews)
            #expect(model.cannotBeWonFromTheDeal, "nothing to undo: the deal itself is lost")
            // Lost still after a move: no news, so VoiceOver does not say it again.
            model.play(.stock)
            try #require(model.status.moves == 1)
            await model.winnabilityCheck?.value
            #expect(model.cannotBeWon)
            #expect(!model.cannotBeWonIsNews)
            #expect(!model.cannotBeWonFromTheDeal, "a move to undo")

            let winnable = try Harness(game: Game(kind: .dnieper, deal: 2), folder: folder).model
            await winnable.winnabilityCheck?.value
            #expect(!winnable.cannotBeWon)

            // Yakutat Bay deal 24 is lost from the deal, where auto-play makes a move of its own:
            // that can be undone, but the deal is still what is lost.
            let automatic = try Harness(game: Game(kind: .yakutatBay, deal: 24), folder: folder).model
            automatic.setAutoPlay(true)
            try #require(automatic.status.canUndo && automatic.status.moves == 0)
            await automatic.winnabilityCheck?.value
            #expect(automatic.cannotBeWonFromTheDeal)
        }
    }

    @Test("A hint in a position the solver proves lost says so and suggests nothing")
    func aHintInALostPositionSaysItCannotBeWon() async throws {
        try await withTemporaryFolder { folder in
            // Yakutat Bay deal 8: the heuristic's moves went round in circles, every 4 hints.
            let harness = try Harness(game: Game(kind: .yakutatBay, deal: 8), folder: folder)
            await harness.model.showHint()
            #expect(harness.reports == ["This position cannot be won: the solver proved it"])
            #expect(harness.model.hint == nil)
            #expect(harness.model.cannotBeWon, "the notice, as for show me")
        }
    }

    @Test("Undo to winnable steps back to the latest position the solver wins from")
    func undoToWinnableStepsBack() async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: Game(kind: .yakutatBay, deal: 6), folder: folder)
            let model = harness.model
            let start = model.game.positionJson()
            try playByTaps(try openingLine(.yakutatBay, 1)[0], on: model)
            await model.undoToWinnable()
            // The deal itself is the latest earlier position, and it is proven winnable.
            #expect(model.status.moves == 0)
            #expect(model.game.positionJson() == start)
            #expect(!model.isThinking)
        }
    }

    @Test("Leaving the game stops its undo to winnable: no word of it comes after")
    func pauseStopsTheHelpSearch() async throws {
        try await withTemporaryFolder { folder in
            // Yakutat Bay 100 is undecided long past the 3 s undo to winnable searches.
            let harness = try Harness(game: Game(kind: .yakutatBay, deal: 100), folder: folder)
            let model = harness.model
            let search = Task { await model.undoToWinnable() }
            while !model.isThinking { await Task.yield() }
            model.pause()
            await search.value
            #expect(harness.reports.isEmpty, "it said \(harness.reports) once the game had left the screen")
            #expect(!model.isThinking)
        }
    }

    @Test("An interruption (Notification Center, a call's banner) stops the clock, not a hint asked for")
    func anInterruptionLeavesTheHintToFinish() async throws {
        try await withTemporaryFolder { folder in
            let (model, searches) = try await dnieperTwo(queue: "test.interrupted", folder: folder)
            // The hint waits behind a search that holds the queue until the app is interrupted.
            let held = await HeldQueue(searches)
            let asking = Task { await model.showHint() }
            await Task { @MainActor in }.value
            model.interrupt()
            let stopped = model.game.elapsedMs()
            await held.release()
            await asking.value
            #expect(model.hint == model.game.hint().move)
            #expect(model.game.elapsedMs() == stopped, "the clock ran on while the app was interrupted")
        }
    }

    @Test("Undo to winnable in a deal lost as dealt offers another deal, not an undo")
    func undoToWinnableInADealLostAsDealt() async throws {
        try await withTemporaryFolder { folder in
            // Dnieper 10: the solver proves it lost as dealt. It said "No winnable position was
            // found in time" and offered undo to winnable again.
            let harness = try Harness(game: Game(kind: .dnieper, deal: 10), folder: folder)
            let model = harness.model
            model.play(.stock)
            try #require(model.status.moves == 1)
            await model.undoToWinnable()
            #expect(harness.reports.isEmpty, "the notice says it")
            #expect(model.cannotBeWonFromTheDeal)
            #expect(model.notice == .cannotBeWon)
            #expect(model.status.moves == 1, "nothing undone")
            // Still lost after another move, at once; a new deal is another game.
            model.play(.stock)
            #expect(model.cannotBeWonFromTheDeal, "before any check")
            await model.winnabilityCheck?.value
            #expect(model.cannotBeWonFromTheDeal)
            model.deal(.number(2))
            #expect(!model.dealLost)
        }
    }
}

/// How many searches ran, counted from the search queue. (A lock the package's platforms
/// have: `Synchronization.Mutex` needs iOS 18 and macOS 15.)
