#!/usr/bin/env bash
# Builds the Rust core as SolitaireCoreFFI.xcframework and generates its Swift bindings, into
# ios/SolitaireKit/Generated/ (ignored by git: generated code is never committed). macOS only.
#   ios/scripts/build-xcframework.sh            release build (what the app ships)
#   ios/scripts/build-xcframework.sh --debug    debug build (faster to compile)
# Slices: iOS devices (arm64), the iOS simulator (arm64 + x86_64 in one lipo'd library) and
# macOS (arm64 + x86_64), the last so `swift test` can run the package on a Mac.
set -euo pipefail
ios="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$ios/.." && pwd)"
cd "$root"

# Cargo profile and the folder it builds into (no empty arrays: bash 3.2, on macOS, rejects them under set -u).
profile=release
profile_dir=release
if [[ "${1:-}" == "--debug" ]]; then
  profile=dev
  profile_dir=debug
fi

# Match the package's minimum versions so the linker does not warn about newer objects.
export IPHONEOS_DEPLOYMENT_TARGET=17.0
export MACOSX_DEPLOYMENT_TARGET=14.0

targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
for target in "${targets[@]}"; do
  cargo build -p solitaire-ffi --lib --target "$target" --profile "$profile"
done

target_dir="${CARGO_TARGET_DIR:-$root/target}"
lib_of() { echo "$target_dir/$1/$profile_dir/libsolitaire_ffi.a"; }
work="$root/build/ios"
rm -rf "$work"
mkdir -p "$work/ios-simulator" "$work/macos" "$work/swift"
lipo -create "$(lib_of aarch64-apple-ios-sim)" "$(lib_of x86_64-apple-ios)" -output "$work/ios-simulator/libsolitaire_ffi.a"
lipo -create "$(lib_of aarch64-apple-darwin)" "$(lib_of x86_64-apple-darwin)" -output "$work/macos/libsolitaire_ffi.a"

# The bindings are read from the library itself (UniFFI library mode), by the host-built
# generator pinned to the workspace's UniFFI version.
cargo build -p uniffi-bindgen --profile "$profile"
"$target_dir/$profile_dir/uniffi-bindgen" generate --no-format --language swift \
  --out-dir "$work/swift" "$(lib_of aarch64-apple-ios)"

# Headers in a folder named after the module: XCFramework headers from several libraries are
# merged into one include directory, where a bare module.modulemap would collide.
headers="$work/Headers/SolitaireCoreFFI"
mkdir -p "$headers"
cp "$work/swift/SolitaireCoreFFI.h" "$headers/"
"$ios/scripts/write-modulemap.sh" "$headers"

out="$ios/SolitaireKit/Generated"
rm -rf "$out/SolitaireCoreFFI.xcframework" "$out/SolitaireCore"
mkdir -p "$out/SolitaireCore"
xcodebuild -create-xcframework \
  -library "$(lib_of aarch64-apple-ios)" -headers "$work/Headers" \
  -library "$work/ios-simulator/libsolitaire_ffi.a" -headers "$work/Headers" \
  -library "$work/macos/libsolitaire_ffi.a" -headers "$work/Headers" \
  -output "$out/SolitaireCoreFFI.xcframework"
cp "$work/swift/SolitaireCore.swift" "$out/SolitaireCore/"
echo "xcframework: $out/SolitaireCoreFFI.xcframework; bindings: $out/SolitaireCore/SolitaireCore.swift"
