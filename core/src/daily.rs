//! The daily deal: for each game, one deal per calendar day, the same on every device and on the
//! command line, computed from the date alone (offline).
//!
//! Daily version 1, written out so that nothing can move a day's deal:
//! 1. Each game's pool is `daily/<game>.txt`: the deals the solver had proved winnable on
//!    2026-11-30, frozen (the proven lists may grow; the pool never changes).
//! 2. The pool, ascending, is shuffled once with the deal shuffle (`deal::shuffle`) seeded with
//!    the game's `shuffle_salt` plus `DAILY_SEED`.
//! 3. The date's day number `n` (days since 1970-01-01, proleptic Gregorian calendar) picks
//!    entry `n mod len`. Every pool holds more than 366 deals, so no deal comes back within a
//!    year.
//!
//! The date is the player's local calendar date; the apps pass it in, keeping the core free of
//! clocks and time zones.

use std::fmt;
use std::sync::OnceLock;

use crate::deal::shuffle;
use crate::games::GameKind;
use crate::solver::parse_deal_list;

const DAILY_SEED: u64 = 0xDA11_7DEA_1000_0001;

/// A calendar date, checked when made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a date (want YYYY-MM-DD, a real day between years 1 and 9999)")]
pub struct DateError(pub String);

impl Date {
    pub fn new(year: i32, month: u32, day: u32) -> Result<Date, DateError> {
        let bad = || DateError(format!("{year:04}-{month:02}-{day:02}"));
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) {
            return Err(bad());
        }
        if day < 1 || day > days_in_month(year, month as u8).into() {
            return Err(bad());
        }
        Ok(Date { year, month: month as u8, day: day as u8 })
    }

    /// `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let bad = || DateError(text.chars().take(40).collect());
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else { return Err(bad()) };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 || !text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return Err(bad());
        }
        let number = |s: &str| s.parse::<u32>().map_err(|_| bad());
        Date::new(number(y)? as i32, number(m)?, number(d)?).map_err(|_| bad())
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u32 {
        self.month.into()
    }

    pub fn day(self) -> u32 {
        self.day.into()
    }

    /// Days since 1970-01-01 (negative before), by the civil-calendar arithmetic of
    /// H. Hinnant's `days_from_civil`.
    pub fn day_number(self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date of day number `n`, the inverse of `day_number` (None outside years 1 to 9999).
    pub fn from_day_number(n: i64) -> Option<Date> {
        let z = n + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(i32::try_from(year).ok()?, month as u32, day as u32).ok()
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn pool_text(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Dnieper => include_str!("daily/dnieper.txt"),
        GameKind::YakutatBay => include_str!("daily/yakutat-bay.txt"),
        GameKind::Chequers => include_str!("daily/chequers.txt"),
        GameKind::Zerline => include_str!("daily/zerline.txt"),
        GameKind::HowTheyRun => include_str!("daily/how-they-run.txt"),
    }
}

/// `kind`'s pool in daily order (step 2).
pub fn pool(kind: GameKind) -> &'static [u64] {
    static POOLS: [OnceLock<Vec<u64>>; GameKind::ALL.len()] = [const { OnceLock::new() }; GameKind::ALL.len()];
    POOLS[kind.index()].get_or_init(|| {
        let mut deals = parse_deal_list(pool_text(kind));
        shuffle(&mut deals, kind.spec().shuffle_salt.wrapping_add(DAILY_SEED));
        deals
    })
}

/// The deal number of `kind`'s daily deal on `date`.
pub fn daily_deal(kind: GameKind, date: Date) -> u64 {
    let pool = pool(kind);
    pool[date.day_number().rem_euclid(pool.len() as i64) as usize]
}
