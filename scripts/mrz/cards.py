#!/usr/bin/python3
"""Renders the identity documents the zone finder must find besides passport pages, as test
fixtures (`Tests/StampKitTests/Fixtures/mrz/`):

    cards.py DIR

    card-td1-third.jpg      a TD1 ID card photographed square on, filling the frame (about
                            1000×630): the three lines of 30 fill its lower third
    card-td1-table.jpg      the same kind of card lying on a patterned table, a margin round it,
                            tilted and slightly in perspective
    visa-sticker.jpg        an MRV-A visa sticker on a passport page: rosettes and colour
                            gradients printed all over, under the zone too

The zones' text is ICAO Doc 9303's own specimens (fictional state UTO), read from the
committed `icao9303-specimens.json`; faces and patterns are drawn here. Pillow only;
deterministic for the fixed seed (the photo grain comes from Pillow's noise).
"""
import json
import math
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render import OCRB, SANS, SANS_BOLD, light, perspective, save_jpeg  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SPECIMENS = os.path.join(HERE, "..", "..", "Tests", "StampKitTests", "Fixtures", "mrz", "icao9303-specimens.json")


def specimen(vector_id):
    with open(SPECIMENS) as f:
        return next(v["lines"] for v in json.load(f)["vectors"] if v["id"] == vector_id)


def gradient(w, h, top, bottom):
    """A vertical colour gradient."""
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / max(1, h - 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    return img


def rosette(d, rng, cx, cy, r, colour, petals, width=1):
    """A guilloche rosette: a closed curve of `petals` loops round (cx, cy)."""
    pts = []
    for k in range(721):
        t = 2 * math.pi * k / 720
        rr = r * (0.6 + 0.4 * math.sin(petals * t))
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    d.line(pts, fill=colour, width=width)


def security_print(img, rng, colours, density):
    """Fine waves and rosettes all over, as security paper carries."""
    w, h = img.size
    d = ImageDraw.Draw(img)
    # Darker and denser than looks pretty: the strokes must cross the zone's letters as real
    # security print does, where a finder that binarises once loses them.
    colours = [tuple(int(c * 0.8) for c in colour) for colour in colours]
    density = int(density * 1.5)
    for k in range(density):
        colour = rng.choice(colours)
        phase, amp = rng.random() * 6.28, h * rng.uniform(0.01, 0.05)
        y0 = h * rng.random()
        wave = w / rng.uniform(3, 12)
        d.line([(x, y0 + amp * math.sin(x / wave + phase)) for x in range(-10, w + 10, 4)], fill=colour, width=1)
    for k in range(density // 6):
        r = rng.uniform(0.05, 0.2) * min(w, h)
        for ring in range(3):
            rosette(d, rng, rng.uniform(0, w), rng.uniform(0, h), r * (1 - ring * 0.2), rng.choice(colours),
                    rng.randint(7, 15))


def face(d, box, skin, hair, coat):
    """A synthetic portrait: head, hair, shoulders."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d.rectangle(box, fill=(214, 220, 228))
    d.ellipse([x0 + 0.22 * w, y0 + 0.08 * h, x0 + 0.78 * w, y0 + 0.3 * h], fill=hair)
    d.ellipse([x0 + 0.25 * w, y0 + 0.12 * h, x0 + 0.75 * w, y0 + 0.6 * h], fill=skin)
    d.pieslice([x0 + 0.05 * w, y0 + 0.62 * h, x0 + 0.95 * w, y0 + 1.35 * h], 180, 360, fill=coat)


def zone(img, lines, box, ink=(25, 25, 30)):
    """The zone in OCR-B, each line spread over `box`'s width at the ICAO pitch."""
    left, top, right, bottom = box
    chars = len(lines[0])
    pitch = (right - left) / chars
    size = 40
    font = ImageFont.truetype(OCRB, max(8, int(size * pitch / ImageFont.truetype(OCRB, size).getlength("<"))))
    d = ImageDraw.Draw(img)
    step = (bottom - top) / len(lines)
    for i, line in enumerate(lines):
        d.text((left, top + i * step + (step - font.size) / 2), line, font=font, fill=ink)


def fields(d, x, y, rows, s, step=44):
    label, value = ImageFont.truetype(SANS, int(13 * s)), ImageFont.truetype(SANS_BOLD, int(19 * s))
    for name, text in rows:
        d.text((x, y), name, font=label, fill=(70, 70, 90))
        d.text((x, y + 15 * s), text, font=value, fill=(20, 20, 40))
        y += step * s


def td1_card(rng, width=1000):
    """A TD1 card (85.6 × 54 mm): the zone of three lines of 30 fills its lower third."""
    lines = specimen("icao-td1-eriksson")
    h = int(width * 54 / 85.6)
    s = width / 1000
    card = gradient(width, h, (214, 228, 240), (236, 222, 232))
    security_print(card, rng, [(170, 196, 222), (222, 186, 206), (190, 214, 196)], 40)
    d = ImageDraw.Draw(card)
    d.text((40 * s, 22 * s), "UTOPIA  IDENTITY CARD / CARTE D'IDENTITÉ", font=ImageFont.truetype(SANS_BOLD, int(28 * s)),
           fill=(40, 50, 110))
    face(d, (40 * s, 80 * s, 270 * s, 380 * s), (200, 165, 140), (70, 50, 40), (60, 70, 100))
    fields(d, 300 * s, 80 * s, [("Surname / Nom", "ERIKSSON"), ("Given names / Prénoms", "ANNA MARIA"),
                                ("Date of birth / Date de naissance", "12 08 1974"),
                                ("Document No / N° du document", "D23145890")], s, step=54)
    d.text((720 * s, 320 * s), "Signature", font=ImageFont.truetype(SANS, int(13 * s)), fill=(70, 70, 90))
    d.line([(720 * s, 360 * s), (940 * s, 345 * s)], fill=(30, 40, 120), width=max(1, int(2 * s)))
    # ICAO: the zone is 17.9 mm high on a 54 mm card, 2.54 mm pitch from 6 mm in.
    top = h * (1 - 17.9 / 54) + 0.015 * h
    zone(card, lines, (width * 6 / 85.6, top, width * (6 + 30 * 2.54) / 85.6, h - 0.035 * h))
    return card, lines


def grain(img, rng, amount):
    noise = Image.effect_noise(img.size, rng.randint(10, 20)).convert("RGB")
    return Image.blend(img, noise, amount)


def card_third(out, rng):
    card, _ = td1_card(rng)
    card = light(card, rng, glare=False)
    card = card.filter(ImageFilter.GaussianBlur(0.6))
    save_jpeg(grain(card, rng, 0.05), os.path.join(out, "card-td1-third.jpg"), quality=85)


def card_table(out, rng):
    card, _ = td1_card(rng, width=900)
    w, h = card.size
    table = gradient(int(w * 1.5), int(h * 1.8), (120, 84, 52), (92, 62, 40))
    d = ImageDraw.Draw(table)
    # Wood grain: long dark lines along the table.
    for k in range(60):
        y = rng.uniform(0, table.size[1])
        d.line([(x, y + 6 * math.sin(x / rng.uniform(40, 120))) for x in range(0, table.size[0], 6)],
               fill=(70, 48, 30), width=rng.randint(1, 3))
    table.paste(card, ((table.size[0] - w) // 2, (table.size[1] - h) // 2))
    photo = perspective(table, rng, 0.04, (92, 62, 40))
    photo = photo.rotate(5, resample=Image.BICUBIC, expand=True, fillcolor=(92, 62, 40))
    photo = light(photo, rng, glare=False).filter(ImageFilter.GaussianBlur(0.8))
    scale = 1400 / max(photo.size)
    photo = photo.resize((int(photo.size[0] * scale), int(photo.size[1] * scale)), Image.LANCZOS)
    save_jpeg(grain(photo, rng, 0.06), os.path.join(out, "card-td1-table.jpg"), quality=82)


def visa_sticker(out, rng):
    """An MRV-A sticker (120 × 80 mm) on a passport page, both printed all over."""
    lines = specimen("icao-mrva-eriksson-8th")
    width = 1000
    h = int(width * 80 / 120)
    s = width / 1000
    sticker = gradient(width, h, (246, 214, 170), (196, 226, 214))
    security_print(sticker, rng, [(226, 170, 120), (150, 196, 186), (210, 160, 190), (236, 200, 120)], 70)
    d = ImageDraw.Draw(sticker)
    # A large coloured emblem across the middle, as visas carry.
    for ring in range(8):
        rosette(d, rng, width * 0.62, h * 0.42, h * (0.34 - ring * 0.03), (200, 120, 150), 12 + ring, width=2)
    d.text((40 * s, 18 * s), "UTOPIA  VISA", font=ImageFont.truetype(SANS_BOLD, int(34 * s)), fill=(120, 40, 60))
    face(d, (40 * s, 80 * s, 250 * s, 360 * s), (190, 150, 120), (40, 30, 25), (110, 60, 60))
    fields(d, 290 * s, 80 * s, [("Valid from / Valable du", "10 12 1995"), ("Until / Au", "09 12 1996"),
                                ("Type of visa / Type de visa", "C  TOURIST"),
                                ("Surname, name / Nom, prénom", "ERIKSSON ANNA MARIA"),
                                ("Passport number / N° de passeport", "L898902C")], s, step=48)
    # ICAO visa: the zone's two lines in the lower 23.2 mm, printed over the pattern.
    top = h * (1 - 23.2 / 80) + 0.04 * h
    zone(sticker, lines, (width * 5 / 120, top, width * (5 + 44 * 2.54) / 120, h - 0.04 * h), ink=(20, 20, 28))
    page = gradient(int(width * 1.25), int(h * 1.6), (222, 230, 212), (232, 226, 206))
    security_print(page, rng, [(186, 204, 176), (204, 190, 170)], 50)
    ImageDraw.Draw(page).text((60, 30), "VISAS / VISAS  7", font=ImageFont.truetype(SANS, 22), fill=(90, 100, 90))
    page.paste(sticker, ((page.size[0] - width) // 2, int(h * 0.35)))
    photo = perspective(page, rng, 0.02, (60, 60, 70))
    photo = photo.rotate(-2.5, resample=Image.BICUBIC, expand=True, fillcolor=(60, 60, 70))
    photo = light(photo, rng, glare=False).filter(ImageFilter.GaussianBlur(0.7))
    scale = 1400 / max(photo.size)
    photo = photo.resize((int(photo.size[0] * scale), int(photo.size[1] * scale)), Image.LANCZOS)
    save_jpeg(grain(photo, rng, 0.05), os.path.join(out, "visa-sticker.jpg"), quality=82)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    card_third(out, random.Random(0))
    card_table(out, random.Random(1))
    visa_sticker(out, random.Random(2))


if __name__ == "__main__":
    main()
