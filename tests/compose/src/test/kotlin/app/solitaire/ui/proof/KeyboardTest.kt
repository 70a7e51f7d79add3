package app.solitaire.ui.proof

import androidx.compose.foundation.layout.Box
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.isFocused
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performKeyInput
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.pressKey
import androidx.compose.ui.test.requestFocus
import app.solitaire.core.CardView
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.PileKind
import app.solitaire.ui.shared.AppController
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.Screen
import app.solitaire.ui.shared.SolitaireApp
import app.solitaire.ui.shared.keyboardShortcuts
import app.solitaire.ui.shared.say
import org.junit.Rule
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** Play with the keyboard alone: Tab to a card, Space picks it up, Enter (or Space) on another pile puts it there, Esc puts it back. */
class KeyboardTest {
    @get:Rule
    val rule = createComposeRule()

    @Test
    fun spacePicksCardsUpEnterPutsThemDownAndEscPutsThemBack() {
        val (app, controller) = play(GameKind.YAKUTAT_BAY, DEAL)
        val (card, to) = cardWithAPlace(controller)
        val elsewhere = controller.table.piles.first { it.pile != card.pile && it.pile != to && it.cardCount > 0u }.pile

        // Picked up, then put back with Esc: still in the game, nothing moved.
        key(tagOf(controller, card.pile, card.position), Key.Spacebar)
        assertEquals(card.position, assertNotNull(controller.picked).index)
        key(tagOf(controller, card.pile, card.position), Key.Escape)
        assertNull(controller.picked)
        assertIs<Screen.Play>(app.screen, "Esc put the cards back, and left the game open")
        // Android's Back does the same (a tablet's Back key or gesture).
        key(tagOf(controller, card.pile, card.position), Key.Spacebar)
        rule.runOnIdle { app.onBack() }
        assertNull(controller.picked)
        assertIs<Screen.Play>(app.screen, "Back put the cards back, and left the game open")

        // Enter on a pile they may not go to: they stay picked, and the player is told the rule
        // in the way, in the core's words.
        key(tagOf(controller, card.pile, card.position), Key.Spacebar)
        key(topOf(controller, elsewhere), Key.Enter)
        assertNotNull(controller.picked)
        val why = assertNotNull(controller.game.refusal(card.pile, card.position, elsewhere))
        assertEquals(why, controller.refusal)
        rule.onNodeWithText(english.say(why)).assertExists()

        // Enter on a pile they may go to: played, as a drag there would.
        key(topOf(controller, to), Key.Enter)
        assertNull(controller.picked)
        assertEquals(1u, controller.status.moves)
        assertEquals(to, controller.table.cards[card.id.toInt()].pile)
    }

    /** Space on a card of a pile the picked cards may go to puts them there, as Enter does (it picked that card up instead). */
    @Test
    fun spaceOnATargetPutsThePickedCardsThere() {
        val (_, controller) = play(GameKind.YAKUTAT_BAY, DEAL)
        val (card, to) = cardWithAPlace(controller)
        key(tagOf(controller, card.pile, card.position), Key.Spacebar)
        key(topOf(controller, to), Key.Spacebar)
        assertNull(controller.picked)
        assertEquals(1u, controller.status.moves)
        assertEquals(to, controller.table.cards[card.id.toInt()].pile)
    }

    /** An empty place is a keyboard stop too: Yakutat Bay deal 1 opens with an ace on top, put home by Enter on an empty foundation. */
    @Test
    fun enterOnAnEmptyPlacePutsThePickedCardsThere() {
        val (_, controller) = play(GameKind.YAKUTAT_BAY, 1u)
        val (card, to) = cardWithAPlace(controller) { controller.table.pile(it)?.cardCount == 0u }
        key(tagOf(controller, card.pile, card.position), Key.Spacebar)
        key("hit-$to", Key.Enter)
        assertNull(controller.picked)
        assertEquals(to, controller.table.cards[card.id.toInt()].pile)
    }

    /** The stock's top card is face down, and a keyboard stop all the same: Enter deals. */
    @Test
    fun enterOnTheStockDeals() {
        val (_, controller) = play(GameKind.DNIEPER, DEAL)
        val stock = controller.table.piles.first { it.kind == PileKind.STOCK }.pile
        key(topOf(controller, stock), Key.Enter)
        assertEquals(1u, controller.status.moves, "the stock dealt")
    }

    /** Tab goes card by card, pile by pile, bottom to top, past face-down cards but a top one (which have nothing to do). */
    @Test
    fun tabFollowsThePilesFaceUpCards() {
        val (_, controller) = play(GameKind.YAKUTAT_BAY, DEAL)
        val order = controller.table.cards.filter { it.face != null || controller.table.pile(it.pile)?.cardCount == it.position + 1u }.sortedWith(compareBy({ it.pile }, { it.position })).map { "card-${it.id}" }
        rule.onNodeWithTag(order.first(), useUnmergedTree = true).requestFocus()
        val visited = mutableListOf(order.first())
        repeat(order.size - 1) {
            rule.onRoot().performKeyInput { pressKey(Key.Tab) }
            rule.waitForIdle()
            visited += rule.onNode(isFocused(), useUnmergedTree = true).fetchSemanticsNode().config[SemanticsProperties.TestTag]
        }
        assertEquals(order, visited)
    }

    /**
     * Esc in the middle of a drag with the mouse (or Back with a finger) puts the cards back and
     * leaves the game open: it once left for the list of games with the button still down.
     */
    @Test
    fun escDuringADragPutsTheCardsBackAndStaysInTheGame() {
        val (app, controller) = play(GameKind.YAKUTAT_BAY, DEAL)
        val (card, _) = cardWithAPlace(controller)
        val before = controller.game.positionJson()
        val node = rule.onNodeWithTag(tagOf(controller, card.pile, card.position), useUnmergedTree = true)
        node.performTouchInput {
            down(center)
            moveBy(Offset(0f, 40f))
            moveBy(Offset(30f, 40f))
        }
        rule.waitForIdle()
        assertNotNull(controller.drag)
        rule.onRoot().performKeyInput { pressKey(Key.Escape) }
        rule.waitForIdle()
        assertNull(controller.drag)
        assertIs<Screen.Play>(app.screen, "Esc put the cards back, and left the game open")
        node.performTouchInput { up() }
        rule.waitForIdle()
        assertEquals(before, controller.game.positionJson(), "the release dropped nothing")
        assertIs<Screen.Play>(app.screen)
    }

    /**
     * Cards let go with the mouse on a pile where they may not go glide back, and the note
     * says which rule stands in the way; let go back on their own pile, nothing is said.
     */
    @Test
    fun aDropWhereTheCardsMayNotGoSaysWhy() {
        val (_, controller) = play(GameKind.YAKUTAT_BAY, DEAL)
        val (card, _) = cardWithAPlace(controller)
        val elsewhere = controller.table.piles.first {
            it.pile != card.pile && it.cardCount > 0u && it.pile !in controller.destinations(card)
        }
        val before = controller.game.positionJson()
        val node = rule.onNodeWithTag(tagOf(controller, card.pile, card.position), useUnmergedTree = true)
        val (from, to) = card.frame to elsewhere.base
        node.performTouchInput {
            down(center)
            moveBy(Offset(0f, 20f))
            // In the table's points, which are the test's density-independent pixels.
            moveBy(Offset((to.x + to.width / 2 - from.x - from.width / 2) * density, (to.y + to.height / 2 - from.y - from.height / 2) * density - 20f))
            up()
        }
        rule.waitForIdle()
        assertEquals(before, controller.game.positionJson())
        val why = assertNotNull(controller.refusal, "the note says why")
        rule.onNodeWithTag("note", useUnmergedTree = true).assertTextEquals(english.say(why))
        assertTrue(why.key.startsWith("refused_"), why.key)

        // Back on their own pile: nothing said (the next drag cleared the note first).
        node.performTouchInput {
            down(center)
            moveBy(Offset(0f, 20f))
            moveBy(Offset(0f, -20f))
            up()
        }
        rule.waitForIdle()
        assertNull(controller.refusal)
    }

    /** The whole app on `deal` of `kind`, its keyboard shortcuts on its root as the desktop window and the phone have them. */
    private fun play(kind: GameKind, deal: ULong): Pair<AppController, GameController> {
        val app = AppController(newStore(), testScope, workers)
        val controller = app.open(info(kind), Game(kind, deal))
        rule.setContent { Themed(dark = false) { Box(Modifier.keyboardShortcuts(app)) { SolitaireApp(app) } } }
        rule.waitForIdle()
        return app to controller
    }

    /** A face-up card the core lets move, and one pile it may go to (one `where` accepts). */
    private fun cardWithAPlace(controller: GameController, where: (UInt) -> Boolean = { true }): Pair<CardView, UInt> {
        for (card in controller.table.cards.filter { it.movable && it.face != null }) {
            val to = controller.destinations(card).firstOrNull(where) ?: continue
            return card to to
        }
        error("no card can move there")
    }

    private fun tagOf(controller: GameController, pile: UInt, position: UInt): String =
        "card-${controller.table.cardsOf(pile).first { it.position == position }.id}"

    /** A pile's keyboard stop: its top card, or its place when it is empty. */
    private fun topOf(controller: GameController, pile: UInt): String =
        controller.table.cardsOf(pile).lastOrNull()?.let { "card-${it.id}" } ?: "hit-$pile"

    private fun key(tag: String, key: Key) {
        val node = rule.onNodeWithTag(tag, useUnmergedTree = true)
        node.requestFocus()
        node.performKeyInput { pressKey(key) }
        rule.waitForIdle()
    }
}
