import Dispatch
import SolitaireCore

/// Runs the core's blocking searches (still-winnable, hint, undo to winnable) one at a time on a
/// queue of their own: they block a thread for up to seconds, which the cooperative pool must
/// never lend. Each search carries a `CancelFlag`; a cancelled one that has not started yet is
/// never started, and one that has started stops within a solver chunk.
public final class Searches: Sendable {
    private let queue: DispatchQueue
    /// Touched only on `queue`.
    nonisolated(unsafe) private var runs = 0

    public init(label: String = "solitaire.search") {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// How many searches have run (one cancelled before its turn never does), once those asked
    /// for so far are done: it waits for them.
    public var searchesRun: Int {
        queue.sync { runs }
    }

    /// Runs `search` with `flag` once the searches asked for before it are done, or answers
    /// `cancelled` at once if `flag` is set by then. Cancelling the calling task sets the flag.
    public func run<Answer: Sendable>(
        _ flag: CancelFlag,
        cancelled: Answer,
        _ search: @escaping @Sendable (CancelFlag) -> Answer
    ) async -> Answer {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [self] in
                    if flag.isCancelled() {
                        continuation.resume(returning: cancelled)
                    } else {
                        runs += 1
                        continuation.resume(returning: search(flag))
                    }
                }
            }
        } onCancel: {
            flag.cancel()
        }
    }
}
