package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.text.input.KeyboardType
import app.solitaire.core.GameStats

/** Shows the controller's current notice, if any, as a dialog with its way out. */
@Composable
fun NoticeDialogs(controller: GameController, onBackToGames: () -> Unit) {
    when (val notice = controller.notice) {
        null -> Unit
        Notice.Won -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text(if (controller.status.assisted) "Solved by show me" else "You won!") },
            text = {
                Column {
                    Text("${controller.status.deal?.let { "Deal $it" } ?: "This game"} in ${controller.status.moves} moves, ${formatTime(controller.status.elapsedMs)}.")
                    controller.stats?.let { Text(statsLine(it)) }
                }
            },
            confirmButton = { TextButton(onClick = { controller.perform(NewGame.Random) }) { Text("New deal") } },
            dismissButton = { TextButton(onClick = onBackToGames) { Text("Back to games") } },
        )
        Notice.NoMoreMoves -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text("No more moves") },
            text = { Text("Nothing can move any more. Undo to try another way, or start a new deal.") },
            confirmButton = { TextButton(onClick = controller::undo) { Text("Undo") } },
            dismissButton = { TextButton(onClick = { controller.perform(NewGame.Random) }) { Text("New deal") } },
        )
        Notice.Unwinnable -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text("This game can no longer be won") },
            text = { Text("Undo back to the last position from which it can still be won?") },
            confirmButton = { TextButton(onClick = controller::undoToWinnable) { Text("Undo to winnable") } },
            dismissButton = { TextButton(onClick = controller::dismissNotice) { Text("Keep playing") } },
        )
        is Notice.Confirm -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text(if (notice.action == NewGame.Restart) "Restart this deal?" else "Start a new deal?") },
            text = { Text("The game in progress will count as lost.") },
            confirmButton = { TextButton(onClick = { controller.perform(notice.action) }) { Text("Yes") } },
            dismissButton = { TextButton(onClick = controller::dismissNotice) { Text("Cancel") } },
        )
        Notice.AskDealNumber -> DealNumberDialog(controller)
    }
}

@Composable
private fun DealNumberDialog(controller: GameController) {
    // Saveable: a rotation while typing must not lose the number.
    var text by rememberSaveable { mutableStateOf("") }
    val number = text.toULongOrNull()
    AlertDialog(
        onDismissRequest = controller::dismissNotice,
        title = { Text("Deal by number") },
        text = {
            OutlinedTextField(
                value = text,
                onValueChange = { typed -> text = typed.filter(Char::isDigit).take(19) },
                label = { Text("Deal number") },
                singleLine = true,
                keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Number),
            )
        },
        confirmButton = {
            TextButton(enabled = number != null, onClick = { number?.let { controller.requestNewGame(NewGame.Deal(it)) } }) { Text("Deal") }
        },
        dismissButton = { TextButton(onClick = controller::dismissNotice) { Text("Cancel") } },
    )
}

fun formatTime(ms: ULong): String {
    val seconds = ms / 1000u
    // No String.format: it is JVM-only, and these files must compile for every Compose platform.
    return "${seconds / 60u}:${(seconds % 60u).toString().padStart(2, '0')}"
}

fun statsLine(stats: GameStats): String = buildString {
    append("Played ${stats.played}, won ${stats.won}")
    if (stats.played > 0u) append(" (${stats.won * 100u / stats.played}%)")
    // Finished by "show me": played, not won, so told apart from the wins.
    if (stats.assisted > 0u) append(", shown ${stats.assisted}")
    append(" · streak ${stats.currentStreak}, best ${stats.bestStreak}")
    stats.bestTimeMs?.let { append(" · best time ${formatTime(it)}") }
    stats.fewestMoves?.let { append(" · fewest moves $it") }
}
