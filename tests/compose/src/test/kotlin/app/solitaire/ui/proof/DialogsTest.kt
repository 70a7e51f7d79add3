package app.solitaire.ui.proof

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.LocalSaveableStateRegistry
import androidx.compose.runtime.saveable.SaveableStateRegistry
import androidx.compose.runtime.setValue
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsFocused
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.getBoundsInRoot
import androidx.compose.ui.test.getUnclippedBoundsInRoot
import androidx.compose.ui.test.hasScrollAction
import androidx.compose.ui.test.hasSetTextAction
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performSemanticsAction
import androidx.compose.ui.test.performImeAction
import androidx.compose.ui.test.performTextInput
import androidx.compose.ui.test.runSkikoComposeUiTest
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.height
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PlayState
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.Notice
import app.solitaire.ui.shared.NoticeDialogs
import app.solitaire.ui.shared.Workers
import app.solitaire.ui.shared.statsLine
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import org.junit.Rule
import org.junit.Test
import java.util.concurrent.CountDownLatch
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

class DialogsTest {
    @get:Rule
    val rule = createComposeRule()

    /**
     * A rotation recreates the dialog from its saved state (as Android does; Compose's own
     * StateRestorationTester is not implemented on the desktop): the number typed stays.
     */
    @Test
    fun theDealNumberTypedSurvivesARotation() {
        val controller = controller(GameKind.ZERLINE)
        controller.askDealNumber()
        var registry by mutableStateOf(SaveableStateRegistry(null) { true })
        var shown by mutableStateOf(true)
        rule.setContent {
            if (shown) {
                CompositionLocalProvider(LocalSaveableStateRegistry provides registry) {
                    Themed(dark = false) { NoticeDialogs(controller, onBackToGames = {}) }
                }
            }
        }
        rule.onNode(hasSetTextAction()).performTextInput("4321")
        val saved = rule.runOnIdle { registry.performSave() }
        shown = false
        rule.waitForIdle()
        registry = SaveableStateRegistry(saved) { true }
        shown = true
        rule.onNode(hasSetTextAction()).assertTextContains("4321")
    }

    /** The deal's number is typed at once (its field has the focus: a click on it was needed), and Enter deals it. */
    @Test
    fun theDealNumbersFieldHasTheFocus() {
        val controller = controller(GameKind.ZERLINE)
        controller.askDealNumber()
        rule.setContent { Themed(dark = false) { NoticeDialogs(controller, onBackToGames = {}) } }
        rule.onNode(hasSetTextAction()).assertIsFocused()
        // Enter deals, as the button does (it did nothing).
        rule.onNode(hasSetTextAction()).performTextInput("12")
        rule.onNode(hasSetTextAction()).performImeAction()
        rule.waitUntil(timeoutMillis = 10_000) { controller.game.status().deal == 12uL }
    }

    /**
     * Held sideways at Android's largest text size (200%), a win's words do not fit the dialog:
     * they scroll, down to the last line (Material clipped them).
     */
    @OptIn(ExperimentalTestApi::class)
    @Test
    fun aWinsWordsScrollIntoViewAtTheLargestTextSizeHeldSideways() = runSkikoComposeUiTest(Size(844f, 390f), Density(1f, fontScale = 2f)) {
        val controller = GameController(Game(GameKind.CHEQUERS, 437u), newStore(), testScope, workers)
        val line = Game(GameKind.CHEQUERS, 437u).use { it.showMe(600_000u) }
        line.moves.forEach { controller.play(it) }
        // (The statistics read when the controller was made come first: no win in them.)
        eventually("the win is counted") { controller.stats?.won == 1u }
        setContent { Themed(dark = false, words = french) { NoticeDialogs(controller, onBackToGames = {}) } }
        val counted = statsLine(french, assertNotNull(controller.stats))
        waitUntil { onAllNodesWithText(counted).fetchSemanticsNodes().isNotEmpty() }
        val stats = onNodeWithText(counted)
        onNode(hasScrollAction()).performSemanticsAction(SemanticsActions.ScrollBy) { scroll -> scroll(0f, 10_000f) }
        assertEquals(stats.getUnclippedBoundsInRoot().bottom, stats.getBoundsInRoot().bottom, "the statistics' last line cannot be seen")
        onNodeWithText("Retour aux jeux").assertIsDisplayed()
    }

    /** The same, asking for a deal's number: the field keeps its height and scrolls into view (Material squeezed it). */
    @OptIn(ExperimentalTestApi::class)
    @Test
    fun theDealNumbersFieldKeepsItsHeightAtTheLargestTextSizeHeldSideways() = runSkikoComposeUiTest(Size(844f, 390f), Density(1f, fontScale = 2f)) {
        val controller = controller(GameKind.ZERLINE)
        controller.askDealNumber()
        setContent { Themed(dark = false, words = french) { NoticeDialogs(controller, onBackToGames = {}) } }
        val field = onNode(hasSetTextAction())
        onNode(hasScrollAction()).performSemanticsAction(SemanticsActions.ScrollBy) { scroll -> scroll(0f, 10_000f) }
        assertEquals(field.getUnclippedBoundsInRoot().bottom, field.getBoundsInRoot().bottom, "the field's foot cannot be seen")
        assertTrue(field.getUnclippedBoundsInRoot().height >= 56.dp, "the field is squeezed: ${field.getUnclippedBoundsInRoot().height}")
    }

    /**
     * A win's dialog never shows statistics without that win: until the save that counts it has
     * been read back, it shows none (it once showed those read when the game opened, "Played 0").
     */
    @Test
    fun aWinsDialogWaitsForTheStatisticsThatCountIt() {
        val gate = CountDownLatch(1)
        val slow = Workers(saves = Dispatchers.IO.limitedParallelism(1), search = Dispatchers.Default)
        val controller = GameController(Game(GameKind.CHEQUERS, 437u), newStore(), testScope, slow)
        runBlocking { withContext(slow.saves) {} } // whatever opening the game asked of the disk has landed
        slow.enqueue { gate.await() } // the disk stalls: no save lands, nothing is read back
        try {
            val line = Game(GameKind.CHEQUERS, 437u).use { it.showMe(600_000u) }
            line.moves.forEach { controller.play(it) }
            rule.setContent { Themed(dark = false) { NoticeDialogs(controller, onBackToGames = {}) } }
            rule.onNodeWithText("You won!").assertIsDisplayed()
            rule.onAllNodesWithText("Played", substring = true).assertCountEquals(0)
        } finally {
            gate.countDown()
        }
        rule.waitUntil(timeoutMillis = 10_000) { rule.onAllNodesWithText("Played 1, won 1", substring = true).fetchSemanticsNodes().isNotEmpty() }
    }

    /**
     * A deal lost from its start says so, with another deal as the way out ("can no longer be
     * won: undo back?" read wrong with nothing to undo); after a move, undo to winnable is offered.
     */
    @Test
    fun aDealLostFromItsStartOffersAnotherDealNotAnUndo() {
        // Yakutat Bay deal 24 is proved unwinnable from the deal, where auto-play makes a move of its own (which can
        // be undone, to no avail).
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, 24u), newStore(), testScope, workers)
        controller.setAutoPlay(true)
        assertTrue(controller.status.canUndo && controller.status.moves == 0u, "auto-play moved at the deal")
        controller.resume()
        eventually("the cannot-be-won dialog") { controller.notice == Notice.Unwinnable }
        rule.setContent { Themed(dark = false) { NoticeDialogs(controller, onBackToGames = {}) } }
        rule.onNodeWithText("This deal cannot be won").assertIsDisplayed()
        rule.onNodeWithText("New deal").assertIsDisplayed()
        rule.onAllNodesWithText("Undo to winnable").assertCountEquals(0)

        // Any move of the player's, as a screen reader offers them.
        rule.runOnIdle { controller.speak(controller.speech().flatMap { it.moves }.first().action) }
        rule.waitUntil(timeoutMillis = 10_000) { rule.onAllNodesWithText("This game can no longer be won").fetchSemanticsNodes().isNotEmpty() }
        rule.onNodeWithText("Undo to winnable").assertIsDisplayed()
    }

    /**
     * A win undone after it was counted stays a win: another deal asks nothing (it asked, saying
     * the game would count as lost, which it did not).
     */
    @Test
    fun aCountedWinUndoneIsGivenUpWithoutAsking() {
        val store = newStore()
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, 6u), store, testScope, workers)
        Game(GameKind.YAKUTAT_BAY, 6u).use { it.showMe(10_000u) }.moves.forEach { controller.play(it) }
        drainSaves() // the win is counted
        controller.undo()
        assertEquals(PlayState.PLAYING, controller.status.state)
        controller.requestNewGame(NewGame.Random)
        assertEquals(null, controller.notice, "no question")
        eventually("the new deal") { controller.status.moves == 0u }
        drainSaves()
        val stats = store.stats(GameKind.YAKUTAT_BAY)
        assertEquals(1u to 1u, stats.played to stats.won)
    }
}
