#!/usr/bin/env bash
# Serves one folder with PreviewServer, nginx and `python3 -m http.server` side by side and
# measures each with wrk at 1 and 32 connections, requesting every file of the folder in turn.
#
#   Benchmarks/serve-throughput.sh [DIR] [SECONDS]
#
# DIR defaults to the sample site, built with the release filmsite into a temporary folder;
# SECONDS (default 10) is the length of each wrk run. Installs wrk and nginx with apt-get when
# they are missing. Everything listens on 127.0.0.1 and is stopped on exit.
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
seconds=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
if ((${#missing[@]})); then
  sudo=$([[ $(id -u) == 0 ]] || echo sudo)
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)

work=$(mktemp -d /tmp/serve-throughput.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cd "$repo"
if [[ -n ${1:-} ]]; then
  site=$(cd "$1" && pwd)
else
  echo "Building the sample site with the release filmsite…"
  swift build -c release --product filmsite >/dev/null
  .build/release/filmsite build --output "$work/site" --quiet
  site=$work/site
fi
swift build -c release --product PreviewServerBench >/dev/null

# Every file of the site except dot-files, as URL paths, for wrk to request in turn.
python3 - "$site" "$work/paths" <<'PY'
import os, sys, urllib.parse
root, out = sys.argv[1], sys.argv[2]
paths = []
for folder, folders, files in os.walk(root):
    folders[:] = sorted(f for f in folders if not f.startswith("."))
    for name in sorted(files):
        if not name.startswith("."):
            relative = os.path.relpath(os.path.join(folder, name), root)
            paths.append("/" + urllib.parse.quote(relative))
if not paths:
    sys.exit(f"{root} has no files to serve")
open(out, "w").write("\n".join(paths) + "\n")
print(f"{len(paths)} files in {root}")
PY
cat >"$work/rotate.lua" <<'LUA'
local paths = {}
for line in io.lines(os.getenv("PATHS_FILE")) do paths[#paths + 1] = line end
local next = 0
request = function()
  next = next % #paths + 1
  return wrk.format("GET", paths[next])
end
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("RESULT %.1f %.3f %d %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
LUA

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
preview_port=$(free_port)
nginx_port=$(free_port)
python_port=$(free_port)

.build/release/PreviewServerBench "$site" "$preview_port" >"$work/preview.log" 2>&1 &
pids+=($!)

# Debian's /etc/nginx/nginx.conf and sites-available/default, with paths of its own and the
# caller as the workers' user (so that they can read any folder the caller can).
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<NGINX
user $(id -un);
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events {
  worker_connections 768;
}
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log $work/nginx/access.log;
  gzip on;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$nginx_port default_server;
    root $site;
    index index.html index.htm;
    server_name _;
    location / {
      try_files \$uri \$uri/ =404;
    }
  }
}
NGINX
"$nginx" -c "$work/nginx/nginx.conf" -p "$work/nginx" -g 'daemon off;' 2>"$work/nginx/stderr" &
pids+=($!)

python3 -m http.server "$python_port" --bind 127.0.0.1 --directory "$site" \
  >"$work/python.log" 2>&1 &
pids+=($!)

first=$(head -n 1 "$work/paths")
for name in preview nginx python; do
  port_var=${name}_port
  for _ in $(seq 50); do
    curl -sf -o /dev/null "http://127.0.0.1:${!port_var}$first" && break
    sleep 0.1
  done
  # Each server must send the file as it is on disk before its speed means anything.
  if ! curl -sf "http://127.0.0.1:${!port_var}$first" | cmp -s - "$site$(python3 -c \
    'import sys, urllib.parse; print(urllib.parse.unquote(sys.argv[1]))' "$first")"; then
    echo "$name does not serve $first correctly" >&2
    cat "$work/$name.log" "$work/nginx/stderr" 2>/dev/null >&2 || true
    exit 1
  fi
done

echo "wrk: ${seconds} s per run, $(nproc) cores shared by the servers and wrk"
declare -A rate p99 errors
for connections in 1 32; do
  threads=$((connections < 2 ? 1 : 2))
  for name in preview nginx python; do
    port_var=${name}_port
    line=$(PATHS_FILE="$work/paths" wrk -t"$threads" -c"$connections" -d"${seconds}s" \
      -s "$work/rotate.lua" "http://127.0.0.1:${!port_var}/" | grep '^RESULT')
    read -r _ r p s e <<<"$line"
    rate[$name,$connections]=$r
    p99[$name,$connections]=$p
    errors[$name,$connections]="$s status, $e socket"
    echo "  $name, $connections connections: $r requests/s, p99 $p ms (errors: ${errors[$name,$connections]})"
  done
done

echo
echo "| connections | PreviewServer | nginx | python3 -m http.server | PreviewServer / nginx | PreviewServer / python |"
echo "| --- | --- | --- | --- | --- | --- |"
for connections in 1 32; do
  python3 - "$connections" "${rate[preview,$connections]}" "${p99[preview,$connections]}" \
    "${rate[nginx,$connections]}" "${p99[nginx,$connections]}" \
    "${rate[python,$connections]}" "${p99[python,$connections]}" <<'PY'
import sys
c, pr, pp, nr, np_, yr, yp = sys.argv[1], *map(float, sys.argv[2:])
print(f"| {c} | {pr:,.0f} req/s, p99 {pp:.2f} ms | {nr:,.0f} req/s, p99 {np_:.2f} ms "
      f"| {yr:,.0f} req/s, p99 {yp:.2f} ms | {pr / nr:.2f} | {pr / yr:.2f} |")
PY
done
