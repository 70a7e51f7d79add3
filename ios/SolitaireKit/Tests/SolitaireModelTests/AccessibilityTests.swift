import Foundation
import SolitaireCore
import SolitaireModel
import Testing

@MainActor
@Suite("VoiceOver")
struct AccessibilityTests {
    @Test("Every pile is described in the core's words: its count, face-down cards and top card", arguments: allKinds)
    func everyPileIsDescribed(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder).model
            for pile in model.table.piles {
                let words = english.say(try #require(model.spokenPile(pile.pile)?.speech).description)
                let cards = model.table.cards(of: pile.pile)
                #expect(!label(words).isEmpty && words.count > label(words).count, "\(words)")
                if cards.isEmpty {
                    // What the empty place takes: "foundation 5, builds down from king, empty".
                    #expect(words.hasSuffix("empty") || words.hasSuffix("no cards left"), "\(words)")
                } else {
                    #expect(words.contains("\(cards.count) card"), "\(words)")
                    let faceDown = cards.filter { $0.face == nil }.count
                    if faceDown == cards.count {
                        #expect(words.hasSuffix(faceDown == 1 ? ", face down" : ", all face down"), "\(words)")
                    } else {
                        #expect(words.contains("\(faceDown) face down") == (faceDown > 0), "\(words)")
                    }
                    if let face = cards.last?.face {
                        // A card alone is no "top card": "cell 1, 1 card, jack of spades".
                        let top = cards.count == 1 ? ", \(spokenName(face))" : "top card \(spokenName(face))"
                        #expect(words.hasSuffix(top), "\(words)")
                    }
                }
            }
        }
    }

    @Test("Each pile offers exactly its legal moves, each naming the card and the pile, and each plays", arguments: allKinds)
    func pilesOfferTheirMoves(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let (harness, twin) = try modelWithAMovableCard(kind, folder: folder)
            let model = harness.model
            // The moves found another way: every movable card to each of its destinations.
            let legal = legalMoves(of: twin)
            var offered = 0
            for pile in model.table.piles {
                let speech = try #require(model.spokenPile(pile.pile)?.speech)
                let expected = legal.filter { if case .transfer(pile.pile, _, _) = $0 { true } else { false } }
                #expect(Set(speech.moves.map(\.action)) == Set(expected.map { Action.play(mv: $0) }), "pile \(pile.pile)")
                for spoken in speech.moves {
                    guard case .play(.transfer(_, let count, let to)) = spoken.action else {
                        Issue.record("\(spoken.action) is not a move")
                        continue
                    }
                    let card = try #require(model.table.cards(of: pile.pile)[Int(pile.cardCount - count)].face)
                    let what = count == 1 ? "" : "the \(spokenName(card)) "
                    // A pile with no number is named with its article: "the reserve".
                    let pileName = label(english.say(try #require(model.spokenPile(to)?.speech).description))
                    let destination = ["reserve", "stock", "waste"].contains(pileName) ? "the \(pileName)" : pileName
                    #expect(english.say(spoken.label) == "Move \(what)to \(destination)")
                }
                if pile.kind == .stock {
                    #expect((speech.tap != nil) == model.status.canDeal)
                } else if let tap = speech.tap {
                    let top = try #require(model.table.topCard(of: pile.pile))
                    #expect(tap.action == .tap(pile: pile.pile, index: top.position))
                    #expect(english.say(tap.label) == "Play the \(spokenName(try #require(top.face)))")
                }
                offered += speech.moves.count
            }
            #expect(offered > 0, "no card can move")

            // The last move offered plays, and the words then say the new position.
            let offers = model.table.piles.compactMap { pile in model.spokenPile(pile.pile)?.speech.moves.last.map { (pile, $0) } }
            let (pile, spoken) = try #require(offers.first)
            guard case .play(let move) = spoken.action, case .transfer(_, let count, let to) = move else {
                Issue.record("\(spoken.action) is not a move")
                return
            }
            let before = try #require(model.table.pile(to)).cardCount
            model.speak(spoken)
            try apply(move, to: twin)
            #expect(model.game.positionJson() == twin.positionJson())
            #expect(try #require(model.table.pile(to)).cardCount == before + count)
            // VoiceOver hears where the cards went, as that pile now is.
            let destination = english.say(try #require(model.spokenPile(to)?.speech).description)
            #expect(model.moveAnnouncement() == destination)
            #expect(destination.contains("\(before + count) card"), "\(destination)")
            let now = english.say(try #require(model.spokenPile(pile.pile)?.speech).description)
            let left = pile.cardCount - count
            #expect(left == 0 ? now.hasSuffix("empty") || now.hasSuffix("no cards left") : now.contains("\(left) card"), "\(now)")

            // A new deal, or the same restarted, is no move to announce: the pile last played
            // onto was once said as the new deal's.
            model.deal(.restart)
            #expect(model.moveAnnouncement() == nil)
            model.speak(spoken)
            model.deal(.number(2))
            #expect(model.moveAnnouncement() == nil)
        }
    }

    @Test("A pile's name and moves are said once per position in the model's language, each move named apart", arguments: allKinds)
    func pilesAreSaidInTheModelsLanguage(kind: GameKind) async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: provenGame(kind), folder: folder, words: french).model
            var before: [UInt32: String] = [:]
            var action: SpokenAction? = nil
            for pile in model.table.piles {
                let spoken = try #require(model.spokenPile(pile.pile))
                #expect(spoken.name == french.say(spoken.speech.description))
                let first = try #require(spoken.speech.description.first)
                #expect(spoken.name.hasPrefix(spoken.shortName) && spoken.shortName == french.say(first))
                #expect(spoken.moves.map(\.name) == spoken.speech.moves.map { french.say($0.label) })
                #expect(Set(spoken.moves.map(\.id)).count == spoken.moves.count, "two moves of pile \(pile.pile) share a name")
                before[pile.pile] = spoken.name
                action = action ?? spoken.moves.first?.action ?? spoken.tap
            }
            // Said afresh once the position changes.
            model.speak(try #require(action, "nothing to play"))
            let after = model.table.piles.map { (pile: $0.pile, name: model.spokenPile($0.pile)?.name) }
            #expect(after.contains { before[$0.pile] != $0.name }, "no pile is said otherwise after a move")
            for (pile, name) in after {
                #expect(name == model.spokenPile(pile).map { french.say($0.speech.description) })
            }
        }
    }
}

/// A pile's name: its description up to the first comma ("tableau pile 3").
private func label(_ description: String) -> String {
    description.components(separatedBy: ", ")[0]
}

/// "queen of spades": the card as the core's sentences name it.
private func spokenName(_ face: CardFace) -> String {
    let ranks = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"]
    let suit = switch face.suit {
    case .clubs: "clubs"
    case .diamonds: "diamonds"
    case .hearts: "hearts"
    case .spades: "spades"
    }
    return "\(ranks[Int(face.rank) - 1]) of \(suit)"
}
