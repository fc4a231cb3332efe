#!/usr/bin/env bash
# Builds the same sites with two filmsite binaries and compares them with
# `diff -r`, the manifest aside: how a change that must not change the bytes
# is checked.
#
#   Benchmarks/compare-output.sh OLD_BINARY NEW_BINARY [FILMS]
#
# The sites: the sample catalog, the hostile corpus and a FILMS-film catalog
# from generate-catalog.py (100,000 by default, kept in /tmp), each without
# and with --base-url. Prints one line per site and exits non-zero if any differ.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
old=$1
new=$2
films=${3:-100000}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
large=/tmp/filmsite-ab-$films.json
if [[ ! -f $large ]]; then
  python3 "$here/generate-catalog.py" "$films" "$large"
fi
work=$(mktemp -d /dev/shm/filmsite-compare.XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0
for catalog in "$repo/Catalog/films.json" "$repo/Tests/FilmSiteCLITests/Fixtures/hostile-films.json" "$large"; do
  for base in "" "https://films.example.org/catalog/"; do
    name="$(basename "$catalog" .json)${base:+ --base-url $base}"
    for side in old new; do
      binary=${!side}
      rm -rf "$work/$side"
      "$binary" build --catalog "$catalog" --output "$work/$side" --quiet ${base:+--base-url "$base"}
    done
    if diff -r -x .filmsite-manifest "$work/old" "$work/new" >"$work/diff"; then
      echo "same: $name ($(find "$work/new" -type f | wc -l) files)"
    else
      echo "DIFFERENT: $name"
      head -20 "$work/diff"
      status=1
    fi
  done
done
exit $status
