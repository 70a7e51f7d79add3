package app.solitaire.ui.proof

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.junit4.ComposeContentTestRule
import app.solitaire.core.Action
import app.solitaire.core.CardView
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Outcome
import app.solitaire.core.PileKind
import app.solitaire.core.PlayerMove
import app.solitaire.core.Store
import app.solitaire.core.Viewport
import app.solitaire.core.gameCatalog
import app.solitaire.ui.shared.CatalogueWords
import app.solitaire.ui.shared.DrawnTable
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.LocalWords
import app.solitaire.ui.shared.SolitaireTheme
import app.solitaire.ui.shared.Words
import app.solitaire.ui.shared.Workers
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import java.io.File
import java.nio.file.Files
import kotlin.test.assertTrue

/** The app's words as the desktop window reads them: the Android resources' text. */
fun catalogue(folder: String, language: String) =
    CatalogueWords(File("../../android/app/src/main/res/$folder/words.xml").readText(), language)

val english = catalogue("values", "en")
val french = catalogue("values-fr", "fr")

/** The app's theme, with its words ([english] unless a test asks for another language). */
@Composable
fun Themed(dark: Boolean, words: Words = english, content: @Composable () -> Unit) {
    CompositionLocalProvider(LocalWords provides words) { SolitaireTheme(dark = dark, content = content) }
}

/** The same deal on every run, so pictures and expectations are stable. */
const val DEAL: ULong = 7u

val workers = Workers.default()

/** Background work resumes on Compose-safe threads: snapshot state may be written from any. */
val testScope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

fun newStore(): Store = Store.open(Files.createTempDirectory("solitaire-ui").toString())

fun info(kind: GameKind) = gameCatalog().first { it.kind == kind }

fun controller(kind: GameKind, store: Store = newStore()) = GameController(Game(kind, DEAL), store, testScope, workers)

/** Waits until every save queued so far has been written. */
fun drainSaves() = runBlocking { withContext(workers.saves) {} }

/** The whole table of a game nothing else draws (a twin, or one a test plays by hand). */
fun Game.table(viewport: Viewport): DrawnTable = DrawnTable.of(view(viewport))

fun Game.tap(pile: UInt, index: UInt): Outcome = act(Action.Tap(pile, index)).outcome

fun Game.play(move: PlayerMove) {
    act(Action.Play(move))
}

fun Game.moveCards(from: UInt, count: UInt, to: UInt) = play(PlayerMove.Transfer(from, count, to))

fun Game.dealStock() = play(PlayerMove.Stock)

fun Game.undo() {
    act(Action.Undo)
}

fun Game.redo() {
    act(Action.Redo)
}

fun DrawnTable.pileOf(kind: PileKind): List<CardView> = cardsOf(piles.first { it.kind == kind }.pile)

fun DrawnTable.countIn(kind: PileKind): Int = piles.filter { it.kind == kind }.sumOf { it.cardCount.toInt() }

/** The first face-up card the core plays when tapped, and the table that results (on a twin game). */
fun firstPlayableTap(kind: GameKind, viewport: Viewport): Pair<CardView, DrawnTable>? {
    val cards = Game(kind, DEAL).use { it.table(viewport).cards }
    for (card in cards.filter { it.movable && it.face != null }) {
        Game(kind, DEAL).use { twin ->
            if (twin.tap(card.pile, card.position) == Outcome.MOVED) return card to twin.table(viewport)
        }
    }
    return null
}

/** Plays up to `moves` taps the core accepts (the stock when no card plays): a mid-game position. */
fun playSomeMoves(game: Game, moves: Int) {
    val viewport = Viewport(1024f, 768f, 0f, 0f, 0f, 0f)
    repeat(moves) {
        val table = game.table(viewport)
        val played = table.cards.filter { it.movable && it.face != null }
            .any { game.tap(it.pile, it.position) == Outcome.MOVED }
        if (!played && game.status().canDeal) game.dealStock()
    }
}

/** Waits (up to 10 s) for background work to make `condition` true; fails with `what` if it never does. */
fun eventually(what: String, condition: () -> Boolean) {
    val deadline = System.nanoTime() + 10_000_000_000L
    while (!condition()) {
        check(System.nanoTime() < deadline) { "never happened: $what" }
        Thread.sleep(10)
    }
}

/**
 * Every button whose spoken name differs from its shown words begins with those words (less a
 * trailing "…" or "✓"): Voice Access and other speech control act on the words a player sees,
 * and WCAG 2.5.3 (label in name) asks it.
 */
fun assertSpokenNamesBeginWithShownWords(rule: ComposeContentTestRule) {
    val buttons = rule.onAllNodes(hasClickAction() and SemanticsMatcher.keyIsDefined(SemanticsProperties.ContentDescription)).fetchSemanticsNodes()
    val shown = buttons.mapNotNull { node ->
        val text = node.config.getOrNull(SemanticsProperties.Text)?.joinToString(" ") ?: return@mapNotNull null
        text.trimEnd('…', '✓', ' ') to node.config[SemanticsProperties.ContentDescription].joinToString(" ")
    }
    assertTrue(shown.size >= 6, "the controls were not found: $shown")
    val unlike = shown.filter { (words, name) -> !name.startsWith(words, ignoreCase = true) }
    assertTrue(unlike.isEmpty(), "spoken names that do not begin with the words shown: $unlike")
}
