import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("Empty places")
struct EmptyPlacesTests {
    @Test("Every empty place shows what it takes and says the same aloud, at the deal and once won", arguments: allKinds)
    func emptyPlacesSayWhatTheyTake(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game(kind: kind, deal: winningDeal(kind)), folder: folder, showMePace: .zero).model
            let atTheDeal = try checkEmptyPlaces(of: model)
            // Won, every tableau pile (and the stock, and any cell) is empty.
            await model.showMeTheWin()
            try #require(model.status.state == .won)
            let won = try checkEmptyPlaces(of: model)
            #expect(won.contains(.tableau))
            #expect(atTheDeal.contains(.foundation))
            // A pile with cards shows no mark.
            for pile in model.table.piles where pile.cardCount > 0 {
                #expect(model.emptyMark(of: pile) == nil)
            }
        }
    }

    @Test("Ranks and empty marks are written as the cards and outlines show them")
    func ranksAndMarksAreWritten() {
        #expect((1...13).map { english.rankLabel($0) } == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
        #expect(english.mark(.plain) == nil)
        #expect(english.mark(.starts(rank: 1, direction: .up)) == "A↑")
        #expect(english.mark(.starts(rank: 13, direction: .down)) == "K↓")
        #expect(english.mark(.starts(rank: 7, direction: .upOrDown)) == "7↕")
        #expect(english.mark(.starts(rank: 12, direction: nil)) == "Q")
        #expect(english.mark(.wholeSuit) == "K–A")
        #expect(english.mark(.spent) == "✕")
        #expect(english.mark(.holds(capacity: 4)) == "0/4")
    }

    @Test("Chequers' four rising and four falling foundations are told apart")
    func chequersFoundationsDiffer() async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game(kind: .chequers, deal: winningDeal(.chequers)), folder: folder).model
            let marks = model.table.piles.filter { $0.kind == .foundation }.compactMap { model.emptyMark(of: $0) }
            #expect(marks.filter { $0 == "A↑" }.count == 4)
            #expect(marks.filter { $0 == "K↓" }.count == 4)
        }
    }
}

/// Checks each empty pile of `model`'s table: its mark and its description say the same thing,
/// and a foundation always says what starts it. Returns the kinds of the empty piles.
@MainActor
private func checkEmptyPlaces(of model: GameModel) throws -> Set<PileKind> {
    var kinds: Set<PileKind> = []
    for pile in model.table.piles where pile.cardCount == 0 {
        kinds.insert(pile.kind)
        // "foundation 5, builds down from king, empty": what follows the label.
        let description = english.say(try #require(model.spokenPile(pile.pile)?.speech).description)
        let said = try #require(description.firstRange(of: ", ").map { String(description[$0.upperBound...]) }, "\(description)")
        let mark = model.emptyMark(of: pile)
        switch mark {
        case nil:
            #expect(said == (pile.kind == .waste ? "empty" : "takes any card, empty"), "\(description)")
        case "✕":
            #expect(said == "no cards left", "\(description)")
        case "K–A":
            #expect(said == "takes a whole suit, king to ace, empty", "\(description)")
        case "0/4":
            #expect(said == "holds up to 4 cards, empty", "\(description)")
        case let symbol?:
            let letters = symbol.prefix { !"↑↓↕".contains($0) }
            let rank = try #require(rankNames[String(letters)], "\(symbol)")
            switch symbol.dropFirst(letters.count) {
            case "": #expect(said == "takes only \(rank.hasPrefix("a") || rank.hasPrefix("e") ? "an" : "a") \(rank), empty")
            case "↑": #expect(said == "builds up from the \(rank), empty")
            case "↓": #expect(said == "builds down from the \(rank), empty")
            case "↕": #expect(said == "builds up or down from the \(rank), empty")
            default: Issue.record("unknown mark \(symbol)")
            }
        }
        if pile.kind == .foundation {
            #expect(mark != nil, "\(description)")
        }
    }
    return kinds
}

/// The ranks as the marks write them, with the names the core's descriptions give them.
private let rankNames: [String: String] = Dictionary(uniqueKeysWithValues: zip(
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
    ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"]
))
