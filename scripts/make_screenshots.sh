#!/usr/bin/env bash
# Every screen at 800x480 and 480x320 (and the throw screen in portrait 720x1280) into
# docs/img/, drawn from the sample states by `farkle-pi screenshot` with SDL's dummy driver,
# and a frame of the demo in camera mode.
set -euo pipefail
cd "$(dirname "$0")/.."
FARKLE=${FARKLE:-.venv/bin/farkle-pi}
mkdir -p docs/img
for screen in setup throw results scoreboard winner history; do
    for size in 800x480 480x320; do
        "$FARKLE" screenshot --screen "$screen" --size "$size" "docs/img/$screen-$size.png"
    done
done
"$FARKLE" screenshot --screen throw --size 720x1280 docs/img/throw-720x1280.png
for size in 800x480 480x320; do  # a throw entered by hand; a die framed to set right; a
    # player asked on the scoreboard whether they go home
    "$FARKLE" screenshot --screen entry --size "$size" "docs/img/entry-$size.png"
    "$FARKLE" screenshot --screen fix --size "$size" "docs/img/fix-$size.png"
    "$FARKLE" screenshot --screen colours --size "$size" "docs/img/colours-$size.png"
    "$FARKLE" screenshot --screen recolours --size "$size" "docs/img/recolours-$size.png"
    "$FARKLE" screenshot --screen leave --size "$size" "docs/img/leave-$size.png"
    # eight players: the whole scoreboard with NEXT on a row (the buttons alone), and the throw
    # screen counting the rows it leaves out
    "$FARKLE" screenshot --screen pick --size "$size" "docs/img/pick-$size.png"
    "$FARKLE" screenshot --screen crowd --size "$size" "docs/img/crowd-$size.png"
done
"$FARKLE" screenshot --screen throw --size 800x480 --theme light docs/img/throw-800x480-light.png
# camera mode: the recorded demo session 12 s in (four dice just thrown, the coach's advice)
"$FARKLE" demo --headless --size 800x480 --out-at 12 --out docs/img/demo-camera-800x480.png
# the reader's annotated pictures (`detect --draw`): a render of the project's, and two
# hold-out photos of ../shared/data when it sits beside the checkout
"$FARKLE" detect --draw docs/img/vision_closeup.png fixtures/vision/closeup/closeup_02.png >/dev/null
BYLER=../shared/data/byler_d6
if [ -d "$BYLER" ]; then
    "$FARKLE" detect --draw docs/img/vision_hard.png "$BYLER/IMG_20191208_111328.jpg" >/dev/null
    "$FARKLE" detect --draw docs/img/vision_unsure.png "$BYLER/IMG_20191209_095854.jpg" >/dev/null
else
    echo "not redrawn: vision_hard.png, vision_unsure.png (no $BYLER beside the checkout)" >&2
fi
# --refs: also refresh the pixel-test references (after a deliberate change of the screens).
if [ "${1:-}" = "--refs" ]; then
    mkdir -p fixtures/screens
    for screen in setup throw results scoreboard winner history; do
        for size in 800x480 480x320 720x1280; do
            "$FARKLE" screenshot --screen "$screen" --size "$size" \
                "fixtures/screens/$screen-$size.png"
        done
    done
fi
