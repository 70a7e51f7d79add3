#!/usr/bin/env bash
# Makes sure the Rust core's XCFramework and bindings exist and are not older than the Rust
# sources, so a clean checkout builds in Xcode. project.yml runs it twice: before XcodeGen writes
# the project (Xcode resolves the SolitaireKit package, whose binary target is the XCFramework,
# as soon as the project opens: before any build phase) and as the app's first build phase
# (a Rust change since then rebuilds it). Xcode's CONFIGURATION picks the profile: Debug builds
# a debug core (faster), anything else a release one. Errors are printed as `error:` lines,
# which Xcode shows in its issue navigator.
set -euo pipefail
ios="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$ios/.." && pwd)"
generated="$ios/SolitaireKit/Generated"
stamp="$generated/SolitaireCoreFFI.xcframework/Info.plist"

# Xcode's build phases run with a minimal PATH: find rustup's cargo where rustup installs it.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

newer_source() {
  find "$root/core" "$root/bindings" "$root/Cargo.toml" "$root/Cargo.lock" \
    \( -name '*.rs' -o -name '*.toml' -o -name '*.txt' -o -name 'Cargo.lock' \) \
    -newer "$stamp" -print -quit 2>/dev/null
}

if [[ -f "$stamp" && -f "$generated/SolitaireCore/SolitaireCore.swift" && -z "$(newer_source)" ]]; then
  exit 0
fi

if ! command -v cargo >/dev/null 2>&1 || ! command -v rustup >/dev/null 2>&1; then
  echo "error: the Rust core must be built for the app, and cargo or rustup is not on the PATH: install Rust with rustup (https://rustup.rs), then build again." >&2
  exit 1
fi
needed=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
installed="$(rustup target list --installed)"
missing=()
for target in "${needed[@]}"; do
  grep -qx "$target" <<<"$installed" || missing+=("$target")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "error: Rust cannot build the core for iOS yet: run \`rustup target add ${missing[*]}\`, then build again." >&2
  exit 1
fi

if [[ "${CONFIGURATION:-Debug}" == "Debug" ]]; then
  exec "$ios/scripts/build-xcframework.sh" --debug
fi
exec "$ios/scripts/build-xcframework.sh"
