package app.solitaire.ui.shared

import app.solitaire.core.CardView
import app.solitaire.core.PileView

/** The core's words for a face-up card without its pile, which the pile's stop already says. */
fun cardName(card: CardView, pile: PileView): String = card.description.removeSuffix(", face up, ${pile.label}")
