package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.LazyListScope
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp

/** The widest a page's column grows: longer lines of text are hard to read. */
val PAGE_WIDTH = 720.dp

/**
 * A page over the chooser (rules, statistics): Back, its heading, then its items, in one scrolling column,
 * in the middle of a wide window (it stood at the left, the rest empty); the margins are the column's own,
 * so it scrolls wherever the pointer is.
 */
@Composable
fun Page(title: String, onBack: () -> Unit, modifier: Modifier = Modifier, content: LazyListScope.() -> Unit) {
    val words = LocalWords.current
    Surface(modifier.fillMaxSize()) {
        BoxWithConstraints {
            LazyColumn(
                Modifier.fillMaxSize(),
                contentPadding = PaddingValues(horizontal = maxOf(16.dp, (maxWidth - PAGE_WIDTH) / 2)),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                item { TextButton(onClick = onBack, modifier = Modifier.heightIn(min = 48.dp)) { Text(words.text("ui_back")) } }
                item { Text(title, style = MaterialTheme.typography.headlineSmall, modifier = Modifier.semantics { heading() }) }
                content()
            }
        }
    }
}
