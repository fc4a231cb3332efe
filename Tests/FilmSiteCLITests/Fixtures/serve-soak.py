#!/usr/bin/env python3
"""Loads `filmsite serve --no-reload` with many keep-alive clients while its catalog changes.

Usage: serve-soak.py FILMSITE CATALOG WORK

Builds two sites with `FILMSITE build` into WORK: A from CATALOG, and B from CATALOG with " (B)"
after every title (so B's film pages have other paths and every page listing a title has other
bytes). Starts `FILMSITE serve --no-reload --port 0` on a copy of A's catalog in WORK, then 32
threads, each with one `http.client` keep-alive connection and at most 50 requests a second, GET
paths of the two sites (html, css, js, json, svg; each folder's index.html also by the folder's
URL) while the catalog file is replaced 20 times, alternating B and A, each time with a rename
over it, and each time after serve has printed the `Built` line of the previous rebuild. The
clients stop once there have been at least 20,000 requests, 16,000 of them after the warm-up,
and every rewrite's rebuild has been seen, or after 90 seconds (SOAK_DEADLINE_SECONDS).

A response is correct when it is 200 with the bytes of that path's file in A or in B, or 404
with one of the sites' 404.html for a path that only one of the sites has. Anything else is
counted: a failure (a connection error, a timeout, another status) or a mismatch (a body in
neither site). The server's resident memory (VmRSS) is read after a warm-up (the first four
rebuilds, by when it has levelled off, and 2,000 requests) and at the end.

Prints one line `SOAK {json}` with the counts, the first few failures and mismatches, the
rebuilds seen, the RSS figures, serve's exit status after SIGINT and anything it printed on
stderr; the caller judges them. Exits 0 when it got as far as printing that line. Everything
runs against a deadline of 90 seconds, past which the clients stop and the report says so.
The serve process is killed if this script dies.
"""
import ctypes
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

CLIENTS = 32
MIN_REQUESTS = 20_000
REWRITES = 20
WARM_UP_REWRITES = 4
WARM_UP_REQUESTS = 2_000
# So that a leak of a kilobyte a request (a response is 1.2 KiB on average) adds 16 MiB.
MIN_REQUESTS_AFTER_WARM_UP = 16_000
# With the waits after it, the script ends within about 100 seconds whatever happens. A
# sanitized build rebuilds several times slower (3.5 s a rebuild under ThreadSanitizer here),
# so SOAK_DEADLINE_SECONDS can give it longer.
DEADLINE_SECONDS = float(os.environ.get("SOAK_DEADLINE_SECONDS", "90"))
JOIN_SECONDS = 6
EXIT_SECONDS = 5
REBUILD_WAIT_SECONDS = 15
# Each client's most requests a second. Unpaced, 32 Python threads take more than one of the two
# cores, and a rebuild of the debug build then takes about 1.4 s instead of 0.5 s (the whole
# test 34 s instead of 14 s); at 32 x 50 a second all 32 connections are still in use at once,
# and the 20,000 requests come while the catalog changes.
REQUESTS_PER_SECOND_PER_CLIENT = 50
EXTENSIONS = (".html", ".css", ".js", ".json", ".svg")
EXAMPLES = 5


def die_with_parent():
    """Runs in the child before exec: the kernel kills it if this script dies first."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def site_files(folder):
    """URL path -> bytes for every served file of a built site."""
    files = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(EXTENSIONS):
                continue
            full = os.path.join(directory, name)
            relative = os.path.relpath(full, folder).replace(os.sep, "/")
            with open(full, "rb") as file:
                data = file.read()
            url = "/" + urllib.parse.quote(relative)
            files[url] = data
            if name == "index.html":
                files[url[: -len("index.html")]] = data
    return files


def resident_kib(pid):
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


class Serve:
    """A running `filmsite serve`, and its output lines as they come."""

    def __init__(self, arguments, directory):
        self.process = subprocess.Popen(
            arguments, cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=die_with_parent)
        # Re-entrant: the predicates given to wait_for read the lines under it too.
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.stdout = []
        self.stderr = []
        streams = [(self.process.stdout, self.stdout), (self.process.stderr, self.stderr)]
        for stream, lines in streams:
            threading.Thread(target=self._read, args=(stream, lines), daemon=True).start()

    def _read(self, stream, lines):
        for raw in stream:
            with self.changed:
                lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.changed.notify_all()

    def built_count(self):
        with self.lock:
            return sum(1 for line in self.stdout if line.startswith("Built "))

    def wait_for(self, predicate, timeout):
        """Waits until `predicate()` (called with the lock held) is true; returns whether it was."""
        end = time.monotonic() + timeout
        with self.changed:
            while not predicate():
                left = end - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    return predicate()
                self.changed.wait(min(left, 0.1))
            return True

    def url(self):
        with self.lock:
            for line in self.stdout:
                if line.startswith("Serving "):
                    return next(word for word in line.split() if word.startswith("http://"))
        return None


class Client(threading.Thread):
    """One keep-alive connection making requests until told to stop."""

    def __init__(self, index, host, port, paths, expected, not_found_pages, stop):
        super().__init__(daemon=True)
        self.random = random.Random(index)
        self.host, self.port = host, port
        self.paths, self.expected, self.not_found_pages = paths, expected, not_found_pages
        self.stop = stop
        self.requests = 0
        self.statuses = {}
        self.failures = []
        self.mismatches = []
        self.slowest = 0.0

    def run(self):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        interval = 1 / REQUESTS_PER_SECOND_PER_CLIENT
        # Spread the clients' first requests over one interval.
        due = time.monotonic() + self.random.random() * interval
        while not self.stop.is_set():
            now = time.monotonic()
            if due > now:
                time.sleep(due - now)
            # A client that fell behind does not catch up with a burst.
            due = max(due, now - interval) + interval
            path = self.random.choice(self.paths)
            started = time.monotonic()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                body = response.read()
            except (OSError, http.client.HTTPException) as error:
                self.requests += 1
                self.failures.append(f"GET {path}: {type(error).__name__}: {error}")
                connection.close()
                connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
                continue
            self.slowest = max(self.slowest, time.monotonic() - started)
            self.requests += 1
            self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
            versions = self.expected[path]
            if response.status == 200:
                if body not in versions:
                    self.mismatches.append(
                        f"GET {path}: {len(body)} bytes in neither site"
                        f" (its file has {sorted(len(v) for v in versions)} bytes)")
            elif response.status == 404 and len(versions) == 1:
                if body not in self.not_found_pages:
                    self.mismatches.append(f"GET {path}: 404 with neither site's 404.html")
            elif response.status == 404:
                self.failures.append(f"GET {path}: 404 for a path both sites have")
            else:
                self.failures.append(f"GET {path}: status {response.status}")
        connection.close()


def soak(filmsite, catalog, work):
    started = time.monotonic()
    deadline = started + DEADLINE_SECONDS
    with open(catalog, "rb") as file:
        films = json.load(file)
    # The soak is about serving while the site is rebuilt, 20 times in under a minute: the
    # films without their cast keep each rebuild to the sample site's pages, not its actors'.
    for film in films:
        film.pop("cast", None)
    catalog_a = json.dumps(films, ensure_ascii=False, indent=2).encode()
    for film in films:
        film["title"] += " (B)"
    catalog_b = json.dumps(films, ensure_ascii=False, indent=2).encode()

    sites = {}
    for name, data in [("a", catalog_a), ("b", catalog_b)]:
        with open(os.path.join(work, f"{name}.json"), "wb") as file:
            file.write(data)
        subprocess.run(
            [filmsite, "build", "--quiet", "--catalog", f"{name}.json", "--output", f"site-{name}"],
            cwd=work, check=True, timeout=max(1, deadline - time.monotonic()))
        sites[name] = site_files(os.path.join(work, f"site-{name}"))
    a, b = sites["a"], sites["b"]
    paths = sorted(set(a) | set(b))
    expected = {path: {site[path] for site in (a, b) if path in site} for path in paths}
    not_found_pages = {a["/404.html"], b["/404.html"]}
    only_one = sum(1 for path in paths if (path in a) != (path in b))

    target = os.path.join(work, "films.json")
    with open(target, "wb") as file:
        file.write(catalog_a)
    serve = Serve(
        [filmsite, "serve", "--no-reload", "--port", "0", "--catalog", target,
         "--output", os.path.join(work, "Output")], work)
    report = {
        "paths": len(paths), "pathsInOneSiteOnly": only_one, "clients": CLIENTS,
        "rewrites": 0, "rebuildsSeen": 0, "missedRebuilds": [], "timedOut": False,
    }
    clients = []
    stop = threading.Event()
    try:
        serve.wait_for(lambda: serve.url() or serve.stderr, deadline - time.monotonic())
        if not serve.url():
            report["error"] = "serve printed no URL"
            return report
        address = urllib.parse.urlsplit(serve.url())
        pid = serve.process.pid
        clients = [Client(i, address.hostname, address.port, paths, expected, not_found_pages, stop)
                   for i in range(CLIENTS)]
        for client in clients:
            client.start()
        requests = lambda: sum(client.requests for client in clients)
        rebuild_seconds = []

        def rewrite(number):
            """Replaces the catalog and waits for the rebuild's `Built` line."""
            before = serve.built_count()
            temporary = target + ".tmp"
            with open(temporary, "wb") as file:
                file.write(catalog_b if number % 2 else catalog_a)
            os.replace(temporary, target)
            report["rewrites"] += 1
            wait = min(REBUILD_WAIT_SECONDS, max(0, deadline - time.monotonic()))
            written = time.monotonic()
            if not serve.wait_for(lambda: serve.built_count() > before, wait):
                report["missedRebuilds"].append(number)
            rebuild_seconds.append(time.monotonic() - written)

        for number in range(1, WARM_UP_REWRITES + 1):
            rewrite(number)
        while requests() < WARM_UP_REQUESTS and time.monotonic() < deadline:
            time.sleep(0.05)
        report["rssAfterWarmUpKiB"] = resident_kib(pid)
        report["requestsAtWarmUp"] = requests()
        for number in range(WARM_UP_REWRITES + 1, REWRITES + 1):
            if time.monotonic() >= deadline:
                break
            rewrite(number)
            # Some requests between rebuilds, so that most see a site that stays put.
            time.sleep(0.1)
        enough = max(MIN_REQUESTS, report["requestsAtWarmUp"] + MIN_REQUESTS_AFTER_WARM_UP)
        while requests() < enough and time.monotonic() < deadline:
            time.sleep(0.05)
        report["timedOut"] = time.monotonic() >= deadline
        stop.set()
        joined_by = time.monotonic() + JOIN_SECONDS
        for client in clients:
            client.join(timeout=max(0, joined_by - time.monotonic()))
        report["clientsStillRunning"] = sum(1 for client in clients if client.is_alive())
        report["rssAtEndKiB"] = resident_kib(pid)
        report["rebuildsSeen"] = serve.built_count() - 1
        if rebuild_seconds:
            rebuild_seconds.sort()
            report["rebuildSecondsMedian"] = round(rebuild_seconds[len(rebuild_seconds) // 2], 3)
            report["rebuildSecondsMax"] = round(rebuild_seconds[-1], 3)
        report["serveRunningAtEnd"] = serve.process.poll() is None
    except Exception as error:  # Reported, and the caller fails on it.
        report["error"] = f"{type(error).__name__}: {error}"
    finally:
        stop.set()
        if serve.process.poll() is None:
            serve.process.send_signal(signal.SIGINT)
            try:
                serve.process.wait(timeout=EXIT_SECONDS)
            except subprocess.TimeoutExpired:
                serve.process.kill()
                serve.process.wait()
        report["exitStatus"] = serve.process.returncode
        report["serveErrors"] = serve.stderr[:EXAMPLES]
        report["requests"] = sum(client.requests for client in clients)
        statuses = {}
        for client in clients:
            for status, count in client.statuses.items():
                statuses[str(status)] = statuses.get(str(status), 0) + count
        report["statuses"] = statuses
        failures = [failure for client in clients for failure in client.failures]
        mismatches = [mismatch for client in clients for mismatch in client.mismatches]
        report["failures"] = len(failures)
        report["failureExamples"] = failures[:EXAMPLES]
        report["mismatches"] = len(mismatches)
        report["mismatchExamples"] = mismatches[:EXAMPLES]
        report["slowestResponseSeconds"] = round(max([c.slowest for c in clients] or [0]), 3)
        report["seconds"] = round(time.monotonic() - started, 2)
    return report


def main(arguments):
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    report = soak(*(os.path.abspath(argument) for argument in arguments))
    print("SOAK " + json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
