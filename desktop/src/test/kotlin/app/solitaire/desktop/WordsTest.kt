package app.solitaire.desktop

import app.solitaire.core.DailyDate
import app.solitaire.core.datePhrase
import app.solitaire.ui.shared.say
import org.junit.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The window speaks the language asked for: the catalogue is packaged with it, both languages. */
class WordsTest {
    @Test
    fun theWindowsTitleInEnglishAndFrench() {
        assertEquals("Dnieper — deal 4242", catalogueWords("en").text("ui_window_deal", "Dnieper", 4242L))
        assertEquals("Dnieper — donne 4242", catalogueWords("fr").text("ui_window_deal", "Dnieper", 4242L))
        assertEquals("Solitaire — statistiques", catalogueWords("fr").text("ui_window_statistics"))
        // A daily deal's day, the first of a month as French writes it.
        val first = catalogueWords("fr").say(datePhrase(DailyDate(2026, 12u, 1u)))
        assertEquals("Dnieper — donne du jour 1er décembre 2026", catalogueWords("fr").text("ui_window_daily", "Dnieper", first))
        assertEquals("December 1, 2026", catalogueWords("en").say(datePhrase(DailyDate(2026, 12u, 1u))))
    }

    @Test
    fun langIsEnOrFr() {
        assertEquals("fr", Options.parse(listOf("dnieper", "--lang", "fr")).getOrThrow().lang)
        assertEquals(null, Options.parse(listOf("dnieper")).getOrThrow().lang)
        assertTrue(Options.parse(listOf("--lang", "de")).isFailure)
    }
}
