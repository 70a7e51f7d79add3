package app.solitaire.ui.proof

import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PileKind
import app.solitaire.core.Verdict
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
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
        rule.onNodeWithText("In progress").assertIsDisplayed()

        rule.onNodeWithText("Dnieper").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { app.screen is Screen.Play && app.playing !== game }
        assertEquals(position, assertNotNull(app.playing).game.positionJson(), "resumed exactly where it was left")
        assertIs<Screen.Play>(app.screen)
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
