import Observation
import SolitaireCore

/// How to replace the game in play (each throws the current one away: confirm first).
public enum DealChoice: Equatable, Sendable {
    case random
    case winnable
    case number(UInt64)
    case restart
}

/// One game on screen: forwards the player's input to the core, then redraws from the core's
/// table and status. Every rule and every layout decision is the core's.
@MainActor
@Observable
public final class GameModel {
    public private(set) var game: Game
    public private(set) var status: GameStatus
    /// The core's layout for `viewport`, in points; empty until the view reports its size.
    public private(set) var table = Table(cardWidth: 0, cardHeight: 0, piles: [], cards: [])
    public private(set) var viewport = Viewport(width: 0, height: 0, insetTop: 0, insetLeft: 0, insetBottom: 0, insetRight: 0)
    /// Piles the card being dragged may be dropped on.
    public private(set) var dropTargets: Set<UInt32> = []
    public private(set) var hint: Hint? = nil
    /// What the hint moves, and where to (or the stock), for marking on the table.
    public private(set) var hintMarks = HintMarks()
    /// The solver proved that this position can no longer be won.
    public private(set) var cannotBeWon = false
    /// A hint or an undo-to-winnable search is running.
    public private(set) var isThinking = false

    private let saver: Saver
    private let report: @MainActor (String) -> Void
    @ObservationIgnored private var winnabilityCheck: Task<Void, Never>? = nil

    /// `report` shows the player a message (failures the game cannot show on the table).
    public init(game: Game, saver: Saver, report: @escaping @MainActor (String) -> Void) {
        self.game = game
        self.saver = saver
        self.report = report
        status = game.status()
        checkWinnability()
    }

    public var kind: GameKind { status.kind }

    /// Throwing this game away loses something: ask first.
    public var needsConfirmation: Bool { status.moves > 0 && status.state != .won }

    public func pile(_ id: UInt32) -> PileView? {
        table.piles.first(where: { $0.pile == id })
    }

    public func setViewport(_ viewport: Viewport) {
        guard viewport != self.viewport else { return }
        self.viewport = viewport
        table = game.table(viewport: viewport)
    }

    /// Milliseconds played, read fresh for the clock on screen.
    public func elapsedMs() -> UInt64 {
        game.status().elapsedMs
    }

    // MARK: Playing

    public func tap(_ card: CardView) {
        perform { _ = try $0.tap(pile: card.pile, index: card.position) }
    }

    /// A tap on a pile's empty outline: only the stock does something (it turns the waste over).
    public func tapEmpty(_ pile: PileView) {
        guard pile.kind == .stock else { return }
        perform { try $0.dealStock() }
    }

    /// A drag began on `card`: mark where it may go.
    public func startDrag(_ card: CardView) {
        dropTargets = Set((try? game.destinations(pile: card.pile, index: card.position)) ?? [])
    }

    /// The dragged `card` (with the cards on it) was let go at (`x`, `y`) in table points.
    /// Anywhere it cannot go, it simply stays where it was.
    public func drop(_ card: CardView, x: Float, y: Float) {
        dropTargets = []
        guard let to = game.dropTarget(viewport: viewport, x: x, y: y), to != card.pile,
              let from = pile(card.pile) else { return }
        move(from: card.pile, count: from.cardCount - card.position, to: to)
    }

    public func move(from: UInt32, count: UInt32, to: UInt32) {
        perform { try $0.moveCards(from: from, count: count, to: to) }
    }

    /// Plays a move as the hint suggests it.
    public func play(_ move: PlayerMove) {
        switch move {
        case .transfer(let from, let count, let to):
            self.move(from: from, count: count, to: to)
        case .stock:
            perform { try $0.dealStock() }
        }
    }

    public func undo() {
        perform { try $0.undo() }
    }

    public func redo() {
        perform { try $0.redo() }
    }

    public func setAutoPlay(_ on: Bool) {
        perform { $0.setAutoPlay(on: on) }
    }

    /// Throws the current game away (recording it as given up), then deals as chosen.
    public func deal(_ choice: DealChoice) {
        do {
            try saver.abandon(game)
        } catch {
            // The new deal goes ahead; only the statistics of the old one may be off.
            report(playerMessage(for: error))
        }
        switch choice {
        case .random: game = Game.newRandom(kind: kind)
        case .winnable: game = Game.newWinnable(kind: kind)
        case .number(let deal): game = Game(kind: kind, deal: deal)
        case .restart: game.restart()
        }
        changed()
    }

    // MARK: Help from the solver (off the main actor: it searches for up to a few hundred ms)

    public func showHint() async {
        let game = self.game
        let moves = status.moves
        isThinking = true
        let found = await Task.detached(priority: .userInitiated) { game.hint() }.value
        isThinking = false
        // A move made meanwhile makes the answer stale.
        guard game === self.game, moves == status.moves else { return }
        guard let found else {
            report("There is no move left to suggest.")
            return
        }
        hint = found
        hintMarks = HintMarks(found.mv, on: table)
    }

    public func undoToWinnable() async {
        let game = self.game
        isThinking = true
        let undone = await Task.detached(priority: .userInitiated) { game.undoToWinnable(budgetMs: 3000) }.value
        isThinking = false
        guard game === self.game else { return }
        if undone == 0 {
            report("No winnable position was found in time.")
        }
        changed()
    }

    // MARK: Leaving and coming back

    /// The game leaves the screen: stop its clock and write it before the app may be suspended.
    public func pause() {
        game.pause()
        saver.save(game)
        saver.flush()
    }

    public func resume() {
        game.resume()
        refresh()
    }

    // MARK: Private

    /// Runs one action on the game; an illegal one changes nothing (a dragged card snaps back).
    private func perform(_ action: (Game) throws -> Void) {
        do {
            try action(game)
        } catch GameError.IllegalMove {
            return
        } catch {
            report(playerMessage(for: error))
            return
        }
        changed()
    }

    /// After anything that may have changed the position: redraw, save, ask the solver again.
    private func changed() {
        hint = nil
        hintMarks = HintMarks()
        cannotBeWon = false
        refresh()
        saver.save(game)
        checkWinnability()
    }

    private func refresh() {
        status = game.status()
        table = game.table(viewport: viewport)
    }

    private func checkWinnability() {
        winnabilityCheck?.cancel()
        guard status.state == .playing else { return }
        let game = self.game
        winnabilityCheck = Task { [weak self] in
            let answer = await Task.detached(priority: .utility) { game.stillWinnable(budgetMs: 300) }.value
            guard let self, !Task.isCancelled, game === self.game, answer.moves == self.status.moves else { return }
            self.cannotBeWon = answer.verdict == .unwinnable
        }
    }
}
