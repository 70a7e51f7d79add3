import Foundation
import Observation
import SolitaireCore

/// The whole app's state: the store, the chooser's rows and the game on screen.
@MainActor
@Observable
public final class AppModel {
    /// Every game with its statistics and whether one is in progress, in menu order.
    public private(set) var overview: [GameOverview] = []
    /// The game on screen, if any.
    public private(set) var current: GameModel? = nil
    /// Something the player should be told once (a damaged file set aside, a failed save).
    public var message: String? = nil

    private let store: Store
    private let saver: Saver
    private let searches = Searches()

    /// Opens (creating it if need be) the store in `directory`: Application Support on iOS.
    public init(directory: URL) throws {
        store = try Store.open(dir: directory.path)
        saver = Saver(store: store)
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
        let model = GameModel(game: resumed ?? Game.newRandom(kind: kind), saver: saver, searches: searches) { [weak self] text in
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
