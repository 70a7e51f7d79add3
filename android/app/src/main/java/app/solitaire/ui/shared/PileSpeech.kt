package app.solitaire.ui.shared

import app.solitaire.core.CardView
import app.solitaire.core.PileView

/**
 * What a screen reader says for a pile, its one focus stop: the core's label and card words,
 * counted ("tableau pile 3, 5 cards, 3 face down, top card queen of spades").
 * `cards` are the pile's, bottom to top.
 */
fun pileSummary(pile: PileView, cards: List<CardView>): String = buildString {
    append(pile.label)
    if (cards.isEmpty()) {
        append(", empty")
        return@buildString
    }
    append(if (cards.size == 1) ", 1 card" else ", ${cards.size} cards")
    val faceDown = cards.count { it.face == null }
    if (faceDown > 0) append(", $faceDown face down")
    val top = cards.last()
    if (top.face != null) append(", top card ").append(cardName(top, pile))
}

/** The core's words for a face-up card without the pile, which the summary already says. */
fun cardName(card: CardView, pile: PileView): String = card.description.removeSuffix(", face up, ${pile.label}")
