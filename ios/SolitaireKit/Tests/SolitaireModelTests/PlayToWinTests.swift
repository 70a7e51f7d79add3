import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Playing to a win")
struct PlayToWinTests {
    @Test("A proven deal is won with taps only, every hint on the way on a winning line", arguments: winnableKinds)
    func aProvenDealIsWonWithTapsOnly(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: provenGame(kind), folder: folder)
            let played = try playToWinByTaps(harness.model)

            #expect(harness.model.status.state == .won)
            #expect(played > 0)
            #expect(harness.model.table.cards.allSatisfy { harness.model.table.pile($0.pile)?.kind == .foundation })
            #expect(harness.model.game.hint() == .noMove, "nothing is left to hint once won")
            #expect(harness.reports.isEmpty)
            harness.saver.flush()
        }
    }

    @Test("A win is recorded in the statistics, and no game is left in progress", arguments: winnableKinds)
    func aWinRecordsStatistics(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let harness = try Harness(game: provenGame(kind), folder: folder)
            try playToWinByTaps(harness.model)
            harness.saver.flush()

            let stats = try harness.store.stats(kind: kind)
            #expect(stats.played == 1)
            #expect(stats.won == 1)
            #expect(stats.currentStreak == 1)
            #expect(stats.fewestMoves == harness.model.status.moves)
            #expect(stats.bestTimeMs == harness.model.status.elapsedMs)
            #expect(try harness.store.resume(kind: kind) == nil)
        }
    }

    @Test("A won game needs no confirmation before the next deal, undone or not, and is not counted twice")
    func aWonGameIsNotCountedTwice() async throws {
        try await withTemporaryFolder { folder in
            let kind = GameKind.yakutatBay
            let harness = try Harness(game: provenGame(kind), folder: folder)
            try playToWinByTaps(harness.model)
            #expect(!harness.model.needsConfirmation)
            // What the win screen shows: the statistics with this win counted.
            #expect(harness.model.winStats?.won == 1 && harness.model.winStats?.played == 1)
            // Undone after it was counted, it stays a win: nothing is lost by another deal.
            harness.saver.flush()
            harness.model.undo()
            #expect(harness.model.status.state == .playing)
            #expect(!harness.model.needsConfirmation)

            harness.model.deal(.random)
            #expect(harness.model.winStats == nil, "a new deal is not won")
            harness.saver.flush()
            let stats = try harness.store.stats(kind: kind)
            #expect(stats.played == 1)
            #expect(stats.won == 1)
            #expect(harness.model.status.moves == 0)
        }
    }
}
