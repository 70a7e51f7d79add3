package app.solitaire.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The whole table for `viewport`: every pile and card. */
private fun Game.table(viewport: Viewport): Update = view(viewport).also { check(it.full) }

private fun Game.play(move: PlayerMove) = act(Action.Play(move))

private fun Game.dealStock() = play(PlayerMove.Stock)

/** The contract the apps rely on, exercised through the generated bindings and JNA. */
class FfiTest {
    private val phone = Viewport(390f, 844f, 47f, 0f, 34f, 0f)

    private fun tempDir(): File = Files.createTempDirectory("solitaire-ffi").toFile()

    /** Follows the core's hints until the game is won; the hint solver must find the way. */
    private fun playToWin(game: Game): Int {
        var moves = 0
        while (game.status().state != PlayState.WON) {
            val hint = checkNotNull((game.hint() as? HintAnswer.Move)?.hint) { "a winnable game always has a hint" }
            assertTrue(hint.leadsToWin, "on a winnable deal the hint comes from a winning line: ${hint.description}")
            game.play(hint.mv)
            moves++
            assertTrue(moves < 500, "the game should be won long before this")
        }
        return moves
    }

    @Test
    fun `a deal is played to a win through the FFI, following the solver's line`() {
        // Yakutat Bay deal 6: the solver wins it without backtracking, so each hint is found at once.
        Game(GameKind.YAKUTAT_BAY, 6uL).use { game ->
            val moves = playToWin(game)
            val status = game.status()
            assertEquals(PlayState.WON, status.state)
            assertEquals(moves.toUInt(), status.moves)
            val table = game.table(phone)
            assertTrue(table.cards.all { card -> table.piles.first { it.pile == card.pile }.kind == PileKind.FOUNDATION })
            assertEquals(HintAnswer.NoMove, game.hint(), "nothing left to hint once won")
        }
    }

    @Test
    fun `the same deal number gives the same table every time`() {
        Game(GameKind.CHEQUERS, 99uL).use { a ->
            Game(GameKind.CHEQUERS, 99uL).use { b ->
                assertEquals(a.positionJson(), b.positionJson())
                assertEquals(a.table(phone), b.table(phone))
            }
        }
    }

    @Test
    fun `a game saved through a Store resumes in a new Store with the same history`() {
        val dir = tempDir()
        lateinit var table: Update
        lateinit var status: GameStatus
        Store.open(dir.path).use { store ->
            Game(GameKind.DNIEPER, 12uL).use { game ->
                game.dealStock()
                game.act(Action.Tap(0u, (game.table(phone).piles[0].cardCount - 1u)))
                game.dealStock()
                game.act(Action.Undo)
                store.save(game)
                table = game.table(phone)
                status = game.status()
            }
        }
        Store.open(dir.path).use { store ->
            checkNotNull(store.resume(GameKind.DNIEPER)) { "the game was saved" }.use { game ->
                assertEquals(status.copy(elapsedMs = game.status().elapsedMs), game.status())
                assertEquals(table.copy(status = game.status()), game.table(phone))
                assertTrue(game.status().canRedo, "the redo history survived")
                game.act(Action.Redo)
                game.act(Action.Undo)
                game.act(Action.Undo)
                assertEquals(status.moves - 1u, game.status().moves)
            }
            assertTrue(store.overview().first { it.info.kind == GameKind.DNIEPER }.inProgress)
        }
    }

    @Test
    fun `a corrupt save raises the typed exception, is kept aside, and the store still works`() {
        val dir = tempDir()
        File(dir, "zerline.json").writeText("{\"format\": \"solitaire-save\", \"version\": 1, \"game\": \"zerl")
        Store.open(dir.path).use { store ->
            val error = assertThrows(GameException.CorruptSave::class.java) { store.resume(GameKind.ZERLINE) }
            assertTrue(File(error.keptAs).exists(), "kept as ${error.keptAs}")
            assertNull(store.resume(GameKind.ZERLINE), "reported once, then the store carries on")
            Game(GameKind.ZERLINE, 3uL).use { game ->
                game.dealStock()
                store.save(game)
            }
            assertEquals(1u, store.resume(GameKind.ZERLINE)!!.use { it.status().moves })
        }
    }

    @Test
    fun `illegal moves and bad piles raise typed exceptions and change nothing`() {
        Game(GameKind.HOW_THEY_RUN, 4uL).use { game ->
            val before = game.positionJson()
            val illegal = listOf<Pair<Class<out GameException>, () -> Unit>>(
                GameException.IllegalMove::class.java to { game.play(PlayerMove.Transfer(0u, 5u, 1u)) },
                GameException.IllegalMove::class.java to { game.play(PlayerMove.Transfer(0u, 300u, 1u)) },
                GameException.InvalidArgument::class.java to { game.act(Action.Tap(99u, 0u)) },
                GameException.InvalidArgument::class.java to { game.act(Action.Tap(0u, 99u)) },
                GameException.InvalidArgument::class.java to { game.act(Action.Drop(0u, 99u, 10f, 10f)) },
                GameException.InvalidArgument::class.java to { game.destinations(4000u, 0u) },
                GameException.IllegalMove::class.java to { game.act(Action.Undo) },
                GameException.IllegalMove::class.java to { game.dealStock() },
            )
            for ((error, call) in illegal) {
                assertThrows(error) { call() }
                // The thread's call status is reused (bindings/uniffi-bindgen): after a failed
                // call the next one succeeds.
                assertEquals(before, game.positionJson())
            }
        }
    }

    @Test
    fun `calls from several threads at once stay consistent`() {
        Game(GameKind.ZERLINE, 21uL).use { game ->
            val start = game.table(phone)
            val threads = 8
            val barrier = CyclicBarrier(threads)
            val pool = Executors.newFixedThreadPool(threads)
            val tasks = (0 until threads).map { worker ->
                pool.submit {
                    barrier.await()
                    repeat(200) { i ->
                        when ((worker + i) % 4) {
                            0 -> runCatching { game.dealStock() }
                            1 -> runCatching { game.act(Action.Undo) }
                            2 -> game.table(phone).also { assertEquals(104, it.cards.size) }
                            else -> game.status()
                        }
                    }
                }
            }
            tasks.forEach { it.get(60, TimeUnit.SECONDS) }
            pool.shutdown()
            while (game.status().canUndo) game.act(Action.Undo)
            assertEquals(start.copy(status = game.status()), game.table(phone), "undoing everything leads back to the deal")
        }
    }

    @Test
    fun `the table keeps every card on screen and a drop on a pile's base lands there`() {
        for (info in gameCatalog()) {
            Game(info.kind, 1uL).use { game ->
                for (viewport in listOf(phone, Viewport(844f, 390f, 0f, 47f, 21f, 47f), Viewport(1024f, 1366f, 24f, 0f, 20f, 0f))) {
                    val table = game.table(viewport)
                    assertEquals(52 * info.decks.toInt(), table.cards.size)
                    for (card in table.cards) {
                        assertTrue(card.frame.x >= viewport.insetLeft && card.frame.x + card.frame.width <= viewport.width - viewport.insetRight + 0.01f)
                        assertTrue(card.frame.y >= viewport.insetTop && card.frame.y + card.frame.height <= viewport.height - viewport.insetBottom + 0.01f)
                    }
                    // The top movable card, dropped on each pile's base: it lands there exactly
                    // where the core lets it go (and nowhere else).
                    val card = table.cards.last { it.movable }
                    val targets = game.destinations(card.pile, card.position)
                    for (pile in table.piles.filter { it.pile != card.pile }) {
                        val x = pile.base.x + pile.base.width / 2
                        val y = pile.base.y + pile.base.height / 2
                        val update = game.act(Action.Drop(card.pile, card.position, x, y))
                        assertEquals(if (pile.pile in targets) Outcome.MOVED else Outcome.UNCHANGED, update.outcome, "${info.slug}: onto pile ${pile.pile}")
                        if (update.outcome == Outcome.MOVED) {
                            assertEquals(pile.pile, update.cards.first { it.id == card.id }.pile)
                            game.act(Action.Undo)
                        }
                    }
                }
            }
        }
    }

    @Test
    fun `tapping a card plays it where the core says, and the last move is marked`() {
        Game(GameKind.YAKUTAT_BAY, 6uL).use { game ->
            val table = game.table(phone)
            val card = table.cards.first { it.movable && game.destinations(it.pile, it.position).isNotEmpty() }
            val target = game.destinations(card.pile, card.position).first()
            val update = game.act(Action.Tap(card.pile, card.position))
            assertEquals(Outcome.MOVED, update.outcome)
            // Only what changed crosses, unless the cards changed size (the layout sizes them in
            // steps by the longest pile, which this tap lengthens): then everything is redrawn.
            val resized = update.cardWidth != table.cardWidth || update.indexHeight != table.indexHeight
            assertEquals(resized, update.full, "card width ${table.cardWidth} -> ${update.cardWidth}")
            assertEquals(game.status(), update.status)
            val after = game.table(phone)
            val moved = after.cards.first { it.id == card.id }
            assertEquals(target, moved.pile)
            assertTrue(moved.lastMoved)
            assertFalse(after.cards.filter { it.pile != target }.any { it.lastMoved })
        }
    }

    @Test
    fun `statistics count a won game`() {
        val dir = tempDir()
        Store.open(dir.path).use { store ->
            Game(GameKind.YAKUTAT_BAY, 6uL).use { game ->
                playToWin(game)
                store.save(game)
            }
            val stats = store.stats(GameKind.YAKUTAT_BAY)
            assertEquals(1u, stats.won)
            assertEquals(1u, stats.played)
            assertNotNull(stats.fewestMoves)
            assertFalse(store.overview().first { it.info.kind == GameKind.YAKUTAT_BAY }.inProgress)
        }
    }

    @Test
    fun `closed objects refuse further calls instead of crashing`() {
        val game = Game(GameKind.DNIEPER, 1uL)
        game.close()
        assertThrows(IllegalStateException::class.java) { game.status() }
    }

    @Test
    fun `a winnable deal is one the solver proved`() {
        Game.newWinnable(GameKind.HOW_THEY_RUN).use { game ->
            assertNotNull(game.status().deal)
            // Proving the win again may need more than this budget on a slow machine, but a
            // proved-winnable deal can never be found unwinnable.
            assertNotEquals(Verdict.UNWINNABLE, game.stillWinnable(2_000u).verdict)
        }
    }
}
