//! The daily deal (daily version 1, `core/src/daily.rs`): the same deal for a date everywhere,
//! always a proven-winnable one, never the same twice within a year.

use std::collections::HashSet;

use solitaire_core::daily::{daily_deal, pool, Date};
use solitaire_core::solver::proven_deals;
use solitaire_core::GameKind;

fn date(text: &str) -> Date {
    Date::parse(text).unwrap()
}

/// Pinned: a change that moves any of these moves every player's daily deal. Order of games:
/// Dnieper, Yakutat Bay, Chequers, Zerline, How They Run.
#[test]
fn the_daily_deals_of_these_dates_never_change() {
    let pinned = [
        ("2026-11-30", [984, 631, 437, 527, 84]),
        ("2026-12-25", [619, 313, 973, 69, 333]),
        ("2027-02-28", [174, 475, 405, 910, 408]),
        ("2028-02-29", [712, 627, 707, 754, 506]),
        ("1999-12-31", [570, 347, 928, 949, 333]),
    ];
    for (day, deals) in pinned {
        let found: Vec<u64> = GameKind::ALL.iter().map(|&kind| daily_deal(kind, date(day))).collect();
        assert_eq!(found, deals, "daily deals of {day}");
    }
}

#[test]
fn every_daily_deal_is_proven_winnable() {
    for kind in GameKind::ALL {
        let proven: HashSet<u64> = proven_deals(kind).iter().copied().collect();
        let pool = pool(kind);
        assert!(pool.len() > 366, "{kind:?}: {} deals cannot last a year", pool.len());
        let unproven: Vec<u64> = pool.iter().copied().filter(|d| !proven.contains(d)).collect();
        assert!(unproven.is_empty(), "{kind:?}: daily deals no longer in the proven list: {unproven:?}");
    }
}

#[test]
fn no_deal_comes_back_within_a_year() {
    let start = date("2025-06-01").day_number();
    for kind in GameKind::ALL {
        let days: Vec<u64> =
            (start..start + 3 * 366).map(|n| daily_deal(kind, Date::from_day_number(n).unwrap())).collect();
        for window in days.windows(366) {
            let distinct: HashSet<u64> = window.iter().copied().collect();
            assert_eq!(distinct.len(), 366, "{kind:?}: a deal repeats within 366 days");
        }
    }
}

#[test]
fn day_numbers_follow_the_calendar() {
    assert_eq!(date("1970-01-01").day_number(), 0);
    assert_eq!(date("2000-03-01").day_number(), 11_017);
    assert_eq!(date("1969-12-31").day_number(), -1);
    assert_eq!(date("2028-03-01").day_number() - date("2028-02-28").day_number(), 2, "2028 is a leap year");
    assert_eq!(date("2100-03-01").day_number() - date("2100-02-28").day_number(), 1, "2100 is not");
    for n in (-719_162..=2_932_896).step_by(997) {
        let day = Date::from_day_number(n).unwrap();
        assert_eq!(day.day_number(), n);
        assert_eq!(Date::parse(&day.to_string()), Ok(day));
    }
    assert_eq!(date("0001-01-01").day_number(), -719_162);
    assert_eq!(date("9999-12-31").day_number(), 2_932_896);
    assert_eq!(Date::from_day_number(-719_163), None);
    assert_eq!(Date::from_day_number(i64::MIN / 2), None);
    assert_eq!(Date::from_day_number(i64::MAX / 2), None);
}

#[test]
fn only_real_dates_are_accepted() {
    for bad in [
        "2026-02-29",
        "2026-13-01",
        "2026-00-10",
        "2026-04-31",
        "0000-01-01",
        "2026-1-01",
        "26-01-01",
        "2026-01-01x",
        "+202-01-01",
        "2026/01/01",
        "",
        "--",
        "2026-01--1",
        "9999999999-01-01",
    ] {
        assert!(Date::parse(bad).is_err(), "{bad:?} accepted");
    }
    assert!(Date::new(2026, 2, 29).is_err());
    assert!(Date::new(2024, 2, 29).is_ok());
    assert!(Date::new(i32::MIN, u32::MAX, u32::MAX).is_err());
}
