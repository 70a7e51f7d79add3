// See AndroidOs.kt: stand-ins for androidx.activity (1.12) and androidx.lifecycle's Android-only
// AndroidViewModel (2.11), with their documented signatures; compiled, never run. The rest of
// androidx.lifecycle (ViewModel, viewModelScope, SavedStateHandle) is the real desktop library.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.activity

import android.content.res.Resources
import android.os.Bundle
import androidx.lifecycle.ViewModel

/** androidx.activity.ComponentActivity, with the android.app.Activity members the glue uses. */
open class ComponentActivity {
    protected open fun onCreate(savedInstanceState: Bundle?) {}

    protected open fun onStart() {}

    protected open fun onStop() {}

    open val isChangingConfigurations: Boolean get() = false
    open val resources: Resources get() = Resources()
    open val packageName: String get() = ""
}

/** `ComponentActivity.enableEdgeToEdge(statusBarStyle, navigationBarStyle)`, both defaulted. */
fun ComponentActivity.enableEdgeToEdge() {}

/** `ComponentActivity.viewModels(extrasProducer, factoryProducer)`, both defaulted. */
inline fun <reified VM : ViewModel> ComponentActivity.viewModels(): Lazy<VM> = lazy { error("a stand-in") }
