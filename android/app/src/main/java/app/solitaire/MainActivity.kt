package app.solitaire

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.foundation.background
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.Modifier
import app.solitaire.ui.shared.LocalWords
import app.solitaire.ui.shared.SavesUnopenable
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import app.solitaire.ui.shared.SolitaireTheme
import app.solitaire.ui.shared.keyboardShortcuts

/** Android glue only: window, back button and lifecycle; the UI itself is in ui/shared. */
class MainActivity : ComponentActivity() {
    private val model: SolitaireViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        enableEdgeToEdge()
        super.onCreate(savedInstanceState)
        // A change of language recreates the activity, and with it these words.
        val words = AndroidWords(resources, packageName)
        setContent {
            CompositionLocalProvider(LocalWords provides words) {
                SolitaireTheme(dark = isSystemInDarkTheme()) {
                    val app = model.app
                    if (app == null) {
                        // The saved games open off the main thread, in a moment; the screen says if they cannot.
                        Box(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.surface).safeDrawingPadding()) {
                            if (model.unopenable) SavesUnopenable()
                        }
                    } else {
                        // As Esc: cards picked up with a keyboard are put back first.
                        BackHandler(enabled = app.screen != Screen.Chooser) { app.onBack() }
                        // No gesture exclusion: the table keeps its piles out of the Back gesture's
                        // side strips (`tableViewport`), and Android honours only 200 dp of one a side.
                        Box(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.surface).keyboardShortcuts(app)) {
                            SolitaireApp(app, Modifier.safeDrawingPadding())
                        }
                    }
                }
            }
        }
    }

    override fun onStart() {
        super.onStart()
        model.onStart()
    }

    /**
     * Leaving the screen stops the clock and saves, so nothing is lost if Android ends the app; a
     * configuration change (rotation, dark mode) stops nothing, since the same screen comes back.
     */
    override fun onStop() {
        model.onStop(changingConfiguration = isChangingConfigurations)
        super.onStop()
    }
}
