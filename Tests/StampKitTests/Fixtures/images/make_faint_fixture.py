#!/usr/bin/python3
"""Render stamp-faint-violet-guilloche.jpg: a hard held-out-style stamp, cropped.

    /usr/bin/python3 Tests/StampKitTests/Fixtures/images/make_faint_fixture.py

Drawn with Samples/make_heldout.py's own code at its hard level (ink at about half
strength, uneven pressure, 28 % of the ink dropped out in stroke-sized dry spots,
light falloff, blur, noise), upright and unsigned, in violet ink on a lilac guilloche
page, then cropped to the stamp with a margin and saved at JPEG quality 85. The same
Pillow, libjpeg and fonts give the same bytes.
"""

import datetime
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "Samples"))
import make_heldout as mh  # noqa: E402
import make_samples as ms  # noqa: E402

rng = random.Random(20261203)
stamp = ms.box([([("AEROPORTO DI NAPOLI", "sans")], 56), ([("18.10.22", "mono")], 78)],
               w=820, h=290, style="rect", bw=8)
mh.shrink(stamp, 0.62)
img, (x0, y0, x1, y1) = mh.photo(rng, stamp, "hard", "violet", "lilac", 0.0)
img = mh.finish(rng, img, "hard", (x0, y0, x1, y1), False)
margin = 24
img.crop((x0 - margin, y0 - margin, x1 + margin, y1 + margin)).save(
    os.path.join(HERE, "stamp-faint-violet-guilloche.jpg"), format="JPEG", quality=85)
