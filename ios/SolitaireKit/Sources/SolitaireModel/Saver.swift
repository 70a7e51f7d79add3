import Dispatch
import SolitaireCore

/// Writes games through the store on one background serial queue: saving never blocks play,
/// and saves land in the order they were asked for (the store snapshots the game when the
/// save runs, so a later save never writes an older position).
public final class Saver: @unchecked Sendable {
    /// Messages for the player about saves that failed; the app shows them.
    public let failures: AsyncStream<String>

    private let store: Store
    private let words: Words
    private let queue = DispatchQueue(label: "solitaire.saver", qos: .utility)
    private let failure: AsyncStream<String>.Continuation

    /// `words`: the language of the messages about failed saves.
    public init(store: Store, words: Words = .preferred()) {
        self.store = store
        self.words = words
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        failures = stream
        failure = continuation
    }

    /// Ends `failures`, so whoever listens to them stops with the saver.
    deinit {
        failure.finish()
    }

    public func save(_ game: Game) {
        queue.async { [store, failure, words] in
            do {
                try store.save(game: game)
            } catch {
                failure.yield(playerMessage(for: error, in: words))
            }
        }
    }

    /// Records `game` as given up, after every save already asked for, and before the caller
    /// changes it (a restart) or replaces it (a new deal): so it waits.
    public func abandon(_ game: Game) throws {
        try queue.sync {
            try store.abandon(game: game)
        }
    }

    /// Remembers which game is on screen (`nil`: the list of games) for the next launch, in
    /// turn with the saves. Failing costs only that: the next launch shows the list.
    public func rememberOnScreen(_ onScreen: OnScreen?) {
        queue.async { [store] in
            try? store.setOnScreen(onScreen: onScreen)
        }
    }

    /// Waits until every save asked for so far is written: before the app is suspended.
    public func flush() {
        queue.sync {}
    }

    /// `kind`'s statistics once every save asked for so far is written (a win's counts it);
    /// nil if they cannot be read (the chooser reports why).
    public func stats(_ kind: GameKind) -> GameStats? {
        queue.sync { [store] in try? store.stats(kind: kind) }
    }
}
