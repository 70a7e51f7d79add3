//! Replacing one piece of generated code, pinned to the exact text UniFFI writes: when an
//! upgrade changes it, generation fails instead of quietly going slow again.
use std::fs;
use std::path::{Path, PathBuf};

/// One replacement in the bindings of one language.
pub struct Patch {
    /// What it replaces, for messages: "Swift's readInt".
    pub name: &'static str,
    /// The generated files' extension: "swift".
    pub extension: &'static str,
    /// The text as `uniffi_bindgen` 0.32.2 writes it.
    pub generated: &'static str,
    /// What goes in its place.
    pub replacement: &'static str,
    /// The module that explains it, for messages.
    pub explained_in: &'static str,
}

impl Patch {
    /// Replaces the generated text in `source`; an error when it is not there exactly once.
    pub fn apply(&self, source: &str) -> Result<String, String> {
        match source.matches(self.generated).count() {
            1 => Ok(source.replace(self.generated, self.replacement)),
            found => Err(format!(
                "expected UniFFI's {} once, found it {found} times: UniFFI changed, see {}",
                self.name, self.explained_in
            )),
        }
    }

    /// Patches the one generated file under `dir` (Kotlin's lies in its package's folders).
    pub fn apply_dir(&self, dir: &Path) -> Result<(), String> {
        let mut files = Vec::new();
        self.find(dir, &mut files)?;
        let [path] = &files[..] else {
            return Err(format!("expected one .{} file in {}, found {}", self.extension, dir.display(), files.len()));
        };
        let source = fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        let patched = self.apply(&source).map_err(|error| format!("{}: {error}", path.display()))?;
        fs::write(path, patched).map_err(|error| format!("{}: {error}", path.display()))
    }

    fn find(&self, dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
        let entries = fs::read_dir(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|error| error.to_string())?.path();
            if path.is_dir() {
                self.find(&path, files)?;
            } else if path.extension().is_some_and(|extension| extension == self.extension) {
                files.push(path);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATCH: Patch = Patch {
        name: "greeting",
        extension: "txt",
        generated: "hello\n",
        replacement: "bonjour\n",
        explained_in: "this test",
    };

    #[test]
    fn the_generated_text_is_replaced_once() {
        let patched = PATCH.apply("// before\nhello\n// after\n").unwrap();
        assert_eq!(patched, "// before\nbonjour\n// after\n");
        assert!(PATCH.apply(&patched).unwrap_err().contains("UniFFI changed"), "a second pass finds nothing");
        assert!(PATCH.apply("hello\nhello\n").is_err(), "twice is not once");
    }

    #[test]
    fn the_one_file_is_found_in_nested_folders() {
        let dir = std::env::temp_dir().join(format!("uniffi-bindgen-patch-{}", std::process::id()));
        let nested = dir.join("app").join("core");
        fs::create_dir_all(&nested).unwrap();
        fs::write(nested.join("lib.txt"), "hello\n").unwrap();
        fs::write(dir.join("notes.md"), "hello\n").unwrap();
        PATCH.apply_dir(&dir).unwrap();
        assert_eq!(fs::read_to_string(nested.join("lib.txt")).unwrap(), "bonjour\n");
        assert_eq!(fs::read_to_string(dir.join("notes.md")).unwrap(), "hello\n", "other files are left alone");
        fs::write(dir.join("second.txt"), "hello\n").unwrap();
        assert!(PATCH.apply_dir(&dir).unwrap_err().contains("found 2"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
