package app.solitaire.ui.proof

import androidx.compose.foundation.layout.Box
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.Modifier
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.doubleClick
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performKeyInput
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.pressKey
import androidx.compose.ui.test.requestFocus
import androidx.compose.ui.test.withKeyDown
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PileKind
import app.solitaire.core.Viewport
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.LocalDoubleClickHome
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.Notice
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import app.solitaire.ui.shared.keyboardShortcuts
import org.junit.Rule
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The keyboard's shortcuts and the mouse's double click, on the whole app as the desktop window shows it. */
@OptIn(ExperimentalTestApi::class)
class ShortcutsTest {
    @get:Rule
    val rule = createComposeRule()

    private fun show(game: Game): Pair<AppController, GameController> {
        val app = AppController(newStore(), testScope, workers)
        rule.setContent {
            Themed(dark = false) {
                CompositionLocalProvider(LocalDoubleClickHome provides true) {
                    Box(Modifier.keyboardShortcuts(app)) { SolitaireApp(app) }
                }
            }
        }
        val controller = rule.runOnIdle { app.open(info(game.status().kind), game) }
        rule.waitForIdle()
        return app to controller
    }

    private fun keys(block: androidx.compose.ui.test.KeyInjectionScope.() -> Unit) {
        rule.onRoot().performKeyInput(block)
        rule.waitForIdle()
    }

    /** Dnieper deal 1 shown, and its stock dealt once: the positions before and after. */
    private data class Dealt(val app: AppController, val controller: GameController, val start: String, val dealt: String)

    private fun showDealt(): Dealt {
        // Still winnable once the stock is dealt (AppFlowTest checks): no "can no longer be won" dialog.
        val (app, controller) = show(Game(GameKind.DNIEPER, 1u))
        val start = controller.game.positionJson()
        rule.runOnIdle { controller.dealStock() }
        val dealt = controller.game.positionJson()
        assertNotEquals(start, dealt)
        return Dealt(app, controller, start, dealt)
    }

    @Test
    fun undoRedoHintNewDealAndBack() {
        val (app, controller, start, dealt) = showDealt()

        keys { withKeyDown(Key.CtrlLeft) { pressKey(Key.Z) } }
        assertEquals(start, controller.game.positionJson(), "Ctrl+Z undoes")
        keys { withKeyDown(Key.CtrlLeft) { withKeyDown(Key.ShiftLeft) { pressKey(Key.Z) } } }
        assertEquals(dealt, controller.game.positionJson(), "Ctrl+Shift+Z redoes")
        keys { withKeyDown(Key.MetaLeft) { pressKey(Key.Z) } }
        assertEquals(start, controller.game.positionJson(), "Cmd+Z undoes")
        keys { withKeyDown(Key.CtrlLeft) { pressKey(Key.Y) } }
        assertEquals(dealt, controller.game.positionJson(), "Ctrl+Y redoes")

        keys { pressKey(Key.H) }
        rule.waitUntil(10_000) { controller.hint != null || controller.message != null }

        for (key in listOf(Key.N, Key.F2)) {
            keys { pressKey(key) }
            assertEquals(Notice.Confirm(NewGame.Random), controller.notice, "$key asks before giving up a game with moves")
            rule.runOnIdle { controller.dismissNotice() }
            rule.waitForIdle()
        }
        keys { withKeyDown(Key.CtrlLeft) { pressKey(Key.N) } }
        assertEquals(Notice.Confirm(NewGame.Random), controller.notice, "Ctrl+N asks too")
        rule.runOnIdle { controller.dismissNotice() }
        rule.waitForIdle()
        assertEquals(dealt, controller.game.positionJson(), "nothing was dealt without a yes")

        keys { pressKey(Key.Escape) }
        assertIs<Screen.Chooser>(app.screen, "Esc goes back to the chooser")
    }

    /**
     * The shortcuts go on working after the button that had focus is disabled: Undo clicked back
     * to the deal left nothing focused, and no key reached the app until Tab.
     */
    @Test
    fun shortcutsOutliveTheFocusedButtonBeingDisabled() {
        val (_, controller, start, dealt) = showDealt()
        val undo = rule.onNodeWithText("Undo")
        undo.requestFocus()
        undo.performClick()
        rule.waitForIdle()
        assertEquals(start, controller.game.positionJson())
        keys { withKeyDown(Key.CtrlLeft) { pressKey(Key.Y) } }
        assertEquals(dealt, controller.game.positionJson(), "Ctrl+Y redoes")
    }

    /** The New… menu keeps the keyboard while it is open: the root, taking focus back, must not take it. */
    @Test
    fun theNewMenuTakesArrowsAndEnter() {
        val (_, controller) = show(Game(GameKind.DNIEPER, 1u))
        rule.onNodeWithText("New…").performClick()
        rule.waitForIdle()
        rule.onNodeWithText("New deal").performKeyInput {
            repeat(3) { pressKey(Key.DirectionDown) }
            pressKey(Key.Enter)
        }
        rule.waitForIdle()
        assertEquals(Notice.AskDealNumber, controller.notice, "the third item, Deal by number…, chosen by the keyboard")
    }

    @Test
    fun aDoubleClickPlaysACardHome() {
        // The first Yakutat Bay deal with a card that can go home at once.
        val viewport = Viewport(1024f, 600f, 0f, 0f, 0f, 0f)
        val (game, card) = (1uL..200uL).firstNotNullOf { deal ->
            val game = Game(GameKind.YAKUTAT_BAY, deal)
            val table = game.view(viewport)
            val foundations = table.piles.filter { it.kind == PileKind.FOUNDATION }.map { it.pile }.toSet()
            table.cards.firstOrNull { it.movable && it.face != null && game.destinations(it.pile, it.position).any { to -> to in foundations } }
                ?.let { game to it } ?: null.also { game.close() }
        }
        val (_, controller) = show(game)
        rule.onNodeWithTag("card-${card.id}").performTouchInput { doubleClick() }
        rule.waitForIdle()
        val table = controller.game.view(viewport)
        val moved = assertNotNull(table.cards.firstOrNull { it.id == card.id })
        assertEquals(PileKind.FOUNDATION, table.piles.first { it.pile == moved.pile }.kind, "a double click plays the card home")
        assertEquals(1u, controller.status.moves, "in one move")
        assertTrue(controller.status.canUndo)
    }
}
