import Dispatch
import Foundation
import SolitaireCore
import SolitaireModel
import Testing

/// An iPhone in portrait, safe area included.
let phone = Viewport(width: 393, height: 852, insetTop: 59, insetLeft: 0, insetBottom: 34, insetRight: 0)

/// Every game, in the catalog's order (a test checks the two agree).
let allKinds: [GameKind] = [.dnieper, .yakutatBay, .chequers, .zerline, .howTheyRun]

/// One proven-winnable deal of each game (`core/src/solver/proven/`) whose winning line below
/// is found within seconds, and whether the line plays with auto-play on (Chequers: without it
/// the line wanders for thousands of moves).
func winningDeal(_ kind: GameKind) -> UInt64 {
    switch kind {
    case .dnieper: 2
    case .yakutatBay: 6
    case .chequers: 9
    case .zerline: 3
    case .howTheyRun: 10
    }
}

/// The game of `kind`'s winning deal, with auto-play set as its line plays.
func provenGame(_ kind: GameKind) throws -> Game {
    let game = Game(kind: kind, deal: winningDeal(kind))
    _ = try game.act(action: .autoPlay(on: playsWithAutoPlay(kind)))
    return game
}

func playsWithAutoPlay(_ kind: GameKind) -> Bool {
    kind == .chequers
}

/// One move of a winning line and the position it leads to.
struct Step {
    let move: PlayerMove
    let after: String
    let won: Bool
}

/// Every game is played to a win. (Zerline joined once the solver cut the detours out of its
/// lines: before, its hints' quick search often found no winning line.)
let winnableKinds: [GameKind] = allKinds

/// The line the tests play to a win (see `line(_:upTo:)`), found once per game.
@MainActor
func winningLine(_ kind: GameKind) throws -> [Step] {
    if let line = winningLines[kind] { return line }
    let found = try line(kind, upTo: 3000)
    let last = try #require(found.last)
    try #require(last.won, "\(kind) is not won after \(found.count) moves")
    winningLines[kind] = found
    return found
}

/// The first `count` moves of `kind`'s line (fewer if it is won sooner).
@MainActor
func openingLine(_ kind: GameKind, _ count: Int) throws -> [Step] {
    try line(kind, upTo: count)
}

/// The hints, except where a hint would bring back a position already on the line (following
/// hints alone goes round in circles in Dnieper, Chequers and Zerline, each hint being the
/// first move of a new search's line); there the first other legal move to a new position whose
/// own hint is on a winning line. Stops at a win or after `limit` moves.
@MainActor
private func line(_ kind: GameKind, upTo limit: Int) throws -> [Step] {
    let game = try provenGame(kind)
    var seen: Set<String> = [game.positionJson()]
    var line: [Step] = []
    while game.status().state == .playing && line.count < limit {
        let hint = try #require(game.hint().move, "no hint after \(line.count) moves")
        try #require(hint.leadsToWin, "the hint after \(line.count) moves is not on a winning line")
        let next = try (CollectionOfOne(hint.mv) + legalMoves(of: game)).first { move in
            guard (try? apply(move, to: game)) != nil else { return false }
            let fresh = seen.insert(game.positionJson()).inserted
                && (game.status().state == .won || game.hint().move?.leadsToWin == true)
            if !fresh { _ = try game.act(action: .undo) }
            return fresh
        }
        let move = try #require(next, "every move after \(line.count) moves leads back or loses")
        line.append(Step(move: move, after: game.positionJson(), won: game.status().state == .won))
    }
    return line
}

@MainActor private var winningLines: [GameKind: [Step]] = [:]

/// Every move the player could make: each movable card (with the cards on it) to each of its
/// destinations, and the stock, cards in the layout's order (pile by pile, bottom to top: the
/// winning lines are found trying them in that order). It draws `game` afresh: never pass the
/// model's game.
func legalMoves(of game: Game) -> [PlayerMove] {
    let view = game.view(viewport: phone)
    let table = TableState(view)
    let stock: [PlayerMove] = game.status().canDeal ? [.stock] : []
    return stock + view.cards.filter(\.movable).flatMap { card -> [PlayerMove] in
        let size = table.pile(card.pile)?.cardCount ?? 0
        let targets = (try? game.destinations(pile: card.pile, index: card.position)) ?? []
        return targets.map { .transfer(from: card.pile, count: size - card.position, to: $0) }
    }
}

func apply(_ move: PlayerMove, to game: Game) throws {
    _ = try game.act(action: .play(mv: move))
}

/// Runs `body` with a new, empty folder that is removed afterwards, whatever happens.
@MainActor
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("solitaire-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// The app's words in English and in French, whatever the machine's language.
let english = Words(language: "en")
let french = Words(language: "fr")

/// A model over `game` whose saves go to `store`; every message it shows lands in `reports`.
@MainActor
final class Harness {
    let store: Store
    let saver: Saver
    let model: GameModel
    private let messages = Messages()

    init(game: Game, folder: URL, showMePace: Duration = .milliseconds(500), searches: Searches = Searches(), words: Words = english) throws {
        store = try Store.open(dir: folder.path)
        saver = Saver(store: store, words: words)
        model = GameModel(game: game, saver: saver, searches: searches, showMePace: showMePace, words: words) { [messages] in messages.all.append($0) }
        model.setViewport(phone)
    }

    var reports: [String] { messages.all }

    @MainActor
    private final class Messages {
        var all: [String] = []
    }
}

/// The card `id` as the model's table shows it now.
@MainActor
func cardView(_ id: UInt32, in model: GameModel) throws -> CardView {
    try #require(model.table.card(id), "card \(id) is not on the table")
}

/// The top card of `pile`, if any.
@MainActor
func topCard(of pile: UInt32, in model: GameModel) -> CardView? {
    model.table.topCard(of: pile)
}

/// The centre of `frame`.
func centre(of frame: Frame) -> (x: Float, y: Float) {
    (frame.x + frame.width / 2, frame.y + frame.height / 2)
}

/// Drags `card` (with the cards on it) and lets it go with its centre on the centre of `pile`'s
/// base, as a finger would.
@MainActor
@discardableResult
func drag(_ card: CardView, to pile: PileView, on model: GameModel) -> Outcome {
    let (from, to) = (centre(of: card.frame), centre(of: pile.base))
    _ = model.beginDrag(card)
    return model.drop(card, dx: to.x - from.x, dy: to.y - from.y)
}

/// Plays `step` as a player would, with taps only where taps can: the stock is tapped, and a
/// card is tapped (again and again, each tap taking it to its next destination) until the game
/// is in the position the step leads to. Two moves are dragged instead, as taps cannot make
/// them by design: a card the previous step moved (a second tap sends it on from where the
/// first took it), and a whole pile to an empty one (taps skip moves that change only the
/// place). Returns the id of the card moved, if any.
@MainActor
@discardableResult
func playByTaps(_ step: Step, on model: GameModel, previous: UInt32? = nil) throws -> UInt32? {
    guard case .transfer(let from, let count, let to) = step.move else {
        let stock = try #require(model.table.piles.first { $0.kind == .stock })
        if let top = topCard(of: stock.pile, in: model) {
            model.tap(top)
        } else {
            model.tapPile(stock.pile)
        }
        #expect(model.game.positionJson() == step.after, "tapping the stock did not deal")
        return nil
    }
    let size = try #require(model.table.pile(from)).cardCount
    let tapped = try #require(model.table.cards.first { $0.pile == from && $0.position == size - count })
    let wholePileToAnEmptyOne = count == size && model.table.pile(to)?.cardCount == 0
    if tapped.id == previous || wholePileToAnEmptyOne {
        drag(tapped, to: try #require(model.table.pile(to)), on: model)
    } else {
        var at = tapped
        for _ in 0..<model.table.piles.count {
            model.tap(at)
            at = try cardView(tapped.id, in: model)
            if model.game.positionJson() == step.after || at.pile == from { break }
        }
    }
    #expect(model.game.positionJson() == step.after, "did not play \(step.move)")
    return tapped.id
}

/// Plays `steps` with taps (see `playByTaps`).
@MainActor
func play(_ steps: some Sequence<Step>, on model: GameModel) throws {
    var previous: UInt32? = nil
    for step in steps {
        previous = try playByTaps(step, on: model, previous: previous)
    }
}

/// A model over `kind`'s proven deal, played along its line until some card can be moved (at the
/// start of Dnieper only the stock can), and a game of its own in the same position.
@MainActor
func modelWithAMovableCard(_ kind: GameKind, folder: URL) throws -> (harness: Harness, twin: Game) {
    let harness = try Harness(game: provenGame(kind), folder: folder)
    let twin = try provenGame(kind)
    for step in try openingLine(kind, 10) {
        if legalMoves(of: twin).contains(where: { if case .transfer = $0 { true } else { false } }) { break }
        try apply(step.move, to: twin)
        try playByTaps(step, on: harness.model)
    }
    return (harness, twin)
}

/// Plays `kind`'s winning line through `model` with taps only, checking before each move
/// that the hint is on a winning line; returns how many moves that took.
@MainActor
@discardableResult
func playToWinByTaps(_ model: GameModel) throws -> Int {
    let line = try winningLine(model.kind)
    var previous: UInt32? = nil
    for (played, step) in line.enumerated() {
        let hint = try #require(model.game.hint().move, "no hint after \(played) moves")
        try #require(hint.leadsToWin, "the hint after \(played) moves is not on a winning line")
        previous = try playByTaps(step, on: model, previous: previous)
        try #require(model.game.positionJson() == step.after, "move \(played + 1) did not play by taps")
    }
    return line.count
}

extension GameKind: CustomTestStringConvertible {
    public var testDescription: String {
        gameCatalog().first { $0.kind == self }?.slug ?? "\(self)"
    }
}

/// The day the daily-deal tests play on (its Chequers deal, 437, is pinned in the core's tests).
let someDay = DailyDate(year: 2026, month: 11, day: 30)

/// The date the app model asks for, changed by the test as days go by.
@MainActor
final class Today {
    var date: DailyDate

    init(_ date: DailyDate) {
        self.date = date
    }
}

extension HintAnswer {
    /// The hint's move, if it found one.
    var move: Hint? {
        if case .move(let hint) = self { return hint }
        return nil
    }
}

/// Dnieper deal 2 (won in a few moves) on a search queue of its own, its opening check done: for
/// the tests that hold that queue (`HeldQueue`) or count its searches.
@MainActor
func dnieperTwo(queue label: String, folder: URL) async throws -> (model: GameModel, searches: Searches) {
    let searches = Searches(label: label)
    let model = try Harness(game: Game(kind: .dnieper, deal: 2), folder: folder, searches: searches).model
    await model.winnabilityCheck?.value
    return (model, searches)
}

/// A search that holds `searches`' queue until `release`: the requests made meanwhile wait
/// behind it, as behind a long search.
struct HeldQueue {
    private let gate: DispatchSemaphore
    private let blocker: Task<Void, Never>

    /// Returns once the holding search runs.
    init(_ searches: Searches) async {
        let (gate, holding) = (DispatchSemaphore(value: 0), Counter())
        self.gate = gate
        blocker = Task.detached {
            await searches.run(CancelFlag(), cancelled: ()) { _ in
                holding.add()
                gate.wait()
            }
        }
        while holding.value == 0 { await Task.yield() }
    }

    func release() async {
        gate.signal()
        await blocker.value
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add() {
        lock.withLock { count += 1 }
    }
}
