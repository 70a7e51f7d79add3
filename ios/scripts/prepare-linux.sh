#!/usr/bin/env bash
# Readies ios/SolitaireKit for `swift test` on Linux: builds the host library and bindings with
# bindings/generate, then copies the Swift bindings and the C header where Package.swift looks
# (ios/SolitaireKit/Generated/, ignored by git). The library itself stays in build/bindings/lib.
# `--release` is passed on to bindings/generate (for the benchmark).
set -euo pipefail
ios="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$ios/.." && pwd)"
"$root/bindings/generate" "$@"

swift_out="$root/build/bindings/swift"
out="$ios/SolitaireKit/Generated"
rm -rf "$out/SolitaireCore" "$out/SolitaireCoreFFI"
mkdir -p "$out/SolitaireCore" "$out/SolitaireCoreFFI"
cp "$swift_out/SolitaireCore.swift" "$out/SolitaireCore/"
cp "$swift_out/SolitaireCoreFFI.h" "$out/SolitaireCoreFFI/"
"$ios/scripts/write-modulemap.sh" "$out/SolitaireCoreFFI"
echo "prepared $out for swift test (library: $root/build/bindings/lib)"
