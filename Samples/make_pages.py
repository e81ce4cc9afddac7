#!/usr/bin/python3
"""Render passport visa pages carrying zero to four stamps, with truth.jsonl.

    python3 Samples/make_pages.py                          # Samples/book/ (committed)
    python3 Samples/make_pages.py build/pages -n 40 -s 11  # a held-out set of pages
    stampkit bench stamps build/pages

Each page is a phone photo of a visa page: guilloche paper, a printed page number,
stamps drawn by make_heldout.py's designs (boxes, rounded boxes, ovals, bars, Schengen
stamps) in different inks, tilted within ±25° and some a quarter turn, some pairs
touching (in the same ink or in two), and now and then the whole page photographed
turned a quarter. Light, blur, noise and JPEG as in make_heldout.py.

Without arguments it writes the committed Samples/book/: seven pages chosen to show one
thing each (one stamp; two in different inks touching; three tilted; a quarter-turned
page; a blank page; four stamps; two touching in the same ink). With OUTDIR, -n pages are drawn at random from the
seed -s: the team's own held-out pages, never committed.

truth.jsonl has one object per page, as ../shared/pages-dev has: file, stamps — each with
country, airport (IATA or null), date, direction (or null), rotation (degrees counter-
clockwise as seen in the photo) and box [x0, y0, x1, y1], the inked stamp's bounding box
in the photo's pixels. The same seed gives the same bytes (same Pillow, libjpeg, fonts).
"""

import argparse
import datetime
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_samples as ms  # noqa: E402  (fonts, page, ink)
import make_heldout as mh  # noqa: E402  (stamp designs)

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE_SIZE = (1100, 1540)  # a visa page at about 12 px/mm, portrait
# Ink below this share of full strength is not counted in a stamp's box.
BOX_THRESHOLD = 40


def stamp_mask(rng, angle, scale):
    """One random stamp, inked and turned: (mask, truth fields)."""
    d = datetime.date(2004, 1, 1) + datetime.timedelta(days=rng.randint(0, 21 * 365))
    st, t = mh.make_stamp(rng, d)
    mh.shrink(st, scale)
    m = ms.ink_mask(rng, st, 1.0)
    m = ImageChops.multiply(m, ms.smooth_field(rng, m.size, (3, 2), 0.65, 1.0))
    m = m.point(ms.lut(0, rng.uniform(0.7, 0.92)))
    m = m.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=0)
    truth = {"country": t["country"], "airport": t["airport"], "date": d.isoformat(),
             "direction": t["direction"], "rotation": round(angle, 1)}
    return m, truth


def ink_box(mask):
    """The bounding box of the visible ink of `mask`, in its own pixels."""
    return list(mask.point(lambda v: 255 if v >= BOX_THRESHOLD else 0).getbbox())


def shifted(box, x, y):
    return [box[0] + x, box[1] + y, box[2] + x, box[3] + y]


def overlaps(a, b, margin):
    return not (a[2] + margin <= b[0] or b[2] + margin <= a[0] or a[3] + margin <= b[1] or b[3] + margin <= a[1])


def touching_spot(first, at, second, rng):
    """Where `second` first shares ink with `first` (placed at `at`), slid in from its right
    or from below, whichever fits on the page, then 3 px further so the borders run together."""
    w, h = PAGE_SIZE
    a = first.point(lambda v: 255 if v >= 90 else 0)
    b = second.point(lambda v: 255 if v >= 90 else 0)
    shift = rng.randint(-40, 40)
    starts = [((at[0] + a.width + 4, at[1] + shift), (-2, 0)), ((at[0] + shift, at[1] + a.height + 4), (0, -2))]
    rng.shuffle(starts)
    for (x, y), (dx, dy) in starts:
        if not (10 <= x <= w - b.width - 10 and 10 <= y <= h - 110 - b.height):
            continue
        while x > at[0] - b.width and y > at[1] - b.height:
            # The two masks' rectangles overlap in page pixels [left, right) × [top, bottom).
            left, right = max(x, at[0]), min(x + b.width, at[0] + a.width)
            top, bottom = max(y, at[1]), min(y + b.height, at[1] + a.height)
            if left < right and top < bottom:
                pa = a.crop((left - at[0], top - at[1], right - at[0], bottom - at[1]))
                pb = b.crop((left - x, top - y, right - x, bottom - y))
                if ImageChops.multiply(pa, pb).getbbox() is not None:
                    return x + 3 * dx // 2, y + 3 * dy // 2
            x, y = x + dx, y + dy
    return None


def compose(rng, plan, number):
    """Draw one portrait page from a plan: a list of stamp specs, each a dict with
    angle, scale, ink and optionally touch (index of the stamp it touches, placed to its right)."""
    w, h = PAGE_SIZE
    tint = rng.choice(sorted(ms.PAGES))
    page = ms.page(rng, (w, h), tint)
    # The printed page number, in the guilloche's own darker ink: page furniture, not a stamp.
    draw = ImageDraw.Draw(page)
    _, line = ms.PAGES[tint]
    shade = tuple(max(0, c - 70) for c in line)
    draw.text((w / 2, h - 46), str(number), font=ms.font("sans-regular", 34), fill=shade, anchor="ms")
    placed = []  # (mask, x, y, ink, truth, box)
    for spec in plan:
        for _ in range(12):  # a stamp that fits nowhere is redrawn smaller
            mask, truth = stamp_mask(rng, spec["angle"], spec["scale"])
            if mask.width < w - 40 and mask.height < h - 120:
                break
            spec = dict(spec, scale=spec["scale"] * 0.85)
        else:
            continue
        local = ink_box(mask)
        spot = None
        if "touch" in spec and spec["touch"] < len(placed):
            other, ox, oy, _, _, _ = placed[spec["touch"]]
            at = touching_spot(other, (ox, oy), mask, rng)
            if at is not None:
                x, y = at
                box = shifted(local, x, y)
                if not any(overlaps(box, p[5], 25) for i, p in enumerate(placed) if i != spec["touch"]):
                    spot = (x, y, box)
        if spot is None:
            grid = [(x, y) for x in range(15, w - mask.width - 15, 16) for y in range(15, h - 110 - mask.height, 16)]
            rng.shuffle(grid)
            for x, y in grid:
                box = shifted(local, x, y)
                if not any(overlaps(box, p[5], 35) for p in placed):
                    spot = (x, y, box)
                    break
        if spot is None:
            continue
        x, y, box = spot
        placed.append((mask, x, y, spec["ink"], truth, box))
    for mask, x, y, ink, _, _ in placed:
        full = Image.new("L", (w, h), 0)
        full.paste(mask, (x, y))
        inked = ImageChops.multiply(page, Image.new("RGB", (w, h), ms.INKS[ink]))
        page = Image.composite(inked, page, full)
    stamps = [dict(truth, box=box) for _, _, _, _, truth, box in placed]
    return page, stamps


def quarter_turn(page, stamps):
    """The page photographed turned a quarter counter-clockwise: boxes and angles follow."""
    w, _ = page.size
    turned = page.transpose(Image.ROTATE_90)
    out = []
    for s in stamps:
        x0, y0, x1, y1 = s["box"]
        # ROTATE_90 maps (x, y) to (y, w - 1 - x).
        out.append(dict(s, rotation=round(s["rotation"] + 90, 1), box=[y0, w - x1, y1, w - x0]))
    return turned, out


def finish(rng, img, quality, path):
    img = mh.finish(rng, img, "easy" if rng.random() < 0.5 else "medium", (0, 0, 1, 1), False)
    img.save(path, format="JPEG", quality=quality)


def random_plan(rng):
    """0-4 stamps with random tilts, inks and sizes; sometimes two touching."""
    count = rng.choices([0, 1, 2, 3, 4], weights=[1, 3, 3, 3, 2])[0]
    plan = []
    for i in range(count):
        if rng.random() < 0.15:
            angle = rng.choice([90, -90]) + rng.uniform(-6, 6)
        else:
            angle = rng.uniform(-25, 25)
        plan.append({"angle": angle, "scale": rng.uniform(0.5, 0.68), "ink": rng.choice(mh.STAMP_INKS)})
    if count >= 2 and rng.random() < 0.4:
        # Touching stamps are usually struck side by side, near upright.
        plan[1]["touch"] = 0
        for s in plan[:2]:
            s["angle"] = rng.uniform(-6, 6)
        if rng.random() < 0.5:
            plan[1]["ink"] = plan[0]["ink"]
    return plan


# The committed pages: what each shows, and its plan.
BOOK = [
    ("one stamp, tilted", [{"angle": 14, "scale": 0.66, "ink": "blue"}], False),
    ("two stamps touching, violet and red", [
        {"angle": 2, "scale": 0.6, "ink": "violet"},
        {"angle": -3, "scale": 0.58, "ink": "red", "touch": 0}], False),
    ("three stamps tilted in three inks", [
        {"angle": -18, "scale": 0.55, "ink": "green"},
        {"angle": 9, "scale": 0.55, "ink": "black"},
        {"angle": 23, "scale": 0.55, "ink": "purple"}], False),
    ("a page photographed a quarter turned, two stamps", [
        {"angle": -7, "scale": 0.6, "ink": "blue"},
        {"angle": 5, "scale": 0.6, "ink": "red"}], True),
    ("a blank page", [], False),
    ("four stamps, one struck a quarter turned", [
        {"angle": 90, "scale": 0.5, "ink": "violet"},
        {"angle": -11, "scale": 0.5, "ink": "green"},
        {"angle": 4, "scale": 0.5, "ink": "blue"},
        {"angle": 17, "scale": 0.5, "ink": "red"}], False),
    ("two stamps touching in the same ink, and one apart", [
        {"angle": -4, "scale": 0.58, "ink": "black"},
        {"angle": 3, "scale": 0.56, "ink": "black", "touch": 0},
        {"angle": -20, "scale": 0.5, "ink": "green"}], False),
]


def write(outdir, pages):
    """pages: list of (rng, plan, turned); writes page_NNN.jpg and truth.jsonl."""
    os.makedirs(outdir, exist_ok=True)
    rows = []
    for i, (rng, plan, turned) in enumerate(pages):
        img, stamps = compose(rng, plan, 12 + 2 * i)
        if turned:
            img, stamps = quarter_turn(img, stamps)
        name = "page_%03d.jpg" % (i + 1)
        finish(rng, img, rng.randint(62, 72), os.path.join(outdir, name))
        rows.append({"file": name, "stamps": stamps})
    mh.write_truth(outdir, rows)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", help="folder for random pages and truth.jsonl (default: Samples/book, the committed pages)")
    parser.add_argument("-n", type=int, default=24, help="number of random pages (default 24)")
    parser.add_argument("-s", "--seed", type=int, default=11, help="seed of the random pages (default 11)")
    args = parser.parse_args()
    missing = sorted({ms.FONT_FILES[f][1] for f in mh.FACES + ["sans-regular"] if not os.path.exists(ms.FONT_FILES[f][0])})
    if missing:
        sys.exit("make_pages: missing fonts; install them with: apt-get install " + " ".join(missing))
    if args.outdir is None:
        outdir = os.path.join(HERE, "book")
        pages = [(random.Random(2026 * 1_000_003 + i), plan, turned) for i, (_, plan, turned) in enumerate(BOOK)]
    else:
        if args.n < 1:
            sys.exit("make_pages: -n must be at least 1")
        outdir = args.outdir
        pages = []
        for i in range(args.n):
            rng = random.Random(args.seed * 1_000_003 + i)
            pages.append((rng, random_plan(rng), rng.random() < 0.12))
    rows = write(outdir, pages)
    print("wrote %d pages with %d stamps and truth.jsonl to %s"
          % (len(rows), sum(len(r["stamps"]) for r in rows), outdir))


if __name__ == "__main__":
    main()
