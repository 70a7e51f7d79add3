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

    private let store: Store
    private let saver: Saver
    private let searches = Searches()
    private let showMePace: Duration
    /// The device's local date, asked afresh each time (the app may stay open past midnight).
    private let today: @MainActor () -> DailyDate

    /// Opens (creating it if need be) the store in `directory`: Application Support on iOS.
    /// `today` gives the date of the daily deals; `showMePace` the wait between the moves
    /// "show me" plays (tests inject both).
    public init(
        directory: URL,
        today: @escaping @MainActor () -> DailyDate = { localDate() },
        showMePace: Duration = .milliseconds(500)
    ) throws {
        store = try Store.open(dir: directory.path)
        saver = Saver(store: store)
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
            message = playerMessage(for: error)
            // A damaged statistics file has been set aside: reading again starts afresh.
            overview = (try? store.overview()) ?? []
        }
        do {
            daily = try store.dailyOverview(date: today())
        } catch {
            message = playerMessage(for: error)
            daily = try? store.dailyOverview(date: today())
        }
    }

    /// Continues the game of `kind` in progress exactly as it was left (undo history included),
    /// or deals a new one if there is none or its save was damaged.
    public func open(_ kind: GameKind) {
        saver.flush()
        var resumed: Game? = nil
        do {
            resumed = try store.resume(kind: kind)
        } catch {
            message = playerMessage(for: error)
        }
        show(resumed ?? Game.newRandom(kind: kind))
    }

    /// Opens today's daily deal of `kind`: as it was left today, or new. (An unfinished one of
    /// an earlier day is given up by the store.)
    public func openDaily(_ kind: GameKind) {
        saver.flush()
        let date = today()
        do {
            show(try store.resumeDaily(kind: kind, date: date))
        } catch {
            message = playerMessage(for: error)
            // A damaged daily save has been set aside: the day's deal starts afresh.
            if let game = try? Game.newDaily(kind: kind, date: date) {
                show(game)
            }
        }
    }

    private func show(_ game: Game) {
        let model = GameModel(game: game, saver: saver, searches: searches, showMePace: showMePace) { [weak self] text in
            self?.message = text
        }
        model.resume()
        current = model
    }

    /// Back to the chooser: the game is saved and its clock stopped.
    public func close() {
        current?.pause()
        current = nil
        refreshOverview()
    }

    /// The app leaves the screen (inactive or in the background): the clock stops and the
    /// game is written now, as the app may never come back.
    public func pause() {
        current?.pause()
    }

    /// The app is on screen again: the clock runs.
    public func resume() {
        current?.resume()
    }
}

/// The calendar date of `moment` on the device's own calendar and time zone (never UTC): the
/// day whose daily deals the player sees.
public func localDate(of moment: Date = Date(), calendar: Calendar = .current) -> DailyDate {
    let parts = calendar.dateComponents([.year, .month, .day], from: moment)
    return DailyDate(year: Int32(parts.year ?? 1970), month: UInt32(parts.month ?? 1), day: UInt32(parts.day ?? 1))
}
