package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.solitaire.core.PlayState

/** Undo, redo, hint, the new-deal menu, show me and auto-play: one row under the table. */
@Composable
fun GameControls(controller: GameController, modifier: Modifier = Modifier) {
    val status = controller.status
    val words = LocalWords.current
    Row(modifier.fillMaxWidth()) {
        Control(words.text("ui_undo"), enabled = status.canUndo) { controller.undo() }
        Control(words.text("ui_redo"), enabled = status.canRedo) { controller.redo() }
        Control(
            words.text(if (controller.searchingHint) "ui_hint_searching" else "ui_hint"),
            description = words.text("ui_hint"),
        ) { controller.requestHint() }
        NewGameMenu(controller)
        ShowMeControl(controller)
        Control(
            label = words.text(if (status.autoPlay) "ui_auto_checked" else "ui_auto"),
            description = words.text("ui_auto_play"),
            state = words.text(if (status.autoPlay) "ui_on" else "ui_off"),
        ) { controller.setAutoPlay(!status.autoPlay) }
    }
}

/** "Show me" while the player plays; "Stop" (searching or playing) while the solver does. */
@Composable
private fun RowScope.ShowMeControl(controller: GameController) {
    val words = LocalWords.current
    val (stop, stopShowMe) = words.text("ui_stop") to words.text("ui_stop_show_me")
    when (controller.showMe) {
        ShowMeState.IDLE -> Control(words.text("ui_show_me"), enabled = controller.status.state == PlayState.PLAYING) { controller.showMeTheWin() }
        ShowMeState.SEARCHING -> Control(stop, description = stopShowMe, state = words.text("ui_searching")) { controller.stopShowingMe() }
        ShowMeState.PLAYING -> Control(stop, description = stopShowMe, state = words.text("ui_playing")) { controller.stopShowingMe() }
    }
}

@Composable
private fun RowScope.NewGameMenu(controller: GameController) {
    var open by remember { mutableStateOf(false) }
    val words = LocalWords.current
    Box(Modifier.weight(1f)) {
        ControlButton(words.text("ui_new"), words.text("ui_new_game"), enabled = true, state = null, Modifier.fillMaxWidth()) { open = true }
        DropdownMenu(expanded = open, onDismissRequest = { open = false }) {
            fun choose(action: () -> Unit) {
                open = false
                action()
            }
            DropdownMenuItem(text = { Text(words.text("ui_new_deal")) }, onClick = { choose { controller.requestNewGame(NewGame.Random) } })
            DropdownMenuItem(text = { Text(words.text("ui_new_winnable")) }, onClick = { choose { controller.requestNewGame(NewGame.Winnable) } })
            DropdownMenuItem(text = { Text(words.text("ui_deal_by_number")) }, onClick = { choose { controller.askDealNumber() } })
            DropdownMenuItem(text = { Text(words.text("ui_restart_deal")) }, onClick = { choose { controller.requestNewGame(NewGame.Restart) } })
        }
    }
}

/** A text button at least 48 dp tall, sharing the row evenly; `description` is what TalkBack reads. */
@Composable
private fun RowScope.Control(
    label: String,
    description: String = label,
    enabled: Boolean = true,
    state: String? = null,
    onClick: () -> Unit,
) {
    ControlButton(label, description, enabled, state, Modifier.weight(1f), onClick)
}

@Composable
private fun ControlButton(label: String, description: String, enabled: Boolean, state: String?, modifier: Modifier, onClick: () -> Unit) {
    TextButton(
        onClick = onClick,
        enabled = enabled,
        // Six controls share a phone's width: the default side padding (and one line) would cut their labels.
        contentPadding = PaddingValues(horizontal = 2.dp),
        modifier = modifier.heightIn(min = 48.dp).semantics {
            contentDescription = description
            if (state != null) stateDescription = state
        },
    ) {
        Text(label, maxLines = 2, overflow = TextOverflow.Ellipsis, textAlign = TextAlign.Center)
    }
}
