#!/usr/bin/env python3
"""Times one case of incremental-benchmark.py for two filmsite binaries, alternating.

Usage: Benchmarks/ab-rebuild.py OLD NEW [--case overview] [--films 100000] [--rounds 4]
                                [--again] [--compare] [--tmpfs-dir /dev/shm] [--work-dir /var/tmp]

CASE is one of incremental-benchmark.py's: full, noop, overview, title, added, template. The
inputs are made as that script makes them (generate-catalog.py's films, the same edits, OLD's
built-in theme exported to a folder), and each rebuild's output is prepared the same way,
untimed and by the binary that is then timed: a build of the base with another film's overview
edited, then a build of the base. Each round times OLD, then NEW, or NEW first in even rounds.
With --again (the template and added cases), the change is made twice in a row and the second
build is timed: a second edit of the film template after a first, or 100 more films after 100
added, as a theme edited in `filmsite serve` or a daily build that adds films does. The spare's
changed pages are then its own files, not links to the current site's. With --compare, each
round's two outputs must be the same files (`diff -r`, the manifest aside).

This is how a change to a rebuild is measured against the binary before it, in the same
minutes: this machine's timings drift by 10 % or more from one hour to the next. Prints each
run and the medians, progress on stderr.
"""
import argparse
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent


# The benchmark's inputs and timing, from its script (a name with hyphens, which `import` cannot load).
_spec = importlib.util.spec_from_file_location("incremental_benchmark",
                                               BENCHMARKS / "incremental-benchmark.py")
incremental = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(incremental)
site = incremental.site
CASES = [case.key for case in incremental.CASES]


# The second edit of the film template, for --again.
SECOND_LINE = (incremental.FILMSITE_LINE[1],
               '<a href="{{indexURL}}">← Back to every film, page {{indexPage}}')


def prepare(films_count: int, folder: Path, filmsite: Path) -> dict:
    """The catalogs and themes of each case, as incremental-benchmark.py makes them, and
    the second change of the template and added cases (keys "template-again", "added-again")."""
    added = incremental.ADDED
    catalogs = {key: folder / f"{key}.json" for key in ("base", "warmup", "overview", "title",
                                                        "added", "added-again")}
    # generate-catalog.py's first films are the same whatever the count.
    site.run([sys.executable, BENCHMARKS / "generate-catalog.py", str(films_count + 2 * added),
              catalogs["added-again"], "--pools-for", str(films_count)])
    everything = json.loads(catalogs["added-again"].read_text(encoding="utf-8"))
    incremental.write_catalog(everything[:films_count + added], catalogs["added"])
    films = everything[:films_count]
    incremental.write_catalog(films, catalogs["base"])
    warmup = [dict(film) for film in films]
    warmup[films_count // 3]["overview"] += " A sentence from an edit before this one."
    incremental.write_catalog(warmup, catalogs["warmup"])
    site.changed_catalog(catalogs["base"], catalogs["overview"])
    title_films, note = incremental.retitled(films)
    site.log(f"The title change: {note}")
    incremental.write_catalog(title_films, catalogs["title"])
    theme, edited = folder / "theme", folder / "theme-edited"
    site.run([filmsite, "theme", "export", theme])
    shutil.copytree(theme, edited)
    incremental.changed_line(edited / "film.html", incremental.FILMSITE_LINE)
    edited_again = folder / "theme-edited-again"
    shutil.copytree(edited, edited_again)
    incremental.changed_line(edited_again / "film.html", SECOND_LINE)
    inputs = {key: (catalogs[key], theme) for key in ("base", "warmup", "overview", "title",
                                                       "added", "added-again")}
    inputs.update(full=(catalogs["base"], theme), noop=(catalogs["base"], theme),
                  template=(catalogs["base"], edited))
    inputs["template-again"] = (catalogs["base"], edited_again)
    return inputs


def build(filmsite: Path, change: tuple, out: Path, quiet: bool = True) -> list:
    catalog, theme = change
    return [filmsite, "build", "--catalog", catalog, "--templates", theme, "--output", out] + (
        ["--quiet"] if quiet else [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the binary before the change")
    parser.add_argument("new", type=Path, help="the binary with the change")
    parser.add_argument("--case", choices=CASES, default="overview")
    parser.add_argument("--films", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--again", action="store_true",
                        help="time the second of two changes in a row (template, added)")
    parser.add_argument("--compare", action="store_true",
                        help="check that each round's two outputs hold the same files")
    parser.add_argument("--tmpfs-dir", type=Path, default=Path("/dev/shm"))
    parser.add_argument("--work-dir", type=Path, default=Path("/var/tmp"))
    args = parser.parse_args()
    if args.again and args.case not in ("template", "added"):
        parser.error("--again is for the template and added cases")
    timed = args.case + ("-again" if args.again else "")
    binaries = {"old": args.old.resolve(), "new": args.new.resolve()}
    for path in binaries.values():
        if not path.is_file():
            parser.error(f"{path} is not a file")

    work = Path(tempfile.mkdtemp(prefix="filmsite-ab-", dir=args.work_dir.resolve()))
    root = Path(tempfile.mkdtemp(prefix="filmsite-ab-", dir=args.tmpfs_dir.resolve()))
    try:
        site.log(f"Preparing {args.films:,} films…")
        inputs = prepare(args.films, work, binaries["old"])
        walls: dict = {"old": [], "new": []}
        cpus: dict = {"old": [], "new": []}
        for number in range(1, args.rounds + 1):
            order = ["old", "new"] if number % 2 else ["new", "old"]
            outputs = {}
            for side in order:
                out = root / side / "Output"
                shutil.rmtree(out.parent, ignore_errors=True)
                out.parent.mkdir(parents=True)
                if args.case != "full":
                    site.run(build(binaries[side], inputs["warmup"], out))
                    site.run(build(binaries[side], inputs["base"], out))
                if args.again:
                    site.run(build(binaries[side], inputs[args.case], out))
                sample = site.measure(build(binaries[side], inputs[timed], out, quiet=False),
                                      work / "last-run.log")
                walls[side].append(sample.wall)
                cpus[side].append(sample.user + sample.sys)
                outputs[side] = out
                print(f"round {number}, {side}: {sample.wall:.2f} s wall, "
                      f"{sample.user + sample.sys:.2f} s CPU, {sample.rss / 2**20:.0f} MiB",
                      flush=True)
            if args.compare:
                result = subprocess.run(
                    ["diff", "-r", "-q", "-x", ".filmsite-manifest", f"{outputs['old']}/",
                     f"{outputs['new']}/"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    text=True)
                if result.returncode != 0:
                    sys.exit(f"error: round {number}'s two outputs differ:\n"
                             + "\n".join(result.stdout.splitlines()[:20]))
            for out in outputs.values():
                shutil.rmtree(out.parent)
        medians = {side: statistics.median(values) for side, values in walls.items()}
        for side in ("old", "new"):
            print(f"{side} ({binaries[side]}): median {medians[side]:.2f} s wall, "
                  f"{statistics.median(cpus[side]):.2f} s CPU over {args.rounds} rounds")
        print(f"new / old: {medians['new'] / medians['old']:.3f} ({timed}, "
              f"{args.films:,} films)")
    finally:
        for folder in (root, work):
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
