package app.solitaire.ui.shared

import androidx.compose.foundation.focusable
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.remember
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.Modifier
import androidx.compose.ui.focus.FocusRequester
import androidx.compose.ui.focus.focusRequester
import androidx.compose.ui.focus.onFocusChanged
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEvent
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.input.key.isAltPressed
import androidx.compose.ui.input.key.isCtrlPressed
import androidx.compose.ui.input.key.isMetaPressed
import androidx.compose.ui.input.key.isShiftPressed
import androidx.compose.ui.input.key.key
import androidx.compose.ui.input.key.onKeyEvent
import androidx.compose.ui.input.key.type
import app.solitaire.core.CardView
import app.solitaire.core.PileKind
import app.solitaire.core.PlayerMove

/**
 * A keyboard's shortcuts (a desktop window, a tablet with a keyboard), on the app's root: they
 * reach it from whatever inside has focus, and it takes focus back after each screen or dialog,
 * and whenever focus leaves it for nothing: a button that had it disabled (Undo clicked back to
 * the deal) left no key reaching the app until Tab. Not while a dialog (a notice, or the app's
 * message) shows: focus is its.
 */
@Composable
fun Modifier.keyboardShortcuts(app: AppController): Modifier {
    val focus = remember { FocusRequester() }
    LaunchedEffect(app.screen, app.playing?.notice, app.message) { focus.requestFocus() }
    // (The New… menu's popup keeps its focus: checked in the window, where Down and Enter
    // still choose in it.)
    return onKeyEvent { app.onShortcut(it) }
        .onFocusChanged { if (!it.hasFocus && app.playing?.notice == null && app.message == null) focus.requestFocus() }
        .focusRequester(focus)
        .focusable()
}

/**
 * Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo, H hint, N, F2 or Ctrl/Cmd+N a new deal
 * (asking first when the game has moves, as the New… menu does), Esc back (or, with cards
 * picked up by the keyboard, put them back). `true`: handled.
 */
fun AppController.onShortcut(event: KeyEvent): Boolean {
    if (event.type != KeyEventType.KeyDown || event.isAltPressed) return false
    val command = event.isCtrlPressed || event.isMetaPressed
    if (event.key == Key.Escape && screen != Screen.Chooser) {
        onBack()
        return true
    }
    val game = playing?.takeIf { screen is Screen.Play } ?: return false
    when {
        command && event.key == Key.Z -> if (event.isShiftPressed) game.redo() else game.undo()
        command && event.key == Key.Y -> game.redo()
        event.key == Key.F2 || event.key == Key.N && !event.isShiftPressed -> game.requestNewGame(NewGame.Random)
        !command && !event.isShiftPressed && event.key == Key.H -> game.requestHint()
        else -> return false
    }
    return true
}

/**
 * Whether a double click plays a card to a foundation. Only where a mouse is (the desktop window):
 * listening for a second click holds every single tap back until the double-click time passes.
 */
val LocalDoubleClickHome = staticCompositionLocalOf { false }

/** A double click on `card`: with the cards on it, to the first foundation the core lets it go to, if any. */
fun GameController.playHome(card: CardView) {
    val from = table.pile(card.pile) ?: return
    val home = destinations(card).firstOrNull { table.pile(it)?.kind == PileKind.FOUNDATION } ?: return
    play(PlayerMove.Transfer(card.pile, from.cardCount - card.position, home))
}
