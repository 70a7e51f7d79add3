package app.solitaire.ui.shared

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.launch

/**
 * Where blocking core calls run. Saves (and closing games after their last save) go through one
 * thread so they land in order, a later save never losing to an earlier one, in a scope of their
 * own so that leaving a screen never cancels one. Solver calls (hint, still-winnable, a new
 * winnable deal) may take a while and run beside them.
 */
class Workers(val saves: CoroutineDispatcher, val search: CoroutineDispatcher) {
    private val queue = CoroutineScope(SupervisorJob() + saves)

    /** Runs `work` after everything enqueued before it. */
    fun enqueue(work: () -> Unit) {
        queue.launch { work() }
    }

    companion object {
        fun default() = Workers(saves = Dispatchers.IO.limitedParallelism(1), search = Dispatchers.Default)
    }
}
