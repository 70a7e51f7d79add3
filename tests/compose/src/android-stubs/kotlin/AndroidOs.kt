// Stand-ins for the Android SDK classes the app's glue (android/app/src/main/java/app/solitaire/*.kt)
// uses, with the signatures developer.android.com documents, so that a compiler reads that glue
// here, where there is no Android SDK: a missing import or a misspelt call fails the build (the
// glue once shipped without an import for months). Only compiled, never run. Java getters are
// properties here, as Kotlin sees them on the real classes.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.os

/** android.os.Bundle. */
class Bundle
