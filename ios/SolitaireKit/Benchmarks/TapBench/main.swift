// What a player's tap costs across the boundary: `tap` plus the new `table`, from Swift through
// the C interface, per game: the same work, deal, viewport and rounds as tests/kotlin's TapBench.
// Not a test: run it on a release build of both sides (see ios/README.md):
//   ios/scripts/prepare-linux.sh --release     (bindings/generate --release, then the bindings)
//   swift run -c release --package-path ios/SolitaireKit TapBench
import Dispatch
import SolitaireCore

let viewport = Viewport(width: 390, height: 844, insetTop: 47, insetLeft: 0, insetBottom: 34, insetRight: 0)
let rounds = 20_000
let warmup = 10_000

func nanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// "median 12.3 µs, p99 45.6 µs".
func summary(_ times: [UInt64]) -> String {
    let sorted = times.sorted()
    let micro = { (ns: UInt64) in (Double(ns) / 100).rounded() / 10 }
    return "median \(micro(sorted[sorted.count / 2])) µs, p99 \(micro(sorted[sorted.count * 99 / 100])) µs"
}

for info in gameCatalog() {
    let game = Game(kind: info.kind, deal: 1)
    // A card that has somewhere to go; each round taps it, then undoes (not timed).
    let movable = game.table(viewport: viewport).cards.first { card in
        card.movable && !((try? game.destinations(pile: card.pile, index: card.position)) ?? []).isEmpty
    }
    guard let card = movable else {
        print("\(info.name): no card can move in deal 1")
        continue
    }
    var both: [UInt64] = []
    var tableOnly: [UInt64] = []
    both.reserveCapacity(rounds)
    tableOnly.reserveCapacity(rounds)
    for round in 0..<(warmup + rounds) {
        let start = nanoseconds()
        _ = try game.tap(pile: card.pile, index: card.position)
        let tapped = nanoseconds()
        let table = game.table(viewport: viewport)
        let end = nanoseconds()
        precondition(!table.cards.isEmpty)
        try game.undo()
        if round >= warmup {  // the same warm-up as the Kotlin bench, for like-for-like figures
            both.append(end - start)
            tableOnly.append(end - tapped)
        }
    }
    let name = info.name + String(repeating: " ", count: max(0, 13 - info.name.count))
    print("\(name) tap + table: \(summary(both))   table alone: \(summary(tableOnly))")
}
