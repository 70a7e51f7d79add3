package app.solitaire.core

/**
 * What a player's tap costs across the boundary: one `act` that plays it and answers with what
 * to draw (the status and the cards that changed), from Kotlin through JNA, per game. Not a test:
 * run it with `mvn -f tests/kotlin/pom.xml test-compile exec:java` after `bindings/generate --release`.
 * Each round taps a card whose tap keeps the card size (as most taps do), then undoes it, then
 * draws the whole table again with `view`, which is what a tap that changes the card size sends
 * (all timed apart).
 */
fun main(args: Array<String>) {
    val viewport = Viewport(390f, 844f, 47f, 0f, 34f, 0f)
    val rounds = args.getOrNull(0)?.toInt() ?: 20_000
    val warmup = args.getOrNull(1)?.toInt() ?: 10_000
    for (info in gameCatalog()) {
        Game(info.kind, 1uL).use { game ->
            val table = game.view(viewport)
            val card = table.cards.first { it.movable && keepsCardSize(game, Action.Tap(it.pile, it.position)) }
            val tap = Action.Tap(card.pile, card.position)
            val taps = LongArray(rounds)
            val undos = LongArray(rounds)
            val views = LongArray(rounds)
            var sent = 0
            repeat(warmup + rounds) { round ->
                val start = System.nanoTime()
                val update = game.act(tap)
                val tapped = System.nanoTime()
                game.act(Action.Undo)
                val end = System.nanoTime()
                val all = game.view(viewport)
                val viewed = System.nanoTime()
                check(update.outcome == Outcome.MOVED && !update.full && all.full)
                if (round >= warmup) { // the first rounds let the JIT compile the path
                    taps[round - warmup] = tapped - start
                    undos[round - warmup] = end - tapped
                    views[round - warmup] = viewed - end
                    sent = update.cards.size
                }
            }
            println(
                "%-13s tap + what to draw: %s   undo + what to draw: %s   cards sent: %d   view, everything: %s, cards: %d"
                    .format(info.slug, summary(taps), summary(undos), sent, summary(views), table.cards.size),
            )
        }
    }
}

/** Whether `tap` moves a card without changing the card size (the game is left as it was). */
private fun keepsCardSize(game: Game, tap: Action): Boolean {
    val update = game.act(tap)
    if (update.outcome != Outcome.MOVED) return false
    game.act(Action.Undo)
    return !update.full
}

private fun summary(times: LongArray): String {
    times.sort()
    return "median %6.1f µs, p99 %6.1f µs".format(times[times.size / 2] / 1000.0, times[times.size * 99 / 100] / 1000.0)
}
