package app.solitaire.ui.proof

import androidx.compose.ui.geometry.Size
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertContentDescriptionEquals
import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.getUnclippedBoundsInRoot
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onFirst
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.runSkikoComposeUiTest
import androidx.compose.ui.unit.Density
import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.gameCatalog
import app.solitaire.ui.shared.ChooserScreen
import app.solitaire.ui.shared.GameControls
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.RulesScreen
import app.solitaire.ui.shared.say
import app.solitaire.ui.shared.statusLine
import org.junit.Rule
import org.junit.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The shared UI in French: the chooser, a table's spoken words and a rules page. */
class FrenchTest {
    @get:Rule
    val rule = createComposeRule()

    @Test
    fun theChooserReadsInFrench() {
        val store = newStore()
        val daily = store.dailyOverview(DailyDate(2026, 11u, 30u))
        rule.setContent {
            Themed(dark = false, words = french) { ChooserScreen(gameCatalog(), store.overview(), daily, onPlay = {}, onDaily = {}, onRules = {}, onStatistics = {}) }
        }
        rule.onNodeWithText("Donnes du jour").assertIsDisplayed()
        rule.onNodeWithText("Jours d’affilée\u00a0: 0 (record\u00a0: 0)").assertIsDisplayed()
        rule.onNodeWithText("Chequers\u00a0: donne 437").assertExists()
        rule.onNodeWithText(
            "Tableau descendant dans la même couleur, le Roi aussi sur l’As\u202f; tout groupe face visible se déplace\u202f; " +
                "la pioche donne une carte à chaque pile.",
        ).assertExists()
        rule.onAllNodesWithText("Règles").onFirst().assertIsDisplayed()
    }

    /**
     * The bar under the table keeps its rows when "Solution" becomes "Arrêter": at 360 dp it went
     * from two rows to one, which put "Partie…" under the pointer that had just pressed
     * "Solution" (and moved the table).
     */
    @OptIn(ExperimentalTestApi::class)
    @Test
    fun theBarKeepsItsRowsWhenShowMeBecomesStop() = runSkikoComposeUiTest(Size(360f, 640f), Density(1f)) {
        val controller = GameController(Game(GameKind.YAKUTAT_BAY, 1u), newStore(), testScope, workers, showMePaceMs = 60_000)
        setContent { Themed(dark = false, words = french) { GameControls(controller) } }
        val before = onNodeWithContentDescription("Solution").getUnclippedBoundsInRoot()
        runOnIdle { controller.showMeTheWin() }
        waitUntil(timeoutMillis = 10_000) { onAllNodesWithText("Arrêter").fetchSemanticsNodes().isNotEmpty() }
        assertEquals(before, onNodeWithText("Arrêter").getUnclippedBoundsInRoot(), "the button stays where it was pressed")
        runOnIdle { controller.stopShowingMe() }
    }

    @Test
    fun aTableSpeaksFrench() {
        val controller = controller(GameKind.DNIEPER)
        rule.setContent { Themed(dark = false, words = french) { GameScreen(controller, info(GameKind.DNIEPER), onBack = {}, onRules = {}) } }
        // Deal 7: #8D #AH #9H JC on the first pile.
        rule.onNodeWithTag("stop-0", useUnmergedTree = true)
            .assertContentDescriptionEquals("pile de tableau 1, 4 cartes, dont 3 face cachée, carte du dessus\u00a0: valet de trèfle")
        val stock = controller.speech().first { it.description.first().key == "pile_stock" }
        rule.onNodeWithTag("stop-${stock.pile}", useUnmergedTree = true).assertContentDescriptionEquals("pioche, 24 cartes, toutes face cachée")
        assertEquals("Distribuer la pioche", french.say(stock.tap!!.label))
        for (control in listOf("Annuler", "Rétablir", "Indice", "Partie, nouvelle ou recommencée", "Auto, jeu automatique")) {
            rule.onNodeWithContentDescription(control).assertIsDisplayed()
        }
        assertSpokenNamesBeginWithShownWords(rule)
        // The status line: deal, moves (0 is singular in French) and the clock.
        val line = rule.onNodeWithTag("status").fetchSemanticsNode().config[SemanticsProperties.Text].single().text
        assertTrue(Regex("""Donne 7 · 0 coup · \d+:\d\d""").matches(line), line)
        assertEquals("Donne 1234 · 12 coups · 3:05", french.statusLine(controller.status.copy(deal = 1234uL, moves = 12u), 185_000uL))
        // French cards: R, D, V for roi, dame, valet; the first pile's top card is the valet de trèfle,
        // and Dnieper's empty foundations take a whole suit, « R–A ».
        rule.onAllNodesWithText("V", useUnmergedTree = true).onFirst().assertExists()
        rule.onAllNodesWithText("R–A", useUnmergedTree = true).onFirst().assertExists()
        rule.onAllNodesWithText("J", useUnmergedTree = true).assertCountEquals(0)
        rule.onNodeWithContentDescription("Partie, nouvelle ou recommencée").performClick()
        rule.onNodeWithText("Nouvelle donne gagnable").assertIsDisplayed()
    }

    @Test
    fun aRulesPageReadsInFrench() {
        val howTheyRun = info(GameKind.HOW_THEY_RUN)
        rule.setContent { Themed(dark = false, words = french) { RulesScreen(howTheyRun, onBack = {}) } }
        rule.onNodeWithText("How They Run\u00a0: règles").assertIsDisplayed()
        rule.onNodeWithText("Retour").assertIsDisplayed()
        rule.onNodeWithText(
            "Une cellule contient une carte\u00a0: la carte du dessus de n’importe quelle pile peut aller dans une cellule libre, " +
                "et la carte d’une cellule peut être jouée sur une pile qui l’accepte.",
        ).assertExists()
    }

    /** Every key the shared UI names is in both catalogues, and both hold the same keys and plural forms. */
    @Test
    fun everyKeyIsInBothLanguages() {
        assertEquals(english.keys, french.keys, "the two catalogues hold different keys")
        for (key in english.keys.filter(english::isPlural)) {
            assertEquals(setOf("one", "other"), english.quantities(key), key)
            assertEquals(setOf("one", "many", "other"), french.quantities(key), key)
        }
        val shared = File("../../android/app/src/main/java/app/solitaire/ui/shared").listFiles().orEmpty().filter { it.extension == "kt" }
        val named = shared.flatMap { file -> Regex("\"((ui|msg)_[a-z_]+)\"").findAll(file.readText()).map { it.groupValues[1] } }.toSet()
        assertTrue(named.size > 50, "the UI's keys were not found: $named")
        val missing = named - english.keys
        assertTrue(missing.isEmpty(), "keys the UI uses that no catalogue has: $missing")
    }

    /**
     * No English written straight into the shared UI: a `Text("…")`, a message, or a label paired
     * with its value (`"Played" to …`) is a key of the catalogue, never words.
     */
    @Test
    fun theSharedUiWritesNoWordsOfItsOwn() {
        val shared = File("../../android/app/src/main/java/app/solitaire/ui/shared").listFiles().orEmpty().filter { it.extension == "kt" }
        val literal = Regex("""Text\("[A-Za-z]|message = [^\n]*"(?!(ui|msg)_)[A-Za-z][^"]*"|^\s*"[A-Z][A-Za-z ]*" to """, RegexOption.MULTILINE)
        val found = shared.flatMap { file ->
            file.readLines().filter { line -> !line.trimStart().startsWith("*") && !line.trimStart().startsWith("//") && literal.containsMatchIn(line) }
                .map { "${file.name}: ${it.trim()}" }
        }
        assertTrue(found.isEmpty(), "words written into the UI instead of catalogue keys:\n${found.joinToString("\n")}")
    }

    @Test
    fun frenchCountsZeroAndOneSingularAndGroupsThousands() {
        assertEquals(listOf("0 carte", "1 carte", "2 cartes"), listOf(0, 1, 2).map { french.plural("pile_cards", it, it.toLong()) })
        assertEquals("1\u202f234 cartes", french.plural("pile_cards", 1234, 1234L))
        assertEquals("1,234 cards", english.plural("pile_cards", 1234, 1234L))
    }
}
