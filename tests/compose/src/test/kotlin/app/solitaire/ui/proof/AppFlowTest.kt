package app.solitaire.ui.proof

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.ui.Modifier
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.hasContentDescription
import androidx.compose.ui.test.hasScrollAction
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.unit.dp
import androidx.compose.ui.test.hasStateDescription
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import app.solitaire.core.DailyDate
import app.solitaire.core.DailyOverview
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.GameStats
import app.solitaire.core.PileKind
import app.solitaire.core.Verdict
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import app.solitaire.ui.shared.dailyRows
import app.solitaire.ui.shared.statsRows
import org.junit.Rule
import org.junit.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The whole app: choose a game, play, go back, and find it waiting where it was. */
class AppFlowTest {
    @get:Rule
    val rule = createComposeRule()

    @Test
    fun aGameLeftInProgressIsBadgedAndResumedExactly() {
        // A deal still winnable after the stock is dealt: in an unwinnable one the still-winnable
        // check may put its dialog over "Games" before the click, whenever the solver is quick.
        val deal: ULong = 1u
        Game(GameKind.DNIEPER, deal).use { twin ->
            twin.dealStock()
            assertEquals(Verdict.WINNABLE, twin.stillWinnable(60_000u).verdict, "deal $deal suits this test")
        }
        val app = AppController(newStore(), testScope, workers, newDeal = { Game(it, deal) })
        rule.setContent { Themed(dark = false) { SolitaireApp(app) } }

        rule.onNodeWithText("Dnieper").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { app.screen is Screen.Play }
        val game = assertNotNull(app.playing)
        rule.waitForIdle() // the table drawn
        val stockTop = game.table.pileOf(PileKind.STOCK).last()
        rule.onNodeWithTag("card-${stockTop.id}").performClick()
        rule.waitForIdle()
        val position = game.game.positionJson()
        assertTrue(game.status.canUndo, "the deal was played")

        rule.onNodeWithText("Games").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { app.overview.any { it.info.kind == GameKind.DNIEPER && it.inProgress } }
        // TalkBack hears it with the game's row (its state), not as a stop of its own, and the
        // row's Rules button names its game (five "Rules" would sound alike).
        rule.onNode(hasStateDescription("In progress") and hasText("Dnieper")).assertIsDisplayed()
        rule.onNodeWithText("In progress").assertDoesNotExist()
        rule.onNodeWithContentDescription("Dnieper: rules").assertIsDisplayed()

        rule.onNodeWithText("Dnieper").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { app.screen is Screen.Play && app.playing !== game }
        assertEquals(position, assertNotNull(app.playing).game.positionJson(), "resumed exactly where it was left")
        assertIs<Screen.Play>(app.screen)
    }

    /** Back from a game's rules, the list of games is where it was scrolled, not at its top. */
    @Test
    fun theListOfGamesKeepsItsPlaceAcrossARulesPage() {
        val app = AppController(newStore(), testScope, workers)
        rule.setContent { Themed(dark = false) { Box(Modifier.size(400.dp, 500.dp)) { SolitaireApp(app) } } }
        rule.onNode(hasScrollAction()).performScrollToNode(hasContentDescription("How They Run: rules"))
        rule.onNodeWithContentDescription("How They Run: rules").performClick()
        rule.waitForIdle()
        assertIs<Screen.Rules>(app.screen)
        rule.onNodeWithText("Back").performClick()
        rule.waitForIdle()
        assertIs<Screen.Chooser>(app.screen)
        rule.onNodeWithContentDescription("How They Run: rules").assertIsDisplayed()
        rule.onNodeWithText("Solitaire").assertDoesNotExist()
    }

    /** From the chooser, the statistics page: the daily streaks, then every game's results. */
    @Test
    fun theStatisticsPageShowsEveryGameAndTheDailyStreaks() {
        val app = AppController(newStore(), testScope, workers)
        rule.setContent { Themed(dark = false) { SolitaireApp(app) } }
        rule.onNodeWithText("Statistics").performClick()
        rule.waitForIdle()
        assertIs<Screen.Statistics>(app.screen)
        assertEquals("statistics", app.route, "a killed process comes back to it")
        rule.onNodeWithText("Current daily streak").assertIsDisplayed()
        rule.onNodeWithText("Dnieper").assertIsDisplayed()
        rule.onNodeWithText("Back").performClick()
        rule.waitForIdle()
        assertIs<Screen.Chooser>(app.screen)
    }

    @Test
    fun statisticsRowsSayEachResult() {
        val stats = GameStats(played = 3u, won = 2u, currentStreak = 1u, bestStreak = 2u, bestTimeMs = 125_000uL, fewestMoves = 98u, assisted = 1u)
        assertEquals(
            listOf(
                "Played" to "3", "Won" to "2", "Finished by show me" to "1", "Win rate" to "66%",
                "Current streak" to "1", "Best streak" to "2", "Best time" to "2:05", "Fewest moves" to "98",
            ),
            statsRows(english, stats),
        )
        assertEquals("–", statsRows(english, GameStats(0u, 0u, 0u, 0u, null, null, 0u)).toMap()["Win rate"], "no rate before a game is played")
        assertEquals(
            listOf(
                "Parties jouées" to "3", "Parties gagnées" to "2", "Terminées par le solveur" to "1", "Taux de réussite" to "66\u202f%",
                "Série en cours" to "1", "Meilleure série" to "2", "Meilleur temps" to "2:05", "Moins de coups" to "98",
            ),
            statsRows(french, stats),
        )
        val daily = DailyOverview(DailyDate(2026, 11u, 30u), emptyList(), currentStreak = 1u, bestStreak = 2_000u)
        assertEquals(listOf("Current daily streak" to "1 day", "Best daily streak" to "2,000 days"), dailyRows(english, daily))
        assertEquals(
            listOf("Série quotidienne en cours" to "1 jour", "Meilleure série quotidienne" to "2\u202f000 jours"),
            dailyRows(french, daily),
        )
    }

    /** The shared UI must stay free of Android-only APIs, or Compose Multiplatform cannot build it. */
    @Test
    fun sharedUiUsesNoAndroidOnlyApi() {
        val shared = File(System.getProperty("shared.ui") ?: error("shared.ui not set"))
        val forbidden = Regex("""^import (android\.|androidx\.(activity|lifecycle|core)\.|app\.solitaire\.R\b)""")
        val files = shared.walk().filter { it.extension == "kt" }.toList()
        assertTrue(files.size >= 5, "shared UI found at $shared")
        for (file in files) {
            val bad = file.readLines().filter { forbidden.containsMatchIn(it) }
            assertTrue(bad.isEmpty(), "${file.name} imports Android-only APIs: $bad")
        }
    }
}
