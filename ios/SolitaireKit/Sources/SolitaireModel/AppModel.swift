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
    /// Where the game on screen is remembered, so the next launch reopens it.
    private let memory: UserDefaults
    private static let openGameKey = "solitaire.openGame"

    /// Opens (creating it if need be) the store in `directory`: Application Support on iOS.
    /// `today` gives the date of the daily deals; `showMePace` the wait between the moves
    /// "show me" plays (tests inject both); `memory` keeps which game is on screen; `words` the
    /// player's language (the device's, by default).
    public init(
        directory: URL,
        today: @escaping @MainActor () -> DailyDate = { localDate() },
        showMePace: Duration = .milliseconds(500),
        memory: UserDefaults = .standard,
        words: Words = .preferred()
    ) throws {
        self.words = words
        store = try Store.open(dir: directory.path)
        saver = Saver(store: store, words: words)
        self.today = today
        self.showMePace = showMePace
        self.memory = memory
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
    /// or deals a new one if there is none or its save was damaged.
    public func open(_ kind: GameKind) {
        saver.flush()
        var resumed: Game? = nil
        do {
            resumed = try store.resume(kind: kind)
        } catch {
            message = playerMessage(for: error, in: words)
        }
        show(resumed ?? Game.newRandom(kind: kind))
        remember(OpenGame(kind: kind, daily: nil))
    }

    /// Opens today's daily deal of `kind`: as it was left today, or new. (An unfinished one of
    /// an earlier day is given up by the store.)
    public func openDaily(_ kind: GameKind) {
        saver.flush()
        let date = today()
        remember(OpenGame(kind: kind, daily: date))
        do {
            show(try store.resumeDaily(kind: kind, date: date))
        } catch {
            message = playerMessage(for: error, in: words)
            // A damaged daily save has been set aside: the day's deal starts afresh.
            if let game = try? Game.newDaily(kind: kind, date: date) {
                show(game)
            }
        }
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
        current?.pause()
        current = nil
        memory.removeObject(forKey: Self.openGameKey)
        refreshOverview()
    }

    /// At launch: the game that was on screen when the app last went away comes back, as it
    /// was left. A daily deal of an earlier day does not (that day's deal is over).
    public func reopenLastGame() {
        guard current == nil, let text = memory.string(forKey: Self.openGameKey) else { return }
        guard let open = OpenGame(text) else {
            memory.removeObject(forKey: Self.openGameKey)
            return
        }
        switch open.daily {
        case nil: self.open(open.kind)
        case today(): openDaily(open.kind)
        default: memory.removeObject(forKey: Self.openGameKey)
        }
    }

    private func remember(_ open: OpenGame) {
        memory.set(open.text, forKey: Self.openGameKey)
    }

    /// The app leaves the screen (inactive or in the background): the clock stops and the
    /// game is written now, as the app may never come back.
    public func pause() {
        current?.pause()
    }

    /// The app is on screen again: the clock runs, and the chooser's rows are read again (a
    /// night in the background makes its daily deals yesterday's).
    public func resume() {
        current?.resume()
        refreshOverview()
    }
}

/// The game on screen, as remembered between launches: "dnieper", or "daily dnieper 2026-11-30".
struct OpenGame: Equatable {
    let kind: GameKind
    let daily: DailyDate?

    init(kind: GameKind, daily: DailyDate?) {
        self.kind = kind
        self.daily = daily
    }

    init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        let slug: String
        switch words.count {
        case 1:
            slug = words[0]
            daily = nil
        case 3 where words[0] == "daily":
            let parts = words[2].split(separator: "-").map { Int($0) }
            guard parts.count == 3, let year = parts[0].flatMap({ Int32(exactly: $0) }),
                  let month = parts[1].flatMap({ UInt32(exactly: $0) }), let day = parts[2].flatMap({ UInt32(exactly: $0) })
            else { return nil }
            slug = words[1]
            daily = DailyDate(year: year, month: month, day: day)
        default:
            return nil
        }
        guard let kind = gameCatalog().first(where: { $0.slug == slug })?.kind else { return nil }
        self.kind = kind
    }

    var text: String {
        let slug = gameCatalog().first { $0.kind == kind }?.slug ?? ""
        guard let daily else { return slug }
        return "daily \(slug) \(daily.year)-\(daily.month)-\(daily.day)"
    }
}

/// The calendar date of `moment` on the device's own calendar and time zone (never UTC): the
/// day whose daily deals the player sees.
public func localDate(of moment: Date = Date(), calendar: Calendar = .current) -> DailyDate {
    let parts = calendar.dateComponents([.year, .month, .day], from: moment)
    return DailyDate(year: Int32(parts.year ?? 1970), month: UInt32(parts.month ?? 1), day: UInt32(parts.day ?? 1))
}
