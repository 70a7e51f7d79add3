package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Arrangement
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
import androidx.compose.ui.unit.dp
import app.solitaire.core.GameInfo

/** A game's rules, a paragraph each, in the player's language. */
@Composable
fun RulesScreen(info: GameInfo, onBack: () -> Unit, modifier: Modifier = Modifier) {
    val words = LocalWords.current
    Surface(modifier.fillMaxSize()) {
        LazyColumn(
            Modifier.fillMaxSize().padding(horizontal = 16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            item { TextButton(onClick = onBack, modifier = Modifier.heightIn(min = 48.dp)) { Text(words.text("ui_back")) } }
            item { Text(words.text("ui_rules_title", words.name(info)), style = MaterialTheme.typography.headlineSmall) }
            items(words.rules(info)) { paragraph ->
                Text(paragraph, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.widthIn(max = 720.dp).fillMaxWidth())
            }
        }
    }
}
