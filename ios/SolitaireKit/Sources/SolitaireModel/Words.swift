import Foundation
import SolitaireCore

/// Every word the app shows or VoiceOver says, by key, in the player's language: the String
/// Catalog `Localizable.xcstrings` (made from the Android resources, `cli/src/words.rs`), read as
/// the JSON it is. The core says what to say as phrases (a key with arguments, `Phrase`); the
/// views name their own words by key (`ui_…`, `msg_…`). Reading the catalogue here rather than
/// through `String(localized:)` gives the same words on iOS, macOS and Linux (where Foundation
/// cannot compile a String Catalog), lets a test ask for French whatever the device's language,
/// and keeps one plural rule with the other platforms': a plural takes its quantity from its
/// first number.
public struct Words: Sendable {
    /// The language the words are in ("en", "fr"): one the catalogue has.
    public let language: String
    private let entries: [String: Entry]
    private let fallback: [String: Entry]

    enum Entry: Sendable, Equatable {
        case text(String)
        /// CLDR quantity ("one", "many", "other") to text.
        case plural([String: String])
    }

    /// The words in `language` (a code such as "fr" or "fr-CA"; a language the catalogue lacks
    /// gets its source language, English).
    public init(language: String) {
        self.init(catalogue: Self.bundled, language: language)
    }

    init(catalogue: Catalogue, language: String) {
        let code = catalogue.match(language) ?? catalogue.sourceLanguage
        self.language = code
        entries = catalogue.entries[code] ?? [:]
        fallback = catalogue.entries[catalogue.sourceLanguage] ?? [:]
    }

    /// The words in the first of `languages` (the device's, by default) that the catalogue has.
    public static func preferred(_ languages: [String] = Locale.preferredLanguages) -> Words {
        let catalogue = bundled
        let code = languages.lazy.compactMap(catalogue.match).first ?? catalogue.sourceLanguage
        return Words(catalogue: catalogue, language: code)
    }

    /// The languages the catalogue holds, its source language first.
    public static var languages: [String] { bundled.languages }

    /// Every key of the catalogue (the same in every language: `cli` tests check it).
    public var keys: Set<String> { Set(fallback.keys) }

    /// The string `key`, its placeholders (`%1$@`, `%2$lld`) filled from `args` in order; the key
    /// itself where the catalogue has none, so a missing word shows as a key, never as a crash.
    public func text(_ key: String, _ args: any Sendable...) -> String {
        text(key, arguments: args)
    }

    public func text(_ key: String, arguments args: [any Sendable]) -> String {
        switch entries[key] ?? fallback[key] {
        case .text(let template): Self.format(template, args)
        case .plural(let forms): Self.format(forms["other"] ?? key, args)
        case nil: key
        }
    }

    /// The plural `key` for `count` by the language's rules, its placeholders filled from `args`.
    public func plural(_ key: String, count: Int, _ args: any Sendable...) -> String {
        plural(key, count: count, arguments: args)
    }

    public func plural(_ key: String, count: Int, arguments args: [any Sendable]) -> String {
        switch entries[key] ?? fallback[key] {
        case .plural(let forms): Self.format(forms[quantity(count)] ?? forms["other"] ?? key, args)
        case .text(let template): Self.format(template, args)
        case nil: key
        }
    }

    /// Whether this language itself has `key` (no falling back to the source language).
    public func has(_ key: String) -> Bool {
        entries[key] != nil
    }

    public func isPlural(_ key: String) -> Bool {
        if case .plural = entries[key] ?? fallback[key] { return true }
        return false
    }

    /// A phrase of the core's, in words.
    public func say(_ phrase: Phrase) -> String {
        let args: [any Sendable] = phrase.args.map { arg -> any Sendable in
            switch arg {
            case .number(let value): Int64(value)
            case .word(let key): text(key)
            case .card(let rank, let suit): text("card", text(rank), text(suit))
            case .pile(let key, let number): number.map { text(key, Int64($0)) } ?? text(key)
            }
        }
        guard isPlural(phrase.key) else { return text(phrase.key, arguments: args) }
        let count = phrase.args.lazy.compactMap { arg -> Int? in
            if case .number(let value) = arg { return Int(value) }
            return nil
        }.first ?? 0
        return plural(phrase.key, count: count, arguments: args)
    }

    /// Phrases that make one description, joined by the language's list separator.
    public func say(_ phrases: [Phrase]) -> String {
        phrases.map(say).joined(separator: text("list_separator"))
    }

    public func name(_ info: GameInfo) -> String { text(info.nameKey) }

    public func summary(_ info: GameInfo) -> String { text(info.summaryKey) }

    /// The rules, a paragraph each (the catalogue separates them by a blank line).
    public func rules(_ info: GameInfo) -> [String] {
        text(info.rulesKey).components(separatedBy: "\n\n")
    }

    /// What a card's corner shows for `rank` (1 = ace … 13 = king) in the player's letters:
    /// "A", "2" … "10", "J", "Q", "K"; « R », « D », « V » in French.
    public func rankLabel(_ rank: UInt32) -> String {
        text("rank_short_\(rank)")
    }

    /// What an empty pile's outline shows: the rank that starts it with a foundation's
    /// direction ("A↑", "K↓", "Q"), a whole suit at once ("K–A", « R–A »), "✕" where nothing more
    /// comes, "0/4" on a reserve of 4; nil where anything goes.
    public func mark(_ empty: EmptyMark) -> String? {
        switch empty {
        case .plain: nil
        case .starts(let rank, let direction): rankLabel(rank) + (direction?.arrow ?? "")
        case .wholeSuit: text("mark_whole_suit")
        case .spent: "✕"
        case .holds(let capacity): "0/\(capacity)"
        }
    }

    /// "3:05", from an hour on "1:02:05": the time played, as the core writes a clock (the same
    /// in both languages and on every platform).
    public static func time(ms: UInt64) -> String {
        clockText(ms: ms)
    }

    // MARK: Plural rules and formats

    /// The CLDR plural category of `n` in this language (English and French; a new language
    /// adds its rule here, README, Languages).
    private func quantity(_ n: Int) -> String {
        switch language {
        case "fr":
            if n == 0 || n == 1 { return "one" }
            return n % 1_000_000 == 0 ? "many" : "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }

    /// Fills `%N$@` and `%N$lld` (also `%N$d`) with `args[N-1]`; `%%` is a percent sign.
    static func format(_ template: String, _ args: [any Sendable]) -> String {
        var out = ""
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isNumber }
            let afterDigits = rest[digits.endIndex...]
            guard let index = Int(digits), afterDigits.first == "$" else {
                out += "%"
                continue
            }
            let spec = afterDigits.dropFirst()
            let length = spec.hasPrefix("@") ? 1 : spec.hasPrefix("lld") ? 3 : spec.hasPrefix("d") ? 1 : 0
            guard length > 0 else {
                out += "%"
                continue
            }
            if index >= 1, index <= args.count {
                out += "\(args[index - 1])"
            }
            rest = spec.dropFirst(length)
        }
        return out + rest
    }

    // MARK: The catalogue

    /// The String Catalog's entries by language.
    struct Catalogue: Sendable {
        let sourceLanguage: String
        let entries: [String: [String: Entry]]

        var languages: [String] {
            [sourceLanguage] + entries.keys.filter { $0 != sourceLanguage }.sorted()
        }

        /// The catalogue's language for `code` ("fr-CA", "fr_FR" → "fr"), if it has one.
        func match(_ code: String) -> String? {
            let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
            return entries[base] == nil ? nil : base
        }

        static let empty = Catalogue(sourceLanguage: "en", entries: [:])

        /// Parses a String Catalog (`.xcstrings`, JSON): each key's string units, or its plural
        /// variations, per language.
        init(json data: Data) throws {
            guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let strings = root["strings"] as? [String: Any]
            else { throw CocoaError(.fileReadCorruptFile) }
            var entries: [String: [String: Entry]] = [:]
            for (key, value) in strings {
                guard let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] else { continue }
                for (language, localization) in localizations {
                    guard let localization = localization as? [String: Any] else { continue }
                    if let unit = localization["stringUnit"] as? [String: Any], let text = unit["value"] as? String {
                        entries[language, default: [:]][key] = .text(text)
                    } else if let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] {
                        var forms: [String: String] = [:]
                        for (quantity, form) in plural {
                            if let text = ((form as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String {
                                forms[quantity] = text
                            }
                        }
                        entries[language, default: [:]][key] = .plural(forms)
                    }
                }
            }
            self.init(sourceLanguage: root["sourceLanguage"] as? String ?? "en", entries: entries)
        }

        init(sourceLanguage: String, entries: [String: [String: Entry]]) {
            self.sourceLanguage = sourceLanguage
            self.entries = entries
        }
    }

    /// The package's catalogue, read once. A catalogue that cannot be read leaves every word
    /// its key (tests check it reads).
    static let bundled: Catalogue = {
        guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings"),
              let data = try? Data(contentsOf: url),
              let catalogue = try? Catalogue(json: data)
        else { return .empty }
        return catalogue
    }()
}

extension BuildDirection {
    var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .upOrDown: "↕"
        }
    }
}
