package app.solitaire

import android.app.Application
import androidx.compose.runtime.snapshotFlow
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import kotlinx.coroutines.launch

/**
 * Keeps the app's state across rotations, and the screen showing across the process being killed
 * in the background (the saved state keeps the route; the game comes back from the files directory).
 */
class SolitaireViewModel(application: Application, handle: SavedStateHandle) : AndroidViewModel(application) {
    val app = AppController(
        Store.open(application.filesDir.path),
        viewModelScope,
        restoredRoute = handle.get<String>(ROUTE),
    )

    init {
        viewModelScope.launch { snapshotFlow { app.route }.collect { handle[ROUTE] = it } }
    }

    override fun onCleared() {
        app.close()
    }

    private companion object {
        const val ROUTE = "route"
    }
}
