package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.saveable.rememberSaveableStateHolder
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp

/** The app's screens, switched on the controller's state (no platform navigation needed). */
@Composable
fun SolitaireApp(app: AppController, modifier: Modifier = Modifier) {
    // The list of games keeps where it was scrolled while a rules page or a game is on screen
    // (back from the last game's rules, a playtest found itself at the top).
    val kept = rememberSaveableStateHolder()
    when (val screen = app.screen) {
        Screen.Chooser -> kept.SaveableStateProvider("chooser") {
            ChooserScreen(
                app.catalog,
                app.overview,
                app.daily,
                onPlay = app::open,
                onDaily = app::openDaily,
                onRules = app::showRules,
                onStatistics = app::showStatistics,
                modifier = modifier,
            )
        }
        is Screen.Rules -> RulesScreen(screen.info, onBack = app::back, modifier = modifier)
        Screen.Statistics -> StatisticsScreen(app.overview, app.daily, onBack = app::back, modifier = modifier)
        is Screen.Play -> app.playing?.let { game ->
            GameScreen(
                controller = game,
                info = screen.info,
                onBack = app::back,
                onRules = { app.showRules(screen.info) },
                modifier = modifier,
            )
        }
    }
    app.message?.let { key ->
        val words = LocalWords.current
        AlertDialog(
            onDismissRequest = app::dismissMessage,
            text = { Text(words.text(key)) },
            confirmButton = { TextButton(onClick = app::dismissMessage) { Text(words.text("ui_ok")) } },
        )
    }
}

/**
 * Shown instead of the app where its saved games cannot be opened (the store's folder cannot be
 * made or read): the player is told, and nothing is written over what is there.
 */
@Composable
fun SavesUnopenable(modifier: Modifier = Modifier) {
    Box(modifier.fillMaxSize().padding(24.dp), contentAlignment = Alignment.Center) {
        Text(
            LocalWords.current.text("ui_store_unopenable"),
            style = MaterialTheme.typography.titleMedium,
            textAlign = TextAlign.Center,
        )
    }
}
