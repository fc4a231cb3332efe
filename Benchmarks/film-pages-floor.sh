#!/usr/bin/env bash
# The file-system floor of a rebuild that gives every film page new bytes: a full build into a
# new folder, alternating with (1) copying the film pages of a built site file by file (`cp -r`
# in two processes of half the folders each) and (2) film-pages-floor.c, which makes only the
# system calls such a rebuild needs (each page read, and its hard link in a second tree replaced
# by a new file with its bytes, on two threads), on tmpfs, side by side.
#
#   Benchmarks/film-pages-floor.sh FILMSITE CATALOG [TEMPLATES] [ROUNDS]
#
# FILMSITE is a release binary, CATALOG a catalog file (Benchmarks/generate-catalog.py),
# TEMPLATES the theme (default Templates), ROUNDS the rounds (default 3). Prints each round's
# full build, the copy, the system calls' floor and their ratios to the full build. Needs GNU
# coreutils, bc and a C compiler (cc). Works in /dev/shm and removes what it made.
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [[ $# -lt 2 ]]; then
  sed -n '8p' "$0" | sed 's/^# \{0,1\}/usage: /' >&2
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

cc -O2 -pthread -o "$work/film-pages-floor" "$(dirname "$0")/film-pages-floor.c"
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
  # The second tree's files are hard links to the site's, as a staged tree's are.
  cp -al "$work/site/films" "$work/links"
  calls=$("$work/film-pages-floor" "$work/site/films" "$work/links" 2)
  rm -rf "$work/links"
  floor=$(sed 's/.*wall=\([0-9.]*\).*/\1/' <<<"$calls")
  printf 'round %d: full build %.2f s, film pages copied (%d files) %.2f s, ratio %.3f; system calls alone (%s) ratio %.3f\n' \
    "$round" "$full" "$files" "$copy" "$(echo "scale=4; $copy / $full" | bc)" "$calls" \
    "$(echo "scale=4; $floor / $full" | bc)"
done
