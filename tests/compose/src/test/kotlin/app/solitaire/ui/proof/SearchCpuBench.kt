package app.solitaire.ui.proof

import app.solitaire.core.Game
import app.solitaire.core.GameKind
import app.solitaire.core.Viewport
import app.solitaire.ui.shared.GameController
import app.solitaire.ui.shared.Workers
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import org.junit.Test
import java.lang.management.ManagementFactory
import java.util.concurrent.Executors

/**
 * Not a test (surefire's default includes skip it): how much CPU the solver spends while a game
 * is played quickly. Run: `mvn -f tests/compose/pom.xml surefire:test -Dtest=SearchCpuBench`.
 * One search thread, so its CPU time is every search's; a move every 120 ms, 40 moves.
 */
class SearchCpuBench {
    @Test
    fun searchCpuWhilePlayingQuickly() {
        var searchThread: Thread? = null
        val search = Executors.newSingleThreadExecutor { r -> Thread(r, "search").also { searchThread = it } }
        val benchWorkers = Workers(saves = Dispatchers.IO.limitedParallelism(1), search = search.asCoroutineDispatcher())
        search.submit {}.get() // starts the thread
        val bean = ManagementFactory.getThreadMXBean()
        val viewport = Viewport(1024f, 768f, 0f, 0f, 0f, 0f)
        for (deal in 1uL..6uL) {
            val controller = GameController(Game(GameKind.DNIEPER, deal), newStore(), testScope, benchWorkers)
            controller.show(viewport)
            val before = bean.getThreadCpuTime(searchThread!!.id)
            var moves = 0
            repeat(40) {
                val at = controller.revision
                for (card in controller.table.cards.filter { it.movable && it.face != null }) {
                    controller.tap(card.pile, card.position)
                    if (controller.revision != at) break
                }
                if (controller.revision == at && controller.status.canDeal) controller.dealStock()
                if (controller.revision != at) moves++
                Thread.sleep(120)
            }
            search.submit {}.get()
            Thread.sleep(3_000) // the last searches finish
            search.submit {}.get()
            val cpuMs = (bean.getThreadCpuTime(searchThread!!.id) - before) / 1_000_000
            println("BENCH dnieper deal $deal: $moves moves, search CPU $cpuMs ms")
        }
        search.shutdown()
    }
}
