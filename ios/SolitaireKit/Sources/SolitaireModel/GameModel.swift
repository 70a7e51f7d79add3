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
    public private(set) var hint: Hint? = nil
    /// What the hint moves, and where to (or the stock), for marking on the table.
    public private(set) var hintMarks = HintMarks()
    /// The solver proved that this position can no longer be won.
    public private(set) var cannotBeWon = false
    /// A hint or an undo-to-winnable search is running.
    public private(set) var isThinking = false
    /// Where "show me" is: idle, searching for a win, or playing the winning line.
    public private(set) var showMe = ShowMeState.idle
    /// Whether Hint and Show me may be asked: a game in play, with no search and no "show me"
    /// under way.
    public var canAskSolver: Bool { !isThinking && showMe == .idle && status.state == .playing }

    private let saver: Saver
    private let searches: Searches
    private let report: @MainActor (String) -> Void
    /// The wait between two moves "show me" plays, so a person can follow them.
    private let showMePace: Duration
    /// The "show me" under way: cancelling it stops the search or the playing.
    @ObservationIgnored private var showMeTask: Task<Void, Never>? = nil
    /// Tells a finished "show me" whether a newer one has replaced it (then it leaves the state alone).
    @ObservationIgnored private var showMeRun = 0
    /// The still-winnable check of the current position; await it to read `cannotBeWon`.
    @ObservationIgnored public private(set) var winnabilityCheck: Task<Void, Never>? = nil
    /// The flags of the searches under way: any change of position makes their answers stale.
    @ObservationIgnored private var winnabilityFlag: CancelFlag? = nil
    @ObservationIgnored private var helpFlag: CancelFlag? = nil

    /// `report` shows the player a message (failures the game cannot show on the table);
    /// `searches` runs the solver off the main actor and off the cooperative pool; `showMePace`
    /// is the wait between the moves "show me" plays (tests pass zero).
    public init(
        game: Game,
        saver: Saver,
        searches: Searches = Searches(),
        showMePace: Duration = .milliseconds(500),
        report: @escaping @MainActor (String) -> Void
    ) {
        self.game = game
        self.saver = saver
        self.searches = searches
        self.showMePace = showMePace
        self.report = report
        status = game.status()
        checkWinnability()
    }

    public var kind: GameKind { status.kind }

    /// Throwing this game away loses something: ask first.
    public var needsConfirmation: Bool { status.moves > 0 && status.state != .won }

    /// The day's daily deal: it can be restarted, but not replaced by another deal (which would
    /// be saved over the game in progress of its kind, in the other slot).
    public var isDaily: Bool { status.daily != nil }

    public func pile(_ id: UInt32) -> PileView? {
        table.piles.first(where: { $0.pile == id })
    }

    /// What to draw inside `pile`'s outline: the core's mark of what the empty place takes
    /// ("A↑", "K↓", "Q", "K–A", or "✕" where nothing is left to come); nil while it holds cards,
    /// or where anything goes.
    public func emptyMark(of pile: PileView) -> String? {
        pile.cardCount == 0 && !pile.emptySymbol.isEmpty ? pile.emptySymbol : nil
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
        stopShowingMe()
        guard pile.kind == .stock else { return }
        perform { try $0.dealStock() }
    }

    /// The piles a drag of `card` may drop it on, to mark while it is dragged (the view keeps
    /// them in its gesture state, so a cancelled drag clears them).
    public func dropTargets(for card: CardView) -> Set<UInt32> {
        guard card.movable else { return [] }
        return Set((try? game.destinations(pile: card.pile, index: card.position)) ?? [])
    }

    /// The dragged `card` (with the cards on it) was let go at (`x`, `y`) in table points.
    /// Anywhere it cannot go, it simply stays where it was.
    public func drop(_ card: CardView, x: Float, y: Float) {
        stopShowingMe()
        guard let to = game.dropTarget(viewport: viewport, x: x, y: y), to != card.pile else { return }
        move(card, to: to)
    }

    public func move(from: UInt32, count: UInt32, to: UInt32) {
        perform { try $0.moveCards(from: from, count: count, to: to) }
    }

    /// The screen reader's actions for `pile`, one element with its cards: "Move to …" for each
    /// pile the core lets its top card go to, then "Move <card> to …" for each deeper card that
    /// can be picked up with the cards on it. Card and pile names are the core's.
    public func moveActions(for pile: PileView) -> [MoveAction] {
        let movable = table.cards.filter { $0.pile == pile.pile && $0.movable }
        return movable.reversed().flatMap { card -> [MoveAction] in
            let targets = (try? game.destinations(pile: card.pile, index: card.position)) ?? []
            let isTop = card.position + 1 == pile.cardCount
            // The core's description starts with the card's name: "queen of spades, face up, …".
            let what = isTop ? "" : (card.description.split(separator: ",").first.map { "the \($0) " } ?? "")
            return targets.compactMap { target in
                self.pile(target).map {
                    MoveAction(name: "Move \(what)to \($0.label)", from: card.pile, count: pile.cardCount - card.position, to: target)
                }
            }
        }
    }

    /// Plays a screen reader's move action.
    public func play(_ action: MoveAction) {
        move(from: action.from, count: action.count, to: action.to)
    }

    /// Moves `card` (with the cards on it) to the pile `to`, as a drag does.
    public func move(_ card: CardView, to: UInt32) {
        guard let from = pile(card.pile) else { return }
        move(from: card.pile, count: from.cardCount - card.position, to: to)
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

    /// Throws the current game away (recording it as given up), then deals as chosen. A daily
    /// game can only be restarted (see `isDaily`): any other choice changes nothing.
    public func deal(_ choice: DealChoice) {
        guard !isDaily || choice == .restart else { return }
        stopShowingMe()
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
        // The new deal is on screen: its clock runs.
        game.resume()
        changed()
    }

    // MARK: Help from the solver (on the search queue: it searches for up to seconds)

    public func showHint() async {
        stopShowingMe()
        let game = self.game
        let moves = status.moves
        let flag = startHelp()
        let found = await searches.run(flag, cancelled: nil) { game.hint(cancel: $0) }
        endHelp(flag)
        // A move made meanwhile makes the answer stale.
        guard !flag.isCancelled(), game === self.game, moves == status.moves else { return }
        guard let found else {
            report("There is no move left to suggest.")
            return
        }
        hint = found
        hintMarks = HintMarks(found.mv, on: table)
    }

    public func undoToWinnable() async {
        stopShowingMe()
        let game = self.game
        let flag = startHelp()
        let undone = await searches.run(flag, cancelled: 0) { game.undoToWinnable(budgetMs: 3000, cancel: $0) }
        endHelp(flag)
        guard !flag.isCancelled(), game === self.game else { return }
        if undone == 0 {
            report("No winnable position was found in time.")
        }
        changed()
    }

    /// A new hint or undo-to-winnable search replaces the one under way.
    private func startHelp() -> CancelFlag {
        helpFlag?.cancel()
        let flag = CancelFlag()
        helpFlag = flag
        isThinking = true
        return flag
    }

    private func endHelp(_ flag: CancelFlag) {
        guard helpFlag === flag else { return }
        helpFlag = nil
        isThinking = false
    }

    // MARK: Show me (the solver plays the game out)

    /// Searches for a win from here (on the search queue), then plays the winning line one move
    /// at a time, `showMePace` apart, each redrawn and saved like any other. Returns when the
    /// line is played or stopped. Anything the player does stops it (`stopShowingMe`); a
    /// position the solver proved lost, or no win found in time, is reported. A game won this
    /// way counts as played, not won: the store records it so when it is saved. The search
    /// gives up after `budgetMs`.
    public func showMeTheWin(budgetMs: UInt32 = 10_000) async {
        stopShowingMe()
        showMeRun += 1
        let run = showMeRun
        let task = Task { await self.playOut(budgetMs: budgetMs) }
        showMeTask = task
        await task.value
        guard run == showMeRun else { return }
        showMeTask = nil
        showMe = .idle
    }

    /// Stops "show me" (the search, or the playing between two moves); the player goes on by hand.
    public func stopShowingMe() {
        showMeTask?.cancel()
        showMeTask = nil
        showMe = .idle
    }

    private func playOut(budgetMs: UInt32) async {
        // Stopped before it began.
        guard !Task.isCancelled else { return }
        let game = self.game
        let moves = status.moves
        showMe = .searching
        // Cancelling this task sets the flag, which stops the search within a solver chunk.
        let found = await searches.run(CancelFlag(), cancelled: nil) { Optional(game.showMe(budgetMs: budgetMs, cancel: $0)) }
        guard let found, !Task.isCancelled, game === self.game, moves == status.moves else { return }
        switch found.verdict {
        case .unwinnable:
            cannotBeWon = true
            report("This position cannot be won: the solver proved it.")
        case .unknown:
            report("The solver found no win in time.")
        case .winnable:
            showMe = .playing
            for move in found.moves {
                do {
                    try await Task.sleep(for: showMePace)
                    // A stop that came as the sleep ended does not end the sleep early.
                    try Task.checkCancellation()
                    try game.playAssisted(mv: move)
                } catch is CancellationError {
                    return
                } catch GameError.IllegalMove {
                    // The position is no longer the one the line was found for.
                    return
                } catch {
                    report(playerMessage(for: error))
                    return
                }
                changed()
            }
        }
    }

    // MARK: Leaving and coming back

    /// The game leaves the screen: stop its clock and write it before the app may be suspended.
    public func pause() {
        stopShowingMe()
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
        // The player takes over from "show me".
        stopShowingMe()
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
        helpFlag?.cancel()
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
        winnabilityFlag?.cancel()
        winnabilityCheck = nil
        guard status.state == .playing else { return }
        let game = self.game
        let flag = CancelFlag()
        winnabilityFlag = flag
        winnabilityCheck = Task { [weak self, searches] in
            let answer = await searches.run(flag, cancelled: nil) { game.stillWinnable(budgetMs: 300, cancel: $0) }
            guard let self, let answer, !flag.isCancelled(), game === self.game, answer.moves == self.status.moves else { return }
            self.cannotBeWon = answer.verdict == .unwinnable
        }
    }
}

/// Where "show me" is.
public enum ShowMeState: Equatable, Sendable {
    case idle
    /// The solver is looking for a win from the current position.
    case searching
    /// The winning line is being played, move by move.
    case playing
}

/// A screen-reader action that moves a card (with the cards on it) to a pile it may go to.
public struct MoveAction: Equatable, Sendable {
    /// "Move to tableau pile 3", "Move the nine of hearts to cell 1".
    public let name: String
    public let from: UInt32
    public let count: UInt32
    public let to: UInt32
}
