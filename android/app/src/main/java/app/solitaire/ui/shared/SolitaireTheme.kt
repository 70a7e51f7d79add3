package app.solitaire.ui.shared

import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color

/** The table's own colours, beside Material's, in a light and a dark variant. */
@Immutable
data class TableColors(
    val felt: Color,
    val outline: Color,
    /** What an empty place takes ("K", "A↑"): text, so 4.5:1 against the felt at least. */
    val mark: Color,
    val cardFace: Color,
    val cardEdge: Color,
    val cardBack: Color,
    val cardBackPattern: Color,
    val red: Color,
    val black: Color,
    val target: Color,
    val hint: Color,
    val lastMoved: Color,
)

private val LightTable = TableColors(
    felt = Color(0xFF2E7D4F),
    outline = Color(0x99FFFFFF),
    mark = Color(0xFFFFFFFF), // 5.05:1 (the outline's 2.88:1 was too faint for text)
    cardFace = Color(0xFFFFFFFF),
    cardEdge = Color(0xFF9E9E9E),
    cardBack = Color(0xFF1E4F9C),
    cardBackPattern = Color(0xFF6A93D6),
    red = Color(0xFFC62828),
    black = Color(0xFF1B1B1B),
    target = Color(0xFFFFEB3B),
    hint = Color(0xFF00B0FF),
    lastMoved = Color(0xFFFF9800),
)

private val DarkTable = TableColors(
    felt = Color(0xFF123524),
    outline = Color(0x66FFFFFF),
    mark = Color(0x99FFFFFF), // 5.85:1 (the outline's 3.45:1)
    cardFace = Color(0xFFE4E4E4),
    cardEdge = Color(0xFF5A5A5A),
    cardBack = Color(0xFF243B63),
    cardBackPattern = Color(0xFF46618F),
    red = Color(0xFFB71C1C),
    black = Color(0xFF121212),
    target = Color(0xFFFFE082),
    hint = Color(0xFF4FC3F7),
    lastMoved = Color(0xFFFFB74D),
)

val LocalTableColors = staticCompositionLocalOf { LightTable }

@Composable
fun SolitaireTheme(dark: Boolean, content: @Composable () -> Unit) {
    androidx.compose.runtime.CompositionLocalProvider(LocalTableColors provides if (dark) DarkTable else LightTable) {
        MaterialTheme(colorScheme = if (dark) darkColorScheme() else lightColorScheme(), content = content)
    }
}
