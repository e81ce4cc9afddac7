#!/bin/bash
# Makes the README's screenshot of the atlas from the sample stamps: catalogues them in a
# scratch catalogue (nothing touches yours), writes their atlas and screenshots it in headless
# Chromium. Needs the gazetteer (`make run`) and chromium (`make deps`).
#   scripts/atlas-screenshot.sh [OUT_DIR]     (default docs/)
set -euo pipefail
out=${1:-docs}
bin=${BIN:-.build/release/stampkit}
[ -x "$bin" ] || bin=.build/debug/stampkit
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export STAMPKIT_CATALOGUE=$scratch/catalogue.sqlite XDG_CACHE_HOME=$scratch/cache OMP_THREAD_LIMIT=1
"$bin" add Samples/stamps/*.jpg Samples/stamps/*.png --yes --book "Passport 2019" >/dev/null
"$bin" atlas "$scratch/atlas" --all >/dev/null
chromium --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$scratch/profile" \
    --hide-scrollbars --window-size=1280,1500 --virtual-time-budget=5000 \
    --screenshot="$out/atlas.png" "file://$scratch/atlas/index.html" 2>/dev/null
echo "$out/atlas.png"
