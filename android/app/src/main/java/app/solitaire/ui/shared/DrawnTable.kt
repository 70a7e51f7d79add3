package app.solitaire.ui.shared

import androidx.compose.runtime.Composable
import app.solitaire.core.BuildDirection
import app.solitaire.core.CardView
import app.solitaire.core.EmptyMark
import app.solitaire.core.PileView
import app.solitaire.core.Update

/**
 * The table as drawn: the core's last full view with every update since laid over it. An update
 * carries only the cards and piles that changed (all of them when `full`), so a tap crosses the
 * boundary with a handful of records; cards are kept by id and piles by number. Immutable: each
 * update makes a new one, and unchanged cards stay the same objects, so Compose skips them.
 */
data class DrawnTable(
    val cardWidth: Float,
    val cardHeight: Float,
    /** Draw a face-up card's corner index within this height: the core's fans never show less. */
    val indexHeight: Float,
    /** Indexed by pile number. */
    val piles: List<PileView>,
    /** Indexed by card id. */
    val cards: List<CardView>,
) {
    fun apply(update: Update): DrawnTable {
        val base = if (update.full) EMPTY else this
        if (update.piles.isEmpty() && update.cards.isEmpty() && !update.full && update.indexHeight == indexHeight) return this
        return DrawnTable(
            update.cardWidth,
            update.cardHeight,
            update.indexHeight,
            base.piles.patched(update.piles) { it.pile.toInt() },
            base.cards.patched(update.cards) { it.id.toInt() },
        )
    }

    fun pile(pile: UInt): PileView? = piles.getOrNull(pile.toInt())

    /** The cards of `pile`, bottom to top. */
    fun cardsOf(pile: UInt): List<CardView> = cards.filter { it.pile == pile }.sortedBy { it.position }

    companion object {
        val EMPTY = DrawnTable(0f, 0f, 0f, emptyList(), emptyList())

        fun of(update: Update): DrawnTable = EMPTY.apply(update)
    }
}

private fun <T> List<T>.patched(changes: List<T>, slot: (T) -> Int): List<T> {
    if (changes.isEmpty()) return this
    val size = maxOf(this.size, changes.maxOf { slot(it) } + 1)
    val out = ArrayList<T?>(size)
    out.addAll(this)
    while (out.size < size) out.add(null)
    for (item in changes) out[slot(item)] = item
    @Suppress("UNCHECKED_CAST")
    return out as List<T>
}

/** What a card's corner shows for `rank` (1 = Ace … 13 = King), in the player's letters (« R » for a roi). */
@Composable
fun rankLabel(rank: UInt): String = rankLabel(LocalWords.current, rank)

fun rankLabel(words: Words, rank: UInt): String = words.text("rank_short_$rank")

/** What an empty pile's outline shows: the rank that starts it, with a foundation's direction; "0/4" on a reserve of 4; nothing where anything goes. */
fun EmptyMark.symbol(words: Words): String = when (this) {
    EmptyMark.Plain -> ""
    is EmptyMark.Starts -> rankLabel(words, rank) + when (direction) {
        null -> ""
        BuildDirection.UP -> "↑"
        BuildDirection.DOWN -> "↓"
        BuildDirection.UP_OR_DOWN -> "↕"
    }
    EmptyMark.WholeSuit -> words.text("mark_whole_suit")
    EmptyMark.Spent -> "✕"
    is EmptyMark.Holds -> "0/$capacity"
}
