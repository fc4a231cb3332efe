#!/usr/bin/env python3
"""Builds the same film site with FilmSite, Hugo and the file-system floor, side by side.

Usage: Benchmarks/site-benchmark.py [--sizes 10000,100000] [--runs 3] [--filesystems tmpfs,disk]
                                    [--tmpfs-dir /dev/shm] [--disk-dir /var/tmp]

Builds FilmSite (release), installs Debian's hugo if it is missing, compiles floor.c, and for
each N writes a synthetic catalog (generate-catalog.py), the same films as a Hugo project
(hugo-site.py), and a listing and the bytes of FilmSite's site for the floor; none of that is
timed. Then, on each file system and for R rounds, it runs FilmSite, Hugo and the floor (on one
thread and on two) in an order that rotates every round, each full build into a new folder,
and times FilmSite's no-op rebuild and one-film-changed rebuild and Hugo's rebuild into the
output they just wrote. Every run is measured from outside with wait4 (wall, user and system
time) and GNU time (peak RSS: a child forked from this script would count the script's own
resident size, which passes 300 MiB at 100,000 films); the floor reports the wall and CPU time of its writing alone, after it has
read the bytes. `sync` runs between runs, untimed, so no run pays for another's writeback.
Output folders on tmpfs are removed after each run; on disk, where removing a large tree and
at once creating another slows creation badly, they are all removed at the end.

Prints Markdown tables of medians and the issue's targets (met or missed) on stdout, progress
on stderr.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCHMARKS = REPO / "Benchmarks"
TIME = "/usr/bin/time"  # GNU time, for the peak RSS of a run alone


@dataclass
class Sample:
    wall: float
    user: float
    sys: float
    rss: int  # bytes
    files: int = 0
    size: int = 0  # bytes
    written: str = ""  # FilmSite's "N files written" count


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run(cmd: list, **kwargs) -> str:
    """Runs an untimed setup command and returns its stdout; stops the benchmark if it fails."""
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            **kwargs)
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} failed:\n{result.stdout}")
    return result.stdout


def measure(cmd: list, log_file: Path) -> Sample:
    """Runs a timed command; its times come from wait4, its peak RSS from GNU time.

    wait4's ru_maxrss would be at least this script's resident size when it forked (Linux
    keeps the high-water mark across exec), so the command runs under /usr/bin/time, which is
    small when it forks the command and writes the command's own peak to a file.
    """
    rss_file = log_file.with_suffix(".rss")
    with open(log_file, "w", encoding="utf-8") as out:
        start = time.perf_counter()
        child = subprocess.Popen([TIME, "-f", "%M", "-o", rss_file] + cmd, stdout=out,
                                 stderr=subprocess.STDOUT, cwd=REPO)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} exited with {child.returncode}:\n"
                 + log_file.read_text(encoding="utf-8", errors="replace")[-2000:])
    peak_kib = int(rss_file.read_text(encoding="utf-8").split()[-1])
    return Sample(wall, usage.ru_utime, usage.ru_stime, peak_kib * 1024)


def count(folder: Path) -> tuple:
    """Regular files and their bytes under `folder`."""
    files = size = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            info = os.lstat(os.path.join(directory, name))
            files += 1
            size += info.st_size
    return files, size


def pack(site: Path, listing: Path, blob: Path) -> set:
    """Writes the floor's listing and bytes for `site`; returns its film folder names."""
    films = set()
    with open(listing, "w", encoding="utf-8") as entries, open(blob, "wb") as data:
        for directory, folders, names in os.walk(site):
            folders.sort()  # pre-order: each folder's entries follow it
            relative = os.path.relpath(directory, site)
            if relative != ".":
                entries.write(f"d {relative}\n")
                if os.path.dirname(relative) == "films":
                    films.add(os.path.basename(relative))
            for name in sorted(names):
                with open(os.path.join(directory, name), "rb") as file:
                    content = file.read()
                entries.write(f"f {len(content)} {os.path.join(relative, name).removeprefix('./')}\n")
                data.write(content)
    return films


def changed_catalog(catalog: Path, out: Path) -> None:
    """The catalog with one more sentence in the overview of the film in the middle."""
    with open(catalog, encoding="utf-8") as source:
        films = json.load(source)
    films[len(films) // 2]["overview"] += " One more sentence."
    with open(out, "w", encoding="utf-8") as sink:
        json.dump(films, sink, ensure_ascii=False, indent=1)
        sink.write("\n")


def setup(work: Path) -> tuple:
    log("Building FilmSite (release)…")
    run(["swift", "build", "-c", "release", "--product", "filmsite"], cwd=REPO)
    filmsite = Path(run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO).strip())
    for package, program in (("hugo", "hugo"), ("time", TIME)):
        if shutil.which(program) is None:
            log(f"Installing {package} with apt-get…")
            sudo = [] if os.geteuid() == 0 else ["sudo"]
            run(sudo + ["apt-get", "install", "-y", package])
    floor = work / "floor"
    run(["gcc", "-O2", "-Wall", "-pthread", "-o", floor, BENCHMARKS / "floor.c"])
    return filmsite / "filmsite", floor


class Benchmark:
    def __init__(self, args, work: Path, roots: dict, filmsite: Path, floor: Path):
        self.args, self.work, self.roots = args, work, roots
        self.filmsite, self.floor = filmsite, floor
        self.samples: dict = {}  # (n, file system, label) -> [Sample]

    def record(self, n: int, fs: str, label: str, sample: Sample) -> None:
        self.samples.setdefault((n, fs, label), []).append(sample)
        written = f", {sample.written} written" if sample.written else ""
        log(f"  N={n} {fs}: {label}: {sample.wall:.2f} s wall, "
            f"{sample.user + sample.sys:.2f} s CPU, {sample.rss / 2**20:.0f} MiB{written}")

    def prepare(self, n: int) -> dict:
        """The untimed inputs for N films."""
        log(f"Preparing N={n}…")
        inputs = {name: self.work / f"{name}-{n}" for name in
                  ("catalog", "changed", "hugo", "listing", "blob")}
        run([sys.executable, BENCHMARKS / "generate-catalog.py", str(n), inputs["catalog"]])
        changed_catalog(inputs["catalog"], inputs["changed"])
        run([sys.executable, BENCHMARKS / "hugo-site.py", inputs["catalog"], inputs["hugo"]])
        # On tmpfs, so that removing it does not slow the disk runs that follow.
        with tempfile.TemporaryDirectory(dir=self.args.tmpfs_dir.resolve()) as reference:
            output = Path(reference) / "Output"
            run([self.filmsite, "build", "--catalog", inputs["catalog"], "--output", output,
                 "--quiet"], cwd=REPO)
            inputs["films"] = pack(output, inputs["listing"], inputs["blob"])
        return inputs

    def timed(self, n: int, fs: str, label: str, cmd: list, out: Path = None) -> Sample:
        sample = measure(cmd, self.work / "last-run.log")
        output = (self.work / "last-run.log").read_text(encoding="utf-8", errors="replace")
        if cmd[0] == self.floor:
            floor = dict(re.findall(r"(\w+)=([\d.]+)", output))
            sample.wall, sample.user, sample.sys = (float(floor[k]) for k in ("wall", "user", "sys"))
        if written := re.search(r"(\d+) files? written", output):
            sample.written = written.group(1)
        if out is not None:
            sample.files, sample.size = count(out)
        os.sync()
        self.record(n, fs, label, sample)
        return sample

    def filmsite_round(self, n: int, fs: str, folder: Path, inputs: dict) -> None:
        out = folder / "Output"
        build = [self.filmsite, "build", "--output", out, "--catalog"]
        self.timed(n, fs, "FilmSite", build + [inputs["catalog"]], out)
        self.timed(n, fs, "FilmSite no-op rebuild", build + [inputs["catalog"]])
        self.timed(n, fs, "FilmSite one film changed", build + [inputs["changed"]])

    def hugo_round(self, n: int, fs: str, folder: Path, inputs: dict) -> None:
        build = ["hugo", "--quiet", "--noBuildLock", "--source", inputs["hugo"],
                 "--destination", folder]
        self.timed(n, fs, "Hugo", build, folder)
        films = set(os.listdir(folder / "films"))
        if films != inputs["films"]:
            sys.exit(f"error: Hugo's film folders differ from FilmSite's, for example "
                     f"{sorted(films ^ inputs['films'])[:3]}")
        self.timed(n, fs, "Hugo rebuild", build)

    def floor_round(self, n: int, fs: str, folder: Path, inputs: dict) -> None:
        for threads in (1, 2):
            out = folder / f"threads-{threads}"
            self.timed(n, fs, f"floor, {threads} thread{'s' if threads > 1 else ''}",
                       [self.floor, inputs["listing"], inputs["blob"], out, str(threads)], out)

    def run(self) -> None:
        tools = [("filmsite", self.filmsite_round), ("hugo", self.hugo_round),
                 ("floor", self.floor_round)]
        for n in self.args.sizes:
            inputs = self.prepare(n)
            for fs, root in self.roots.items():
                for round_number in range(self.args.runs):
                    log(f"N={n} {fs}, round {round_number + 1} of {self.args.runs}")
                    shift = round_number % len(tools)
                    for name, tool_round in tools[shift:] + tools[:shift]:
                        folder = root / f"{name}-{n}-{round_number + 1}"
                        folder.mkdir()
                        tool_round(n, fs, folder, inputs)
                        if fs == "tmpfs":
                            shutil.rmtree(folder)

    def median(self, n: int, fs: str, label: str) -> Sample:
        samples = self.samples[(n, fs, label)]
        return Sample(*(statistics.median(getattr(s, field) for s in samples)
                        for field in ("wall", "user", "sys", "rss", "files", "size")),
                      written="/".join(sorted({s.written for s in samples})))

    def floor_of(self, n: int, fs: str) -> tuple:
        """The faster of the floor's two medians, and its label."""
        candidates = [(self.median(n, fs, label), label)
                      for label in ("floor, 1 thread", "floor, 2 threads")]
        return min(candidates, key=lambda candidate: candidate[0].wall)


def seconds(value: float) -> str:
    return f"{value:.2f} s"


def mib(value: float) -> str:
    return f"{value / 2**20:,.0f} MiB"


def report(bench: Benchmark, header: str) -> str:
    args = bench.args
    lines = [header, "", f"Full builds, each into a new folder ({args.runs} runs each, medians):", "",
             "| N | file system | build | wall | CPU user + sys | peak memory | files | bytes |",
             "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for n in args.sizes:
        for fs in bench.roots:
            for label in ("FilmSite", "Hugo", "floor, 1 thread", "floor, 2 threads"):
                m = bench.median(n, fs, label)
                lines.append(f"| {n:,} | {fs} | {label} | {seconds(m.wall)} | "
                             f"{m.user:.2f} + {m.sys:.2f} s | {mib(m.rss)} | {m.files:,.0f} | "
                             f"{m.size:,.0f} |")
    lines += ["", "Ratios of medians (the floor is the faster of its one- and two-thread runs):", "",
              "| N | file system | FilmSite / Hugo, wall | FilmSite / floor, wall | floor used "
              "| FilmSite / Hugo, CPU | FilmSite / Hugo, peak memory |",
              "| ---: | --- | ---: | ---: | --- | ---: | ---: |"]
    for n in args.sizes:
        for fs in bench.roots:
            ours, hugo = bench.median(n, fs, "FilmSite"), bench.median(n, fs, "Hugo")
            floor, floor_label = bench.floor_of(n, fs)
            lines.append(f"| {n:,} | {fs} | {ours.wall / hugo.wall:.3f} | "
                         f"{ours.wall / floor.wall:.2f} | {floor_label} | "
                         f"{(ours.user + ours.sys) / (hugo.user + hugo.sys):.3f} | "
                         f"{ours.rss / hugo.rss:.3f} |")
    lines += ["", "Rebuilds into the output just built (FilmSite's files written in brackets):", "",
              "| N | file system | FilmSite full | FilmSite no-op | FilmSite one film changed "
              "| Hugo rebuild | no-op / full | Hugo rebuild / FilmSite no-op |",
              "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for n in args.sizes:
        for fs in bench.roots:
            full = bench.median(n, fs, "FilmSite")
            noop = bench.median(n, fs, "FilmSite no-op rebuild")
            one = bench.median(n, fs, "FilmSite one film changed")
            hugo = bench.median(n, fs, "Hugo rebuild")
            lines.append(f"| {n:,} | {fs} | {seconds(full.wall)} | {seconds(noop.wall)} "
                         f"({noop.written}) | {seconds(one.wall)} ({one.written}) | "
                         f"{seconds(hugo.wall)} | {noop.wall / full.wall:.3f} | "
                         f"{hugo.wall / noop.wall:.1f} |")
    lines += ["", targets(bench)]
    return "\n".join(lines)


def targets(bench: Benchmark) -> str:
    n = max(bench.args.sizes)
    lines = [f"Targets at N = {n:,}:", "", "| target | measured | |", "| --- | ---: | --- |"]

    def check(name: str, value: float, met: bool, unit: str = "×") -> None:
        digits = 2 if unit else 3
        lines.append(f"| {name} | {value:.{digits}f}{unit} | {'met' if met else '**missed**'} |")

    limits = {"tmpfs": (8, 2), "disk": (3.5, 1.3)}
    for fs in bench.roots:
        ours, hugo = bench.median(n, fs, "FilmSite"), bench.median(n, fs, "Hugo")
        floor, _ = bench.floor_of(n, fs)
        faster, most = limits[fs]
        check(f"{fs}: full build at least {faster}× faster than Hugo (Hugo / FilmSite)",
              hugo.wall / ours.wall, hugo.wall / ours.wall >= faster)
        check(f"{fs}: full build at most {most}× the floor (FilmSite / floor)",
              ours.wall / floor.wall, ours.wall / floor.wall <= most)
        noop = bench.median(n, fs, "FilmSite no-op rebuild")
        rebuild = bench.median(n, fs, "Hugo rebuild")
        check(f"{fs}: no-op rebuild at most 0.1 of the full build (no-op / full)",
              noop.wall / ours.wall, noop.wall / ours.wall <= 0.1, "")
        check(f"{fs}: no-op rebuild at least 15× faster than Hugo's rebuild",
              rebuild.wall / noop.wall, rebuild.wall / noop.wall >= 15)
        check(f"{fs}: peak memory at most 0.1 of Hugo's (FilmSite / Hugo)",
              ours.rss / hugo.rss, ours.rss / hugo.rss <= 0.1, "")
        small = min(bench.args.sizes)
        if small < n:
            limit = 1.05 * n / small
            scaling = ours.wall / bench.median(small, fs, "FilmSite").wall
            check(f"{fs}: N = {n:,} build at most {limit:g}× the N = {small:,} build",
                  scaling, scaling <= limit)
    return "\n".join(lines)


def run_with_header(run, roots: dict, prepared: str = "") -> str:
    """Calls `run` and gives its report's header: when it ran, the code and the machine (named
    before the run, so edits made while it runs are not taken for the binary's), how each
    output was `prepared` when that is said, and the load average before and after."""
    machine = describe_machine(roots)
    load_before, started = os.getloadavg(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    run()
    load_after = os.getloadavg()
    return (f"Measured {started} to {time.strftime('%H:%M UTC', time.gmtime())}; {machine}; "
            + (f"each rebuild's output prepared with {prepared}; " if prepared else "")
            + f"load average (1, 5, 15 min) {' '.join(f'{x:.2f}' for x in load_before)} before, "
            f"{' '.join(f'{x:.2f}' for x in load_after)} after.")


def describe_machine(roots: dict) -> str:
    code = ["Package.swift", "Sources", "Templates"]
    commit = run(["git", "log", "-1", "--format=%h", "--"] + code, cwd=REPO).strip()
    dirty = run(["git", "status", "--porcelain", "--"] + code, cwd=REPO)
    dirty = " with uncommitted changes" if dirty else ""
    def kind(root: Path) -> str:
        return run(["findmnt", "-n", "-o", "FSTYPE", "--target", root]).split()[0]
    kinds = ", ".join(f"{fs} = {root.parent} ({kind(root)})" for fs, root in roots.items())
    return (f"FilmSite's code as of commit {commit}{dirty}, {run(['hugo', 'version']).split()[1]}, "
            f"{os.cpu_count()} cores; {kinds}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000",
                        type=lambda text: sorted(int(n) for n in text.split(",")),
                        help="catalog sizes, comma-separated (default 10000,100000)")
    parser.add_argument("--runs", type=int, default=3, help="rounds per size and file system")
    parser.add_argument("--filesystems", default="tmpfs,disk",
                        type=lambda text: text.split(","), help="tmpfs, disk or both")
    parser.add_argument("--tmpfs-dir", type=Path, default=Path("/dev/shm"))
    parser.add_argument("--disk-dir", type=Path, default=Path("/var/tmp"))
    args = parser.parse_args()
    if not set(args.filesystems) <= {"tmpfs", "disk"} or args.runs < 1:
        parser.error("--filesystems takes tmpfs and/or disk, --runs at least 1")

    work = Path(tempfile.mkdtemp(prefix="filmsite-bench-", dir=args.disk_dir.resolve()))
    roots = {fs: Path(tempfile.mkdtemp(prefix="filmsite-bench-", dir=directory.resolve()))
             for fs, directory in (("tmpfs", args.tmpfs_dir), ("disk", args.disk_dir))
             if fs in args.filesystems}
    try:
        filmsite, floor = setup(work)
        bench = Benchmark(args, work, roots, filmsite, floor)
        header = run_with_header(bench.run, roots)
        print(report(bench, header), flush=True)
        log("Removing the benchmark's folders…")
    finally:
        for folder in [*roots.values(), work]:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
