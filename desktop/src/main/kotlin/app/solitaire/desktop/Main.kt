package app.solitaire.desktop

import androidx.compose.foundation.background
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.snapshotFlow
import androidx.compose.runtime.withFrameNanos
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.unit.dp
import androidx.compose.ui.window.Window
import androidx.compose.ui.window.application
import androidx.compose.ui.window.rememberWindowState
import app.solitaire.core.GameException
import app.solitaire.core.datePhrase
import app.solitaire.core.gameCatalog
import app.solitaire.core.gameNamed
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.CatalogueWords
import app.solitaire.ui.shared.dealArg
import app.solitaire.ui.shared.LocalDoubleClickHome
import app.solitaire.ui.shared.LocalWords
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import app.solitaire.ui.shared.SolitaireTheme
import app.solitaire.ui.shared.Words
import app.solitaire.ui.shared.Workers
import app.solitaire.ui.shared.keyboardShortcuts
import app.solitaire.ui.shared.name
import app.solitaire.ui.shared.say
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.flow.first
import org.jetbrains.skiko.MainUIDispatcher
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.system.exitProcess

/**
 * The Android app's shared UI in a desktop window, over the same store as the terminal game.
 * Desktop glue only, like MainActivity: window, title, icon, quitting; the UI is in ui/shared.
 */
fun main(args: Array<String>) {
    val options = Options.parse(args.toList()).getOrElse {
        System.err.println("solitaire window: ${it.message}")
        exitProcess(2)
    }
    val dir = options.dataDir ?: defaultDataDir(System.getenv(), System.getProperty("os.name")).path
    val store = try {
        Store.open(dir)
    } catch (e: GameException) {
        System.err.println("solitaire window: cannot open the store in $dir: ${e.message}")
        exitProcess(2)
    }
    val workers = Workers.default()
    val scope = CoroutineScope(SupervisorJob() + MainUIDispatcher)
    val slug = options.game?.let { name ->
        gameSlug(name) ?: run {
            System.err.println("solitaire window: unknown game '$name' (one of ${gameCatalog().joinToString { it.slug }})")
            exitProcess(2)
        }
    }
    val route = slug?.let { (if (options.daily) "daily:" else "play:") + it }
    val app = AppController(store, scope, workers, restoredRoute = route)
    val words = catalogueWords(options.lang ?: systemLanguage())
    val quitting = AtomicBoolean(false)
    // `kill` (SIGTERM, SIGINT, a closed terminal): every move is already saved; this saves the clock too,
    // of the game on screen only (the one left for the list may be open in the terminal game now).
    Runtime.getRuntime().addShutdownHook(
        Thread {
            if (quitting.compareAndSet(false, true)) {
                app.gameOnScreen?.game?.let { game ->
                    game.pause()
                    runCatching { store.save(game) }
                }
            }
        },
    )
    // Set by ./play: the time the command was typed, in ms since the epoch; SOLITAIRE_TIMING=1 reports the first frame.
    val startedMs = System.getenv("SOLITAIRE_STARTED_MS")?.toLongOrNull()?.takeIf { System.getenv("SOLITAIRE_TIMING") == "1" }

    application {
        /** Stops the clock, saves, and waits for the saves queued before it, then ends. */
        fun quit() {
            if (!quitting.compareAndSet(false, true)) return
            app.onBackground()
            app.close()
            val done = CountDownLatch(1)
            workers.enqueue { done.countDown() }
            done.await(10, TimeUnit.SECONDS)
            exitApplication()
        }
        val state = rememberWindowState(size = DpSize(1024.dp, 768.dp))
        Window(
            onCloseRequest = ::quit,
            state = state,
            title = windowTitle(app, words),
            icon = appIcon(),
            onKeyEvent = { event -> isQuitKey(event).also { if (it) quit() } },
        ) {
            // A minimised window stops the clock, as the apps do in the background.
            LaunchedEffect(state.isMinimized) { if (state.isMinimized) app.onBackground() else app.onForeground() }
            if (options.deal != null) {
                LaunchedEffect(Unit) {
                    val game = snapshotFlow { app.playing }.first { it != null }!!
                    if (game.status.deal != options.deal) game.requestNewGame(NewGame.Deal(options.deal))
                }
            }
            if (startedMs != null) {
                LaunchedEffect(Unit) {
                    // The second frame begins once the first is on screen.
                    withFrameNanos { }
                    withFrameNanos { }
                    System.err.println("first frame: ${System.currentTimeMillis() - startedMs} ms after the command")
                }
            }
            SolitaireTheme(dark = isSystemInDarkTheme()) {
                CompositionLocalProvider(LocalWords provides words, LocalDoubleClickHome provides true) {
                    Box(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.surface).keyboardShortcuts(app)) {
                        SolitaireApp(app)
                    }
                }
            }
        }
    }
}

/** The slug of the game `name` names, as the terminal game reads it (`How They Run`, `yakutat_bay`). */
private fun gameSlug(name: String): String? = gameNamed(name)?.let { kind -> gameCatalog().first { it.kind == kind }.slug }

/** The catalogue's words in `language` (`en`, `fr`), packaged from the Android resources by the pom. */
fun catalogueWords(language: String): Words {
    val folder = if (language == "en") "values" else "values-$language"
    val xml = checkNotNull(Thread.currentThread().contextClassLoader.getResource("words/$folder/words.xml")) { "missing words/$folder/words.xml" }
    return CatalogueWords(xml.readText(), language)
}

/**
 * The system's language where the catalogue has it, else English. On Linux the JVM reads it
 * from `LC_ALL`, `LC_MESSAGES` and `LANG`, the variables the terminal game reads.
 */
private fun systemLanguage(): String = java.util.Locale.getDefault().language.takeIf { it in Options.LANGUAGES } ?: "en"

/** "Solitaire", or the game and its deal: "Dnieper — deal 4242", "Zerline — daily deal December 5, 2026". */
fun windowTitle(app: AppController, words: Words): String {
    val screen = app.screen
    val info = when (screen) {
        Screen.Chooser -> return words.text("ui_app_name")
        Screen.Statistics -> return words.text("ui_window_statistics")
        is Screen.Play -> screen.info
        is Screen.Rules -> return words.text("ui_rules_title", words.name(screen.info))
    }
    val name = words.name(info)
    val status = app.playing?.status ?: return name
    val daily = status.daily
    return when {
        daily != null -> words.text("ui_window_daily", name, words.say(datePhrase(daily)))
        status.deal != null -> words.text("ui_window_deal", name, dealArg(status.deal!!))
        else -> name
    }
}
