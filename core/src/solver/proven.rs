//! Deals proved winnable by this solver, per game, shipped in the core for the winnable-only
//! mode. Regenerate a list with
//! `solitaire solve <game> --deals 1..3000 --write-proven core/src/solver/proven/<game>.txt`.
//!
//! Format: `#` comment lines, then deal numbers in ascending order separated by white space,
//! a run of consecutive deals written `a-b`.

use crate::games::GameKind;
use std::sync::OnceLock;

fn text(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Dnieper => include_str!("proven/dnieper.txt"),
        GameKind::YakutatBay => include_str!("proven/yakutat-bay.txt"),
        GameKind::Chequers => include_str!("proven/chequers.txt"),
        GameKind::Zerline => include_str!("proven/zerline.txt"),
        GameKind::HowTheyRun => include_str!("proven/how-they-run.txt"),
    }
}

/// Reads a list; malformed tokens are skipped (the lists are written by `format_proven`).
pub(crate) fn parse(text: &str) -> Vec<u64> {
    let mut deals = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        for token in line.split_whitespace() {
            let (a, b) = token.split_once('-').unwrap_or((token, token));
            if let (Ok(a), Ok(b)) = (a.parse::<u64>(), b.parse::<u64>()) {
                deals.extend(a..=b.min(a.saturating_add(1_000_000)));
            }
        }
    }
    deals.sort_unstable();
    deals.dedup();
    deals
}

/// The deal numbers of `kind` proved winnable, ascending.
pub fn proven_deals(kind: GameKind) -> &'static [u64] {
    static LISTS: [OnceLock<Vec<u64>>; GameKind::ALL.len()] = [const { OnceLock::new() }; GameKind::ALL.len()];
    LISTS[kind.index()].get_or_init(|| parse(text(kind)))
}

/// A proved-winnable deal of `kind` chosen by `random` (any value, e.g. from the app's RNG);
/// `random` itself if no deal of `kind` is proven.
pub fn winnable_deal(kind: GameKind, random: u64) -> u64 {
    let deals = proven_deals(kind);
    if deals.is_empty() {
        return random;
    }
    deals[(random % deals.len() as u64) as usize]
}

/// A list in the format above, with `header` as its comment lines.
pub fn format_proven(header: &str, deals: &[u64]) -> String {
    let mut sorted = deals.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    let mut line = String::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        let token = if j > i { format!("{}-{}", sorted[i], sorted[j]) } else { sorted[i].to_string() };
        if !line.is_empty() && line.len() + token.len() >= 100 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
        i = j + 1;
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
