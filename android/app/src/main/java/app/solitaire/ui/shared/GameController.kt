package app.solitaire.ui.shared

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableIntStateOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.geometry.Offset
import app.solitaire.core.Action
import app.solitaire.core.CancelFlag
import app.solitaire.core.CardView
import app.solitaire.core.Game
import app.solitaire.core.GameException
import app.solitaire.core.GameStats
import app.solitaire.core.GameStatus
import app.solitaire.core.Hint
import app.solitaire.core.HintAnswer
import app.solitaire.core.Outcome
import app.solitaire.core.Phrase
import app.solitaire.core.PileSpeech
import app.solitaire.core.PlayState
import app.solitaire.core.PlayerMove
import app.solitaire.core.Store
import app.solitaire.core.Update
import app.solitaire.core.Verdict
import app.solitaire.core.Viewport
import app.solitaire.core.WayBack
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/** A card group being dragged: where it came from, where it may go, how far it has moved (dp). */
data class Drag(
    val pile: UInt,
    val index: UInt,
    val count: UInt,
    val targets: Set<UInt>,
    /** Centre of the grabbed card before the drag, in points. */
    val grabCentre: Offset,
    val offset: Offset = Offset.Zero,
) {
    /** Whether `card` moves with the drag: the grabbed card and every card lying on it. */
    fun lifts(card: CardView): Boolean = card.pile == pile && card.position >= index
}

/** Where "show me" is: asking the solver, or playing its line move by move. */
enum class ShowMeState { IDLE, SEARCHING, PLAYING }

/**
 * One game on screen. Every rule is the core's: this forwards input with one `game.act()` per
 * action, lays the update it answers over the table drawn (`table`, `status`), saves in the
 * background and runs the solver off the UI thread. Call its methods from the UI thread.
 */
class GameController(
    game: Game,
    private val store: Store,
    private val scope: CoroutineScope,
    private val workers: Workers,
    /** The wait between two moves "show me" plays, so a person can follow them (tests pass 0). */
    private val showMePaceMs: Long = SHOW_ME_PACE_MS,
    /**
     * The games whose cannot-be-won notice the player closed ("Keep playing"), by `lostKey`: the
     * app's, so that reopening such a game does not raise it again (it did, every time).
     */
    private val keptPlaying: MutableSet<String> = mutableSetOf(),
) {
    var game: Game by mutableStateOf(game)
        private set
    var status: GameStatus by mutableStateOf(game.status())
        private set

    /** The table as drawn for the viewport last shown (`show`). */
    var table: DrawnTable by mutableStateOf(DrawnTable.EMPTY)
        private set

    /**
     * The pile the last move put cards on, if the last update grew one: TalkBack reads it out
     * (as VoiceOver does on iOS), since a move otherwise changes nothing it is focused on.
     */
    var receiver: UInt? by mutableStateOf(null)
        private set

    /** Bumped whenever the position changes. */
    var revision by mutableIntStateOf(0)
        private set

    /** Calls into the core made for drawing and playing (not searches or saves): tests count them. */
    var coreCalls = 0
        private set
    var drag: Drag? by mutableStateOf(null)
        private set

    /**
     * The cards the keyboard picked up (Space on a card), as a drag that has not moved, until
     * they are put down, the pick is cancelled or the position changes.
     */
    var picked: Drag? by mutableStateOf(null)
        private set
    var hint: Hint? by mutableStateOf(null)
        private set
    var searchingHint by mutableStateOf(false)
        private set
    var notice: Notice? by mutableStateOf(null)
        private set
    var showMe by mutableStateOf(ShowMeState.IDLE)
        private set

    /** This game kind's statistics for the win screen, read back after the save that counts the win; none before. */
    var stats: GameStats? by mutableStateOf(null)
        private set

    /** A short line for the player ("No move left"), cleared by the next move: its key in [Words]. */
    var message: String? by mutableStateOf(null)
        private set

    /**
     * Why the cards the player let go on a pile, or put there from the keyboard, may not go
     * there: the rule in the way, in the core's words ("Can't put the seven of clubs on the
     * queen of hearts."), until the next change or the next drag.
     */
    var refusal: Phrase? by mutableStateOf(null)
        private set

    private var viewport: Viewport? = null

    /** Whether the game is on screen in the foreground (between `resume` and `pause`): its clock runs. */
    private var onScreen = false
    private var speech: Pair<Int, List<PileSpeech>>? = null
    private var winnableCheck: Job? = null

    /** Stop the searches in flight: cancelling a coroutine cannot interrupt the core's call. */
    private var winnableCancel: CancelFlag? = null
    private var hintCancel: CancelFlag? = null
    private var undoCancel: CancelFlag? = null
    private var showMeJob: Job? = null
    private var showMeCancel: CancelFlag? = null

    /**
     * The player waved away "can no longer be won": no more nagging until it is winnable again, or
     * a new attempt (kept by the app in `keptPlaying`, so a reopened game remembers it too).
     */
    private val unwinnableDismissed: Boolean get() = lostKey(game) in keptPlaying

    /** Draws the table for this drawing area from scratch (a new size, or a new game). */
    fun show(viewport: Viewport) {
        // A drag begun on the old layout would go on far from the pointer: the cards go back.
        if (viewport != this.viewport) drag = null
        this.viewport = viewport
        coreCalls++
        val update = game.view(viewport)
        table = DrawnTable.of(update)
        status = update.status
    }

    /** The core's tap: the card goes to its best place, or back where it started. */
    fun tap(pile: UInt, index: UInt) = play(Action.Tap(pile, index))

    fun dealStock() = play(Action.Play(PlayerMove.Stock))

    /**
     * A tap in `pile`'s hit area that lands on no card (the gap beside a narrow card, the room
     * below it): the core plays its top card's tap, or on the stock, even empty, the deal.
     */
    fun tapPile(pile: UInt) = play(Action.TapPile(pile))

    fun undo() = play(Action.Undo)

    fun redo() = play(Action.Redo)

    /** Saved even when switching it moves nothing, or the setting would be lost. */
    fun setAutoPlay(on: Boolean) = play(Action.AutoPlay(on), force = true)

    /** Plays a move the player chose: a hint's, or a screen reader's "Move … to …". */
    fun play(move: PlayerMove) = play(Action.Play(move))

    /** Every pile the core lets `card` (with the cards on it) move to. */
    fun destinations(card: CardView): List<UInt> = try {
        coreCalls++
        game.destinations(card.pile, card.position)
    } catch (e: GameException) {
        emptyList() // the card moved meanwhile
    }

    /**
     * The screen reader's words and actions for every pile: asked of the core once per position,
     * and only when a screen reader (or a test) reads the table's semantics.
     */
    fun speech(): List<PileSpeech> {
        speech?.let { (at, words) -> if (at == revision) return words }
        coreCalls++
        return game.speech().also { speech = revision to it }
    }

    /** Plays an action a screen reader offered. */
    fun speak(action: Action) = play(action)

    fun startDrag(card: CardView) {
        stopShowingMe()
        drag = grab(card) ?: return
        hint = null
        refusal = null
    }

    /** `card` with the cards on it, taken up by a finger, the mouse or the keyboard. */
    private fun grab(card: CardView): Drag? {
        val pile = table.pile(card.pile) ?: return null
        val targets = destinations(card).toSet()
        val centre = Offset(card.frame.x + card.frame.width / 2, card.frame.y + card.frame.height / 2)
        return Drag(card.pile, card.position, pile.cardCount - card.position, targets, centre)
    }

    fun dragBy(delta: Offset) {
        drag = drag?.let { it.copy(offset = it.offset + delta) }
    }

    /**
     * Drops where the grabbed card's centre is. Off any pile, or illegal, the cards just glide
     * back: clearing the drag sends every card to the place the table gives it.
     */
    fun endDrag() {
        val current = drag ?: return
        drag = null
        val at = current.grabCentre + current.offset
        val before = revision
        play(Action.Drop(current.pile, current.index, at.x, at.y))
        if (revision == before) refuse { game.dropRefusal(current.pile, current.index, at.x, at.y) }
    }

    /** Tells the player why their move was refused, where the core names a rule. */
    private fun refuse(why: () -> Phrase?): Boolean {
        val said = try {
            coreCalls++
            why()
        } catch (e: GameException) {
            null // the cards moved meanwhile
        } ?: return false
        // A message (a save that failed) stays above it, until the next change.
        hint = null
        refusal = said
        return true
    }

    fun cancelDrag() {
        drag = null
    }

    /**
     * Space on `card`: picks it up with the cards on it, if it may move; Space again on a card
     * already picked puts them back. Then a click or Enter on another pile's card (or an empty
     * place) puts them there ([putPicked]).
     */
    fun pick(card: CardView) {
        stopShowingMe()
        val current = picked
        // Space on a card of a pile the picked cards may go to puts them there, as Enter does
        // (it picked that card up instead, and the cards picked first were dropped).
        if (current != null && !current.lifts(card) && card.pile in current.targets) {
            putPicked(card.pile)
            return
        }
        picked = when {
            current != null && current.lifts(card) -> null
            card.movable -> grab(card)
            else -> current
        }
        hint = null
        refusal = null
    }

    /**
     * The picked cards onto `pile` (a click or Enter on it): played if they may go there, else
     * left picked, and the player told; onto their own pile, put back. `false`: nothing was
     * picked, so the click is a tap.
     */
    fun putPicked(pile: UInt): Boolean {
        val current = picked ?: return false
        if (pile == current.pile) {
            picked = null
        } else if (pile !in current.targets) {
            if (!refuse { game.refusal(current.pile, current.index, pile) }) message = "msg_move_refused"
        } else {
            play(PlayerMove.Transfer(current.pile, current.count, pile))
        }
        return true
    }

    /**
     * Esc or Back: the cards the keyboard picked up, or a drag under way, go back where they
     * were (the drag's release then drops nothing). False when nothing was held.
     */
    fun cancelHeld(): Boolean {
        if (picked == null && drag == null) return false
        picked = null
        drag = null
        return true
    }

    /** Asks the solver for a move (up to ~100 ms), off the UI thread. */
    fun requestHint() {
        stopShowingMe()
        if (searchingHint) return
        searchingHint = true
        val asked = game
        val at = revision
        val cancel = CancelFlag().also { hintCancel = it }
        scope.launch {
            val found = withContext(workers.search) { asked.hint(cancel) }
            searchingHint = false
            if (asked !== game || at != revision || cancel.isCancelled()) return@launch
            hint = (found as? HintAnswer.Move)?.hint
            message = when (found) {
                is HintAnswer.Move -> null
                // As "show me" says it: with the dialog that offers to undo back to where it can still be won.
                HintAnswer.Lost -> "msg_unwinnable".also { notice = Notice.Unwinnable }
                HintAnswer.NoMove, HintAnswer.Stopped -> "msg_no_move_left"
            }
        }
    }

    /**
     * Whether another deal may replace this one: not a daily game's, which has its own save (the
     * other deal would be saved over the game of this kind in progress); only restarted.
     */
    val offersOtherDeals: Boolean get() = status.daily == null

    fun requestNewGame(action: NewGame) {
        if (!offersOtherDeals && action != NewGame.Restart) {
            message = "msg_daily_no_new"
            return
        }
        if (status.abandonCountsAsLoss) notice = Notice.Confirm(action) else perform(action)
    }

    fun askDealNumber() {
        notice = Notice.AskDealNumber
    }

    /** Carries out a new deal or restart (after confirmation): the old attempt is recorded first. */
    fun perform(action: NewGame) {
        stopShowingMe()
        notice = null
        val old = game
        val kind = status.kind
        // A won game too: the store counts a win whose count failed (a full disk) instead of losing it.
        val abandon = status.moves > 0u
        scope.launch {
            // What to tell when the old game could not simply be recorded; the deal goes ahead.
            val trouble = withContext(workers.saves) {
                try {
                    if (abandon) store.abandon(old)
                    null
                } catch (e: GameException.CorruptSave) {
                    "msg_stats_reset" // the damaged statistics were put aside; the game counts in new ones
                } catch (e: GameException.InUse) {
                    "msg_game_in_use" // another process opened the game since: its save is left alone
                } catch (e: GameException) {
                    "msg_stats_not_updated" // the disk failed
                }
            }
            val next = when (action) {
                NewGame.Restart -> old.also { it.act(Action.Restart) }
                NewGame.Random -> Game.newRandom(kind)
                NewGame.Winnable -> withContext(workers.search) { Game.newWinnable(kind) }
                is NewGame.Deal -> Game(kind, action.number)
            }
            if (next !== old) {
                next.act(Action.AutoPlay(old.status().autoPlay))
                // The new deal is on screen: its clock runs (unless the app left meanwhile).
                if (onScreen) next.resume()
                game = next
                workers.enqueue { old.close() } // after any save still queued for it
            }
            // A new attempt: its being lost is news again.
            keptPlaying -= lostKey(next)
            // No move to read out: the pile last played onto, left a live region, was read as the new deal's.
            receiver = null
            val shown = viewport
            if (shown != null) show(shown) else status = next.status()
            changed()
            if (trouble != null) message = trouble
        }
    }

    /** The game whose deal undo to winnable proved lost as dealt: every position of it is lost. */
    private var lostDeal: String? by mutableStateOf(null)

    /**
     * The game cannot be won and the deal itself is lost: the player has made no move (not "nothing to
     * undo": auto-play's moves at the deal can be undone), or undo to winnable proved the deal lost.
     */
    val unwinnableFromTheDeal: Boolean get() = status.moves == 0u || lostDeal == lostKey(game)

    fun dismissNotice() {
        if (notice == Notice.Unwinnable) keptPlaying += lostKey(game)
        notice = null
    }

    /**
     * Undoes back to where the game can still be won (the solver searches up to three seconds,
     * as on iOS); where the deal itself is lost, shows the dialog that offers another; says so
     * when it finds no such position in time, leaving the game as it is.
     */
    fun undoToWinnable() {
        stopShowingMe()
        notice = null
        val asked = game
        val at = revision
        val cancel = CancelFlag().also { undoCancel = it }
        scope.launch {
            val wayBack = withContext(workers.search) { asked.undoToWinnable(3_000u, cancel) }
            if (asked !== game) return@launch
            when (wayBack) {
                is WayBack.Undone -> play(Action.Refresh, stopShowing = false, force = true)
                // The dialog for a lost deal, which offers another deal: there is nothing to undo to.
                // Not over another dialog the player opened meanwhile, nor after a pause.
                WayBack.DealLost -> {
                    if (notice == null && !cancel.isCancelled()) notice = Notice.Unwinnable
                    lostDeal = lostKey(asked)
                }
                // Not after a move meanwhile (the core then undoes nothing) or a pause, which stop the search.
                WayBack.NotFound -> if (at == revision && !cancel.isCancelled()) message = "msg_no_winnable_position"
            }
        }
    }

    /**
     * The game leaves the screen: stop the clock and any search, and save. Once only: a game left for the
     * list was saved then, and saved again as another opened, it went over what the terminal game may have
     * played in it since (its moves lost).
     */
    fun pause() {
        val wasOnScreen = onScreen
        onScreen = false
        stopShowingMe()
        stopSearches()
        if (!wasOnScreen) return
        game.pause()
        save()
    }

    fun resume() {
        onScreen = true
        game.resume()
        status = game.status()
        // On screen again, or for the first time: a lost position is said without waiting for a move.
        checkStillWinnable()
    }

    /**
     * Asks the solver (up to `budgetMs`) for a win from here and plays it one move at a time,
     * `showMePaceMs` apart, each redrawn and saved like any other. Anything the player does
     * stops it. A proved loss, or no win found in time, is told. A game won this way counts as
     * played, not won: the store records it so when it is saved. Returns the run, to await it.
     */
    fun showMeTheWin(budgetMs: UInt = SHOW_ME_BUDGET_MS): Job {
        stopShowingMe()
        val asked = game
        val moves = status.moves
        val cancel = CancelFlag().also { showMeCancel = it }
        showMe = ShowMeState.SEARCHING
        val run = scope.launch {
            val found = withContext(workers.search) { asked.showMe(budgetMs, cancel) }
            ensureActive()
            if (asked !== game || moves != status.moves) return@launch // the position changed meanwhile
            when (found.verdict) {
                Verdict.UNWINNABLE -> {
                    message = "msg_unwinnable"
                    // As on iOS: the dialog that offers to undo back to where it can still be won.
                    notice = Notice.Unwinnable
                }
                Verdict.UNKNOWN -> message = "msg_no_win_in_time"
                Verdict.WINNABLE -> {
                    showMe = ShowMeState.PLAYING
                    playLine(asked, found.moves)
                }
            }
        }
        showMeJob = run
        run.invokeOnCompletion { if (showMeJob === run) showMe = ShowMeState.IDLE }
        return run
    }

    /** Stops "show me" (its search, or its playing between two moves); the player goes on by hand. */
    fun stopShowingMe() {
        showMeJob?.cancel()
        showMeCancel?.cancel()
        showMeJob = null
        showMe = ShowMeState.IDLE
    }

    private suspend fun playLine(asked: Game, line: List<PlayerMove>) {
        for (move in line) {
            delay(showMePaceMs)
            currentCoroutineContext().ensureActive() // a stop that came as the wait ended
            val update = try {
                coreCalls++
                asked.act(Action.Assisted(move))
            } catch (e: GameException.IllegalMove) {
                return // the position is no longer the one the line was found for
            } catch (e: GameException) {
                message = "msg_solver_move_failed"
                return
            }
            drawn(update)
        }
    }

    /**
     * Plays a player's action (which stops "show me") in one call to the core, and draws what
     * changed. Refused (nothing to undo, a card that moved meanwhile), the table stays as it is.
     */
    private fun play(action: Action, stopShowing: Boolean = true, force: Boolean = false) {
        if (stopShowing) stopShowingMe()
        val update = try {
            coreCalls++
            game.act(action)
        } catch (e: GameException) {
            return
        }
        drawn(update, force)
    }

    /** Lays `update` over the table; a changed position is saved and checked like any other. */
    private fun drawn(update: Update, force: Boolean = false) {
        if (update.outcome != Outcome.UNCHANGED) {
            receiver = update.piles.firstOrNull { it.cardCount > (table.pile(it.pile)?.cardCount ?: it.cardCount) }?.pile
        }
        table = table.apply(update)
        status = update.status
        if (update.outcome != Outcome.UNCHANGED || force) changed()
    }

    private fun changed() {
        stopSearches()
        revision++
        picked = null
        hint = null
        message = null
        refusal = null
        notice = when (status.state) {
            PlayState.WON -> Notice.Won
            PlayState.LOST -> Notice.NoMoreMoves
            PlayState.PLAYING -> notice.takeIf { it is Notice.Confirm || it is Notice.AskDealNumber }
        }
        save()
        if (status.state == PlayState.WON) {
            // Until the save that counts this win is read back, there are none to show: the
            // dialog would tell the numbers from before it.
            stats = null
            loadStats() // queued after that save
        }
        checkStillWinnable()
    }

    private fun loadStats() {
        val kind = status.kind
        workers.enqueue {
            stats = try {
                store.stats(kind)
            } catch (e: GameException) {
                message = "msg_stats_not_read"
                null
            }
        }
    }

    private fun save() {
        val saved = game
        workers.enqueue {
            try {
                store.save(saved)
            } catch (e: GameException.Storage) {
                // The core's words for the cause ("… the device is full"); they take no arguments.
                message = e.phrase.key
            } catch (e: GameException.InUse) {
                // Another process opened this game since the player left it (a new deal landing
                // after Back): its save stays as that process wrote it.
                message = "msg_game_in_use"
            } catch (e: GameException) {
                message = "msg_not_saved"
            }
        }
    }

    /** Their answers would be about a position that is gone, or a game no longer on screen. */
    private fun stopSearches() {
        stopWinnableCheck()
        hintCancel?.cancel()
        undoCancel?.cancel()
    }

    /** Asks once play pauses: a quick player's every move would otherwise start a search. */
    private fun checkStillWinnable() {
        stopWinnableCheck() // a newer position's check replaces it
        if (status.state != PlayState.PLAYING) return
        val asked = game
        val cancel = CancelFlag().also { winnableCancel = it }
        winnableCheck = scope.launch {
            delay(WINNABLE_CHECK_AFTER_MS)
            val answer = withContext(workers.search) { asked.stillWinnable(300u, cancel) }
            if (asked !== game || answer.moves != status.moves) return@launch // about an older position
            when (answer.verdict) {
                Verdict.UNWINNABLE -> if (!unwinnableDismissed && notice == null) notice = Notice.Unwinnable
                Verdict.WINNABLE -> keptPlaying -= lostKey(asked)
                Verdict.UNKNOWN -> Unit
            }
        }
    }

    private fun stopWinnableCheck() {
        winnableCheck?.cancel()
        winnableCancel?.cancel()
    }
}

/** How long play must pause before the still-winnable search starts. */
const val WINNABLE_CHECK_AFTER_MS = 600L

/** The wait between two moves "show me" plays, so a person can follow them. */
const val SHOW_ME_PACE_MS = 500L

/** How long "show me" lets the solver search for a win. */
const val SHOW_ME_BUDGET_MS = 10_000u

/** Which game a closed cannot-be-won notice is about: its kind, deal and day, whatever the move. */
private fun lostKey(game: Game): String = game.status().let { "${it.kind}/${it.deal}/${it.daily}" }
