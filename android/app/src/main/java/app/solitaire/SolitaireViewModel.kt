package app.solitaire

import android.app.Application
import android.util.Log
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.runtime.snapshotFlow
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.solitaire.core.GameException
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * Keeps the app's state across rotations, and the screen showing across the process being killed
 * in the background (the saved state keeps the route; the game comes back from the files directory).
 */
class SolitaireViewModel(application: Application, handle: SavedStateHandle) : AndroidViewModel(application) {
    /**
     * The app, once its saved games are open: off the main thread, since opening them loads the
     * core's native library and reads and tidies the files directory. Null until then.
     */
    var app: AppController? by mutableStateOf(null)
        private set

    /** The saved games cannot be opened: the screen says so instead ([app.solitaire.ui.shared.SavesUnopenable]). */
    var unopenable: Boolean by mutableStateOf(false)
        private set

    /** Whether the activity is started: one stopped before the saves opened gets an app in the background. */
    private var started = false

    init {
        viewModelScope.launch {
            val store = withContext(Dispatchers.IO) {
                // `filesDir` may create the folder: disk work too.
                val folder = application.filesDir.path
                try {
                    Store.open(folder)
                } catch (e: GameException) {
                    Log.e(TAG, "the saved games in $folder cannot be opened", e)
                    null
                }
            }
            if (store == null) {
                unopenable = true
                return@launch
            }
            val controller = AppController(store, viewModelScope, restoredRoute = handle.get<String>(ROUTE))
            if (!started) controller.onBackground()
            app = controller
            snapshotFlow { controller.route }.collect { handle[ROUTE] = it }
        }
    }

    fun onStart() {
        started = true
        app?.onForeground()
    }

    /** A configuration change (rotation, dark mode) stops nothing: the same screen comes back. */
    fun onStop(changingConfiguration: Boolean) {
        if (!changingConfiguration) started = false
        app?.onBackground(changingConfiguration)
    }

    override fun onCleared() {
        app?.close()
    }

    private companion object {
        const val ROUTE = "route"
        const val TAG = "Solitaire"
    }
}
