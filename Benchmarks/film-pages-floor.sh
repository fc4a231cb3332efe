#!/usr/bin/env bash
# The file-system floor of a rebuild that gives every film page new bytes: a full build into a
# new folder, alternating with copying the film pages of a built site file by file (`cp -r` in
# two processes of half the folders each), on tmpfs, side by side.
#
#   Benchmarks/film-pages-floor.sh FILMSITE CATALOG [TEMPLATES] [ROUNDS]
#
# FILMSITE is a release binary, CATALOG a catalog file (Benchmarks/generate-catalog.py),
# TEMPLATES the theme (default Templates), ROUNDS the rounds (default 3). Prints each round's
# full build, the copy and their ratio. Needs GNU coreutils and bc. Works in /dev/shm and
# removes what it made.
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [[ $# -lt 2 ]]; then
  sed -n '6p' "$0" | sed 's/^# \{0,1\}/usage: /' >&2
  exit 2
fi
filmsite=$1
catalog=$2
templates=${3:-Templates}
rounds=${4:-3}
work=$(mktemp -d /dev/shm/film-pages-floor.XXXXXX)
trap 'rm -rf "$work"' EXIT

build() { "$filmsite" build --catalog "$catalog" --templates "$templates" --output "$1" --quiet; }
seconds() { date +%s.%N; }

build "$work/site"
ls "$work/site/films" >"$work/folders"
half=$(($(wc -l <"$work/folders") / 2))
head -n "$half" "$work/folders" >"$work/first"
tail -n +"$((half + 1))" "$work/folders" >"$work/second"
for round in $(seq 1 "$rounds"); do
  start=$(seconds)
  build "$work/full"
  full=$(echo "$(seconds) - $start" | bc)
  rm -rf "$work/full" "$work"/.full.*
  mkdir "$work/copy"
  start=$(seconds)
  (cd "$work/site/films" && xargs -a "$work/first" cp -r -t "$work/copy") &
  first=$!
  (cd "$work/site/films" && xargs -a "$work/second" cp -r -t "$work/copy") &
  second=$!
  wait "$first"
  wait "$second"
  copy=$(echo "$(seconds) - $start" | bc)
  files=$(find "$work/copy" -type f | wc -l)
  rm -rf "$work/copy"
  printf 'round %d: full build %.2f s, film pages copied (%d files) %.2f s, ratio %.3f\n' \
    "$round" "$full" "$files" "$copy" "$(echo "scale=4; $copy / $full" | bc)"
done
