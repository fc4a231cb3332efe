#!/usr/bin/env bash
# Times two filmsite binaries on the same catalog, alternating, each run into
# a fresh folder on tmpfs, and prints the medians: how a change was measured.
#
#   Benchmarks/ab-compare.sh OLD_BINARY NEW_BINARY [ROUNDS] [CATALOG]
#
# ROUNDS defaults to 5, CATALOG to a 100,000-film catalog made with
# generate-catalog.py (kept in /tmp). Needs GNU time (/usr/bin/time).
set -euo pipefail

if [[ $# -lt 2 ]]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
old=$1
new=$2
rounds=${3:-5}
catalog=${4:-/tmp/filmsite-ab-100000.json}
here=$(cd "$(dirname "$0")" && pwd)
if [[ ! -f $catalog ]]; then
  python3 "$here/generate-catalog.py" 100000 "$catalog"
fi
work=$(mktemp -d /dev/shm/filmsite-ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
times=$work/times
for ((round = 1; round <= rounds; round++)); do
  for side in old new; do
    binary=${!side}
    rm -rf "$work/$side"
    /usr/bin/time -f "$side %e %U %S %M" -a -o "$times" \
      "$binary" build --catalog "$catalog" --output "$work/$side/Output" --quiet
  done
done
python3 - "$times" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    side, wall, user, system, peak = line.split()
    runs.setdefault(side, []).append((float(wall), float(user) + float(system), int(peak)))
for side in ("old", "new"):
    values = runs[side]
    print(f"{side}: wall {statistics.median(v[0] for v in values):.2f} s, "
          f"CPU {statistics.median(v[1] for v in values):.2f} s, "
          f"peak {statistics.median(v[2] for v in values) // 1024} MiB "
          f"(walls {', '.join(f'{v[0]:.2f}' for v in values)})")
PY
