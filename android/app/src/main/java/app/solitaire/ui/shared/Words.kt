package app.solitaire.ui.shared

import androidx.compose.runtime.staticCompositionLocalOf
import app.solitaire.core.GameInfo
import app.solitaire.core.Phrase
import app.solitaire.core.PhraseArg
import java.math.BigInteger

/**
 * Every word the UI shows or a screen reader says, by key, in the player's language. The keys
 * and their texts are the Android string resources (`res/values/words.xml`, `res/values-fr/words.xml`); Android reads them
 * through `Resources` (`AndroidWords`), other platforms through [CatalogueWords].
 */
interface Words {
    /** The string [key], its placeholders (`%1$s`, `%2$d`, `%1$,d`) filled from [args] in order. */
    fun text(key: String, vararg args: Any): String

    /** The plural [key] for [count] by the language's rules, its placeholders filled from [args]. */
    fun plural(key: String, count: Int, vararg args: Any): String

    fun isPlural(key: String): Boolean
}

val LocalWords = staticCompositionLocalOf<Words> {
    error("No words: provide LocalWords (AndroidWords on Android, CatalogueWords elsewhere)")
}

/** A phrase of the core's, in words; a plural takes its quantity from the first number. */
fun Words.say(phrase: Phrase): String {
    val args = phrase.args.map<PhraseArg, Any> { arg ->
        when (arg) {
            is PhraseArg.Number -> arg.value.toLong()
            is PhraseArg.Word -> text(arg.key)
            is PhraseArg.Card -> text("card", text(arg.rank), text(arg.suit))
            is PhraseArg.Pile -> arg.number?.let { text(arg.key, it.toLong()) } ?: text(arg.key)
        }
    }.toTypedArray()
    if (!isPlural(phrase.key)) return text(phrase.key, *args)
    val count = phrase.args.firstNotNullOfOrNull { (it as? PhraseArg.Number)?.value?.toInt() } ?: 0
    return plural(phrase.key, count, *args)
}

/**
 * A deal number as a `%d` argument. Deals run to 2^64 - 1, past a Long (`toLong()` showed deal
 * 9999999999999999999 as -8446744073709551617); Android's formatter and [CatalogueWords] both
 * take a BigInteger.
 */
fun dealArg(deal: ULong): Any = BigInteger(deal.toString())

/** Phrases that make one description, joined by the language's list separator. */
fun Words.say(phrases: List<Phrase>): String = phrases.joinToString(text("list_separator")) { say(it) }

fun Words.name(info: GameInfo): String = text(info.nameKey)

fun Words.summary(info: GameInfo): String = text(info.summaryKey)

/** The rules, a paragraph each (the catalogue separates them by a blank line). */
fun Words.rules(info: GameInfo): List<String> = text(info.rulesKey).split("\n\n")
