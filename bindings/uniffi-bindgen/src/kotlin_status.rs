//! UniFFI 0.32's Kotlin bindings make a new call status, a JNA `Structure`, for every call
//! into Rust, and a tap makes four calls (the object's handle, the argument's buffer, the
//! call, the answer's buffer freed). Each status allocates two native blocks that JNA records
//! in a map keyed by address and frees from its cleaner thread: a profile of the Kotlin tap
//! benchmark (JFR) spent 37% of its samples in `Memory.<init>` and 40% in the cleaner. The
//! replacement keeps one status per thread and resets it before each call. That is safe here:
//! this library has no callbacks, so no call starts while another runs on the same thread,
//! except freeing an error's buffer while the error is lifted, after its status was read.
use crate::patch::Patch;

/// `uniffiRustCallWithError` as `uniffi_bindgen` 0.32.2 writes it (templates/Helpers.kt).
const GENERATED: &str = r#"private inline fun <U, E: kotlin.Exception> uniffiRustCallWithError(errorHandler: UniffiRustCallStatusErrorHandler<E>, callback: (UniffiRustCallStatus) -> U): U {
    var status = UniffiRustCallStatus()
    val return_value = callback(status)
    uniffiCheckCallStatus(errorHandler, status)
    return return_value
}
"#;

/// The same calls with the thread's status (patched in by bindings/uniffi-bindgen).
const REUSED: &str = r#"// Patched in by bindings/uniffi-bindgen: one status per thread, reset before each call,
// instead of a new JNA Structure (two tracked native blocks) per call.
private val uniffiThreadStatus: ThreadLocal<UniffiRustCallStatus> = ThreadLocal.withInitial { UniffiRustCallStatus() }

private inline fun <U, E: kotlin.Exception> uniffiRustCallWithError(errorHandler: UniffiRustCallStatusErrorHandler<E>, callback: (UniffiRustCallStatus) -> U): U {
    val status = uniffiThreadStatus.get()
    // Rust writes the status only when the call fails: success must be there before it (JNA
    // writes the fields to the native struct before the call, and reads them back after).
    status.code = UNIFFI_CALL_SUCCESS
    val return_value = callback(status)
    uniffiCheckCallStatus(errorHandler, status)
    return return_value
}
"#;

pub const PATCH: Patch = Patch {
    name: "Kotlin uniffiRustCallWithError",
    extension: "kt",
    generated: GENERATED,
    replacement: REUSED,
    explained_in: "bindings/uniffi-bindgen/src/kotlin_status.rs",
};
