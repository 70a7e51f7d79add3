// See AndroidOs.kt: stand-ins for the Android SDK, compiled, never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.content.res

/** android.content.res.Resources: the look-ups by name and the formatted strings. */
open class Resources {
    fun getIdentifier(name: String?, defType: String?, defPackage: String?): Int = 0

    fun getString(id: Int, vararg formatArgs: Any?): String = ""

    fun getQuantityString(id: Int, quantity: Int, vararg formatArgs: Any?): String = ""
}
