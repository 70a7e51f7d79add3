//! UniFFI 0.32's Swift bindings read every number of a lifted record through
//! `Data.copyBytes(to:from:)`, which on Linux's Foundation costs about 3,800 instructions a
//! number (callgrind): a table of 104 cards, about 1,400 numbers, took 650 µs to lift from Swift
//! against 40 µs from Kotlin. The replacement loads the bytes in place; it keeps the generated
//! function's name, signature, bounds check, byte order and error, so every caller is unchanged.
//! Pinned to the exact text UniFFI writes: when an upgrade changes it, generation fails here
//! instead of quietly going slow again (then see whether UniFFI's own reader is fast enough).
use std::fs;
use std::path::Path;

/// `readInt` as `uniffi_bindgen` 0.32.2 writes it (templates/RustBufferTemplate.swift).
const GENERATED: &str = r#"fileprivate func readInt<T: FixedWidthInteger>(_ reader: inout (data: Data, offset: Data.Index)) throws -> T {
    let range = reader.offset..<reader.offset + MemoryLayout<T>.size
    guard reader.data.count >= range.upperBound else {
        throw UniffiInternalError.bufferOverflow
    }
    if T.self == UInt8.self {
        let value = reader.data[reader.offset]
        reader.offset += 1
        return value as! T
    }
    var value: T = 0
    let _ = withUnsafeMutableBytes(of: &value, { reader.data.copyBytes(to: $0, from: range)})
    reader.offset = range.upperBound
    return value.bigEndian
}
"#;

/// The same reads, loaded from the buffer in place (patched in by bindings/uniffi-bindgen).
const FAST: &str = r#"fileprivate func readInt<T: FixedWidthInteger>(_ reader: inout (data: Data, offset: Data.Index)) throws -> T {
    // Patched in by bindings/uniffi-bindgen: loads in place instead of Data.copyBytes, ten times faster.
    let end = reader.offset + MemoryLayout<T>.size
    guard reader.data.count >= end else {
        throw UniffiInternalError.bufferOverflow
    }
    let start = reader.offset - reader.data.startIndex
    let value = reader.data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: T.self) }
    reader.offset = end
    return T(bigEndian: value)
}
"#;

/// Replaces the generated reader in `source`; an error when it is not there exactly once.
pub fn patch(source: &str) -> Result<String, String> {
    match source.matches(GENERATED).count() {
        1 => Ok(source.replace(GENERATED, FAST)),
        found => Err(format!(
            "expected UniFFI's Swift readInt once, found it {found} times: UniFFI changed, see bindings/uniffi-bindgen/src/swift_reader.rs"
        )),
    }
}

/// Patches the Swift bindings written into `dir`: the one file that holds the reader.
pub fn patch_dir(dir: &Path) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let mut patched = 0;
    for entry in entries {
        let path = entry.map_err(|error| error.to_string())?.path();
        if path.extension().is_none_or(|extension| extension != "swift") {
            continue;
        }
        let source = fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
        let fast = patch(&source).map_err(|error| format!("{}: {error}", path.display()))?;
        fs::write(&path, fast).map_err(|error| format!("{}: {error}", path.display()))?;
        patched += 1;
    }
    match patched {
        1 => Ok(()),
        count => Err(format!("expected one Swift file in {}, found {count}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_reader_is_replaced_once() {
        let source = format!("// before\n{GENERATED}// after\n");
        let patched = patch(&source).unwrap();
        assert_eq!(patched, format!("// before\n{FAST}// after\n"));
        assert!(patch(&patched).is_err(), "a second pass finds nothing to patch");
    }

    #[test]
    fn a_changed_reader_fails_instead_of_staying_slow() {
        let changed = GENERATED.replace("copyBytes", "copyMemory");
        assert!(patch(&changed).unwrap_err().contains("UniFFI changed"));
    }
}
