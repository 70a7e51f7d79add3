#!/usr/bin/env bash
# Writes the SolitaireCoreFFI module map into the folder given, next to SolitaireCoreFFI.h.
# Ours rather than UniFFI's: the generated one names Darwin modules (`use "Darwin"`), which
# Linux does not have and which break module builds with Xcode 26.
set -euo pipefail
cat > "$1/module.modulemap" <<'MAP'
module SolitaireCoreFFI {
    header "SolitaireCoreFFI.h"
    export *
}
MAP
