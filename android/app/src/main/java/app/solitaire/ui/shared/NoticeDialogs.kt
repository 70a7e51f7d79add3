package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.text.KeyboardActions
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.focus.FocusRequester
import androidx.compose.ui.focus.focusRequester
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.text.input.KeyboardType
import app.solitaire.core.GameStats
import app.solitaire.core.clockText

/** Shows the controller's current notice, if any, as a dialog with its way out. */
@Composable
fun NoticeDialogs(controller: GameController, onBackToGames: () -> Unit) {
    val words = LocalWords.current
    // Offered only where another deal may replace this one (`requestNewGame` refuses it too).
    val newDeal: (@Composable () -> Unit)? = if (controller.offersOtherDeals) {
        { TextButton(onClick = { controller.perform(NewGame.Random) }) { Text(words.text("ui_new_deal")) } }
    } else {
        null
    }
    val backToGames: @Composable () -> Unit = { TextButton(onClick = onBackToGames) { Text(words.text("ui_back_to_games")) } }
    when (val notice = controller.notice) {
        null -> Unit
        Notice.Won -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text(words.text(if (controller.status.assisted) "ui_solved_by_show_me" else "ui_you_won")) },
            text = {
                ScrollingText {
                    val status = controller.status
                    val game = words.gameName(status, "ui_this_game")
                    Text(words.plural("ui_won_summary", status.moves.toInt(), status.moves.toLong(), game, formatTime(status.elapsedMs)))
                    controller.stats?.let { Text(statsLine(words, it)) }
                }
            },
            confirmButton = newDeal ?: backToGames,
            dismissButton = backToGames.takeIf { newDeal != null },
        )
        Notice.NoMoreMoves -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text(words.text("ui_no_more_moves")) },
            text = { ScrollingText { Text(words.text("ui_no_more_moves_text")) } },
            confirmButton = { TextButton(onClick = controller::undo) { Text(words.text("ui_undo")) } },
            dismissButton = newDeal,
        )
        Notice.Unwinnable -> {
            val keepPlaying: @Composable () -> Unit = { TextButton(onClick = controller::dismissNotice) { Text(words.text("ui_keep_playing")) } }
            if (controller.unwinnableFromTheDeal) {
                // Nothing to undo: the deal itself is lost, so another deal is the way out.
                AlertDialog(
                    onDismissRequest = controller::dismissNotice,
                    title = { Text(words.text("ui_unwinnable_deal_title")) },
                    text = { ScrollingText { Text(words.text("ui_unwinnable_deal_text")) } },
                    confirmButton = newDeal ?: keepPlaying,
                    dismissButton = keepPlaying.takeIf { newDeal != null },
                )
            } else {
                AlertDialog(
                    onDismissRequest = controller::dismissNotice,
                    title = { Text(words.text("ui_unwinnable_title")) },
                    text = { ScrollingText { Text(words.text("ui_unwinnable_text")) } },
                    confirmButton = { TextButton(onClick = controller::undoToWinnable) { Text(words.text("ui_undo_to_winnable")) } },
                    dismissButton = keepPlaying,
                )
            }
        }
        is Notice.Confirm -> AlertDialog(
            onDismissRequest = controller::dismissNotice,
            title = { Text(words.text(if (notice.action == NewGame.Restart) "ui_restart_question" else "ui_new_deal_question")) },
            text = { ScrollingText { Text(words.text("ui_counts_as_lost")) } },
            confirmButton = { TextButton(onClick = { controller.perform(notice.action) }) { Text(words.text("ui_yes")) } },
            dismissButton = { TextButton(onClick = controller::dismissNotice) { Text(words.text("ui_cancel")) } },
        )
        Notice.AskDealNumber -> DealNumberDialog(controller)
    }
}

/**
 * A dialog's text (or field), scrolling where it does not fit: Material's dialog gives its text
 * the room left by the title and buttons, and clips or squeezes the rest (large text on a phone
 * held sideways).
 */
@Composable
private fun ScrollingText(content: @Composable ColumnScope.() -> Unit) {
    Column(Modifier.verticalScroll(rememberScrollState()), content = content)
}

@Composable
private fun DealNumberDialog(controller: GameController) {
    // Saveable: a rotation while typing must not lose the number.
    var text by rememberSaveable { mutableStateOf("") }
    val number = text.toULongOrNull()
    val words = LocalWords.current
    // The number is typed at once: the field has the keyboard's focus (and a phone's keyboard).
    val field = remember { FocusRequester() }
    LaunchedEffect(field) { field.requestFocus() }
    val deal = { number?.let { controller.requestNewGame(NewGame.Deal(it)) } ?: Unit }
    AlertDialog(
        onDismissRequest = controller::dismissNotice,
        title = { Text(words.text("ui_deal_by_number_title")) },
        text = {
            ScrollingText {
                OutlinedTextField(
                    value = text,
                    onValueChange = { typed -> text = typed.filter(Char::isDigit).take(19) },
                    label = { Text(words.text("ui_deal_number")) },
                    singleLine = true,
                    // Enter (a keyboard's, or a phone keyboard's Done) deals, as the button does.
                    keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Number, imeAction = ImeAction.Done),
                    keyboardActions = KeyboardActions(onDone = { deal() }),
                    modifier = Modifier.focusRequester(field),
                )
            }
        },
        confirmButton = {
            TextButton(enabled = number != null, onClick = deal) { Text(words.text("ui_deal_button")) }
        },
        dismissButton = { TextButton(onClick = controller::dismissNotice) { Text(words.text("ui_cancel")) } },
    )
}

/** Playing time as the core writes a clock: "3:05", from an hour on "1:02:05". */
fun formatTime(ms: ULong): String = clockText(ms)

fun statsLine(words: Words, stats: GameStats): String = buildString {
    append(words.text("ui_stats_played", stats.played.toLong(), stats.won.toLong()))
    if (stats.played > 0u) append(words.text("ui_stats_rate", (stats.won * 100u / stats.played).toLong()))
    // Finished by "show me": played, not won, so told apart from the wins.
    if (stats.assisted > 0u) append(words.text("ui_stats_shown", stats.assisted.toLong()))
    append(words.text("ui_stats_streak", stats.currentStreak.toLong(), stats.bestStreak.toLong()))
    stats.bestTimeMs?.let { append(words.text("ui_stats_best_time", formatTime(it))) }
    stats.fewestMoves?.let { append(words.text("ui_stats_fewest", it.toLong())) }
}
