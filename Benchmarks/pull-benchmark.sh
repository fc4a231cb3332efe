#!/usr/bin/env bash
# Pages per second pulling 2,000 pages of 20 films from the local fake API, side by side in one
# run: filmsite pull at K = 1 and K = 4, and curl fetching the same URLs in order over one
# connection. Once with no added latency (FilmSite's own overhead per page), once with 20 ms
# added to every response (an API across the internet).
# Usage: Benchmarks/pull-benchmark.sh [pages] [runs]   (default 2000 pages, 3 runs)
# Each figure is the median of `runs` runs, taken in turn (curl, K=1, K=4, curl, ...) so that
# a noisy machine slows all of them alike. With BASELINE=/path/to/an/older/filmsite, that
# binary is timed too, in the same turns, for a before/after table from one run.
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-2000}
runs=${2:-3}
baseline=${BASELINE:-}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --product filmsite >/dev/null
filmsite="$(swift build -c release --show-bin-path)/filmsite"
if [ -n "$baseline" ] && [ ! -x "$baseline" ]; then
  echo "BASELINE=$baseline is not an executable" >&2
  exit 64
fi

python3 Tests/FilmSiteCLITests/Fixtures/fake-film-api.py --lifetime 3600 >"$work/server.out" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/listening on //p' "$work/server.out")
base="http://127.0.0.1:$port"

for page in $(seq "$pages"); do
  printf 'url = "%s/search?query=&page=%d"\noutput = "/dev/null"\n' "$base" "$page"
done >"$work/curl.conf"

seconds() { python3 -c 'import time; print(f"{time.time():.3f}")'; }

# Seconds taken by one pull with binary $1 at concurrency $2; stops the script if films are missing.
pull() {
  local start end films
  start=$(seconds)
  "$1" pull --api "$base/search" --out "$work/films.json" --concurrency "$2" \
    --max-pages "$pages" --quiet
  end=$(seconds)
  films=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['results']))" "$work/films.json")
  [ "$films" -eq $((pages * 20)) ] || { echo "pulled $films films, expected $((pages * 20))" >&2; exit 1; }
  python3 -c "print($end - $start)"
}

header='| added latency | curl, one connection | filmsite K=1 | filmsite K=4 | K=1 / curl | K=4 / K=1 |'
rule='| --- | --- | --- | --- | --- | --- |'
if [ -n "$baseline" ]; then
  header="$header baseline K=1 | baseline K=4 | K=1 / baseline K=1 |"
  rule="$rule --- | --- | --- |"
fi
printf '%s\n%s\n' "$header" "$rule"
for delay in 0 20; do
  curl -sf -X POST -d "{\"films\": $((pages * 20)), \"delay_ms\": $delay}" "$base/_config"
  declare -A times=()
  for run in $(seq "$runs"); do
    start=$(seconds); curl -s -K "$work/curl.conf"; end=$(seconds)
    times[curl]+="$(python3 -c "print($end - $start)") "
    for k in 1 4; do
      times[k$k]+="$(pull "$filmsite" "$k") "
      [ -z "$baseline" ] || times[b$k]+="$(pull "$baseline" "$k") "
    done
  done
  python3 - "$delay" "$pages" "${times[curl]}" "${times[k1]}" "${times[k4]}" \
    "${times[b1]:-}" "${times[b4]:-}" <<'PY'
import statistics, sys
delay, pages = sys.argv[1], int(sys.argv[2])
def rate(cell):
    values = [float(v) for v in cell.split()]
    return pages / statistics.median(values) if values else None
curl, k1, k4, b1, b4 = (rate(cell) for cell in sys.argv[3:])
row = f"| {delay} ms | {curl:.1f} pages/s | {k1:.1f} pages/s | {k4:.1f} pages/s | {k1 / curl:.2f} | {k4 / k1:.2f} |"
if b1:
    row += f" {b1:.1f} pages/s | {b4:.1f} pages/s | {k1 / b1:.2f} |"
print(row)
PY
done
