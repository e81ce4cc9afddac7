#!/usr/bin/python3
"""Renders synthetic machine-readable zones in OCR-B (Debian fonts-ocr-b) for StampKit.

    render.py fixtures DIR            the committed test pages (ICAO specimens, fixed seed)
    render.py pages DIR [-n N] [-s S] held-out pages with random holders, truth.tsv
    render.py lines DIR [-n N] [-s S] single MRZ line images with truth.tsv, for CER per model
    render.py text FILE [-n N] [-s S] MRZ lines as text, the training text for train.sh
    render.py varied DIR [-n N] [-s S] [--mix train|heldout] [--padded DIR2] [--specimens JSON]
                                      line images in far more varied print: OCR-B cuts and stroke
                                      weights, laser/inkjet/dot texture, 12-34 px cap height, lower
                                      resolution and back up, binarised strips, scanner blur, wavy
                                      baselines, +-2 degree skew, tight crops (letters touching the
                                      edges) and loose ones (margins, a neighbour line's edge), JPEG
    render.py photos DIR [-n N] [-s S] harder held-out photos: a curved page in an open book, both
                                      OCR-B cuts, uneven printing, guilloche under the zone, shadows,
                                      laminate glare, colour casts, defocus, motion, small JPEGs

Everything is synthetic: the fictional state UTO and random names. Pillow only (no numpy), so
it runs with Debian's /usr/bin/python3 + python3-pil. Deterministic for a given seed.
"""
import argparse
import io
import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

TD3_ERIKSSON = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
                "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
TD1_ERIKSSON = ["I<UTOD231458907<<<<<<<<<<<<<<<",
                "7408122F1204159UTO<<<<<<<<<<<6",
                "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
ERIKSSON_VIZ = {"surname": "ERIKSSON", "given": "ANNA MARIA", "number": "L898902C3",
                "birth": "12 AUG/AOUT 1974", "issue": "16 APR/AVR 2007", "expiry": "15 APR/AVR 2012",
                "sex": "F", "place": "ZENITH", "nationality": "UTOPIAN"}

MONTHS = ["JAN/JAN", "FEB/FEV", "MAR/MARS", "APR/AVR", "MAY/MAI", "JUN/JUIN",
          "JUL/JUIL", "AUG/AOUT", "SEP/SEPT", "OCT/OCT", "NOV/NOV", "DEC/DEC"]
SURNAMES = ["ERIKSSON", "OKONKWO", "VAN DER BERG", "SCHMIDT", "NGUYEN", "OCONNOR", "ABDULLAH",
            "KOWALSKA", "BJORNSDOTTIR", "MARTINEZ GARCIA", "TANAKA", "OSULLIVAN", "PETROVIC",
            "LEE", "DUBOIS", "SILVA SANTOS", "HAKKINEN", "MUELLER", "ROSSI", "JOHANSEN",
            "PAPADOPOULOS", "OZTURK", "WOJCIK", "ZHANG", "BENALI", "FITZGERALD", "LINDQVIST"]
GIVEN = ["ANNA", "MARIA", "JOHN", "PETER", "AMARA", "LI", "SIGRUN", "JEAN PAUL", "OLGA", "KEN",
         "FATIMA", "MIGUEL", "ZOE", "BJORN", "CHIOMA", "YUKI", "ELIF", "TOMASZ", "INGRID", "OMAR"]
STATES = ["UTO", "D<<", "GBR", "FRA", "ISL", "NLD", "JPN", "USA", "CAN", "NOR", "POL", "ESP"]


def check(text):
    """ICAO 9303 7-3-1 check digit."""
    total = 0
    for i, c in enumerate(text):
        v = int(c) if c.isdigit() else 0 if c == "<" else ord(c) - 55
        total += v * (7, 3, 1)[i % 3]
    return str(total % 10)


def name_field(surname, given, length):
    field = surname.replace(" ", "<") + "<<" + given.replace(" ", "<")
    return field[:length].ljust(length, "<")


def random_date(rng, start, end):
    y = rng.randint(start, end)
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return y, m, d


def random_holder(rng):
    """A random holder; returns (kind, mrz lines, viz fields)."""
    surname = rng.choice(SURNAMES)
    given = " ".join(rng.sample(GIVEN, rng.choice([1, 1, 2])))
    state = rng.choice(STATES)
    nat = rng.choice([state, state, "UTO"])
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    number = "".join(rng.choice(letters + "0123456789" * 2) for _ in range(rng.choice([8, 9, 9])))
    by, bm, bd = random_date(rng, 1940, 2015)
    ey, em, ed = random_date(rng, 2020, 2036)
    sex = rng.choice("MFM<F")
    birth = "%02d%02d%02d" % (by % 100, bm, bd)
    expiry = "%02d%02d%02d" % (ey % 100, em, ed)
    kind = rng.choice(["TD3", "TD3", "TD3", "TD1", "TD2"])
    if kind == "TD3":
        optional = "".join(rng.choice("0123456789ABCDEFGHJK") for _ in range(rng.choice([0, 0, 6, 9, 14])))
        n = number.ljust(9, "<")
        o = optional.ljust(14, "<")
        ocheck = check(o) if optional or rng.random() < 0.5 else "<"
        lower = n + check(n) + nat + birth + check(birth) + sex + expiry + check(expiry) + o + ocheck
        composite = check(lower[0:10] + lower[13:20] + lower[21:43])
        lines = ["P<" + state + name_field(surname, given, 39), lower + composite]
    elif kind == "TD2":
        n = number.ljust(9, "<")
        lower = n + check(n) + nat + birth + check(birth) + sex + expiry + check(expiry) + "<" * 7
        composite = check(lower[0:10] + lower[13:20] + lower[21:35])
        lines = ["I<" + state + name_field(surname, given, 31), lower + composite]
    else:
        n = number.ljust(9, "<")
        line1 = "I<" + state + n + check(n) + "<" * 15
        line2 = birth + check(birth) + sex + expiry + check(expiry) + nat + "<" * 11
        composite = check(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29])
        lines = [line1, line2 + composite, name_field(surname, given, 30)]
    viz = {"surname": surname, "given": given, "number": number,
           "birth": "%02d %s %d" % (bd, MONTHS[bm - 1], by),
           "issue": "%02d %s %d" % (ed, MONTHS[em - 1], ey - 10),
           "expiry": "%02d %s %d" % (ed, MONTHS[em - 1], ey),
           "sex": sex.replace("<", "X"), "place": rng.choice(["ZENITH", "NADIR", "EQUINOX"]),
           "nationality": "UTOPIAN"}
    for i, line in enumerate(lines):
        assert len(line) == len(lines[0]), (kind, i, line)
    return kind, lines, viz


def ocrb(size):
    return ImageFont.truetype(OCRB, size)


def mrz_font_for(width, chars):
    """OCR-B at the size whose `chars` characters span `width` pixels (ICAO: 2.54 mm pitch)."""
    size = 40
    advance = ocrb(size).getlength("<" * chars)
    return ocrb(max(8, int(size * width / advance)))


def paper(rng, w, h):
    """Tinted security paper with a fine guilloche, as identity pages have."""
    base = (rng.randint(228, 245), rng.randint(232, 248), rng.randint(220, 240))
    img = Image.new("RGB", (w, h), base)
    d = ImageDraw.Draw(img)
    tint = tuple(max(0, c - rng.randint(25, 45)) for c in base)
    for k in range(14):
        phase = rng.random() * 6.28
        amp = h * (0.05 + 0.08 * rng.random())
        y0 = h * (k + 0.5) / 14
        pts = [(x, y0 + amp * math.sin(x / (w / (3 + k % 4)) + phase)) for x in range(0, w + 8, 8)]
        d.line(pts, fill=tint, width=1)
    return img


def data_page(rng, lines, viz, width=1000, with_mrz=True):
    """An identity page: header, photo, visual-zone fields, and the MRZ at the bottom."""
    h = int(width * 0.704)  # TD3 page is 125 × 88 mm
    if len(lines[0]) == 30:
        h = int(width * 0.63)  # TD1 card is 85.6 × 54 mm
    img = paper(rng, width, h)
    d = ImageDraw.Draw(img)
    s = width / 1000
    label = ImageFont.truetype(SANS, int(15 * s))
    value = ImageFont.truetype(SANS_BOLD, int(22 * s))
    head = ImageFont.truetype(SANS_BOLD, int(30 * s))
    ink = (30, 30, 45)
    d.text((40 * s, 22 * s), "UTOPIA  ·  PASSPORT / PASSEPORT", font=head, fill=(40, 50, 110))
    d.rectangle([40 * s, 85 * s, 270 * s, 390 * s], fill=(200, 196, 190), outline=(120, 120, 120))
    d.ellipse([95 * s, 130 * s, 215 * s, 270 * s], fill=(160, 140, 125))
    d.ellipse([70 * s, 260 * s, 240 * s, 420 * s], fill=(90, 90, 110))
    d.rectangle([40 * s, 390 * s, 270 * s, 430 * s], fill=img.getpixel((5, 5)))
    fields = [("Type / Type", "P"), ("Surname / Nom", viz["surname"]),
              ("Given names / Prénoms", viz["given"]), ("Nationality / Nationalité", viz["nationality"]),
              ("Date of birth / Date de naissance", viz["birth"]), ("Sex / Sexe", viz["sex"]),
              ("Place of birth / Lieu de naissance", viz["place"]),
              ("Date of issue / Date de délivrance", viz["issue"]),
              ("Date of expiry / Date d'expiration", viz["expiry"])]
    y = 80 * s
    for name, v in fields:
        d.text((300 * s, y), name, font=label, fill=(80, 80, 90))
        d.text((300 * s, y + 17 * s), v, font=value, fill=ink)
        y += 46 * s
        if y > h - 240 * s:
            break
    d.text((720 * s, 80 * s), "Passport No / N° du passeport", font=label, fill=(80, 80, 90))
    d.text((720 * s, 97 * s), viz["number"], font=value, fill=ink)
    if with_mrz:
        chars = len(lines[0])
        margin = 40 * s
        font = mrz_font_for(width - 2 * margin - 10 * s, chars)
        pitch = font.size * 1.45
        top = h - margin * 0.6 - pitch * len(lines)
        for i, line in enumerate(lines):
            d.text((margin, top + i * pitch), line, font=font, fill=(15, 15, 20))
    else:
        for i in range(2):
            d.text((40 * s, h - 110 * s + i * 40 * s), "Signature of holder / Signature du titulaire",
                   font=label, fill=(80, 80, 90))
    return img


def solve(a, b):
    """Gaussian elimination for the 8×8 perspective system."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def perspective(img, rng, amount, fill):
    """Moves each corner inwards by up to `amount` of the size: a page shot slightly off-axis."""
    w, h = img.size
    dst = [(0, 0), (w, 0), (w, h), (0, h)]
    src = []
    for x, y in dst:
        dx = (rng.random() * amount) * w * (1 if x == 0 else -1)
        dy = (rng.random() * amount) * h * (1 if y == 0 else -1)
        src.append((x + dx, y + dy))
    # PIL maps output (dst) → input (src); we want the page corners to land at `src`.
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    coeffs = solve(a, b)
    return img.transform((w, h), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=fill)


def light(img, rng, glare):
    """Uneven light: a falloff towards one side, and optionally a bright glare spot."""
    w, h = img.size
    shade = Image.new("L", (w, h))
    sd = ImageDraw.Draw(shade)
    left = rng.randint(150, 215)
    for x in range(0, w, 4):
        v = int(left + (255 - left) * x / w)
        sd.rectangle([x, 0, x + 4, h], fill=v)
    dark = Image.new("RGB", (w, h), (0, 0, 0))
    img = Image.composite(img, dark, shade.point(lambda v: v))
    if glare:
        spot = Image.new("L", (w, h), 0)
        gd = ImageDraw.Draw(spot)
        cx, cy = rng.randint(w // 4, 3 * w // 4), rng.randint(h // 5, h // 2)
        r = min(w, h) // 4
        gd.ellipse([cx - r, cy - r // 2, cx + r, cy + r // 2], fill=150)
        spot = spot.filter(ImageFilter.GaussianBlur(r // 3))
        img = Image.composite(Image.new("RGB", (w, h), (255, 255, 250)), img, spot)
    return img


def photograph(page, rng, rotate=0.0, tilt=0.0, persp=0.0, blur=0.0, glare=False, noise=6, out_width=1000):
    """Puts the page on a table and photographs it: tilt, perspective, light, blur, noise."""
    table = (rng.randint(60, 110), rng.randint(55, 95), rng.randint(45, 80))
    w, h = page.size
    pad = int(0.06 * w)
    canvas = Image.new("RGB", (w + 2 * pad, h + 2 * pad), table)
    canvas.paste(page, (pad, pad))
    if persp:
        canvas = perspective(canvas, rng, persp, table)
    if tilt:
        canvas = canvas.rotate(tilt, resample=Image.BICUBIC, expand=True, fillcolor=table)
    canvas = light(canvas, rng, glare)
    if blur:
        canvas = canvas.filter(ImageFilter.GaussianBlur(blur))
    if noise:
        grain = Image.effect_noise(canvas.size, noise).convert("RGB")
        canvas = Image.blend(canvas, grain, 0.08)
    if rotate:
        canvas = canvas.rotate(rotate, expand=True)
    scale = out_width / max(canvas.size)
    return canvas.resize((int(canvas.size[0] * scale), int(canvas.size[1] * scale)), Image.LANCZOS)


def save_jpeg(img, path, quality=82):
    img.save(path, "JPEG", quality=quality, optimize=True)


def fixtures(out):
    """The committed page fixtures: ICAO specimens photographed in the hard ways."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(9303)
    td3 = data_page(rng, TD3_ERIKSSON, ERIKSSON_VIZ)
    cases = [
        ("page-td3-upright.jpg", td3, dict()),
        ("page-td3-rot90.jpg", td3, dict(rotate=90)),
        ("page-td3-rot180.jpg", td3, dict(rotate=180, tilt=-1.5)),
        ("page-td3-rot270.jpg", td3, dict(rotate=270, tilt=2)),
        ("page-td3-tilt4.jpg", td3, dict(tilt=4)),
        ("page-td3-tilt-5.jpg", td3, dict(tilt=-5, glare=True)),
        ("page-td3-perspective.jpg", td3, dict(persp=0.05, tilt=1)),
        ("page-td3-blur.jpg", td3, dict(blur=1.6, tilt=-2)),
        ("page-td1-card.jpg", data_page(rng, TD1_ERIKSSON, ERIKSSON_VIZ, width=900), dict(tilt=3)),
        ("page-no-mrz.jpg", data_page(rng, TD3_ERIKSSON, ERIKSSON_VIZ, with_mrz=False), dict(tilt=2)),
    ]
    for name, page, how in cases:
        save_jpeg(photograph(page, rng, out_width=1000, **how), os.path.join(out, name))
        print(name, how)
    # An open book whose facing page holds a visa with its own labelled dates: the printed-field
    # pass must read the data page only. Own seed, so the fixtures above stay as they were.
    rng = random.Random(9304)
    page = data_page(rng, TD3_ERIKSSON, ERIKSSON_VIZ)
    w, h = page.size
    facing = visa_page(rng, w, h)
    d = ImageDraw.Draw(facing)
    label, value = ImageFont.truetype(SANS, 15), ImageFont.truetype(SANS_BOLD, 22)
    d.rectangle([60, 60, w - 60, h - 60], outline=(90, 110, 160), width=3)
    d.text((90, 80), "UTOPIA  VISA", font=value, fill=(40, 50, 110))
    for k, (name, text) in enumerate([("Date of birth / Date de naissance", "03 JAN/JAN 1969"),
                                      ("Date of issue / Date de délivrance", "21 SEP/SEPT 2010"),
                                      ("Date of expiry / Date d'expiration", "20 SEP/SEPT 2011")]):
        d.text((90, 140 + 60 * k), name, font=label, fill=(80, 80, 90))
        d.text((90, 157 + 60 * k), text, font=value, fill=(30, 30, 45))
    spread = Image.new("RGB", (w, 2 * h + 4), (200, 200, 200))
    spread.paste(facing, (0, 0))
    spread.paste(page, (0, h + 4))
    save_jpeg(photograph(spread, rng, tilt=2, out_width=1300), os.path.join(out, "page-td3-book.jpg"))
    print("page-td3-book.jpg", "open book, visa with other dates on the facing page")


def pages(out, n, seed):
    """Held-out pages: random holders, random tilt/turn/perspective/blur/glare; truth.tsv."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    with open(os.path.join(out, "truth.tsv"), "w") as truth:
        for i in range(n):
            kind, lines, viz = random_holder(rng)
            page = data_page(rng, lines, viz, width=rng.choice([900, 1000, 1100]))
            how = dict(rotate=rng.choice([0, 0, 0, 90, 180, 270]), tilt=rng.uniform(-5, 5),
                       persp=rng.choice([0, 0, 0.03, 0.05]), blur=rng.choice([0, 0, 0.8, 1.3]),
                       glare=rng.random() < 0.3)
            name = "page-%03d.jpg" % i
            save_jpeg(photograph(page, rng, out_width=rng.choice([1000, 1200, 1400]), **how),
                      os.path.join(out, name))
            truth.write("%s\t%s\t%s\n" % (name, kind, "|".join(lines)))


OCRB_SHARP = "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"


def draw_zone(img, rng, lines, box):
    """Prints the zone into `box` (left, top, right, bottom) the way real printers do: either
    OCR-B cut, slightly uneven pitch and baseline, some bolder or fainter ink, sometimes over a
    light guilloche that runs under the zone."""
    left, top, right, bottom = box
    chars = len(lines[0])
    path = rng.choice([OCRB, OCRB, OCRB_SHARP])
    pitch = (right - left) / chars
    size = 40
    advance = ImageFont.truetype(path, size).getlength("<")
    font = ImageFont.truetype(path, max(8, int(size * pitch * rng.uniform(0.97, 1.0) / advance)))
    d = ImageDraw.Draw(img)
    if rng.random() < 0.5:
        tint = tuple(rng.randint(150, 215) for _ in range(3))
        for k in range(rng.randint(3, 9)):
            phase, amp = rng.random() * 6.28, (bottom - top) * rng.uniform(0.2, 0.6)
            y0 = top + (bottom - top) * rng.random()
            wave = (right - left) / rng.uniform(2, 8)
            pts = [(x, y0 + amp * math.sin(x / wave + phase)) for x in range(int(left) - 20, int(right) + 20, 4)]
            d.line(pts, fill=tint, width=1)
    grey = rng.choice([10, 20, 35, 55, 70])
    ink = (grey, grey, grey + rng.randint(0, 25))
    bold = 1 if font.size >= 20 and rng.random() < 0.25 else 0
    line_pitch = (bottom - top) / len(lines)
    drift = rng.uniform(-0.15, 0.15) * pitch  # a printer whose pitch is a little off
    for i, line in enumerate(lines):
        y = top + i * line_pitch + rng.uniform(-0.05, 0.05) * line_pitch
        for j, c in enumerate(line):
            x = left + j * (pitch + drift / chars) + rng.uniform(-0.04, 0.04) * pitch
            d.text((x, y + rng.uniform(-0.03, 0.03) * line_pitch), c, font=font, fill=ink,
                   stroke_width=bold, stroke_fill=ink)


def visa_page(rng, w, h):
    """The facing page of an open book: running text and a couple of stamps, nothing zone-like."""
    img = paper(rng, w, h)
    d = ImageDraw.Draw(img)
    s = w / 1000
    small = ImageFont.truetype(SANS, int(14 * s))
    words = ["VISAS", "ENTRY", "EXIT", "AIRPORT", "UTOPIA", "PAGE", "NOTES", "IMMIGRATION", "11 03 2019"]
    for k in range(rng.randint(2, 6)):
        d.text((rng.uniform(0.05, 0.6) * w, rng.uniform(0.05, 0.85) * h),
               " ".join(rng.choice(words) for _ in range(rng.randint(2, 6))), font=small, fill=(90, 90, 110))
    for k in range(rng.randint(0, 3)):
        cx, cy, r = rng.uniform(0.15, 0.85) * w, rng.uniform(0.2, 0.8) * h, rng.uniform(0.06, 0.12) * w
        colour = rng.choice([(160, 40, 50), (40, 60, 150), (60, 110, 60)])
        d.ellipse([cx - r, cy - r * 0.8, cx + r, cy + r * 0.8], outline=colour, width=max(2, int(3 * s)))
        d.text((cx - r * 0.6, cy - 8 * s), rng.choice(words), font=small, fill=colour)
    return img


def curl(img, rng, amount, fill):
    """Bends the lines of an open book's page: a bow across the page and a roll towards the spine
    at the top (zones sit at the foot, away from the spine, so they bend least)."""
    w, h = img.size
    bow = amount * h * rng.choice([-1, 1])
    mesh = []
    step = max(8, w // 60)
    for x0 in range(0, w, step):
        x1 = min(w, x0 + step)
        def dy(x, y):
            across = math.sin(math.pi * x / w)
            return bow * across * (1.4 - y / h)
        quad = (x0, dy(x0, 0), x0, h + dy(x0, h), x1, h + dy(x1, h), x1, dy(x1, 0))
        mesh.append(((x0, 0, x1, h), quad))
    return img.transform((w, h), Image.MESH, mesh, Image.BICUBIC, fillcolor=fill)


def shadow(img, rng):
    """A soft shadow of a hand or a phone across part of the page."""
    w, h = img.size
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    corner = rng.choice([(0, 0), (w, 0), (0, h), (w, h)])
    pts = [corner] + [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(3)]
    d.polygon(pts, fill=rng.randint(50, 110))
    mask = mask.filter(ImageFilter.GaussianBlur(min(w, h) // 12))
    return Image.composite(Image.new("RGB", (w, h), (20, 20, 30)), img, mask)


def laminate_glare(img, rng):
    """A laminate's reflection: a soft bright streak, sometimes grazing the zone."""
    w, h = img.size
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    x = rng.uniform(0.1, 0.9) * w
    width = rng.uniform(0.03, 0.1) * w
    slant = rng.uniform(-0.3, 0.3) * h
    d.polygon([(x, 0), (x + width, 0), (x + width + slant, h), (x + slant, h)], fill=rng.randint(90, 150))
    mask = mask.filter(ImageFilter.GaussianBlur(width / 2))
    return Image.composite(Image.new("RGB", (w, h), (250, 250, 255)), img, mask)


def motion(img, rng, length):
    """Camera shake: the average of the image shifted along one direction."""
    if length < 1:
        return img
    angle = rng.uniform(0, math.pi)
    steps = max(2, int(length) + 1)
    out = None
    for k in range(steps):
        t = (k / (steps - 1) - 0.5) * length
        shifted = img.transform(img.size, Image.AFFINE, (1, 0, -t * math.cos(angle), 0, 1, -t * math.sin(angle)),
                                Image.BILINEAR)
        out = shifted if out is None else Image.blend(out, shifted, 1 / (k + 1))
    return out


def photo_page(rng, lines, viz):
    """An identity page printed by an uneven printer, in an open book."""
    width = rng.choice([900, 1000, 1100, 1200])
    page = data_page(rng, lines, viz, width=width, with_mrz=False)
    # data_page printed signature lines where the zone goes; paint the clear zone and print it.
    w, h = page.size
    chars = len(lines[0])
    margin = rng.uniform(0.03, 0.05) * w
    zone_w = w - 2 * margin
    pitch_y = (zone_w / chars) * rng.uniform(1.75, 1.95)  # ICAO: 4.23 mm line pitch at 2.54 mm
    zone_h = pitch_y * len(lines)
    top = h - rng.uniform(0.035, 0.06) * w - zone_h
    clear = page.getpixel((int(w * 0.5), int(h * 0.02)))
    ImageDraw.Draw(page).rectangle([0, top - pitch_y * 0.6, w, h], fill=clear)
    draw_zone(page, rng, lines, (margin, top, margin + zone_w, top + zone_h))
    if len(lines[0]) == 30 or rng.random() < 0.3:
        return page  # a card, or a page photographed alone
    facing = visa_page(rng, w, h)
    spread = Image.new("RGB", (w, 2 * h + 4), (200, 200, 200))
    spread.paste(facing, (0, 0))
    spread.paste(page, (0, h + 4))
    gutter = Image.new("L", spread.size, 0)
    ImageDraw.Draw(gutter).rectangle([0, h - h // 30, w, h + h // 30], fill=120)
    gutter = gutter.filter(ImageFilter.GaussianBlur(h // 40))
    return Image.composite(Image.new("RGB", spread.size, (60, 60, 70)), spread, gutter)


def photos(out, n, seed):
    """Harder held-out photos than `pages`: see photo_page and the effects above; truth.tsv."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    with open(os.path.join(out, "truth.tsv"), "w") as truth:
        for i in range(n):
            kind, lines, viz = random_holder(rng)
            page = photo_page(rng, lines, viz)
            table = (rng.randint(40, 140), rng.randint(40, 130), rng.randint(35, 120))
            w, h = page.size
            pad = int(rng.uniform(0.03, 0.2) * w)
            canvas = Image.new("RGB", (w + 2 * pad, h + 2 * pad), table)
            canvas.paste(page, (pad, pad))
            canvas = curl(canvas, rng, rng.choice([0, 0.004, 0.008, 0.012]), table)
            canvas = perspective(canvas, rng, rng.choice([0, 0.03, 0.06, 0.08]), table)
            canvas = canvas.rotate(rng.uniform(-8, 8), resample=Image.BICUBIC, expand=True, fillcolor=table)
            canvas = light(canvas, rng, glare=False)
            if rng.random() < 0.35:
                canvas = shadow(canvas, rng)
            if rng.random() < 0.35:
                canvas = laminate_glare(canvas, rng)
            cast = [rng.uniform(0.88, 1.08) for _ in range(3)]
            canvas = Image.merge("RGB", [band.point(lambda v, f=f: min(255, int(v * f)))
                                         for band, f in zip(canvas.split(), cast)])
            canvas = canvas.filter(ImageFilter.GaussianBlur(rng.choice([0, 0.6, 1.0, 1.5])))
            canvas = motion(canvas, rng, rng.choice([0, 0, 1.5, 3]))
            grain = Image.effect_noise(canvas.size, rng.randint(8, 30)).convert("RGB")
            canvas = Image.blend(canvas, grain, rng.uniform(0.04, 0.12))
            canvas = canvas.rotate(rng.choice([0, 0, 0, 90, 180, 270]), expand=True)
            out_width = rng.choice([1000, 1200, 1600, 2000, 2600])
            scale = out_width / max(canvas.size)
            canvas = canvas.resize((int(canvas.size[0] * scale), int(canvas.size[1] * scale)), Image.LANCZOS)
            name = "photo-%03d.jpg" % i
            save_jpeg(canvas, os.path.join(out, name), quality=rng.randint(55, 90))
            truth.write("%s\t%s\t%s\n" % (name, kind, "|".join(lines)))


def lines_set(out, n, seed):
    """Single-line images, as the zone finder cuts them out of photos: OCR-B on tinted paper,
    varied size, ink, tilt, blur, grain and JPEG loss; truth.tsv holds file<TAB>text."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    count = 0
    with open(os.path.join(out, "truth.tsv"), "w") as truth:
        while count < n:
            _, lines, _ = random_holder(rng)
            for line in lines:
                if count >= n:
                    break
                height = rng.choice([18, 22, 26, 30, 36, 44])
                font = ocrb(int(height * 0.85))
                w = int(font.getlength(line)) + 2 * height
                img = paper(rng, w, int(height * 1.8))
                ink = rng.randint(10, 90)
                ImageDraw.Draw(img).text((height, int(height * 0.35)), line, font=font, fill=(ink, ink, ink + 10))
                img = img.rotate(rng.uniform(-1.2, 1.2), resample=Image.BICUBIC, fillcolor=img.getpixel((1, 1)))
                img = img.filter(ImageFilter.GaussianBlur(rng.choice([0, 0.5, 0.9, 1.2, 1.6])))
                img = img.resize((int(w * rng.uniform(0.9, 1.1)), img.size[1]), Image.BILINEAR)
                if rng.random() < 0.5:
                    grain = Image.effect_noise(img.size, rng.randint(4, 20)).convert("RGB")
                    img = Image.blend(img, grain, 0.1)
                img = img.convert("L")
                if rng.random() < 0.5:
                    buffer = io.BytesIO()
                    img.save(buffer, "JPEG", quality=rng.randint(40, 85))
                    img = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
                name = "line-%04d.png" % count
                img.save(os.path.join(out, name))
                truth.write("%s\t%s\n" % (name, line))
                count += 1


# ---------------------------------------------------------------------------------------------
# Varied print: lines as real documents print and scanners, phones and other tools cut them.

OCRB_OBLIQUE = "/usr/share/fonts/opentype/ocr-b/OCRBL.otf"

# Two mixes of the same degradations. "train" is what the model learns from; "heldout" draws
# other fonts' shares, sizes, weights, textures and losses, so a model that merely learnt the
# training renderer measures worse on it (it stands in for print the team has not seen).
MIXES = {
    "train": dict(
        fonts=[OCRB, OCRB, OCRB_SHARP], cap=(12, 34), width=(0.92, 1.08), pitch=(0.98, 1.12),
        weight=(-0.6, 1.0), texture=["plain", "plain", "laser", "inkjet", "dots"],
        ink=(0, 110), paper=(170, 255), guilloche=0.3, neighbour=0.5, skew=2.0, wobble=(0.0, 0.06),
        low=0.3, binarise=0.3, blur=[0, 0, 0.4, 0.7, 1.0, 1.4], grain=(0, 22),
        jpeg=0.6, quality=(25, 92), tight=0.45),
    "heldout": dict(
        fonts=[OCRB, OCRB_SHARP, OCRB_SHARP], cap=(15, 30), width=(0.88, 1.12), pitch=(0.95, 1.16),
        weight=(-0.7, 1.3), texture=["plain", "laser", "laser", "inkjet", "inkjet", "dots"],
        ink=(20, 130), paper=(150, 250), guilloche=0.5, neighbour=0.7, skew=2.0, wobble=(0.02, 0.08),
        low=0.45, binarise=0.4, blur=[0, 0.3, 0.6, 0.9, 1.2], grain=(5, 30),
        jpeg=0.75, quality=(20, 80), tight=1.0),
}
SUPER = 3  # glyphs are drawn and degraded at three times the final size, then scaled down


def threshold(img, level):
    return img.point(lambda v: 255 if v >= level else 0)


def ink_mask(rng, mix, line, cap):
    """The line's ink at SUPER × size as an L mask (255 = ink): glyph cut and weight, uneven
    pitch, a wavy baseline, and the printer's texture; and the glyphs' box before the texture
    (whose specks must not widen a tight crop)."""
    path = rng.choice(mix["fonts"])
    size = int(cap * SUPER / 0.73)
    font = ImageFont.truetype(path, size)
    advance = font.getlength("<") * rng.uniform(*mix["pitch"])
    w = int(advance * (len(line) + 2))
    h = int(size * 2.2)
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    amplitude = rng.uniform(*mix["wobble"]) * size
    period, phase = rng.uniform(8, 30), rng.random() * 6.28
    for j, c in enumerate(line):
        y = size * 0.4 + amplitude * math.sin(j / period * 6.28 + phase) + rng.uniform(-0.015, 0.015) * size
        d.text((advance * (j + 1) + rng.uniform(-0.03, 0.03) * advance, y), c, font=font, fill=255)
    # Stroke weight: blur and cut at another level (thinner above the middle, bolder below).
    weight = rng.uniform(*mix["weight"])
    radius = SUPER * cap / 22 * abs(weight)
    if radius >= 0.5:
        mask = threshold(mask.filter(ImageFilter.GaussianBlur(radius)), 128 - int(weight / abs(weight) * 80))
    box = mask.getbbox() or (0, 0, w, h)
    texture = rng.choice(mix["texture"])
    if texture == "laser":  # toner: ragged edges, a few specks around the glyphs
        noise = Image.effect_noise((w, h), 60).filter(ImageFilter.GaussianBlur(SUPER * 0.4))
        soft = mask.filter(ImageFilter.GaussianBlur(SUPER * 0.5))
        mask = threshold(ImageChops.add(soft, noise, 1.0, -128), 128)
    elif texture == "inkjet":  # ink that bleeds into the paper and leaves satellite drops
        bleed = mask.filter(ImageFilter.GaussianBlur(SUPER * rng.uniform(0.5, 1.2)))
        noise = Image.effect_noise((w, h), 45)
        mask = threshold(ImageChops.add(bleed, noise.point(lambda v: v // 2), 1.0, -64), rng.randint(80, 120))
    elif texture == "dots":  # dot-matrix or halftone: the strokes made of round dots
        step = max(SUPER, int(SUPER * cap / rng.uniform(6, 9)))
        dots = Image.new("L", (w, h), 0)
        dd = ImageDraw.Draw(dots)
        r = step * rng.uniform(0.55, 0.75)
        for y in range(0, h, step):
            for x in range(0, w, step):
                dd.ellipse([x - r, y - r, x + r, y + r], fill=255)
        mask = ImageChops.multiply(mask, dots)
    return mask, box


def backdrop(rng, mix, w, h, paper_level):
    """Paper: a plain or tinted level, sometimes a faint guilloche and uneven light."""
    img = Image.new("L", (w, h), paper_level)
    d = ImageDraw.Draw(img)
    if rng.random() < mix["guilloche"]:
        tint = max(0, paper_level - rng.randint(20, 70))
        for k in range(rng.randint(3, 10)):
            phase, amp = rng.random() * 6.28, h * rng.uniform(0.05, 0.3)
            y0, wave = h * rng.random(), w / rng.uniform(3, 12)
            d.line([(x, y0 + amp * math.sin(x / wave + phase)) for x in range(0, w + 8, 8)],
                   fill=tint, width=max(1, SUPER // 2))
    if rng.random() < 0.4:
        shade = Image.linear_gradient("L").rotate(rng.choice([0, 90, 180, 270])).resize((w, h))
        img = ImageChops.subtract(img, shade.point(lambda v, k=rng.uniform(0, 0.25): int(v * k)))
    return img


def varied_line(rng, mix, line, neighbours):
    """One line image and its tight crop box: (image, (left, top, right, bottom)) at final size."""
    cap = rng.uniform(*mix["cap"])
    mask, inner = ink_mask(rng, mix, line, cap)
    scale_x = rng.uniform(*mix["width"])
    mask = mask.resize((int(mask.size[0] * scale_x), mask.size[1]), Image.BILINEAR)
    inner = (inner[0] * scale_x, inner[1], inner[2] * scale_x, inner[3])
    w, h = mask.size
    # The zone's other lines at the ICAO pitch (about 1.7 cap heights between baselines).
    pitch = int(cap * SUPER * rng.uniform(1.55, 1.9))
    full = Image.new("L", (w, h + 2 * pitch), 0)
    full.paste(mask, (0, pitch))
    angle = rng.uniform(-mix["skew"], mix["skew"])
    if rng.random() < mix["neighbour"]:
        # With neighbours above and below, no more skew than a straight crop of the line can
        # take without cutting through them (a third of a cap height from end to end).
        angle = max(-1, min(1, angle)) * math.degrees(math.atan(0.35 * cap * SUPER / w))
        for k, other in enumerate(neighbours[:2]):
            nm, _ = ink_mask(rng, mix, other, cap)
            nm = nm.resize((w, nm.size[1]), Image.BILINEAR).crop((0, 0, w, h))
            full.paste(ImageChops.lighter(full.crop((0, k * 2 * pitch, w, k * 2 * pitch + h)), nm), (0, k * 2 * pitch))
    # Where the line's own ink lands after the skew: its box's corners, turned as rotate() turns.
    fw, fh = full.size
    full = full.rotate(angle, resample=Image.BILINEAR, expand=True)
    t, (nw, nh) = math.radians(angle), full.size
    corners = [(x - fw / 2, y + pitch - fh / 2) for x in (inner[0], inner[2]) for y in (inner[1], inner[3])]
    xs = [x * math.cos(t) + y * math.sin(t) + nw / 2 for x, y in corners]
    ys = [-x * math.sin(t) + y * math.cos(t) + nh / 2 for x, y in corners]
    box = (min(xs), min(ys), max(xs), max(ys))
    mask = full
    paper_level = rng.randint(*mix["paper"])
    ink_level = min(paper_level - 60, rng.randint(*mix["ink"]))
    page = backdrop(rng, mix, *mask.size, paper_level)
    page = Image.composite(Image.new("L", mask.size, ink_level), page, mask)
    # Down to the final size (a scan or photo at low resolution), sometimes lower and back up.
    final = (max(1, page.size[0] // SUPER), max(1, page.size[1] // SUPER))
    box = tuple(v / SUPER for v in box)
    if rng.random() < mix["low"]:
        f = max(rng.uniform(0.5, 0.85), 10 / cap)  # never below 10 px of cap height
        small = page.resize((max(1, int(final[0] * f)), max(1, int(final[1] * f))), Image.BOX)
        page = small.resize(final, rng.choice([Image.BILINEAR, Image.BICUBIC, Image.NEAREST]))
    else:
        page = page.resize(final, rng.choice([Image.BOX, Image.BILINEAR, Image.LANCZOS]))
    blur = rng.choice(mix["blur"])
    if blur:
        page = page.filter(ImageFilter.GaussianBlur(blur))
    sigma = rng.randint(*mix["grain"])
    if sigma:
        page = Image.blend(page, Image.effect_noise(page.size, sigma), rng.uniform(0.05, 0.15))
    if rng.random() < mix["binarise"]:  # a scanner's or another tool's black-and-white strip
        level = int(ink_level + (paper_level - ink_level) * rng.uniform(0.3, 0.7))
        page = threshold(page, level)
        if rng.random() < 0.5:  # and scaled up again for the reader
            f = rng.uniform(1.3, 2.5)
            page = page.resize((int(page.size[0] * f), int(page.size[1] * f)), rng.choice([Image.NEAREST, Image.BILINEAR]))
            box = tuple(v * f for v in box)
    return page, box


def crop_line(rng, img, box, tight):
    """A tight crop (the letters touch the edges, sometimes cut a little) or a loose one (margins
    of different sizes, often showing a neighbour line's edge)."""
    left, top, right, bottom = box
    h = bottom - top
    if tight:
        shave = lambda: rng.uniform(-0.04, 0.02) * h
        crop = (left - shave(), top - shave(), right + shave(), bottom + shave())
    else:
        # Up to 0.75 line heights above and below: enough for a neighbour's edge, never
        # the neighbour itself (its whole text would contradict the truth).
        crop = (left - rng.uniform(0.1, 2.5) * h, top - rng.uniform(0.05, 0.75) * h,
                right + rng.uniform(0.1, 2.5) * h, bottom + rng.uniform(0.05, 0.75) * h)
    w, hh = img.size
    crop = tuple(int(round(v)) for v in (max(0, crop[0]), max(0, crop[1]), min(w, crop[2]), min(hh, crop[3])))
    return img.crop(crop)


def jpeg(rng, mix, img):
    if rng.random() < mix["jpeg"]:
        buffer = io.BytesIO()
        img.save(buffer, "JPEG", quality=rng.randint(*mix["quality"]))
        img = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
    return img


def varied(out, n, seed, mix_name, padded_out=None, specimens=None):
    """Line images in varied print (see MIXES) with truth.tsv. With padded_out, the same images
    again with a 20 px white margin, so a tight and a padded crop of each line can be compared.
    With specimens (ICAO's specimen zones as JSON), their lines instead of random holders."""
    mix = MIXES[mix_name]
    rng = random.Random(seed)
    dirs = [out] + ([padded_out] if padded_out else [])
    for d in dirs:
        os.makedirs(d, exist_ok=True)
    zones = None
    if specimens:
        import json
        zones = [v["lines"] for v in json.load(open(specimens))["vectors"] if v.get("lines")]
    tables = [open(os.path.join(d, "truth.tsv"), "w") for d in dirs]
    count = 0
    while count < n:
        lines = rng.choice(zones) if zones else random_holder(rng)[1]
        for i, line in enumerate(lines):
            if count >= n:
                break
            others = [lines[(i - 1) % len(lines)], lines[(i + 1) % len(lines)]]
            img, box = varied_line(rng, mix, line, others)
            img = crop_line(rng, img, box, rng.random() < mix["tight"])
            img = jpeg(rng, mix, img)
            name = "line-%04d.png" % count
            img.save(os.path.join(out, name))
            if padded_out:
                pad = Image.new("L", (img.size[0] + 40, img.size[1] + 40), 255)
                pad.paste(img, (20, 20))
                pad.save(os.path.join(padded_out, name))
            for t in tables:
                t.write("%s\t%s\n" % (name, line))
            count += 1
    for t in tables:
        t.close()


def text(out, n, seed):
    """N random zones' lines, one per text line (training text; fillers in long runs)."""
    rng = random.Random(seed)
    with open(out, "w") as f:
        for _ in range(n):
            for line in random_holder(rng)[1]:
                f.write(line + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["fixtures", "pages", "photos", "lines", "varied", "text"])
    p.add_argument("dir")
    p.add_argument("-n", type=int, default=20)
    p.add_argument("-s", "--seed", type=int, default=1)
    p.add_argument("--mix", choices=sorted(MIXES), default="train", help="varied: which mix of degradations")
    p.add_argument("--padded", metavar="DIR2", help="varied: the same lines with a 20 px white margin here")
    p.add_argument("--specimens", metavar="JSON", help="varied: the zones of this file's vectors[].lines")
    a = p.parse_args()
    if not os.path.exists(OCRB):
        sys.exit("OCR-B font missing: apt-get install fonts-ocr-b")
    {"fixtures": lambda: fixtures(a.dir), "pages": lambda: pages(a.dir, a.n, a.seed),
     "photos": lambda: photos(a.dir, a.n, a.seed),
     "lines": lambda: lines_set(a.dir, a.n, a.seed),
     "varied": lambda: varied(a.dir, a.n, a.seed, a.mix, a.padded, a.specimens), "text": lambda: text(a.dir, a.n, a.seed)}[a.what]()


if __name__ == "__main__":
    main()
