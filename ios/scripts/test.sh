#!/usr/bin/env bash
# Runs the Swift package's tests (the bindings and the game model) against the Rust core:
# on Linux with the host library, on macOS with the XCFramework. Our own targets (the model and
# its tests) must compile with no warning; the generated bindings are used as generated. Without
# a Swift toolchain it says so and succeeds, so the repository's test script can always call it;
# with one, any failure fails.
set -euo pipefail
ios="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v swift >/dev/null 2>&1; then
  echo "swift not found: skipped the Swift tests"
  exit 0
fi
case "$(uname -s)" in
  Darwin) "$ios/scripts/build-xcframework.sh" --debug ;;
  *) "$ios/scripts/prepare-linux.sh" ;;
esac
package="$ios/SolitaireKit"

# Swift on Linux compiles APIs newer than the package's platforms without a word (availability
# is checked against an Apple SDK only): refuse the ones listed in newer-apis.txt.
newer=0
while IFS=$'\t' read -r pattern reason; do
  [[ -z "$pattern" || "$pattern" == \#* ]] && continue
  if grep -nE "$pattern" -r --include='*.swift' "$ios/App" "$package/Sources" "$package/Tests" "$package/Benchmarks"; then
    echo "the lines above use $reason, newer than the package's iOS 17 and macOS 14" >&2
    newer=1
  fi
done <"$ios/scripts/newer-apis.txt"
if [[ "$newer" != 0 ]]; then
  exit 1
fi

# The privacy manifest (App/PrivacyInfo.xcprivacy), which App Store Connect reads: a property
# list with the keys it requires. Only Xcode builds the app, so it is checked here.
python3 - "$ios/App/PrivacyInfo.xcprivacy" <<'PY'
import plistlib, sys
manifest = plistlib.load(open(sys.argv[1], "rb"))
for key in ("NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes"):
    assert key in manifest, f"{sys.argv[1]}: no {key}"
for use in manifest["NSPrivacyAccessedAPITypes"]:
    assert use["NSPrivacyAccessedAPITypeReasons"], f"{sys.argv[1]}: {use['NSPrivacyAccessedAPIType']} with no reason"
PY

# Warnings are only printed when a file compiles, so our targets' files are touched to be
# compiled afresh each time. (Deleting their build folders instead lost SwiftPM's derived
# resource accessor after a failed build, and every build failed until .build was removed.
# -warnings-as-errors is no use here: it also fails Swift Testing's macro expansions, which
# raise no warning of their own.)
find "$package/Sources/SolitaireModel" "$package/Tests/SolitaireModelTests" -name '*.swift' -exec touch {} +
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --package-path "$package" --build-tests 2>&1 | tee "$log"
if grep -E '/(Sources/SolitaireModel|Tests/SolitaireModelTests|Benchmarks/TapBench)/[^:]+:[0-9]+:[0-9]+: warning:' "$log"; then
  echo "the warnings above are in our own targets: fix them" >&2
  exit 1
fi

# One test at a time: the model's tests share the main actor, and run together they queue
# behind each other, so a test's one-minute wait (`waitUntil`) measured the others' work and
# timed out on a loaded machine (three show-me tests at 61.5 s; alone each takes under 5 s).
swift test --package-path "$package" --skip-build --no-parallel
