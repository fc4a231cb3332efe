#!/usr/bin/env bash
# Times two filmsite binaries on the same catalog, alternating: a full build
# into a fresh folder on tmpfs, then a no-op rebuild of that folder. Prints the
# medians of wall time, CPU time and peak memory for each, the files and bytes
# each site has, and new/old ratios: how a change was measured.
#
#   Benchmarks/ab-compare.sh OLD_BINARY NEW_BINARY [ROUNDS] [CATALOG] [OLD_CATALOG]
#
# ROUNDS defaults to 5, CATALOG to a 100,000-film catalog made with
# generate-catalog.py (kept in /tmp); OLD_CATALOG, when given, is what the
# old binary reads (a catalog of the fields it knows). Each binary builds with
# its own built-in theme. Needs GNU time (/usr/bin/time).
set -euo pipefail

if [[ $# -lt 2 ]]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
rounds=${3:-5}
catalog=$(realpath -m "${4:-/tmp/filmsite-ab-100000.json}")
here=$(cd "$(dirname "$0")" && pwd)
if [[ ! -f $catalog ]]; then
  python3 "$here/generate-catalog.py" 100000 "$catalog"
fi
old_catalog=$(realpath "${5:-$catalog}")
work=$(mktemp -d /dev/shm/filmsite-ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
times=$work/times
# From a folder without Templates/, so each binary uses its built-in theme.
cd "$work"
for ((round = 1; round <= rounds; round++)); do
  for side in old new; do
    binary=${!side}
    input=$catalog
    if [[ $side == old ]]; then input=$old_catalog; fi
    rm -rf "$work/$side"
    for kind in full no-op; do
      /usr/bin/time -f "$side $kind %e %U %S %M" -a -o "$times" \
        "$binary" build --catalog "$input" --output "$work/$side/Output" --quiet
    done
  done
done
for side in old new; do
  echo "$side site: $(find "$work/$side/Output" -type f | wc -l) files, $(du -sb "$work/$side/Output" | cut -f1) bytes"
done
python3 - "$times" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    side, kind, wall, user, system, peak = line.split()
    runs.setdefault((kind, side), []).append((float(wall), float(user) + float(system), int(peak)))
for kind in ("full", "no-op"):
    medians = {}
    for side in ("old", "new"):
        values = runs[(kind, side)]
        medians[side] = [statistics.median(v[i] for v in values) for i in range(3)]
        print(f"{kind} {side}: wall {medians[side][0]:.2f} s, CPU {medians[side][1]:.2f} s, "
              f"peak {medians[side][2] // 1024:.0f} MiB "
              f"(walls {', '.join(f'{v[0]:.2f}' for v in values)})")
    old, new = medians["old"], medians["new"]
    print(f"{kind} new/old: wall {new[0] / old[0]:.3f}, CPU {new[1] / old[1]:.3f}, "
          f"peak {new[2] / old[2]:.3f}")
PY
