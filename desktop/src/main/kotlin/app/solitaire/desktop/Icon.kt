package app.solitaire.desktop

import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.painter.Painter
import androidx.compose.ui.graphics.vector.VectorPainter
import androidx.compose.ui.graphics.vector.rememberVectorPainter
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEvent
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.input.key.isCtrlPressed
import androidx.compose.ui.input.key.isMetaPressed
import androidx.compose.ui.input.key.key
import androidx.compose.ui.input.key.type
import androidx.compose.ui.res.loadXmlImageVector
import androidx.compose.ui.unit.Density
import org.xml.sax.InputSource

/**
 * The Android app's launcher icon, read from its own resources (copied in by the pom): the
 * adaptive icon's background colour behind its vector foreground.
 */
@Composable
fun appIcon(): Painter {
    val foreground = remember {
        val xml = resource("icon/drawable/ic_launcher_foreground.xml")
        loadXmlImageVector(InputSource(xml.byteInputStream()), Density(1f))
    }
    val background = remember {
        val colour = Regex("""name="ic_launcher_background">#([0-9A-Fa-f]{6})<""").find(resource("icon/values/colors.xml"))
        Color(0xFF000000 or (colour?.groupValues?.get(1)?.toLong(16) ?: 0L))
    }
    val painter = rememberVectorPainter(foreground)
    return remember(painter, background) { IconPainter(background, painter) }
}

private fun resource(path: String): String =
    checkNotNull(Thread.currentThread().contextClassLoader.getResource(path)) { "missing resource $path" }.readText()

private class IconPainter(private val background: Color, private val foreground: VectorPainter) : Painter() {
    override val intrinsicSize: Size get() = foreground.intrinsicSize

    override fun DrawScope.onDraw() {
        drawRect(background)
        with(foreground) { draw(size) }
    }
}

/** Ctrl+Q (Cmd+Q on a Mac): the desktop's way to quit, through the same path as closing the window. */
fun isQuitKey(event: KeyEvent): Boolean =
    event.type == KeyEventType.KeyDown && event.key == Key.Q && (event.isCtrlPressed || event.isMetaPressed)
