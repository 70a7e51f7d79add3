import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("VoiceOver")
struct AccessibilityTests {
    @Test("Every pile is described in the core's words, and every card has a label", arguments: allKinds)
    func everyPileAndCardIsDescribed(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder).model
            for pile in model.table.piles {
                let cards = model.table.cards.filter { $0.pile == pile.pile }
                #expect(pile.description.hasPrefix(pile.label + ", "), "\(pile.description)")
                if cards.isEmpty {
                    // What the empty place takes: "foundation 5, builds down from king, empty".
                    #expect(pile.description.hasSuffix("empty") || pile.description.hasSuffix("no cards left"))
                } else {
                    #expect(pile.description.contains("\(cards.count) card"), "\(pile.description)")
                    let faceDown = cards.filter { $0.face == nil }.count
                    #expect(pile.description.contains("\(faceDown) face down") == (faceDown > 0), "\(pile.description)")
                }
            }
            for card in model.table.cards {
                let pile = try #require(model.pile(card.pile))
                #expect(card.description.hasSuffix(pile.label), "\(card.description)")
                // A face-down card is not named, on screen or aloud.
                #expect(card.description.hasPrefix("face-down card") == (card.face == nil), "\(card.description)")
            }
        }
    }

    @Test("A pile's description names its top card when it lies face up", arguments: allKinds)
    func aPileNamesItsTopCard(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder).model
            for pile in model.table.piles {
                guard let top = topCard(of: pile.pile, in: model), top.face != nil else { continue }
                // "queen of spades, face up, tableau pile 3" names the card "queen of spades".
                let name = try #require(top.description.components(separatedBy: ", ").first)
                #expect(pile.description.hasSuffix("top card \(name)"), "\(pile.description)")
            }
        }
    }

    @Test("Each pile offers \"Move …\" for exactly the moves the core lists for its cards, and each plays", arguments: allKinds)
    func pilesOfferTheirCardsMoves(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try modelWithAMovableCard(kind, folder: folder).harness.model
            var offered = 0
            for pile in model.table.piles {
                let actions = model.moveActions(for: pile)
                var expected: [String] = []
                for card in model.table.cards.filter({ $0.pile == pile.pile && $0.movable }).reversed() {
                    let targets = try model.game.destinations(pile: card.pile, index: card.position)
                    let name = card.position + 1 == pile.cardCount ? "" : "the \(card.description.components(separatedBy: ", ")[0]) "
                    expected += targets.map { "Move \(name)to \(model.pile($0)?.label ?? "?")" }
                }
                #expect(actions.map(\.name) == expected)
                offered += actions.count
            }
            #expect(offered > 0, "no card can move")

            let pile = try #require(model.table.piles.first { !model.moveActions(for: $0).isEmpty })
            let action = try #require(model.moveActions(for: pile).last)
            let before = try #require(model.pile(action.to)).cardCount
            model.play(action)
            #expect(try #require(model.pile(action.to)).cardCount == before + action.count)
            #expect(try #require(model.pile(action.from)).cardCount == pile.cardCount - action.count)
        }
    }
}
