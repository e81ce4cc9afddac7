#!/usr/bin/python3
"""Cuts zone line images (a `render.py lines` folder) the ways other tools cut them, to measure
that the line reader reads any crop the same (`stampkit bench mrz --lines OUT/tight` …):

    crops.py LINES OUT [-n N]

writes OUT/<kind>/line-NNNN.png and OUT/<kind>/truth.tsv for each kind:
    tight      the letters' box: letters touch every edge
    margin     the letters' box with 20 px of paper round it
    neighbour  tight, with the cut-off feet of the line above at the top edge
    binarised  tight plus 3 px, thresholded to black and white
    inverted   the margin crop, light letters on a dark ground

Pillow only; deterministic.
"""
import argparse
import os

from PIL import Image, ImageOps

KINDS = ["tight", "margin", "neighbour", "binarised", "inverted"]


def letters_box(img):
    """The box round the letters: rows and columns with ink clearly darker than the paper."""
    w, h = img.size
    px = img.load()
    paper = sorted(img.getdata())[len(img.getdata()) * 3 // 4]
    cut = paper - max(60, (paper - min(img.getdata())) // 2)
    rows = [sum(1 for x in range(w) if px[x, y] < cut) for y in range(h)]
    cols = [sum(1 for y in range(h) if px[x, y] < cut) for x in range(w)]
    # A row through the letters crosses many strokes; grain and guilloche cross few.
    need = max(2, max(rows) // 12)
    ys = [y for y, n in enumerate(rows) if n >= need]
    xs = [x for x, n in enumerate(cols) if n >= 1]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1, paper, cut


def pad(img, box, margin, paper):
    """`box` widened by `margin`, padded with paper where it leaves the image."""
    x0, y0, x1, y1 = box
    out = Image.new("L", (x1 - x0 + 2 * margin, y1 - y0 + 2 * margin), paper)
    out.paste(img.crop((x0, y0, x1, y1)), (margin, margin))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("lines")
    p.add_argument("out")
    p.add_argument("-n", type=int, default=0, help="only the first N lines (0: all)")
    a = p.parse_args()
    rows = [r.split("\t") for r in open(os.path.join(a.lines, "truth.tsv")).read().splitlines() if r]
    if a.n:
        rows = rows[: a.n]
    for kind in KINDS:
        os.makedirs(os.path.join(a.out, kind), exist_ok=True)
    truth = {kind: open(os.path.join(a.out, kind, "truth.tsv"), "w") for kind in KINDS}
    for name, text in rows:
        img = Image.open(os.path.join(a.lines, name)).convert("L")
        x0, y0, x1, y1, paper, cut = letters_box(img)
        tight = img.crop((x0, y0, x1, y1))
        made = {"tight": tight, "margin": pad(img, (x0, y0, x1, y1), 20, paper)}
        # The line above (a zone's lines share size and pitch: this one stands in for it), as a
        # loose crop takes it in: its lower third, its letters' feet cut.
        feet = tight.crop((0, tight.size[1] * 2 // 3, tight.size[0], tight.size[1]))
        gap = max(2, tight.size[1] // 4)
        neighbour = Image.new("L", (tight.size[0], tight.size[1] + feet.size[1] + gap), paper)
        neighbour.paste(feet, (0, 0))
        neighbour.paste(tight, (0, feet.size[1] + gap))
        made["neighbour"] = neighbour
        loose = pad(img, (x0, y0, x1, y1), 3, paper)
        made["binarised"] = loose.point(lambda v: 0 if v < (cut + paper) // 2 else 255)
        made["inverted"] = ImageOps.invert(made["margin"])
        for kind in KINDS:
            made[kind].save(os.path.join(a.out, kind, name))
            truth[kind].write("%s\t%s\n" % (name, text))
    for f in truth.values():
        f.close()


if __name__ == "__main__":
    main()
