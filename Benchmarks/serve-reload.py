#!/usr/bin/env python3
"""Measures `filmsite serve`'s edit-to-reload latency: from a saved file to `event: reload`.

Usage: Benchmarks/serve-reload.py [FILMSITE] [--rounds 30] [--films 10000] [--large-rounds 10]
                                  [--work-dir DIR]

FILMSITE is a release build (default .build/release/filmsite; make it with
`swift build -c release --product filmsite`). In a temporary folder (in DIR, default the
system's; the file system matters, since a rebuild stages the whole site), two runs of
`FILMSITE serve --port 0 --templates THEME`, THEME holding a copy of Templates/404.md:

- the sample site (Catalog/films.json): each round saves the theme's 404.md, its last line
  alternating between two texts;
- a synthetic catalog of --films films (Benchmarks/generate-catalog.py, untimed): each round
  changes another film's overview and saves the catalog (--large-rounds 0 leaves this out).

Every save is a write to a new file and a rename over the old one, as editors do. The script
listens to the event stream (`/__filmsite/events`) on a plain socket, and times from the rename
to the `event: reload` line arriving. One untimed round comes first. After each round it checks
the site really changed (the 404 page or the film's page, by HTTP) and waits 200 ms, so that
each save is a rebuild of its own. For comparison, the build time serve printed for the same
rebuild ("in 0.xx s" of its `Built` line, to 10 ms) is shown beside each: the rest is the
watch, the 50 ms quiet period, the event and the socket.

Prints a Markdown table (median, p90 and max per site) on stdout, progress on stderr.
"""
import argparse
import http.client
import json
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ROUND_TIMEOUT = 30
SETTLE = 0.2
GOAL_MS = 150


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def save(path, data):
    """Writes `data` to a new file beside `path` and renames it over `path`."""
    temporary = f"{path}.saving"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


class Serve:
    """A running `filmsite serve`, with the build times of its `Built` lines as they come."""

    BUILT = re.compile(r"^Built .* in ([0-9.]+) s")

    def __init__(self, filmsite, arguments, folder):
        self.process = subprocess.Popen(
            [filmsite, "serve", "--port", "0"] + arguments, cwd=folder,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.errors = []
        self.ready = threading.Event()
        streams = [(self.process.stdout, self.lines), (self.process.stderr, self.errors)]
        for stream, lines in streams:
            threading.Thread(target=self._read, args=(stream, lines), daemon=True).start()

    def _read(self, stream, lines):
        for line in stream:
            lines.append(line.rstrip("\n"))
            if line.startswith("Watching "):
                self.ready.set()

    def url(self, timeout):
        if not self.ready.wait(timeout):
            sys.exit(f"error: serve did not start: {self.errors or self.lines}")
        line = next(line for line in self.lines if line.startswith("Serving "))
        return urllib.parse.urlsplit(next(w for w in line.split() if w.startswith("http://")))

    def build_times(self):
        return [float(m.group(1)) for m in map(self.BUILT.match, self.lines) if m]

    def stop(self):
        self.process.send_signal(signal.SIGINT)  # as Ctrl-C
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class EventStream:
    """The server's event stream on a plain socket, read a line at a time."""

    def __init__(self, address):
        self.socket = socket.create_connection((address.hostname, address.port))
        self.socket.sendall(
            f"GET /__filmsite/events HTTP/1.1\r\nHost: {address.netloc}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        status = self.next_line(10)
        if not status.startswith("HTTP/1.1 200"):
            sys.exit(f"error: the event stream answered {status!r}")
        while self.next_line(10):  # The response head ends with an empty line.
            pass

    def next_line(self, timeout):
        deadline = time.perf_counter() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no event")
            self.socket.settimeout(left)
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("the event stream closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.rstrip(b"\r").decode()

    def wait_for_event(self, timeout):
        """The next event's name; comments and data lines are skipped."""
        deadline = time.perf_counter() + timeout
        while True:
            line = self.next_line(deadline - time.perf_counter())
            if line.startswith("event: "):
                return line[len("event: "):]


def get(address, path):
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().read().decode()
    finally:
        connection.close()


def measure(name, serve, rounds, change):
    """Runs `rounds` + 1 saves, `change(number)` making each and returning the path and text
    that the rebuilt site must then serve. Returns (latencies in ms, build times in ms)."""
    address = serve.url(timeout=300)
    events = EventStream(address)
    latencies, builds = [], []
    for number in range(rounds + 1):
        built_before = len(serve.build_times())
        save_file, data, check_path, check_text = change(number)
        save(save_file, data)
        written = time.perf_counter()
        event = events.wait_for_event(ROUND_TIMEOUT)
        arrived = time.perf_counter()
        if event != "reload":
            sys.exit(f"error: {name} round {number}: event {event!r}: {serve.errors[-1:]}")
        if check_text not in get(address, check_path):
            sys.exit(f"error: {name} round {number}: {check_path} does not show {check_text!r}")
        deadline = time.perf_counter() + 5
        while len(serve.build_times()) == built_before and time.perf_counter() < deadline:
            time.sleep(0.005)
        if number > 0:  # The first round warms up.
            latencies.append((arrived - written) * 1000)
            builds.append(serve.build_times()[-1] * 1000)
        time.sleep(SETTLE)
    events.socket.close()
    return latencies, builds


def summary(values):
    """The median, the 90th percentile (nearest rank) and the maximum."""
    ordered = sorted(values)
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]
    return statistics.median(ordered), p90, ordered[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("filmsite", nargs="?", default=str(REPO / ".build/release/filmsite"))
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--films", type=int, default=10_000)
    parser.add_argument("--large-rounds", type=int, default=10)
    parser.add_argument("--work-dir", help="where the temporary folder goes")
    args = parser.parse_args()
    filmsite = os.path.abspath(args.filmsite)
    if not os.access(filmsite, os.X_OK):
        sys.exit(f"error: no {filmsite}; build it with `swift build -c release --product filmsite`")

    work = Path(tempfile.mkdtemp(prefix="filmsite-serve-reload-", dir=args.work_dir))
    rows = []
    try:
        theme = work / "theme"
        theme.mkdir()
        template = (REPO / "Templates/404.md").read_text(encoding="utf-8")
        versions = [template + f"\nReload benchmark, version {v}.\n" for v in ("A", "B")]
        (theme / "404.md").write_text(versions[1], encoding="utf-8")

        sample = work / "sample"
        sample.mkdir()
        log("the sample site: starting serve")
        serve = Serve(filmsite, ["--templates", str(theme), "--catalog",
                                 str(REPO / "Catalog/films.json"), "--output", "Output"], sample)
        try:
            def edit_theme(number):
                text = versions[number % 2]
                return theme / "404.md", text.encode(), "/no-such-page", text.splitlines()[-1]
            rows.append(("sample catalog (113 films), theme's 404.md saved", args.rounds,
                         *measure("sample", serve, args.rounds, edit_theme)))
        finally:
            serve.stop()

        if args.large_rounds == 0:
            return report(rows, work)
        large = work / "large"
        large.mkdir()
        catalog = large / "films.json"
        log(f"generating {args.films} films")
        subprocess.run([sys.executable, str(REPO / "Benchmarks/generate-catalog.py"),
                        str(args.films), str(catalog)], check=True)
        films = json.loads(catalog.read_text(encoding="utf-8"))
        log(f"{args.films} films: starting serve (the first build is not timed)")
        serve = Serve(filmsite, ["--templates", str(theme), "--catalog", str(catalog),
                                 "--output", "Output"], large)
        try:
            def edit_catalog(number):
                # Films spread over the catalog, each changed once.
                film = films[(number * 7919) % len(films)]
                marker = f"Revised for reload round {number}."
                film["overview"] = f"{film['overview']} {marker}"
                data = json.dumps(films, ensure_ascii=False, indent=1).encode() + b"\n"
                return catalog, data, film_path(large / "Output", film["id"]), marker
            rows.append((f"{args.films:,} films, one overview changed in the catalog",
                         args.large_rounds,
                         *measure("large", serve, args.large_rounds, edit_catalog)))
        finally:
            serve.stop()
        return report(rows, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(rows, work):
    load = os.getloadavg()
    filesystem = subprocess.run(["stat", "-f", "-c", "%T", str(work)], stdout=subprocess.PIPE,
                                text=True).stdout.strip()
    print(f"`{' '.join([Path(sys.argv[0]).as_posix()] + sys.argv[1:])}` on {os.cpu_count()} cores,"
          f" site on {filesystem}, load average {load[0]:.2f} at the end; ms from the rename to"
          f" `event: reload` (serve's own build time for the same rebuilds in brackets):\n")
    print("| site and change | rounds | median | p90 | max |")
    print("| --- | --- | --- | --- | --- |")
    for label, rounds, latencies, builds in rows:
        cells = [f"{a:.0f} ({b:.0f})" for a, b in zip(summary(latencies), summary(builds))]
        print(f"| {label} | {rounds} | " + " | ".join(cells) + " |")
    median = statistics.median(rows[0][2])
    verdict = "met" if median <= GOAL_MS else "**not met**"
    print(f"\nGoal: a median of at most {GOAL_MS} ms on the sample site"
          f" ({median:.0f} ms: {verdict}).")


def film_path(output, film_id):
    """The URL path of the film page with `film_id`, found in the built site."""
    prefix = f"{film_id}-"
    for name in os.listdir(output / "films"):
        if name.startswith(prefix):
            return "/films/" + urllib.parse.quote(name) + "/"
    sys.exit(f"error: no page for film {film_id} in {output}/films")


if __name__ == "__main__":
    main()
