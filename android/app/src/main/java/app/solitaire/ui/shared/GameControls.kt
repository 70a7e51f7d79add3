package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.solitaire.core.PlayState

/**
 * Undo, redo, hint, the new-deal menu, show me and auto-play under the table: one row, or two
 * or three where a label's longest word would not fit its share of one (large text on a phone
 * held upright), so no word is ever cut in two. `columns`: how many a row may hold, most first
 * (beside the table, two or one).
 */
@Composable
fun GameControls(controller: GameController, modifier: Modifier = Modifier, columns: List<Int> = listOf(6, 3, 2)) {
    val status = controller.status
    val words = LocalWords.current
    var menuOpen by remember { mutableStateOf(false) }
    val newGame = Control(words.text("ui_new"), words.text("ui_new_game")) { menuOpen = true }
    val controls = listOf(
        Control(words.text("ui_undo"), enabled = status.canUndo) { controller.undo() },
        Control(words.text("ui_redo"), enabled = status.canRedo) { controller.redo() },
        Control(
            words.text(if (controller.searchingHint) "ui_hint_searching" else "ui_hint"),
            description = words.text("ui_hint"),
            labels = listOf(words.text("ui_hint"), words.text("ui_hint_searching")),
        ) { controller.requestHint() },
        newGame,
        showMeControl(controller, words),
        Control(
            label = words.text(if (status.autoPlay) "ui_auto_checked" else "ui_auto"),
            description = words.text("ui_auto_play"),
            state = words.text(if (status.autoPlay) "ui_on" else "ui_off"),
            labels = listOf(words.text("ui_auto"), words.text("ui_auto_checked")),
        ) { controller.setAutoPlay(!status.autoPlay) },
    )
    BoxWithConstraints(modifier.fillMaxWidth()) {
        // Every label a control may take counts: a bar that rearranged itself when "Show me"
        // became "Stop" put another button under the pointer (and resized the table).
        val perRow = perRow(controls.flatMap { it.labels }, maxWidth, columns)
        Column {
            for (row in controls.chunked(perRow)) {
                Row(Modifier.fillMaxWidth()) {
                    for (control in row) {
                        Box(Modifier.weight(1f)) {
                            ControlButton(control, Modifier.fillMaxWidth())
                            if (control === newGame) NewGameMenu(controller, menuOpen) { menuOpen = false }
                        }
                    }
                }
            }
        }
    }
}

/**
 * One control: what it shows, what TalkBack reads (`description`, and `state` after it), what it
 * does; `labels`, every label it may show, for the bar's arrangement.
 */
private class Control(
    val label: String,
    val description: String = label,
    val enabled: Boolean = true,
    val state: String? = null,
    val labels: List<String> = listOf(label),
    val onClick: () -> Unit,
)

/** Each control's side padding: six share a phone's width, so the default's would cut their labels. */
private val SidePadding = 2.dp

/**
 * How many controls share a row of `width`: of `columns`, the most whose share still holds
 * every label's longest word on one line (a label may wrap between words, onto two lines), else
 * the fewest.
 */
@Composable
private fun perRow(labels: List<String>, width: Dp, columns: List<Int>): Int {
    val widest = widestWord(labels, MaterialTheme.typography.labelLarge) // a TextButton's style
    val density = LocalDensity.current
    return columns.dropLast(1).firstOrNull { with(density) { (width / it - SidePadding * 2).toPx() } >= widest } ?: columns.last()
}

/**
 * The width, in pixels, of the widest word of `texts` set in `style` on one line: what a text
 * broken only between words needs across.
 */
@Composable
fun widestWord(texts: List<String>, style: TextStyle): Int {
    val measurer = rememberTextMeasurer()
    return texts.flatMap { it.split(' ') }.maxOf { measurer.measure(it, style, maxLines = 1, softWrap = false).size.width }
}

/** "Show me" while the player plays; "Stop" (searching or playing) while the solver does. */
private fun showMeControl(controller: GameController, words: Words): Control {
    val (stop, stopShowMe) = words.text("ui_stop") to words.text("ui_stop_show_me")
    val labels = listOf(words.text("ui_show_me"), stop)
    return when (controller.showMe) {
        ShowMeState.IDLE -> Control(labels[0], enabled = controller.status.state == PlayState.PLAYING, labels = labels) { controller.showMeTheWin() }
        ShowMeState.SEARCHING -> Control(stop, description = stopShowMe, state = words.text("ui_searching"), labels = labels) { controller.stopShowingMe() }
        ShowMeState.PLAYING -> Control(stop, description = stopShowMe, state = words.text("ui_playing"), labels = labels) { controller.stopShowingMe() }
    }
}

@Composable
private fun NewGameMenu(controller: GameController, expanded: Boolean, close: () -> Unit) {
    val words = LocalWords.current
    DropdownMenu(expanded = expanded, onDismissRequest = close) {
        fun choose(action: () -> Unit) {
            close()
            action()
        }
        // A daily game is only restarted (`offersOtherDeals`): the others would be refused.
        if (controller.offersOtherDeals) {
            DropdownMenuItem(text = { Text(words.text("ui_new_deal")) }, onClick = { choose { controller.requestNewGame(NewGame.Random) } })
            DropdownMenuItem(text = { Text(words.text("ui_new_winnable")) }, onClick = { choose { controller.requestNewGame(NewGame.Winnable) } })
            DropdownMenuItem(text = { Text(words.text("ui_deal_by_number")) }, onClick = { choose { controller.askDealNumber() } })
        }
        DropdownMenuItem(text = { Text(words.text("ui_restart_deal")) }, onClick = { choose { controller.requestNewGame(NewGame.Restart) } })
    }
}

/** A text button at least 48 dp tall; its description is what TalkBack reads. */
@Composable
private fun ControlButton(control: Control, modifier: Modifier) {
    TextButton(
        onClick = control.onClick,
        enabled = control.enabled,
        contentPadding = PaddingValues(horizontal = SidePadding),
        modifier = modifier.heightIn(min = 48.dp).semantics {
            contentDescription = control.description
            control.state?.let { stateDescription = it }
        },
    ) {
        Text(control.label, maxLines = 2, overflow = TextOverflow.Ellipsis, textAlign = TextAlign.Center)
    }
}
