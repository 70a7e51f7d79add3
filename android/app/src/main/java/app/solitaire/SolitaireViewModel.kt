package app.solitaire

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController

/** Keeps the app's state across rotations; the games are saved in the app's files directory. */
class SolitaireViewModel(application: Application) : AndroidViewModel(application) {
    val app = AppController(Store.open(application.filesDir.path), viewModelScope)

    override fun onCleared() {
        app.close()
    }
}
