package app.solitaire.ui.proof

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.compositeOver
import androidx.compose.ui.graphics.luminance
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.assertContentDescriptionEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertPositionInRootIsEqualTo
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.click
import androidx.compose.ui.test.getUnclippedBoundsInRoot
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.height
import androidx.compose.ui.unit.width
import app.solitaire.core.Action
import app.solitaire.core.CardFace
import app.solitaire.core.CardView
import app.solitaire.core.DailyDate
import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Outcome
import app.solitaire.core.PileKind
import app.solitaire.core.PlayerMove
import app.solitaire.core.Suit
import app.solitaire.core.Viewport
import app.solitaire.ui.shared.DrawnTable
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.GameScreen
import app.solitaire.ui.shared.LocalTableColors
import app.solitaire.ui.shared.MAX_CUSTOM_ACTIONS
import app.solitaire.ui.shared.NewGame
import app.solitaire.ui.shared.PAGE_WIDTH
import app.solitaire.ui.shared.PlayingCard
import app.solitaire.ui.shared.RulesScreen
import app.solitaire.ui.shared.SIDE_PANEL
import app.solitaire.ui.shared.SolitaireTheme
import app.solitaire.ui.shared.TableColors
import app.solitaire.ui.shared.dealArg
import app.solitaire.ui.shared.say
import app.solitaire.ui.shared.statusLine
import app.solitaire.ui.shared.symbol
import app.solitaire.ui.shared.tableViewport
import org.junit.Rule
import org.junit.Test
import kotlin.math.abs
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** How far below a card's top edge a finger takes it: within the strip a fan leaves showing. */
private const val GRAB_DP = 4f

/** Drives the shared game screen as a player would, and checks what it shows against the core. */
class GameUiTest {
    @get:Rule
    val rule = createComposeRule()

    /** What the screen shows; content can be set once per test, so games are swapped in here. */
    private var shown by mutableStateOf<GameController?>(null)
    private var direction by mutableStateOf(LayoutDirection.Ltr)

    private fun show(kind: GameKind, layoutDirection: LayoutDirection = LayoutDirection.Ltr): GameController {
        val controller = controller(kind)
        if (shown == null) {
            rule.setContent {
                CompositionLocalProvider(LocalLayoutDirection provides direction) {
                    shown?.let { Themed(dark = false) { GameScreen(it, info(it.status.kind), onBack = {}, onRules = {}) } }
                }
            }
        }
        direction = layoutDirection
        shown = controller
        rule.waitForIdle()
        return controller
    }

    private val GameController.shownViewport: Viewport
        get() {
            val size = rule.onNodeWithTag("table").getUnclippedBoundsInRoot()
            return Viewport(size.width.value, size.height.value, 0f, 0f, 0f, 0f)
        }

    /** The card is drawn exactly where the core's layout puts it. */
    private fun assertDrawnAt(card: CardView) {
        val table = rule.onNodeWithTag("table").getUnclippedBoundsInRoot()
        rule.onNodeWithTag("card-${card.id}")
            .assertPositionInRootIsEqualTo(table.left + card.frame.x.dp, table.top + card.frame.y.dp)
    }

    /** How far `card` is drawn from where the core's layout puts it (dp). */
    private fun drawnShift(card: CardView): Offset {
        val table = rule.onNodeWithTag("table").getUnclippedBoundsInRoot()
        val drawn = rule.onNodeWithTag("card-${card.id}").getUnclippedBoundsInRoot()
        return Offset((drawn.left - table.left).value - card.frame.x, (drawn.top - table.top).value - card.frame.y)
    }

    /** A drag lifts the grabbed card and every card lying on it in its pile, and no other. */
    @Test
    fun aDragLiftsTheCardAndTheCardsOnIt() {
        for (kind in GameKind.entries) {
            val controller = controller(kind)
            controller.show(Viewport(390f, 700f, 0f, 0f, 0f, 0f))
            val table = controller.table
            var lifted = 0
            for (card in table.cards.filter { it.movable }) {
                controller.startDrag(card)
                val drag = assertNotNull(controller.drag)
                val expected = table.cardsOf(card.pile).drop(card.position.toInt()).map { it.id }.toSet()
                assertEquals(expected, table.cards.filter(drag::lifts).map { it.id }.toSet(), "$kind: card ${card.id}")
                lifted += expected.size
                controller.cancelDrag()
            }
            assertTrue(lifted > 0, "$kind: no card to drag")
        }
        // A card lying on others lifts them all (Yakutat Bay's tableau moves whole runs).
        val controller = controller(GameKind.YAKUTAT_BAY)
        controller.show(Viewport(390f, 700f, 0f, 0f, 0f, 0f))
        val bottom = controller.table.cards.first { it.position == 0u && controller.table.cardsOf(it.pile).size > 1 }
        controller.startDrag(bottom)
        val drag = assertNotNull(controller.drag)
        assertEquals(controller.table.cardsOf(bottom.pile).map { it.id }.toSet(), controller.table.cards.filter(drag::lifts).map { it.id }.toSet())
    }

    /**
     * A window resized mid-drag ends the drag, the cards going back: laid out afresh, the cards
     * dragged were drawn far from the pointer, half out of the window.
     */
    @Test
    fun aResizeEndsADrag() {
        val controller = controller(GameKind.DNIEPER)
        controller.show(Viewport(360f, 640f, 0f, 0f, 0f, 0f))
        controller.startDrag(controller.table.cards.first { it.movable && it.face != null })
        controller.dragBy(Offset(40f, 80f))
        controller.show(Viewport(360f, 640f, 0f, 0f, 0f, 0f))
        assertNotNull(controller.drag, "the same size changes nothing")
        controller.show(Viewport(800f, 600f, 0f, 0f, 0f, 0f))
        assertNull(controller.drag)
    }

    /** A finger on the part of `card` that shows: its top edge (cards above it cover the rest). */
    private fun tapCard(card: CardView) {
        rule.onNodeWithTag("card-${card.id}").performTouchInput { click(Offset(centerX, GRAB_DP * density)) }
    }

    private fun DrawnTable.placements() = cards.associate { it.id to Triple(it.pile, it.position, it.frame) }

    @Test
    fun tappingTheStockDeals() {
        val controller = show(GameKind.DNIEPER)
        val viewport = controller.shownViewport
        val before = controller.game.table(viewport)
        val top = before.pileOf(PileKind.STOCK).last()

        rule.onNodeWithTag("card-${top.id}").performClick()
        rule.waitForIdle()

        val after = controller.table
        assertEquals(controller.game.table(viewport), after, "what was drawn is the whole table")
        assertTrue(after.countIn(PileKind.STOCK) < before.countIn(PileKind.STOCK), "the stock shrinks")
        assertTrue(after.countIn(PileKind.TABLEAU) > before.countIn(PileKind.TABLEAU), "the tableau grows")
        after.cards.forEach(::assertDrawnAt)
    }

    @Test
    fun tappingAPlayableCardMovesItWhereTheCoreSays() {
        for (kind in GameKind.entries) {
            val controller = show(kind)
            val viewport = controller.shownViewport
            val (card, expected) = assertNotNull(firstPlayableTap(kind, viewport), "$kind has a card to play")

            tapCard(card)
            rule.waitForIdle()

            assertEquals(expected.placements(), controller.table.placements(), "$kind after tapping card ${card.id}")
            assertEquals(controller.game.table(viewport), controller.table, "$kind: what was drawn is the whole table")
            assertEquals(1u, controller.status.moves)
            expected.cards.forEach(::assertDrawnAt)
        }
    }

    /** A finger in the gap beside a top card, on no card, still plays it: the pile's hit area. */
    @Test
    fun aTapBesideATopCardPlaysIt() {
        for (kind in GameKind.entries) {
            val controller = show(kind)
            val viewport = controller.shownViewport
            val table = controller.table
            val (card, expected) = assertNotNull(
                table.cards.filter { it.movable && it.position + 1u == table.pile(it.pile)?.cardCount }
                    .firstNotNullOfOrNull { top ->
                        Game(kind, DEAL).use { twin ->
                            if (twin.tap(top.pile, top.position) == Outcome.MOVED) top to twin.table(viewport) else null
                        }
                    },
                "$kind has a top card to play",
            )
            val hit = assertNotNull(table.pile(card.pile)).hit
            // Halfway between the hit area's left edge and the card's: in the gap, on no card.
            val x = (hit.x + card.frame.x) / 2
            val y = card.frame.y + card.frame.height / 2
            assertTrue(x < card.frame.x && x >= hit.x, "$kind: the hit area reaches past the card")
            rule.onNodeWithTag("table").performTouchInput { click(Offset(x * density, y * density)) }
            rule.waitForIdle()

            assertEquals(1u, controller.status.moves, "$kind: the tap beside card ${card.id} played it")
            assertEquals(expected.placements(), controller.table.placements(), "$kind after tapping beside card ${card.id}")
        }
    }

    @Test
    fun undoBringsTheTableBack() {
        val controller = show(GameKind.ZERLINE)
        val viewport = controller.shownViewport
        val opening = controller.table
        val (card, _) = assertNotNull(firstPlayableTap(GameKind.ZERLINE, viewport))
        tapCard(card)
        rule.waitForIdle()
        assertTrue(controller.table.placements() != opening.placements())

        rule.onNodeWithContentDescription("Undo").performClick()
        rule.waitForIdle()

        assertEquals(opening.placements(), controller.table.placements())
        assertEquals(controller.game.table(viewport), controller.table)
        opening.cards.forEach(::assertDrawnAt)
    }

    @Test
    fun draggingACardOntoALegalPileMovesIt() = dragOntoALegalPile(LayoutDirection.Ltr)

    /** In a right-to-left language the table is not mirrored: the card follows the finger. */
    @Test
    fun draggingInARightToLeftLayoutMovesTheCardWithTheFinger() = dragOntoALegalPile(LayoutDirection.Rtl)

    private fun dragOntoALegalPile(layoutDirection: LayoutDirection) {
        val kind = GameKind.YAKUTAT_BAY
        val controller = show(kind, layoutDirection)
        controller.table.cards.forEach(::assertDrawnAt)
        val viewport = controller.shownViewport
        val table = controller.table
        // A card the core lets go somewhere, and what the core does with that move on a twin.
        val (card, to) = table.cards.filter { it.movable && it.face != null }.firstNotNullOf { card ->
            controller.game.destinations(card.pile, card.position).firstOrNull { it != card.pile }?.let { card to it }
        }
        val count = table.piles.first { it.pile == card.pile }.cardCount - card.position
        val expected = Game(kind, DEAL).use { twin ->
            twin.moveCards(card.pile, count, to)
            twin.table(viewport)
        }
        val base = table.piles.first { it.pile == to }.base
        val by = Offset(
            base.x + base.width / 2 - (card.frame.x + card.frame.width / 2),
            base.y + base.height / 2 - (card.frame.y + card.frame.height / 2),
        )

        val callsBefore = controller.coreCalls
        rule.onNodeWithTag("card-${card.id}").performTouchInput {
            down(Offset(centerX, GRAB_DP * density))
            repeat(10) { moveBy(Offset(by.x * density / 10, by.y * density / 10)) }
        }
        rule.waitForIdle()
        // Ten frames of dragging: one call at the drag's start (where may it go?), none per frame.
        assertEquals(callsBefore + 1, controller.coreCalls, "calls into the core while dragging")
        // The grabbed card and the cards on it have moved with the finger, together; no other card has.
        val lifted = table.cardsOf(card.pile).drop(card.position.toInt())
        val moved = drawnShift(card)
        // Less the touch slop, which the finger travels before the card starts to follow it.
        assertTrue(moved.getDistance() > by.getDistance() / 2 && moved.x * by.x >= 0f && moved.y * by.y >= 0f, "the card follows the finger: moved by $moved for $by")
        for (other in lifted) {
            // Within a pixel: each card's place is rounded to whole pixels on its own.
            val shift = drawnShift(other)
            assertTrue(abs(shift.x - moved.x) <= 1f && abs(shift.y - moved.y) <= 1f, "card ${other.id} lies on the dragged card: $shift, not $moved")
        }
        table.cards.filter { it !in lifted }.forEach(::assertDrawnAt)
        rule.onNodeWithTag("card-${card.id}").performTouchInput { up() }
        rule.waitForIdle()

        assertEquals(expected.placements(), controller.table.placements())
        expected.cards.forEach(::assertDrawnAt)
    }

    @Test
    fun everyPileAndControlHasADescription() {
        val controller = show(GameKind.CHEQUERS)
        for (words in controller.speech()) {
            val said = english.say(words.description)
            assertTrue(said.isNotBlank() && words.description.all { it.key in english.keys }, said)
            rule.onNodeWithTag("stop-${words.pile}", useUnmergedTree = true).assertContentDescriptionEquals(said)
        }
        for (control in listOf("Undo", "Redo", "Hint", "New game", "Auto-play")) {
            rule.onNodeWithContentDescription(control).assertIsDisplayed()
        }
        for (button in listOf("Games", "Rules")) rule.onNodeWithText(button).assertIsDisplayed()
        assertSpokenNamesBeginWithShownWords(rule)
    }

    @Test
    fun everyEmptyPlaceShowsWhatItTakesAndTalkBackSaysIt() {
        val controller = show(GameKind.CHEQUERS)
        val table = controller.table
        val marked = table.piles.filter { it.cardCount == 0u && it.empty.symbol(english).isNotEmpty() }
        assertEquals(setOf("A↑", "K↓"), marked.map { it.empty.symbol(english) }.toSet(), "Chequers opens with rising and falling foundations empty")
        val speech = controller.speech()
        for (pile in marked) {
            rule.onNodeWithTag("mark-${pile.pile}", useUnmergedTree = true).assertTextEquals(pile.empty.symbol(english))
            val said = english.say(speech.first { it.pile == pile.pile }.description)
            assertTrue(said.endsWith(if (pile.empty.symbol(english).endsWith("↑")) "builds up from the ace, empty" else "builds down from the king, empty"), said)
        }
        for (pile in table.piles.filter { it.cardCount > 0u }) {
            rule.onNodeWithTag("mark-${pile.pile}", useUnmergedTree = true).assertDoesNotExist()
        }
    }

    /** The stock shows how many cards it still holds (a playtest found no way to count the deals left). */
    @Test
    fun theStockShowsHowManyCardsItHolds() {
        val controller = show(GameKind.DNIEPER)
        val stock = controller.table.piles.first { it.kind == PileKind.STOCK }
        rule.onNodeWithTag("count-${stock.pile}", useUnmergedTree = true).assertTextEquals("24")
        rule.runOnIdle { controller.play(PlayerMove.Stock) }
        rule.waitForIdle()
        rule.onNodeWithTag("count-${stock.pile}", useUnmergedTree = true).assertTextEquals("17")
        for (deal in 1..3) rule.runOnIdle { controller.play(PlayerMove.Stock) }
        rule.waitForIdle()
        rule.onNodeWithTag("count-${stock.pile}", useUnmergedTree = true).assertDoesNotExist()
    }

    /** Zerline's empty reserve is told apart from the empty waste beside it (a playtest could not). */
    @Test
    fun zerlinesEmptyReserveIsToldApartFromItsWaste() {
        val controller = show(GameKind.ZERLINE)
        val reserve = controller.table.piles.first { it.kind == PileKind.RESERVE }
        val waste = controller.table.piles.first { it.kind == PileKind.WASTE }
        rule.onNodeWithTag("mark-${reserve.pile}", useUnmergedTree = true).assertTextEquals("0/4")
        rule.onNodeWithTag("mark-${waste.pile}", useUnmergedTree = true).assertDoesNotExist()
        val said = english.say(controller.speech().first { it.pile == reserve.pile }.description)
        assertEquals("reserve, holds up to 4 cards, empty", said)
    }

    /** The nodes a screen reader stops on: not hidden, and saying or doing something. */
    private fun stops(node: SemanticsNode): List<SemanticsNode> {
        if (SemanticsProperties.HideFromAccessibility in node.config) return emptyList()
        val stop = SemanticsProperties.ContentDescription in node.config || SemanticsActions.OnClick in node.config
        return (if (stop) listOf(node) else emptyList()) + node.children.flatMap(::stops)
    }

    /** A Dnieper game played at random (seeded) until a pile offers more moves than [MAX_CUSTOM_ACTIONS]. */
    private fun dnieperWithAPileOfManyMoves(): Game {
        val random = Random(48)
        for (deal in 1uL..400uL) {
            val game = Game(GameKind.DNIEPER, deal)
            for (step in 0 until 300) {
                val speech = game.speech()
                if (speech.any { it.moves.size > MAX_CUSTOM_ACTIONS }) return game
                val moves = speech.flatMap { it.moves }
                when {
                    game.status().canDeal && (moves.isEmpty() || random.nextInt(8) == 0) -> game.dealStock()
                    moves.isEmpty() -> break
                    else -> game.act(moves.random(random).action)
                }
            }
            game.close()
        }
        error("no Dnieper position with a pile of more than $MAX_CUSTOM_ACTIONS moves")
    }

    /**
     * Android's accessibility bridge throws past 31 custom actions on one node (the app crashed
     * for TalkBack users there): a pile with more moves offers the first 31, the top card's first.
     */
    @Test
    fun aPileWithMoreMovesThanAndroidTakesOffersTheTopCardsFirst() {
        val game = dnieperWithAPileOfManyMoves()
        val controller = GameController(game, newStore(), testScope, workers)
        rule.setContent { Themed(dark = false) { GameScreen(controller, info(GameKind.DNIEPER), onBack = {}, onRules = {}) } }
        rule.waitForIdle()
        val spoken = controller.speech().first { it.moves.size > MAX_CUSTOM_ACTIONS }
        val actions = rule.onNodeWithTag("stop-${spoken.pile}", useUnmergedTree = true).fetchSemanticsNode()
            .config[SemanticsActions.CustomActions]
        assertEquals(spoken.moves.take(MAX_CUSTOM_ACTIONS).map { english.say(it.label) }, actions.map { it.label })
        val first = (spoken.moves.first().action as Action.Play).mv as PlayerMove.Transfer
        assertEquals(1u, first.count, "the top card's moves come first")
    }

    @Test
    fun talkBackStopsOncePerPileAndPlaysAMoveThroughACustomAction() {
        val controller = show(GameKind.DNIEPER)
        val table = controller.table
        val stops = stops(rule.onNodeWithTag("table", useUnmergedTree = true).fetchSemanticsNode())
        assertEquals(table.piles.map { "stop-${it.pile}" }, stops.map { it.config[SemanticsProperties.TestTag] }, "one stop per pile, nothing else")
        val first = stops.first().config[SemanticsProperties.ContentDescription].single()
        assertEquals("tableau pile 1, 4 cards, 3 face down, top card jack of clubs", first) // deal 7: #8D #AH #9H JC

        val card = table.cards.first { it.movable && it.face != null && controller.destinations(it).isNotEmpty() }
        val pile = table.piles.first { it.pile == card.pile }
        val to = controller.destinations(card).first()
        val actions = stops[table.piles.indexOf(pile)].config[SemanticsActions.CustomActions]
        val move = PlayerMove.Transfer(card.pile, pile.cardCount - card.position, to)
        val words = controller.speech().first { it.pile == pile.pile }
        assertEquals(words.moves.map { english.say(it.label) }, actions.map { it.label }, "the stop offers the core's moves, in words")
        assertTrue(actions.all { it.label.startsWith("Move ") }, actions.joinToString { it.label })
        val action = actions.first { it.label == english.say(words.moves.first { spoken -> spoken.action == Action.Play(move) }.label) }
        val expected = Game(GameKind.DNIEPER, DEAL).use { twin ->
            twin.moveCards(card.pile, pile.cardCount - card.position, to)
            twin.positionJson()
        }
        rule.runOnIdle { action.action() }
        rule.waitForIdle()
        assertEquals(expected, controller.game.positionJson(), "the custom action played the move the core lists")

        // TalkBack then reads out the pile the cards went to, and no other.
        val live = stops(rule.onNodeWithTag("table", useUnmergedTree = true).fetchSemanticsNode())
            .filter { SemanticsProperties.LiveRegion in it.config }
        assertEquals(listOf("stop-$to"), live.map { it.config[SemanticsProperties.TestTag] }, "the receiving pile is the live region")
        val said = english.say(controller.speech().first { it.pile == to }.description)
        assertEquals(listOf(said), live.single().config[SemanticsProperties.ContentDescription])

        // A new deal, or the same restarted, is no move to read out: that pile number, left a
        // live region, was read out in the new deal.
        for (next in listOf(NewGame.Restart, NewGame.Deal(2u))) {
            val revision = controller.revision
            rule.runOnIdle { controller.perform(next) }
            rule.waitUntil(timeoutMillis = 10_000) { controller.revision != revision }
            rule.waitForIdle()
            val stillLive = stops(rule.onNodeWithTag("table", useUnmergedTree = true).fetchSemanticsNode())
                .filter { SemanticsProperties.LiveRegion in it.config }
            assertEquals(emptyList(), stillLive.map { it.config[SemanticsProperties.TestTag] }, "after $next")
        }
    }

    /** The status line says the deal, the moves (one move, two moves) and the playing time, which runs. */
    @Test
    fun theStatusLineShowsTheMovesAndARunningClock() {
        val controller = show(GameKind.DNIEPER)
        val (card, _) = assertNotNull(firstPlayableTap(GameKind.DNIEPER, controller.shownViewport))
        tapCard(card)
        rule.waitForIdle()
        val line = rule.onNodeWithTag("status").fetchSemanticsNode().config[SemanticsProperties.Text].single().text
        assertTrue(Regex("""Deal 7 · 1 move · \d+:\d\d""").matches(line), line)
        assertEquals("Deal 7 · 12 moves · 3:05", english.statusLine(controller.status.copy(moves = 12u), 185_000uL))
        // A daily deal by its day, not its deal number.
        val daily = controller.status.copy(moves = 12u, daily = DailyDate(2026, 12u, 7u))
        assertEquals("Daily deal of December 7, 2026 · 12 moves · 3:05", english.statusLine(daily, 185_000uL))
        assertEquals("Donne du jour du 7 décembre 2026 · 12 coups · 3:05", french.statusLine(daily, 185_000uL))
        // From an hour on, hours too (a 27-hour game read "1621:05").
        assertEquals("Deal 7 · 12 moves · 27:01:05", english.statusLine(controller.status.copy(moves = 12u), 97_265_000uL))
        // Beside the table one part a line: it broke anywhere ("Deal 1 · 149 moves ·" over "8:16").
        assertEquals("Deal 7\n12 moves\n3:05", english.statusLine(controller.status.copy(moves = 12u), 185_000uL, lines = true))
        assertEquals("Donne 7\n1 coup\n3:05", french.statusLine(controller.status.copy(moves = 1u), 185_000uL, lines = true))
        // Past a Long: once shown as "Deal -8446744073709551617"; Android's String.format too.
        val large = controller.status.copy(moves = 12u, deal = 9_999_999_999_999_999_999uL)
        assertEquals("Deal 9999999999999999999 · 12 moves · 3:05", english.statusLine(large, 185_000uL))
        assertEquals("Deal 18446744073709551615", String.format("Deal %1\$d", dealArg(ULong.MAX_VALUE)))
        assertEquals("18,446,744,073,709,551,615 cards", english.plural("pile_cards", 2, dealArg(ULong.MAX_VALUE)), "grouped, whole")
    }

    /**
     * The piles stay out of gesture navigation's side strips (where a drag would go Back): the
     * table's viewport takes them as insets, in either layout direction, and the core's layout
     * keeps every pile inside.
     */
    @Test
    fun thePilesStayOutOfTheBackGesturesStrips() {
        val strips = WindowInsets(left = 24.dp, right = 32.dp)
        for (direction in LayoutDirection.entries) {
            val viewport = tableViewport(390.dp, 700.dp, strips, Density(2.75f), direction)
            assertEquals(Viewport(390f, 700f, 0f, 24f, 0f, 32f), viewport, "$direction")
            val table = Game(GameKind.DNIEPER, DEAL).use { it.table(viewport) }
            for (pile in table.piles) {
                assertTrue(pile.hit.x >= 24f && pile.hit.x + pile.hit.width <= 390f - 32f, "$direction: pile ${pile.pile} at ${pile.hit}")
            }
        }
    }

    /** WCAG's contrast ratio of `ink` (composited over `ground`) against `ground`. */
    private fun contrast(ink: Color, ground: Color): Float {
        val (a, b) = ink.compositeOver(ground).luminance() to ground.luminance()
        return (maxOf(a, b) + 0.05f) / (minOf(a, b) + 0.05f)
    }

    /** Text on the table reads at 4.5:1 at least, in both themes: empty places' marks on the felt, ranks on cards. */
    @Test
    fun theTablesTextIsLegibleInBothThemes() {
        val themes = mutableMapOf<Boolean, TableColors>()
        rule.setContent { for (dark in listOf(false, true)) SolitaireTheme(dark) { themes[dark] = LocalTableColors.current } }
        rule.waitForIdle()
        assertEquals(setOf(false, true), themes.keys)
        for ((dark, colors) in themes) {
            for ((what, ink, ground) in listOf(
                Triple("an empty place's mark", colors.mark, colors.felt),
                Triple("a red card's index", colors.red, colors.cardFace),
                Triple("a black card's index", colors.black, colors.cardFace),
            )) {
                assertTrue(contrast(ink, ground) >= 4.5f, "$what, dark $dark: ${contrast(ink, ground)}:1")
            }
        }
    }

    /**
     * In a right-to-left layout a card still reads left to right: its index in the top-left
     * corner, the one a fan leaves showing (the core fans reserves to the right).
     */
    @Test
    fun aCardsIndexStaysTopLeftInARightToLeftLayout() {
        rule.setContent {
            CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Rtl) {
                Themed(dark = false) {
                    PlayingCard(CardFace(12u, Suit.SPADES, false), 60.dp, 14.dp, Modifier.size(60.dp, 84.dp).testTag("card"))
                }
            }
        }
        val card = rule.onNodeWithTag("card").getUnclippedBoundsInRoot()
        val rank = rule.onNodeWithText("Q", useUnmergedTree = true).getUnclippedBoundsInRoot()
        assertTrue(rank.left - card.left < 10.dp, "the index is at the left: ${rank.left} in ${card.left}..${card.right}")
    }

    /**
     * The hint is shown in the note's place, a live region that was there, hidden, before it:
     * Android reads out a live region's changes, not a node that appears with one.
     */
    @Test
    fun aHintIsShownAndReadOutFromTheNoteAlreadyThere() {
        val controller = show(GameKind.YAKUTAT_BAY)
        val before = rule.onNodeWithTag("note", useUnmergedTree = true).fetchSemanticsNode()
        assertTrue(SemanticsProperties.HideFromAccessibility in before.config, "no note yet: nothing to read")
        rule.onNodeWithContentDescription("Hint").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { controller.hint != null }
        val hint = assertNotNull(controller.hint)
        rule.onNodeWithText(english.say(hint.description)).assertIsDisplayed()
        val after = rule.onNodeWithTag("note", useUnmergedTree = true).fetchSemanticsNode()
        assertEquals(before.id, after.id, "the same node")
        assertEquals(LiveRegionMode.Polite, after.config[SemanticsProperties.LiveRegion])
        assertTrue(SemanticsProperties.HideFromAccessibility !in after.config)
        assertEquals(english.say(hint.description), after.config[SemanticsProperties.Text].single().text)
    }

    /**
     * A hint takes the status line's place without moving the table: on a phone a French hint
     * runs to two lines, and the table (and every card on it) moved down 8 dp and back.
     */
    /** A page (the rules, the statistics) stands in the middle of a wide window, its lines no longer than a page's; on a phone, at the margin. */
    @Test
    fun aPageStandsInTheMiddleOfAWideWindow() {
        var width by mutableStateOf(1000.dp)
        rule.setContent { Themed(dark = false) { Box(Modifier.size(width, 800.dp)) { RulesScreen(info(GameKind.DNIEPER), onBack = {}) } } }
        for ((window, left) in listOf(1000.dp to (1000.dp - PAGE_WIDTH) / 2, 360.dp to 16.dp)) {
            rule.runOnIdle { width = window }
            val heading = rule.onNodeWithText("Dnieper: rules", substring = true).getUnclippedBoundsInRoot()
            assertEquals(left.value, heading.left.value, 0.5f, "at $window")
        }
    }

    @Test
    fun aHintLeavesTheTableWhereItWas() = hintLeavesTheTable(controller(GameKind.CHEQUERS), 390.dp)

    /**
     * Nor a three-line one: between the buttons of a 360 dp phone, a French group move's hint ("Déplacer le
     * neuf de trèfle et les 4 cartes posées dessus sur le dix de carreau") takes three lines, and the table
     * moved down 16 dp and back at nearly every hint. It takes the game's name's line while it shows.
     */
    @Test
    fun aThreeLineHintLeavesTheTableWhereItWasToo() =
        hintLeavesTheTable(GameController(Game(GameKind.YAKUTAT_BAY, 5u), newStore(), testScope, workers), 360.dp, lines = 3)

    private fun hintLeavesTheTable(controller: GameController, width: Dp, lines: Int? = null) {
        rule.setContent {
            Themed(dark = false, words = french) { Box(Modifier.size(width, 780.dp)) { GameScreen(controller, info(controller.status.kind), onBack = {}, onRules = {}) } }
        }
        val before = rule.onNodeWithTag("table").getUnclippedBoundsInRoot()
        controller.requestHint()
        rule.waitUntil(timeoutMillis = 10_000) { controller.hint != null }
        rule.onNodeWithText(french.say(assertNotNull(controller.hint).description)).assertIsDisplayed()
        if (lines != null) {
            val layouts = mutableListOf<TextLayoutResult>()
            rule.onNodeWithTag("note", useUnmergedTree = true).fetchSemanticsNode().config[SemanticsActions.GetTextLayoutResult].action?.invoke(layouts)
            assertEquals(lines, layouts.single().lineCount, "the case this test is about")
        }
        assertEquals(before, rule.onNodeWithTag("table").getUnclippedBoundsInRoot())
    }

    /**
     * A phone held sideways (or a short, wide window): the controls go into a panel beside the table, whose cards
     * are then larger than between bars above and below it (Chequers' 25 piles in 844 × 390); every control is
     * there. Held upright, the bars are above and below again.
     */
    @Test
    fun aSidewaysScreenPutsTheControlsBesideTheTableForLargerCards() {
        var size by mutableStateOf(DpSize(844.dp, 390.dp))
        val controller = controller(GameKind.CHEQUERS)
        rule.setContent {
            Themed(dark = false) { Box(Modifier.size(size)) { GameScreen(controller, info(GameKind.CHEQUERS), onBack = {}, onRules = {}) } }
        }
        rule.onNodeWithTag("side-panel").assertIsDisplayed()
        assertEquals(844.dp - SIDE_PANEL, rule.onNodeWithTag("table").getUnclippedBoundsInRoot().width)
        for (label in listOf("Games", "Rules", "Undo", "Redo", "Hint", "New…", "Show me", "Auto")) rule.onNodeWithText(label).assertIsDisplayed()
        val between = Game(GameKind.CHEQUERS, DEAL).use { it.view(Viewport(844f, 390f - 104f, 0f, 0f, 0f, 0f)).cardWidth }
        assertTrue(controller.table.cardWidth > 1.1f * between, "${controller.table.cardWidth} beside, $between between bars")

        size = DpSize(390.dp, 844.dp)
        rule.waitForIdle()
        rule.onNodeWithTag("side-panel").assertDoesNotExist()
        assertEquals(390.dp, rule.onNodeWithTag("table").getUnclippedBoundsInRoot().width)
    }

    /**
     * A squared pile whose top card alone is in sight shows how many cards it holds: Chequers' reserve, 3 face-down
     * cards under its top one (nothing said they were there), as Zerline's stock; a foundation does not.
     */
    @Test
    fun aSquaredPileShowsHowManyCardsItHolds() {
        val controller = controller(GameKind.CHEQUERS)
        rule.setContent { Themed(dark = false) { GameScreen(controller, info(GameKind.CHEQUERS), onBack = {}, onRules = {}) } }
        rule.waitForIdle()
        val reserve = controller.table.piles.single { it.kind == PileKind.RESERVE }
        rule.onNodeWithTag("count-${reserve.pile}", useUnmergedTree = true).assertTextEquals("4")
        assertEquals(listOf(reserve.pile), controller.table.piles.filter { it.showsCount }.map { it.pile })
    }

    @Test
    fun aNewDealAsksFirstAndCountsTheAbandonedGame() {
        val store = newStore()
        val controller = controller(GameKind.DNIEPER, store)
        rule.setContent {
            Themed(dark = false) { GameScreen(controller, info(GameKind.DNIEPER), onBack = {}, onRules = {}) }
        }
        val (card, _) = assertNotNull(firstPlayableTap(GameKind.DNIEPER, controller.shownViewport))
        tapCard(card)

        rule.onNodeWithContentDescription("New game").performClick()
        rule.onNodeWithText("New deal").performClick()
        rule.onNodeWithText("Start a new deal?").assertIsDisplayed()
        rule.onNodeWithText("Yes").performClick()
        rule.waitUntil(timeoutMillis = 10_000) { controller.status.moves == 0u }

        drainSaves()
        assertEquals(1u, store.stats(GameKind.DNIEPER).played, "the abandoned game counts as played (and lost)")
        assertEquals(0u, store.stats(GameKind.DNIEPER).won)
    }

    @Test
    fun theAutoPlaySettingIsSavedEvenWhenItMovesNothing() {
        val store = newStore()
        val controller = controller(GameKind.ZERLINE, store)
        controller.setAutoPlay(!controller.status.autoPlay)
        drainSaves()
        assertEquals(controller.status.autoPlay, assertNotNull(store.resume(GameKind.ZERLINE)).status().autoPlay)
    }

    @Test
    fun aMoveIsSavedAndResumedExactly() {
        val store = newStore()
        val controller = controller(GameKind.HOW_THEY_RUN, store)
        val viewport = Viewport(390f, 700f, 0f, 0f, 0f, 0f)
        val (card, _) = assertNotNull(firstPlayableTap(GameKind.HOW_THEY_RUN, viewport))
        controller.tap(card.pile, card.position)
        drainSaves()
        val resumed = assertNotNull(store.resume(GameKind.HOW_THEY_RUN))
        assertEquals(controller.game.positionJson(), resumed.positionJson())
        assertTrue(resumed.status().canUndo, "undo history comes back too")
    }
}
