//! Reading the command line: each subcommand names the flags it knows and how many plain
//! arguments it takes; anything else is an error, never silently ignored, and told in the
//! player's language (`ArgError`).

use crate::words::{words, Value, Words as Catalogue};
use solitaire_core::GameKind;

/// A command line the program cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    UnknownOption(String),
    GivenTwice(&'static str),
    NeedsValue(&'static str),
    Unexpected(String),
    NotANumber {
        what: String,
        text: String,
    },
    /// Digits past `u64::MAX`.
    TooLarge {
        what: String,
        text: String,
    },
    WhichGame,
    UnknownGame(String),
}

impl ArgError {
    /// The error in `catalogue`'s words (`cli_arg_*`); a word the player typed is quoted.
    pub fn say(&self, catalogue: &Catalogue) -> String {
        let games = || Value::from(game_names());
        match self {
            ArgError::UnknownOption(word) => catalogue.say("cli_arg_unknown_option", &[Value::quoted(word)]),
            ArgError::GivenTwice(name) => catalogue.say("cli_arg_twice", &[(*name).into()]),
            ArgError::NeedsValue(name) => catalogue.say("cli_arg_needs_value", &[(*name).into()]),
            ArgError::Unexpected(word) => catalogue.say("cli_arg_unexpected", &[Value::quoted(word)]),
            ArgError::NotANumber { what, text } => {
                catalogue.say("cli_arg_not_number", &[what.as_str().into(), Value::quoted(text)])
            }
            ArgError::TooLarge { what, text } => {
                catalogue.say("cli_arg_too_large", &[what.as_str().into(), u64::MAX.into(), Value::quoted(text)])
            }
            ArgError::WhichGame => catalogue.say("cli_arg_which_game", &[games()]),
            ArgError::UnknownGame(name) => catalogue.say("cli_arg_unknown_game", &[Value::quoted(name), games()]),
        }
    }
}

/// The error as the program prints it: in the chosen language.
impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.say(words()))
    }
}

impl From<ArgError> for String {
    fn from(error: ArgError) -> String {
        error.to_string()
    }
}

/// A subcommand's arguments, checked against what it accepts.
pub struct Words {
    positionals: Vec<String>,
    flags: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

/// Splits `rest` into at most `max_positionals` plain arguments and `--flag value` pairs, each
/// flag one of `known` and given at most once.
pub fn parse(rest: &[String], max_positionals: usize, known: &[&'static str]) -> Result<Words, ArgError> {
    parse_with_switches(rest, max_positionals, known, &[])
}

/// `parse`, where the flags in `switches` stand alone, without a value.
pub fn parse_with_switches(
    rest: &[String],
    max_positionals: usize,
    known: &[&'static str],
    switches: &[&'static str],
) -> Result<Words, ArgError> {
    let mut words = Words { positionals: Vec::new(), flags: Vec::new(), switches: Vec::new() };
    let mut rest = rest.iter();
    while let Some(word) = rest.next() {
        if let Some(&name) = switches.iter().find(|s| *s == word) {
            if words.switch(name) {
                return Err(ArgError::GivenTwice(name));
            }
            words.switches.push(name);
        } else if word.starts_with('-') && word.len() > 1 {
            let name = *known.iter().find(|k| *k == word).ok_or_else(|| ArgError::UnknownOption(word.clone()))?;
            if words.flag(name).is_some() {
                return Err(ArgError::GivenTwice(name));
            }
            // An option where its value should be (`--deal --data-dir d`) is a value forgotten.
            let value = rest
                .next()
                .filter(|value| !known.contains(&value.as_str()) && !switches.contains(&value.as_str()))
                .ok_or(ArgError::NeedsValue(name))?;
            words.flags.push((name, value.clone()));
        } else if words.positionals.len() < max_positionals {
            words.positionals.push(word.clone());
        } else {
            return Err(ArgError::Unexpected(word.clone()));
        }
    }
    Ok(words)
}

impl Words {
    pub fn positional(&self, index: usize) -> Option<&String> {
        self.positionals.get(index)
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    pub fn flag(&self, name: &str) -> Option<&String> {
        self.flags.iter().find(|(n, _)| *n == name).map(|(_, value)| value)
    }

    /// The flag's value as a whole number, if the flag is present.
    pub fn number(&self, name: &str) -> Result<Option<u64>, ArgError> {
        self.flag(name).map(|text| number(text, name)).transpose()
    }
}

/// The games' names as the command line takes them, comma-separated.
pub fn game_names() -> String {
    GameKind::ALL.iter().map(|k| k.slug()).collect::<Vec<_>>().join(", ")
}

pub fn game(name: Option<&String>) -> Result<GameKind, ArgError> {
    let name = name.ok_or(ArgError::WhichGame)?;
    GameKind::from_name(name).ok_or_else(|| ArgError::UnknownGame(name.clone()))
}

pub fn number(text: &str, what: &str) -> Result<u64, ArgError> {
    let (what, text) = (what.to_string(), text.to_string());
    text.parse().map_err(|_| {
        if too_large(&text) {
            ArgError::TooLarge { what, text }
        } else {
            ArgError::NotANumber { what, text }
        }
    })
}

/// Whether `text` is a whole number too large for a deal (past `u64::MAX`), which is not
/// "not a whole number".
pub fn too_large(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && text.trim_start_matches('0').len() >= 20
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_and_plain_arguments_are_read_in_any_order() {
        let parsed = parse(&words("--deal 7 dnieper --data-dir d"), 1, &["--deal", "--data-dir"]).unwrap();
        assert_eq!(parsed.positional(0).map(String::as_str), Some("dnieper"));
        assert_eq!(parsed.number("--deal"), Ok(Some(7)));
        assert_eq!(parsed.flag("--data-dir").map(String::as_str), Some("d"));
        assert_eq!(parsed.flag("--budget-ms"), None);
    }

    #[test]
    fn unknown_repeated_valueless_flags_and_extra_arguments_are_errors() {
        let known = ["--deal"];
        for (args, error) in [
            ("dnieper --bogus 1", ArgError::UnknownOption("--bogus".into())),
            ("dnieper -x", ArgError::UnknownOption("-x".into())),
            ("dnieper --deal 1 --deal 2", ArgError::GivenTwice("--deal")),
            ("dnieper --deal", ArgError::NeedsValue("--deal")),
            ("dnieper --deal --deal 2", ArgError::NeedsValue("--deal")),
            ("dnieper zerline", ArgError::Unexpected("zerline".into())),
        ] {
            assert_eq!(parse(&words(args), 1, &known).err(), Some(error), "{args}");
        }
        let daily = parse_with_switches(&words("--daily dnieper"), 1, &known, &["--daily"]).unwrap();
        assert!(daily.switch("--daily") && !daily.switch("--deal"));
        assert_eq!(
            parse_with_switches(&words("dnieper --daily --daily"), 1, &known, &["--daily"]).err(),
            Some(ArgError::GivenTwice("--daily"))
        );
        assert_eq!(
            parse_with_switches(&words("dnieper --deal --daily"), 1, &known, &["--daily"]).err(),
            Some(ArgError::NeedsValue("--deal"))
        );
        assert_eq!(
            parse(&words("dnieper --deal x"), 1, &known).unwrap().number("--deal"),
            Err(ArgError::NotANumber { what: "--deal".into(), text: "x".into() })
        );
        // A whole number past the last deal is not "not a whole number".
        let huge = "18446744073709551616";
        let too_large = ArgError::TooLarge { what: "--deal".into(), text: huge.into() };
        assert_eq!(number(huge, "--deal"), Err(too_large.clone()));
        assert_eq!(number("0018446744073709551615", "--deal"), Ok(u64::MAX));
        assert_eq!(
            too_large.say(&Catalogue::new(Lang::En)),
            format!("--deal goes up to 18446744073709551615, not \"{huge}\"")
        );
        assert_eq!(game(None), Err(ArgError::WhichGame));
        assert_eq!(game(Some(&"klondike".into())), Err(ArgError::UnknownGame("klondike".into())));
    }

    /// Each error in both languages, the word typed quoted as typed.
    #[test]
    fn errors_are_told_in_the_player_s_language() {
        let (en, fr) = (Catalogue::new(Lang::En), Catalogue::new(Lang::Fr));
        let bogus = ArgError::UnknownOption("--bogus".into());
        assert_eq!(bogus.say(&en), "unknown option \"--bogus\"");
        assert_eq!(bogus.say(&fr), "option inconnue «\u{202f}--bogus\u{202f}»");
        let game = ArgError::UnknownGame("klondike".into());
        let games = "dnieper, yakutat-bay, chequers, zerline, how-they-run";
        assert_eq!(game.say(&en), format!("unknown game \"klondike\"; one of {games}"));
        assert_eq!(game.say(&fr), format!("jeu inconnu «\u{202f}klondike\u{202f}»\u{202f}; l’un de\u{a0}: {games}"));
        let number = ArgError::NotANumber { what: "--deal".into(), text: "x".into() };
        assert_eq!(number.say(&fr), "--deal doit être un entier positif, pas «\u{202f}x\u{202f}»");
        for error in [
            bogus,
            ArgError::GivenTwice("--deal"),
            ArgError::NeedsValue("--deal"),
            ArgError::Unexpected("x".into()),
            number,
            ArgError::WhichGame,
            game,
        ] {
            for catalogue in [&en, &fr] {
                let said = error.say(catalogue);
                assert!(!said.contains("cli_arg") && !said.contains('%'), "{error:?}: {said}");
            }
        }
    }
}
