package app.solitaire.ui.shared

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.AssistChip
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.unit.dp
import app.solitaire.core.DailyOverview
import app.solitaire.core.GameInfo
import app.solitaire.core.GameOverview

/**
 * Today's daily deals (each marked once won, with the daily streak), then the five games, each
 * with its one-line summary, statistics and whether one is in progress.
 */
@Composable
fun ChooserScreen(
    catalog: List<GameInfo>,
    overview: List<GameOverview>,
    daily: DailyOverview?,
    onPlay: (GameInfo) -> Unit,
    onDaily: (GameInfo) -> Unit,
    onRules: (GameInfo) -> Unit,
    onStatistics: () -> Unit,
    modifier: Modifier = Modifier,
) {
    val words = LocalWords.current
    Surface(modifier.fillMaxSize()) {
        LazyColumn(
            Modifier.fillMaxSize(),
            horizontalAlignment = Alignment.CenterHorizontally,
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            item { Text(words.text("ui_app_name"), style = MaterialTheme.typography.headlineMedium, modifier = Modifier.padding(top = 16.dp)) }
            item { TextButton(onClick = onStatistics, modifier = Modifier.heightIn(min = 48.dp)) { Text(words.text("ui_statistics")) } }
            if (daily != null) item("daily") { DailyDeals(catalog, daily, onDaily) }
            items(catalog, key = { it.slug }) { info ->
                GameRow(info, overview.firstOrNull { it.info.kind == info.kind }, onPlay, onRules)
            }
        }
    }
}

@Composable
private fun GameRow(info: GameInfo, row: GameOverview?, onPlay: (GameInfo) -> Unit, onRules: (GameInfo) -> Unit) {
    val words = LocalWords.current
    Card(
        Modifier.widthIn(max = 640.dp).fillMaxWidth().padding(horizontal = 16.dp)
            .heightIn(min = 48.dp)
            // One stop for TalkBack: name, whether a game is waiting, summary and statistics.
            .semantics(mergeDescendants = true) {
                if (row?.inProgress == true) stateDescription = words.text("ui_in_progress")
            }
            // The hover and press marks take the card's rounded shape (they stood out square).
            .clip(CardDefaults.shape)
            .clickable(onClickLabel = words.text("ui_play", words.name(info))) { onPlay(info) },
    ) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text(words.name(info), style = MaterialTheme.typography.titleLarge, modifier = Modifier.weight(1f))
                // The row says it (its state) and plays it: the chip is no stop of its own.
                if (row?.inProgress == true) {
                    AssistChip(
                        onClick = { onPlay(info) },
                        label = { Text(words.text("ui_in_progress")) },
                        modifier = Modifier.clearAndSetSemantics {},
                    )
                }
            }
            Text(words.summary(info), style = MaterialTheme.typography.bodyMedium)
            if (row != null) Text(statsLine(words, row.stats), style = MaterialTheme.typography.bodySmall)
            // Five "Rules" buttons would sound alike: each names its game ("Dnieper: rules").
            val rulesOf = words.text("ui_rules_title", words.name(info))
            TextButton(
                onClick = { onRules(info) },
                modifier = Modifier.heightIn(min = 48.dp).semantics { contentDescription = rulesOf },
            ) { Text(words.text("ui_rules")) }
        }
    }
}

/** Each game's deal of the day, marked once won today, and the days in a row with one won. */
@Composable
private fun DailyDeals(catalog: List<GameInfo>, daily: DailyOverview, onDaily: (GameInfo) -> Unit) {
    val words = LocalWords.current
    Card(Modifier.widthIn(max = 640.dp).fillMaxWidth().padding(horizontal = 16.dp)) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
            Text(words.text("ui_daily_deals"), style = MaterialTheme.typography.titleLarge)
            Text(
                words.text("ui_daily_streak", daily.currentStreak.toLong(), daily.bestStreak.toLong()),
                style = MaterialTheme.typography.bodySmall,
            )
            for (entry in daily.games) {
                val info = catalog.firstOrNull { it.kind == entry.kind } ?: continue
                val state = when {
                    entry.won -> words.text("ui_daily_won")
                    entry.inProgress -> words.text("ui_daily_in_progress")
                    else -> words.text("ui_deal_lower", dealArg(entry.deal))
                }
                TextButton(onClick = { onDaily(info) }, modifier = Modifier.heightIn(min = 48.dp)) {
                    Text("${if (entry.won) "✓ " else ""}${words.text("ui_daily_entry", words.name(info), state)}")
                }
            }
        }
    }
}
