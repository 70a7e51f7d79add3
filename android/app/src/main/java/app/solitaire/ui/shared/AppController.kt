package app.solitaire.ui.shared

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import app.solitaire.core.DailyDate
import app.solitaire.core.DailyOverview
import app.solitaire.core.Game
import app.solitaire.core.GameException
import app.solitaire.core.GameInfo
import app.solitaire.core.GameKind
import app.solitaire.core.GameOverview
import app.solitaire.core.OnScreen
import app.solitaire.core.Store
import app.solitaire.core.gameCatalog
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import java.util.Calendar

/** Today on the device's calendar, in its time zone (never UTC): the daily deals' date. */
fun localToday(): DailyDate {
    val now = Calendar.getInstance()
    return DailyDate(now.get(Calendar.YEAR), (now.get(Calendar.MONTH) + 1).toUInt(), now.get(Calendar.DAY_OF_MONTH).toUInt())
}

sealed interface Screen {
    data object Chooser : Screen
    data class Play(val info: GameInfo) : Screen
    /** `from`: the screen Back returns to (the chooser or the game). */
    data class Rules(val info: GameInfo, val from: Screen) : Screen
    data object Statistics : Screen
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
    /** What `route` was when the platform last saved it, so a killed process comes back where it was. */
    restoredRoute: String? = null,
    /** The date the daily deals are for; tests fix it. */
    private val today: () -> DailyDate = ::localToday,
    /** The wait between two moves "show me" plays (tests shorten it). */
    private val showMePaceMs: Long = SHOW_ME_PACE_MS,
) : AutoCloseable {
    val catalog: List<GameInfo> = gameCatalog()

    var screen: Screen by mutableStateOf(Screen.Chooser)
        private set
    var overview: List<GameOverview> by mutableStateOf(emptyList())
        private set
    var playing: GameController? by mutableStateOf(null)
        private set

    /** Each game's daily deal today, whether it is won or in progress, and the daily streak. */
    var daily: DailyOverview? by mutableStateOf(null)
        private set

    /** A one-off notice for the player, e.g. a damaged save that was put aside: its key in [Words]. */
    var message: String? by mutableStateOf(null)
        private set

    /** Whether the app is in the foreground: the clock runs only while a game is shown there. */
    private var foreground = true

    /** Lost games whose notice the player closed: reopened, they do not raise it again. */
    private val keptPlaying = mutableSetOf<String>()

    init {
        refreshOverview()
        if (restoredRoute != null) restore(restoredRoute) else reopenLastGame()
    }

    /**
     * The screen showing, as text the platform keeps across the process being killed
     * ("play:dnieper", "rules:dnieper:chooser"); the game itself comes back from the store.
     */
    val route: String
        get() = when (val current = screen) {
            Screen.Chooser -> "chooser"
            is Screen.Play -> (if (playing?.status?.daily != null) "daily:" else "play:") + current.info.slug
            is Screen.Rules -> "rules:${current.info.slug}:" + if (current.from is Screen.Play) "play" else "chooser"
            Screen.Statistics -> "statistics"
        }

    /** Continues `kind` exactly where the player left it (undo history included), or deals one. */
    fun open(info: GameInfo) {
        scope.launch { openNow(info) }
    }

    /** Today's daily deal of `info`'s game: the one begun today, or a new one. */
    fun openDaily(info: GameInfo) {
        scope.launch {
            val game = withContext(workers.saves) { loadDaily(info.kind) } ?: return@launch
            replacePlaying(GameController(game, store, scope, workers, showMePaceMs, keptPlaying))
            show(Screen.Play(info))
        }
    }

    /** Opens a game already made, e.g. a deal chosen by the caller; mainly for tests and links. */
    fun open(info: GameInfo, game: Game): GameController {
        val controller = GameController(game, store, scope, workers, showMePaceMs, keptPlaying)
        replacePlaying(controller)
        show(Screen.Play(info))
        return controller
    }

    fun showRules(info: GameInfo) {
        show(Screen.Rules(info, from = screen))
    }

    /** Every game's results and the daily streaks, from the chooser. */
    fun showStatistics() {
        refreshOverview()
        show(Screen.Statistics)
    }

    /**
     * Back as the player asks it (Esc, Android's Back key or gesture): cards picked up with the
     * keyboard are put back first, else the screen before (`back`).
     */
    fun onBack() {
        if (playing?.takeIf { screen is Screen.Play }?.cancelHeld() != true) back()
    }

    /** Back from rules to where they were opened, or from a game to the chooser. */
    fun back() {
        when (val current = screen) {
            is Screen.Rules -> show(if (current.from is Screen.Play && playing != null) current.from else Screen.Chooser)
            else -> show(Screen.Chooser)
        }
    }

    fun dismissMessage() {
        message = null
    }

    /**
     * The app left the screen: the clock stops, searches and "show me" stop, the game is saved.
     * Not for a configuration change (rotation, dark mode, a fold, a resize): the same screen
     * comes straight back with this controller, and "show me" or a hint in flight goes on.
     */
    fun onBackground(changingConfiguration: Boolean = false) {
        if (changingConfiguration) return
        foreground = false
        if (screen is Screen.Play) playing?.pause()
    }

    /** Back on screen: the clock runs again, and the rows are read again (a night away makes the daily deals yesterday's). */
    fun onForeground() {
        // Not at launch (the rows were just read) nor after a rotation: only back from the background.
        val wasAway = !foreground
        foreground = true
        if (screen is Screen.Play) playing?.resume()
        if (wasAway) refreshOverview()
    }

    override fun close() {
        val last = playing
        playing = null
        workers.enqueue {
            last?.game?.close()
            store.close()
        }
    }

    /**
     * A fresh start (not a killed process coming back to its screen): straight into the game
     * that was on screen when the app went away, as the player left it; not after they went
     * back to the list, nor a daily deal of an earlier day.
     */
    private fun reopenLastGame() {
        scope.launch {
            val last = withContext(workers.saves) { store.gameToReopen(today()) } ?: return@launch
            if (screen != Screen.Chooser || playing != null) return@launch // the player chose meanwhile
            val info = catalog.firstOrNull { it.kind == last.kind } ?: return@launch
            if (last.daily != null) openDaily(info) else openNow(info)
        }
    }

    private suspend fun openNow(info: GameInfo) {
        val game = withContext(workers.saves) { load(info.kind) } ?: return
        replacePlaying(GameController(game, store, scope, workers, showMePaceMs, keptPlaying))
        show(Screen.Play(info))
    }

    /** The saved game, a new deal, or none when the disk failed: a deal then would overwrite it. */
    private fun load(kind: GameKind): Game? = try {
        store.resume(kind) ?: newDeal(kind)
    } catch (e: GameException.CorruptSave) {
        message = "msg_saved_unreadable"
        newDeal(kind)
    } catch (e: GameException.InUse) {
        // Open in the terminal game or another window: playing it here too, each would save over the other.
        message = "msg_game_in_use"
        null
    } catch (e: GameException) {
        message = "msg_saved_unopenable"
        null
    }

    private fun loadDaily(kind: GameKind): Game? = try {
        store.resumeDaily(kind, today())
    } catch (e: GameException.CorruptSave) {
        message = "msg_daily_unreadable"
        Game.newDaily(kind, today())
    } catch (e: GameException.InUse) {
        message = "msg_game_in_use"
        null
    } catch (e: GameException) {
        message = "msg_daily_unopenable"
        null
    }

    /** Every screen change goes through here: the clock runs exactly while a game is showing. */
    private fun show(next: Screen) {
        val wasPlaying = screen is Screen.Play
        screen = next
        if (next is Screen.Play) {
            if (foreground) playing?.resume()
        } else if (wasPlaying) {
            playing?.pause()
        }
        if (next == Screen.Chooser) refreshOverview()
        when (next) {
            is Screen.Play -> rememberOnScreen(OnScreen(next.info.kind, playing?.status?.daily))
            Screen.Chooser -> rememberOnScreen(null)
            else -> {} // rules and statistics open over what is remembered
        }
    }

    /** What `rememberOnScreen` last asked for ([NothingYet] before the first time). */
    @Volatile private var remembered: Any? = NothingYet

    /**
     * The game on screen (or under its rules), which this process holds open in the store: none on the
     * list, where another process (the terminal game) may have opened the game left, and a save of this
     * copy would go over its moves.
     */
    val gameOnScreen: GameController? get() = playing?.takeIf { remembered is OnScreen }

    private object NothingYet

    /**
     * For the next launch (`reopenLastGame`), written only when it changes (not again when the
     * rules close over the same game). Failing, it costs only that: the list shows.
     */
    private fun rememberOnScreen(onScreen: OnScreen?) {
        if (onScreen == remembered) return
        remembered = onScreen
        workers.enqueue {
            try {
                store.setOnScreen(onScreen)
            } catch (e: GameException) {
                // The next launch shows the list of games instead.
            }
        }
    }

    private fun restore(route: String?) {
        if (route == "statistics") return showStatistics()
        val parts = route?.split(":") ?: return
        val info = catalog.firstOrNull { it.slug == parts.getOrNull(1) } ?: return
        when (parts[0]) {
            "play" -> open(info)
            "daily" -> openDaily(info)
            "rules" -> if (parts.getOrNull(2) == "play") {
                scope.launch {
                    openNow(info)
                    if (screen is Screen.Play) showRules(info)
                }
            } else {
                showRules(info)
            }
        }
    }

    private fun replacePlaying(next: GameController) {
        val previous = playing
        playing = next
        if (previous != null && previous.game !== next.game) {
            previous.pause()
            workers.enqueue { previous.game.close() } // after its last save
        }
    }

    private fun refreshOverview() {
        scope.launch {
            overview = withContext(workers.saves) { readOverview() } ?: return@launch
            daily = withContext(workers.saves) {
                try {
                    store.dailyOverview(today())
                } catch (e: GameException) {
                    null // the overview above already reported damaged statistics
                }
            }
        }
    }

    /** A damaged statistics file is put aside and reported once; reading again then works. */
    private fun readOverview(): List<GameOverview>? = try {
        store.overview()
    } catch (e: GameException.CorruptSave) {
        message = "msg_stats_reset"
        try {
            store.overview()
        } catch (e: GameException) {
            null
        }
    } catch (e: GameException) {
        message = "msg_stats_unreadable"
        null
    }
}
