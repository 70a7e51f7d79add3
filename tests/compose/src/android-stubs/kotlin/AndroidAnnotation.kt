// See AndroidOs.kt: stand-ins for the Android SDK, compiled, never run.
@file:Suppress("unused")

package android.annotation

/** android.annotation.SuppressLint. */
annotation class SuppressLint(vararg val value: String)
