#!/usr/bin/python3
"""Turn every photo of a labelled stamp set by a further random angle, page edge and all.

    python3 Samples/make_turned.py ../shared/stamps-dev build/turned -s 42 --max 25
    stampkit eval build/turned

A stamp is pressed at any angle and a photo may take in the page's edge: each photo is
turned by an angle drawn from ±MAX degrees about its centre, on a canvas grown to hold
it, the corners filled flat with the paper's colour (the median of the photo's top
strip), so the turned photo shows the edge of the page it was taken from. The
rotation in truth.jsonl grows by the angle; everything else is copied. A score on the
turned set beside the set's own says how much of it rests on the angles the set
happens to have. The same seed gives the same bytes (same Pillow and libjpeg).
"""

import argparse
import json
import os
import random
import sys

from PIL import Image, ImageStat


def turn(source, target, seed, largest):
    rng = random.Random(seed)
    os.makedirs(target, exist_ok=True)
    truth_in = os.path.join(source, "truth.jsonl")
    if not os.path.exists(truth_in):
        sys.exit(f"make_turned: {truth_in} is missing; give a folder of stamps with its truth.jsonl")
    rows = [json.loads(line) for line in open(truth_in, encoding="utf-8") if line.strip()]
    with open(os.path.join(target, "truth.jsonl"), "w", encoding="utf-8") as out:
        for row in rows:
            photo = Image.open(os.path.join(source, row["file"])).convert("RGB")
            strip = photo.crop((0, 0, photo.width, max(1, photo.height // 20)))
            paper = tuple(int(v) for v in ImageStat.Stat(strip).median)
            angle = rng.uniform(-largest, largest)
            turned = photo.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=paper)
            turned.save(os.path.join(target, row["file"]), quality=90)
            row["rotation"] = round(row["rotation"] + angle, 1)
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="a folder of stamp photos with truth.jsonl")
    parser.add_argument("target", help="where the turned photos and their truth.jsonl go")
    parser.add_argument("-s", "--seed", type=int, default=42)
    parser.add_argument("--max", type=float, default=25, help="largest further turn, degrees")
    args = parser.parse_args()
    count = turn(args.source, args.target, args.seed, args.max)
    print(f"{count} photos turned into {args.target}", file=sys.stderr)


if __name__ == "__main__":
    main()
