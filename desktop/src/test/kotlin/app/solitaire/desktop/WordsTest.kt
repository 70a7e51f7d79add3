package app.solitaire.desktop

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
    }

    @Test
    fun langIsEnOrFr() {
        assertEquals("fr", Options.parse(listOf("dnieper", "--lang", "fr")).getOrThrow().lang)
        assertEquals(null, Options.parse(listOf("dnieper")).getOrThrow().lang)
        assertTrue(Options.parse(listOf("--lang", "de")).isFailure)
    }
}
