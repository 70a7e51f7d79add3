import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Saving and resuming")
struct SaveAndResumeTests {
    @Test("Every move is saved, and a new app resumes the game exactly, undo history included", arguments: allKinds)
    func everyMoveIsSavedAndResumedExactly(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let first = try AppModel(directory: folder)
            first.open(kind)
            let model = try #require(first.current)
            model.setViewport(phone)
            model.deal(.number(winningDeal(kind)))
            if playsWithAutoPlay(kind) { model.setAutoPlay(true) }
            let reader = try Store.open(dir: folder.path)
            var positions = [model.game.positionJson()]
            var previous: UInt32? = nil
            for step in try openingLine(kind, 5) {
                previous = try playByTaps(step, on: model, previous: previous)
                positions.append(model.game.positionJson())
                first.refreshOverview()  // waits for the saves asked for so far
                #expect(try reader.resume(kind: kind)?.positionJson() == model.game.positionJson())
            }

            let second = try AppModel(directory: folder)
            #expect(second.overview.first { $0.info.kind == kind }?.inProgress == true)
            second.open(kind)
            let resumed = try #require(second.current)
            resumed.setViewport(phone)
            #expect(resumed.status.deal == winningDeal(kind))
            #expect(resumed.status.moves == model.status.moves)
            // The same position, laid out from scratch: in the best arrangement for it (the game
            // that went on kept the one it had while that held: `layout_keeping`).
            let saved = try #require(try reader.resume(kind: kind))
            #expect(resumed.table == TableState(saved.view(viewport: phone)))
            #expect(saved.positionJson() == model.game.positionJson())
            for position in positions.dropLast().reversed() {
                resumed.undo()
                #expect(resumed.game.positionJson() == position)
            }
            #expect(!resumed.status.canUndo)
            #expect(first.message == nil && second.message == nil)
            second.close()
            first.close()
        }
    }

    @Test("Leaving the screen stops the clock and writes the game at once")
    func pausingStopsTheClockAndSaves() async throws {
        try await withTemporaryFolder { folder in
            let app = try AppModel(directory: folder)
            app.open(.yakutatBay)
            let model = try #require(app.current)
            model.setViewport(phone)
            model.deal(.number(6))
            try playByTaps(try openingLine(.yakutatBay, 1)[0], on: model)
            try await Task.sleep(for: .milliseconds(30))

            app.pause()
            let stopped = model.elapsedMs()
            #expect(stopped >= 30)
            let saved = try #require(try Store.open(dir: folder.path).resume(kind: .yakutatBay))
            #expect(saved.positionJson() == model.game.positionJson())
            try await Task.sleep(for: .milliseconds(30))
            #expect(model.elapsedMs() == stopped, "the clock ran while paused")

            app.resume()
            try await Task.sleep(for: .milliseconds(30))
            #expect(model.elapsedMs() > stopped, "the clock did not run again")
            app.close()
        }
    }

    @Test("A page over the game stops its clock until it closes, even if the app comes back meanwhile")
    func aPageOverTheGameStopsItsClock() async throws {
        try await withTemporaryFolder { folder in
            let app = try AppModel(directory: folder)
            app.open(.yakutatBay)
            let model = try #require(app.current)
            model.cover()
            let stopped = model.elapsedMs()
            app.pause()
            app.resume()  // Notification Center pulled down and put back over the rules
            try await Task.sleep(for: .milliseconds(30))
            #expect(model.elapsedMs() == stopped, "the clock ran under the page")
            model.uncover()
            try await Task.sleep(for: .milliseconds(30))
            #expect(model.elapsedMs() > stopped, "the clock did not run again")
            model.uncover()  // a second close changes nothing
            app.close()
        }
    }

    @Test("The game on screen when the app went away comes back at the next launch; a closed one, or an old daily deal, does not")
    func theGameLeftOnScreenIsReopened() async throws {
        try await withTemporaryFolder { folder in
            let day = Today(someDay)
            let launch = { try AppModel(directory: folder, today: { day.date }) }

            let first = try launch()
            first.open(.yakutatBay)
            let model = try #require(first.current)
            model.play(try #require(legalMoves(of: model.game).first))
            first.pause()  // to the background, and never back

            let second = try launch()
            second.reopenLastGame()
            #expect(second.current?.kind == .yakutatBay)
            #expect(second.current?.game.positionJson() == model.game.positionJson())
            second.close()
            let third = try launch()
            third.reopenLastGame()
            #expect(third.current == nil)

            third.openDaily(.chequers)
            third.pause()
            let sameDay = try launch()
            sameDay.reopenLastGame()
            #expect(sameDay.current?.status.daily == someDay)
            day.date = DailyDate(year: 2026, month: 12, day: 1)
            let nextDay = try launch()
            nextDay.reopenLastGame()
            #expect(nextDay.current == nil)
        }
    }

    @Test("Closing a game saves it and the chooser shows it in progress")
    func closingShowsTheGameInProgress() async throws {
        try await withTemporaryFolder { folder in
            let app = try AppModel(directory: folder)
            #expect(app.overview.map(\.info.kind) == allKinds)
            #expect(app.overview.allSatisfy { !$0.inProgress })
            app.open(.howTheyRun)
            let model = try #require(app.current)
            model.setViewport(phone)
            model.play(try #require(legalMoves(of: model.game).first))
            app.close()
            #expect(app.current == nil)
            #expect(app.overview.filter(\.inProgress).map(\.info.kind) == [.howTheyRun])
        }
    }
}
