package app.solitaire.ui.shared

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.exclude
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.only
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.systemGestures
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.ReadOnlyComposable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.produceState
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.alpha
import androidx.compose.ui.layout.Layout
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.hideFromAccessibility
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp
import app.solitaire.core.GameInfo
import app.solitaire.core.GameStatus
import app.solitaire.core.PlayState
import app.solitaire.core.Viewport
import app.solitaire.core.datePhrase
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.withContext

/**
 * A game: title and status on top, the table filling the middle (the core lays it out for
 * whatever size is left, portrait or landscape, phone or tablet), controls at the bottom; or,
 * where the table gets larger cards that way (a phone held sideways, a short wide window), all
 * of those in a panel beside the table (`sideways`).
 */
@Composable
fun GameScreen(
    controller: GameController,
    info: GameInfo,
    onBack: () -> Unit,
    onRules: () -> Unit,
    modifier: Modifier = Modifier,
) {
    Surface(modifier.fillMaxSize(), color = MaterialTheme.colorScheme.surface) {
        BoxWithConstraints {
            val panel = sidePanelWidth(info)
            if (sideways(controller, maxWidth, maxHeight, panel)) {
                Row {
                    SidePanel(controller, info, onBack, onRules, Modifier.width(panel).fillMaxHeight())
                    TableArea(controller, WindowInsetsSides.End, Modifier.weight(1f).fillMaxHeight())
                }
            } else {
                Column {
                    TopBar(controller, info, onBack, onRules)
                    TableArea(controller, WindowInsetsSides.Horizontal, Modifier.weight(1f).fillMaxWidth())
                    GameControls(controller)
                }
            }
        }
    }
    NoticeDialogs(controller, onBackToGames = onBack)
}

/** The panel's width where the controls go beside the table, unless the game's name needs more. */
val SIDE_PANEL = 168.dp

/** The side panel's padding either side of the game's name. */
private val PANEL_MARGIN = 8.dp

/** [SIDE_PANEL], or wider where a word of the game's name would not fit it (the largest text). */
@Composable
private fun sidePanelWidth(info: GameInfo): Dp {
    val widest = widestWord(listOf(LocalWords.current.name(info)), MaterialTheme.typography.titleMedium)
    return maxOf(SIDE_PANEL, with(LocalDensity.current) { widest.toDp() } + PANEL_MARGIN * 2)
}

/**
 * About what the bars above and below the table take (a one-row top bar and one row of controls)
 * at the usual text size; larger text makes them taller about as much.
 */
private val STACKED_BARS = 104.dp

/**
 * Whether the controls go beside the table: where the core lays this deal out, as dealt, with
 * larger cards in the room that leaves than between bars above and below it. Asked again for a
 * new size or a new deal only, so the screen keeps its shape through a game, resumed too.
 */
@Composable
private fun sideways(controller: GameController, width: Dp, height: Dp, panel: Dp): Boolean {
    val bars = STACKED_BARS * LocalDensity.current.fontScale.coerceAtLeast(1f)
    return remember(controller.game, width, height, panel, bars) {
        val stacked = Viewport(width.value, (height - bars).value.coerceAtLeast(0f), 0f, 0f, 0f, 0f)
        val beside = Viewport((width - panel).value.coerceAtLeast(0f), height.value, 0f, 0f, 0f, 0f)
        controller.game.roomiest(listOf(stacked, beside)) == 1u
    }
}

/**
 * The table, in whatever room the bars or the panel leave it; its piles kept out of the side
 * gesture strips (`tableViewport`) of `edges`, the window's edges it reaches.
 */
@Composable
private fun TableArea(controller: GameController, edges: WindowInsetsSides, modifier: Modifier) {
    BoxWithConstraints(modifier) {
        val strips = WindowInsets.systemGestures.exclude(WindowInsets.safeDrawing).only(edges)
        val viewport = tableViewport(maxWidth, maxHeight, strips, LocalDensity.current, LocalLayoutDirection.current)
        SolitaireTable(controller, viewport)
    }
}

/**
 * Beside the table: "Games" and "Rules", the game's name, its status line or the note over it,
 * and the controls two to a row, scrolling where large text makes them more than the height.
 */
@Composable
private fun SidePanel(controller: GameController, info: GameInfo, onBack: () -> Unit, onRules: () -> Unit, modifier: Modifier) {
    val words = LocalWords.current
    val note = noteOf(controller, words)
    Column(modifier.verticalScroll(rememberScrollState()).testTag("side-panel")) {
        // Side by side, or one above the other where both do not fit (large text).
        Layout(
            content = {
                BarButton("ui_games", onBack)
                BarButton("ui_rules", onRules)
            },
        ) { measurables, constraints ->
            val (back, rules) = measurables.map { it.measure(constraints.copy(minWidth = 0, minHeight = 0)) }
            val width = constraints.maxWidth
            val inline = back.width + rules.width <= width
            layout(width, if (inline) maxOf(back.height, rules.height) else back.height + rules.height) {
                back.placeRelative(0, 0)
                if (inline) rules.placeRelative(width - rules.width, 0) else rules.placeRelative(0, back.height)
            }
        }
        Column(Modifier.padding(horizontal = PANEL_MARGIN)) {
            Text(words.name(info), style = MaterialTheme.typography.titleMedium)
            Box {
                StatusLine(controller, controller.status, shown = note == null, beside = true)
                // Five lines kept for it, so that the controls under it stay in place for most
                // notes (a French hint or message takes four or five at this width).
                Note(note, lines = 5)
            }
        }
        GameControls(controller, Modifier.padding(top = 8.dp), columns = listOf(2, 1))
    }
}

/** "Games" or "Rules" (the words of `key`), a finger's height at least, in the bar or the panel. */
@Composable
private fun BarButton(key: String, onClick: () -> Unit) {
    TextButton(onClick = onClick, modifier = Modifier.heightIn(min = 48.dp)) { Text(LocalWords.current.text(key)) }
}

/** The hint, or a short message, or why a move was refused: what replaces the status line. */
private fun noteOf(controller: GameController, words: Words): String? =
    controller.hint?.description?.let(words::say)
        ?: controller.message?.let { words.text(it) }
        ?: controller.refusal?.let(words::say)

/**
 * The note over the status line, read out when it comes (the status line changes too often to
 * be read out each time). Its node stays composed, empty and hidden between notes: Android
 * announces a live region's changes, not a node that appears with one. `lines` tall, empty or
 * not, so that a hint of that many lines does not push the table (or the controls) and back.
 */
@Composable
private fun Note(note: String?, lines: Int = 2) {
    Text(
        note.orEmpty(),
        style = noteStyle(),
        minLines = lines,
        modifier = Modifier.testTag("note").semantics {
            liveRegion = LiveRegionMode.Polite
            if (note == null) hideFromAccessibility()
        },
    )
}

/** The note's text style, which the top bar also measures two lines of. */
@Composable
@ReadOnlyComposable
private fun noteStyle() = MaterialTheme.typography.bodySmall

/**
 * "Deal 7 · 12 moves · 3:05" ("Donne 7 · 12 coups · 3:05"): which deal, the player's moves and
 * the playing time; `lines`, one part a line (beside the table, where a line broke anywhere).
 */
fun Words.statusLine(status: GameStatus, elapsedMs: ULong, lines: Boolean = false): String {
    val key = if (lines) "ui_status_lines" else "ui_status"
    return plural(key, status.moves.toInt(), status.moves.toLong(), gameName(status, "ui_position"), formatTime(elapsedMs))
}

/**
 * Which game this is: "Daily deal of December 7, 2026" (it said "Deal 202", nothing of the day),
 * "Deal 7", or, for a game begun from a position, the words of `otherwise`.
 */
fun Words.gameName(status: GameStatus, otherwise: String): String {
    val daily = status.daily
    val deal = status.deal
    return when {
        daily != null -> text("ui_daily_of", say(datePhrase(daily)))
        deal != null -> text("ui_deal", dealArg(deal))
        else -> text(otherwise)
    }
}

/**
 * The viewport the core lays the table out in: the table's size, its piles kept out of `avoid`'s
 * left and right strips. There gesture navigation takes a swipe for Back, and Android lets an app
 * exclude only 200 dp of each edge from that, so a card dragged from a pile in the strip would
 * leave the game instead (the strips are not there on the desktop: nothing changes).
 */
fun tableViewport(width: Dp, height: Dp, avoid: WindowInsets, density: Density, direction: LayoutDirection): Viewport {
    val (left, right) = with(density) { avoid.getLeft(density, direction).toDp() to avoid.getRight(density, direction).toDp() }
    return Viewport(width = width.value, height = height.value, insetTop = 0f, insetLeft = left.value, insetBottom = 0f, insetRight = right.value)
}

/**
 * "Games", the game's name over its status line (or the note that replaces it), and "Rules":
 * on one row where the name and the status line each fit on one line between the two buttons,
 * else the name and status under the buttons, across the whole width (large text on a narrow
 * phone), so no word is ever cut in two. (Near the limit the row may change when the moves or
 * the clock gain a digit.)
 */
@Composable
private fun TopBar(controller: GameController, info: GameInfo, onBack: () -> Unit, onRules: () -> Unit) {
    val words = LocalWords.current
    // The note (`Note`) replaces the status line. The status line stays, unseen under a note,
    // so the row is chosen by the same text whether a note shows or not. A note longer than its
    // two lines takes the game's name's line too while it shows (a French group move's hint
    // between the buttons of a 360 dp phone), and beyond that the lines it needs (a long French
    // message on a small phone, most notes at the largest text size): cut, it lost its end.
    val note = noteOf(controller, words)
    Layout(
        content = {
            BarButton("ui_games", onBack)
            Text(words.name(info), style = MaterialTheme.typography.titleMedium, maxLines = 2, overflow = TextOverflow.Ellipsis)
            StatusLine(controller, controller.status, shown = note == null)
            Note(note)
            BarButton("ui_rules", onRules)
            // Measured, never placed: two lines of the note's style, as the text engine sizes
            // them (each line's height rounded up, which a sum of rounded heights misses).
            Text("", style = noteStyle(), minLines = 2, modifier = Modifier.clearAndSetSemantics {})
        },
        modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp),
    ) { measurables, constraints ->
        val (back, title, status, noteText, rules) = measurables
        val twoLines = measurables[5]
        val width = constraints.maxWidth
        val loose = constraints.copy(minWidth = 0, minHeight = 0)
        val backPlaced = back.measure(loose)
        val rulesPlaced = rules.measure(loose)
        val margin = 4.dp.roundToPx()
        val between = (width - backPlaced.width - rulesPlaced.width - 2 * margin).coerceAtLeast(0)
        val inline = title.maxIntrinsicWidth(constraints.maxHeight) <= between && status.maxIntrinsicWidth(constraints.maxHeight) <= between
        val text = loose.copy(maxWidth = if (inline) between else (width - 2 * margin).coerceAtLeast(0))
        val titlePlaced = title.measure(text)
        val statusPlaced = status.measure(text)
        val notePlaced = noteText.measure(text)
        // The lines under the name, as for the status line or a two-line note; a longer note
        // starts on the name's line.
        val under = maxOf(statusPlaced.height, twoLines.measure(text).height)
        val overName = note != null && notePlaced.height > under
        val middle = if (overName) maxOf(titlePlaced.height + under, notePlaced.height) else titlePlaced.height + maxOf(under, notePlaced.height)
        val buttons = maxOf(backPlaced.height, rulesPlaced.height, constraints.minHeight)
        val height = if (inline) maxOf(buttons, middle) else buttons + middle
        layout(width, height) {
            val row = if (inline) height else buttons
            backPlaced.placeRelative(0, (row - backPlaced.height) / 2)
            rulesPlaced.placeRelative(width - rulesPlaced.width, (row - rulesPlaced.height) / 2)
            val (x, y) = if (inline) backPlaced.width + margin to (height - middle) / 2 else margin to buttons
            if (!overName) titlePlaced.placeRelative(x, y)
            statusPlaced.placeRelative(x, y + titlePlaced.height)
            notePlaced.placeRelative(x, if (overName) y else y + titlePlaced.height)
        }
    }
}

/**
 * Moves and the clock, under the game's name; unseen and unread where a note covers it. In the
 * top bar two lines at most (the bar's height); beside the table one part a line, at least
 * three lines tall, so that the controls under it stay where they are.
 */
@Composable
private fun StatusLine(controller: GameController, status: GameStatus, shown: Boolean, beside: Boolean = false) {
    val words = LocalWords.current
    val elapsed by produceState(status.elapsedMs, controller.game, status) {
        // The clock only runs while the game is on screen; once a second is enough. The wait is
        // on the wall clock (not the frame clock), so tests' idling ignores it.
        while (status.state == PlayState.PLAYING) {
            value = controller.game.elapsedMs()
            withContext(Dispatchers.Default) { delay(1_000) }
        }
        value = controller.game.elapsedMs()
    }
    Text(
        words.statusLine(status, elapsed, lines = beside),
        style = MaterialTheme.typography.bodySmall,
        minLines = if (beside) 3 else 1,
        maxLines = if (beside) Int.MAX_VALUE else 2,
        overflow = TextOverflow.Ellipsis,
        modifier = Modifier.testTag("status").alpha(if (shown) 1f else 0f).semantics { if (!shown) hideFromAccessibility() },
    )
}
