#!/usr/bin/python3
"""Renders the identity-page samples in this folder with StampKit's zone renderer
(scripts/mrz/render.py): the ICAO Doc 9303 specimens of the fictional state Utopia as a passport
data page (TD3), an identity card (TD1) and a visa (MRV-A), each photographed on a table.

    Samples/identity/make_identity.py [DIR]      default: this script's folder

Needs Debian's python3-pil and fonts-ocr-b (OCR-B), fonts-dejavu-core. Deterministic: fixed seeds.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "mrz"))
import render  # noqa: E402  (the renderer lives with the zone model's scripts)
from PIL import ImageDraw, ImageFont  # noqa: E402

VISA_MRVA = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
             "L8988901C4XXX7408122F96121096ZE184226B<<<<<<"]


def visa(rng, lines, width=1000):
    """A visa sticker (MRV-A, 80 × 120 mm): header, photo, the visa's own fields, the zone."""
    h = int(width * 0.667)
    img = render.paper(rng, width, h)
    d = ImageDraw.Draw(img)
    s = width / 1000
    label = ImageFont.truetype(render.SANS, int(15 * s))
    value = ImageFont.truetype(render.SANS_BOLD, int(22 * s))
    head = ImageFont.truetype(render.SANS_BOLD, int(30 * s))
    d.text((40 * s, 22 * s), "UTOPIA  ·  VISA", font=head, fill=(110, 40, 60))
    d.rectangle([40 * s, 85 * s, 230 * s, 330 * s], fill=(200, 196, 190), outline=(120, 120, 120))
    d.ellipse([85 * s, 120 * s, 185 * s, 235 * s], fill=(160, 140, 125))
    d.ellipse([65 * s, 225 * s, 205 * s, 360 * s], fill=(90, 90, 110))
    d.rectangle([40 * s, 330 * s, 230 * s, 370 * s], fill=img.getpixel((5, 5)))
    fields = [("Valid for / Valable pour", "UTOPIA"), ("From / Du", "10 JUN/JUIN 1996"),
              ("Until / Au", "10 DEC/DEC 1996"), ("Type of visa / Type de visa", "C"),
              ("Number of entries / Nombre d'entrées", "MULT"),
              ("Surname, name / Nom, prénom", "ERIKSSON, ANNA MARIA"),
              ("Passport number / Numéro de passeport", "L8988901C")]
    y = 80 * s
    for name, text in fields:
        d.text((260 * s, y), name, font=label, fill=(80, 80, 90))
        d.text((260 * s, y + 17 * s), text, font=value, fill=(30, 30, 45))
        y += 46 * s
    margin = 40 * s
    font = render.mrz_font_for(width - 2 * margin - 10 * s, len(lines[0]))
    pitch = font.size * 1.45
    top = h - margin * 0.6 - pitch * len(lines)
    for i, line in enumerate(lines):
        d.text((margin, top + i * pitch), line, font=font, fill=(15, 15, 20))
    return img


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(out, exist_ok=True)
    rng = random.Random(9303)
    samples = [
        ("passport-td3.jpg", render.data_page(rng, render.TD3_ERIKSSON, render.ERIKSSON_VIZ, width=1200),
         dict(tilt=-2.5, persp=0.02), 1400),
        ("id-card-td1.jpg", render.data_page(rng, render.TD1_ERIKSSON, render.ERIKSSON_VIZ, width=1000),
         dict(tilt=3), 1200),
        ("visa-mrva.jpg", visa(rng, VISA_MRVA, width=1200), dict(tilt=1.5, glare=True), 1400),
    ]
    for name, page, how, width in samples:
        render.save_jpeg(render.photograph(page, rng, out_width=width, **how), os.path.join(out, name), quality=85)
        print(name, how)


if __name__ == "__main__":
    main()
