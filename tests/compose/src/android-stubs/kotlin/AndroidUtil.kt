// See AndroidOs.kt: stand-ins for the Android SDK, compiled, never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.util

/** android.util.Log: `static int e(String tag, String msg, Throwable tr)`. */
object Log {
    @JvmStatic
    fun e(tag: String?, msg: String, tr: Throwable?): Int = 0
}
