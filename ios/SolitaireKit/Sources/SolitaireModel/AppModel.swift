import Foundation
import Observation
import SolitaireCore

/// The whole app's state: the store, the chooser's rows and the game on screen.
@MainActor
@Observable
public final class AppModel {
    /// Every game with its statistics and whether one is in progress, in menu order.
    public private(set) var overview: [GameOverview] = []
    /// Today's daily deal of every game, whether each is won or in progress, and the daily streak.
    public private(set) var daily: DailyOverview? = nil
    /// The game on screen, if any.
    public private(set) var current: GameModel? = nil
    /// Something the player should be told once (a damaged file set aside, a failed save).
    public var message: String? = nil
    /// A sheet is up: the root cannot present the message then, so the sheet does.
    public var isSheetShown = false

    /// The player's language, for every word the app shows (the views read it too).
    public let words: Words
    private let store: Store
    private let saver: Saver
    private let searches = Searches()
    private let showMePace: Duration
    /// The device's local date, asked afresh each time (the app may stay open past midnight).
    private let today: @MainActor () -> DailyDate

    /// Opens (creating it if need be) the store in `directory`: Application Support on iOS.
    /// `today` gives the date of the daily deals; `showMePace` the wait between the moves
    /// "show me" plays (tests inject both); `words` the player's language (the device's, by
    /// default).
    public init(
        directory: URL,
        today: @escaping @MainActor () -> DailyDate = { localDate() },
        showMePace: Duration = .milliseconds(500),
        words: Words = .preferred()
    ) throws {
        self.words = words
        store = try Store.open(dir: directory.path)
        saver = Saver(store: store, words: words)
        self.today = today
        self.showMePace = showMePace
        refreshOverview()
        // Ends with the app model: releasing the saver finishes its stream of failures.
        Task { [weak self, failures = saver.failures] in
            for await failure in failures {
                guard let self else { return }
                self.message = failure
            }
        }
    }

    public func refreshOverview() {
        // Statistics change when a pending save of a won game lands: wait for it.
        saver.flush()
        do {
            overview = try store.overview()
        } catch {
            message = playerMessage(for: error, in: words)
            // A damaged statistics file has been set aside: reading again starts afresh.
            overview = (try? store.overview()) ?? []
        }
        do {
            daily = try store.dailyOverview(date: today())
        } catch {
            message = playerMessage(for: error, in: words)
            daily = try? store.dailyOverview(date: today())
        }
    }

    /// Continues the game of `kind` in progress exactly as it was left (undo history included),
    /// or deals a new one if there is none or its save was damaged. When the save could not be
    /// read at all (the disk failed for now), nothing opens: a new deal would be saved over it.
    public func open(_ kind: GameKind) {
        saver.flush()
        var resumed: Game? = nil
        do {
            resumed = try store.resume(kind: kind)
        } catch {
            guard setAside(error) else {
                message = openedElsewhere(error) ? playerMessage(for: error, in: words) : words.text("msg_saved_unopenable")
                return
            }
            message = playerMessage(for: error, in: words)
        }
        show(resumed ?? Game.newRandom(kind: kind))
        saver.rememberOnScreen(OnScreen(kind: kind, daily: nil))
    }

    /// Opens today's daily deal of `kind`: as it was left today, or new. (An unfinished one of
    /// an earlier day is given up by the store.) As `open`, a save that could not be read opens
    /// nothing.
    public func openDaily(_ kind: GameKind) {
        saver.flush()
        let date = today()
        do {
            show(try store.resumeDaily(kind: kind, date: date))
        } catch {
            guard setAside(error) else {
                message = openedElsewhere(error) ? playerMessage(for: error, in: words) : words.text("msg_daily_unopenable")
                return
            }
            message = playerMessage(for: error, in: words)
            // A damaged daily save has been set aside: the day's deal starts afresh.
            guard let game = try? Game.newDaily(kind: kind, date: date) else { return }
            show(game)
        }
        saver.rememberOnScreen(OnScreen(kind: kind, daily: date))
    }

    /// Whether `error` says a damaged save was put aside (so a new game may take its place).
    private func setAside(_ error: Error) -> Bool {
        if case .CorruptSave? = error as? GameError { return true }
        return false
    }

    /// Whether `error` says another process has the game open (a Mac running the terminal game
    /// on the same folder; an iPhone runs one copy of the app).
    private func openedElsewhere(_ error: Error) -> Bool {
        if case .InUse? = error as? GameError { return true }
        return false
    }

    private func show(_ game: Game) {
        let model = GameModel(game: game, saver: saver, searches: searches, showMePace: showMePace, words: words) { [weak self] text in
            self?.message = text
        }
        model.resume()
        current = model
    }

    /// Back to the chooser: the game is saved and its clock stopped.
    public func close() {
        // Before the game's pause, which waits for the saver's queue.
        saver.rememberOnScreen(nil)
        current?.pause()
        current = nil
        refreshOverview()
    }

    /// At launch: the game that was on screen when the app last went away comes back, as it
    /// was left. A daily deal of an earlier day does not (that day's deal is over).
    public func reopenLastGame() {
        guard current == nil else { return }
        saver.flush()
        guard let open = store.gameToReopen(today: today()) else { return }
        if open.daily == nil {
            self.open(open.kind)
        } else {
            openDaily(open.kind)
        }
    }

    /// The app goes into the background: the clock and the searches stop, and the game is
    /// written now, as the app may never come back.
    public func pause() {
        current?.pause()
    }

    /// The app is inactive, still on screen (`GameModel.interrupt`).
    public func interrupt() {
        current?.interrupt()
    }

    /// The app is on screen again: the clock runs, and the chooser's rows are read again (a
    /// night in the background makes its daily deals yesterday's).
    public func resume() {
        current?.resume()
        refreshOverview()
    }
}

/// The date of `moment` in the device's time zone (never UTC): the day whose daily deals the
/// player sees. Gregorian whatever calendar the device shows (Buddhist, Japanese, Persian…), as
/// on Android and the command line: the core numbers the daily deals by Gregorian dates.
public func localDate(of moment: Date = Date(), in timeZone: TimeZone = .current) -> DailyDate {
    let parts = Calendar.dailyDeals(in: timeZone).dateComponents([.year, .month, .day], from: moment)
    return DailyDate(year: Int32(parts.year ?? 1970), month: UInt32(parts.month ?? 1), day: UInt32(parts.day ?? 1))
}

extension Calendar {
    /// The calendar the daily deals' dates are in: Gregorian, in `timeZone`.
    static func dailyDeals(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
