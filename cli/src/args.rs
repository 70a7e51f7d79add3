//! Small helpers for reading the command line.

use solitaire_core::GameKind;

pub fn game(name: Option<&String>) -> Result<GameKind, String> {
    let slugs = || GameKind::ALL.iter().map(|k| k.slug()).collect::<Vec<_>>().join(", ");
    let name = name.ok_or_else(|| format!("which game? one of {}", slugs()))?;
    GameKind::from_slug(name).ok_or_else(|| format!("unknown game {name:?}; one of {}", slugs()))
}

/// The value after `--flag`, if the flag is present.
pub fn flag<'a>(args: &'a [String], name: &str) -> Result<Option<&'a String>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args.get(i + 1).map(Some).ok_or_else(|| format!("{name} needs a value")),
    }
}

pub fn number(text: &str, what: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("{what} must be a whole number, not {text:?}"))
}
