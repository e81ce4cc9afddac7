#!/usr/bin/python3
"""Render a held-out set of passport-stamp photos, easy/medium/hard, with truth.jsonl.

    python3 Samples/make_heldout.py build/heldout -n 150 -s 7
    stampkit eval build/heldout

The places (airports, sea ports, land crossings) and the oval and bar designs are
not among the committed samples, the samples' --heldout set or the development
stamps, so a score on this set measures what generalises. One third of the
stamps each is easy, medium and hard:

- easy: tilt within ±4°, full ink, JPEG q85;
- medium: tilt within ±18°, 12 % of the ink area dropped out, uneven pressure
  and light, JPEG q55-92;
- hard: tilt within ±35° or a quarter turn ±8°, 28 % drop-out, ink at about
  half strength, a pen signature across half of them, JPEG q55-92.

The stamp is drawn at 55-80 % of the samples' size on a larger page, so its
capitals stand ~15-25 px tall, as in a phone photo of a whole passport page.
truth.jsonl has one object per image: file, level, country, airport (IATA or
null), date, date_text, direction (null where the design does not say), method
(air, land, sea), rotation (degrees counter-clockwise), lines (printed text).
The same seed gives the same bytes (same Pillow, libjpeg and fonts).
"""

import argparse
import datetime
import json
import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_samples as ms  # noqa: E402  (drawing and photographing code)

FACES = ["sans", "narrow", "mono", "gothic", "dejavu", "dejavu-cond", "noto-mono"]
# Faces that carry Vietnamese, Turkish and other extended Latin capitals.
WIDE_FACES = ["dejavu", "dejavu-cond", "noto-mono"]
STAMP_INKS = ["violet", "blue", "red", "black", "green", "purple"]

# Schengen-style stamps: (sign, place as printed, country, IATA or None, method).
SCHENGEN = [
    ("D", "FLUGHAFEN MÜNCHEN", "DE", "MUC", "air"),
    ("D", "FLUGHAFEN STUTTGART", "DE", "STR", "air"),
    ("D", "KÖLN/BONN FLUGHAFEN", "DE", "CGN", "air"),
    ("D", "HAFEN KIEL", "DE", None, "sea"),
    ("F", "MARSEILLE PROVENCE", "FR", "MRS", "air"),
    ("F", "AÉROPORT TOULOUSE-BLAGNAC", "FR", "TLS", "air"),
    ("F", "BORDEAUX-MÉRIGNAC", "FR", "BOD", "air"),
    ("I", "AEROPORTO DI NAPOLI", "IT", "NAP", "air"),
    ("I", "BOLOGNA AEROPORTO", "IT", "BLQ", "air"),
    ("I", "PORTO DI GENOVA", "IT", None, "sea"),
    ("E", "AEROPUERTO DE VALENCIA", "ES", "VLC", "air"),
    ("E", "PALMA DE MALLORCA", "ES", "PMI", "air"),
    ("E", "PUERTO DE ALGECIRAS", "ES", None, "sea"),
    ("P", "AEROPORTO PONTA DELGADA", "PT", "PDL", "air"),
    ("NL", "LUCHTHAVEN ROTTERDAM", "NL", "RTM", "air"),
    ("B", "LIÈGE AÉROPORT", "BE", "LGG", "air"),
    ("A", "FLUGHAFEN GRAZ", "AT", "GRZ", "air"),
    ("A", "FLUGHAFEN INNSBRUCK", "AT", "INN", "air"),
    ("CH", "AEROPORTO DI LUGANO", "CH", "LUG", "air"),
    ("PL", "LOTNISKO WROCŁAW", "PL", "WRO", "air"),
    ("PL", "LOTNISKO KATOWICE", "PL", "KTW", "air"),
    ("PL", "MEDYKA", "PL", None, "land"),
    ("CZ", "LETIŠTĚ OSTRAVA", "CZ", "OSR", "air"),
    ("SK", "LETISKO KOŠICE", "SK", "KSC", "air"),
    ("DK", "AALBORG LUFTHAVN", "DK", "AAL", "air"),
    ("DK", "HIRTSHALS HAVN", "DK", None, "sea"),
    ("N", "TRONDHEIM LUFTHAVN VÆRNES", "NO", "TRD", "air"),
    ("N", "STAVANGER LUFTHAVN SOLA", "NO", "SVG", "air"),
    ("S", "MALMÖ FLYGPLATS", "SE", "MMX", "air"),
    ("FIN", "TAMPERE-PIRKKALA LENTOASEMA", "FI", "TMP", "air"),
    ("FIN", "ROVANIEMEN LENTOASEMA", "FI", "RVN", "air"),
    ("FIN", "HELSINGIN SATAMA", "FI", None, "sea"),
    ("EST", "NARVA", "EE", None, "land"),
    ("EST", "TARTU LENNUJAAM", "EE", "TAY", "air"),
    ("LT", "KAUNO ORO UOSTAS", "LT", "KUN", "air"),
    ("HR", "ZRAČNA LUKA SPLIT", "HR", "SPU", "air"),
    ("HR", "ZRAČNA LUKA DUBROVNIK", "HR", "DBV", "air"),
    ("HR", "BAJAKOVO", "HR", None, "land"),
    ("GR", "THESSALONIKI MAKEDONIA", "GR", "SKG", "air"),
    ("GR", "IRAKLION", "GR", "HER", "air"),
    ("IS", "AKUREYRARFLUGVÖLLUR", "IS", "AEY", "air"),
    ("M", "AJRUPORT TA' MALTA", "MT", "MLA", "air"),
]

ARRIVE, LEAVE = "arrival", "departure"

# Other designs: (country, IATA or None, method, header lines, place lines,
#                 {direction: word}, date style, needs wide face).
OTHERS = [
    ("TR", "AYT", "air", ["T.C."], ["ANTALYA HAVALİMANI"], {ARRIVE: "GİRİŞ", LEAVE: "ÇIKIŞ"}, "dmy.", True),
    ("TR", "ADB", "air", [], ["İZMİR ADNAN MENDERES", "HAVALİMANI"], {ARRIVE: "GİRİŞ", LEAVE: "ÇIKIŞ"}, "dmy.", True),
    ("TR", None, "land", [], ["KAPIKULE"], {ARRIVE: "GİRİŞ", LEAVE: "ÇIKIŞ"}, "dmy.", True),
    ("JP", "KIX", "air", ["DEPARTED"], ["KANSAI (K)"], {LEAVE: ""}, "d.MON.y", False),
    ("JP", "NGO", "air", ["LANDING PERMISSION"], ["CHUBU (C)"], {ARRIVE: ""}, "d.MON.y", False),
    ("TH", "HKT", "air", ["IMMIGRATION"], ["PHUKET AIRPORT"], {ARRIVE: "ADMITTED", LEAVE: "DEPARTED"}, "d MON y", False),
    ("TH", None, "land", ["IMMIGRATION"], ["SADAO"], {ARRIVE: "ADMITTED", LEAVE: "DEPARTED"}, "d MON y", False),
    ("VN", "HAN", "air", ["VIETNAM IMMIGRATION"], ["NỘI BÀI"], {ARRIVE: "NHẬP CẢNH", LEAVE: "XUẤT CẢNH"}, "d m y", True),
    ("VN", "DAD", "air", ["VIETNAM IMMIGRATION"], ["ĐÀ NẴNG"], {ARRIVE: "NHẬP CẢNH", LEAVE: "XUẤT CẢNH"}, "d m y", True),
    ("ID", "DPS", "air", ["IMIGRASI"], ["NGURAH RAI"], {ARRIVE: "KEDATANGAN", LEAVE: "KEBERANGKATAN"}, "d MON y", False),
    ("ID", "CGK", "air", ["IMIGRASI"], ["SOEKARNO-HATTA"], {ARRIVE: "KEDATANGAN", LEAVE: "KEBERANGKATAN"}, "d MON y", False),
    ("MA", "FEZ", "air", ["ROYAUME DU MAROC"], ["AÉROPORT FÈS SAÏSS"], {ARRIVE: "ENTRÉE", LEAVE: "SORTIE"}, "d MON y", True),
    ("MA", None, "sea", ["ROYAUME DU MAROC"], ["PORT TANGER MED"], {ARRIVE: "ENTRÉE", LEAVE: "SORTIE"}, "d MON y", True),
    ("KE", "NBO", "air", ["KENYA IMMIGRATION"], ["JKIA NAIROBI"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("AR", "EZE", "air", ["DIRECCIÓN NACIONAL DE MIGRACIONES"], ["AEROPUERTO EZEIZA"], {ARRIVE: "ENTRADA", LEAVE: "SALIDA"}, "d/m/y", True),
    ("PE", "LIM", "air", ["MIGRACIONES PERÚ"], ["AEROPUERTO JORGE CHÁVEZ"], {ARRIVE: "ENTRADA", LEAVE: "SALIDA"}, "d/m/y", True),
    ("CO", "MDE", "air", ["MIGRACIÓN COLOMBIA"], ["RIONEGRO MEDELLÍN"], {ARRIVE: "ENTRADA", LEAVE: "SALIDA"}, "d/m/y", True),
    ("CR", "SJO", "air", ["MIGRACIÓN COSTA RICA"], ["AEROPUERTO JUAN SANTAMARÍA"], {ARRIVE: "ENTRADA", LEAVE: "SALIDA"}, "d MON y", True),
    ("US", "LAX", "air", ["U.S. CUSTOMS AND BORDER PROTECTION"], ["LAX"], {ARRIVE: "ADMITTED"}, "MON d y", False),
    ("US", None, "land", ["U.S. CUSTOMS AND BORDER PROTECTION"], ["SAN YSIDRO"], {ARRIVE: "ADMITTED"}, "MON d y", False),
    ("GB", "MAN", "air", ["UK BORDER"], ["MANCHESTER"], {ARRIVE: ""}, "d MON y", False),
    ("GB", None, "sea", ["UK BORDER"], ["DOVER"], {ARRIVE: ""}, "d MON y", False),
    ("CA", "YVR", "air", ["CANADA BORDER SERVICES AGENCY"], ["VANCOUVER"], {ARRIVE: "ENTRY / ENTRÉE"}, "MON d y", True),
    ("CA", "YQB", "air", ["AGENCE DES SERVICES FRONTALIERS"], ["AÉROPORT DE QUÉBEC"], {ARRIVE: "ENTRÉE"}, "y-m-d", True),
    ("AU", "BNE", "air", ["AUSTRALIA"], ["BRISBANE AIRPORT"], {ARRIVE: "ARRIVED", LEAVE: "DEPARTED"}, "d MON y", False),
    ("NZ", "AKL", "air", ["NEW ZEALAND IMMIGRATION"], ["AUCKLAND"], {ARRIVE: "ARRIVED", LEAVE: "DEPARTED"}, "d MON y", False),
    ("IN", "MAA", "air", ["IMMIGRATION"], ["CHENNAI AIRPORT"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("CN", "PEK", "air", ["CHINA IMMIGRATION INSPECTION"], ["BEIJING CAPITAL"], {ARRIVE: "ENTRY", LEAVE: "EXIT"}, "y-m-d", False),
    ("PH", "CEB", "air", ["BUREAU OF IMMIGRATION"], ["MACTAN CEBU"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("OM", "MCT", "air", ["SULTANATE OF OMAN"], ["MUSCAT INTERNATIONAL AIRPORT"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("MV", "MLE", "air", ["MALDIVES IMMIGRATION"], ["VELANA INTERNATIONAL AIRPORT"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("KH", None, "land", ["KINGDOM OF CAMBODIA"], ["POIPET"], {ARRIVE: "ARRIVAL", LEAVE: "DEPARTURE"}, "d MON y", False),
    ("ZA", None, "land", ["SOUTH AFRICA"], ["BEITBRIDGE"], {ARRIVE: "ARRIVED", LEAVE: "DEPARTED"}, "y -m- d", False),
]

MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
# Months as the country prints them where that differs from English.
LOCAL_MONTHS = {
    "ID": ["JAN", "FEB", "MAR", "APR", "MEI", "JUN", "JUL", "AGU", "SEP", "OKT", "NOV", "DES"],
    "CR": ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SET", "OCT", "NOV", "DIC"],
    "MA": ["JAN", "FÉV", "MAR", "AVR", "MAI", "JUN", "JUL", "AOÛ", "SEP", "OCT", "NOV", "DÉC"],
}

LEVELS = ("easy", "medium", "hard")


def format_date(d, style, country):
    """The date as this design prints it."""
    months = LOCAL_MONTHS.get(country, MONTHS)
    mon = months[d.month - 1]
    return {
        "dmy.": d.strftime("%d.%m.%y"),
        "d.MON.y": "%02d.%s.%d" % (d.day, mon, d.year),
        "d MON y": "%02d %s %d" % (d.day, mon, d.year),
        "MON d y": "%s %02d %d" % (mon, d.day, d.year),
        "d m y": d.strftime("%d %m %Y"),
        "d/m/y": d.strftime("%d/%m/%Y"),
        "y-m-d": d.isoformat(),
        "y -m- d": d.strftime("%Y -%m- %d"),
    }[style]


def oval(lines, w=860, h=560, bw=8):
    """An oval stamp: border ellipse with a thin inner ellipse, lines kept inside the curve."""
    st = ms.Stamp(w, h)
    st.d.ellipse([8, 8, w - 9, h - 9], outline=255, width=bw)
    st.d.ellipse([8 + bw + 9, 8 + bw + 9, w - 18 - bw, h - 18 - bw], outline=255, width=3)
    sizes = [size for _, size in lines]
    top, bottom = 0.2 * h, 0.8 * h
    gap = (bottom - top - sum(sizes)) / (len(lines) + 1)
    y = top + gap
    for segments, size in lines:
        cy = y + size / 2
        # Width of the inner ellipse at this height, less a margin.
        u = (cy - h / 2) / (h / 2 - bw - 30)
        half = (w / 2 - bw - 40) * math.sqrt(max(0.05, 1 - u * u))
        st.line(w / 2, cy, segments, size, max_width=2 * half - 20)
        y += size + gap
    return st


def bar(lines, date_line, w=860, h=560):
    """A rectangle split by two rules: header, the date between the rules, place under it."""
    st = ms.Stamp(w, h)
    st.border("rect", width=7, inner=False)
    st.d.line([(8, h * 0.36), (w - 9, h * 0.36)], fill=255, width=5)
    st.d.line([(8, h * 0.64), (w - 9, h * 0.64)], fill=255, width=5)
    head = lines[:1]
    rest = lines[1:]
    for segments, size in head:
        st.line(w / 2, h * 0.20, segments, size, max_width=w - 80)
    st.line(w / 2, h * 0.50, date_line[0], date_line[1], max_width=w - 80)
    n = len(rest)
    for k, (segments, size) in enumerate(rest):
        st.line(w / 2, h * (0.73 + 0.16 * k / max(1, n - 1) if n > 1 else 0.80), segments, size, max_width=w - 80)
    return st


def make_stamp(rng, d):
    """Draw one random stamp upright; return (Stamp, truth fields)."""
    if rng.random() < 0.45:
        sign, place, country, iata, method = rng.choice(SCHENGEN)
        face = rng.choice(WIDE_FACES if any(ord(c) > 0x17F for c in place) else FACES)
        date_text = d.strftime("%d.%m.%y")
        exit_ = rng.random() < 0.5
        st = ms.schengen(sign, place, date_text, "%03d" % rng.randint(1, 999), exit=exit_,
                         face=face, date_face=rng.choice([face, "mono", "noto-mono"]),
                         w=rng.choice([800, 840, 880]), h=rng.choice([480, 500, 520]),
                         plane_angle=rng.uniform(-40, -15))
        if method != "air":
            # A plane on a port or a road crossing would be a false clue: blank it.
            st.d.rectangle([st.w - 290, 30, st.w - 40, 250], fill=0)
            st.border("notched" if exit_ else "rounded", radius=64 if exit_ else 60, width=9)
        # Schengen stamps say the direction only by their shape, which the truth leaves open.
        return st, dict(country=country, airport=iata, date_text=date_text, direction=None,
                        method=method, lines=[place, date_text])
    country, iata, method, head, places, words, style, wide = rng.choice(OTHERS)
    direction = rng.choice(sorted(words))
    word = words[direction]
    date_text = format_date(d, style, country)
    face = rng.choice(WIDE_FACES if wide else FACES)
    date_face = rng.choice([face, "mono", "noto-mono"])
    text = [(h_, 44) for h_ in head] + [(p, 56) for p in places] + ([(word, 64)] if word else [])
    rng.shuffle(text)  # designs differ in which line comes first
    lines = [t for t, _ in text] + [date_text]
    kind = rng.choice(["box", "box", "oval", "bar"])
    if kind == "bar":
        st = bar([([(t, face)], s) for t, s in text], ([(date_text, date_face)], 76),
                 w=rng.choice([840, 880, 920]), h=rng.choice([560, 600]))
    else:
        rows = [([(t, face)], s) for t, s in text]
        rows.insert(rng.randint(0, len(rows)), ([(date_text, date_face)], 78))
        if kind == "oval":
            st = oval(rows, w=rng.choice([900, 960]), h=rng.choice([600, 640]))
        else:
            st = ms.box(rows, w=rng.choice([820, 860, 900]), h=110 + 90 * len(rows),
                        style=rng.choice(["rect", "rounded"]), radius=rng.choice([20, 40, 60]),
                        bw=rng.choice([6, 8]), inner=rng.random() < 0.6)
    return st, dict(country=country, airport=iata, date_text=date_text,
                    direction=direction if word else None, method=method, lines=lines)


def shrink(stamp, scale):
    """Scale the drawn mask down so text sits at phone-photo size on a whole page."""
    w, h = round(stamp.w * scale), round(stamp.h * scale)
    stamp.mask = stamp.mask.resize((w, h), Image.LANCZOS)
    stamp.w, stamp.h = w, h
    return stamp


def drop_out(rng, mask, share):
    """Remove ink in dry spots, each about a stroke wide or less, covering `share` of the stamp's area.

    Spots this small take ink from every word without removing whole letters, so a
    person still reads the stamp, as on a pad that dried unevenly.
    """
    cells = (max(8, mask.width // 6), max(6, mask.height // 6))
    field = ms.smooth_field(rng, mask.size, cells, 0.0, 1.0)
    hist = field.histogram()
    target, total, cut = share * mask.width * mask.height, 0, 0
    while cut < 255 and total + hist[cut] < target:
        total += hist[cut]
        cut += 1
    keep = field.point(lambda v: 255 if v > cut + 6 else (0 if v <= cut else (v - cut) * 40))
    return ImageChops.multiply(mask, keep)


def photo(rng, stamp, level, ink, tint, angle):
    """Ink the stamp on a guilloche page at the level's difficulty; return an RGB image."""
    strength = {"easy": 0.92, "medium": rng.uniform(0.7, 0.9), "hard": rng.uniform(0.42, 0.58)}[level]
    m = ms.ink_mask(rng, stamp, 1.0)
    if level != "easy":
        # Uneven pressure: one side of the stamp pressed harder than the other.
        m = ImageChops.multiply(m, ms.smooth_field(rng, m.size, (3, 2), 0.6, 1.0))
        m = drop_out(rng, m, 0.12 if level == "medium" else 0.28)
    m = m.point(ms.lut(0, strength))
    m = m.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=0)
    w = max(1200, m.width + 80)
    h = max(rng.choice([800, 900]), m.height + 80)
    bg = ms.page(rng, (w, h), tint)
    full = Image.new("L", (w, h), 0)
    x = rng.randint(20, w - m.width - 20)
    y = rng.randint(20, h - m.height - 20)
    full.paste(m, (x, y))
    out = Image.composite(ImageChops.multiply(bg, Image.new("RGB", (w, h), ms.INKS[ink])), bg, full)
    return out, (x, y, x + m.width, y + m.height)


def finish(rng, img, level, stamp_box, signed):
    """Signature, light, blur and noise of a phone photo."""
    w, h = img.size
    if signed:
        x0, y0, x1, y1 = stamp_box
        cy = rng.uniform(y0 + 0.3 * (y1 - y0), y0 + 0.7 * (y1 - y0))
        span = 0.5 * (x1 - x0)
        sx = rng.uniform(x0 - 0.2 * span, x0 + span)
        img = ms.add_scribble(rng, img, (int(sx), int(cy - 35), int(sx + span + 60), int(cy + 35)))
    lo = {"easy": 0.88, "medium": 0.7, "hard": 0.72}[level]
    light = ms.smooth_field(rng, (w, h), (3, 3), lo, 1.0)
    img = ImageChops.multiply(img, Image.merge("RGB", (light, light, light)))
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.7, 1.3) if level != "easy" else 0.9))
    noise = 5 if level == "easy" else 7
    n = Image.frombytes("RGB", (w, h), rng.randbytes(w * h * 3)).point(ms.lut(0, 2 * noise / 255) * 3)
    return ImageChops.add(img, n, 1.0, -noise)


def tilt(rng, level):
    """Rotation in degrees counter-clockwise for a level."""
    if level == "easy":
        return rng.uniform(-4, 4)
    if level == "medium":
        return rng.uniform(-18, 18)
    if rng.random() < 0.5:
        return rng.uniform(-35, 35)
    return rng.choice([90, -90]) + rng.uniform(-8, 8)


def generate(outdir, n, seed):
    """Write n stamps and truth.jsonl into outdir."""
    os.makedirs(outdir, exist_ok=True)
    rows = []
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        level = LEVELS[i % 3]
        d = datetime.date(2005, 1, 1) + datetime.timedelta(days=rng.randint(0, 20 * 365))
        st, t = make_stamp(rng, d)
        shrink(st, rng.uniform(0.55, 0.8))
        angle = round(tilt(rng, level), 1)
        img, where = photo(rng, st, level, rng.choice(STAMP_INKS), rng.choice(sorted(ms.PAGES)), angle)
        img = finish(rng, img, level, where, level == "hard" and rng.random() < 0.5)
        name = "stamp_%03d.jpg" % i
        quality = 85 if level == "easy" else rng.randint(55, 92)
        img.save(os.path.join(outdir, name), format="JPEG", quality=quality)
        rows.append({"file": name, "level": level, "country": t["country"], "airport": t["airport"],
                     "date": d.isoformat(), "date_text": t["date_text"], "direction": t["direction"],
                     "method": t["method"], "rotation": angle, "lines": t["lines"]})
    write_truth(outdir, rows)
    return rows


def write_truth(outdir, rows):
    """outdir/truth.jsonl: one JSON object a line, UTF-8 kept as it is."""
    with open(os.path.join(outdir, "truth.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", help="folder for the images and truth.jsonl")
    parser.add_argument("-n", type=int, default=150, help="number of stamps (default 150)")
    parser.add_argument("-s", "--seed", type=int, default=7, help="seed (default 7)")
    args = parser.parse_args()
    if args.n < 1:
        sys.exit("make_heldout: -n must be at least 1")
    missing = sorted({ms.FONT_FILES[f][1] for f in FACES if not os.path.exists(ms.FONT_FILES[f][0])})
    if missing:
        sys.exit("make_heldout: missing fonts; install them with: apt-get install " + " ".join(missing))
    rows = generate(args.outdir, args.n, args.seed)
    print("wrote %d stamps and truth.jsonl to %s" % (len(rows), args.outdir))


if __name__ == "__main__":
    main()
