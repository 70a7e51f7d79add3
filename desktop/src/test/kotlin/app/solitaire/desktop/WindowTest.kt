package app.solitaire.desktop

import app.solitaire.core.Action
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PileKind
import app.solitaire.core.PlayState
import app.solitaire.core.PlayerMove
import app.solitaire.core.Store
import app.solitaire.core.Update
import app.solitaire.core.Verdict
import app.solitaire.core.Viewport
import org.junit.Assume
import org.junit.Test
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The desktop window played as a person plays it, on a virtual display: a game begun in the
 * terminal, reopened by the window by itself, left with Esc and opened from the chooser with the
 * mouse, played to the win by clicks, a double click and a drag, undone and redone with the
 * keyboard, closed, opened again exactly as it was, resized to a portrait window and finished there. Where to click comes from the same
 * `Game.view(viewport)` the window draws, for the table's size as found on the screen (its felt).
 * Every wait is for a condition: the window's save reaching the position, the screen settling.
 * Screenshots go to target/screenshots for a person to look at.
 */
class WindowTest {
    private val kind = GameKind.YAKUTAT_BAY
    private val deal = 1uL // proved winnable: core/src/solver/proven/yakutat-bay.txt
    private val title = "Yakutat Bay — deal 1"
    private val terminalMoves = 3
    private val shots = File(System.getProperty("screenshots.dir"))
    private val home = Files.createTempDirectory("solitaire-home").toFile()

    /** Where the window looks (the test checks the terminal game saved there too). */
    private val dataDir = defaultDataDir(mapOf("HOME" to home.path), System.getProperty("os.name"))
    private lateinit var screen: VirtualDisplay
    private lateinit var model: Game
    private var launches = 0

    @Test
    fun aPersonPlaysAGameInTheWindow() {
        VirtualDisplay.missing()?.let { why ->
            println("SKIPPED the desktop window test: $why")
            Assume.assumeTrue(why, false)
        }
        shots.mkdirs()
        VirtualDisplay().use { display ->
            screen = display
            val line = Game(kind, deal).use { fresh ->
                val found = fresh.showMe(10_000u)
                assertEquals(Verdict.WINNABLE, found.verdict, "deal $deal is on the proven list")
                found.moves
            }
            model = Game(kind, deal)
            playInTerminal(line.take(terminalMoves))

            var window = start()
            // Started afresh, the window reopens the game on screen last: the terminal's.
            val reopened = windowBox("$title$")
            // Esc goes back to the chooser, where a click opens the game again.
            pointerInto(reopened)
            screen.key("Escape")
            openFromChooser(saveAs = "chooser.png")
            var area = tableArea()
            checkTable(display.capture(), area, "table.png")
            val beforeRestart = line.size - 12
            var dragged = false
            var doubleClicked = false
            for (mv in line.subList(terminalMoves, beforeRestart)) {
                val how = when {
                    !dragged && mv is PlayerMove.Transfer -> How.DRAG.also { dragged = true }
                    !doubleClicked && goesHomeOnDoubleClick(mv, area) -> How.DOUBLE_CLICK.also { doubleClicked = true }
                    else -> null
                }
                play(mv, area, how)
            }
            assertTrue(dragged && doubleClicked, "the line had a move to drag and one to double-click home")

            keys("ctrl+z") { act(Action.Undo) }
            keys("ctrl+shift+z") { act(Action.Redo) }
            keys("ctrl+z") { act(Action.Undo) }
            pointerAway()
            val left = settled(area.box, exact = true)
            left.save(File(shots, "table-before-closing.png"), area.box)

            pointerInto(area.box)
            quit(window)
            window = start()
            val leftArea = area
            area = tableArea()
            assertEquals(leftArea, area, "the window opens again at the same place and size")
            pointerAway()
            val resumed = settled(area.box, exact = true)
            resumed.save(File(shots, "table-resumed.png"), area.box)
            assertEquals(0, resumed.difference(left, area.box), "the game comes back exactly as it was left (pixel for pixel)")
            pointerInto(area.box) // with no window manager, keys go to the window under the pointer
            keys("ctrl+shift+z") { act(Action.Redo) } // the redo history came back too

            area = resize(640, 900)
            checkTable(settled(area.box, exact = false), area, "table-portrait.png")
            assertTrue(area.box.height > area.box.width, "a portrait window gets a portrait table")
            for (mv in line.subList(beforeRestart, line.size)) play(mv, area, how = null)

            waitFor("the win to be counted") {
                Store.open(dataDir.path).use { store -> store.stats(kind).takeIf { it.won == 1u } }
            }
            settled(windowBox(), exact = false).save(File(shots, "won.png"), windowBox())
            quit(window)
        }
    }

    private enum class How { CLICK, DOUBLE_CLICK, DRAG }

    /** The table on screen: its box in screen pixels (the felt) and the viewport the window laid it out for. */
    private data class Area(val box: Box, val viewport: Viewport)

    /** The first moves in the terminal game, in its own words (`t3 f1 1`), then `quit`. */
    private fun playInTerminal(moves: List<PlayerMove>) {
        val piles = model.view(Viewport(400f, 800f, 0f, 0f, 0f, 0f)).piles
        fun name(pile: UInt): String {
            val view = piles.first { it.pile == pile }
            val short = when (view.kind) {
                PileKind.TABLEAU -> "t"
                PileKind.FOUNDATION -> "f"
                PileKind.CELL -> "c"
                PileKind.RESERVE -> return "r"
                PileKind.STOCK -> return "s"
                PileKind.WASTE -> return "w"
            }
            return short + (view.index + 1u)
        }
        val commands = moves.map { mv ->
            model.apply(mv)
            when (mv) {
                is PlayerMove.Transfer -> "${name(mv.from)} ${name(mv.to)} ${mv.count}"
                PlayerMove.Stock -> "s"
            }
        } + "quit"
        val cli = ProcessBuilder(System.getProperty("solitaire.cli"), "play", "yakutat-bay", "--deal", "$deal")
            .also { it.environment()["HOME"] = home.path; it.environment().remove("XDG_DATA_HOME"); it.environment()["NO_COLOR"] = "1" }
            .redirectErrorStream(true).start()
        cli.outputStream.bufferedWriter().use { it.write(commands.joinToString("\n", postfix = "\n")) }
        val out = cli.inputStream.bufferedReader().readText()
        assertTrue(cli.waitFor(60, TimeUnit.SECONDS) && cli.exitValue() == 0, "the terminal game ended: $out")
        assertTrue(savedMatches(), "the terminal game saved ${moves.size} moves in $dataDir (the window's store): $out")
    }

    /** Starts the window as ./play does, but on the virtual display and this test's home. */
    private fun start(): Process {
        launches++
        val java = File(System.getProperty("java.home"), "bin/java").path
        return ProcessBuilder(
            java, "-Djna.library.path=${System.getProperty("bindings.lib")}", "-Dskiko.renderApi=SOFTWARE",
            "-cp", System.getProperty("java.class.path"), "app.solitaire.desktop.MainKt", "--lang", "en",
        ).also {
            it.environment()["DISPLAY"] = screen.name
            it.environment()["HOME"] = home.path
            it.environment().remove("XDG_DATA_HOME")
        }.redirectErrorStream(true).redirectOutput(File(shots, "window-$launches.log")).start()
    }

    /** Ctrl+Q, the way out through the window's own close path; the process must end cleanly. */
    private fun quit(window: Process) {
        screen.key("ctrl+q")
        assertTrue(window.waitFor(30, TimeUnit.SECONDS), "the window closed")
        assertEquals(0, window.exitValue())
    }

    private fun windowBox(regex: String = ".") = waitFor("the window") { screen.window(regex) }

    /**
     * Waits for the chooser, checks it is drawn, then clicks the game's row: the chooser's
     * cards are blocks apart from the surface colour in a column inside their padding; the
     * daily deals come first, then the games in menu order.
     */
    private fun openFromChooser(saveAs: String?) {
        val window = windowBox("^Solitaire$")
        pointerAway() // no hover on the rows
        val column = window.x + (window.width - 640) / 2 + 16 + 6
        val index = 1 + gameIndex() // the daily deals' card, then the games
        // The rows' statistics load first, then the daily deals: once that card (five deals
        // tall) shows, nothing moves any more.
        val (shot, blocks) = waitFor("the chooser to show the daily deals and the games") {
            val shot = settled(window, exact = true)
            val blocks = blocks(shot, window, column)
            (shot to blocks).takeIf { blocks.size > index && blocks[0].last - blocks[0].first > 250 }
        }
        saveAs?.let { shot.save(File(shots, it), window) }
        assertTrue(shot.distinctColours(window) > 20, "the chooser is drawn, not blank")
        screen.click(column + 200, (blocks[index].first + blocks[index].last) / 2)
        waitFor("the window to show $title") { screen.window("$title$") }
    }

    /** The chooser's cards: runs of rows where `column` is not the surface colour. */
    private fun blocks(shot: Shot, window: Box, column: Int): List<IntRange> {
        val surface = shot[window.x + 3, window.y + 3]
        val blocks = mutableListOf<IntRange>()
        var startY = -1
        for (y in window.y until window.y + window.height) {
            val inBlock = shot[column, y] != surface
            if (inBlock && startY < 0) startY = y
            if ((!inBlock || y == window.y + window.height - 1) && startY >= 0) {
                if (y - startY > 40) blocks += startY until y
                startY = -1
            }
        }
        return blocks
    }

    private fun gameIndex() = app.solitaire.core.gameCatalog().indexOfFirst { it.kind == kind }

    /** The felt's box on screen, and the viewport it stands for (one pixel a point here). */
    private fun tableArea(): Area {
        val window = windowBox("$title$")
        var last: Box? = null
        // The title changes with the screen, a frame before the table is drawn: wait for the felt.
        val felt = waitFor("the table's felt to show at one size") {
            val now = settled(window, exact = false).bounds(FELT, window)
            now.takeIf { it == last }.also { last = now }
        }
        return Area(felt, Viewport(felt.width.toFloat(), felt.height.toFloat(), 0f, 0f, 0f, 0f))
    }

    private fun resize(width: Int, height: Int): Area {
        val id = screen.xdotool("search", "--onlyvisible", "--name", "$title$").lines().first { it.isNotBlank() }
        val before = tableArea().box
        screen.xdotool("windowsize", id, "$width", "$height")
        waitFor("the table to follow the window's new size") { tableArea().takeIf { it.box != before } }
        return tableArea()
    }

    /** Felt everywhere cards are not; every card the core lays out is drawn where it says. */
    private fun checkTable(shot: Shot, area: Area, name: String) {
        shot.save(File(shots, name), windowBox("$title$"))
        val table = model.view(area.viewport)
        assertTrue(shot.count(area.box) { it == FELT } > area.box.width * area.box.height / 4, "the felt shows")
        for (card in table.cards) {
            val (x, y) = grabPoint(card, table, area)
            assertTrue(shot[x, y] != FELT, "card ${card.id} (pile ${card.pile}, position ${card.position}) is drawn at ($x, $y)")
        }
        val up = table.cards.count { it.face != null }
        val down = table.cards.size - up
        assertTrue(shot.count(area.box) { it == CARD_FACE } > 100 * up, "$up cards face up are drawn")
        assertTrue(shot.count(area.box) { it == CARD_BACK } >= 20 * down, "$down cards face down are drawn")
    }

    /** The middle of the part of the card that shows (above or left of the card on it), on screen. */
    private fun grabPoint(card: app.solitaire.core.CardView, table: Update, area: Area): Pair<Int, Int> {
        val f = card.frame
        val next = table.cards.firstOrNull { it.pile == card.pile && it.position == card.position + 1u }?.frame
        var width = f.width
        var height = f.height
        if (next != null && next.y > f.y) height = minOf(height, next.y - f.y)
        if (next != null && next.y <= f.y && next.x > f.x) width = minOf(width, next.x - f.x)
        // Just inside the card's left edge (past a highlight's 3 dp ring), clear of its marks and pips.
        return Pair(area.box.x + (f.x + minOf(width / 2, 4f)).toInt(), area.box.y + (f.y + height / 2).toInt())
    }

    private fun goesHomeOnDoubleClick(mv: PlayerMove, area: Area): Boolean {
        if (mv !is PlayerMove.Transfer) return false
        val table = model.view(area.viewport)
        val foundations = table.piles.filter { it.kind == PileKind.FOUNDATION }.map { it.pile }.toSet()
        val size = table.piles.first { it.pile == mv.from }.cardCount
        return mv.to in foundations && model.destinations(mv.from, size - mv.count).firstOrNull { it in foundations } == mv.to
    }

    /**
     * One move of the line with the mouse: a click where the core's tap makes exactly this move,
     * else a drag onto the pile; then waits for the window's save to reach it and the screen to settle.
     */
    private fun play(mv: PlayerMove, area: Area, how: How?) {
        val table = model.view(area.viewport)
        val before = screen.capture()
        when (mv) {
            PlayerMove.Stock -> {
                val stock = table.piles.first { it.kind == PileKind.STOCK }.base
                screen.click(area.box.x + (stock.x + stock.width / 2).toInt(), area.box.y + (stock.y + stock.height / 2).toInt())
                model.apply(mv)
            }
            is PlayerMove.Transfer -> {
                val size = table.piles.first { it.pile == mv.from }.cardCount
                val card = table.cards.first { it.pile == mv.from && it.position == size - mv.count }
                val tapped = saved().use { scratch ->
                    scratch.act(Action.Tap(mv.from, card.position))
                    model.apply(mv)
                    scratch.positionJson() == model.positionJson()
                }
                val (x, y) = grabPoint(card, table, area)
                when (how ?: if (tapped) How.CLICK else How.DRAG) {
                    How.CLICK -> screen.click(x, y)
                    How.DOUBLE_CLICK -> screen.doubleClick(x, y)
                    How.DRAG -> {
                        val target = table.piles.first { it.pile == mv.to }.base
                        val toX = target.x + target.width / 2
                        val toY = target.y + target.height / 2
                        // The window's game, before the move: dropped there, the cards make this move.
                        val lands = saved().use { scratch ->
                            scratch.view(area.viewport)
                            scratch.act(Action.Drop(mv.from, card.position, toX, toY))
                            scratch.positionJson() == model.positionJson()
                        }
                        assertTrue(lands, "the drop point is on the pile")
                        val dx = toX - (card.frame.x + card.frame.width / 2)
                        val dy = toY - (card.frame.y + card.frame.height / 2)
                        screen.drag(x, y, x + dx.toInt(), y + dy.toInt())
                    }
                }
            }
        }
        if (model.status().state == PlayState.WON) {
            // A won game leaves the store's games in progress for its statistics.
            waitFor("the window's won game to be recorded") { savedGame().use { it == null }.takeIf { it } }
        } else {
            waitFor("the window's save to reach move ${model.status().moves}: $mv") { savedMatches().takeIf { it } }
        }
        waitFor("the move to show") { screen.capture().takeIf { it.difference(before, area.box) > 0 } }
        settled(area.box, exact = false)
    }

    /** Off the window, so no hover shows in a capture. */
    private fun pointerAway() = screen.xdotool("mousemove", "${screen.width - 2}", "${screen.height - 2}")

    /** Onto the table's top left corner, where no card is. */
    private fun pointerInto(box: Box) = screen.xdotool("mousemove", "${box.x + 2}", "${box.y + 2}")

    private fun keys(keys: String, onModel: Game.() -> Any) {
        screen.key(keys)
        model.onModel()
        waitFor("the window's save after $keys") { savedMatches().takeIf { it } }
    }

    /** The window's game as saved: a scratch copy the test may play on. */
    private fun saved(): Game = checkNotNull(savedGame()) { "no saved game in $dataDir" }

    /** The save as the window (or the terminal game) left it: looked at, not opened, so the window may open it. */
    private fun savedGame(): Game? = Store.open(dataDir.path).use { it.peek(kind) }

    private fun savedMatches(): Boolean =
        savedGame()?.use { it.positionJson() == model.positionJson() && it.status().moves == model.status().moves } ?: false

    /**
     * Captures until two captures in a row agree (`exact`), or differ in under 1% of `area`'s
     * pixels (a card's fading last-move ring, not a card on its way).
     */
    private fun settled(area: Box, exact: Boolean): Shot {
        var last = screen.capture()
        return waitFor("the window to settle") {
            val next = screen.capture()
            val changed = next.difference(last, area)
            last = next
            next.takeIf { changed == 0 || !exact && changed < area.width * area.height / 100 }
        }
    }

    private fun Game.apply(mv: PlayerMove) {
        act(Action.Play(mv))
    }

    private companion object {
        /** SolitaireTheme's light table (the virtual display has no dark mode). */
        const val FELT = 0x2E7D4F
        const val CARD_FACE = 0xFFFFFF
        const val CARD_BACK = 0x1E4F9C
    }
}
