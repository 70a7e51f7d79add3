package app.solitaire.core

/**
 * What a player's tap costs across the boundary: `tap` plus the new `table`, from Kotlin
 * through JNA, per game. Not a test: run it with
 * `mvn -f tests/kotlin/pom.xml test-compile exec:java` after `bindings/generate --release`.
 */
fun main() {
    val viewport = Viewport(390f, 844f, 47f, 0f, 34f, 0f)
    val rounds = 20_000
    val warmup = 10_000
    for (info in gameCatalog()) {
        Game(info.kind, 1uL).use { game ->
            // A card that has somewhere to go; each round taps it, then undoes (not timed).
            val card = game.table(viewport).cards.first { it.movable && game.destinations(it.pile, it.position).isNotEmpty() }
            val both = LongArray(rounds)
            val tableOnly = LongArray(rounds)
            repeat(warmup + rounds) { round ->
                val start = System.nanoTime()
                game.tap(card.pile, card.position)
                val tapped = System.nanoTime()
                val table = game.table(viewport)
                val end = System.nanoTime()
                check(table.cards.isNotEmpty())
                game.undo()
                if (round >= warmup) { // the first rounds let the JIT compile the path
                    both[round - warmup] = end - start
                    tableOnly[round - warmup] = end - tapped
                }
            }
            println("%-13s tap + table: %s   table alone: %s".format(info.name, summary(both), summary(tableOnly)))
        }
    }
}

private fun summary(times: LongArray): String {
    times.sort()
    return "median %6.1f µs, p99 %6.1f µs".format(times[times.size / 2] / 1000.0, times[times.size * 99 / 100] / 1000.0)
}
