package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.solitaire.core.DailyOverview
import app.solitaire.core.GameOverview
import app.solitaire.core.GameStats

/** One game's results as label and value, in the order the statistics page lists them, in [words]. */
fun statsRows(words: Words, stats: GameStats): List<Pair<String, String>> {
    fun count(n: UInt) = words.text("ui_stat_count", n.toLong())
    val none = words.text("ui_stat_none")
    return listOf(
        words.text("ui_stat_played") to count(stats.played),
        words.text("ui_stat_won") to count(stats.won),
        words.text("ui_stat_assisted") to count(stats.assisted),
        words.text("ui_stat_win_rate") to
            if (stats.played == 0u) none else words.text("ui_stat_percent", (stats.won * 100u / stats.played).toLong()),
        words.text("ui_stat_current_streak") to count(stats.currentStreak),
        words.text("ui_stat_best_streak") to count(stats.bestStreak),
        words.text("ui_stat_best_time") to (stats.bestTimeMs?.let(::formatTime) ?: none),
        words.text("ui_stat_fewest_moves") to (stats.fewestMoves?.let(::count) ?: none),
    )
}

/** The daily deals' streaks as label and value, in [words]. */
fun dailyRows(words: Words, daily: DailyOverview): List<Pair<String, String>> = listOf(
    words.text("ui_stat_current_daily_streak") to days(words, daily.currentStreak),
    words.text("ui_stat_best_daily_streak") to days(words, daily.bestStreak),
)

private fun days(words: Words, count: UInt) = words.plural("ui_stat_days", count.toInt(), count.toLong())

/** Results per game (played, won, finished by "show me", streaks, best time, fewest moves), the daily streaks first. */
@Composable
fun StatisticsScreen(overview: List<GameOverview>, daily: DailyOverview?, onBack: () -> Unit, modifier: Modifier = Modifier) {
    val words = LocalWords.current
    Page(words.text("ui_statistics"), onBack, modifier) {
        if (daily != null) item("daily") { Section(words.text("ui_daily_deals"), dailyRows(words, daily)) }
        items(overview, key = { it.info.slug }) { row -> Section(words.name(row.info), statsRows(words, row.stats)) }
    }
}

@Composable
private fun Section(title: String, rows: List<Pair<String, String>>) {
    Column(Modifier.fillMaxWidth()) {
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
