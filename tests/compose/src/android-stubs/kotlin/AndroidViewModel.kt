// See Activity.kt: androidx.lifecycle.AndroidViewModel, Android-only; compiled, never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.lifecycle

import android.app.Application

open class AndroidViewModel(application: Application) : ViewModel()
