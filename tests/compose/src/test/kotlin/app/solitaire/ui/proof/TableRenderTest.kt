package app.solitaire.ui.proof

import androidx.compose.runtime.Composable
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import androidx.compose.ui.use
import app.solitaire.core.Action
import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PileKind
import app.solitaire.core.PlayerMove
import app.solitaire.core.Verdict
import app.solitaire.core.Viewport
import app.solitaire.core.gameCatalog
import app.solitaire.ui.shared.ChooserScreen
import app.solitaire.ui.shared.DrawnTable
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.RulesScreen
import org.jetbrains.skia.EncodedImageFormat
import org.junit.Test
import java.io.File
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Renders each game's opening and a mid-game table, headlessly, for a phone held both ways and
 * a tablet, and the layout's worst cases (the longest piles, Chequers' foundations full, small
 * and huge screens), into target/tables/ for people to look at.
 */
class TableRenderTest {
    private data class Size(val name: String, val width: Int, val height: Int)

    private val sizes = listOf(Size("phone-portrait", 390, 844), Size("phone-landscape", 844, 390), Size("tablet", 1024, 1366))
    private val out = File(System.getProperty("tables.dir") ?: "target/tables").apply { mkdirs() }
    private val store = newStore()

    @Test
    fun rendersEveryGameAtEverySize() {
        for (info in gameCatalog()) {
            for (stage in listOf("opening", "midgame")) {
                for (size in sizes) {
                    Game(info.kind, DEAL).use { game ->
                        if (stage == "midgame") playSomeMoves(game, 6)
                        val controller = GameController(game, store, testScope, workers)
                        val dark = size.name == "phone-portrait" && stage == "midgame"
                        val name = "${info.slug}-$stage-${size.name}${if (dark) "-dark" else ""}.png"
                        write(name, size) {
                            Themed(dark = dark) { GameScreen(controller, info, onBack = {}, onRules = {}) }
                        }
                    }
                }
            }
        }
    }

    /** Long piles, full foundations, and screens from a small phone to a large desktop window. */
    @Test
    fun rendersTheWorstCases() {
        val worst = sizes + listOf(Size("phone-small", 320, 568), Size("window-small", 480, 360), Size("window-huge", 2560, 1440))
        val cases = listOf(
            "yakutat-bay-longest-pile" to { Game(GameKind.YAKUTAT_BAY, DEAL).also { pileUp(it, 500) } },
            "chequers-longest-pile" to { Game(GameKind.CHEQUERS, DEAL).also { pileUp(it, 500) } },
            "zerline-longest-pile" to { Game(GameKind.ZERLINE, DEAL).also { pileUp(it, 500) } },
            // The Yukon-like game: whole runs move, so its columns grow longest with play.
            "how-they-run-longest-pile" to { Game(GameKind.HOW_THEY_RUN, DEAL).also { pileUp(it, 500) } },
            "chequers-foundations-full" to { Game(GameKind.CHEQUERS, DEAL).also { playHome(it, cardsLeft = 8) } },
        )
        for ((name, start) in cases) {
            val info = gameCatalog().first { name.startsWith(it.slug) }
            for (size in worst) {
                start().use { game ->
                    assertIndicesShow(game.table(Viewport(size.width.toFloat(), size.height.toFloat(), 0f, 0f, 0f, 0f)), name)
                    val controller = GameController(game, store, testScope, workers)
                    write("$name-${size.name}.png", size) {
                        Themed(dark = false) { GameScreen(controller, info, onBack = {}, onRules = {}) }
                    }
                }
            }
        }
    }

    /** Random moves, half of those that can going onto the longest tableau pile, so that it grows. */
    private fun pileUp(game: Game, moves: Int) {
        val random = Random(DEAL.toLong())
        val viewport = Viewport(1024f, 768f, 0f, 0f, 0f, 0f)
        repeat(moves) {
            val table = game.table(viewport)
            val tableau = table.piles.filter { it.kind == PileKind.TABLEAU }
            val longest = tableau.maxByOrNull { it.cardCount }?.pile
            val options = table.cards.filter { it.movable && it.face != null }.flatMap { card ->
                game.destinations(card.pile, card.position).map { to -> Triple(card.pile, card.position, to) }
            }
            if (options.isEmpty()) {
                if (game.status().canDeal) game.dealStock() else return
                return@repeat
            }
            val onto = options.filter { it.third == longest }
            val (from, position, to) = if (onto.isNotEmpty() && random.nextBoolean()) onto.random(random) else options.random(random)
            val count = table.piles.first { it.pile == from }.cardCount - position
            game.moveCards(from, count, to)
        }
    }

    /** The solver's winning line, played until `cardsLeft` cards are outside the foundations. */
    private fun playHome(game: Game, cardsLeft: Int) {
        val line = game.showMe(30_000u)
        assertEquals(Verdict.WINNABLE, line.verdict)
        val viewport = Viewport(1024f, 768f, 0f, 0f, 0f, 0f)
        for (move in line.moves) {
            val table = game.table(viewport)
            if (table.piles.filter { it.kind != PileKind.FOUNDATION }.sumOf { it.cardCount.toInt() } <= cardsLeft) return
            game.act(Action.Assisted(move))
        }
    }

    /** What the card faces rely on: a face-up card a fan covers shows at least `indexHeight` of itself. */
    private fun assertIndicesShow(table: DrawnTable, what: String) {
        assertTrue(table.indexHeight > 0f, "$what: an index height")
        for (pile in table.piles.filter { it.kind == PileKind.TABLEAU }) {
            val cards = table.cards.filter { it.pile == pile.pile }.sortedBy { it.position }
            for ((below, above) in cards.zipWithNext().filter { it.first.face != null }) {
                val step = above.frame.y - below.frame.y
                assertTrue(step >= table.indexHeight - 1e-3f, "$what, pile ${pile.pile}: a step of $step under ${table.indexHeight}")
            }
        }
    }

    @Test
    fun rendersTheChooserAndARulesPage() {
        val catalog = gameCatalog()
        val overview = store.overview()
        val daily = store.dailyOverview(DailyDate(2026, 11u, 30u))
        write("chooser-phone-portrait.png", sizes[0]) {
            Themed(dark = false) { ChooserScreen(catalog, overview, daily, onPlay = {}, onDaily = {}, onRules = {}, onStatistics = {}) }
        }
        write("rules-${catalog[0].slug}-phone-portrait.png", sizes[0]) {
            Themed(dark = true) { RulesScreen(catalog[0], onBack = {}) }
        }
    }

    /** The French chooser, a French table (its words are in the status line and the controls) and rules page. */
    @Test
    fun rendersTheChooserATableAndARulesPageInFrench() {
        val catalog = gameCatalog()
        val daily = store.dailyOverview(DailyDate(2026, 11u, 30u))
        write("fr-chooser-phone-portrait.png", sizes[0]) {
            Themed(dark = false, words = french) { ChooserScreen(catalog, store.overview(), daily, onPlay = {}, onDaily = {}, onRules = {}, onStatistics = {}) }
        }
        for (size in sizes) {
            Game(catalog[2].kind, DEAL).use { game ->
                playSomeMoves(game, 6)
                val controller = GameController(game, store, testScope, workers)
                write("fr-${catalog[2].slug}-midgame-${size.name}.png", size) {
                    Themed(dark = false, words = french) { GameScreen(controller, catalog[2], onBack = {}, onRules = {}) }
                }
            }
        }
        write("fr-rules-${catalog[4].slug}-phone-portrait.png", sizes[0]) {
            Themed(dark = false, words = french) { RulesScreen(catalog[4], onBack = {}) }
        }
    }

    /** Android's largest text size (200%), in both languages, on a phone held both ways; the chooser upright. */
    @Test
    fun rendersTheLargestTextSize() {
        val catalog = gameCatalog()
        val daily = store.dailyOverview(DailyDate(2026, 11u, 30u))
        for ((language, words) in listOf("en" to english, "fr" to french)) {
            write("$language-chooser-text-200-phone-portrait.png", sizes[0], fontScale = 2f) {
                Themed(dark = false, words = words) { ChooserScreen(catalog, store.overview(), daily, onPlay = {}, onDaily = {}, onRules = {}, onStatistics = {}) }
            }
            for (size in sizes.take(2)) {
                Game(catalog[1].kind, DEAL).use { game ->
                    playSomeMoves(game, 6)
                    val controller = GameController(game, store, testScope, workers)
                    write("$language-${catalog[1].slug}-text-200-${size.name}.png", size, fontScale = 2f) {
                        Themed(dark = false, words = words) { GameScreen(controller, catalog[1], onBack = {}, onRules = {}) }
                    }
                }
            }
        }
    }

    /** Two pixels per point, like most phones; the second frame, 0.3 s on, still shows the last-move mark. */
    private fun write(name: String, size: Size, fontScale: Float = 1f, content: @Composable () -> Unit) {
        val scale = 2f
        val png = ImageComposeScene((size.width * scale).toInt(), (size.height * scale).toInt(), Density(scale, fontScale), content = content).use { scene ->
            scene.render(0)
            scene.render(300_000_000L).encodeToData(EncodedImageFormat.PNG)!!.bytes
        }
        val file = File(out, name)
        file.writeBytes(png)
        assertTrue(file.length() > 1000, "$name looks empty")
    }
}
