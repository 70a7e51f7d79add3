package app.solitaire.ui.shared

import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.solitaire.core.GameInfo
import app.solitaire.core.Viewport

/**
 * A game: title and status on top, the table filling the middle (the core lays it out for
 * whatever size is left, portrait or landscape, phone or tablet), controls at the bottom.
 */
@Composable
fun GameScreen(
    controller: GameController,
    info: GameInfo,
    onBack: () -> Unit,
    onRules: () -> Unit,
    modifier: Modifier = Modifier,
) {
    Surface(modifier.fillMaxSize(), color = MaterialTheme.colorScheme.surface) {
        Column {
            TopBar(controller, info, onBack, onRules)
            BoxWithConstraints(Modifier.weight(1f).fillMaxWidth()) {
                val viewport = Viewport(maxWidth.value, maxHeight.value, 0f, 0f, 0f, 0f)
                SolitaireTable(controller, viewport)
            }
            GameControls(controller)
        }
    }
    NoticeDialogs(controller, onBackToGames = onBack)
}

@Composable
private fun TopBar(controller: GameController, info: GameInfo, onBack: () -> Unit, onRules: () -> Unit) {
    val status = controller.status
    val words = LocalWords.current
    Row(Modifier.fillMaxWidth().heightIn(min = 48.dp), verticalAlignment = Alignment.CenterVertically) {
        TextButton(onClick = onBack, modifier = Modifier.heightIn(min = 48.dp)) { Text(words.text("ui_games")) }
        Column(Modifier.weight(1f).padding(horizontal = 4.dp)) {
            Text(words.name(info), style = MaterialTheme.typography.titleMedium, maxLines = 1, overflow = TextOverflow.Ellipsis)
            // The hint, or a short message, replaces the status line and is read out when it changes.
            val game = status.deal?.let { words.text("ui_deal", it.toLong()) } ?: words.text("ui_position")
            val line = controller.hint?.description?.let(words::say) ?: controller.message?.let { words.text(it) }
                ?: words.plural("ui_status", status.moves.toInt(), status.moves.toLong(), game)
            Text(
                line,
                style = MaterialTheme.typography.bodySmall,
                maxLines = 2,
                overflow = TextOverflow.Ellipsis,
                modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
            )
        }
        TextButton(onClick = onRules, modifier = Modifier.heightIn(min = 48.dp)) { Text(words.text("ui_rules")) }
    }
}
