package app.solitaire.ui.proof

import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Store
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.Notice
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.ShowMeState
import app.solitaire.ui.shared.WINNABLE_CHECK_AFTER_MS
import org.junit.Test
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Screens and the playing clock follow what the player sees, and survive the process being killed. */
class LifecycleTest {
    private val dnieper = info(GameKind.DNIEPER)

    @Test
    fun backFromRulesReturnsWhereTheyWereOpened() {
        val app = AppController(newStore(), testScope, workers)
        app.open(dnieper, Game(GameKind.DNIEPER, DEAL))
        app.showRules(dnieper)
        app.back()
        assertIs<Screen.Play>(app.screen, "rules opened in the game go back to it")
        app.back()
        app.showRules(dnieper) // from the chooser, with the same game still loaded
        app.back()
        assertIs<Screen.Chooser>(app.screen, "rules opened in the chooser go back to it")
    }

    /**
     * A game left for the list is not saved again when another opens: the terminal game may have played it
     * since (the window's stale copy went over its moves, a playtest's three moves lost).
     */
    @Test
    fun aGameLeftForTheListIsNotSavedAgainWhenAnotherOpens() {
        val dir = Files.createTempDirectory("solitaire-left").toFile()
        val store = Store.open(dir.path)
        val app = AppController(store, testScope, workers)
        app.open(dnieper, Game(GameKind.DNIEPER, DEAL)).dealStock()
        app.back()
        drainSaves()
        // The terminal game plays it meanwhile: two more moves, saved.
        val elsewhere = assertNotNull(Store.open(dir.path).peek(GameKind.DNIEPER))
        elsewhere.dealStock()
        elsewhere.dealStock()
        Store.open(dir.path).save(elsewhere)
        app.open(info(GameKind.YAKUTAT_BAY), Game(GameKind.YAKUTAT_BAY, DEAL))
        drainSaves()
        assertEquals(3u, assertNotNull(store.peek(GameKind.DNIEPER)).status().moves, "the terminal's moves kept")
    }

    @Test
    fun theClockRunsOnlyWhileAGameIsShownInTheForeground() {
        val app = AppController(newStore(), testScope, workers)
        val game = app.open(dnieper, Game(GameKind.DNIEPER, DEAL)).game
        app.back()
        val left = game.status().elapsedMs
        app.onBackground()
        app.onForeground() // back in the foreground, but on the chooser
        Thread.sleep(300)
        app.showRules(dnieper)
        app.onBackground()
        app.onForeground()
        Thread.sleep(300)
        game.pause() // counts any time the clock was running
        assertEquals(left, game.status().elapsedMs, "no time counted on the chooser or the rules")

        app.back()
        app.open(dnieper, game)
        app.onBackground()
        Thread.sleep(300)
        app.onForeground()
        Thread.sleep(300)
        game.pause()
        val counted = game.status().elapsedMs - left
        assertTrue(counted in 300uL..<600uL, "only the foreground time counted: $counted ms")
    }

    /** A game opened already lost is flagged at once, as on iOS, not at the player's next move. */
    @Test
    fun aGameOpenedLostIsFlaggedWithoutAMove() {
        val app = AppController(newStore(), testScope, workers)
        // Dnieper deal 10 is proved unwinnable (it is missing from the proven list).
        val controller = app.open(dnieper, Game(GameKind.DNIEPER, 10u))
        eventually("the cannot-be-won dialog") { controller.notice == Notice.Unwinnable }
        assertEquals(0u, controller.status.moves)
    }

    /**
     * "Keep playing" on the cannot-be-won dialog is remembered: the game reopened from the chooser
     * does not raise it again (it did, every time).
     */
    @Test
    fun keepPlayingALostGameIsRememberedWhenItIsReopened() {
        val app = AppController(newStore(), testScope, workers)
        val first = app.open(dnieper, Game(GameKind.DNIEPER, 10u))
        eventually("the cannot-be-won dialog") { first.notice == Notice.Unwinnable }
        first.dismissNotice()
        app.back()
        val again = app.open(dnieper, Game(GameKind.DNIEPER, 10u))
        Thread.sleep(WINNABLE_CHECK_AFTER_MS + 1_500)
        assertEquals(null, again.notice, "kept playing: no dialog again")
    }

    /** A new deal's clock runs from the deal (it stood at 0:00 until the app went away and came back). */
    @Test
    fun aNewDealsClockRunsWhileItIsShown() {
        val app = AppController(newStore(), testScope, workers)
        val controller = app.open(dnieper, Game(GameKind.DNIEPER, DEAL))
        val first = controller.game
        controller.requestNewGame(NewGame.Deal(DEAL + 1u)) // no move made: dealt without asking
        eventually("the new deal is on screen") { controller.game !== first }
        Thread.sleep(300)
        controller.game.pause()
        assertTrue(controller.game.status().elapsedMs >= 300uL, "${controller.game.status().elapsedMs} ms counted")

        // Dealt while the app is away (a search for a winnable deal can outlast a tap on Home): it waits for the return.
        app.onBackground()
        val second = controller.game
        controller.requestNewGame(NewGame.Deal(DEAL + 2u))
        eventually("the third deal is in place") { controller.game !== second }
        Thread.sleep(300)
        controller.game.pause()
        assertEquals(0uL, controller.game.status().elapsedMs, "no time counted in the background")
    }

    @Test
    fun aRotationStopsNothingWhileLeavingTheAppStopsShowMe() {
        val app = AppController(newStore(), testScope, workers, showMePaceMs = 50)
        // Yakutat Bay deal 6 is won by the solver at once, in a line of many moves.
        val controller = app.open(info(GameKind.YAKUTAT_BAY), Game(GameKind.YAKUTAT_BAY, 6u))
        controller.showMeTheWin()
        eventually("show me plays a move") { controller.status.moves >= 1u }
        app.onBackground(changingConfiguration = true)
        app.onForeground()
        val before = controller.status.moves
        eventually("show me goes on after a rotation") { controller.status.moves > before + 1u }
        assertEquals(ShowMeState.PLAYING, controller.showMe)

        app.onBackground()
        assertEquals(ShowMeState.IDLE, controller.showMe, "leaving the app stops show me")
        val stopped = controller.status.moves
        Thread.sleep(300)
        assertEquals(stopped, controller.status.moves)
    }

    /** Started again (not a killed process's return), the app reopens the game left in progress. */
    @Test
    fun startingAgainReopensTheGameThePlayerLeft() {
        val dir = Files.createTempDirectory("solitaire-reopen").toString()
        val first = AppController(Store.open(dir), testScope, workers, newDeal = { Game(it, DEAL) })
        eventually("a first start shows the chooser") { first.overview.isNotEmpty() }
        assertIs<Screen.Chooser>(first.screen)
        first.open(info(GameKind.ZERLINE))
        eventually("the game opens") { first.screen is Screen.Play }
        val game = assertNotNull(first.playing)
        game.dealStock()
        first.onBackground()
        drainSaves()

        val again = AppController(Store.open(dir), testScope, workers, newDeal = { Game(it, DEAL + 1u) })
        eventually("the game left in progress reopens") { again.screen is Screen.Play && again.playing != null }
        assertEquals(game.game.positionJson(), assertNotNull(again.playing).game.positionJson())
        assertTrue(assertNotNull(again.playing).status.canUndo, "with its undo history")
    }

    /**
     * Started again, the app shows what was on screen: the list if the player went back to it
     * (though a game is still in progress), today's daily deal, but not yesterday's.
     */
    @Test
    fun startingAgainShowsTheListOrTodaysDailyDealAsTheyWereLeft() {
        val dir = Files.createTempDirectory("solitaire-reopen-list").toString()
        var day = DailyDate(2026, 12u, 6u)
        val launch = { AppController(Store.open(dir), testScope, workers, newDeal = { Game(it, DEAL) }, today = { day }) }
        // Nothing opens by itself: whatever the start does has been done once the saves drain.
        val settled = { app: AppController -> eventually("the chooser's rows") { app.overview.isNotEmpty() }; drainSaves(); drainSaves() }

        val first = launch()
        first.open(info(GameKind.ZERLINE))
        eventually("the game opens") { first.screen is Screen.Play }
        assertNotNull(first.playing).dealStock()
        first.back()
        first.onBackground()
        drainSaves()
        val second = launch()
        settled(second)
        assertIs<Screen.Chooser>(second.screen, "the list was showing")
        assertTrue(Store.open(dir).resume(GameKind.ZERLINE) != null, "though the game is still in progress")

        second.openDaily(info(GameKind.CHEQUERS))
        eventually("the daily deal opens") { second.screen is Screen.Play }
        second.onBackground()
        drainSaves()
        val sameDay = launch()
        eventually("today's daily deal reopens") { sameDay.screen is Screen.Play && sameDay.playing?.status?.daily == day }
        sameDay.onBackground()
        drainSaves()
        day = DailyDate(2026, 12u, 7u)
        val nextDay = launch()
        settled(nextDay)
        assertIs<Screen.Chooser>(nextDay.screen, "yesterday's daily deal is over")
    }

    /** What is on screen is recorded when it changes: not again when the rules close over the same game. */
    @Test
    fun whatIsOnScreenIsWrittenOnlyWhenItChanges() {
        val dir = Files.createTempDirectory("solitaire-on-screen").toString()
        val record = File(dir, "on-screen.json")
        val app = AppController(Store.open(dir), testScope, workers)
        eventually("the chooser's rows") { app.overview.isNotEmpty() }
        drainSaves() // what the start does (nothing opens in a new directory) is done
        val zerline = info(GameKind.ZERLINE)
        // Opened with its game in hand, the screen changes on this thread: each write is queued
        // before the next line, and `drainSaves` waits for it.
        val game = app.open(zerline, Game(GameKind.ZERLINE, DEAL)).game
        drainSaves()
        assertTrue(record.delete(), "opening the game recorded it")
        app.showRules(zerline)
        app.back()
        assertIs<Screen.Play>(app.screen)
        drainSaves()
        assertFalse(record.exists(), "back from the rules to the same game: not written again")
        app.back()
        app.open(zerline, game)
        drainSaves()
        assertTrue(record.exists(), "shown again after the list: recorded again")
    }

    @Test
    fun aKilledProcessComesBackToTheScreenAndGameThatWereShowing() {
        val dir = Files.createTempDirectory("solitaire-restore").toString()
        val before = AppController(Store.open(dir), testScope, workers, newDeal = { Game(it, DEAL) })
        before.open(dnieper)
        eventually("the game opens") { before.screen is Screen.Play }
        val game = assertNotNull(before.playing)
        game.dealStock()
        before.showRules(dnieper)
        before.onBackground()
        drainSaves()
        val route = before.route // what the platform keeps for the killed process

        val after = AppController(Store.open(dir), testScope, workers, newDeal = { Game(it, DEAL + 1u) }, restoredRoute = route)
        eventually("the rules show over the game") { after.screen is Screen.Rules && after.playing != null }
        assertEquals(game.game.positionJson(), assertNotNull(after.playing).game.positionJson())
        after.back()
        assertIs<Screen.Play>(after.screen, "back from the restored rules goes to the restored game")
    }
}
