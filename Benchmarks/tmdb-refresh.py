#!/usr/bin/env python3
"""Requests and time of a TMDB pull at scale, side by side in one run, against the test suite's
fake TMDB (Tests/FilmSiteCLITests/Fixtures/fake-tmdb-api.py) on 127.0.0.1.

1. A daily refresh against a full pull: a full `filmsite pull --tmdb` of a 10,000-film discover
   with 20 ms added to every response, then the fake changes as a day might (1% of films
   revised and listed by /movie/changes, 0.5% new, 0.5% gone, plus other ids that the changes
   list carries and the catalog does not have), then `filmsite pull --update` of the first
   snapshot, then a full pull of the changed state, whose films must equal the refresh's byte
   for byte. Reported: requests and seconds of each, and refresh / full.
2. The rate: the highest number of requests the fake saw start in any one-second window during
   each pull, against --max-rate.
3. A 60,000-film discover (every film dated, no added latency, --max-rate 0): every film exactly
   once, and the requests beyond one per search page plus one per film.

Usage: Benchmarks/tmdb-refresh.py [--films 10000] [--rate 40] [--noise 900] [--skip-60k]
The binary is the release build (`swift build -c release --product filmsite`), or $FILMSITE.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE = os.path.join(ROOT, "Tests/FilmSiteCLITests/Fixtures/fake-tmdb-api.py")


def release_binary():
    if os.environ.get("FILMSITE"):
        return os.environ["FILMSITE"]
    subprocess.run(["swift", "build", "-c", "release", "--product", "filmsite"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "filmsite")


class Fake:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, FAKE, "--lifetime", "7200"],
                                        stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        self.base = "http://127.0.0.1:%d" % int(line.split()[-1])

    def configure(self, config):
        request = urllib.request.Request(self.base + "/_config", data=json.dumps(config).encode(),
                                         method="POST")
        urllib.request.urlopen(request).read()

    def requests(self):
        return json.load(urllib.request.urlopen(self.base + "/_requests"))

    def stop(self):
        self.process.terminate()
        self.process.wait()


def pull(binary, fake, arguments):
    """Seconds taken, and the requests the fake saw (it forgets them on every configure)."""
    environment = dict(os.environ, TMDB_API_TOKEN="test-token", TMDB_API_KEY="")
    start = time.monotonic()
    result = subprocess.run([binary, "pull", "--tmdb", "--api", fake.base + "/3"] + arguments,
                            env=environment, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit("filmsite pull failed: %s" % result.stderr.strip())
    return seconds, result.stdout.strip()


def busiest_second(requests):
    """The most requests that started within any one second."""
    starts = sorted(r["start"] for r in requests)
    most, first = 0, 0
    for last, start in enumerate(starts):
        while start - starts[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def results(path):
    with open(path) as file:
        return json.load(file)["results"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--films", type=int, default=10_000)
    parser.add_argument("--rate", type=int, default=40, help="--max-rate of the pulls (0: off)")
    parser.add_argument("--noise", type=int, default=900,
                        help="ids the changes list carries that are not in the catalog")
    parser.add_argument("--skip-60k", action="store_true")
    args = parser.parse_args()
    binary = release_binary()
    fake = Fake()
    work = tempfile.mkdtemp()
    try:
        films = args.films
        common = ["--concurrency", "8", "--max-rate", str(args.rate), "--quiet"]
        day0 = {"films": films, "delay_ms": 20}
        fake.configure(day0)
        snapshot = os.path.join(work, "snapshot.json")
        full_seconds, _ = pull(binary, fake, common + ["--out", snapshot])
        full_requests = fake.requests()

        # The next day: 1% revised (and listed as changed), 0.5% gone, 0.5% new.
        numbers = range(1, films + 1)
        revised = [1000 + n for n in numbers if n % 100 == 37]
        absent = [1000 + n for n in numbers if n % 200 == 101]
        day1 = {"films": films + films // 200, "delay_ms": 20, "revised": revised,
                "changed": revised, "changes_noise": args.noise, "absent": absent}
        fake.configure(day1)
        refreshed = os.path.join(work, "refreshed.json")
        refresh_seconds, summary = pull(
            binary, fake, common[:-1] + ["--update", snapshot, "--out", refreshed])
        refresh_requests = fake.requests()
        fake.configure(day1)
        fresh = os.path.join(work, "fresh.json")
        pull(binary, fake, common + ["--out", fresh])
        if results(refreshed) != results(fresh):
            sys.exit("the refresh's films differ from a full pull of the same state")

        print("| %d films, 20 ms, --concurrency 8, --max-rate %d | requests | seconds | busiest second |"
              % (films, args.rate))
        print("| --- | --- | --- | --- |")
        print("| full pull | %d | %.1f | %d |" % (len(full_requests), full_seconds,
                                                 busiest_second(full_requests)))
        print("| refresh (1%% changed, 0.5%% new, 0.5%% gone, %d other changed ids) | %d | %.1f | %d |"
              % (args.noise, len(refresh_requests), refresh_seconds,
                 busiest_second(refresh_requests)))
        print("| refresh / full | %.3f | %.3f | |" % (len(refresh_requests) / len(full_requests),
                                                    refresh_seconds / full_seconds))
        print()
        print("refresh summary: " + summary)

        if not args.skip_60k:
            fake.configure({"films": 60_000, "undated_every": 0})
            out = os.path.join(work, "60k.json")
            seconds, summary = pull(binary, fake, ["--concurrency", "8", "--max-rate", "0",
                                                   "--out", out])
            requests = fake.requests()
            pages = sum(1 for r in requests if r["path"] == "/3/discover/movie")
            details = sum(1 for r in requests if r["path"].startswith("/3/movie/"))
            pulled = results(out)
            if sorted(int(film["id"]) for film in pulled) != list(range(1001, 61001)):
                sys.exit("the 60,000-film pull did not get every film exactly once")
            floor = (60_000 + 19) // 20 + 60_000
            print()
            print("| 60,000-film discover | films pulled | discover requests | details | all requests | beyond one per page + one per film |")
            print("| --- | --- | --- | --- | --- | --- |")
            print("| %.1f s | %d | %d | %d | %d | %.2f%% |" % (
                seconds, len(pulled), pages, details, len(requests),
                100.0 * (len(requests) - floor) / floor))
            print()
            print("60k summary: " + summary)
    finally:
        fake.stop()


if __name__ == "__main__":
    main()
