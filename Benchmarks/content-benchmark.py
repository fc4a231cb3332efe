#!/usr/bin/env python3
"""Times FilmSite's full build with notes on some of the films against the same build without
them, and against rendering those notes alone with libcmark.

Usage: Benchmarks/content-benchmark.py [--films 100000] [--notes 10000] [--runs 3]
                                       [--binary .build/release/filmsite] [--work DIR]

Issue #21 asks that, at 100,000 films with notes on 10,000 of them, the notes add at most the
cost of rendering them to the full build. Untimed, this script
compiles cmark-floor.c with Debian's libcmark, writes a synthetic catalog
(generate-catalog.py) and synthetic notes on its first films with an About page
(generate-notes.py), and checks one build with the notes: the summary counts every note and
the page, and the first words of a sample of notes are on their films' pages. Then, for R
rounds in an order that rotates every round, it runs

  A  filmsite build --catalog CATALOG --output <new folder>
  B  filmsite build --catalog CATALOG --output <new folder> --content NOTES
  C  cmark-floor NOTES: reads every note and the page, strips the front matter and renders
     each body with cmark_markdown_to_html in safe mode, on one thread

each measured from outside with wait4 (wall, user and system time of the child). The builds
run in an empty folder, so that no filmsite.toml, content/ or Templates/ of the current folder
changes them; they use the binary's built-in theme. Each output folder is removed after its
run and `sync` runs, untimed, between runs.

Prints a Markdown table of medians on stdout, with (B - A) / C for wall and CPU time (the
issue's target is at most 1), B / A and the files each build wrote; progress on stderr.
The binary is not built here: build it with `swift build -c release --product filmsite`.
"""
import argparse
import os
import re
import runpy
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
REPO = BENCHMARKS.parent
SAMPLED_PAGES = 100  # noted films whose pages the check build looks at


# site-benchmark.py's progress log and its untimed runs (its name has a hyphen, so `import`
# cannot load it).
_site = runpy.run_path(str(BENCHMARKS / "site-benchmark.py"))
log, run = _site["log"], _site["run"]


@dataclass(frozen=True)
class Build:
    key: str
    label: str


BUILDS = [
    Build("A", "A: FilmSite, catalog only"),
    Build("B", "B: FilmSite, catalog and notes"),
    Build("C", "C: cmark floor, the notes alone"),
]


@dataclass
class Sample:
    wall: float
    cpu: float  # user + system
    output: str  # what the run printed

    def count(self, pattern: str) -> int:
        """The number `pattern` captures in the output, 0 when it is not there."""
        found = re.search(pattern, self.output)
        return int(found.group(1)) if found else 0

    @property
    def written(self) -> int:
        return self.count(r"(\d+) files? written")


def measure(cmd: list, cwd: Path) -> Sample:
    """Runs a timed command in `cwd`; its times come from wait4. Stops if the command fails."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as out:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        output = out.read()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} exited with {code}:\n{output[-2000:]}")
    return Sample(wall, usage.ru_utime + usage.ru_stime, output)


class Benchmark:
    def __init__(self, args, work: Path):
        self.args, self.work = args, work
        self.binary = args.binary.resolve()
        self.catalog = work / "catalog.json"
        self.notes = work / "notes"
        self.floor = work / "cmark-floor"
        self.cwd = work / "empty"
        self.samples: dict = {key: [] for key in ("A", "B", "C")}

    def command(self, key: str, out: Path) -> list:
        """What run `key` runs; `out` is the build's output folder (the floor writes nothing)."""
        if key == "C":
            return [self.floor, self.notes]
        build = [self.binary, "build", "--catalog", self.catalog, "--output", out]
        return build + (["--content", self.notes] if key == "B" else [])

    def prepare(self) -> None:
        """The untimed inputs: the floor, the catalog, the notes, and a build that checks them."""
        help_text = run([self.binary, "build", "--help"])
        if "--content" not in help_text:
            sys.exit(f"error: {self.binary} has no --content option; build a FilmSite with notes")
        if shutil.which("cc") is None:
            sys.exit("error: cc is missing (apt-get install gcc)")
        log("Compiling cmark-floor.c…")
        run(["cc", "-O2", "-Wall", "-o", self.floor, BENCHMARKS / "cmark-floor.c", "-lcmark"])
        self.cwd.mkdir()
        log(f"Writing a catalog of {self.args.films:,} films…")
        run([sys.executable, BENCHMARKS / "generate-catalog.py", str(self.args.films),
             self.catalog])
        log(f"Writing notes on {self.args.notes:,} of them…")
        run([sys.executable, BENCHMARKS / "generate-notes.py", self.catalog,
             str(self.args.notes), self.notes])
        log("Checking one build with the notes…")
        parent = self.work / "check"
        parent.mkdir()
        sample = measure(self.command("B", parent / "Output"), self.cwd)
        self.check_counts("B", sample)
        self.check_pages(parent / "Output")
        self.check_counts("C", measure(self.command("C", parent / "Output"), self.cwd))
        shutil.rmtree(parent)

    def check_counts(self, key: str, sample: Sample) -> None:
        """Stops unless the run read every note and the page (B and C) or none (A)."""
        if key == "C":
            found, expected = sample.count(r"notes=(\d+)"), self.args.notes + 1
        else:
            found = (sample.count(r"(\d+) notes? \("), sample.count(r"(\d+) pages? of your own"))
            expected = (self.args.notes, 1) if key == "B" else (0, 0)
        if found != expected:
            sys.exit(f"error: {key} read {found} notes (and pages), not {expected}:\n"
                     f"{sample.output[-2000:]}")

    def check_pages(self, out: Path) -> None:
        """Stops unless sampled noted films' pages hold their notes' first words."""
        folders = {name.split("-", 1)[0]: name for name in os.listdir(out / "films")}
        files = sorted((self.notes / "films").iterdir())
        step = max(1, len(files) // SAMPLED_PAGES)
        for note in files[::step]:
            body = note.read_text(encoding="utf-8").split("+++\n", 2)[2]
            words = re.match(r"[A-Za-z ]{8,}", body)
            if words is None:
                continue
            if note.stem not in folders:
                sys.exit(f"error: {out / 'films'} has no folder for the film of {note}")
            page = out / "films" / folders[note.stem] / "index.html"
            if words.group(0) not in page.read_text(encoding="utf-8"):
                sys.exit(f"error: {page} does not show the note {note} ({words.group(0)!r})")

    def run(self) -> None:
        keys = [build.key for build in BUILDS]
        for number in range(self.args.runs):
            log(f"Round {number + 1} of {self.args.runs}")
            shift = number % len(keys)
            for key in keys[shift:] + keys[:shift]:
                parent = self.work / "runs" / f"{key}-{number + 1}"
                parent.mkdir(parents=True)
                sample = measure(self.command(key, parent / "Output"), self.cwd)
                self.check_counts(key, sample)
                shutil.rmtree(parent)
                os.sync()
                self.samples[key].append(sample)
                log(f"  {key}: {sample.wall:.2f} s wall, {sample.cpu:.2f} s CPU")

    def median(self, key: str, field: str) -> float:
        return statistics.median(getattr(sample, field) for sample in self.samples[key])


def ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.3f}" if denominator > 0 else "n/a"


def spread(values: list) -> str:
    """(highest - lowest) / median, as a percentage; n/a for one run."""
    median = statistics.median(values)
    if len(values) < 2 or median <= 0:
        return "n/a"
    return f"{100 * (max(values) - min(values)) / median:.1f}%"


def verdict(value: float, limit: float, noise) -> str:
    """Met or missed; and said to be within the noise when A's own spread, in units of C, is
    as large as the value."""
    text = "met" if value <= limit else "**missed**"
    return text + " (within the noise)" if noise is not None and abs(value) <= noise else text


def spread_of_a(bench: "Benchmark", field: str):
    """(highest - lowest) of A's runs in units of C's median; None for one run."""
    values = [getattr(sample, field) for sample in bench.samples["A"]]
    floor = bench.median("C", field)
    if len(values) < 2 or floor <= 0:
        return None
    return (max(values) - min(values)) / floor


def report(bench: Benchmark, header: str) -> str:
    runs = bench.args.runs
    a_wall, a_cpu = bench.median("A", "wall"), bench.median("A", "cpu")
    b_wall, b_cpu = bench.median("B", "wall"), bench.median("B", "cpu")
    c_wall, c_cpu = bench.median("C", "wall"), bench.median("C", "cpu")
    floor = bench.samples["C"][0].output
    lines = [header, "",
             f"{bench.args.films:,} films, notes on {bench.args.notes:,} of them and one page "
             f"({runs} run{'s' if runs > 1 else ''} of each, medians):", "",
             "| build | wall | CPU user + sys | wall / A | CPU / A | CPU spread of the runs "
             "| files written |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for build in BUILDS:
        wall, cpu = bench.median(build.key, "wall"), bench.median(build.key, "cpu")
        written = "" if build.key == "C" else f"{bench.median(build.key, 'written'):,.0f}"
        lines.append(f"| {build.label} | {wall:.3f} s | {cpu:.3f} s | {ratio(wall, a_wall)} | "
                     f"{ratio(cpu, a_cpu)} | {spread([s.cpu for s in bench.samples[build.key]])} "
                     f"| {written} |")
    lines.append(f"| B − A | {b_wall - a_wall:.3f} s | {b_cpu - a_cpu:.3f} s | "
                 f"{ratio(b_wall - a_wall, a_wall)} | {ratio(b_cpu - a_cpu, a_cpu)} | | "
                 f"{bench.median('B', 'written') - bench.median('A', 'written'):,.0f} |")
    wall_ratio = (b_wall - a_wall) / c_wall if c_wall > 0 else float("inf")
    cpu_ratio = (b_cpu - a_cpu) / c_cpu if c_cpu > 0 else float("inf")
    lines += ["", "The notes' cost in the build against rendering them alone (ratios of the "
              "medians; the floor renders on one thread, FilmSite on every core):", "",
              "| ratio | wall | CPU | target |", "| --- | ---: | ---: | --- |",
              f"| (B − A) / C | {wall_ratio:.2f} | {cpu_ratio:.2f} | ≤ 1: wall "
              f"{verdict(wall_ratio, 1, spread_of_a(bench, 'wall'))}, CPU "
              f"{verdict(cpu_ratio, 1, spread_of_a(bench, 'cpu'))} |",
              f"| B / A | {ratio(b_wall, a_wall)} | {ratio(b_cpu, a_cpu)} | |", "",
              f"(B − A) / C in each round, from that round's runs: {rounds(bench, 'wall')} of "
              f"wall time, {rounds(bench, 'cpu')} of CPU time. {noise(bench)} The floor read "
              f"{fields(floor)}."]
    return "\n".join(lines)


def rounds(bench: Benchmark, field: str) -> str:
    """(B - A) / C of each round, and their median when there are several."""
    values = [(getattr(b, field) - getattr(a, field)) / getattr(c, field)
              for a, b, c in zip(bench.samples["A"], bench.samples["B"], bench.samples["C"])
              if getattr(c, field) > 0]
    text = ", ".join(f"{value:.2f}" for value in values)
    return f"{text} (median {statistics.median(values):.2f})" if len(values) > 1 else text


def noise(bench: Benchmark) -> str:
    """How far apart A's runs are, in units of C: a smaller (B - A) / C is within that noise."""
    if bench.args.runs < 2:
        return "With one run, the noise of A's runs is not known."
    parts = []
    for field, name in (("wall", "wall"), ("cpu", "CPU")):
        units = spread_of_a(bench, field)
        parts.append(f"{units:.2f} of C's {name} time" if units is not None
                     else f"n/a in {name} time")
    return (f"A's runs alone spread over {parts[0]} and {parts[1]} (highest − lowest): a "
            "(B − A) / C within that is within the noise.")


def fields(floor: str) -> str:
    """The floor's counts as a phrase."""
    found = dict(re.findall(r"(\w+)=(\S+)", floor))
    return (f"{int(found['notes']):,} files, {int(found['markdown']):,} bytes of Markdown "
            f"bodies, and wrote {int(found['html']):,} bytes of HTML with libcmark "
            f"{found['cmark']}")


def describe(bench: Benchmark) -> str:
    version = run([bench.binary, "--version"]).strip()
    kind = run(["findmnt", "-n", "-o", "FSTYPE", "--target", bench.work]).split()[0]
    return f"{bench.binary} ({version}), {os.cpu_count()} cores; work folder {bench.work} ({kind})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--films", type=int, default=100_000, help="films in the catalog")
    parser.add_argument("--notes", type=int, default=10_000, help="films with a note")
    parser.add_argument("--runs", type=int, default=3, help="rounds of A, B and C")
    parser.add_argument("--binary", type=Path, default=REPO / ".build" / "release" / "filmsite",
                        help="the filmsite to time (default .build/release/filmsite)")
    parser.add_argument("--work", type=Path,
                        help="an empty or new folder for the inputs and sites, kept at the end "
                             "(default: a new folder under /dev/shm, removed at the end)")
    args = parser.parse_args()
    if args.runs < 1 or args.films < 1 or not 0 < args.notes <= args.films:
        parser.error("--runs and --films take at least 1, --notes from 1 to --films")
    if not os.access(args.binary, os.X_OK):
        parser.error(f"{args.binary} is not an executable; build it with "
                     "`swift build -c release --product filmsite` or give --binary")
    if args.work is None:
        work = Path(tempfile.mkdtemp(prefix="filmsite-content-", dir="/dev/shm"))
    else:
        if args.work.exists() and any(args.work.iterdir()):
            parser.error(f"{args.work} is not empty")
        args.work.mkdir(parents=True, exist_ok=True)
        work = args.work.resolve()
    try:
        bench = Benchmark(args, work)
        bench.prepare()
        load_before, started = os.getloadavg(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        if load_before[0] > (os.cpu_count() or 1) / 2:
            log(f"Warning: the load average is {load_before[0]:.2f} on {os.cpu_count()} cores; "
                "the figures will be noisy")
        bench.run()
        load_after = os.getloadavg()
        header = (f"Measured {started} to {time.strftime('%H:%M UTC', time.gmtime())}; "
                  f"{describe(bench)}; load average (1, 5, 15 min) "
                  f"{' '.join(f'{x:.2f}' for x in load_before)} before, "
                  f"{' '.join(f'{x:.2f}' for x in load_after)} after.")
        print(report(bench, header), flush=True)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
