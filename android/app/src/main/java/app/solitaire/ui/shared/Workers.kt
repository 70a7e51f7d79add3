package app.solitaire.ui.shared

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers

/**
 * Where blocking core calls run. Saves go through one thread so they land in order (a later
 * save never loses to an earlier one); solver calls (hint, still-winnable, new winnable deal)
 * may take a while and run beside them.
 */
class Workers(val saves: CoroutineDispatcher, val search: CoroutineDispatcher) {
    companion object {
        fun default() = Workers(saves = Dispatchers.IO.limitedParallelism(1), search = Dispatchers.Default)
    }
}
