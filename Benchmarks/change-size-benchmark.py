#!/usr/bin/env python3
"""Times FilmSite's rebuilds as the change grows: k films edited, retitled, added or removed.

Usage: Benchmarks/change-size-benchmark.py [--sizes 10000,100000] [--counts 1,10,100,1000,10000]
                                           [--kinds overview,title,added,removed]
                                           [--runs 3] [--check-up-to 10000]
                                           [--hugo-up-to 10000] [--tmpfs-dir /dev/shm]
                                           [--work-dir /var/tmp]

incremental-benchmark.py times one change of each kind at a fixed size (one overview, one
title, 100 films added). This one asks how a rebuild's cost grows with the size of the change,
at each catalog size. For each N and each count k (counts above N / 2 are left out) it prepares,
untimed, four inputs from the N-film catalog of generate-catalog.py (the first N of N + k
films drawn with the pools of N, which is byte for byte the N-film catalog):

- overview: k films, evenly spaced through the catalog, each with one more sentence;
- title: the same k films, each with " II" after its title: its slug changes, and it moves in
  the order, past the titles that begin as it does and whose next word folds before "ii" (the
  report gives how far the films moved, by FilmSite's order as hugo-site.py spells it);
- added: the k films after the N-th, put at the end of the catalog (in FilmSite's order they
  fall anywhere);
- removed: the same k evenly spaced films, left out.

For R rounds it times FilmSite's full build into a new folder (at the start and at the end of
each round, so the ratios divide by full builds of the same run), and each rebuild into an
output prepared as incremental-benchmark.py prepares it: a build of the base with one other
overview edited, then a build of the base. After each rebuild the film folders must be the
input's (at every size), and up to --check-up-to films the whole output is compared with a
fresh full build of the same input (`diff -r`, the manifest aside); the benchmark stops if
either differs. Up to --hugo-up-to films, Hugo (hugo-site.py) builds the base once and then
rebuilds each change once into a `cp -a` copy of that build, in the first round, after
FilmSite's; Hugo keeps the pages of films that are gone, so after a removal or a retitle its
output also holds the old pages.

At 100,000 films the inputs take about 5 GB in --work-dir (a 218 MB catalog per change); three
rounds at both sizes take about an hour.

Prints Markdown tables of medians on stdout, progress on stderr.
"""
import argparse
import bisect
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent


# incremental-benchmark.py (its name has hyphens, so `import` cannot load it), which loads
# the other scripts this one uses.
_spec = importlib.util.spec_from_file_location("incremental_benchmark",
                                               BENCHMARKS / "incremental-benchmark.py")
incremental = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(incremental)
site, hugo_site = incremental.site, incremental.hugo_site
log = site.log

KINDS = {
    "overview": ("overview edited", "overviews edited"),
    "title": ("film retitled", "films retitled"),
    "added": ("film added", "films added"),
    "removed": ("film removed", "films removed"),
}


def change(kind: str, k: int) -> str:
    """What the change is, in words: "1 film added", "100 films added"."""
    return f"{k:,} {KINDS[kind][0 if k == 1 else 1]}"


def spaced(n: int, k: int) -> list:
    """k distinct indices of 0..<n, evenly spaced, none at the very start or end."""
    return [(i * n) // k + n // (2 * k) for i in range(k)]


def moves(films: list, k: int) -> list:
    """How many places in FilmSite's order each of the k retitled films of `changed` moves, each
    as if it alone were retitled (later is positive)."""
    keys = sorted((hugo_site.order_key(film), index) for index, film in enumerate(films))
    place = {index: rank for rank, (_, index) in enumerate(keys)}
    out = []
    for index in spaced(len(films), k):
        retitled = dict(films[index], title=films[index]["title"] + " II")
        new = bisect.bisect_left(keys, (hugo_site.order_key(retitled), -1))
        # The film's own old key sorts before its new one: it is not among those it passes.
        out.append(new - 1 - place[index] if new > place[index] else new - place[index])
    return out


def changed(films: list, extra: list, kind: str, k: int) -> list:
    """The catalog `films` with the change `kind` made to k films."""
    if kind == "added":
        return films + extra[:k]
    picks = set(spaced(len(films), k))
    if kind == "removed":
        return [film for index, film in enumerate(films) if index not in picks]
    out = [dict(film) if index in picks else film for index, film in enumerate(films)]
    for index in picks:
        if kind == "overview":
            out[index]["overview"] = (out[index].get("overview") or "") + " One more sentence."
        else:
            out[index]["title"] += " II"
    return out


class Benchmark:
    def __init__(self, args, work: Path, root: Path, filmsite: Path):
        self.args, self.work, self.root, self.filmsite = args, work, root, filmsite
        self.samples: dict = {}  # (n, tool, kind, k) -> [Sample]; kind "full" with k 0
        self.moves: dict = {}  # (n, k) -> places each retitled film moved

    def counts(self, n: int) -> list:
        return [k for k in self.args.counts if k <= n // 2]

    def prepare(self, n: int) -> dict:
        """The untimed inputs for N films: catalogs, the theme, and Hugo's projects."""
        log(f"Preparing N={n}…")
        folder = self.work / f"inputs-{n}"
        folder.mkdir()
        counts = self.counts(n)
        everything = folder / "everything.json"
        site.run([sys.executable, BENCHMARKS / "generate-catalog.py", str(n + max(counts)),
                  everything, "--pools-for", str(n)])
        with open(everything, encoding="utf-8") as source:
            films = json.load(source)
        everything.unlink()
        films, extra = films[:n], films[n:]
        inputs = {"base": folder / "base.json", "warmup": folder / "warmup.json"}
        incremental.write_catalog(films, inputs["base"])
        warmup = [dict(film) for film in films]
        warmup[n // 3]["overview"] += " A sentence from an edit before this one."
        incremental.write_catalog(warmup, inputs["warmup"])
        del warmup
        for kind in self.args.kinds:
            for k in counts:
                inputs[(kind, k)] = folder / f"{kind}-{k}.json"
                films_now = changed(films, extra, kind, k)
                incremental.write_catalog(films_now, inputs[(kind, k)])
                inputs[("folders", kind, k)] = incremental.film_folders(films_now)
        for k in counts if "title" in self.args.kinds else []:
            self.moves[(n, k)] = moves(films, k)
        inputs["theme"] = folder / "theme"
        site.run([self.filmsite, "theme", "export", inputs["theme"]])
        if n <= self.args.hugo_up_to:
            for key in ["base"] + [(kind, k) for kind in self.args.kinds for k in counts]:
                name = key if key == "base" else f"{key[0]}-{key[1]}"
                project = folder / f"hugo-{name}"
                site.run([sys.executable, BENCHMARKS / "hugo-site.py", inputs[key], project])
                inputs[("hugo", key)] = project
        return inputs

    def build(self, inputs: dict, catalog: Path, out: Path, quiet: bool = False) -> list:
        return [self.filmsite, "build", "--catalog", catalog, "--templates", inputs["theme"],
                "--output", out] + (["--quiet"] if quiet else [])

    def timed(self, n: int, tool: str, kind: str, k: int, cmd: list) -> None:
        log_file = self.work / "last-run.log"
        sample = site.measure(cmd, log_file)
        if tool == "FilmSite":
            sample.written = incremental.summary(log_file.read_text(encoding="utf-8",
                                                                    errors="replace"))
        os.sync()
        self.samples.setdefault((n, tool, kind, k), []).append(sample)
        what = "full build" if kind == "full" else change(kind, k)
        written = f", {sample.written} written / unchanged / removed" if sample.written else ""
        log(f"  N={n}: {tool}, {what}: {sample.wall:.2f} s wall, "
            f"{sample.user + sample.sys:.2f} s CPU, {sample.rss / 2**20:.0f} MiB{written}")

    def full(self, n: int, number: int, inputs: dict, when: str) -> None:
        parent = self.root / f"full-{n}-{number}-{when}"
        parent.mkdir()
        self.timed(n, "FilmSite", "full", 0, self.build(inputs, inputs["base"], parent / "Output"))
        shutil.rmtree(parent)

    def filmsite_round(self, n: int, number: int, inputs: dict) -> None:
        self.full(n, number, inputs, "start")
        for kind in self.args.kinds:
            for k in self.counts(n):
                parent = self.root / f"filmsite-{n}-{number}-{kind}-{k}"
                parent.mkdir()
                out = parent / "Output"
                site.run(self.build(inputs, inputs["warmup"], out, quiet=True), cwd=site.REPO)
                site.run(self.build(inputs, inputs["base"], out, quiet=True), cwd=site.REPO)
                self.timed(n, "FilmSite", kind, k, self.build(inputs, inputs[(kind, k)], out))
                folders = frozenset(os.listdir(out / "films"))
                if folders != inputs[("folders", kind, k)]:
                    sys.exit(f"error: FilmSite's film folders after {change(kind, k)} are not "
                             f"the input's, for example "
                             f"{sorted(folders ^ inputs[('folders', kind, k)])[:3]}")
                if n <= self.args.check_up_to:
                    catalog = inputs[(kind, k)]
                    incremental.same_as_fresh(
                        lambda fresh: self.build(inputs, catalog, fresh, quiet=True), out,
                        self.root, change(kind, k))
                shutil.rmtree(parent)
        self.full(n, number, inputs, "end")

    def hugo_round(self, n: int, inputs: dict) -> None:
        base = self.root / f"hugo-{n}-base"
        self.timed(n, "Hugo", "full", 0, ["hugo", "--quiet", "--noBuildLock", "--source",
                                          inputs[("hugo", "base")], "--destination", base])
        for kind in self.args.kinds:
            for k in self.counts(n):
                out = self.root / f"hugo-{n}-{kind}-{k}"
                site.run(["cp", "-a", base, out])
                self.timed(n, "Hugo", kind, k, ["hugo", "--quiet", "--noBuildLock", "--source",
                                                inputs[("hugo", (kind, k))], "--destination",
                                                out])
                # Hugo keeps the pages of films that are gone: FilmSite's folders are among its.
                missing = inputs[("folders", kind, k)] - frozenset(os.listdir(out / "films"))
                if missing:
                    sys.exit(f"error: Hugo's film folders after {change(kind, k)} lack "
                             f"FilmSite's, for example {sorted(missing)[:3]}")
                shutil.rmtree(out)
        shutil.rmtree(base)

    def run(self) -> None:
        for n in self.args.sizes:
            inputs = self.prepare(n)
            for number in range(1, self.args.runs + 1):
                log(f"N={n}, round {number} of {self.args.runs}")
                self.filmsite_round(n, number, inputs)
                if number == 1 and n <= self.args.hugo_up_to:
                    self.hugo_round(n, inputs)
            shutil.rmtree(self.work / f"inputs-{n}")

    def median(self, n: int, tool: str, kind: str, k: int) -> site.Sample:
        return incremental.median(self.samples[(n, tool, kind, k)])


def report(bench: Benchmark, header: str) -> str:
    lines = [header]
    for n in bench.args.sizes:
        full = bench.median(n, "FilmSite", "full", 0)
        fulls = ", ".join(f"{s.wall:.2f}" for s in bench.samples[(n, "FilmSite", "full", 0)])
        hugo = n <= bench.args.hugo_up_to
        lines += ["", f"N = {n:,} films: FilmSite's full build into a new folder "
                  f"{site.seconds(full.wall)} (median of {fulls} s); {bench.args.runs} "
                  f"FilmSite run{'s' if bench.args.runs > 1 else ''} of each rebuild"
                  + (f", 1 Hugo run (its full build of the base: "
                     f"{site.seconds(bench.median(n, 'Hugo', 'full', 0).wall)})" if hugo else "")
                  + ", medians." + (" Retitled films moved by " + ", ".join(
                      f"{statistics.median(abs(m) for m in bench.moves[(n, k)]):g} places "
                      f"(median; at most {max(abs(m) for m in bench.moves[(n, k)]):,}) for k = {k:,}"
                      for k in bench.counts(n)) + "." if "title" in bench.args.kinds else ""), "",
                  "| change | FilmSite | / full build | files written / unchanged / removed"
                  + (" | Hugo | Hugo / FilmSite |" if hugo else " |"),
                  "| --- | ---: | ---: | ---" + (" | ---: | ---: |" if hugo else " |")]
        for kind in bench.args.kinds:
            for k in bench.counts(n):
                ours = bench.median(n, "FilmSite", kind, k)
                row = (f"| {change(kind, k)} | {site.seconds(ours.wall)} | {ours.wall / full.wall:.3f} "
                       f"| {ours.written} |")
                if hugo:
                    theirs = bench.median(n, "Hugo", kind, k)
                    row += f" {site.seconds(theirs.wall)} | {theirs.wall / ours.wall:.1f}× |"
                lines.append(row)
    small, large = min(bench.args.sizes), max(bench.args.sizes)
    if small < large:
        counts = bench.counts(small)
        lines += ["", f"How each rebuild grows from {small:,} to {large:,} films "
                  f"({large / small:g}× the films; FilmSite's medians at N = {large:,} / at "
                  f"N = {small:,}):", "",
                  "| change | " + " | ".join(f"k = {k:,}" for k in counts) + " |",
                  "| --- |" + " ---: |" * len(counts)]
        for kind in bench.args.kinds:
            label = KINDS[kind][1]
            lines.append(f"| k {label} | " + " | ".join(
                f"{bench.median(large, 'FilmSite', kind, k).wall / bench.median(small, 'FilmSite', kind, k).wall:.2f}×"
                for k in counts) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    number_list = lambda text: sorted({int(n) for n in text.split(",")})  # noqa: E731
    parser.add_argument("--sizes", default="10000,100000", type=number_list,
                        help="catalog sizes, comma-separated (default 10000,100000)")
    parser.add_argument("--counts", default="1,10,100,1000,10000", type=number_list,
                        help="films changed, comma-separated; those above N / 2 are left out "
                             "(default 1,10,100,1000,10000)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        type=lambda text: [kind for kind in KINDS if kind in text.split(",")],
                        help="the kinds of change, comma-separated (default: "
                             + ",".join(KINDS) + ")")
    parser.add_argument("--runs", type=int, default=3, help="FilmSite rounds per size")
    parser.add_argument("--check-up-to", type=int, default=10_000,
                        help="compare each rebuild with a fresh build up to this many films "
                             "(default 10,000)")
    parser.add_argument("--hugo-up-to", type=int, default=10_000,
                        help="time Hugo's rebuilds up to this many films (default 10,000)")
    parser.add_argument("--tmpfs-dir", type=Path, default=Path("/dev/shm"),
                        help="where the sites are built (default /dev/shm)")
    parser.add_argument("--work-dir", type=Path, default=Path("/var/tmp"),
                        help="where the catalogs and Hugo projects are kept (default /var/tmp)")
    args = parser.parse_args()
    if args.runs < 1 or not args.counts or args.counts[0] < 1 or not args.kinds:
        parser.error("--runs takes at least 1, --counts positive numbers, --kinds at least one "
                     "of " + ", ".join(KINDS))
    if args.sizes[0] < 2 * args.counts[0]:
        parser.error(f"every size must be at least twice the smallest count ({args.counts[0]})")

    work = Path(tempfile.mkdtemp(prefix="filmsite-change-size-", dir=args.work_dir.resolve()))
    root = Path(tempfile.mkdtemp(prefix="filmsite-change-size-", dir=args.tmpfs_dir.resolve()))
    try:
        filmsite, _ = site.setup(work)
        bench = Benchmark(args, work, root, filmsite)
        header = site.run_with_header(bench.run, {"tmpfs": root}, incremental.PREPARED)
        print(report(bench, header), flush=True)
        log("Removing the benchmark's folders…")
    finally:
        for folder in (root, work):
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
