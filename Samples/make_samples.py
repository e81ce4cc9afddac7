#!/usr/bin/python3
"""Render StampKit's sample passport-stamp photos and their ground truth.

Run with Debian's Python, which has Pillow (python3-pil):

    /usr/bin/python3 Samples/make_samples.py                 # Samples/stamps/ + Samples/expected.json
    /usr/bin/python3 Samples/make_samples.py --heldout DIR   # a different set for evaluation only

Every image comes from a fixed seed, so re-running reproduces the same bytes
(same Pillow, libjpeg and fonts). The stamps are drawn, not copied from real
passports: they imitate the layout and the words real stamps carry (see
Samples/README.md), on a pale passport page with a guilloche pattern, uneven
ink, light blur and noise, as a phone photo would show them.
"""

import argparse
import json
import math
import os
import random
import sys
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))

URW = "/usr/share/fonts/opentype/urw-base35/"
FONT_FILES = {
    # face name: (file, Debian package that ships it)
    "sans": (URW + "NimbusSans-Bold.otf", "fonts-urw-base35"),
    "sans-regular": (URW + "NimbusSans-Regular.otf", "fonts-urw-base35"),
    "narrow": (URW + "NimbusSansNarrow-Bold.otf", "fonts-urw-base35"),
    "mono": (URW + "NimbusMonoPS-Bold.otf", "fonts-urw-base35"),
    "gothic": (URW + "URWGothic-Demi.otf", "fonts-urw-base35"),
    "dejavu": ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-cond": ("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf", "fonts-dejavu-core"),
    "noto-mono": ("/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf", "fonts-noto-mono"),
    "cjk": ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "fonts-droid-fallback"),
    "hangul": ("/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf", "fonts-nanum"),
}

INKS = {
    "blue": (38, 66, 168),
    "navy": (30, 42, 120),
    "violet": (96, 52, 150),
    "purple": (120, 40, 120),
    "red": (178, 34, 44),
    "black": (34, 34, 40),
    "green": (28, 112, 64),
    "teal": (20, 100, 110),
}

# Passport-page tints: (paper, guilloche line colour).
PAGES = {
    "green": ((233, 241, 229), (206, 222, 204)),
    "pink": ((245, 233, 235), (226, 205, 212)),
    "blue": ((229, 237, 245), (203, 216, 232)),
    "cream": ((245, 240, 225), (225, 216, 192)),
    "lilac": ((238, 233, 245), (214, 205, 230)),
}

# Smallest font size (px) whose capitals stand ~25 px tall: Tesseract's comfort zone.
MIN_FONT_PX = 34

_font_cache = {}


def font(face, size):
    """Return a cached FreeType font for a face name and pixel size."""
    key = (face, size)
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(FONT_FILES[face][0], size)
    return _font_cache[key]


def check_fonts():
    """Stop with a fix-it message if a font this script needs is missing."""
    missing = sorted({pkg for path, pkg in FONT_FILES.values() if not os.path.exists(path)})
    if missing:
        sys.exit("make_samples: missing fonts; install them with: apt-get install " + " ".join(missing))


# ---------------------------------------------------------------- stamp drawing

PLANE_HALF = [(1.0, 0.0), (0.92, 0.065), (0.30, 0.075), (-0.10, 0.80), (-0.26, 0.80),
              (-0.08, 0.075), (-0.60, 0.065), (-0.76, 0.33), (-0.88, 0.33), (-0.82, 0.0)]


class Stamp:
    """An ink mask (white = ink) of one rubber stamp, drawn upright."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.mask = Image.new("L", (w, h), 0)
        self.d = ImageDraw.Draw(self.mask)
        self.smallest = None  # smallest font size used, to keep text readable

    # -- text
    def fit(self, segments, size, max_width):
        """Shrink size until the segments (text, face) fit max_width; return size and width."""
        while True:
            width = sum(self.d.textlength(t, font=font(f, size)) for t, f in segments)
            width += 0.3 * size * (len(segments) - 1)
            if max_width is None or width <= max_width or size <= 12:
                return size, width
            size -= 1

    def line(self, x, y, segments, size, max_width=None, align="center"):
        """Draw one line of text segments with its cap middle at y."""
        if isinstance(segments, str):
            segments = [(segments, "sans")]
        size, width = self.fit(segments, size, max_width)
        self.smallest = size if self.smallest is None else min(self.smallest, size)
        if align == "center":
            x0 = x - width / 2
        elif align == "right":
            x0 = x - width
        else:
            x0 = x
        baseline = y + 0.36 * size
        for text, face in segments:
            f = font(face, size)
            self.d.text((x0, baseline), text, font=f, fill=255, anchor="ls")
            x0 += self.d.textlength(text, font=f) + 0.3 * size
        return size

    # -- borders
    def border(self, style, inset=8, radius=40, width=8, inner=True):
        """Outer border of the stamp and an optional thin inner line."""
        self._border(style, inset, radius, width)
        if inner:
            self._border(style, inset + width + 9, max(radius - width - 9, 4), 3)

    def _border(self, style, inset, radius, width):
        x0, y0, x1, y1 = inset, inset, self.w - 1 - inset, self.h - 1 - inset
        if style == "rounded":
            self.d.rounded_rectangle([x0, y0, x1, y1], radius=radius, outline=255, width=width)
        elif style == "rect":
            self.d.rectangle([x0, y0, x1, y1], outline=255, width=width)
        elif style == "notched":
            # Concave (cut-in) corners: the look this set uses for Schengen exit stamps.
            r = radius
            half = width / 2
            self.d.line([(x0 + r, y0 + half), (x1 - r, y0 + half)], fill=255, width=width)
            self.d.line([(x0 + r, y1 - half), (x1 - r, y1 - half)], fill=255, width=width)
            self.d.line([(x0 + half, y0 + r), (x0 + half, y1 - r)], fill=255, width=width)
            self.d.line([(x1 - half, y0 + r), (x1 - half, y1 - r)], fill=255, width=width)
            for (cx, cy), (a0, a1) in (((x0, y0), (0, 90)), ((x1, y0), (90, 180)),
                                       ((x1, y1), (180, 270)), ((x0, y1), (270, 360))):
                self.d.arc([cx - r - half, cy - r - half, cx + r + half, cy + r + half],
                           a0, a1, fill=255, width=width)
        else:
            raise ValueError(style)

    # -- pictograms
    def star(self, cx, cy, r, rot=-90.0):
        pts = []
        for i in range(10):
            a = math.radians(rot + 36 * i)
            rr = r if i % 2 == 0 else r * 0.42
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        self.d.polygon(pts, fill=255)

    def star_ring(self, cx, cy, radius, sign, face="sans", size=72):
        """Twelve stars around the Schengen state's distinguishing sign."""
        for k in range(12):
            a = 2 * math.pi * k / 12 - math.pi / 2
            self.star(cx + radius * math.cos(a), cy + radius * math.sin(a), radius * 0.17)
        self.line(cx, cy, [(sign, face)], size, max_width=radius * 1.45)

    def plane(self, cx, cy, size, angle=-25.0):
        """A simple aeroplane silhouette seen from above, nose along angle."""
        half = PLANE_HALF
        outline = half + [(x, -y) for x, y in reversed(half[1:-1])]
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        pts = [(cx + size * (x * ca - y * sa), cy + size * (x * sa + y * ca)) for x, y in outline]
        self.d.polygon(pts, fill=255)


def schengen(sign, place, date, serial, exit=False, face="sans", date_face="sans",
             w=820, h=500, plane_angle=-28.0):
    """Schengen border stamp: stars around the sign, plane, date, crossing point, serial."""
    st = Stamp(w, h)
    st.border("notched" if exit else "rounded", radius=64 if exit else 60, width=9)
    st.star_ring(150, 148, 88, sign, face=face, size=72)
    st.plane(w - 170, 140, 100, angle=plane_angle)
    st.line(w * 0.45, 292, [(date, date_face)], 100, max_width=w * 0.58)
    st.line(w - 70, 292, [(serial, face)], 44)
    st.line(w / 2, h - 82, [(place, face)], 62, max_width=w - 110)
    return st


def box(lines, w=820, h=520, style="rounded", radius=40, bw=8, inner=True, margin=34,
        decorations=()):
    """A text stamp: lines of (segments, size) spread evenly inside a border."""
    st = Stamp(w, h)
    st.border(style, radius=radius, width=bw, inner=inner)
    top, bottom = margin + bw + 12, h - margin - bw - 12
    sizes = [size for _, size in lines]
    gap = (bottom - top - sum(sizes)) / (len(lines) + 1)
    y = top + gap
    for segments, size in lines:
        st.line(w / 2, y + size / 2, segments, size, max_width=w - 2 * (margin + bw + 24))
        y += size + gap
    for deco in decorations:
        kind = deco[0]
        if kind == "plane":
            st.plane(*deco[1:])
        elif kind == "text":
            _, x, yy, text, face, size, align = deco
            st.line(x, yy, [(text, face)], size, align=align)
    return st


# ---------------------------------------------------------------- photographing

def lut(lo, hi):
    """Point table mapping 0..255 onto lo..hi (fractions of full scale), clipped."""
    return [max(0, min(255, round(255 * (lo + (hi - lo) * v / 255)))) for v in range(256)]


def smooth_field(rng, size, cells, lo, hi):
    """Low-frequency random field over size, values lo..hi of full scale."""
    cw, ch = cells
    small = Image.frombytes("L", (cw, ch), rng.randbytes(cw * ch))
    return small.resize(size, Image.BICUBIC).point(lut(lo, hi))


def page(rng, size, tint):
    """A pale passport page with a faint two-family guilloche of wavy lines."""
    paper, ink = PAGES[tint]
    w, h = size
    bg = Image.new("RGB", size, paper)
    d = ImageDraw.Draw(bg)
    for family in range(2):
        spacing = rng.uniform(13, 17)
        a1, a2 = rng.uniform(14, 26), rng.uniform(5, 10)
        l1, l2 = rng.uniform(110, 170), rng.uniform(35, 60)
        p1, p2 = rng.uniform(0, 6.28), rng.uniform(0, 6.28)
        drift = rng.uniform(0.08, 0.2) * (1 if family == 0 else -1)
        n = int(h / spacing) + 8
        for i in range(-4, n):
            y0 = i * spacing
            pts = [(x, y0 + a1 * math.sin(x / l1 + p1 + i * drift) + a2 * math.sin(x / l2 + p2 - i * 0.05))
                   for x in range(-8, w + 16, 8)]
            d.line(pts, fill=ink, width=1)
    return bg


def ink_mask(rng, stamp, strength, fade=0.0):
    """Stamp mask with uneven ink: soft patches, fine speckle, optional missing ink."""
    size = (stamp.w, stamp.h)
    m = stamp.mask.filter(ImageFilter.GaussianBlur(0.6))
    m = ImageChops.multiply(m, smooth_field(rng, size, (7, 5), 0.62, 1.0))
    m = ImageChops.multiply(m, smooth_field(rng, size, (60, 40), 0.78, 1.0))
    speck = Image.frombytes("L", (stamp.w // 3, stamp.h // 3), rng.randbytes((stamp.w // 3) * (stamp.h // 3)))
    speck = speck.point(lambda v: 0 if v < 14 else 255).resize(size, Image.NEAREST).filter(ImageFilter.GaussianBlur(1.0))
    m = ImageChops.multiply(m, speck)
    if fade > 0:
        # Large areas where the pad was dry: ink goes to nothing there.
        holes = smooth_field(rng, size, (9, 6), -fade * 1.1, 1.6)
        m = ImageChops.multiply(m, holes)
        m = ImageChops.multiply(m, smooth_field(rng, size, (90, 60), 1.0 - fade * 1.4, 1.3))
    return m.point(lut(0, strength))


def photograph(rng, stamp, ink, tint, canvas=(1200, 900), angle=0.0, offset=(0, 0),
               strength=0.92, fade=0.0, blur=1.0, noise=5, shading=True, scribble=None):
    """Put the stamp on a page and return an RGB 'phone photo' of it."""
    w, h = canvas
    bg = page(rng, canvas, tint)
    m = ink_mask(rng, stamp, strength, fade)
    if angle:
        m = m.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=0)
    full = Image.new("L", canvas, 0)
    full.paste(m, ((w - m.width) // 2 + offset[0], (h - m.height) // 2 + offset[1]))
    inked = ImageChops.multiply(bg, Image.new("RGB", canvas, INKS[ink]))
    out = Image.composite(inked, bg, full)
    if scribble is not None:
        out = add_scribble(rng, out, scribble)
    if shading:
        light = smooth_field(rng, canvas, (3, 3), 0.86, 1.0)
        out = ImageChops.multiply(out, Image.merge("RGB", (light, light, light)))
    if blur:
        out = out.filter(ImageFilter.GaussianBlur(blur))
    if noise:
        n = Image.frombytes("RGB", canvas, rng.randbytes(w * h * 3)).point(lut(0, 2 * noise / 255) * 3)
        out = ImageChops.add(out, n, 1.0, -noise)
    return out


def add_scribble(rng, img, box_):
    """A ballpoint signature across the stamp: uneven loops drifting left to right."""
    x0, y0, x1, y1 = box_
    layer = Image.new("L", img.size, 0)
    d = ImageDraw.Draw(layer)
    mid, half = (y0 + y1) / 2, (y1 - y0) / 2
    loops = rng.randint(6, 9)
    widths = [rng.uniform(0.6, 1.4) for _ in range(loops)]
    heights = [rng.uniform(0.35, 1.0) for _ in range(loops)]
    scale = (x1 - x0) / sum(widths)
    pts, x = [], x0
    for k in range(loops):
        for i in range(40):
            u = i / 40
            theta = 2 * math.pi * u
            px = x + widths[k] * scale * u + 26 * heights[k] * math.sin(theta + 0.9)
            py = mid + 0.25 * half * math.sin(3.0 * (x - x0) / (x1 - x0) + 1) \
                - heights[k] * half * math.sin(theta)
            pts.append((px, py))
        x += widths[k] * scale
    d.line(pts, fill=230, width=4, joint="curve")
    d.line([(x0 + 40, y1 + 10), (x1 - 20, y1 - 25)], fill=230, width=4)
    layer = layer.filter(ImageFilter.GaussianBlur(0.7))
    pen = ImageChops.multiply(img, Image.new("RGB", img.size, (20, 28, 90)))
    return Image.composite(pen, img, layer)


def save(img, path, fmt="jpeg", exif_orientation=None):
    """Write JPEG q85 (optionally with an EXIF Orientation tag) or PNG."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if fmt == "png":
        img.save(path, format="PNG", optimize=True)
        return
    kwargs = {"format": "JPEG", "quality": 85}
    if exif_orientation is not None:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        kwargs["exif"] = exif.tobytes()
    img.save(path, **kwargs)


def seed_for(name, base):
    """A stable per-image seed (Python's hash() is salted per process)."""
    return (zlib.crc32(name.encode("utf-8")) ^ base) & 0xFFFFFFFF


# ---------------------------------------------------------------- the sample set

def truth(country, iata, city, date, direction, entry, design, hard):
    return {"country": country, "iata": iata, "city": city, "date": date,
            "direction": direction, "entryMethod": entry, "design": design, "hard": hard}


def samples():
    """The committed sample set: (file name, stamp, photo options, save options, truth)."""
    s = []

    s.append(("kef-entry.jpg",
              schengen("IS", "KEFLAVÍKURFLUGVÖLLUR", "12.07.19", "017"),
              dict(ink="blue", tint="green", angle=1.2, offset=(-20, 10)), {},
              truth("IS", "KEF", "Keflavík", "2019-07-12", "arrival", "air", "schengen",
                    ["diacritics", "long-compound-name", "two-digit-year"])))

    s.append(("fra-exit.jpg",
              schengen("D", "FRANKFURT/M", "03.11.22", "142", exit=True),
              dict(ink="black", tint="pink", angle=-0.8, offset=(15, -10)), {},
              truth("DE", "FRA", "Frankfurt am Main", "2022-11-03", "departure", "air", "schengen",
                    ["direction-by-shape", "two-digit-year"])))

    s.append(("cdg-entry.jpg",
              schengen("F", "ROISSY-CDG", "18.08.17", "205", date_face="mono"),
              dict(ink="violet", tint="blue", angle=0.6, offset=(0, 0)), {},
              truth("FR", "CDG", "Paris", "2017-08-18", "arrival", "air", "schengen",
                    ["airport-name-only", "two-digit-year"])))

    s.append(("ams-entry.jpg",
              schengen("NL", "SCHIPHOL", "02.05.16", "031"),
              dict(ink="red", tint="cream", angle=-1.5, offset=(10, 20)), {},
              truth("NL", "AMS", "Amsterdam", "2016-05-02", "arrival", "air", "schengen",
                    ["airport-name-only", "two-digit-year"])))

    s.append(("mad-entry.jpg",
              box([([("ENTRADA", "sans")], 70),
                   ([("27.12.18", "sans")], 96),
                   ([("MADRID-BARAJAS", "sans")], 60)],
                  w=820, h=520, style="rounded", radius=56,
                  decorations=[("plane", 120, 100, 62, -28),
                               ("text", 700, 100, "E", "sans", 74, "center")]),
              dict(ink="green", tint="lilac", angle=0.9), {},
              truth("ES", "MAD", "Madrid", "2018-12-27", "arrival", "air", "schengen",
                    ["two-digit-year", "sign-not-in-ring"])))

    s.append(("jfk-admitted.jpg",
              box([([("DEPARTMENT OF HOMELAND SECURITY", "sans")], 40),
                   ([("U.S. CUSTOMS AND BORDER PROTECTION", "sans")], 34),
                   ([("ADMITTED", "sans")], 84),
                   ([("JUL 12 2019", "mono")], 80),
                   ([("CLASS", "sans"), ("B2", "sans"), ("   JFK", "sans"), ("2174", "sans")], 54),
                   ([("UNTIL", "sans"), ("__________", "sans")], 40)],
                  w=900, h=620, style="rect", bw=7),
              dict(ink="black", tint="blue", angle=-0.7, canvas=(1200, 960)), {},
              truth("US", "JFK", "New York", "2019-07-12", "arrival", "air", "us",
                    ["month-first-date", "port-code-only"])))

    s.append(("lhr-arrival.jpg",
              box([([("UK BORDER", "sans")], 66),
                   ([("04 SEP 2021", "sans")], 80),
                   ([("HEATHROW (5)", "sans")], 60),
                   ([("LEAVE TO ENTER FOR SIX MONTHS.", "sans")], 34),
                   ([("EMPLOYMENT AND RECOURSE TO", "sans")], 34),
                   ([("PUBLIC FUNDS PROHIBITED", "sans")], 34)],
                  w=860, h=600, style="rounded", radius=22,
                  decorations=[("text", 740, 70, "1234", "sans", 34, "center")]),
              dict(ink="navy", tint="pink", angle=0.5, canvas=(1200, 940)), {},
              truth("GB", "LHR", "London", "2021-09-04", "arrival", "air", "uk",
                    ["terminal-number", "airport-name-only"])))

    s.append(("nrt-landing.jpg",
              box([([("LANDING PERMISSION", "sans")], 56),
                   ([("上陸許可", "cjk")], 44),
                   ([("NARITA(N)", "sans")], 62),
                   ([("27.MAR.2018", "mono")], 76),
                   ([("Status:", "sans"), ("短期滞在", "cjk")], 44),
                   ([("Duration:", "sans"), ("90 days", "sans")], 44)],
                  w=800, h=640, style="rect", bw=6),
              dict(ink="blue", tint="cream", angle=-1.0, canvas=(1100, 960)), {},
              truth("JP", "NRT", "Narita", "2018-03-27", "arrival", "air", "japan",
                    ["terminal-letter", "mixed-script", "month-word-date"])))

    s.append(("icn-entry.jpg",
              box([([("KOREA IMMIGRATION SERVICE", "sans")], 46),
                   ([("입국", "hangul")], 72),
                   ([("2019. 07. 12", "sans")], 78),
                   ([("INCHEON", "sans")], 66)],
                  w=820, h=540, style="rounded", radius=70,
                  decorations=[("text", 720, 470, "0731", "sans", 34, "center")]),
              dict(ink="violet", tint="green", angle=0.4), {},
              truth("KR", "ICN", "Incheon", "2019-07-12", "arrival", "air", "korea",
                    ["hangul-direction", "spaced-date"])))

    s.append(("pvg-entry.jpg",
              box([([("中国边检", "cjk")], 44),
                   ([("CHINA IMMIGRATION INSPECTION", "sans")], 44),
                   ([("入境", "cjk"), ("ENTRY", "sans")], 68),
                   ([("2023-04-15", "mono")], 78),
                   ([("SHANGHAI PUDONG", "sans")], 58),
                   ([("(12345)", "sans")], 34)],
                  w=840, h=640, style="rect", bw=8),
              dict(ink="red", tint="blue", angle=0.7, canvas=(1200, 960)), {},
              truth("CN", "PVG", "Shanghai", "2023-04-15", "arrival", "air", "china",
                    ["mixed-script", "iso-date"])))

    s.append(("bkk-admitted.jpg",
              box([([("IMMIGRATION", "sans")], 56),
                   ([("ADMITTED", "sans")], 62),
                   ([("14 FEB 2020", "sans")], 80),
                   ([("SUVARNABHUMI AIRPORT", "sans")], 56)],
                  w=820, h=520, style="rounded", radius=30,
                  decorations=[("text", 100, 450, "2241", "sans", 34, "center")]),
              dict(ink="blue", tint="lilac", angle=-0.9), {},
              truth("TH", "BKK", "Bangkok", "2020-02-14", "arrival", "air", "airport-only",
                    ["no-country-name", "airport-name-only"])))

    s.append(("ist-giris.jpg",
              box([([("İSTANBUL HAVALİMANI", "dejavu")], 52),
                   ([("GİRİŞ", "dejavu")], 74),
                   ([("05.09.23", "sans")], 96)],
                  w=800, h=520, style="rounded", radius=48,
                  decorations=[("plane", 120, 420, 58, -30),
                               ("text", 690, 430, "0412", "sans", 34, "center")]),
              dict(ink="green", tint="cream", angle=1.0), {},
              truth("TR", "IST", "Istanbul", "2023-09-05", "arrival", "air", "turkey",
                    ["dotted-capital-i", "two-digit-year", "no-country-name"])))

    s.append(("lis-rotated.jpg",
              schengen("P", "LISBOA", "21.04.18", "088"),
              dict(ink="blue", tint="pink", angle=88.0, canvas=(900, 1200)), {},
              truth("PT", "LIS", "Lisbon", "2018-04-21", "arrival", "air", "schengen",
                    ["rotated-90", "two-digit-year"])))

    s.append(("dxb-faded.jpg",
              box([([("ARRIVAL", "sans")], 64),
                   ([("08 FEB 2020", "sans")], 76),
                   ([("DUBAI", "sans")], 76),
                   ([("INTERNATIONAL AIRPORT", "sans")], 44)],
                  w=800, h=540, style="rounded", radius=36),
              dict(ink="violet", tint="green", angle=-1.8, strength=0.55, fade=0.45), {},
              truth("AE", "DXB", "Dubai", "2020-02-08", "arrival", "air", "airport-only",
                    ["faded", "missing-ink", "no-country-name"])))

    s.append(("fco-tilted.jpg",
              schengen("I", "ROMA FIUMICINO", "30.06.21", "064", exit=True),
              dict(ink="black", tint="blue", angle=-24.0, canvas=(1200, 1000)), {},
              truth("IT", "FCO", "Rome", "2021-06-30", "departure", "air", "schengen",
                    ["tilted-24", "direction-by-shape", "two-digit-year"])))

    s.append(("syd-signed.jpg",
              box([([("IMMIGRATION", "sans")], 52),
                   ([("ARRIVAL", "sans")], 66),
                   ([("03 JAN 2018", "sans")], 80),
                   ([("SYDNEY AIRPORT", "sans")], 60)],
                  w=820, h=520, style="rect", bw=7,
                  decorations=[("text", 720, 455, "5562", "sans", 34, "center")]),
              dict(ink="red", tint="cream", angle=0.8, scribble=(380, 330, 930, 560)), {},
              truth("AU", "SYD", "Sydney", "2018-01-03", "arrival", "air", "airport-only",
                    ["signature", "no-country-name"])))

    s.append(("bru-scan.png",
              schengen("B", "ZAVENTEM", "17.05.22", "119", face="sans"),
              dict(ink="black", tint="lilac", angle=0.3, canvas=(1000, 720), blur=0.7, noise=2,
                   shading=False),
              {"fmt": "png", "gray": True},
              truth("BE", "BRU", "Brussels", "2022-05-17", "arrival", "air", "schengen",
                    ["grayscale-png", "airport-name-only", "two-digit-year"])))

    s.append(("bud-exif.jpg",
              schengen("H", "BUDAPEST", "09.10.19", "203", exit=True),
              dict(ink="violet", tint="cream", angle=-0.6), {"exif_orientation": 6},
              truth("HU", "BUD", "Budapest", "2019-10-09", "departure", "air", "schengen",
                    ["exif-orientation", "direction-by-shape", "two-digit-year"])))
    return s


def heldout():
    """A different evaluation set: other places, fonts, colours and seeds."""
    s = []

    def sch(name, sign, place, date, serial, exit, face, ink, tint, angle, t):
        s.append((name, schengen(sign, place, date, serial, exit=exit, face=face,
                                 date_face=face, w=840, h=510, plane_angle=-35.0 if exit else -20.0),
                  dict(ink=ink, tint=tint, angle=angle, noise=6, blur=0.9), {}, t))

    sch("osl-entry.jpg", "N", "GARDERMOEN", "14.08.19", "052", False, "gothic", "blue", "green", 0.5,
        truth("NO", "OSL", "Oslo", "2019-08-14", "arrival", "air", "schengen", ["airport-name-only"]))
    sch("hel-exit.jpg", "FIN", "HELSINKI-VANTAA", "02.02.20", "311", True, "narrow", "black", "blue", -0.8,
        truth("FI", "HEL", "Helsinki", "2020-02-02", "departure", "air", "schengen", ["direction-by-shape"]))
    sch("vie-entry.jpg", "A", "WIEN-SCHWECHAT", "23.05.18", "017", False, "dejavu-cond", "red", "cream", 7.5,
        truth("AT", "VIE", "Vienna", "2018-05-23", "arrival", "air", "schengen", ["tilted-8"]))
    sch("waw-entry.jpg", "PL", "WARSZAWA-OKĘCIE", "11.11.21", "140", False, "narrow", "violet", "pink", -0.4,
        truth("PL", "WAW", "Warsaw", "2021-11-11", "arrival", "air", "schengen", ["diacritics"]))
    sch("prg-exit.jpg", "CZ", "PRAHA-RUZYNĚ", "06.03.17", "227", True, "gothic", "green", "lilac", 0.9,
        truth("CZ", "PRG", "Prague", "2017-03-06", "departure", "air", "schengen", ["diacritics", "direction-by-shape"]))
    sch("cph-entry.jpg", "DK", "KØBENHAVN-KASTRUP", "19.09.22", "098", False, "noto-mono", "navy", "cream", -1.1,
        truth("DK", "CPH", "Copenhagen", "2022-09-19", "arrival", "air", "schengen", ["letter-not-diacritic"]))
    sch("arn-exit.jpg", "S", "ARLANDA", "27.12.19", "406", True, "dejavu-cond", "purple", "green", -9.0,
        truth("SE", "ARN", "Stockholm", "2019-12-27", "departure", "air", "schengen", ["tilted-9", "airport-name-only", "direction-by-shape"]))
    sch("zrh-entry.jpg", "CH", "ZÜRICH-FLUGHAFEN", "15.01.23", "063", False, "gothic", "teal", "blue", 0.2,
        truth("CH", "ZRH", "Zurich", "2023-01-15", "arrival", "air", "schengen", ["diacritics"]))
    sch("ath-entry.jpg", "GR", "ATHINA", "08.07.18", "275", False, "narrow", "blue", "pink", 1.3,
        truth("GR", "ATH", "Athens", "2018-07-08", "arrival", "air", "schengen", ["transliterated-name"]))

    def bx(name, lines, style, ink, tint, angle, t, w=840, h=560, **photo):
        s.append((name, box(lines, w=w, h=h, style=style, radius=34 if style == "rounded" else 40),
                  dict(ink=ink, tint=tint, angle=angle, noise=6, blur=0.9, canvas=(1200, 960), **photo), {}, t))

    bx("dub-landing.jpg",
       [([("IMMIGRATION", "gothic")], 54), ([("DUBLIN AIRPORT", "gothic")], 60),
        ([("12 JUL 2019", "noto-mono")], 74), ([("PERMISSION TO REMAIN", "gothic")], 38),
        ([("FOR UP TO 90 DAYS", "gothic")], 38)],
       "rounded", "green", "cream", 0.6,
       truth("IE", "DUB", "Dublin", "2019-07-12", "arrival", "air", "airport-only", ["no-country-name"]))
    bx("yyz-entry.jpg",
       [([("CANADA BORDER SERVICES AGENCY", "narrow")], 46), ([("ENTRY / ENTRÉE", "narrow")], 60),
        ([("SEP 22 2022", "narrow")], 76), ([("TORONTO (PEARSON)", "narrow")], 58), ([("YYZ  4411", "narrow")], 44)],
       "rect", "black", "blue", -0.7,
       truth("CA", "YYZ", "Toronto", "2022-09-22", "arrival", "air", "generic", ["month-first-date"]))
    bx("sin-arrival.jpg",
       [([("IMMIGRATION & CHECKPOINTS AUTHORITY", "dejavu-cond")], 38), ([("ARRIVAL", "dejavu-cond")], 66),
        ([("05 MAY 2023", "dejavu-cond")], 76), ([("CHANGI AIRPORT", "dejavu-cond")], 60)],
       "rounded", "red", "lilac", 0.4,
       truth("SG", "SIN", "Singapore", "2023-05-05", "arrival", "air", "airport-only", ["airport-name-only"]),
       w=900)
    bx("hkg-arrival.jpg",
       [([("HONG KONG IMMIGRATION", "gothic")], 50), ([("ARRIVAL", "gothic")], 66),
        ([("17 OCT 2018", "mono")], 78), ([("AIRPORT", "gothic")], 56), ([("VISITOR  90 DAYS", "gothic")], 40)],
       "rect", "blue", "green", 6.0,
       truth("HK", "HKG", "Hong Kong", "2018-10-17", "arrival", "air", "generic", ["tilted-6"]))
    bx("kul-arrival.jpg",
       [([("IMIGRESEN MALAYSIA", "narrow")], 54), ([("KEDATANGAN", "narrow")], 66),
        ([("29 AUG 2019", "narrow")], 78), ([("KLIA", "narrow")], 66)],
       "rounded", "violet", "cream", -0.5,
       truth("MY", "KUL", "Kuala Lumpur", "2019-08-29", "arrival", "air", "generic", ["malay-direction", "airport-code-word"]))
    bx("mex-entrada.jpg",
       [([("INSTITUTO NACIONAL DE MIGRACIÓN", "dejavu-cond")], 40), ([("ENTRADA", "dejavu-cond")], 66),
        ([("03 DIC 2021", "dejavu-cond")], 76), ([("AEROPUERTO CIUDAD DE MÉXICO", "dejavu-cond")], 44)],
       "rect", "navy", "pink", 0.9,
       truth("MX", "MEX", "Mexico City", "2021-12-03", "arrival", "air", "generic", ["spanish-month"]))
    bx("gru-entrada.jpg",
       [([("POLÍCIA FEDERAL", "gothic")], 56), ([("ENTRADA", "gothic")], 66),
        ([("11/04/2022", "noto-mono")], 74), ([("AEROPORTO GUARULHOS-SP", "gothic")], 48)],
       "rounded", "black", "blue", -0.3,
       truth("BR", "GRU", "São Paulo", "2022-04-11", "arrival", "air", "generic", ["slash-date", "airport-name-only"]))
    bx("cpt-arrival.jpg",
       [([("IMMIGRATION", "dejavu-cond")], 52), ([("CAPE TOWN INTERNATIONAL AIRPORT", "dejavu-cond")], 42),
        ([("ARRIVAL", "dejavu-cond")], 62), ([("2019 -11- 20", "noto-mono")], 72)],
       "rect", "green", "lilac", -7.0,
       truth("ZA", "CPT", "Cape Town", "2019-11-20", "arrival", "air", "airport-only", ["tilted-7", "spaced-iso-date"]))
    bx("del-arrival.jpg",
       [([("IMMIGRATION", "narrow")], 54), ([("ARRIVAL", "narrow")], 64),
        ([("24 JAN 2020", "narrow")], 76), ([("I.G.I. AIRPORT, NEW DELHI", "narrow")], 52)],
       "rounded", "purple", "green", 0.7,
       truth("IN", "DEL", "New Delhi", "2020-01-24", "arrival", "air", "airport-only", ["abbreviated-airport"]))
    bx("doh-arrival.jpg",
       [([("HAMAD INTERNATIONAL AIRPORT", "gothic")], 44), ([("ARRIVAL", "gothic")], 66),
        ([("16 MAR 2024", "noto-mono")], 74), ([("DOHA", "gothic")], 64)],
       "rect", "teal", "cream", 0.1,
       truth("QA", "DOH", "Doha", "2024-03-16", "arrival", "air", "airport-only", []))
    bx("tlv-departure.jpg",
       [([("BEN GURION AIRPORT", "dejavu-cond")], 56), ([("DEPARTURE", "dejavu-cond")], 64),
        ([("10.06.18", "dejavu-cond")], 84), ([("2067", "dejavu-cond")], 40)],
       "rounded", "blue", "pink", -0.6,
       truth("IL", "TLV", "Tel Aviv", "2018-06-10", "departure", "air", "airport-only", ["no-country-name"]))
    return s


def render(items, outdir, base_seed):
    """Render items into outdir/stamps and write outdir/expected.json."""
    expected = []
    for name, stamp, photo, save_opts, t in items:
        rng = random.Random(seed_for(name, base_seed))
        img = photograph(rng, stamp, **photo)
        if stamp.smallest < MIN_FONT_PX:
            print("warning: %s uses %d px text (cap height below ~25 px)" % (name, stamp.smallest), file=sys.stderr)
        path = os.path.join(outdir, "stamps", name)
        if save_opts.get("gray"):
            img = img.convert("L")
        orientation = save_opts.get("exif_orientation")
        if orientation == 6:
            # Stored pixels are the upright photo turned 90° counter-clockwise;
            # the tag tells a viewer to turn them 90° clockwise to show them upright.
            img = img.transpose(Image.Transpose.ROTATE_90)
        save(img, path, fmt=save_opts.get("fmt", "jpeg"), exif_orientation=orientation)
        expected.append(dict({"file": "stamps/" + name}, **t))
    with open(os.path.join(outdir, "expected.json"), "w", encoding="utf-8") as f:
        # One object per line: easy to review and diff.
        f.write("[\n" + ",\n".join("  " + json.dumps(e, ensure_ascii=False) for e in expected) + "\n]\n")
    return expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heldout", metavar="DIR",
                        help="write the held-out evaluation set to DIR (not the committed samples)")
    args = parser.parse_args()
    check_fonts()
    if args.heldout:
        done = render(heldout(), args.heldout, 0x5EED_0B57)
        where = args.heldout
    else:
        done = render(samples(), HERE, 0x57A4_9000)
        where = HERE
    print("wrote %d images and expected.json to %s" % (len(done), where))


if __name__ == "__main__":
    main()
