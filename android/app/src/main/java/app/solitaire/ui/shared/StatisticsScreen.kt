package app.solitaire.ui.shared

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
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.unit.dp
import app.solitaire.core.DailyOverview
import app.solitaire.core.GameOverview
import app.solitaire.core.GameStats

/** One game's results as label and value, in the order the statistics page lists them. */
fun statsRows(stats: GameStats): List<Pair<String, String>> = listOf(
    "Played" to "${stats.played}",
    "Won" to "${stats.won}",
    "Finished by show me" to "${stats.assisted}",
    "Win rate" to if (stats.played == 0u) "–" else "${stats.won * 100u / stats.played}%",
    "Current streak" to "${stats.currentStreak}",
    "Best streak" to "${stats.bestStreak}",
    "Best time" to (stats.bestTimeMs?.let(::formatTime) ?: "–"),
    "Fewest moves" to (stats.fewestMoves?.toString() ?: "–"),
)

/** The daily deals' streaks as label and value. */
fun dailyRows(daily: DailyOverview): List<Pair<String, String>> = listOf(
    "Current daily streak" to days(daily.currentStreak),
    "Best daily streak" to days(daily.bestStreak),
)

private fun days(count: UInt) = if (count == 1u) "1 day" else "$count days"

/** Results per game (played, won, finished by "show me", streaks, best time, fewest moves), the daily streaks first. */
@Composable
fun StatisticsScreen(overview: List<GameOverview>, daily: DailyOverview?, onBack: () -> Unit, modifier: Modifier = Modifier) {
    Surface(modifier.fillMaxSize()) {
        LazyColumn(
            Modifier.fillMaxSize().padding(horizontal = 16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            item { TextButton(onClick = onBack, modifier = Modifier.heightIn(min = 48.dp)) { Text("Back") } }
            item { Text("Statistics", style = MaterialTheme.typography.headlineSmall, modifier = Modifier.semantics { heading() }) }
            if (daily != null) item("daily") { Section("Daily deals", dailyRows(daily)) }
            items(overview, key = { it.info.slug }) { row -> Section(LocalWords.current.name(row.info), statsRows(row.stats)) }
        }
    }
}

@Composable
private fun Section(title: String, rows: List<Pair<String, String>>) {
    Column(Modifier.widthIn(max = 720.dp).fillMaxWidth()) {
        Text(title, style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { heading() })
        for ((label, value) in rows) {
            // One row, so a screen reader reads "Played, 12" together.
            Row(Modifier.fillMaxWidth().heightIn(min = 32.dp).semantics(mergeDescendants = true) {}) {
                Text(label, Modifier.weight(1f), style = MaterialTheme.typography.bodyLarge)
                Text(value, style = MaterialTheme.typography.bodyLarge)
            }
        }
    }
}
