//! Reading the command line: each subcommand names the flags it knows and how many plain
//! arguments it takes; anything else is an error, never silently ignored.

use solitaire_core::GameKind;

/// A subcommand's arguments, checked against what it accepts.
pub struct Words {
    positionals: Vec<String>,
    flags: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

/// Splits `rest` into at most `max_positionals` plain arguments and `--flag value` pairs, each
/// flag one of `known` and given at most once.
pub fn parse(rest: &[String], max_positionals: usize, known: &[&'static str]) -> Result<Words, String> {
    parse_with_switches(rest, max_positionals, known, &[])
}

/// `parse`, where the flags in `switches` stand alone, without a value.
pub fn parse_with_switches(
    rest: &[String],
    max_positionals: usize,
    known: &[&'static str],
    switches: &[&'static str],
) -> Result<Words, String> {
    let mut words = Words { positionals: Vec::new(), flags: Vec::new(), switches: Vec::new() };
    let mut rest = rest.iter();
    while let Some(word) = rest.next() {
        if let Some(&name) = switches.iter().find(|s| *s == word) {
            if words.switch(name) {
                return Err(format!("{name} is given twice"));
            }
            words.switches.push(name);
        } else if word.starts_with('-') && word.len() > 1 {
            let name = *known.iter().find(|k| *k == word).ok_or_else(|| format!("unknown option {word:?}"))?;
            if words.flag(name).is_some() {
                return Err(format!("{name} is given twice"));
            }
            let value = rest.next().ok_or_else(|| format!("{name} needs a value"))?;
            words.flags.push((name, value.clone()));
        } else if words.positionals.len() < max_positionals {
            words.positionals.push(word.clone());
        } else {
            return Err(format!("unexpected argument {word:?}"));
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
    pub fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.flag(name).map(|text| number(text, name)).transpose()
    }
}

pub fn game(name: Option<&String>) -> Result<GameKind, String> {
    let slugs = || GameKind::ALL.iter().map(|k| k.slug()).collect::<Vec<_>>().join(", ");
    let name = name.ok_or_else(|| format!("which game? one of {}", slugs()))?;
    GameKind::from_slug(name).ok_or_else(|| format!("unknown game {name:?}; one of {}", slugs()))
}

pub fn number(text: &str, what: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("{what} must be a whole number, not {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            ("dnieper --bogus 1", "unknown option \"--bogus\""),
            ("dnieper -x", "unknown option \"-x\""),
            ("dnieper --deal 1 --deal 2", "--deal is given twice"),
            ("dnieper --deal", "--deal needs a value"),
            ("dnieper zerline", "unexpected argument \"zerline\""),
        ] {
            assert_eq!(parse(&words(args), 1, &known).err().as_deref(), Some(error), "{args}");
        }
        let daily = parse_with_switches(&words("--daily dnieper"), 1, &known, &["--daily"]).unwrap();
        assert!(daily.switch("--daily") && !daily.switch("--deal"));
        assert_eq!(
            parse_with_switches(&words("dnieper --daily --daily"), 1, &known, &["--daily"]).err().as_deref(),
            Some("--daily is given twice")
        );
        assert_eq!(
            parse(&words("dnieper --deal x"), 1, &known).unwrap().number("--deal"),
            Err("--deal must be a whole number, not \"x\"".to_string())
        );
    }
}
