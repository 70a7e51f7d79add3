package app.solitaire.ui.proof

import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Outcome
import app.solitaire.core.PlayState
import app.solitaire.core.PlayerMove
import app.solitaire.core.Viewport
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.Notice
import app.solitaire.ui.shared.ShowMeState
import app.solitaire.ui.shared.statsLine
import kotlinx.coroutines.runBlocking
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** "Show me": the solver's line played through the controller, stopped, undone, and how it counts. */
class ShowMeTest {
    /** Proved winnable (core/src/solver/proven/), with a short line; iOS's tests use the same deals. */
    private val provenDnieper: ULong = 2u
    private val provenYakutatBay: ULong = 6u
    private val viewport = Viewport(1024f, 768f, 0f, 0f, 0f, 0f)

    @Test
    fun showMePlaysAProvenDealToTheWinWhichCountsAsPlayedAndAssistedNotWon() {
        val store = newStore()
        val controller = GameController(Game(GameKind.DNIEPER, provenDnieper), store, testScope, workers, showMePaceMs = 0)
        runBlocking { controller.showMeTheWin().join() }
        assertEquals(PlayState.WON, controller.status.state)
        assertTrue(controller.status.assisted)
        assertEquals(ShowMeState.IDLE, controller.showMe)
        eventually("the win is recorded") { controller.stats?.played == 1u }
        val stats = store.stats(GameKind.DNIEPER)
        assertEquals(1u, stats.played)
        assertEquals(0u, stats.won)
        assertEquals(1u, stats.assisted)
        assertNull(stats.bestTimeMs)
        assertNull(stats.fewestMoves)
        assertEquals("Played 1, won 0 (0%), finished by show me 1 · streak 0, best 0", statsLine(english, stats))
        assertEquals("Jouées\u00a0:\u00a01, gagnées\u00a0:\u00a00 (0\u202f%), par le solveur\u00a0:\u00a01 · série\u00a0:\u00a00, record\u00a0:\u00a00", statsLine(french, stats))
    }

    @Test
    fun stoppingMidwayLeavesAGameToPlayByHandWithUndoAcrossTheSolversMoves() {
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, provenYakutatBay), newStore(), testScope, workers, showMePaceMs = 50)
        val opening = Game(GameKind.YAKUTAT_BAY, provenYakutatBay).use { it.table(viewport) }
        val run = controller.showMeTheWin()
        eventually("the solver plays three moves") { controller.status.moves >= 3u }
        controller.stopShowingMe()
        runBlocking { run.join() }
        assertEquals(ShowMeState.IDLE, controller.showMe)
        assertEquals(PlayState.PLAYING, controller.status.state)

        while (controller.status.canUndo) controller.undo()
        assertEquals(opening, controller.game.table(viewport))
        val card = opening.cards.filter { it.movable && it.face != null }.first { card ->
            Game(GameKind.YAKUTAT_BAY, provenYakutatBay).use { it.tap(card.pile, card.position) == Outcome.MOVED }
        }
        val before = controller.status.moves
        controller.tap(card.pile, card.position)
        assertTrue(controller.status.moves > before, "a move by hand plays after show me stopped")
    }

    @Test
    fun anyPlayerActionStopsShowMe() {
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, provenYakutatBay), newStore(), testScope, workers, showMePaceMs = 50)
        val run = controller.showMeTheWin()
        eventually("the solver plays a move") { controller.status.moves >= 1u }
        controller.undo()
        runBlocking { run.join() }
        assertEquals(ShowMeState.IDLE, controller.showMe)
        assertFalse(controller.status.state == PlayState.WON)
    }

    /** Dnieper deal 10 is proved unwinnable (it is missing from the proven list). */
    @Test
    fun thePlayerIsToldWhenTheSolverProvesTheGameLostOrFindsNothingInTime() {
        val lost = GameController(Game(GameKind.DNIEPER, 10u), newStore(), testScope, workers, showMePaceMs = 0)
        runBlocking { lost.showMeTheWin().join() }
        assertEquals("msg_unwinnable", lost.message)
        assertEquals(Notice.Unwinnable, lost.notice, "the cannot-be-won dialog, with undo to winnable")
        assertEquals(0u, lost.status.moves, "nothing was played")

        val hurried = GameController(Game(GameKind.DNIEPER, provenDnieper), newStore(), testScope, workers, showMePaceMs = 0)
        runBlocking { hurried.showMeTheWin(budgetMs = 0u).join() }
        assertEquals("msg_no_win_in_time", hurried.message)
        assertEquals(0u, hurried.status.moves)
        assertEquals(ShowMeState.IDLE, hurried.showMe)
    }

    /**
     * A hint in a position the solver proves lost says so, as "show me" does, and suggests
     * nothing: its heuristic's moves went round in circles there (Yakutat Bay deal 8, every 4 hints).
     */
    @Test
    fun aHintInALostPositionSaysItCannotBeWon() {
        val lost = GameController(Game(GameKind.YAKUTAT_BAY, 8u), newStore(), testScope, workers)
        lost.requestHint()
        eventually("the search is over") { lost.message != null }
        assertEquals("msg_unwinnable", lost.message)
        assertNull(lost.hint)
        assertEquals(Notice.Unwinnable, lost.notice, "the cannot-be-won dialog, as for show me")
    }

    /**
     * Undo to winnable on Dnieper deal 10, lost as dealt, after a move: there is nothing to undo to, so it shows
     * the dialog for a lost deal, which offers another (it said "no winnable position was found in time", and
     * offered undo to winnable again), and leaves the game as it is.
     */
    @Test
    fun undoToWinnableInADealLostAsDealtOffersAnotherDeal() {
        val lost = GameController(Game(GameKind.DNIEPER, 10u), newStore(), testScope, workers, showMePaceMs = 0)
        lost.play(PlayerMove.Stock)
        assertEquals(1u, lost.status.moves)
        assertFalse(lost.unwinnableFromTheDeal, "a move to undo, for all the app knows yet")
        lost.undoToWinnable()
        // Both, since the search's answer sets one after the other on another thread.
        eventually("the search proves the deal lost") { lost.unwinnableFromTheDeal && lost.notice == Notice.Unwinnable }
        assertNull(lost.message)
        assertEquals(1u, lost.status.moves)
    }
}
