package app.solitaire.ui.shared

/**
 * [Words] from the text of a resources file (`values/words.xml`, `values-fr/words.xml`), read as
 * Android reads it, for the platforms without Android's resources: the desktop window and the
 * JVM tests. Plain Kotlin (no `String.format`), so it compiles for every Compose platform.
 * The terminal game reads the same files in Rust (`cli/src/words.rs`).
 */
class CatalogueWords(xml: String, private val language: String) : Words {
    private val strings = HashMap<String, String>()
    private val plurals = HashMap<String, Map<String, String>>()

    init {
        var at = 0
        while (true) {
            at = xml.indexOf('<', at)
            if (at < 0) break
            when {
                xml.startsWith("<!--", at) -> at = xml.indexOf("-->", at).let { require(it >= 0) { "an unclosed comment" }; it + 3 }
                xml.startsWith("<string ", at) -> {
                    val (name, body, end) = element(xml, at, "string", "name")
                    strings[name] = decode(body)
                    at = end
                }
                xml.startsWith("<plurals ", at) -> {
                    val (name, body, end) = element(xml, at, "plurals", "name")
                    val items = HashMap<String, String>()
                    var inner = body.indexOf("<item ")
                    while (inner >= 0) {
                        val (quantity, text, after) = element(body, inner, "item", "quantity")
                        items[quantity] = decode(text)
                        inner = body.indexOf("<item ", after)
                    }
                    plurals[name] = items
                    at = end
                }
                else -> at += 1
            }
        }
    }

    val keys: Set<String> get() = strings.keys + plurals.keys

    /** Each plural's quantities (`one`, `other`, …). */
    fun quantities(key: String): Set<String>? = plurals[key]?.keys

    override fun text(key: String, vararg args: Any): String = format(strings[key] ?: key, args)

    override fun plural(key: String, count: Int, vararg args: Any): String {
        val items = plurals[key] ?: return key
        return format(items[quantity(count)] ?: items["other"] ?: key, args)
    }

    override fun isPlural(key: String): Boolean = key in plurals

    /** The CLDR plural category of [n]: French counts 0 and 1 singular. */
    private fun quantity(n: Int): String = when {
        language == "fr" && (n == 0 || n == 1) -> "one"
        language == "fr" && n != 0 && n % 1_000_000 == 0 -> "many"
        language != "fr" && n == 1 -> "one"
        else -> "other"
    }

    /** `%N$s`, `%N$d` and `%N$,d` (thousands grouped the language's way); `%%` is a percent sign. */
    private fun format(template: String, args: Array<out Any>): String = buildString {
        var i = 0
        while (i < template.length) {
            val c = template[i]
            if (c != '%') { append(c); i += 1; continue }
            if (template.startsWith("%%", i)) { append('%'); i += 2; continue }
            var j = i + 1
            while (j < template.length && template[j].isDigit()) j += 1
            val index = template.substring(i + 1, j).toIntOrNull()?.minus(1)
            val grouped = template.startsWith("$,d", j)
            val plain = template.startsWith("\$d", j) || template.startsWith("\$s", j)
            if (index == null || !(grouped || plain)) { append('%'); i += 1; continue }
            val value = args.getOrNull(index)
            append(if (grouped && value is Number) group(value.toString()) else value?.toString() ?: "")
            i = j + if (grouped) 3 else 2
        }
    }

    /** `digits` (a number's, any size: a deal's is a BigInteger) grouped by thousands. */
    private fun group(digits: String): String {
        val separator = if (language == "fr") '\u202f' else ','
        return buildString {
            digits.forEachIndexed { i, digit ->
                if (i > 0 && digit.isDigit() && (digits.length - i) % 3 == 0) append(separator)
                append(digit)
            }
        }
    }

    private data class Element(val value: String, val body: String, val end: Int)

    /** `<tag attribute="value">body</tag>` at [from]. */
    private fun element(text: String, from: Int, tag: String, attribute: String): Element {
        val open = text.indexOf('>', from)
        require(open >= 0) { "an unclosed <$tag>" }
        val head = text.substring(from, open)
        val value = head.substringAfter("$attribute=\"", "").substringBefore('"')
        require(value.isNotEmpty()) { "a <$tag> without $attribute" }
        val close = text.indexOf("</$tag>", open)
        require(close >= 0) { "$value: no </$tag>" }
        return Element(value, text.substring(open + 1, close), close + tag.length + 3)
    }

    /** A resource's text as Android reads it: escapes, entities, quotes, white space. */
    private fun decode(raw: String): String {
        val text = raw.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
            .replace("&apos;", "'").replace("&amp;", "&")
        val out = StringBuilder()
        var quoted = false
        var space = false
        fun put(c: Char) {
            if (space && out.isNotEmpty()) out.append(' ')
            space = false
            out.append(c)
        }
        var i = 0
        while (i < text.length) {
            val c = text[i]
            when {
                c == '\\' && i + 1 < text.length -> {
                    i += 1
                    when (val e = text[i]) {
                        'n' -> put('\n')
                        't' -> put('\t')
                        'u' -> { put(text.substring(i + 1, i + 5).toInt(16).toChar()); i += 4 }
                        else -> put(e)
                    }
                }
                c == '"' -> quoted = !quoted
                !quoted && c.isWhitespace() && c != '\u00a0' && c != '\u202f' -> space = true
                else -> put(c)
            }
            i += 1
        }
        return out.toString()
    }
}
