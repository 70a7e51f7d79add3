package app.solitaire.ui.proof

import androidx.compose.runtime.Composable
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import androidx.compose.ui.use
import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.gameCatalog
import app.solitaire.ui.shared.ChooserScreen
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.RulesScreen
import org.jetbrains.skia.EncodedImageFormat
import org.junit.Test
import java.io.File
import kotlin.test.assertTrue

/**
 * Renders each game's opening and a mid-game table, headlessly, for a phone held both ways and
 * a tablet, into target/tables/ for people to look at.
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

    @Test
    fun rendersTheChooserAndARulesPage() {
        val catalog = gameCatalog()
        val overview = store.overview()
        val daily = store.dailyOverview(DailyDate(2026, 11u, 30u))
        write("chooser-phone-portrait.png", sizes[0]) {
            Themed(dark = false) { ChooserScreen(catalog, overview, daily, onPlay = {}, onDaily = {}, onRules = {}) }
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
            Themed(dark = false, words = french) { ChooserScreen(catalog, store.overview(), daily, onPlay = {}, onDaily = {}, onRules = {}) }
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

    /** Two pixels per point, like most phones; the second frame, 0.3 s on, still shows the last-move mark. */
    private fun write(name: String, size: Size, content: @Composable () -> Unit) {
        val scale = 2f
        val png = ImageComposeScene((size.width * scale).toInt(), (size.height * scale).toInt(), Density(scale), content = content).use { scene ->
            scene.render(0)
            scene.render(300_000_000L).encodeToData(EncodedImageFormat.PNG)!!.bytes
        }
        val file = File(out, name)
        file.writeBytes(png)
        assertTrue(file.length() > 1000, "$name looks empty")
    }
}
