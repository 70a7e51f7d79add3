package app.solitaire.ui.proof

import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PlayState
import app.solitaire.core.PlayerMove
import app.solitaire.core.Verdict
import app.solitaire.core.dailyDeal
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import org.junit.Rule
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The daily deals: listed in the chooser for the day, opened in their own slot, marked once won. */
class DailyTest {
    @get:Rule
    val rule = createComposeRule()

    /** Chequers' deal of this day is 437 (pinned in core/tests/daily.rs). */
    private val day = DailyDate(2026, 11u, 30u)

    @Test
    fun theChooserListsTheDaysDealsOpensOneAndMarksItOnceWon() {
        val store = newStore()
        val app = AppController(store, testScope, workers, today = { day })
        rule.setContent { Themed(dark = false) { SolitaireApp(app) } }
        rule.waitUntil(timeoutMillis = 10_000) { app.daily != null }
        val listed = assertNotNull(app.daily).games.associate { it.kind to it.deal }
        assertEquals(GameKind.entries.associateWith { dailyDeal(it, day) }, listed)
        assertEquals(437uL, listed[GameKind.CHEQUERS])

        rule.onNodeWithText("Chequers: deal 437").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { app.screen is Screen.Play }
        val playing = assertNotNull(app.playing)
        assertEquals(day, playing.status.daily)
        assertEquals(437uL, playing.status.deal)
        assertEquals("daily:chequers", app.route, "a killed process comes back to the daily game")
        playing.requestNewGame(NewGame.Random)
        assertEquals(437uL, playing.game.status().deal, "a daily game is only restarted, never replaced")
        // Nor does its New… menu offer another deal, only the restart.
        rule.onNodeWithText("New…").performClick()
        rule.onNodeWithText("Restart this deal").assertExists()
        rule.onAllNodesWithText("New deal").assertCountEquals(0)
        rule.onAllNodesWithText("Deal by number…").assertCountEquals(0)

        // Won by hand (the solver's line played as the player's own moves, not "show me").
        val line = Game(GameKind.CHEQUERS, 437u).use { it.showMe(600_000u) }
        assertEquals(Verdict.WINNABLE, line.verdict)
        for (move in line.moves) {
            when (move) {
                is PlayerMove.Transfer -> playing.game.moveCards(move.from, move.count, move.to)
                PlayerMove.Stock -> playing.game.dealStock()
            }
        }
        assertEquals(PlayState.WON, playing.game.status().state)
        rule.runOnIdle { app.back() }
        rule.waitUntil(timeoutMillis = 10_000) { app.daily?.games?.any { it.kind == GameKind.CHEQUERS && it.won } == true }
        val daily = assertNotNull(app.daily)
        assertEquals(1u, daily.currentStreak)
        assertTrue(daily.games.filter { it.kind != GameKind.CHEQUERS }.none { it.won })
        rule.onNodeWithText("✓ Chequers: won today").assertExists()
    }

    /**
     * The chooser left on screen overnight, the app in the background: back in the foreground
     * it lists the new day's deals, not yesterday's (tapping one always opened today's).
     */
    @Test
    fun aNightInTheBackgroundBringsTheNewDaysDeals() {
        var today = day
        val app = AppController(newStore(), testScope, workers, today = { today })
        rule.setContent { Themed(dark = false) { SolitaireApp(app) } }
        rule.waitUntil(timeoutMillis = 10_000) { app.daily?.date == day }
        rule.onNodeWithText("Chequers: deal 437").assertExists()
        app.onBackground()
        val next = DailyDate(2026, 12u, 1u)
        today = next
        app.onForeground()
        rule.waitUntil(timeoutMillis = 10_000) { app.daily?.date == next }
        rule.onNodeWithText("Chequers: deal ${dailyDeal(GameKind.CHEQUERS, next)}").assertExists()
        rule.onNodeWithText("Chequers: deal 437").assertDoesNotExist()
    }

    /**
     * A daily deal won: the dialog offers no other deal, which would be saved over the game of
     * this kind in progress (its button once dealt one past `requestNewGame`'s refusal).
     */
    @Test
    fun aDailyDealsWinOffersNoOtherDeal() {
        val store = newStore()
        val app = AppController(store, testScope, workers, today = { day })
        app.openDaily(info(GameKind.CHEQUERS))
        rule.waitUntil(timeoutMillis = 10_000) { app.playing?.status?.daily == day }
        val playing = assertNotNull(app.playing)
        rule.setContent { Themed(dark = false) { GameScreen(playing, info(GameKind.CHEQUERS), onBack = {}, onRules = {}) } }
        val line = Game(GameKind.CHEQUERS, 437u).use { it.showMe(600_000u) }
        rule.runOnIdle { line.moves.forEach { playing.play(it) } }
        rule.onNodeWithText("You won!").assertIsDisplayed()
        rule.onNodeWithText("Back to games").assertIsDisplayed()
        rule.onNodeWithText("New deal").assertDoesNotExist()
    }
}
