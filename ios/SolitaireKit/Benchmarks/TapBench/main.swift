// What a player's tap costs across the boundary: one `act(.tap)`, which plays the tap and
// answers with what to redraw (the status and the cards and piles that changed), from Swift
// through the C interface, per game; and, timed apart, the `act(.undo)` that takes it back and a
// `view` of the whole table (what a tap that changes the card size sends). The tapped card is one
// whose tap keeps the card size, as most taps do.
// The same deal, viewport and rounds as tests/kotlin's TapBench. Not a test: run it on a
// release build of both sides (see ios/README.md):
//   ios/scripts/prepare-linux.sh --release     (bindings/generate --release, then the bindings)
//   swift run -c release --package-path ios/SolitaireKit TapBench [rounds] [warm-up rounds]
// (fewer rounds for a run under valgrind).
import Dispatch
import SolitaireCore

let viewport = Viewport(width: 390, height: 844, insetTop: 47, insetLeft: 0, insetBottom: 34, insetRight: 0)
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 20_000
let warmup = arguments.dropFirst().first ?? 10_000

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
    // A card whose tap moves it and keeps the card size; each round taps it, then undoes.
    let table = game.view(viewport: viewport)
    let movable = table.cards.first { card in
        guard card.movable, let update = try? game.act(action: .tap(pile: card.pile, index: card.position)),
            update.outcome == .moved
        else { return false }
        _ = try? game.act(action: .undo)
        return !update.full
    }
    guard let card = movable else {
        print("\(info.slug): no card can move in deal 1")
        continue
    }
    var taps: [UInt64] = []
    var undos: [UInt64] = []
    var views: [UInt64] = []
    taps.reserveCapacity(rounds)
    undos.reserveCapacity(rounds)
    views.reserveCapacity(rounds)
    for round in 0..<(warmup + rounds) {
        let start = nanoseconds()
        let tapped = try game.act(action: .tap(pile: card.pile, index: card.position))
        let between = nanoseconds()
        let undone = try game.act(action: .undo)
        let end = nanoseconds()
        let all = game.view(viewport: viewport)
        let viewed = nanoseconds()
        precondition(tapped.outcome == .moved && !tapped.full && undone.outcome == .moved && all.full)
        if round >= warmup {  // the same warm-up as the Kotlin bench, for like-for-like figures
            taps.append(between - start)
            undos.append(end - between)
            views.append(viewed - end)
        }
    }
    // A developer's measurement, not a player's screen: games by their slugs.
    let name = info.slug + String(repeating: " ", count: max(0, 13 - info.slug.count))
    print("\(name) act(tap): \(summary(taps))   act(undo): \(summary(undos))   view, \(table.cards.count) cards: \(summary(views))")
}
