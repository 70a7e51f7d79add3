package app.solitaire.ui.shared

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp
import app.solitaire.core.CardFace
import app.solitaire.core.Suit

fun Suit.symbol(): String = when (this) {
    Suit.CLUBS -> "\u2663"
    Suit.DIAMONDS -> "\u2666"
    Suit.HEARTS -> "\u2665"
    Suit.SPADES -> "\u2660"
}

/**
 * One card, face up or down, at the size the core's layout gives. `indexHeight` is the table's
 * (`Update.indexHeight`): the core never fans a face-up card less than that from the next (a
 * sideways fan never less than 1.8 times it), so the corner index drawn within it shows whole
 * on every face-up card. `highlight` (a colour, or transparent) rings it: the hint's cards, or
 * the last move's for a moment.
 */
@Composable
fun PlayingCard(
    face: CardFace?,
    width: Dp,
    indexHeight: Dp,
    modifier: Modifier = Modifier,
    highlight: Color = Color.Transparent,
) {
    val colors = LocalTableColors.current
    val shape = RoundedCornerShape(width * 0.08f)
    val ring = if (highlight == Color.Transparent) colors.cardEdge else highlight
    val ringWidth = if (highlight == Color.Transparent) 0.5.dp else 3.dp
    // A card reads left to right in every language: the core fans cards so that their left edges
    // show, and a right-to-left layout would move the index to the covered corner. (The table
    // places cards with absolute offsets, which the direction does not mirror.)
    CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Ltr) {
        Box(modifier.clip(shape).background(if (face == null) colors.cardBack else colors.cardFace).border(ringWidth, ring, shape)) {
            if (face == null) CardBack(colors.cardBackPattern) else FaceUp(face, width, indexHeight, if (face.red) colors.red else colors.black)
        }
    }
}

@Composable
private fun FaceUp(face: CardFace, width: Dp, indexHeight: Dp, ink: Color) {
    // A card's marks are drawing, sized with the card the layout gives (in points), so a large
    // system font cannot push them off a small card; all other text is in sp and follows it.
    // The index's line (its font size, as lineHeight) and top padding take 0.80 of indexHeight;
    // "10♥" at that size spans about 1.6 index heights of the 1.8 a sideways fan leaves.
    val corner = with(LocalDensity.current) { (indexHeight * 0.72f).toSp() }
    val centre = with(LocalDensity.current) { (width * 0.5f).toSp() }
    // Rank and suit side by side, so both show on a card mostly covered in a fan.
    Row(Modifier.padding(start = indexHeight * 0.1f, top = indexHeight * 0.08f)) {
        Text(rankLabel(face.rank), color = ink, fontSize = corner, fontWeight = FontWeight.Bold, lineHeight = corner, softWrap = false)
        Text(face.suit.symbol(), color = ink, fontSize = corner, lineHeight = corner, softWrap = false)
    }
    Box(Modifier.fillMaxSize(), contentAlignment = Alignment.Center) {
        Text(face.suit.symbol(), color = ink, fontSize = centre, modifier = Modifier.padding(top = width * 0.2f))
    }
}

@Composable
private fun CardBack(pattern: Color) {
    Canvas(Modifier.fillMaxSize().padding(3.dp)) {
        val step = size.width / 5
        var x = -size.height
        while (x < size.width) {
            drawLine(pattern, Offset(x, 0f), Offset(x + size.height, size.height), strokeWidth = 1.5f)
            drawLine(pattern, Offset(x + size.height, 0f), Offset(x, size.height), strokeWidth = 1.5f)
            x += step
        }
    }
}
