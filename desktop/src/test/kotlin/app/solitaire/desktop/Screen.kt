package app.solitaire.desktop

import java.awt.image.BufferedImage
import java.io.File
import java.util.concurrent.TimeUnit
import javax.imageio.ImageIO

/** A rectangle in screen pixels. */
data class Box(val x: Int, val y: Int, val width: Int, val height: Int) {
    val centreX get() = x + width / 2
    val centreY get() = y + height / 2
}

/** One capture of the virtual screen, as 0xRRGGBB pixels. */
class Shot(val width: Int, val height: Int, private val pixels: IntArray) {
    operator fun get(x: Int, y: Int): Int = pixels[y * width + x]

    /** The smallest box holding every pixel of exactly `rgb` inside `within`, or null. */
    fun bounds(rgb: Int, within: Box): Box? {
        var left = Int.MAX_VALUE
        var top = Int.MAX_VALUE
        var right = -1
        var bottom = -1
        for (y in within.y until within.y + within.height) for (x in within.x until within.x + within.width) {
            if (this[x, y] == rgb) {
                if (x < left) left = x
                if (x > right) right = x
                if (y < top) top = y
                if (y > bottom) bottom = y
            }
        }
        return if (right < 0) null else Box(left, top, right - left + 1, bottom - top + 1)
    }

    fun count(within: Box, test: (Int) -> Boolean): Int {
        var n = 0
        for (y in within.y until within.y + within.height) for (x in within.x until within.x + within.width) if (test(this[x, y])) n++
        return n
    }

    fun distinctColours(within: Box): Int {
        val seen = HashSet<Int>()
        for (y in within.y until within.y + within.height) for (x in within.x until within.x + within.width) seen += this[x, y]
        return seen.size
    }

    /** Pixels of `within` that differ from `other`'s. */
    fun difference(other: Shot, within: Box): Int {
        var n = 0
        for (y in within.y until within.y + within.height) for (x in within.x until within.x + within.width) if (this[x, y] != other[x, y]) n++
        return n
    }

    fun save(file: File, crop: Box) {
        val image = BufferedImage(crop.width, crop.height, BufferedImage.TYPE_INT_RGB)
        for (y in 0 until crop.height) for (x in 0 until crop.width) image.setRGB(x, y, this[crop.x + x, crop.y + y])
        file.parentFile.mkdirs()
        ImageIO.write(image, "png", file)
    }
}

/**
 * A virtual X display of its own (Xvfb picks a free number), driven with xdotool and captured
 * with ImageMagick's `import`, as a person's mouse, keyboard and eyes. `-noreset`: by default
 * the server resets when its last client leaves, and drops a client that connects meanwhile
 * (a window started right after the last one quit then never opens).
 */
class VirtualDisplay(val width: Int = 1280, val height: Int = 1024) : AutoCloseable {
    private val server: Process = ProcessBuilder(
        "Xvfb", "-displayfd", "1", "-screen", "0", "${width}x${height}x24", "-nolisten", "tcp", "-noreset",
    )
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start()
    val name: String = ":" + server.inputStream.bufferedReader().readLine().also {
        check(it != null && it.isNotBlank()) { "Xvfb did not start" }
    }.trim()

    fun run(vararg command: String): String {
        val process = ProcessBuilder(*command).also { it.environment()["DISPLAY"] = name }.redirectErrorStream(true).start()
        val out = process.inputStream.bufferedReader().readText()
        check(process.waitFor(60, TimeUnit.SECONDS)) { "${command.joinToString(" ")} did not finish" }
        check(process.exitValue() == 0) { "${command.joinToString(" ")} failed (${process.exitValue()}): $out" }
        return out
    }

    fun xdotool(vararg args: String) = run("xdotool", *args)

    /** The window whose title matches `regex` (xdotool's search), if one is mapped. */
    fun window(regex: String): Box? {
        val process = ProcessBuilder("xdotool", "search", "--onlyvisible", "--name", regex)
            .also { it.environment()["DISPLAY"] = name }.start()
        val ids = process.inputStream.bufferedReader().readText().lines().filter { it.isNotBlank() }
        process.waitFor()
        return ids.mapNotNull { id ->
            val shell = runCatching { xdotool("getwindowgeometry", "--shell", id) }.getOrNull() ?: return@mapNotNull null
            val values = shell.lines().filter { "=" in it }.associate { it.substringBefore("=") to it.substringAfter("=").trim() }
            Box(values.getValue("X").toInt(), values.getValue("Y").toInt(), values.getValue("WIDTH").toInt(), values.getValue("HEIGHT").toInt())
        }.filter { it.width > 100 && it.height > 100 }.maxByOrNull { it.width * it.height }
    }

    fun capture(): Shot {
        val process = ProcessBuilder("import", "-window", "root", "-depth", "8", "rgb:-")
            .also { it.environment()["DISPLAY"] = name }.redirectError(ProcessBuilder.Redirect.DISCARD).start()
        val bytes = process.inputStream.readBytes()
        check(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0) { "import failed" }
        check(bytes.size == width * height * 3) { "import gave ${bytes.size} bytes" }
        val pixels = IntArray(width * height) { i ->
            ((bytes[3 * i].toInt() and 0xFF) shl 16) or ((bytes[3 * i + 1].toInt() and 0xFF) shl 8) or (bytes[3 * i + 2].toInt() and 0xFF)
        }
        return Shot(width, height, pixels)
    }

    fun click(x: Int, y: Int) = xdotool("mousemove", "$x", "$y", "click", "1")

    fun doubleClick(x: Int, y: Int) = xdotool("mousemove", "$x", "$y", "click", "--repeat", "2", "--delay", "60", "1")

    /** Presses at `from`, moves there in steps as a hand does, releases at `to`. */
    fun drag(fromX: Int, fromY: Int, toX: Int, toY: Int) {
        val steps = 12
        val moves = (1..steps).flatMap { i ->
            listOf("mousemove", "${fromX + (toX - fromX) * i / steps}", "${fromY + (toY - fromY) * i / steps}", "sleep", "0.03")
        }
        xdotool("mousemove", "$fromX", "$fromY", "mousedown", "1", "sleep", "0.05", *moves.toTypedArray(), "mouseup", "1")
    }

    fun key(keys: String) = xdotool("key", keys)

    override fun close() {
        server.destroy()
        server.waitFor(10, TimeUnit.SECONDS)
    }

    companion object {
        /** Why the window cannot be tested here, or null when it can. */
        fun missing(): String? {
            val tools = listOf("Xvfb", "xdotool", "import").filter { tool ->
                System.getenv("PATH").orEmpty().split(File.pathSeparator).none { File(it, tool).canExecute() }
            }
            return if (tools.isEmpty()) null else "no display server to test the window on: ${tools.joinToString()} not installed (Debian: xvfb, xdotool, imagemagick)"
        }
    }
}

/** Polls `condition` until it holds; fails with `what` after `seconds`. */
fun <T : Any> waitFor(what: String, seconds: Int = 60, condition: () -> T?): T {
    val deadline = System.nanoTime() + seconds * 1_000_000_000L
    while (true) {
        condition()?.let { return it }
        check(System.nanoTime() < deadline) { "waited $seconds s for $what" }
        Thread.sleep(50)
    }
}
