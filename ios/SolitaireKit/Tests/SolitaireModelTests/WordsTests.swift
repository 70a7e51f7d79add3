import Foundation
import SolitaireCore
import SolitaireModel
import Testing

/// The String Catalog as the app reads it (`Words`): every key the core and the app name is
/// there in English and French, and phrases, plurals and the app's sentences come out in either
/// language whatever the machine's.
@MainActor
@Suite("Words")
struct WordsTests {
    @Test("The catalogue is in the package, in English and French")
    func theCatalogueLoads() {
        #expect(Words.languages == ["en", "fr"])
        #expect(english.language == "en" && french.language == "fr")
        #expect(Words(language: "fr-CA").language == "fr")
        #expect(Words(language: "de").language == "en", "a language the catalogue lacks gets English")
        #expect(Words.preferred(["de-DE", "fr-FR", "en"]).language == "fr")
    }

    @Test("Every key the core can name is in both languages")
    func everyCoreKeyIsInBothLanguages() {
        let keys = phraseKeys()
        #expect(keys.count > 80, "\(keys.count) keys")
        for words in [english, french] {
            let missing = keys.filter { !words.has($0) }
            #expect(missing.isEmpty, "\(words.language) lacks \(missing)")
        }
    }

    @Test("Every key the app's model and views name is in both languages")
    func everyAppKeyIsInBothLanguages() throws {
        // Tests/SolitaireModelTests/WordsTests.swift → ios/
        let ios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folders = ["App", "SolitaireKit/Sources/SolitaireModel"].map { ios.appendingPathComponent($0) }
        let key = try Regex(#""((?:ui|msg)_[a-z_]+)""#)
        var named: Set<String> = []
        for folder in folders {
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: key) {
                    if let found = match.output[1].substring {
                        named.insert(String(found))
                    }
                }
            }
        }
        #expect(named.count > 40, "the app's keys were not found: \(named)")
        for words in [english, french] {
            let missing = named.filter { !words.has($0) }.sorted()
            #expect(missing.isEmpty, "\(words.language) lacks \(missing)")
        }
    }

    @Test("A pile's description and its actions, in English and French")
    func aPileSpeaksBothLanguages() throws {
        // Deal 7 of Dnieper: #8D #AH #9H JC on the first pile.
        let game = Game(kind: .dnieper, deal: 7)
        let speech = game.speech()
        let first = try #require(speech.first { $0.pile == 0 })
        #expect(english.say(first.description) == "tableau pile 1, 4 cards, 3 face down, top card jack of clubs")
        #expect(french.say(first.description) == "pile de tableau 1, 4 cartes, dont 3 face cachée, carte du dessus\u{a0}: valet de trèfle")
        let stock = try #require(speech.first { $0.description.first?.key == "pile_stock" })
        #expect(french.say(try #require(stock.tap).label) == "Distribuer la pioche")
        #expect(french.say(stock.description) == "pioche, 24 cartes, toutes face cachée")
    }

    @Test("A hint, a game's name and its rules, in French")
    func hintsAndRulesInFrench() throws {
        let game = try provenGame(.dnieper)
        let hint = try #require(game.hint().move)
        let said = french.say(hint.description)
        #expect(!said.isEmpty && said != hint.description.key && !said.contains("%"), "\(said)")
        #expect(said != english.say(hint.description))
        let howTheyRun = try #require(gameCatalog().first { $0.kind == .howTheyRun })
        #expect(french.name(howTheyRun) == "How They Run")
        #expect(french.title(howTheyRun, daily: true) == "How They Run\u{a0}: donne du jour")
        let rules = french.rules(howTheyRun)
        #expect(rules.count > 2)
        #expect(rules.contains(
            "Une cellule contient une carte\u{a0}: la carte du dessus de n’importe quelle pile peut aller dans une cellule libre, "
                + "et la carte d’une cellule peut être jouée sur une pile qui l’accepte."
        ))
    }

    @Test("Plurals by each language's rule: French counts 0 and 1 as singular")
    func plurals() {
        #expect([0, 1, 2].map { english.plural("pile_cards", count: $0, Int64($0)) } == ["0 cards", "1 card", "2 cards"])
        #expect([0, 1, 2].map { french.plural("pile_cards", count: $0, Int64($0)) } == ["0 carte", "1 carte", "2 cartes"])
        #expect(english.days(1) == "1 day" && english.days(3) == "3 days")
        #expect(french.days(0) == "0 jour" && french.days(3) == "3 jours")
    }

    @Test("Cards' letters and empty places' marks in the player's letters")
    func lettersAndMarks() {
        #expect([1, 11, 12, 13].map { french.rankLabel($0) } == ["A", "V", "D", "R"])
        #expect(french.mark(.wholeSuit) == "R–A")
        #expect(french.mark(.starts(rank: 13, direction: .down)) == "R↓")
        #expect(english.mark(.starts(rank: 13, direction: .down)) == "K↓")
    }

    @Test("Statistics, the clock and the win, in French")
    func statisticsInFrench() {
        let stats = GameStats(played: 3, won: 2, currentStreak: 1, bestStreak: 2, bestTimeMs: 125_000, fewestMoves: 98, assisted: 1)
        #expect(english.statsSummary(stats) == "Won 2 of 3, 1 finished by show me")
        #expect(french.statsSummary(stats) == "2 gagnées sur 3, 1 terminée par le solveur")
        #expect(french.winRate(stats) == "66\u{202f}%")
        #expect(english.winRate(stats) == "66%")
        #expect(french.statsRows(stats).map(\.label).first == "Parties jouées")
        #expect(french.statsRows(stats).map(\.value) == ["3", "2", "1", "66\u{202f}%", "1", "2", "2:05", "98"])
        #expect(english.statsSummary(GameStats(played: 0, won: 0, currentStreak: 0, bestStreak: 0, bestTimeMs: nil, fewestMoves: nil, assisted: 0)) == "Not played yet")
        let status = Game(kind: .dnieper, deal: 7).status()
        #expect(french.movesAndTime(status, elapsedMs: 65_000) == "0 coup · 1:05")
        #expect(english.movesAndTime(status, elapsedMs: 65_000) == "0 moves · 1:05")
        #expect(french.wonSummary(status).hasPrefix("Donne 7 en 0 coup, "))
        #expect(french.dealTitle(.number(42)) == "Donne numéro 42")
        #expect(french.day(DailyDate(year: 2026, month: 11, day: 30)).contains("2026"))
    }

    @Test("The daily deals' date as the player's region writes it in the app's language")
    func theDateAsTheRegionWritesIt() {
        let day = DailyDate(year: 2026, month: 11, day: 30)
        #expect(english.day(day, region: Locale(identifier: "en_US")) == "Nov 30, 2026")
        #expect(english.day(day, region: Locale(identifier: "en_GB")) == "30 Nov 2026")
        // A region of another language: the app's language as its own default region writes it.
        #expect(english.day(day, region: Locale(identifier: "de_DE")) == "Nov 30, 2026")
        #expect(french.day(day, region: Locale(identifier: "en_GB")) == french.day(day, region: Locale(identifier: "fr_FR")))
    }

    @Test("A model in French: its messages and marks")
    func aModelInFrench() async throws {
        try await withTemporaryFolder { folder in
            let model = try Harness(game: Game(kind: .dnieper, deal: 7), folder: folder, words: french).model
            let marks = model.table.piles.filter { $0.kind == .foundation }.compactMap { model.emptyMark(of: $0) }
            #expect(!marks.isEmpty && marks.allSatisfy { $0 == "R–A" }, "\(marks)")
        }
    }

    @Test("A save the disk refused is told in the player's language, not the system's")
    func aFailedSaveInFrench() {
        let full = GameError.Storage(
            detail: "cannot use /var/mobile/Containers/Data/saves/dnieper.json: No space left on device (os error 28)",
            phrase: Phrase(key: "msg_not_saved_full", args: [])
        )
        #expect(playerMessage(for: full, in: french) == "Impossible d’enregistrer cette partie\u{a0}: l’appareil est plein")
        #expect(playerMessage(for: full, in: english) == "Could not save this game: the device is full")
    }

    @Test("Placeholders: positions, percent signs, and a missing key shows as itself")
    func placeholders() {
        #expect(english.text("ui_rules_title", "Zerline") == "Zerline: rules")
        #expect(french.text("ui_stat_percent", Int64(50)) == "50\u{202f}%")
        #expect(english.text("no_such_key") == "no_such_key")
    }
}
