//! The binding generator, pinned to the workspace's UniFFI version (see `bindings/generate`).
fn main() {
    uniffi::uniffi_bindgen_main()
}
