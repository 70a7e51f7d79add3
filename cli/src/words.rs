//! The terminal game's words: the Android app's string resources (`values/words.xml`,
//! `values-fr/words.xml`), read here too, so every language lives in one place. The language is
//! `--lang`'s, else the locale's (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), else English.
//!
//! The resources are read as Android reads them: `%1$s`/`%1$d` placeholders (`%1$,d` groups
//! thousands), `\n`, `\'`, `\"` and XML entities, runs of white space made one space except
//! inside double quotes, plurals chosen by the language's rules.

use std::collections::HashMap;
use std::sync::OnceLock;

use solitaire_core::daily::Date;
use solitaire_core::describe::{Arg, Phrase};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    #[cfg(test)]
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// `fr`, `fr_FR.UTF-8`, `fr-CA`: French; any other language English, the catalogue there is.
    pub fn from_code(code: &str) -> Option<Lang> {
        let language = code.split(['_', '-', '.', '@']).next().unwrap_or_default().to_ascii_lowercase();
        match language.as_str() {
            "fr" => Some(Lang::Fr),
            "en" | "c" | "posix" => Some(Lang::En),
            _ => None,
        }
    }

    /// The locale's language, as POSIX ranks the variables: the first one set wins.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|value| !value.is_empty()))
            .and_then(|value| Lang::from_code(&value))
            .unwrap_or(Lang::En)
    }

    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../android/app/src/main/res/values/words.xml"),
            Lang::Fr => include_str!("../../android/app/src/main/res/values-fr/words.xml"),
        }
    }

    /// The CLDR plural category of `n`.
    fn quantity(self, n: u64) -> &'static str {
        match self {
            Lang::En if n == 1 => "one",
            Lang::Fr if n <= 1 => "one",
            Lang::Fr if n.is_multiple_of(1_000_000) => "many",
            _ => "other",
        }
    }

    /// The thousands separator `%,d` writes: 1,234 and 1 234 (a narrow no-break space).
    fn grouping(self) -> char {
        match self {
            Lang::En => ',',
            Lang::Fr => '\u{202f}',
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Text(String),
    /// (quantity, text) pairs: `one`, `many`, `other`.
    Plural(Vec<(String, String)>),
}

/// A value for a placeholder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Number(u64),
    /// Escaped text, said between the language's quotes (`cli_quoted`: "t99", « t99 »).
    Quoted(String),
}

impl Value {
    /// Something the player typed, escaped, so that it reads as typed, between the language's
    /// quotes; only its start where it is long (a 3,000-character line said back took 13 lines
    /// of the screen).
    pub fn quoted(text: &str) -> Value {
        const SHOWN: usize = 24;
        let shown = match text.char_indices().nth(SHOWN) {
            Some((cut, _)) => format!("{}…", &text[..cut]),
            None => text.to_string(),
        };
        // Debug's escapes, without its quotes.
        let escaped = format!("{shown:?}");
        Value::Quoted(escaped[1..escaped.len() - 1].to_string())
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_string())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::Number(n)
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Value {
        Value::Number(n.into())
    }
}

pub struct Words {
    pub lang: Lang,
    pub entries: HashMap<String, Entry>,
}

static WORDS: OnceLock<Words> = OnceLock::new();

/// Chooses the language for the rest of the program; the first choice stays.
pub fn choose(lang: Lang) {
    WORDS.get_or_init(|| Words::new(lang));
}

/// The chosen language's words (the locale's if none was chosen).
pub fn words() -> &'static Words {
    WORDS.get_or_init(|| Words::new(Lang::from_locale(|name| std::env::var(name).ok())))
}

impl Words {
    pub fn new(lang: Lang) -> Words {
        // The catalogue is compiled in and checked by the tests, so a broken one cannot ship.
        let entries = parse(lang.source()).unwrap_or_default();
        Words { lang, entries }
    }

    /// The text for `key`, its placeholders filled from `args`; a plural takes its quantity
    /// from the first number. A missing key shows as itself, never as a panic.
    pub fn say(&self, key: &str, args: &[Value]) -> String {
        let template = match self.entries.get(key) {
            Some(Entry::Text(text)) => text.as_str(),
            Some(Entry::Plural(items)) => {
                let n = args.iter().find_map(|a| if let Value::Number(n) = a { Some(*n) } else { None });
                let quantity = self.lang.quantity(n.unwrap_or(0));
                let pick = |q: &str| items.iter().find(|(name, _)| name == q).map(|(_, text)| text.as_str());
                pick(quantity).or_else(|| pick("other")).unwrap_or(key)
            }
            None => key,
        };
        let quoted = |text: &String| Value::Text(self.say("cli_quoted", &[Value::Text(text.clone())]));
        let args: Vec<Value> =
            args.iter().map(|arg| if let Value::Quoted(text) = arg { quoted(text) } else { arg.clone() }).collect();
        format(template, &args, self.lang.grouping())
    }

    pub fn text(&self, key: &str) -> String {
        self.say(key, &[])
    }

    /// A phrase of the core's, in words.
    pub fn phrase(&self, phrase: &Phrase) -> String {
        let args: Vec<Value> = phrase
            .args
            .iter()
            .map(|arg| match *arg {
                Arg::Number(n) => Value::from(n),
                Arg::Word(key) => Value::from(self.text(key)),
                Arg::Card { rank, suit } => {
                    Value::from(self.say("card", &[self.text(rank).into(), self.text(suit).into()]))
                }
                Arg::Pile { key, number } => {
                    Value::from(self.say(key, &number.map(Value::from).into_iter().collect::<Vec<_>>()))
                }
            })
            .collect();
        self.say(phrase.key, &args)
    }

    /// Phrases that make one description, joined by the language's list separator.
    pub fn phrases(&self, phrases: &[Phrase]) -> String {
        phrases.iter().map(|p| self.phrase(p)).collect::<Vec<_>>().join(&self.text("list_separator"))
    }

    /// "December 5, 2026", « 5 décembre 2026 », « 1er décembre 2026 ».
    pub fn date(&self, date: Date) -> String {
        self.phrase(&solitaire_core::describe::date_phrase(date))
    }

    /// Whether `answer` says yes in this language (English's y and yes are always understood).
    pub fn yes(&self, answer: &str) -> bool {
        self.means("cli_yes", answer)
    }

    pub fn no(&self, answer: &str) -> bool {
        self.means("cli_no", answer)
    }

    /// Whether `typed` is one of the words `key` lists (comma-separated; each language lists
    /// English's too, so that those always work), whatever its case.
    pub fn means(&self, key: &str, typed: &str) -> bool {
        let typed = typed.trim().to_lowercase();
        self.text(key).split(',').any(|word| word == typed)
    }
}

/// Fills `%N$s`, `%N$d` and `%N$,d` from `args` (N from 1); `%%` is a percent sign.
fn format(template: &str, args: &[Value], grouping: char) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(after) = rest.strip_prefix('%') {
            out.push('%');
            rest = after;
            continue;
        }
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        let spec = &rest[digits..];
        let (grouped, conversion) = match (spec.strip_prefix("$,d"), spec.strip_prefix("$d"), spec.strip_prefix("$s")) {
            (Some(after), _, _) => (true, after),
            (_, Some(after), _) | (_, _, Some(after)) => (false, after),
            _ => {
                out.push('%');
                continue;
            }
        };
        let index = rest[..digits].parse::<usize>().ok().and_then(|n| n.checked_sub(1));
        match index.and_then(|i| args.get(i)) {
            Some(Value::Text(text) | Value::Quoted(text)) => out.push_str(text),
            Some(Value::Number(n)) if grouped => out.push_str(&group(*n, grouping)),
            Some(Value::Number(n)) => out.push_str(&n.to_string()),
            None => {}
        }
        rest = conversion;
    }
    out.push_str(rest);
    out
}

fn group(n: u64, separator: char) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + 8);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// The `<string>` and `<plurals>` of a resources file, by name.
pub fn parse(xml: &str) -> Result<HashMap<String, Entry>, String> {
    let mut entries = HashMap::new();
    let mut rest = xml;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        if let Some(comment) = rest.strip_prefix("<!--") {
            rest = comment.split_once("-->").ok_or("an unclosed comment")?.1;
        } else if rest.starts_with("<string ") {
            let (name, body, after) = element(rest, "string")?;
            entries.insert(name, Entry::Text(decode(body)?));
            rest = after;
        } else if rest.starts_with("<plurals ") {
            let (name, body, after) = element(rest, "plurals")?;
            let mut items = Vec::new();
            let mut inner = body;
            while let Some(at) = inner.find("<item ") {
                let (quantity, text, after) = element_with(&inner[at..], "item", "quantity")?;
                items.push((quantity, decode(text)?));
                inner = after;
            }
            entries.insert(name, Entry::Plural(items));
            rest = after;
        } else {
            rest = &rest[1..];
        }
    }
    Ok(entries)
}

fn element<'a>(text: &'a str, tag: &str) -> Result<(String, &'a str, &'a str), String> {
    element_with(text, tag, "name")
}

/// `<tag attribute="value">body</tag>`: (value, body, what follows).
fn element_with<'a>(text: &'a str, tag: &str, attribute: &str) -> Result<(String, &'a str, &'a str), String> {
    let (open, rest) = text.split_once('>').ok_or_else(|| format!("an unclosed <{tag}>"))?;
    let marker = format!("{attribute}=\"");
    let value = open.split_once(&marker).and_then(|(_, v)| v.split_once('"')).map(|(v, _)| v.to_string());
    let value = value.ok_or_else(|| format!("a <{tag}> without {attribute}"))?;
    let close = format!("</{tag}>");
    let (body, after) = rest.split_once(&close).ok_or_else(|| format!("{value}: no {close}"))?;
    Ok((value, body, after))
}

/// The text of a resource as Android reads it.
fn decode(raw: &str) -> Result<String, String> {
    // Android reads a value that starts with @ or ? as a reference (to a resource, to a theme
    // attribute): the app's build fails where it names none. `\?` and `\@` are the characters.
    if let Some(first @ ('@' | '?')) = raw.trim_start().chars().next() {
        return Err(format!("{raw:?} starts with {first} (Android reads a reference; write \\{first})"));
    }
    let raw = raw.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'");
    let raw = raw.replace("&amp;", "&");
    let mut out = String::with_capacity(raw.len());
    // Unquoted white space becomes one space, and none at either end.
    let (mut quoted, mut space) = (false, false);
    let push = |out: &mut String, c: char, space: &mut bool| {
        if std::mem::take(space) && !out.is_empty() {
            out.push(' ');
        }
        out.push(c);
    };
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let escaped = chars.next().ok_or("a lone \\ at the end")?;
                let c = match escaped {
                    'n' => '\n',
                    't' => '\t',
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32).ok_or("a bad \\u escape")?
                    }
                    other => other,
                };
                push(&mut out, c, &mut space);
            }
            '"' => quoted = !quoted,
            '\'' if !quoted => return Err(format!("an unescaped ' in {raw:?} (Android rejects it)")),
            c if c.is_whitespace() && c != '\u{a0}' && c != '\u{202f}' && !quoted => space = true,
            c => push(&mut out, c, &mut space),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::describe::all_keys;

    fn catalogue(lang: Lang) -> HashMap<String, Entry> {
        parse(lang.source()).unwrap_or_else(|e| panic!("{lang:?}: {e}"))
    }

    /// The placeholders of a text, sorted: `%1$s`, `%2$,d`.
    fn placeholders(text: &str) -> Vec<String> {
        let mut found: Vec<String> = text
            .match_indices('%')
            .filter_map(|(at, _)| {
                let rest = &text[at..];
                let end = rest.find(['s', 'd'])?;
                rest[1..end]
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '$' || c == ',')
                    .then(|| rest[..=end].to_string())
            })
            .collect();
        found.sort();
        found.dedup();
        found
    }

    #[test]
    fn every_key_is_in_every_language_with_the_same_placeholders() {
        let english = catalogue(Lang::En);
        for lang in Lang::ALL {
            let other = catalogue(lang);
            for key in english.keys().chain(other.keys()) {
                let (Some(a), Some(b)) = (english.get(key), other.get(key)) else {
                    panic!("{key} is missing from {lang:?} or English");
                };
                let texts = |entry: &Entry| match entry {
                    Entry::Text(text) => vec![text.clone()],
                    Entry::Plural(items) => items.iter().map(|(_, text)| text.clone()).collect(),
                };
                // A plural's singular may leave its number out ("the card on it").
                let all = |entry: &Entry| {
                    let mut all: Vec<String> = texts(entry).iter().flat_map(|t| placeholders(t)).collect();
                    all.sort();
                    all.dedup();
                    all
                };
                assert_eq!(all(a), all(b), "{key}: {lang:?} fills other placeholders than English");
                assert_eq!(matches!(a, Entry::Plural(_)), matches!(b, Entry::Plural(_)), "{key}: plural in one only");
                if let Entry::Plural(items) = b {
                    let wanted: &[&str] = if lang == Lang::Fr { &["one", "many", "other"] } else { &["one", "other"] };
                    let have: Vec<&str> = items.iter().map(|(q, _)| q.as_str()).collect();
                    assert_eq!(have, wanted, "{key} in {lang:?}");
                }
            }
            for key in all_keys() {
                assert!(other.contains_key(key), "{key}, which the core gives, is missing from {lang:?}");
            }
            for n in 1..=12 {
                assert!(other.contains_key(&format!("month_{n}")), "month_{n} in {lang:?}");
            }
        }
    }

    /// Whether `name` matches `pattern`, where `*` stands for any run of characters (as in
    /// Android's `tools:keep`).
    fn glob(pattern: &str, name: &str) -> bool {
        match pattern.split_once('*') {
            None => pattern == name,
            Some((head, tail)) => name.strip_prefix(head).is_some_and(|rest| {
                rest.char_indices().map(|(i, _)| i).chain([rest.len()]).any(|i| glob(tail, &rest[i..]))
            }),
        }
    }

    /// A release build shrinks the Android resources, keeping the names the app's code holds as
    /// constants; the core names most words only at run time, so `res/raw/keep.xml` keeps them.
    /// Every word but the terminal game's (`cli_`) is kept there, as the kind it is.
    #[test]
    fn every_word_the_app_reads_survives_resource_shrinking() {
        let keep = include_str!("../../android/app/src/main/res/raw/keep.xml");
        let (_, attribute) = keep.split_once("tools:keep=\"").expect("a tools:keep attribute");
        let patterns: Vec<(&str, &str)> = attribute
            .split('"')
            .next()
            .unwrap_or_default()
            .split(',')
            .map(|p| p.trim().strip_prefix('@').and_then(|p| p.split_once('/')).unwrap_or_else(|| panic!("{p}")))
            .collect();
        assert!(
            glob("ui_*", "ui_ok") && glob("empty*", "empty") && !glob("card", "cards") && !glob("move_*", "ui_move_x")
        );
        for (key, entry) in catalogue(Lang::En) {
            let kind = if matches!(entry, Entry::Plural(_)) { "plurals" } else { "string" };
            let kept = patterns.iter().any(|&(of, pattern)| of == kind && glob(pattern, &key));
            assert_eq!(kept, !key.starts_with("cli_"), "@{kind}/{key}");
        }
    }

    /// French puts a no-break space before : ; ! ? and inside « », so no line breaks there.
    #[test]
    fn android_offers_every_language_in_its_settings() {
        let config = include_str!("../../android/app/src/main/res/xml/locales_config.xml");
        let offered: Vec<&str> =
            config.split("android:name=\"").skip(1).filter_map(|s| s.split_once('"')).map(|(code, _)| code).collect();
        let spoken: Vec<&str> = Lang::ALL
            .map(|lang| match lang {
                Lang::En => "en",
                Lang::Fr => "fr",
            })
            .to_vec();
        assert_eq!(offered, spoken);
    }

    #[test]
    fn french_punctuation_keeps_its_no_break_spaces() {
        // The terminal's command words are lists of what a player types, not prose.
        for (key, entry) in catalogue(Lang::Fr).into_iter().filter(|(key, _)| !key.starts_with("cli_cmd_")) {
            let texts = match entry {
                Entry::Text(text) => vec![text],
                Entry::Plural(items) => items.into_iter().map(|(_, text)| text).collect(),
            };
            for text in texts {
                for (at, c) in text.char_indices().filter(|(_, c)| matches!(c, ':' | ';' | '!' | '?' | '»')) {
                    let before = text[..at].chars().next_back();
                    // `t3:2` and `(?)` are commands, not prose.
                    let prose = before.is_some_and(|b| !b.is_ascii_alphanumeric() && b != '(');
                    assert!(
                        !prose || matches!(before, Some('\u{a0}' | '\u{202f}')),
                        "{key}: {c:?} after {before:?} in {text:?}"
                    );
                }
                assert!(!text.contains("« ") && !text.contains('\''), "{key}: {text:?}");
            }
        }
    }

    #[test]
    fn plurals_take_zero_and_one_as_singular_in_french_only() {
        let (en, fr) = (Words::new(Lang::En), Words::new(Lang::Fr));
        let count = |words: &Words, n: u64| words.say("pile_cards", &[n.into()]);
        assert_eq!([0, 1, 2].map(|n| count(&en, n)), ["0 cards", "1 card", "2 cards"]);
        assert_eq!([0, 1, 2].map(|n| count(&fr, n)), ["0 carte", "1 carte", "2 cartes"]);
        assert_eq!(count(&en, 1234), "1,234 cards");
        assert_eq!(count(&fr, 1234), "1\u{202f}234 cartes");
        assert_eq!(count(&fr, 2_000_000), "2\u{202f}000\u{202f}000 cartes");
    }

    #[test]
    fn dates_are_written_the_language_s_way() {
        let date = Date::new(2026, 12, 5).unwrap();
        assert_eq!(Words::new(Lang::En).date(date), "December 5, 2026");
        assert_eq!(Words::new(Lang::Fr).date(date), "5 décembre 2026");
        // French writes the first of a month « 1er ».
        let first = Date::new(2026, 12, 1).unwrap();
        assert_eq!(Words::new(Lang::En).date(first), "December 1, 2026");
        assert_eq!(Words::new(Lang::Fr).date(first), "1er décembre 2026");
    }

    #[test]
    fn the_core_s_phrases_read_as_sentences_in_both_languages() {
        use solitaire_core::card::Suit;
        use solitaire_core::describe::{empty_description, pile_description};
        use solitaire_core::spec::{Direction, EmptyMark, PileKind};
        use solitaire_core::Card;
        let queen = Card::new(0, Suit::Spades, 12).with_face_up(true);
        let nine = Card::new(0, Suit::Hearts, 9);
        let pile = pile_description(&[nine, nine, queen], PileKind::Tableau, 2, EmptyMark::Plain);
        let (en, fr) = (Words::new(Lang::En), Words::new(Lang::Fr));
        assert_eq!(en.phrases(&pile), "tableau pile 3, 3 cards, 2 face down, top card queen of spades");
        assert_eq!(
            fr.phrases(&pile),
            "pile de tableau 3, 3 cartes, dont 2 face cachée, carte du dessus\u{a0}: dame de pique"
        );
        let cell = pile_description(&[queen], PileKind::Cell, 0, EmptyMark::Plain);
        assert_eq!(en.phrases(&cell), "cell 1, 1 card, queen of spades");
        assert_eq!(fr.phrases(&cell), "cellule 1, 1 carte, dame de pique");
        let down = EmptyMark::Starts { rank: 13, direction: Some(Direction::Down) };
        let empty = pile_description(&[], PileKind::Foundation, 4, down);
        assert_eq!(en.phrases(&empty), "foundation 5, builds down from the king, empty");
        assert_eq!(fr.phrases(&empty), "fondation 5, se construit en descendant depuis le roi, vide");
        let queen_only = empty_description(PileKind::Tableau, EmptyMark::Starts { rank: 12, direction: None });
        assert_eq!(fr.phrase(&queen_only), "n’accepte qu’une dame, vide");
    }

    /// With two decks a card's name may be two cards': a hint then names the piles. Chequers deal
    /// 8's first hint said "Move the four of hearts onto the three of hearts", with a four of
    /// hearts on two piles and a three of hearts on two others; deal 5's moves a four of spades
    /// onto a three of spades alike. One deck keeps the short words.
    #[test]
    fn a_hint_names_the_piles_where_a_card_s_name_is_two_cards() {
        use solitaire_core::assist::{hint, HintLine};
        use solitaire_core::describe::move_description;
        let (en, fr) = (Words::new(Lang::En), Words::new(Lang::Fr));
        let said = |kind, deal| {
            let game = solitaire_core::Game::new(kind, deal);
            let mv = hint(&game, &mut HintLine::default(), &|| false).expect("a hint").mv;
            let phrase = move_description(game.state(), mv);
            (en.phrase(&phrase), fr.phrase(&phrase))
        };
        let (english, french) = said(solitaire_core::GameKind::Chequers, 5);
        assert!(english.starts_with("Move the four of spades from tableau pile "), "{english}");
        assert!(english.contains(" onto the three of spades on tableau pile "), "{english}");
        assert!(french.starts_with("Déplacer le quatre de pique de la pile de tableau "), "{french}");
        assert!(french.contains(" sur le trois de pique de la pile de tableau "), "{french}");
        let (english, _) = said(solitaire_core::GameKind::YakutatBay, 2);
        assert!(!english.contains(" from ") && !english.contains(" on tableau pile"), "{english}");
    }

    /// A move to an empty pile names it as it reads alone: a hint once said "Move the jack of
    /// hearts to the empty the reserve" (Zerline deal 39).
    #[test]
    fn moves_to_an_empty_pile_read_as_sentences() {
        use solitaire_core::describe::move_description;
        use solitaire_core::engine::Move;
        use solitaire_core::spec::PileKind;
        let (en, fr) = (Words::new(Lang::En), Words::new(Lang::Fr));
        let game = solitaire_core::Game::new(solitaire_core::GameKind::Zerline, 39);
        let state = game.state();
        let to_reserve = state
            .legal_move_list()
            .into_iter()
            .find(|mv| matches!(mv, Move::Transfer { to, .. } if state.pile_kind(*to) == Some(PileKind::Reserve)));
        let phrase = move_description(state, to_reserve.expect("a move to the reserve"));
        let (english, french) = (en.phrase(&phrase), fr.phrase(&phrase));
        assert!(english.starts_with("Move the ") && english.ends_with(" to the reserve (empty)"), "{english}");
        assert!(french.starts_with("Déplacer ") && french.ends_with(" vers la réserve, vide"), "{french}");
        // Nor is a card put onto the reserve's top card, as if it built there: it said "Move the
        // queen of diamonds onto the jack of clubs" of a move into Zerline's reserve.
        let mut state = state.clone();
        state.apply(to_reserve.unwrap(), &mut Vec::new());
        let into = state
            .legal_move_list()
            .into_iter()
            .find(|mv| matches!(mv, Move::Transfer { to, .. } if state.pile_kind(*to) == Some(PileKind::Reserve)));
        let phrase = move_description(&state, into.expect("a second move to the reserve"));
        let (english, french) = (en.phrase(&phrase), fr.phrase(&phrase));
        assert!(english.starts_with("Move the ") && english.ends_with(" to the reserve"), "{english}");
        assert!(french.starts_with("Déplacer ") && french.ends_with(" vers la réserve"), "{french}");
    }

    #[test]
    fn placeholders_are_filled_in_their_order_and_bad_ones_left_alone() {
        let args = [Value::from("a"), Value::from(1234u64)];
        assert_eq!(format("%2$d then %1$s, %2$,d, 100%%", &args, ','), "1234 then a, 1,234, 100%");
        assert_eq!(format("50% %3$s%", &args, ','), "50% %");
    }

    #[test]
    fn resources_read_as_android_reads_them() {
        let xml = r#"<resources><!-- <string name="no">x</string> -->
            <string name="a">  two
               words\'s \"q\" &amp; \n</string><string name="b">"  kept  "</string></resources>"#;
        let entries = parse(xml).unwrap();
        assert_eq!(entries.get("a"), Some(&Entry::Text("two words's \"q\" & \n".to_string())));
        assert_eq!(entries.get("b"), Some(&Entry::Text("  kept  ".to_string())));
        assert!(!entries.contains_key("no"));
        assert!(parse("<resources><string name=\"x\">it's</string></resources>").is_err());
    }

    /// Apple's placeholders for Android's: `%1$s` is `%1$@`, a number `%1$lld`.
    fn apple_format(text: &str) -> String {
        let mut out = text.to_string();
        for n in 1..=9 {
            out = out.replace(&format!("%{n}$s"), &format!("%{n}$@"));
            out = out
                .replace(&format!("%{n}$,d"), &format!("%{n}$lld"))
                .replace(&format!("%{n}$d"), &format!("%{n}$lld"));
        }
        out
    }

    /// The iOS String Catalog, made from the Android resources: the same keys, languages and
    /// plural forms. A plural varies by its first number, as everywhere else.
    fn string_catalog() -> String {
        use serde_json::{json, Map, Value as Json};
        let unit = |text: &str| json!({ "stringUnit": { "state": "translated", "value": apple_format(text) } });
        let mut strings = Map::new();
        let mut keys: Vec<String> = catalogue(Lang::En).into_keys().collect();
        keys.sort();
        for key in &keys {
            let mut localizations = Map::new();
            for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr")] {
                let entry = match catalogue(lang).remove(key) {
                    Some(Entry::Text(text)) => unit(&text),
                    Some(Entry::Plural(items)) => {
                        let forms: Map<String, Json> = items.iter().map(|(q, text)| (q.clone(), unit(text))).collect();
                        json!({ "variations": { "plural": forms } })
                    }
                    None => continue,
                };
                localizations.insert(code.to_string(), entry);
            }
            strings.insert(key.clone(), json!({ "extractionState": "manual", "localizations": localizations }));
        }
        let catalog = json!({ "sourceLanguage": "en", "strings": strings, "version": "1.0" });
        serde_json::to_string_pretty(&catalog).unwrap() + "\n"
    }

    const STRING_CATALOG: &str = "../ios/SolitaireKit/Sources/SolitaireModel/Resources/Localizable.xcstrings";

    /// The iOS catalogue is made from the Android resources, never edited by hand:
    /// `SOLITAIRE_WRITE_XCSTRINGS=1 cargo test -p solitaire-cli string_catalog` rewrites it.
    #[test]
    fn the_ios_string_catalog_is_made_from_the_resources() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(STRING_CATALOG);
        let made = string_catalog();
        if std::env::var_os("SOLITAIRE_WRITE_XCSTRINGS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &made).unwrap();
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == made,
            "{} is not the resources' catalogue: run SOLITAIRE_WRITE_XCSTRINGS=1 cargo test -p solitaire-cli string_catalog",
            path.display()
        );
        assert_eq!(apple_format("%2$s · %1$,d coups, %3$d"), "%2$@ · %1$lld coups, %3$lld");
    }

    #[test]
    fn the_locale_chooses_the_language_as_posix_ranks_its_variables() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Lang::from_locale(env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
        assert_eq!(Lang::from_locale(env(&[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "en_GB")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LANG", "en_US"), ("LC_ALL", "fr_CA")])), Lang::Fr);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "fr")])), Lang::Fr);
        assert_eq!(Lang::from_locale(env(&[("LANG", "de_DE")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
    }
}
