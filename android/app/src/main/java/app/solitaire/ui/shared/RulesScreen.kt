package app.solitaire.ui.shared

import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import app.solitaire.core.GameInfo

/** A game's rules, a paragraph each, in the player's language. */
@Composable
fun RulesScreen(info: GameInfo, onBack: () -> Unit, modifier: Modifier = Modifier) {
    val words = LocalWords.current
    Page(words.text("ui_rules_title", words.name(info)), onBack, modifier) {
        items(words.rules(info)) { paragraph ->
            Text(paragraph, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.fillMaxWidth())
        }
    }
}
