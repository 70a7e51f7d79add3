package app.solitaire.ui.shared

import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier

/** The app's screens, switched on the controller's state (no platform navigation needed). */
@Composable
fun SolitaireApp(app: AppController, modifier: Modifier = Modifier) {
    when (val screen = app.screen) {
        Screen.Chooser -> ChooserScreen(
            app.catalog,
            app.overview,
            app.daily,
            onPlay = app::open,
            onDaily = app::openDaily,
            onRules = app::showRules,
            onStatistics = app::showStatistics,
            modifier = modifier,
        )
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
