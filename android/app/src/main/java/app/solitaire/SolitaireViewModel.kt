package app.solitaire

import android.app.Application
import android.util.Log
import androidx.compose.runtime.snapshotFlow
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.solitaire.core.GameException
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import kotlinx.coroutines.launch

/**
 * Keeps the app's state across rotations, and the screen showing across the process being killed
 * in the background (the saved state keeps the route; the game comes back from the files directory).
 */
class SolitaireViewModel(application: Application, handle: SavedStateHandle) : AndroidViewModel(application) {
    /** Null where the saved games cannot be opened: the screen says so instead ([app.solitaire.ui.shared.SavesUnopenable]). */
    val app: AppController? = try {
        AppController(Store.open(application.filesDir.path), viewModelScope, restoredRoute = handle.get<String>(ROUTE))
    } catch (e: GameException) {
        Log.e(TAG, "the saved games in ${application.filesDir.path} cannot be opened", e)
        null
    }

    init {
        app?.let { controller -> viewModelScope.launch { snapshotFlow { controller.route }.collect { handle[ROUTE] = it } } }
    }

    override fun onCleared() {
        app?.close()
    }

    private companion object {
        const val ROUTE = "route"
        const val TAG = "Solitaire"
    }
}
