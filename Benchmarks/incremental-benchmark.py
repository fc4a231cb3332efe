#!/usr/bin/env python3
"""Times FilmSite's rebuilds after small changes against Hugo's rebuilds of the same changes.

Usage: Benchmarks/incremental-benchmark.py [--sizes 10000,100000] [--runs 3] [--hugo-runs H]
                                           [--fresh-base] [--tmpfs-dir /dev/shm]
                                           [--work-dir /var/tmp]

For each N it prepares, untimed: a base catalog (the first N films of generate-catalog.py's
N + 100 films with the pools of N, which is byte for byte the N-film catalog), the built-in
theme exported into a folder, and one input per change: one film's overview with one more
sentence; the film in the middle of FilmSite's order retitled so that it moves 240 places and
its slug changes; the 100 further films added; one line of the film template changed. Hugo
gets the same films (hugo-site.py) and the same edit to its film layout.

Then, for R rounds (Hugo: R up to 10,000 films, one above, since its 100,000-film build takes
minutes and about 9 GiB; --hugo-runs sets it) in an order of the two tools that rotates every
round, it times each case as one build: FilmSite's full build into a new folder, and its
rebuild of each change into an output that already holds the base site. That output is prepared untimed in a new parent folder (so the
folders a build keeps beside its output do not pass from one case to the next): a build of
the base with one other film's overview edited, then a build of the base, so the rebuild sees
what it sees in a series of edits; with --fresh-base, one fresh build of the base instead.
Hugo's full build goes into a new folder and becomes that round's base: each change is
rebuilt into a `cp -a` copy of it. After each timed FilmSite rebuild the output is compared
with a fresh full build of the changed input (`diff -r`, the manifest aside); the benchmark
stops if they differ. Times come from site-benchmark.py's wait4 measurement.

Prints Markdown tables of medians with the targets of issue #18 on stdout, progress on stderr.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent


def load(name: str, file: str):
    """A sibling script as a module (their names have hyphens, so `import` cannot load them)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site = load("site_benchmark", "site-benchmark.py")
hugo_site = load("hugo_site", "hugo-site.py")
log = site.log

ADDED = 100
TITLE_MOVE = 240  # places in FilmSite's order: ten index pages of the default 24
FILMSITE_LINE = ('<a href="{{indexURL}}">← Back to the films, page {{indexPage}}',
                 '<a href="{{indexURL}}">← Back to all films, page {{indexPage}}')
HUGO_LINE = ('">← Back to the films, page {{ $page }}', '">← Back to all films, page {{ $page }}')


@dataclass(frozen=True)
class Case:
    key: str
    label: str
    target: float  # the largest fraction of a full build's wall time it may take; 0 for none


CASES = [
    Case("full", "full build into a new folder", 0),
    Case("noop", "no-op rebuild", 0.1),
    Case("overview", "one film's overview changed", 0.1),
    Case("title", "one film's title changed", 0.2),
    Case("added", f"{ADDED} films added", 0.25),
    Case("template", "the film template changed", 1.0),
]
HUGO_FASTER = 20  # each rebuild at least this many times faster than Hugo's
# How each rebuild's output is prepared, in the report's header.
PREPARED = "a build of the base with one other overview edited, then one of the base"
PREPARED_FRESH = "one fresh build of the base"


@dataclass
class Input:
    """What one case builds: FilmSite's catalog and theme, Hugo's project, the film folders."""
    catalog: Path
    theme: Path
    hugo: Path
    films: frozenset


def write_catalog(films: list, path: Path) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(films, out, ensure_ascii=False, indent=1)
        out.write("\n")


def film_folders(films: list) -> frozenset:
    """The folders under films/ that FilmSite and Hugo make for these films."""
    return frozenset(hugo_site.route(film).split("/")[2] for film in films)


def retitled(films: list) -> tuple:
    """The films with the one in the middle of FilmSite's order given a title that sorts about
    TITLE_MOVE places later (that film's title and " II"), with a different slug, and a line
    that says what moved where."""
    order = sorted(range(len(films)), key=lambda i: hugo_site.order_key(films[i]))
    middle = order[len(order) // 2]
    moved = films[middle]
    old_slug = hugo_site.slug(moved["title"])
    for place in range(min(len(order) // 2 + TITLE_MOVE, len(order) - 1), len(order)):
        title = films[order[place]]["title"] + " II"
        if hugo_site.slug(title) != old_slug:
            break
    else:
        sys.exit("error: no film after the middle of the order gives a title with a new slug")
    changed = [dict(film) for film in films]
    changed[middle]["title"] = title
    key = hugo_site.order_key(changed[middle])
    new_place = sum(1 for i in order if i != middle and hugo_site.order_key(films[i]) < key)
    return changed, (f"film {moved['id']}, {moved['title']!r} → {title!r}, from place "
                     f"{len(order) // 2 + 1:,} to {new_place + 1:,} of {len(order):,}")


def changed_line(file: Path, line: tuple) -> None:
    """Replaces the one occurrence of line[0] in `file` with line[1]."""
    text = file.read_text(encoding="utf-8")
    if text.count(line[0]) != 1:
        sys.exit(f"error: {file} does not hold {line[0]!r} exactly once")
    file.write_text(text.replace(line[0], line[1]), encoding="utf-8")


def summary(output: str) -> str:
    """Files written, unchanged and removed, from FilmSite's build summary."""
    counts = [re.search(pattern, output) for pattern in
              (r"(\d+) files? written", r"(\d+) unchanged", r"(\d+) removed")]
    return " / ".join(match.group(1) if match else "?" for match in counts)


class Benchmark:
    def __init__(self, args, work: Path, root: Path, filmsite: Path):
        self.args, self.work, self.root, self.filmsite = args, work, root, filmsite
        self.samples: dict = {}  # (n, tool, case key) -> [Sample]
        self.notes: dict = {}  # n -> what the title change was

    def hugo_runs(self, n: int) -> int:
        if self.args.hugo_runs is not None:
            return self.args.hugo_runs
        return self.args.runs if n <= 10_000 else 1

    def prepare(self, n: int) -> dict:
        """The untimed inputs for N films: the base under "base", each change under its key."""
        log(f"Preparing N={n}…")
        folder = self.work / f"inputs-{n}"
        folder.mkdir()
        catalogs = {key: folder / f"{key}.json" for key in ("base", "warmup", "overview",
                                                            "title", "added")}
        site.run([sys.executable, BENCHMARKS / "generate-catalog.py", str(n + ADDED),
                  catalogs["added"], "--pools-for", str(n)])
        with open(catalogs["added"], encoding="utf-8") as source:
            everything = json.load(source)
        films = everything[:n]
        write_catalog(films, catalogs["base"])
        warmup = [dict(film) for film in films]
        warmup[n // 3]["overview"] += " A sentence from an edit before this one."
        write_catalog(warmup, catalogs["warmup"])
        site.changed_catalog(catalogs["base"], catalogs["overview"])
        title_films, self.notes[n] = retitled(films)
        write_catalog(title_films, catalogs["title"])
        folders = {"base": film_folders(films), "overview": film_folders(films),
                   "title": film_folders(title_films), "added": film_folders(everything)}
        folders["warmup"] = folders["base"]
        del everything, films, warmup, title_films

        theme, edited_theme = folder / "theme", folder / "theme-edited"
        site.run([self.filmsite, "theme", "export", theme])
        shutil.copytree(theme, edited_theme)
        changed_line(edited_theme / "film.html", FILMSITE_LINE)
        projects = {}
        for key in ("base", "overview", "title", "added", "template"):
            projects[key] = folder / f"hugo-{key}"
            catalog = catalogs["base" if key == "template" else key]
            site.run([sys.executable, BENCHMARKS / "hugo-site.py", catalog, projects[key]])
        changed_line(projects["template"] / "layouts" / "_default" / "single.html", HUGO_LINE)

        def made(catalog: str, project: str, edited: bool = False) -> Input:
            return Input(catalogs[catalog], edited_theme if edited else theme, projects[project],
                         folders[catalog])
        return {"base": made("base", "base"), "warmup": made("warmup", "base"),
                "full": made("base", "base"), "noop": made("base", "base"),
                "overview": made("overview", "overview"), "title": made("title", "title"),
                "added": made("added", "added"), "template": made("base", "template", True)}

    def build(self, change: Input, out: Path, quiet: bool = False) -> list:
        return [self.filmsite, "build", "--catalog", change.catalog, "--templates", change.theme,
                "--output", out] + (["--quiet"] if quiet else [])

    def timed(self, n: int, tool: str, case: Case, cmd: list) -> site.Sample:
        log_file = self.work / "last-run.log"
        sample = site.measure(cmd, log_file)
        if tool == "FilmSite":
            sample.written = summary(log_file.read_text(encoding="utf-8", errors="replace"))
        os.sync()
        self.samples.setdefault((n, tool, case.key), []).append(sample)
        written = f", {sample.written} written / unchanged / removed" if sample.written else ""
        log(f"  N={n}: {tool}, {case.label}: {sample.wall:.2f} s wall, "
            f"{sample.user + sample.sys:.2f} s CPU, {sample.rss / 2**20:.0f} MiB{written}")
        return sample

    def filmsite_round(self, n: int, number: int, inputs: dict) -> None:
        for case in CASES:
            parent = self.root / f"filmsite-{n}-{number}-{case.key}"
            parent.mkdir()
            out = parent / "Output"
            if case.key != "full":
                if not self.args.fresh_base:
                    site.run(self.build(inputs["warmup"], out, quiet=True), cwd=site.REPO)
                site.run(self.build(inputs["base"], out, quiet=True), cwd=site.REPO)
            self.timed(n, "FilmSite", case, self.build(inputs[case.key], out))
            self.check(case, inputs[case.key], out)
            shutil.rmtree(parent)

    def check(self, case: Case, change: Input, out: Path) -> None:
        """Stops unless `out` holds what a fresh full build of the change makes."""
        films = frozenset(os.listdir(out / "films"))
        if films != change.films:
            sys.exit(f"error: FilmSite's film folders after the {case.label} are not the "
                     f"expected ones, for example {sorted(films ^ change.films)[:3]}")
        if case.key == "full":
            return
        same_as_fresh(lambda fresh: self.build(change, fresh, quiet=True), out, self.root,
                      f"the {case.label}")

    def hugo_round(self, n: int, number: int, inputs: dict) -> None:
        base = self.root / f"hugo-{n}-{number}-full"
        for case in CASES:
            out = base if case.key == "full" else self.root / f"hugo-{n}-{number}-{case.key}"
            if case.key != "full":
                site.run(["cp", "-a", base, out])
            change = inputs[case.key]
            self.timed(n, "Hugo", case, ["hugo", "--quiet", "--noBuildLock", "--source",
                                          change.hugo, "--destination", out])
            films = frozenset(os.listdir(out / "films"))
            # Hugo keeps the files of pages that are gone, such as a retitled film's old folder.
            if not change.films <= films or (case.key == "full" and films != change.films):
                sys.exit(f"error: Hugo's film folders after the {case.label} lack FilmSite's, "
                         f"for example {sorted(change.films - films)[:3]}")
            if case.key != "full":
                shutil.rmtree(out)
        shutil.rmtree(base)

    def run(self) -> None:
        tools = [("filmsite", self.filmsite_round), ("hugo", self.hugo_round)]
        for n in self.args.sizes:
            inputs = self.prepare(n)
            rounds = {"filmsite": self.args.runs, "hugo": self.hugo_runs(n)}
            for number in range(1, max(rounds.values()) + 1):
                log(f"N={n}, round {number} of {max(rounds.values())}")
                shift = (number - 1) % len(tools)
                for name, tool_round in tools[shift:] + tools[:shift]:
                    if number <= rounds[name]:
                        tool_round(n, number, inputs)
            shutil.rmtree(self.work / f"inputs-{n}")

    def median(self, n: int, tool: str, key: str) -> site.Sample:
        return median(self.samples[(n, tool, key)])


def median(samples: list) -> site.Sample:
    """The median of each measure of `samples`, with every files-written count among them."""
    return site.Sample(*(statistics.median(getattr(s, field) for s in samples)
                         for field in ("wall", "user", "sys", "rss")),
                       written=", ".join(sorted({s.written for s in samples})))


def same_as_fresh(build, out: Path, root: Path, what: str) -> None:
    """Stops unless `out` holds what a fresh build makes: `build(folder)` is the command that
    builds the same input into a new folder (made under `root`, removed after)."""
    parent = root / "fresh"
    parent.mkdir()
    fresh = parent / "Output"
    site.run(build(fresh), cwd=site.REPO)
    result = subprocess.run(["diff", "-r", "-q", "-x", ".filmsite-manifest", f"{out}/",
                             f"{fresh}/"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    shutil.rmtree(parent)
    if result.returncode != 0:
        sys.exit(f"error: after {what}, the rebuilt site differs from a fresh build of the "
                 f"same input:\n" + "\n".join(result.stdout.splitlines()[:20]))


def report(bench: Benchmark, header: str) -> str:
    lines = [header]
    for n in bench.args.sizes:
        full = bench.median(n, "FilmSite", "full")
        hugo_full = bench.median(n, "Hugo", "full")
        lines += ["", f"N = {n:,} films ({runs(bench.args.runs, 'FilmSite')} and "
                  f"{runs(bench.hugo_runs(n), 'Hugo')} of each case, medians; the title change: "
                  f"{bench.notes[n]}):", "",
                  "| case | FilmSite | FilmSite CPU | / full build | target | FilmSite files "
                  "written / unchanged / removed | Hugo | Hugo / FilmSite | target |",
                  "| --- | ---: | ---: | ---: | --- | --- | ---: | ---: | --- |"]
        for case in CASES:
            ours, hugo = bench.median(n, "FilmSite", case.key), bench.median(n, "Hugo", case.key)
            ratio, faster = ours.wall / full.wall, hugo.wall / ours.wall
            if case.target:
                target = f"≤ {case.target:g}: {verdict(ratio <= case.target)}"
                hugo_target = f"≥ {HUGO_FASTER}: {verdict(faster >= HUGO_FASTER)}"
            else:
                target = hugo_target = ""
            lines.append(f"| {case.label} | {site.seconds(ours.wall)} | "
                         f"{site.seconds(ours.user + ours.sys)} | {ratio:.3f} | {target} | "
                         f"{ours.written} | {site.seconds(hugo.wall)} | {faster:.1f}× | "
                         f"{hugo_target} |")
        lines.append(f"\nHugo's full build: {site.seconds(hugo_full.wall)}, "
                     f"{site.mib(hugo_full.rss)} peak; FilmSite's: {site.seconds(full.wall)}, "
                     f"{site.mib(full.rss)} peak.")
    small, large = min(bench.args.sizes), max(bench.args.sizes)
    if small < large:
        lines += ["", f"How each case scales from {small:,} to {large:,} films "
                  f"({large / small:g}× the films; medians at N = {large:,} / at N = {small:,}):",
                  "", "| case | FilmSite | Hugo |", "| --- | ---: | ---: |"]
        for case in CASES:
            scale = [bench.median(large, tool, case.key).wall
                     / bench.median(small, tool, case.key).wall for tool in ("FilmSite", "Hugo")]
            lines.append(f"| {case.label} | {scale[0]:.2f}× | {scale[1]:.2f}× |")
    return "\n".join(lines)


def runs(count: int, tool: str) -> str:
    return f"{count} {tool} run{'s' if count > 1 else ''}"


def verdict(met: bool) -> str:
    return "met" if met else "**missed**"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000",
                        type=lambda text: sorted(int(n) for n in text.split(",")),
                        help="catalog sizes, comma-separated (default 10000,100000)")
    parser.add_argument("--runs", type=int, default=3, help="FilmSite rounds per size")
    parser.add_argument("--hugo-runs", type=int,
                        help="Hugo rounds per size (default: --runs up to 10,000 films, 1 above)")
    parser.add_argument("--fresh-base", action="store_true",
                        help="prepare each rebuild's output with one fresh build of the base")
    parser.add_argument("--tmpfs-dir", type=Path, default=Path("/dev/shm"),
                        help="where the sites are built (default /dev/shm)")
    parser.add_argument("--work-dir", type=Path, default=Path("/var/tmp"),
                        help="where the catalogs and Hugo projects are kept (default /var/tmp)")
    args = parser.parse_args()
    if args.runs < 1 or (args.hugo_runs is not None and args.hugo_runs < 1):
        parser.error("--runs and --hugo-runs take at least 1")

    work = Path(tempfile.mkdtemp(prefix="filmsite-incremental-", dir=args.work_dir.resolve()))
    root = Path(tempfile.mkdtemp(prefix="filmsite-incremental-", dir=args.tmpfs_dir.resolve()))
    try:
        filmsite, _ = site.setup(work)
        bench = Benchmark(args, work, root, filmsite)
        header = site.run_with_header(bench.run, {"tmpfs": root}, PREPARED_FRESH
                                      if args.fresh_base else PREPARED)
        print(report(bench, header), flush=True)
        log("Removing the benchmark's folders…")
    finally:
        for folder in (root, work):
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
