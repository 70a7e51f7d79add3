import Observation
import SolitaireCore

/// How to replace the game in play (each throws the current one away: confirm first).
public enum DealChoice: Equatable, Sendable {
    case random
    case winnable
    case number(UInt64)
    case restart
}

/// One game on screen: forwards each of the player's actions to the core in one call
/// (`Game.act`), then lays the core's answer (the status, and the piles and cards that changed)
/// over the table drawn. Every rule and every layout decision is the core's.
@MainActor
@Observable
public final class GameModel {
    /// The core's game. Each use counts as a call into the core (`coreCalls`).
    public var game: Game {
        coreCalls += 1
        return core
    }
    private var core: Game
    /// How often the model has reached into the core, so that a test can count what a drag
    /// frame costs: the view reads only the model's own state while a card moves.
    @ObservationIgnored public private(set) var coreCalls = 0
    public private(set) var status: GameStatus
    /// The table as drawn for `viewport`, in points; empty until the view reports its size.
    public private(set) var table = TableState()
    public private(set) var viewport = Viewport(width: 0, height: 0, insetTop: 0, insetLeft: 0, insetBottom: 0, insetRight: 0)
    public private(set) var hint: Hint? = nil
    /// Why the cards the player let go on a pile may not go there: the rule in the way, in the
    /// core's words ("Can't put the seven of clubs on the queen of hearts."), until the next
    /// change, tap or drag.
    public private(set) var refusal: Phrase? = nil
    /// What the hint moves, and where to (or the stock), for marking on the table.
    public private(set) var hintMarks = HintMarks()
    /// The solver proved that this position can no longer be won.
    public private(set) var cannotBeWon = false
    /// `cannotBeWon` came with the latest check, and none had found the game lost since one
    /// found it winnable: VoiceOver says it then, not after every move of a lost game (the
    /// banner comes back after each; Android's dialog shows once likewise).
    public private(set) var cannotBeWonIsNews = false
    @ObservationIgnored private var knownLost = false
    /// Undo to winnable proved this game's deal lost as dealt: every position of it is lost.
    public private(set) var dealLost = false
    /// `cannotBeWon` before the player's first move, or where the deal was proved lost: the deal
    /// itself is lost, so another deal, not undo to winnable, is the way out. (Not "nothing to
    /// undo": auto-play's moves at the deal can be undone.)
    public var cannotBeWonFromTheDeal: Bool { cannotBeWon && (status.moves == 0 || dealLost) }
    /// A hint or an undo-to-winnable search is running.
    public private(set) var isThinking = false
    /// Where "show me" is: idle, searching for a win, or playing the winning line.
    public private(set) var showMe = ShowMeState.idle
    /// The one notice over the table, if any, the most pressing first: "show me" under way (to
    /// stop it), no move left (to undo), the position can no longer be won (to undo back to
    /// where it can, or, lost from the deal, to deal again), why the player's drop was refused,
    /// or the hint found (to play it).
    public var notice: TableNotice? {
        if showMe != .idle {
            return .showMe(showMe)
        }
        if status.state == .lost {
            return .noMoreMoves
        }
        if cannotBeWon {
            return .cannotBeWon
        }
        // The player's last drop, refused, is newer than a hint still up (the drag may have been
        // the hint's move, tried elsewhere); the hint comes back at the next drag or tap.
        if let refusal {
            return .refused(refusal)
        }
        return hint.map { .hint($0) }
    }

    /// Whether Hint and Show me may be asked: a game in play, with no search and no "show me"
    /// under way.
    public var canAskSolver: Bool { !isThinking && showMe == .idle && status.state == .playing }

    /// The player's language: the messages, the empty places' marks, what VoiceOver says.
    public let words: Words
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
    /// Assistive technologies' words for the table drawn, by pile: asked of the core and said
    /// once per position, the first time they are wanted.
    @ObservationIgnored private var spoken: [UInt32: SpokenPile]? = nil
    /// The pile the last move brought cards to, for a screen reader to say.
    @ObservationIgnored private var receiver: UInt32? = nil
    /// The card being dragged, where it lay when the drag began.
    @ObservationIgnored private var dragged: CardView? = nil

    /// A drag shorter than this (in points) is a tap whose finger slipped: a card moves 4 points
    /// before it follows the finger, and a tap that wanders that far must still play.
    public static let tapSlop: Float = 10

    /// `report` shows the player a message (failures the game cannot show on the table);
    /// `searches` runs the solver off the main actor and off the cooperative pool; `showMePace`
    /// is the wait between the moves "show me" plays (tests pass zero); `words` the language
    /// the player reads and hears.
    public init(
        game: Game,
        saver: Saver,
        searches: Searches = Searches(),
        showMePace: Duration = .milliseconds(500),
        words: Words = .preferred(),
        report: @escaping @MainActor (String) -> Void
    ) {
        core = game
        self.words = words
        self.saver = saver
        self.searches = searches
        self.showMePace = showMePace
        self.report = report
        status = game.status()
        checkWinnability()
    }

    public var kind: GameKind { status.kind }

    /// Throwing this game away loses something: ask first.
    public var needsConfirmation: Bool { status.abandonCountsAsLoss }

    /// The day's daily deal: it can be restarted, but not replaced by another deal (which would
    /// be saved over the game in progress of its kind, in the other slot).
    public var isDaily: Bool { status.daily != nil }

    /// What to draw inside `pile`'s outline: what the empty place takes ("A↑", "K↓", "Q", "K–A",
    /// or "✕" where nothing is left to come; in the player's letters, « R–A » in French); nil
    /// while it holds cards, or where anything goes.
    public func emptyMark(of pile: PileView) -> String? {
        pile.cardCount == 0 ? words.mark(pile.empty) : nil
    }

    /// Draws the table afresh for `viewport` (the view's size or safe area changed).
    public func setViewport(_ viewport: Viewport) {
        guard viewport != self.viewport else { return }
        self.viewport = viewport
        draw(game.view(viewport: viewport))
    }

    /// Milliseconds played, read fresh for the clock on screen.
    public func elapsedMs() -> UInt64 {
        game.status().elapsedMs
    }

    // MARK: Playing

    public func tap(_ card: CardView) {
        refusal = nil
        perform(.tap(pile: card.pile, index: card.position))
    }

    /// A tap in a pile's hit area on no card (`PileView.hit`: the gap beside a narrow card, the
    /// room below it, an empty place): the core plays the top card's tap, or on the stock, even
    /// empty, the deal (it turns the waste over). Elsewhere an empty place does nothing.
    public func tapPile(_ number: UInt32) {
        stopShowingMe()
        refusal = nil
        perform(.tapPile(pile: number))
    }

    /// A drag of `card` begins: "show me" stops (the player takes over), and the answer is the
    /// piles it may be dropped on, to mark while it is dragged (the view keeps them in its
    /// gesture state, so a cancelled drag clears them). One call to the core per drag.
    public func beginDrag(_ card: CardView) -> Set<UInt32> {
        stopShowingMe()
        dragged = card
        refusal = nil
        guard card.movable else { return [] }
        return Set((try? game.destinations(pile: card.pile, index: card.position)) ?? [])
    }

    /// The dragged `card` (with the cards on it) was let go `dx`, `dy` points from where it lay.
    /// The core moves it if it may go to the pile there; anywhere else nothing changes
    /// (`.unchanged`: the view lets it glide back). A drag shorter than `tapSlop` is a tap.
    /// A card that moved while it was dragged ("show me", say) is not dropped.
    @discardableResult
    public func drop(_ card: CardView, dx: Float, dy: Float) -> Outcome {
        // Another card's drag was cancelled by the system (a call) and never ended; this card's
        // drag did not begin where it cannot be picked up.
        let started = dragged.flatMap { $0.id == card.id ? $0 : nil } ?? card
        dragged = nil
        guard let now = table.card(card.id), now.pile == started.pile, now.position == started.position else {
            return .unchanged
        }
        if dx * dx + dy * dy < Self.tapSlop * Self.tapSlop {
            return perform(.tap(pile: now.pile, index: now.position))
        }
        // Where the grabbed card's centre was let go, in the table's points.
        let x = now.frame.x + now.frame.width / 2 + dx
        let y = now.frame.y + now.frame.height / 2 + dy
        let outcome = perform(.drop(pile: now.pile, index: now.position, x: x, y: y))
        if outcome == .unchanged {
            refusal = try? game.dropRefusal(pile: now.pile, index: now.position, x: x, y: y)
        }
        return outcome
    }

    /// Plays a move the player chose: a hint's "Play it", or the stock.
    public func play(_ move: PlayerMove) {
        perform(.play(mv: move))
    }

    // MARK: Screen reader

    /// `pile` as assistive technologies offer it, said in the player's language: its name
    /// ("tableau pile 3, 7 cards, …"), its tap ("Play the queen of spades") and its other moves
    /// ("Move the nine of hearts to cell 1"). The core is asked, and its phrases said, once per
    /// position (the core's part: 4 to 23 µs on a desktop, Dnieper to Chequers), so the table
    /// offers them whatever runs, and redrawing it (a drag, every frame) says nothing again.
    public func spokenPile(_ pile: UInt32) -> SpokenPile? {
        if let spoken {
            return spoken[pile]
        }
        let fresh = Dictionary(game.speech().map { ($0.pile, SpokenPile($0, in: words)) }, uniquingKeysWith: { first, _ in first })
        spoken = fresh
        return fresh[pile]
    }

    /// What a screen reader says after a move: the pile the cards went to, as it now is
    /// ("foundation 2, 3 cards, top card three of hearts"), in the player's language. Nil
    /// before any move.
    public func moveAnnouncement() -> String? {
        receiver.flatMap { spokenPile($0) }?.name
    }

    /// Plays an action a screen reader offered.
    public func speak(_ action: SpokenAction) {
        perform(action.action)
    }

    public func undo() {
        perform(.undo)
    }

    public func redo() {
        perform(.redo)
    }

    public func setAutoPlay(_ on: Bool) {
        // Turning it on may play moves; either way the setting is part of the save.
        if perform(.autoPlay(on: on)) == .unchanged {
            saver.save(game)
        }
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
            report(playerMessage(for: error, in: words))
        }
        switch choice {
        case .random: replace(with: Game.newRandom(kind: kind))
        case .winnable: replace(with: Game.newWinnable(kind: kind))
        case .number(let deal): replace(with: Game(kind: kind, deal: deal))
        case .restart: perform(.restart)
        }
        // No move to announce (the move count changes, which a screen reader's view hears).
        receiver = nil
        // The new deal is on screen: its clock runs.
        game.resume()
        status = game.status()
    }

    /// Puts `next` in the old game's place, with the old game's auto-play setting (a new deal
    /// starts with it off).
    private func replace(with next: Game) {
        if status.autoPlay {
            _ = try? next.act(action: .autoPlay(on: true))
        }
        core = next
        dealLost = false
        spoken = nil
        draw(next.view(viewport: viewport))
        changed()
    }

    // MARK: Help from the solver (on the search queue: it searches for up to seconds)

    public func showHint() async {
        stopShowingMe()
        let game = self.game
        let moves = status.moves
        let flag = startHelp()
        let found = await searches.run(flag, cancelled: HintAnswer.stopped) { game.hint(cancel: $0) }
        endHelp(flag)
        // A move made meanwhile makes the answer stale.
        guard !flag.isCancelled(), game === self.game, moves == status.moves else { return }
        switch found {
        case .move(let found):
            hint = found
            hintMarks = HintMarks(found.mv, on: table)
        case .lost:
            provedLost()
        case .noMove, .stopped:
            report(words.text("msg_no_move_left"))
        }
    }

    /// The solver proved the game lost ("show me", a hint): the notice offers to undo back to
    /// where it can still be won, and the message says it (no news for VoiceOver to say over it).
    private func provedLost() {
        markLost()
        report(words.text("msg_unwinnable"))
    }

    /// A loss proved by the player's own question: the notice shows it, and it is no news for
    /// VoiceOver to say over the answer.
    private func markLost() {
        cannotBeWon = true
        cannotBeWonIsNews = false
        knownLost = true
    }

    public func undoToWinnable() async {
        stopShowingMe()
        let game = self.game
        let flag = startHelp()
        let wayBack = await searches.run(flag, cancelled: WayBack.notFound) { game.undoToWinnable(budgetMs: 3000, cancel: $0) }
        endHelp(flag)
        guard !flag.isCancelled(), game === self.game else { return }
        switch wayBack {
        case .undone:
            // The core moved back on its own: ask what changed since the table drawn.
            perform(.refresh, takesOverFromShowMe: false)
            changed()
        case .dealLost:
            // Nothing to undo to: the notice offers another deal instead, and says why (the
            // screen announces it to VoiceOver, as Android's dialog is).
            dealLost = true
            markLost()
        case .notFound:
            report(words.text("msg_no_winnable_position"))
        }
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
            provedLost()
        case .unknown:
            report(words.text("msg_no_win_in_time"))
        case .winnable:
            showMe = .playing
            for move in found.moves {
                do {
                    try await Task.sleep(for: showMePace)
                    // A stop that came as the sleep ended does not end the sleep early.
                    try Task.checkCancellation()
                    draw(try game.act(action: .assisted(mv: move)))
                } catch is CancellationError {
                    return
                } catch GameError.IllegalMove {
                    // The position is no longer the one the line was found for.
                    return
                } catch {
                    report(playerMessage(for: error, in: words))
                    return
                }
            }
        }
    }

    // MARK: Leaving and coming back

    /// The game leaves the screen: stop its clock and searches, and write it before the app may
    /// be suspended. (A hint or undo to winnable that ran on spoke over the chooser once the
    /// player had left, and an undo found saved the closed game over a copy reopened meanwhile.)
    public func pause() {
        helpFlag?.cancel()
        winnabilityFlag?.cancel()
        interrupt()
    }

    /// The app is interrupted with the game still on screen (Notification Center, a call's
    /// banner, the app switcher): the clock stops and the game is written, as suspension may
    /// follow, but a hint or undo to winnable asked for goes on, and shows on the way back
    /// (cancelled, the tap that asked for it did nothing). "Show me" stops: its moves would
    /// play unseen.
    public func interrupt() {
        stopShowingMe()
        game.pause()
        saver.save(game)
        saver.flush()
    }

    /// The app is back, or the game on screen again: its clock runs, unless a page covers it,
    /// and the check the pause stopped is asked again.
    public func resume() {
        guard !isCovered else { return }
        game.resume()
        status = game.status()
        checkWinnability()
    }

    /// The game's statistics, its win counted, while it stands won (the win screen shows them).
    public private(set) var winStats: GameStats? = nil

    /// Whether a page (the rules, the statistics) covers the game: as if it had left the screen,
    /// until it is uncovered, even if the app comes back to the foreground meanwhile.
    public private(set) var isCovered = false

    public func cover() {
        isCovered = true
        pause()
    }

    public func uncover() {
        guard isCovered else { return }
        isCovered = false
        resume()
    }

    // MARK: Private

    /// Plays `action` in one call to the core and draws what changed. An illegal one changes
    /// nothing (a card that moved meanwhile, nothing to undo). A player's action stops "show me".
    @discardableResult
    private func perform(_ action: Action, takesOverFromShowMe: Bool = true) -> Outcome {
        if takesOverFromShowMe {
            stopShowingMe()
        }
        do {
            let update = try game.act(action: action)
            draw(update)
            return update.outcome
        } catch GameError.IllegalMove {
            return .unchanged
        } catch {
            report(playerMessage(for: error, in: words))
            return .unchanged
        }
    }

    /// Lays `update` over the table drawn; a changed position is saved and checked.
    private func draw(_ update: Update) {
        if update.outcome != .unchanged {
            receiver = update.piles.first { $0.cardCount > (table.pile($0.pile)?.cardCount ?? $0.cardCount) }?.pile
        }
        table.apply(update)
        status = update.status
        if update.full || !update.piles.isEmpty || !update.cards.isEmpty {
            spoken = nil
        }
        if update.outcome != .unchanged {
            changed()
        }
    }

    /// After the position changed: save, and ask the solver again.
    private func changed() {
        helpFlag?.cancel()
        hint = nil
        refusal = nil
        hintMarks = HintMarks()
        // A deal proved lost is lost after every move: no check needed to say so again.
        cannotBeWon = dealLost
        cannotBeWonIsNews = false
        saver.save(game)
        // Read back after the save that counts the win, so they include it (as Android's dialog).
        winStats = status.state == .won ? saver.stats(kind) : nil
        checkWinnability()
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
            // No verdict changes nothing: asked again on resume, a lost position the check does
            // not prove in its 300 ms stays lost (its banner went, and came back with a move).
            switch answer.verdict {
            case .unwinnable:
                self.cannotBeWon = true
                self.cannotBeWonIsNews = !self.knownLost
                self.knownLost = true
            case .winnable:
                self.cannotBeWon = false
                self.cannotBeWonIsNews = false
                self.knownLost = false
            case .unknown: break
            }
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

/// What the notice over the table says, each with its one way out.
public enum TableNotice: Equatable, Sendable {
    /// "Show me" searches or plays: Stop.
    case showMe(ShowMeState)
    /// No move is left: Undo.
    case noMoreMoves
    /// The solver proved the position lost: Undo to where it can still be won.
    case cannotBeWon
    /// A hint: Play it.
    case hint(Hint)
    /// The rule in the way of the cards the player let go: no action.
    case refused(Phrase)
}

/// A pile as assistive technologies offer it (`GameModel.spokenPile`): the core's phrases, said.
public struct SpokenPile {
    /// The core's phrases.
    public let speech: PileSpeech
    /// Its description, said: the element's name.
    public let name: String
    /// Its name alone ("tableau pile 3"): what a Voice Control user says to act on it (the
    /// description's first phrase).
    public let shortName: String
    /// Its default action, if it has one.
    public var tap: SpokenAction? { speech.tap }
    /// Its other moves, each with its label said.
    public let moves: [SpokenMove]

    init(_ speech: PileSpeech, in words: Words) {
        self.speech = speech
        name = words.say(speech.description)
        shortName = speech.description.first.map(words.say) ?? name
        moves = speech.moves.map { SpokenMove(name: words.say($0.label), action: $0) }
    }
}

/// One of a pile's moves, named for assistive technologies.
public struct SpokenMove: Identifiable {
    public let name: String
    public let action: SpokenAction
    /// A pile's moves have distinct names (each says the card and where it goes).
    public var id: String { name }
}
