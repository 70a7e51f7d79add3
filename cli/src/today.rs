//! Today's date on this computer's calendar, for the daily deal. The core takes dates, never
//! clocks; the C library knows the local time zone, which std does not.

use std::time::{SystemTime, UNIX_EPOCH};

use solitaire_core::daily::Date;

/// The local date; the UTC date where the local one cannot be read.
pub fn today() -> Date {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    local_date(seconds).unwrap_or_else(|| utc_date(seconds))
}

fn utc_date(seconds: i64) -> Date {
    Date::from_day_number(seconds.div_euclid(86_400)).unwrap_or_else(|| Date::new(1970, 1, 1).expect("a date"))
}

/// `localtime_r` where `time_t` is 64 bits (every 64-bit Unix this runs on).
#[cfg(all(unix, target_pointer_width = "64"))]
fn local_date(seconds: i64) -> Option<Date> {
    use std::ffi::{c_char, c_int, c_long};
    use std::mem::MaybeUninit;

    /// `struct tm` as Linux and macOS lay it out.
    #[repr(C)]
    struct Tm {
        sec: c_int,
        min: c_int,
        hour: c_int,
        mday: c_int,
        mon: c_int,
        year: c_int,
        wday: c_int,
        yday: c_int,
        isdst: c_int,
        gmtoff: c_long,
        zone: *const c_char,
    }
    extern "C" {
        fn localtime_r(time: *const i64, result: *mut Tm) -> *mut Tm;
    }
    let mut tm = MaybeUninit::<Tm>::uninit();
    // SAFETY: both pointers are valid for the call; on success the C library filled `tm`.
    let filled = unsafe { !localtime_r(&seconds, tm.as_mut_ptr()).is_null() };
    if !filled {
        return None;
    }
    // SAFETY: filled above.
    let tm = unsafe { tm.assume_init() };
    Date::new(tm.year.checked_add(1900)?, u32::try_from(tm.mon + 1).ok()?, u32::try_from(tm.mday).ok()?).ok()
}

#[cfg(not(all(unix, target_pointer_width = "64")))]
fn local_date(_seconds: i64) -> Option<Date> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_local_date_is_within_a_day_of_the_utc_date() {
        let seconds = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
        let utc = utc_date(seconds).day_number();
        let local = local_date(seconds).map_or(utc, Date::day_number);
        assert!((local - utc).abs() <= 1, "local {local}, UTC {utc}");
        assert_eq!(utc_date(0), Date::new(1970, 1, 1).unwrap());
        assert_eq!(utc_date(1_796_000_000).to_string(), "2026-11-30");
    }
}
