//! The binding generator, pinned to the workspace's UniFFI version (see `bindings/generate`),
//! with one change to the code it writes for each language, both for speed: Swift reads numbers
//! in place (`swift_reader`), Kotlin reuses each thread's call status (`kotlin_status`).
mod kotlin_status;
mod patch;
mod swift_reader;

use std::path::PathBuf;
use std::process::ExitCode;

use patch::Patch;

fn main() -> ExitCode {
    uniffi::uniffi_bindgen_main();
    let arguments: Vec<String> = std::env::args().collect();
    let Some((patch, out_dir)) = generated(&arguments) else {
        return ExitCode::SUCCESS;
    };
    match patch.apply_dir(&out_dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("uniffi-bindgen: {message}");
            ExitCode::FAILURE
        }
    }
}

/// For a `generate --language L … --out-dir DIR` run, L's patch and DIR.
fn generated(arguments: &[String]) -> Option<(&'static Patch, PathBuf)> {
    let value = |flag: &str| arguments.windows(2).find(|pair| pair[0] == flag).map(|pair| pair[1].as_str());
    let patch = match value("--language")? {
        "swift" => &swift_reader::PATCH,
        "kotlin" => &kotlin_status::PATCH,
        _ => return None,
    };
    Some((patch, PathBuf::from(value("--out-dir")?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(line: &str) -> Vec<String> {
        line.split(' ').map(String::from).collect()
    }

    /// Each patch finds UniFFI 0.32.2's text and replaces it, and fails, instead of leaving the
    /// slow code, once that text changes.
    #[test]
    fn each_patch_replaces_its_text_and_fails_when_it_changed() {
        for patch in [&swift_reader::PATCH, &kotlin_status::PATCH] {
            let source = format!("// before\n{}// after\n", patch.generated);
            let patched = patch.apply(&source).unwrap();
            assert_eq!(patched, format!("// before\n{}// after\n", patch.replacement));
            let middle = patch.generated.len() / 2;
            let changed = format!("{}x{}", &patch.generated[..middle], &patch.generated[middle..]);
            assert!(patch.apply(&changed).unwrap_err().contains(patch.explained_in), "{}", patch.name);
        }
    }

    #[test]
    fn each_language_gets_its_patch_in_its_folder() {
        let swift = strings("uniffi-bindgen generate --no-format --language swift --out-dir out lib.so");
        let (patch, dir) = generated(&swift).unwrap();
        assert_eq!((patch.extension, dir), ("swift", PathBuf::from("out")));
        let kotlin = strings("uniffi-bindgen generate --language kotlin --out-dir kt lib.so");
        let (patch, dir) = generated(&kotlin).unwrap();
        assert_eq!((patch.extension, dir), ("kt", PathBuf::from("kt")));
        assert!(generated(&strings("uniffi-bindgen generate --language python --out-dir py lib.so")).is_none());
        assert!(generated(&strings("uniffi-bindgen --help")).is_none());
    }
}
