#!/usr/bin/python3
"""Makes stamp-violet-guilloche-rot25.jpg from stamp-upright.jpg, with Python and netpbm only.

    /usr/bin/python3 Tests/StampKitTests/Fixtures/images/make_ink_fixtures.py

The stamp's ink is recoloured to half-strength violet, turned 25 degrees counter-clockwise and
laid on tinted paper printed with thin wavy security lines as dark as the faded ink, so only
colour tells ink from paper. Deterministic; needs `jpegtopnm` and `pnmtojpeg` (Debian netpbm).
"""
import math
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "stamp-upright.jpg")
OUT = os.path.join(HERE, "stamp-violet-guilloche-rot25.jpg")

ANGLE = 25.0                 # counter-clockwise, as the photo shows it
SIZE = (760, 600)            # canvas
PAPER = (228, 224, 212)      # warm off-white
LINE = (176, 180, 170)       # greyish security line, about as light as the faded ink
VIOLET = (112, 48, 150)      # full-strength ink
STRENGTH = 0.55              # faded: a bit over half strength


def read_ppm(path):
    data = subprocess.run(["jpegtopnm", path], capture_output=True, check=True).stdout
    magic, w, h, maxval, pixels = data.split(maxsplit=4)
    assert magic == b"P6" and maxval == b"255"
    return int(w), int(h), pixels


def main():
    w, h, px = read_ppm(SOURCE)
    lum = [(px[3 * i] * 299 + px[3 * i + 1] * 587 + px[3 * i + 2] * 114) // 1000 for i in range(w * h)]
    paper_level, ink_level = sorted(lum)[len(lum) // 2], min(lum)
    coverage = [min(1.0, max(0.0, (paper_level - v) / (paper_level - ink_level))) for v in lum]

    def ink_at(x, y):
        """Bilinear ink coverage of the upright stamp at (x, y); 0 outside."""
        if x < 0 or y < 0 or x >= w - 1 or y >= h - 1:
            return 0.0
        x0, y0 = int(x), int(y)
        ax, ay = x - x0, y - y0
        i = y0 * w + x0
        top = coverage[i] * (1 - ax) + coverage[i + 1] * ax
        bottom = coverage[i + w] * (1 - ax) + coverage[i + w + 1] * ax
        return top * (1 - ay) + bottom * ay

    cw, ch = SIZE
    c, s = math.cos(math.radians(ANGLE)), math.sin(math.radians(ANGLE))
    out = bytearray()
    for y in range(ch):
        for x in range(cw):
            # Security print: thin wavy lines every 6 px, anti-aliased over about a pixel.
            wave = y + 2.5 * math.sin(x / 37.0 + y / 90.0)
            line = max(0.0, 1.0 - abs((wave % 6.0) - 3.0) / 0.8)
            base = [p * (1 - line) + q * line for p, q in zip(PAPER, LINE)]
            # Upright stamp coordinates: turn the canvas point back by the stamp's angle
            # (image y grows downwards, so counter-clockwise on screen is this sign).
            dx, dy = x - cw / 2, y - ch / 2
            ux = c * dx - s * dy + w / 2
            uy = s * dx + c * dy + h / 2
            a = ink_at(ux, uy) * STRENGTH
            # Ink multiplies the light the paper reflects, as a translucent stamp pad does.
            pixel = [b * (1 - a) + b * (v / 255.0) * a for b, v in zip(base, VIOLET)]
            out += bytes(max(0, min(255, int(round(v)))) for v in pixel)
    ppm = b"P6\n%d %d\n255\n" % (cw, ch) + bytes(out)
    jpeg = subprocess.run(["pnmtojpeg", "--quality=88"], input=ppm, capture_output=True, check=True).stdout
    with open(OUT, "wb") as f:
        f.write(jpeg)


if __name__ == "__main__":
    main()
