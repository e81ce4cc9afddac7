#!/usr/bin/python3
"""Makes the synthetic stamp images under Tests/StampKitTests/Fixtures/images/.

Run from anywhere with Debian's python3-pil and fonts-dejavu / fonts-urw-base35 installed:
    /usr/bin/python3 Tests/StampKitTests/Fixtures/images/make_images.py
Output is deterministic (fixed random seed); every file stays well under 150 KB.
"""
import os
import random
import zlib
import struct

from PIL import Image, ImageDraw, ImageFilter, ImageFont

OUT = os.path.dirname(os.path.abspath(__file__))
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
CONDENSED = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"


def stamp(lines, ink=(20, 20, 20), paper=(250, 250, 247), size=(640, 380), font=BOLD, seed=1):
    """Draws a border-control style stamp: rounded frame, a few centred text lines, paper grain."""
    rnd = random.Random(seed)
    w, h = size
    img = Image.new("RGB", size, paper)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([14, 14, w - 14, h - 14], radius=38, outline=ink, width=6)
    sizes = [52, 40, 46, 36]
    fonts = [ImageFont.truetype(font, s) for s in sizes]
    heights = []
    for i, text in enumerate(lines):
        box = d.textbbox((0, 0), text, font=fonts[i % len(fonts)])
        heights.append((box, fonts[i % len(fonts)]))
    total = sum(b[3] - b[1] for b, _ in heights) + 26 * (len(lines) - 1)
    y = (h - total) // 2
    for text, (box, f) in zip(lines, heights):
        tw = box[2] - box[0]
        d.text(((w - tw) // 2 - box[0], y - box[1]), text, font=f, fill=ink)
        y += box[3] - box[1] + 26
    # Paper grain and a slightly soft print, as a phone photo of ink shows.
    px = img.load()
    for _ in range(w * h // 40):
        x, yy = rnd.randrange(w), rnd.randrange(h)
        r, g, b = px[x, yy]
        n = rnd.randint(-28, 28)
        px[x, yy] = (max(0, min(255, r + n)), max(0, min(255, g + n)), max(0, min(255, b + n)))
    return img.filter(ImageFilter.GaussianBlur(0.7))


def rotated(img, degrees, fill):
    """Turns the stamp counter-clockwise by `degrees` on a larger page, as a stamp sits in a book."""
    return img.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=fill)


def save(img, name, **kw):
    path = os.path.join(OUT, name)
    img.save(path, **kw)
    print(f"{name}: {img.size[0]}x{img.size[1]}, {os.path.getsize(path)} bytes")


PAPER = (250, 250, 247)

# Upright and rotated stamps (rotation is counter-clockwise, as Pillow turns).
save(stamp(["FRANKFURT/M", "EINREISE", "12.07.19"]), "stamp-upright.jpg", quality=85)
save(rotated(stamp(["KEFLAVIK", "ARRIVAL", "03.05.22"], seed=2), 90, PAPER), "stamp-rot90.jpg", quality=85)
save(rotated(stamp(["HEATHROW", "UK BORDER", "12 JUL 2019"], seed=3), 180, PAPER), "stamp-rot180.jpg", quality=85)
save(rotated(stamp(["NARITA", "DEPARTED", "2019.07.12"], seed=4), 270, PAPER), "stamp-rot270.jpg", quality=85)
save(rotated(stamp(["SCHIPHOL", "DEPARTURE", "21.09.18"], seed=5), 17, PAPER), "stamp-rot17.jpg", quality=85)
save(rotated(stamp(["LISBOA", "SAIDA", "04.11.17"], seed=6), -33, PAPER), "stamp-rot-33.jpg", quality=85)

# Faded ink: grey on off-white, contrast about 15 % of full range.
save(stamp(["BARAJAS", "ENTRADA", "15.08.21"], ink=(196, 196, 192), paper=(232, 232, 228), seed=7),
     "stamp-faded.jpg", quality=90)

# Violet ink on a tinted (visa-page green) background with a printed pattern behind the text.
colour = stamp(["ADMITTED", "JUL 12 2019", "CLASS B2"], ink=(88, 40, 150), paper=(214, 232, 210), seed=8)
d = ImageDraw.Draw(colour, "RGBA")
for x in range(-400, 700, 22):
    d.line([(x, 0), (x + 380, 380)], fill=(150, 190, 150, 90), width=2)
save(rotated(colour, -8, (214, 232, 210)), "stamp-colour.jpg", quality=85)

# The upright stamp in the other formats Leptonica must read.
base = stamp(["MUNCHEN", "AUSREISE", "30.06.20"], seed=9)
save(base, "stamp.png", optimize=True)
save(base.convert("L"), "stamp.tif", compression="tiff_lzw")
save(base, "stamp.webp", quality=80)
save(base.convert("L").resize((480, 285)).convert("P", palette=Image.ADAPTIVE, colors=16), "stamp.bmp")

# EXIF Orientation: stored pixels are turned so that a viewer applying tag 0x0112 shows them upright.
# Pillow's exif_transpose maps 2..8 to these transposes; each one's inverse stores the picture.
INVERSE = {
    2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM,
    5: Image.TRANSPOSE, 6: Image.ROTATE_90, 7: Image.TRANSVERSE, 8: Image.ROTATE_270,
}


def with_orientation(upright, value):
    stored = upright.transpose(INVERSE[value]) if value in INVERSE else upright
    exif = Image.Exif()
    exif[0x0112] = value
    exif[0x010F] = "StampKit fixture"
    return stored, exif.tobytes()


def quadrants():
    """Corners coloured red (top-left), green (top-right), blue (bottom-left), black (bottom-right)."""
    img = Image.new("RGB", (120, 80), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, 39, 25], fill=(220, 0, 0))
    d.rectangle([80, 0, 119, 25], fill=(0, 200, 0))
    d.rectangle([0, 54, 39, 79], fill=(0, 0, 220))
    d.rectangle([80, 54, 119, 79], fill=(0, 0, 0))
    return img


for value in range(1, 9):
    stored, exif = with_orientation(quadrants(), value)
    save(stored, f"orient-{value}.jpg", quality=95, exif=exif)
    # Check the round trip with Pillow's own reading of the tag.
    from PIL import ImageOps
    back = ImageOps.exif_transpose(Image.open(os.path.join(OUT, f"orient-{value}.jpg")))
    assert back.size == (120, 80), (value, back.size)
    r, g, b = back.getpixel((5, 5))
    assert r > 150 and g < 80 and b < 80, (value, back.getpixel((5, 5)))

# A phone photo of a stamp stored sideways with Orientation 6, as most phones write portrait shots.
stored, exif = with_orientation(stamp(["ZURICH", "EINREISE", "01.02.23"], seed=10), 6)
save(stored, "stamp-exif6.jpg", quality=85, exif=exif)


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# Decompression bomb: a valid 1-bit PNG of 12000 x 12000 = 144 megapixels that compresses to ~20 KB.
side = 12000
raw = zlib.compressobj(9)
rowbytes = b"\x00" + b"\x00" * (side // 8)
body = b"".join(raw.compress(rowbytes) for _ in range(side)) + raw.flush()
bomb = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
        + png_chunk(b"IDAT", body) + png_chunk(b"IEND", b""))
with open(os.path.join(OUT, "bomb.png"), "wb") as f:
    f.write(bomb)
print(f"bomb.png: {side}x{side}, {len(bomb)} bytes")


# --- Harder "photo of a passport page" scenes, for the rotation search and preparation settings.

def star(d, cx, cy, r, fill):
    import math
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=fill)


def schengen(code, place, date, ink, seed):
    """A Schengen-style entry stamp: stars around the country sign, plane, place, date, serial."""
    import math
    rnd = random.Random(seed)
    w, h = 560, 400
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([8, 8, w - 8, h - 8], radius=46, outline=ink, width=7)
    cx, cy = 110, 120
    for k in range(12):
        a = k * math.pi / 6
        star(d, cx + 72 * math.cos(a), cy + 72 * math.sin(a), 10, ink)
    f = ImageFont.truetype(BOLD, 54)
    box = d.textbbox((0, 0), code, font=f)
    d.text((cx - (box[2] - box[0]) / 2 - box[0], cy - (box[3] - box[1]) / 2 - box[1]), code, font=f, fill=ink)
    # A plane: fuselage and wings.
    d.polygon([(300, 110), (470, 110), (490, 120), (470, 130), (300, 130)], fill=ink)
    d.polygon([(380, 112), (340, 60), (360, 60), (420, 112)], fill=ink)
    d.polygon([(380, 128), (340, 180), (360, 180), (420, 128)], fill=ink)
    d.polygon([(300, 112), (285, 85), (298, 85), (318, 112)], fill=ink)
    f2 = ImageFont.truetype(CONDENSED, 48)
    d.text((40, 230), place, font=f2, fill=ink)
    f3 = ImageFont.truetype(MONO, 50)
    d.text((40, 300), date, font=f3, fill=ink)
    d.text((400, 300), f"{rnd.randint(100, 999)}", font=ImageFont.truetype(MONO, 36), fill=ink)
    # Uneven inking: knock out specks so letters are not perfectly solid.
    px = img.load()
    for _ in range(w * h // 12):
        x, y = rnd.randrange(w), rnd.randrange(h)
        if px[x, y][3] > 0:
            px[x, y] = (0, 0, 0, 0)
    return img


def page(stamp_rgba, angle, size, paper, seed, shadow=True, scribble=None):
    """Places a stamp on a passport page photo: guilloche lines, light falloff, blur, noise."""
    import math
    rnd = random.Random(seed)
    w, h = size
    img = Image.new("RGB", size, paper)
    d = ImageDraw.Draw(img)
    for k in range(0, w + h, 9):  # guilloche-like background print
        d.arc([k - 400, -200, k + 400, h + 200], 200, 340, fill=tuple(max(0, c - 22) for c in paper), width=1)
    turned = stamp_rgba.rotate(angle, resample=Image.BICUBIC, expand=True)
    x = (w - turned.size[0]) // 2 + rnd.randint(-30, 30)
    y = (h - turned.size[1]) // 2 + rnd.randint(-30, 30)
    img.paste(turned, (x, y), turned)
    if scribble:
        d.line(scribble, fill=(30, 30, 60), width=4, joint="curve")
    if shadow:  # a phone's light falloff towards one corner
        grad = Image.new("L", size)
        gp = grad.load()
        for yy in range(0, h, 4):
            for xx in range(0, w, 4):
                v = int(70 * (xx / w + yy / h) / 2)
                for dy in range(4):
                    for dx in range(4):
                        if xx + dx < w and yy + dy < h:
                            gp[xx + dx, yy + dy] = v
        img = Image.composite(Image.new("RGB", size, (0, 0, 0)), img, grad)
    img = img.filter(ImageFilter.GaussianBlur(1.1))
    px = img.load()
    for _ in range(w * h // 30):
        xx, yy = rnd.randrange(w), rnd.randrange(h)
        r, g, b = px[xx, yy]
        n = rnd.randint(-20, 20)
        px[xx, yy] = (max(0, min(255, r + n)), max(0, min(255, g + n)), max(0, min(255, b + n)))
    return img


save(page(schengen("IS", "KEFLAVIK", "12.07.19", (40, 60, 150, 255), 11), 90, (1200, 1000), (236, 226, 214), 12),
     "page-kef-rot90.jpg", quality=70)
save(page(schengen("D", "FRANKFURT/M", "03.05.22", (30, 30, 30, 255), 13), 180 + 6, (1200, 1000), (228, 234, 240), 14,
          scribble=[(420, 420), (520, 520), (600, 470), (700, 560), (780, 500)]),
     "page-fra-rot186.jpg", quality=70)
save(page(schengen("F", "ROISSY CDG", "21.09.18", (150, 40, 60, 255), 15), -24, (1200, 1000), (240, 238, 230), 16),
     "page-cdg-rot-24.jpg", quality=70)


# Icelandic and German letters (Í Ö Ð Þ Á Ü) for the language-choice measurement.
words = Image.new("L", (900, 260), 250)
d = ImageDraw.Draw(words)
f = ImageFont.truetype(CONDENSED, 44)
d.text((30, 30), "KEFLAVÍKURFLUGVÖLLUR", font=f, fill=20)
d.text((30, 100), "EGILSSTAÐIR 12.07.19", font=f, fill=20)
d.text((30, 170), "ÞORLÁKSHÖFN MÜNCHEN", font=f, fill=20)
save(words, "words-icelandic.png", optimize=True)


# A stamp scanned or exported with a transparent background (RGBA PNG): must read as ink on white.
save(schengen("NL", "SCHIPHOL", "30.11.21", (20, 20, 20, 255), 17), "stamp-transparent.png", optimize=True)
