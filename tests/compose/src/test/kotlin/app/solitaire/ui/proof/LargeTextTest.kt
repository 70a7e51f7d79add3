package app.solitaire.ui.proof

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.hasAnyAncestor
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.dp
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Store
import app.solitaire.core.gameCatalog
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.NewGame
import org.junit.Rule
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The words around the table at Android's largest text size (200%): whole, never cut. */
class LargeTextTest {
    @get:Rule
    val rule = createComposeRule()

    private class Screen(val kind: Int, val words: app.solitaire.ui.shared.Words, val width: Int, val height: Int)

    /**
     * Every game's name, status line and controls, in English and French, on phones held both
     * ways (the smallest too): no word broken across lines, no text ellipsized. (Once, upright,
     * the six controls shared one row and read "Ann-uler", "Indi-ce".)
     */
    @Test
    fun noWordAroundTheTableIsCutAtTheLargestTextSize() {
        val store = newStore()
        val catalog = gameCatalog()
        val sizes = listOf(390 to 844, 844 to 390, 320 to 568, 568 to 320)
        val screens = catalog.indices.flatMap { kind -> listOf(english, french).flatMap { words -> sizes.map { (w, h) -> Screen(kind, words, w, h) } } }
        val controllers = catalog.map { GameController(Game(it.kind, DEAL), store, testScope, workers) }
        var shown by mutableStateOf(screens.first())
        rule.setContent {
            val density = LocalDensity.current
            CompositionLocalProvider(LocalDensity provides Density(density.density, fontScale = 2f)) {
                Themed(dark = false, words = shown.words) {
                    Box(Modifier.size(shown.width.dp, shown.height.dp)) {
                        GameScreen(controllers[shown.kind], catalog[shown.kind], onBack = {}, onRules = {})
                    }
                }
            }
        }
        val cut = mutableListOf<String>()
        for (screen in screens) {
            rule.runOnIdle { shown = screen }
            rule.waitForIdle()
            val texts = rule.onAllNodes(
                SemanticsMatcher.keyIsDefined(SemanticsActions.GetTextLayoutResult) and !hasAnyAncestor(hasTestTag("table")),
                useUnmergedTree = true,
            ).fetchSemanticsNodes()
            for (node in texts) {
                val text = node.config.getOrNull(SemanticsProperties.Text)?.joinToString("") ?: continue
                val layouts = mutableListOf<TextLayoutResult>()
                node.config[SemanticsActions.GetTextLayoutResult].action?.invoke(layouts)
                val layout = layouts.single()
                val where = "\"$text\" (${catalog[screen.kind].slug}, ${screen.width}×${screen.height} dp)"
                // (Not `hasVisualOverflow`: on the desktop it also reports a line narrower than its constraints.)
                if (layout.multiParagraph.didExceedMaxLines) cut += "$where cut short"
                // Words between spaces and line breaks (the status line beside the table has a part a line).
                for (word in Regex("\\S+").findAll(text)) {
                    if (layout.getLineForOffset(word.range.first) != layout.getLineForOffset(word.range.last)) {
                        cut += "$where breaks \"${word.value}\""
                    }
                }
            }
        }
        assertTrue(cut.isEmpty(), cut.distinct().joinToString("\n"))
    }

    /**
     * A note longer than its two lines (the damaged statistics put aside, in French, on the
     * smallest phone; at the largest text size most notes are) is shown whole: it once ended
     * "… mises de côté…", without "et repartent de zéro".
     */
    @Test
    fun aLongNoteIsShownWhole() {
        val dir = java.nio.file.Files.createTempDirectory("solitaire-note").toFile()
        val controller = controller(GameKind.DNIEPER, Store.open(dir.path))
        controller.dealStock()
        drainSaves()
        java.io.File(dir, "stats.json").writeText("{ not json")
        controller.perform(NewGame.Deal(2u))
        eventually("the note") { controller.message == "msg_stats_reset" }
        var fontScale by mutableStateOf(1f)
        rule.setContent {
            val density = LocalDensity.current
            CompositionLocalProvider(LocalDensity provides Density(density.density, fontScale)) {
                Themed(dark = false, words = french) {
                    Box(Modifier.size(320.dp, 568.dp)) { GameScreen(controller, info(GameKind.DNIEPER), onBack = {}, onRules = {}) }
                }
            }
        }
        for (scale in listOf(1f, 2f)) {
            rule.runOnIdle { fontScale = scale }
            val note = rule.onNodeWithTag("note", useUnmergedTree = true).fetchSemanticsNode()
            val layouts = mutableListOf<TextLayoutResult>()
            note.config[SemanticsActions.GetTextLayoutResult].action?.invoke(layouts)
            assertEquals(french.text("msg_stats_reset"), layouts.single().layoutInput.text.text)
            assertFalse(layouts.single().multiParagraph.didExceedMaxLines, "the note is cut at a font scale of $scale")
        }
    }
}
