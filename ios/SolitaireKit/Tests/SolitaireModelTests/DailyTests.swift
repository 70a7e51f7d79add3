import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Daily deals")
struct DailyTests {
    @Test("The chooser lists each game's daily deal of the injected date, none won yet")
    func theChooserListsTheDailyDeals() async throws {
        try await withTemporaryFolder { folder in
            let day = Today(someDay)
            let app = try AppModel(directory: folder, today: { day.date })
            let daily = try #require(app.daily)
            #expect(daily.date == someDay)
            #expect(daily.games.map(\.kind) == allKinds)
            for entry in daily.games {
                #expect(entry.deal == (try dailyDeal(kind: entry.kind, date: someDay)))
                #expect(!entry.won && !entry.inProgress)
            }
            #expect(daily.games.first { $0.kind == .chequers }?.deal == 437)
            #expect(daily.currentStreak == 0 && daily.bestStreak == 0)

            // Another day, other deals.
            day.date = DailyDate(year: 2026, month: 12, day: 1)
            app.refreshOverview()
            let next = try #require(app.daily)
            #expect(next.date == day.date)
            #expect(next.games.map(\.deal) != daily.games.map(\.deal))
        }
    }

    @Test("Back from a night in the background, the chooser shows the new day's deals")
    func comingBackTheNextDayShowsItsDeals() async throws {
        try await withTemporaryFolder { folder in
            let day = Today(someDay)
            let app = try AppModel(directory: folder, today: { day.date })
            app.pause()
            day.date = DailyDate(year: 2026, month: 12, day: 1)
            app.resume()
            #expect(app.daily?.date == day.date)
            #expect(app.daily?.games.first { $0.kind == .chequers }?.deal == (try dailyDeal(kind: .chequers, date: day.date)))
        }
    }

    @Test("The daily deal opens, is saved and resumed in a slot of its own beside the game in progress")
    func theDailyDealIsSavedAndResumed() async throws {
        try await withTemporaryFolder { folder in
            let app = try AppModel(directory: folder, today: { someDay })
            app.open(.dnieper)
            let regular = try #require(app.current)
            regular.play(.stock)
            let regularPosition = regular.game.positionJson()
            app.close()

            app.openDaily(.dnieper)
            let daily = try #require(app.current)
            #expect(daily.status.daily == someDay)
            #expect(daily.isDaily)
            #expect(daily.status.deal == (try dailyDeal(kind: .dnieper, date: someDay)))
            daily.play(.stock)
            let dailyPosition = daily.game.positionJson()
            // Another deal would be saved over the game in progress: a daily game only restarts.
            daily.deal(.random)
            #expect(daily.game.positionJson() == dailyPosition)
            app.close()
            let entry = try #require(app.daily?.games.first { $0.kind == .dnieper })
            #expect(entry.inProgress && !entry.won)

            let reopened = try AppModel(directory: folder, today: { someDay })
            reopened.openDaily(.dnieper)
            #expect(reopened.current?.game.positionJson() == dailyPosition)
            #expect(reopened.current?.status.moves == 1)
            reopened.close()
            reopened.open(.dnieper)
            #expect(reopened.current?.game.positionJson() == regularPosition)
            #expect(reopened.current?.isDaily == false)
        }
    }

    @Test("A daily deal won by hand is marked won and starts the daily streak, which the next day keeps")
    func aWonDailyDealIsMarkedAndStreaks() async throws {
        try await withTemporaryFolder { folder in
            let day = Today(someDay)
            let app = try AppModel(directory: folder, today: { day.date })
            app.openDaily(dailyKind)
            let model = try #require(app.current)
            // The solver's line, played by hand: exactly its moves, so auto-play off.
            model.setAutoPlay(false)
            let line = model.game.showMe(budgetMs: 60_000, cancel: nil)
            try #require(line.verdict == .winnable)
            for move in line.moves { model.play(move) }
            #expect(model.status.state == .won)
            #expect(!model.status.assisted)
            app.close()

            let won = try #require(app.daily)
            #expect(won.games.filter(\.won).map(\.kind) == [dailyKind])
            #expect(won.currentStreak == 1 && won.bestStreak == 1)
            #expect(app.overview.first { $0.info.kind == dailyKind }?.stats.won == 1)

            // The next day's deals are not won yet, but the streak holds until that day is over.
            day.date = DailyDate(year: 2026, month: 12, day: 1)
            app.refreshOverview()
            #expect(app.daily?.games.contains(where: \.won) == false)
            #expect(app.daily?.currentStreak == 1)
            // A day missed breaks it.
            day.date = DailyDate(year: 2026, month: 12, day: 2)
            app.refreshOverview()
            #expect(app.daily?.currentStreak == 0)
            #expect(app.daily?.bestStreak == 1)
        }
    }

    @Test("A daily deal finished by show me is not marked won and starts no streak")
    func aShownDailyDealIsNotWon() async throws {
        try await withTemporaryFolder { folder in
            let app = try AppModel(directory: folder, today: { someDay }, showMePace: .zero)
            app.openDaily(dailyKind)
            let model = try #require(app.current)
            await model.showMeTheWin(budgetMs: 60_000)
            #expect(model.status.state == .won)
            #expect(model.status.assisted)
            app.close()
            let daily = try #require(app.daily)
            #expect(daily.games.allSatisfy { !$0.won })
            #expect(daily.currentStreak == 0 && daily.bestStreak == 0)
            let stats = try #require(app.overview.first { $0.info.kind == dailyKind }?.stats)
            #expect(stats.played == 1 && stats.won == 0 && stats.assisted == 1)
        }
    }

    @Test("The daily deal's date is the device's own day, not UTC's")
    func theDateIsTheLocalOne() throws {
        // 23:30 UTC on 30 November 2026.
        let moment = Date(timeIntervalSince1970: 1_796_081_400)
        #expect(localDate(of: moment, in: try #require(TimeZone(identifier: "UTC"))) == someDay)
        let athens = try #require(TimeZone(identifier: "Europe/Athens"))
        #expect(localDate(of: moment, in: athens) == DailyDate(year: 2026, month: 12, day: 1))
    }

    /// A device may show another calendar (Thailand's default is the Buddhist one, where this day
    /// is in 2567; Japan's imperial one puts it in year 6): the daily deal is still the Gregorian
    /// day's, as on Android and the command line, and says so in the chooser.
    @Test("The daily deal's date is Gregorian whatever calendar the device shows")
    func theDateIsGregorian() throws {
        // Noon in Bangkok on 29 February 2024, a day some calendars do not have.
        let moment = Date(timeIntervalSince1970: 1_709_182_800)
        let bangkok = try #require(TimeZone(identifier: "Asia/Bangkok"))
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = bangkok
        #expect(buddhist.component(.year, from: moment) == 2567)
        #expect(localDate(of: moment, in: bangkok) == DailyDate(year: 2024, month: 2, day: 29))
        #expect(english.day(DailyDate(year: 2024, month: 2, day: 29), region: Locale(identifier: "en_US")) == "Feb 29, 2024")
    }
}

/// The game whose daily deal of `someDay` the tests win (the solver finds its line quickly).
private let dailyKind = GameKind.chequers

