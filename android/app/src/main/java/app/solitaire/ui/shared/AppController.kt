package app.solitaire.ui.shared

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import app.solitaire.core.Game
import app.solitaire.core.GameException
import app.solitaire.core.GameInfo
import app.solitaire.core.GameKind
import app.solitaire.core.GameOverview
import app.solitaire.core.Store
import app.solitaire.core.gameCatalog
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

sealed interface Screen {
    data object Chooser : Screen
    data class Play(val info: GameInfo) : Screen
    data class Rules(val info: GameInfo) : Screen
}

/**
 * The whole app's state, above any one game: the chooser's rows, which screen is showing and
 * the game in play. Platform glue (an Android ViewModel, a test) owns it and closes it.
 */
class AppController(
    private val store: Store,
    private val scope: CoroutineScope,
    private val workers: Workers = Workers.default(),
    /** The deal a game starts with when none is in progress; tests fix it, the app deals at random. */
    private val newDeal: (GameKind) -> Game = { Game.newRandom(it) },
) : AutoCloseable {
    val catalog: List<GameInfo> = gameCatalog()

    var screen: Screen by mutableStateOf(Screen.Chooser)
        private set
    var overview: List<GameOverview> by mutableStateOf(emptyList())
        private set
    var playing: GameController? by mutableStateOf(null)
        private set

    /** A one-off notice for the player, e.g. a damaged save that was put aside. */
    var message: String? by mutableStateOf(null)
        private set

    init {
        refreshOverview()
    }

    /** Continues `kind` exactly where the player left it (undo history included), or deals one. */
    fun open(info: GameInfo) {
        scope.launch {
            val game = withContext(workers.saves) { load(info.kind) }
            replacePlaying(GameController(game, store, scope, workers))
            screen = Screen.Play(info)
        }
    }

    /** Opens a game already made, e.g. a deal chosen by the caller; mainly for tests and links. */
    fun open(info: GameInfo, game: Game): GameController {
        val controller = GameController(game, store, scope, workers)
        replacePlaying(controller)
        screen = Screen.Play(info)
        return controller
    }

    fun showRules(info: GameInfo) {
        screen = Screen.Rules(info)
    }

    /** Back from rules to the game they were opened from, or from a game to the chooser. */
    fun back() {
        val current = screen
        val game = playing
        screen = if (current is Screen.Rules && game != null && game.status.kind == current.info.kind) {
            Screen.Play(current.info)
        } else {
            game?.pause()
            refreshOverview()
            Screen.Chooser
        }
    }

    fun dismissMessage() {
        message = null
    }

    /** The app went to the background: stop the clock and save. */
    fun onBackground() {
        playing?.pause()
    }

    fun onForeground() {
        playing?.resume()
    }

    override fun close() {
        val last = playing
        playing = null
        workers.enqueue {
            last?.game?.close()
            store.close()
        }
    }

    private fun load(kind: GameKind): Game = try {
        store.resume(kind) ?: newDeal(kind)
    } catch (e: GameException.CorruptSave) {
        message = "Your saved game could not be read, so it was put aside. Here is a new deal."
        newDeal(kind)
    }

    private fun replacePlaying(next: GameController) {
        val previous = playing
        playing = next
        next.resume()
        if (previous != null && previous.game !== next.game) {
            previous.pause()
            workers.enqueue { previous.game.close() } // after its last save
        }
    }

    private fun refreshOverview() {
        scope.launch {
            overview = withContext(workers.saves) { store.overview() }
        }
    }
}
