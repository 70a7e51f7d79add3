package app.solitaire.ui.proof

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithText
import app.solitaire.core.Game
import app.solitaire.core.GameException
import app.solitaire.core.GameKind
import app.solitaire.core.PlayState
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.SavesUnopenable
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.Words
import app.solitaire.ui.shared.Workers
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import org.junit.Rule
import org.junit.Test
import java.io.File
import java.nio.file.Files
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Every error a store call can raise ends as a short message; the app carries on and loses nothing. */
class ErrorPathsTest {
    @get:Rule
    val rule = createComposeRule()

    private val dir: File = Files.createTempDirectory("solitaire-errors").toFile()
    private val store = Store.open(dir.path)

    private fun keptAside(name: String) = dir.listFiles().orEmpty().any { it.name.startsWith("$name.corrupt-") }

    /** A store whose folder cannot be made raises; the Android app then shows this, in the player's language. */
    @Test
    fun savedGamesThatCannotBeOpenedAreSaidSo() {
        val notAFolder = File(dir, "not-a-folder").apply { writeText("") }
        assertFailsWith<GameException> { Store.open(File(notAFolder, "saves").path) }
        var words by mutableStateOf<Words>(english)
        rule.setContent { Themed(dark = false, words = words) { SavesUnopenable() } }
        rule.onNodeWithText("Saved games cannot be opened").assertIsDisplayed()
        words = french
        rule.onNodeWithText("Les parties enregistrées ne peuvent pas être ouvertes").assertIsDisplayed()
    }

    @Test
    fun theChooserWithADamagedStatisticsFileSaysSoAndShowsEveryGame() {
        File(dir, "stats.json").writeText("{ not json")
        val app = AppController(store, testScope, workers)
        eventually("the chooser's rows") { app.overview.size == app.catalog.size }
        assertEquals("msg_stats_reset", app.message)
        assertTrue(keptAside("stats"), "the damaged file is kept")
    }

    /** A win whose count failed (the statistics could not be written) is counted when a new deal replaces it. */
    @Test
    fun aWinWhoseCountFailedIsCountedWhenANewDealReplacesIt() {
        // The statistics cannot be written for now: a folder where their write's temporary file goes.
        val stats = File(dir, "stats.json.${ProcessHandle.current().pid()}.tmp").apply { mkdir() }
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, 6u), store, testScope, workers)
        Game(GameKind.YAKUTAT_BAY, 6u).showMe(10_000u).moves.forEach { controller.play(it) }
        assertEquals(PlayState.WON, controller.status.state)
        drainSaves()
        assertTrue(stats.delete())
        controller.requestNewGame(NewGame.Random) // a won game: dealt without asking
        eventually("the new deal") { controller.status.state == PlayState.PLAYING }
        drainSaves()
        assertEquals(1u, store.stats(GameKind.YAKUTAT_BAY).won)
    }

    @Test
    fun abandoningWithADamagedStatisticsFileStillDealsAndCountsTheGame() {
        val game = controller(GameKind.DNIEPER, store)
        game.dealStock()
        drainSaves() // the statistics the controller loads first
        File(dir, "stats.json").writeText("{ not json")
        game.perform(NewGame.Deal(2u))
        eventually("the new deal") { game.status.deal == 2uL }
        eventually("the message") { game.message != null }
        // Not "could not be updated": they were, afresh.
        assertEquals("msg_stats_reset", game.message)
        assertTrue(keptAside("stats"), "the damaged file is kept")
        assertEquals(1u, store.stats(GameKind.DNIEPER).played, "the abandoned game counts in the fresh statistics")
    }

    /**
     * A save that cannot be read for now opens nothing, so that no new deal is saved over it: here the folder
     * turned into a file, which fails every read as a failing disk would. (What is no file, a folder in the save's
     * place say, is put aside as a damaged save is.)
     */
    @Test
    fun aSaveThatCannotBeReadForNowIsNeitherReplacedNorOpened() {
        val app = AppController(store, testScope, workers, newDeal = { Game(it, DEAL) })
        eventually("the chooser's rows") { app.overview.size == app.catalog.size }
        assertTrue(dir.deleteRecursively() && dir.createNewFile())
        try {
            app.open(info(GameKind.DNIEPER))
            eventually("the message") { app.message != null }
            assertEquals("msg_saved_unopenable", app.message)
            assertIs<Screen.Chooser>(app.screen)
            assertEquals(0L, dir.length(), "nothing was written over it")
        } finally {
            dir.delete()
            dir.mkdir()
        }
    }

    /**
     * A game another process has open (the terminal game on the window's folder) is not opened here too, where
     * each would save over the other's moves: the window says so and stays on the list. The other process's lock
     * is taken with the system's own `flock`, as the core takes it (Linux's flags).
     */
    @Test
    fun aGameOpenInAnotherProcessIsNotOpenedHere() {
        val fd = libc.open(File(dir, "dnieper.lock").path, 0x42 /* O_RDWR | O_CREAT */, 0x1a4 /* 0644 */)
        assertTrue(fd >= 0 && libc.flock(fd, 6 /* LOCK_EX | LOCK_NB */) == 0, "the lock taken")
        try {
            val app = AppController(store, testScope, workers, newDeal = { Game(it, DEAL) })
            app.open(info(GameKind.DNIEPER))
            eventually("the message") { app.message != null }
            assertEquals("msg_game_in_use", app.message)
            assertIs<Screen.Chooser>(app.screen)
        } finally {
            libc.close(fd)
        }
    }

    /**
     * A new deal that lands after the player went back to the list is not saved over the game another process
     * (the terminal game) opened meanwhile: the controller says the game is open elsewhere, and the other's save
     * stays as it wrote it. It went over the terminal's moves.
     */
    @Test
    fun aDealLandingAfterBackLeavesTheGameAnotherProcessOpened() {
        val searching = CountDownLatch(1)
        val search = Executors.newSingleThreadExecutor()
        search.execute { searching.await() } // the winnable deal's search waits behind this
        val held = Workers(saves = Dispatchers.IO.limitedParallelism(1), search = search.asCoroutineDispatcher())
        val app = AppController(store, testScope, held, newDeal = { Game(it, DEAL) })
        app.open(info(GameKind.DNIEPER))
        eventually("the game") { app.screen is Screen.Play }
        val left = assertNotNull(app.playing)
        left.perform(NewGame.Winnable)
        app.onBack()
        runBlocking { withContext(held.saves) {} } // the list is on screen: the game is free for another
        val theirs = Game(GameKind.DNIEPER, 99u)
        Store.open(dir.path).save(theirs)
        val save = File(dir, "dnieper.json").readText()
        val fd = libc.open(File(dir, "dnieper.lock").path, 0x42 /* O_RDWR | O_CREAT */, 0x1a4 /* 0644 */)
        assertTrue(fd >= 0 && libc.flock(fd, 6 /* LOCK_EX | LOCK_NB */) == 0, "the lock taken")
        try {
            searching.countDown()
            eventually("the deal landed") { left.message != null }
            assertEquals("msg_game_in_use", left.message)
            runBlocking { withContext(held.saves) {} }
            assertEquals(save, File(dir, "dnieper.json").readText(), "their save kept")
        } finally {
            libc.close(fd)
            search.shutdown()
        }
    }

    /** The C library's calls the tests above need, through JNA (as the bindings reach the core). */
    private interface CLib : com.sun.jna.Library {
        fun open(path: String, flags: Int, mode: Int): Int
        fun flock(fd: Int, operation: Int): Int
        fun close(fd: Int): Int
    }

    private val libc: CLib by lazy { com.sun.jna.Native.load("c", CLib::class.java) }

    /** A folder where the save should be is put aside, and the game opens with a new deal (it could never open). */
    @Test
    fun aFolderInPlaceOfASaveIsPutAside() {
        File(dir, "dnieper.json").mkdir()
        val app = AppController(store, testScope, workers, newDeal = { Game(it, DEAL) })
        app.open(info(GameKind.DNIEPER))
        eventually("the game") { app.screen is Screen.Play }
        assertEquals("msg_saved_unreadable", app.message)
        assertTrue(keptAside("dnieper"), "the folder is kept")
    }

    @Test
    fun aSaveThatFailsIsReportedAndTheNextOneLandsWithEveryMove() {
        val blocker = File(dir, "dnieper.json").apply { mkdir(); File(this, "x").writeText("") } // no rename onto it
        val game = controller(GameKind.DNIEPER, store)
        game.dealStock()
        drainSaves()
        assertEquals("msg_not_saved", game.message)
        blocker.deleteRecursively()
        game.undo()
        game.redo()
        drainSaves()
        val resumed = assertNotNull(store.resume(GameKind.DNIEPER), "saved once the disk works again")
        assertEquals(game.game.positionJson(), resumed.positionJson())
        assertEquals(1u, resumed.status().moves, "the move made while saving failed is kept")
    }
}
