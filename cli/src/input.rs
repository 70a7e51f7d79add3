//! What the player types, line by line, and the signals that end the game (Ctrl-C, a closed
//! terminal, `kill`) so that the game is saved with its clock instead of dying mid-play.

use std::io::{BufRead, ErrorKind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Longer lines are cut here: no command is near it, and a hostile stream must not fill memory.
const MAX_LINE: usize = 1024;

pub enum Typed {
    Line(String),
    /// End of input (Ctrl-D, or the end of a script), or input that cannot be read.
    End,
    /// SIGINT, SIGHUP or SIGTERM arrived.
    Stop,
}

static STOP: AtomicBool = AtomicBool::new(false);
/// While "show me" searches or plays, Ctrl-C stops that instead (`while_busy`).
static BUSY: AtomicBool = AtomicBool::new(false);
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How long the program has been stopped with Ctrl-Z (SIGTSTP), in ms: the game's clock
/// leaves it out, since a game put aside in the shell is not being played.
static SUSPENDED_MS: AtomicU64 = AtomicU64::new(0);

pub fn suspended_ms() -> u64 {
    SUSPENDED_MS.load(Ordering::SeqCst)
}

/// A stop signal arrived: the game should be saved and the program end.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// Ctrl-C came during `while_busy`'s work, or a stop signal: the work should stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst) || stop_requested()
}

/// Runs `work`, during which Ctrl-C stops the work (`interrupted`) and not the game: "show me"
/// plays a long line a move at a time, and the player may want the game back mid-way. A closed
/// terminal or `kill` still end the program.
pub fn while_busy<T>(work: impl FnOnce() -> T) -> T {
    INTERRUPTED.store(false, Ordering::SeqCst);
    BUSY.store(true, Ordering::SeqCst);
    let done = work();
    BUSY.store(false, Ordering::SeqCst);
    done
}

/// What a stop signal means now: SIGINT (2) while busy interrupts the work, any other ends it all.
fn on_signal(signal: i32) {
    if signal == 2 && BUSY.load(Ordering::SeqCst) {
        INTERRUPTED.store(true, Ordering::SeqCst);
    } else {
        STOP.store(true, Ordering::SeqCst);
    }
}

/// Catches SIGINT, SIGHUP and SIGTERM: the handler only raises a flag (all a handler may safely
/// do), and because the signals interrupt a waiting read instead of restarting it, `next_line`
/// sees the flag at once. Ignores SIGXFSZ, so that a save past a file size limit (`ulimit -f`)
/// fails as a write and is said, as a full disk is: by default it killed the game, mid-save.
/// Ctrl-Z still stops the program, its time left out of the clock (`suspension`).
#[cfg(unix)]
pub fn catch_stop_signals() {
    use std::ffi::c_int;
    extern "C" fn raise_flag(signal: c_int) {
        on_signal(signal);
    }
    extern "C" {
        // The handler as an address: a function, or SIG_IGN (1).
        fn signal(signal: c_int, handler: usize) -> usize;
        fn siginterrupt(signal: c_int, interrupt: c_int) -> c_int;
    }
    // SIGHUP, SIGINT, SIGTERM, and SIGXFSZ: the same numbers on Linux and macOS.
    for number in [1, 2, 15] {
        // SAFETY: the handler only loads and stores atomics, which is async-signal-safe.
        unsafe {
            signal(number, raise_flag as extern "C" fn(c_int) as usize);
            siginterrupt(number, 1);
        }
    }
    const SIG_IGN: usize = 1;
    // SAFETY: ignoring a signal runs no code of ours.
    unsafe {
        signal(25, SIG_IGN);
    }
    suspension::catch();
}

/// Ctrl-Z: the handler stops the program itself, as the default action would, and counts the
/// time until it is continued (`SUSPENDED_MS`). Only async-signal-safe calls: the clock, the
/// signal mask, `raise`.
#[cfg(unix)]
mod suspension {
    use std::ffi::{c_int, c_long, c_void};
    use std::sync::atomic::Ordering;

    #[cfg(target_os = "linux")]
    mod consts {
        pub const SIGTSTP: std::ffi::c_int = 20;
        pub const SIG_UNBLOCK: std::ffi::c_int = 1;
        /// `CLOCK_MONOTONIC`, the clock of Rust's `Instant` here.
        pub const CLOCK: std::ffi::c_int = 1;
    }
    #[cfg(not(target_os = "linux"))]
    mod consts {
        // macOS and the BSDs.
        pub const SIGTSTP: std::ffi::c_int = 18;
        pub const SIG_UNBLOCK: std::ffi::c_int = 2;
        /// `CLOCK_UPTIME_RAW`, the clock of Rust's `Instant` on macOS.
        pub const CLOCK: std::ffi::c_int = 8;
    }
    use consts::*;
    const SIG_DFL: usize = 0;

    /// `struct timespec`: `time_t` is a `long` where this builds (64-bit Linux and macOS, and
    /// 32-bit glibc without 64-bit time).
    #[repr(C)]
    struct Timespec {
        seconds: c_long,
        nanoseconds: c_long,
    }
    extern "C" {
        fn signal(signal: c_int, handler: usize) -> usize;
        fn raise(signal: c_int) -> c_int;
        fn clock_gettime(clock: c_int, time: *mut Timespec) -> c_int;
        fn sigemptyset(set: *mut c_void) -> c_int;
        fn sigaddset(set: *mut c_void, signal: c_int) -> c_int;
        fn sigprocmask(how: c_int, set: *const c_void, old: *mut c_void) -> c_int;
    }

    fn now_ms() -> u64 {
        let mut time = Timespec { seconds: 0, nanoseconds: 0 };
        // SAFETY: a valid `timespec` to write.
        unsafe { clock_gettime(CLOCK, &mut time) };
        (time.seconds.max(0) as u64) * 1000 + (time.nanoseconds.max(0) as u64) / 1_000_000
    }

    extern "C" fn suspend(_: c_int) {
        let stopped = now_ms();
        // Room for any platform's `sigset_t` (glibc's is 128 bytes, macOS's 4).
        let mut tstp = [0u64; 16];
        // SAFETY: async-signal-safe calls on a set this frame owns. The signal is blocked while
        // its handler runs, so it is unblocked for the default action to stop the program now;
        // the return from the handler restores the mask.
        unsafe {
            signal(SIGTSTP, SIG_DFL);
            sigemptyset(tstp.as_mut_ptr().cast());
            sigaddset(tstp.as_mut_ptr().cast(), SIGTSTP);
            sigprocmask(SIG_UNBLOCK, tstp.as_ptr().cast(), std::ptr::null_mut());
            // Stopped here until SIGCONT (`fg`). In an orphaned process group the default
            // action does nothing, and nothing is counted.
            raise(SIGTSTP);
            signal(SIGTSTP, suspend as extern "C" fn(c_int) as usize);
        }
        super::SUSPENDED_MS.fetch_add(now_ms().saturating_sub(stopped), Ordering::SeqCst);
    }

    pub(super) fn catch() {
        // SAFETY: the handler makes only async-signal-safe calls.
        unsafe {
            signal(SIGTSTP, suspend as extern "C" fn(c_int) as usize);
        }
    }
}

/// Elsewhere the default handling stays: the clock is still saved after every move.
#[cfg(not(unix))]
pub fn catch_stop_signals() {}

/// Waits `pace`, or less where the player types meanwhile: whether they did (a line, or the end
/// of input, is waiting on standard input). Only where standard input is a terminal: a script's
/// next lines are waiting from the start, and stand for what comes after. "Show me" stops there,
/// so that what was typed runs against the game the player sees: typed during the show, an undo
/// ran after it and took the winning move back.
#[cfg(unix)]
pub fn typed_within(pace: std::time::Duration) -> bool {
    use std::ffi::{c_int, c_short};
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        std::thread::sleep(pace);
        return false;
    }
    #[repr(C)]
    struct PollFd {
        fd: c_int,
        events: c_short,
        revents: c_short,
    }
    // `nfds_t`: an unsigned long on Linux (glibc, musl), an unsigned int elsewhere (macOS, BSDs).
    #[cfg(target_os = "linux")]
    type Count = std::ffi::c_ulong;
    #[cfg(not(target_os = "linux"))]
    type Count = std::ffi::c_uint;
    extern "C" {
        fn poll(fds: *mut PollFd, count: Count, timeout_ms: c_int) -> c_int;
    }
    // The same values on Linux and macOS.
    const POLLIN: c_short = 0x1;
    const POLLHUP: c_short = 0x10;
    let mut stdin = PollFd { fd: 0, events: POLLIN, revents: 0 };
    let timeout = c_int::try_from(pace.as_millis()).unwrap_or(c_int::MAX);
    let started = std::time::Instant::now();
    // SAFETY: one valid `pollfd`, alive for the call. A signal cuts the wait short (-1).
    let ready = unsafe { poll(&mut stdin, 1, timeout) };
    if ready > 0 && stdin.revents & (POLLIN | POLLHUP) != 0 {
        return true;
    }
    // A terminal poll cannot watch (macOS answers POLLNVAL for some devices): paced, unwatched.
    if ready > 0 {
        std::thread::sleep(pace.saturating_sub(started.elapsed()));
    }
    false
}

/// Elsewhere the show plays on at its pace.
#[cfg(not(unix))]
pub fn typed_within(pace: std::time::Duration) -> bool {
    std::thread::sleep(pace);
    false
}

/// The next line of `input` (without its line ending; bytes that are not UTF-8 replaced), or why
/// there is none. `BufRead::read_line` would retry an interrupted read and wait on, so this reads
/// the buffer itself.
pub fn next_line(input: &mut impl BufRead) -> Typed {
    let mut line = Vec::new();
    loop {
        // A signal landing between this check and the read waits for the next line: a window
        // of microseconds, not worth the self-pipe machinery that would close it.
        if stop_requested() {
            return Typed::Stop;
        }
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Typed::End,
        };
        if buffer.is_empty() {
            return if line.is_empty() { Typed::End } else { Typed::Line(text(&line)) };
        }
        let (taken, ends) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len()).min(taken);
        line.extend_from_slice(&buffer[..room]);
        input.consume(taken);
        if ends {
            return Typed::Line(text(&line));
        }
    }
}

fn text(line: &[u8]) -> String {
    String::from_utf8_lossy(line).trim_end_matches(['\n', '\r']).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut input = bytes;
        let mut out = Vec::new();
        while let Typed::Line(line) = next_line(&mut input) {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_end_at_newlines_and_at_the_end_of_input() {
        assert_eq!(lines(b"t3 t5\r\nundo\nq"), ["t3 t5", "undo", "q"]);
        assert_eq!(lines(b""), Vec::<String>::new());
        assert_eq!(lines(b"\n\n"), ["", ""]);
    }

    #[test]
    fn bytes_that_are_not_text_become_replacement_characters() {
        assert_eq!(lines(b"t\xff3\nq\n"), ["t\u{fffd}3", "q"]);
    }

    #[test]
    fn a_huge_line_is_cut_and_the_next_line_still_read() {
        let mut bytes = vec![b'x'; 10 * MAX_LINE];
        bytes.extend_from_slice(b"\nq\n");
        let read = lines(&bytes);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].len(), MAX_LINE);
        assert_eq!(read[1], "q");
    }
}
