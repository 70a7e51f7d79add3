package app.solitaire

import android.annotation.SuppressLint
import android.content.res.Resources
import app.solitaire.ui.shared.Words

/**
 * [Words] over the app's string resources (`res/values/words.xml`, `res/values-fr/words.xml`):
 * Android picks the language, its plural rules and its number format. The core names its words
 * by key at run time, hence the look-up by name, each key's id kept once found.
 */
class AndroidWords(private val resources: Resources, private val packageName: String) : Words {
    private val ids = HashMap<String, Int>()

    @SuppressLint("DiscouragedApi")
    private fun id(key: String, type: String): Int =
        ids.getOrPut("$type/$key") { resources.getIdentifier(key, type, packageName) }

    override fun text(key: String, vararg args: Any): String {
        val id = id(key, "string")
        return if (id == 0) key else resources.getString(id, *args)
    }

    override fun plural(key: String, count: Int, vararg args: Any): String {
        val id = id(key, "plurals")
        return if (id == 0) key else resources.getQuantityString(id, count, *args)
    }

    override fun isPlural(key: String): Boolean = id(key, "plurals") != 0
}
