#!/bin/sh
# Makes the GIF, HEIC and orientation-tagged TIFF/WebP/HEIC fixtures from Debian tools only:
#   apt-get install netpbm libtiff-tools webp libimage-exiftool-perl libheif-examples libheif-dev gcc
# Run from this folder: sh make_formats.sh   (deterministic except the HEIC encoder's bits)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$here"

# The MUNCHEN stamp as GIF (palette, first and only frame) and as HEIC.
pngtopnm stamp.png > "$work/stamp.ppm"
ppmquant -quiet 64 "$work/stamp.ppm" | pamtogif -quiet > stamp.gif
heif-enc -q 70 stamp.png -o stamp.heic >/dev/null

# The ZURICH stamp stored sideways with EXIF Orientation 6 (as stamp-exif6.jpg) in TIFF, WebP
# and HEIC (heif-enc keeps the tag and writes no irot box).
jpegtopnm -quiet stamp-exif6.jpg > "$work/exif6.ppm"
ppmtopgm "$work/exif6.ppm" | pnmtotiff -flate -predictor=2 > stamp-exif6.tif
cwebp -quiet -q 80 "$work/exif6.ppm" -o stamp-exif6.webp
for f in stamp-exif6.tif stamp-exif6.webp; do exiftool -q -overwrite_original -n -IFD0:Orientation=6 "$f"; done
heif-enc -q 70 stamp-exif6.jpg -o stamp-exif6.heic >/dev/null

# 120x80 quadrants (red TL, green TR, blue BL, black BR) stored as each EXIF orientation says.
for v in 3 6 8 5; do
    /usr/bin/python3 - "$v" > "$work/q$v.ppm" <<'PY'
import sys
v = int(sys.argv[1])
W, H = 120, 80
def colour(dx, dy):
    top, left = dy < H // 2, dx < W // 2
    return {(True, True): (220, 30, 30), (True, False): (30, 200, 40),
            (False, True): (30, 40, 220), (False, False): (0, 0, 0)}[(top, left)]
sw, sh = (W, H) if v <= 4 else (H, W)
# For each stored pixel, the displayed pixel it becomes (TIFF 6.0 Orientation semantics).
def shown(sx, sy):
    return {1: (sx, sy), 2: (W - 1 - sx, sy), 3: (W - 1 - sx, H - 1 - sy), 4: (sx, H - 1 - sy),
            5: (sy, sx), 6: (sh - 1 - sy, sx), 7: (sh - 1 - sy, sw - 1 - sx), 8: (sy, sw - 1 - sx)}[v]
out = sys.stdout.buffer
out.write(b"P6\n%d %d\n255\n" % (sw, sh))
out.write(bytes(c for sy in range(sh) for sx in range(sw) for c in colour(*shown(sx, sy))))
PY
done
for v in 3 6 8 5; do
    ppm2tiff -c lzw "$work/q$v.ppm" "orient-$v.tif"
    exiftool -q -overwrite_original -n -IFD0:Orientation=$v "orient-$v.tif"
done
for v in 6 3; do
    cwebp -quiet -lossless "$work/q$v.ppm" -o "orient-$v.webp"
    exiftool -q -overwrite_original -n -IFD0:Orientation=$v "orient-$v.webp"
done
# HEIC as heif-enc writes it from a tagged JPEG: EXIF Orientation 6 kept, no irot box.
pnmtojpeg -quality 95 "$work/q6.ppm" > "$work/q6.jpg"
exiftool -q -overwrite_original -n -IFD0:Orientation=6 "$work/q6.jpg"
heif-enc -q 90 "$work/q6.jpg" -o orient-6-exif.heic >/dev/null
# HEIC as a phone writes it: a quarter-turn irot box and the same EXIF Orientation 6.
cc -o "$work/heic_irot" make_heic_irot.c $(pkg-config --cflags --libs libheif)
"$work/heic_irot" "$work/q6.ppm" orient-6-irot.heic
