//! The binding generator, pinned to the workspace's UniFFI version (see `bindings/generate`),
//! with one change to the Swift it writes: a faster reader of numbers (`swift_reader`).
mod swift_reader;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    uniffi::uniffi_bindgen_main();
    let arguments: Vec<String> = std::env::args().collect();
    let Some(out_dir) = swift_out_dir(&arguments) else {
        return ExitCode::SUCCESS;
    };
    match swift_reader::patch_dir(&out_dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("uniffi-bindgen: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The output folder of a `generate --language swift … --out-dir DIR` run, if this is one.
fn swift_out_dir(arguments: &[String]) -> Option<PathBuf> {
    let value = |flag: &str| arguments.windows(2).find(|pair| pair[0] == flag).map(|pair| pair[1].as_str());
    (value("--language") == Some("swift")).then(|| value("--out-dir").map(PathBuf::from)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(line: &str) -> Vec<String> {
        line.split(' ').map(String::from).collect()
    }

    #[test]
    fn only_a_swift_generation_is_patched() {
        let swift = strings("uniffi-bindgen generate --no-format --language swift --out-dir out lib.so");
        assert_eq!(swift_out_dir(&swift), Some(PathBuf::from("out")));
        let kotlin = strings("uniffi-bindgen generate --language kotlin --out-dir out lib.so");
        assert_eq!(swift_out_dir(&kotlin), None);
    }
}
