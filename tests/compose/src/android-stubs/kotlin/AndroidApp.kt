// See AndroidOs.kt: stand-ins for the Android SDK, compiled, never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.app

import java.io.File

/** android.app.Application: `getFilesDir()` (from Context). */
open class Application {
    open val filesDir: File get() = File(".")
}
