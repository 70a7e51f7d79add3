package app.solitaire.ui.shared

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.VectorConverter
import androidx.compose.animation.core.tween
import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.combinedClickable
import androidx.compose.foundation.focusable
import androidx.compose.foundation.gestures.detectDragGestures
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.absoluteOffset
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.AbsoluteAlignment
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.focus.focusProperties
import androidx.compose.ui.focus.onFocusChanged
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.input.key.key
import androidx.compose.ui.input.key.onKeyEvent
import androidx.compose.ui.input.key.onPreviewKeyEvent
import androidx.compose.ui.input.key.type
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.hideFromAccessibility
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.dp
import androidx.compose.ui.zIndex
import app.solitaire.core.CardView
import app.solitaire.core.Frame
import app.solitaire.core.Hint
import app.solitaire.core.PileKind
import app.solitaire.core.PileView
import app.solitaire.core.PlayerMove
import app.solitaire.core.Viewport

/** Above every card the core stacks, so a dragged group and drop highlights stay on top. */
private const val ON_TOP = 10_000f

/**
 * The table exactly as the core lays it out for `viewport` (points = dp): pile outlines, then
 * the cards, each keyed by its id so it animates from pile to pile.
 */
@Composable
fun SolitaireTable(controller: GameController, viewport: Viewport, modifier: Modifier = Modifier) {
    remember(viewport, controller.game) { controller.show(viewport) }
    val table = controller.table
    val drag = controller.drag
    val picked = controller.picked
    val hinted = hintedCards(controller.hint, table)
    val hintTarget = (controller.hint?.mv as? PlayerMove.Transfer)?.to
    val stockHinted = controller.hint?.mv is PlayerMove.Stock
    val colors = LocalTableColors.current
    // Rotation or a theme switch recreates the table mid-drag: its gesture never ends, so end it here.
    DisposableEffect(controller) { onDispose { controller.cancelDrag() } }
    // Top left, not top start: a right-to-left Box would put every card at its right edge first.
    Box(
        modifier.size(viewport.width.dp, viewport.height.dp).background(colors.felt).testTag("table"),
        contentAlignment = AbsoluteAlignment.TopLeft,
    ) {
        for (pile in table.piles) {
            key("pile", pile.pile) { PileOutline(pile, controller) }
        }
        // Pile by pile, bottom to top: the keyboard's Tab follows this order (each card keeps
        // its own z, so the drawing does not change).
        for (card in table.cards.sortedWith(compareBy({ it.pile }, { it.position }))) {
            key(card.id) {
                val dragged = drag?.lifts(card) == true
                val highlight = when {
                    picked?.lifts(card) == true -> colors.hint
                    card.pile to card.position in hinted -> colors.hint
                    stockHinted && table.pile(card.pile)?.kind == PileKind.STOCK -> colors.hint
                    else -> Color.Transparent
                }
                TableCard(card, controller, table.indexHeight.dp, dragOffset = if (dragged) drag?.offset else null, highlight = highlight)
            }
        }
        for (pile in table.piles) {
            key("stop", pile.pile) { PileStop(pile, controller, received = pile.pile == controller.receiver) }
        }
        for (pile in table.piles.filter { it.showsCount }) {
            key("count", pile.pile) { CardCount(pile) }
        }
        for (pile in table.piles) {
            val moving = drag ?: picked
            val target = moving?.targets?.contains(pile.pile) == true || pile.pile == hintTarget
            if (target) {
                key("target", pile.pile) { DropHighlight(pile.frame, if (moving != null) colors.target else colors.hint, washed = moving != null) }
            }
        }
    }
}

/**
 * A pile's one screen-reader stop, over its whole area: the core's description of it, its tap
 * (the top card's, or the stock's deal) and "Move … to …" for every move the core lists from it.
 * The words come from `controller.speech()`, asked once per position and only when the semantics
 * are read (a screen reader or a test), never while a card is dragged. It draws nothing and
 * takes no touch, so fingers still reach the cards beneath. The pile the last move put cards on
 * is a polite live region: TalkBack says what it now holds.
 */
@Composable
private fun PileStop(pile: PileView, controller: GameController, received: Boolean) {
    val words = LocalWords.current
    Box(
        Modifier.at(pile.frame).zIndex(ON_TOP + 2).testTag("stop-${pile.pile}").semantics {
            val spoken = controller.speech().firstOrNull { it.pile == pile.pile } ?: return@semantics
            contentDescription = words.say(spoken.description)
            if (received) liveRegion = LiveRegionMode.Polite
            spoken.tap?.let { tap -> onClick(label = words.say(tap.label)) { controller.speak(tap.action); true } }
            customActions = spoken.moves.take(MAX_CUSTOM_ACTIONS).map { move ->
                CustomAccessibilityAction(words.say(move.label)) { controller.speak(move.action); true }
            }
        },
    )
}

/**
 * The most custom actions one node may carry: Android's accessibility bridge in Compose throws
 * ("Can't have more than 32 custom actions for one widget") past 31, which crashed the app for
 * anyone with TalkBack, Switch Access or Voice Access on a Dnieper pile that could move, group by
 * group, onto many empty piles (up to 94 moves). The core lists the top card's moves first, so
 * only deep groups' moves are left out there.
 */
const val MAX_CUSTOM_ACTIONS = 31

/** The cards a hint moves: the top `count` of its source pile. */
private fun hintedCards(hint: Hint?, table: DrawnTable): Set<Pair<UInt, UInt>> {
    val mv = hint?.mv as? PlayerMove.Transfer ?: return emptySet()
    val size = table.pile(mv.from)?.cardCount ?: return emptySet()
    return (size - mv.count until size).map { mv.from to it }.toSet()
}

@Composable
private fun PileOutline(pile: PileView, controller: GameController) {
    val colors = LocalTableColors.current
    val shape = RoundedCornerShape((pile.base.width * 0.08f).dp)
    // The core's hit area, under the cards: a tap on no card, beside or below them, is the top
    // card's (or an empty stock's deal), so a narrow card still gets a finger-sized target.
    // An empty place is a keyboard stop of its own (a card is one already): picked cards go
    // there with Enter or Space, or it is tapped.
    var focused by remember { mutableStateOf(false) }
    val keys = if (pile.cardCount == 0u) {
        Modifier.onFocusChanged { focused = it.isFocused }
            .onKeyEvent { it.type == KeyEventType.KeyDown && it.key in PLACE_KEYS && activatePlace(controller, pile.pile) }
            .focusable()
            .then(if (focused) Modifier.border(3.dp, colors.target, shape) else Modifier)
    } else {
        Modifier
    }
    Box(
        Modifier.at(pile.hit)
            .testTag("hit-${pile.pile}")
            .semantics { hideFromAccessibility() } // the pile's stop speaks for it
            .pointerInput(pile.pile, controller) { detectTapGestures { activatePlace(controller, pile.pile) } }
            .then(keys),
    )
    Box(
        Modifier.at(pile.base)
            .border(1.5.dp, colors.outline, shape)
            .testTag("pile-${pile.pile}")
            .semantics { hideFromAccessibility() },
        contentAlignment = Alignment.Center,
    ) {
        // What the empty place takes, in the outline's white made legible as text; sized with the
        // pile, like a card's marks.
        val symbol = pile.empty.symbol(LocalWords.current)
        if (pile.cardCount == 0u && symbol.isNotEmpty()) {
            val size = with(LocalDensity.current) { (pile.base.width * 0.3f).dp.toSp() }
            Text(symbol, color = colors.mark, fontSize = size, softWrap = false, modifier = Modifier.testTag("mark-${pile.pile}"))
        }
    }
}

/** The keys that act on an empty place, as on a card: Enter and Space. */
private val PLACE_KEYS = setOf(Key.Enter, Key.NumPadEnter, Key.Spacebar)

/** A click, Enter or Space on a pile's place: the picked cards go there, or else it is a tap. */
private fun activatePlace(controller: GameController, pile: UInt): Boolean {
    if (!controller.putPicked(pile)) controller.tapPile(pile)
    return true
}

/**
 * How many cards a squared pile holds (`PileView.showsCount`), on its top card: the stock's
 * face-down cards show nothing else, and a player counts the deals left by it; Chequers' reserve
 * hides its face-down cards beneath its top one. Screen readers hear it in the pile's words.
 */
@Composable
private fun CardCount(pile: PileView) {
    val base = pile.base
    val size = with(LocalDensity.current) { (base.width * 0.26f).dp.toSp() }
    Box(
        Modifier.at(Frame(base.x, base.y + base.height * 0.62f, base.width, base.height * 0.38f)).zIndex(ON_TOP)
            .semantics { hideFromAccessibility() },
        contentAlignment = Alignment.Center,
    ) {
        Text(
            pile.cardCount.toString(),
            color = Color.White,
            fontSize = size,
            fontWeight = FontWeight.SemiBold,
            softWrap = false,
            modifier = Modifier.background(Color.Black.copy(alpha = 0.55f), RoundedCornerShape(50))
                .padding(horizontal = (base.width * 0.06f).dp)
                .testTag("count-${pile.pile}"),
        )
    }
}

/**
 * Where moving cards may go: washed over while cards are held (the place to let go must stand
 * out); only ringed for a hint, so that its pile's cards, and a keyboard's focus ring on them,
 * show through (the wash hid the focus ring).
 */
@Composable
private fun DropHighlight(frame: Frame, color: Color, washed: Boolean) {
    val shape = RoundedCornerShape(6.dp)
    Box(
        Modifier.at(frame).zIndex(ON_TOP + 1)
            .background(if (washed) color.copy(alpha = 0.22f) else Color.Transparent, shape)
            .border(2.dp, color, shape),
    )
}

@Composable
private fun TableCard(card: CardView, controller: GameController, indexHeight: Dp, dragOffset: Offset?, highlight: Color) {
    val colors = LocalTableColors.current
    val current by rememberUpdatedState(card)
    val home = Offset(card.frame.x, card.frame.y)
    val position = remember { Animatable(home, Offset.VectorConverter) }
    LaunchedEffect(home, dragOffset) {
        // Follow the finger while dragged; otherwise glide to where the core put the card,
        // from wherever it is now (its old pile, or the spot it was dropped on).
        if (dragOffset != null) position.snapTo(home + dragOffset) else position.animateTo(home, tween(220))
    }
    val mark = remember { Animatable(0f) }
    LaunchedEffect(card.lastMoved, controller.revision) {
        if (card.lastMoved) {
            mark.snapTo(1f)
            mark.animateTo(0f, tween(durationMillis = 900, delayMillis = 700))
        } else {
            mark.snapTo(0f)
        }
    }
    // The keyboard's focus: a ring as an empty place's (the default indication only greys the card).
    var focused by remember { mutableStateOf(false) }
    val ring = when {
        focused -> colors.target
        highlight != Color.Transparent -> highlight
        else -> colors.lastMoved.copy(alpha = mark.value)
    }
    PlayingCard(
        face = card.face,
        width = card.frame.width.dp,
        indexHeight = indexHeight,
        highlight = if (ring.alpha == 0f) Color.Transparent else ring,
        modifier = Modifier
            .absoluteOffset { IntOffset(position.value.x.dp.roundToPx(), position.value.y.dp.roundToPx()) }
            .size(card.frame.width.dp, card.frame.height.dp)
            .zIndex(if (dragOffset != null) ON_TOP + card.z.toFloat() else card.z.toFloat())
            .testTag("card-${card.id}")
            .semantics { hideFromAccessibility() } // the pile's stop speaks for its cards
            .pointerInput(card.id) {
                detectDragGestures(
                    onDragStart = { if (current.movable) controller.startDrag(current) },
                    onDrag = { change, amount ->
                        change.consume()
                        controller.dragBy(Offset(amount.x.toDp().value, amount.y.toDp().value))
                    },
                    onDragEnd = { controller.endDrag() },
                    onDragCancel = { controller.cancelDrag() },
                )
            }
            // A face-down card is no keyboard stop, but for the top one (a stock's: it deals).
            // Space picks a card up (with those on it) for the keyboard, before the click sees it.
            .focusProperties { canFocus = card.face != null || controller.table.pile(card.pile)?.cardCount == card.position + 1u }
            .onFocusChanged { focused = it.isFocused }
            .onPreviewKeyEvent { event ->
                if (event.key != Key.Spacebar) return@onPreviewKeyEvent false
                if (event.type == KeyEventType.KeyDown) controller.pick(current)
                true
            }
            .combinedClickable(
                onDoubleClick = if (LocalDoubleClickHome.current) ({ controller.playHome(current) }) else null,
            ) { if (!controller.putPicked(current.pile)) controller.tap(current.pile, current.position) },
    )
}

/**
 * Places a box at a frame given in points, from the table's top left, whatever the layout
 * direction: the core's layout, its drop targets and a finger's drag are all left to right, so a
 * right-to-left language must not mirror the table (the controls around it still follow it).
 */
private fun Modifier.at(frame: Frame): Modifier =
    absoluteOffset(frame.x.dp, frame.y.dp).size(frame.width.dp, frame.height.dp)
