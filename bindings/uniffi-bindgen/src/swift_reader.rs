//! UniFFI 0.32's Swift bindings read every number of a lifted record through
//! `Data.copyBytes(to:from:)`, which on Linux's Foundation costs about 3,800 instructions a
//! number (callgrind): a table of 104 cards, about 1,400 numbers, took 650 µs to lift from Swift
//! against 40 µs from Kotlin. The replacement loads the bytes in place; it keeps the generated
//! function's name, signature, bounds check, byte order and error, so every caller is unchanged.
//! When an upgrade changes UniFFI's text, generation fails here (then see whether UniFFI's own
//! reader is fast enough).
use crate::patch::Patch;

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

pub const PATCH: Patch = Patch {
    name: "Swift readInt",
    extension: "swift",
    generated: GENERATED,
    replacement: FAST,
    explained_in: "bindings/uniffi-bindgen/src/swift_reader.rs",
};
