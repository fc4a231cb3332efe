#!/usr/bin/env bash
# Pages per second pulling 2,000 pages of 20 films from the local fake API, side by side in one
# run: filmsite pull at K = 1 and K = 4, and curl fetching the same URLs in order over one
# connection. Once with no added latency (FilmSite's own overhead per page), once with 20 ms
# added to every response (an API across the internet).
# Usage: Benchmarks/pull-benchmark.sh [pages]   (default 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-2000}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --product filmsite >/dev/null
filmsite="$(swift build -c release --show-bin-path)/filmsite"

python3 Tests/FilmSiteCLITests/Fixtures/fake-film-api.py --lifetime 1200 >"$work/server.out" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/listening on //p' "$work/server.out")
base="http://127.0.0.1:$port"

for page in $(seq "$pages"); do
  printf 'url = "%s/search?query=&page=%d"\noutput = "/dev/null"\n' "$base" "$page"
done >"$work/curl.conf"

seconds() { python3 -c 'import sys,time; print(f"{time.time():.3f}")'; }
rate() { python3 -c "print(f'{$pages / ($2 - $1):.1f}')"; }

printf '| added latency | curl, one connection | filmsite K=1 | filmsite K=4 | K=1 / curl | K=4 / K=1 |\n'
printf '| --- | --- | --- | --- | --- | --- |\n'
for delay in 0 20; do
  curl -sf -X POST -d "{\"films\": $((pages * 20)), \"delay_ms\": $delay}" "$base/_config"
  start=$(seconds); curl -s -K "$work/curl.conf"; end=$(seconds)
  curl_rate=$(rate "$start" "$end")
  declare -A rates
  for k in 1 4; do
    start=$(seconds)
    "$filmsite" pull --api "$base/search" --out "$work/films.json" --concurrency "$k" \
      --max-pages "$pages" --quiet
    end=$(seconds)
    films=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['results']))" "$work/films.json")
    [ "$films" -eq $((pages * 20)) ] || { echo "pulled $films films, expected $((pages * 20))" >&2; exit 1; }
    rates[$k]=$(rate "$start" "$end")
  done
  python3 - "$delay" "$curl_rate" "${rates[1]}" "${rates[4]}" <<'PY'
import sys
delay, curl, k1, k4 = sys.argv[1], *map(float, sys.argv[2:])
print(f"| {delay} ms | {curl} pages/s | {k1} pages/s | {k4} pages/s | {k1 / curl:.2f} | {k4 / k1:.2f} |")
PY
done
