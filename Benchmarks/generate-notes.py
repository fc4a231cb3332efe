#!/usr/bin/env python3
"""Writes deterministic synthetic notes on the first films of a catalog, for benchmarks.

Usage: Benchmarks/generate-notes.py CATALOG.json N OUTDIR [--seed S]

The notes are made up: random words from a small vocabulary, not anyone's opinion of a real
film. They exercise what FilmSite's content layer reads, in the proportions a person's notes
might have, so that a build with them costs what reading and rendering such notes costs.

For each of the first N films of CATALOG.json (in file order) it writes
OUTDIR/films/<id>.md, named as FilmSite names a film's folder: the id itself when it is
lowercase a-z and 0-9, else `_` and the hex of its UTF-8 bytes (generate-catalog.py's ids are
integers, so their files are `1.md`, `2.md`, …). It also writes OUTDIR/about.md, a page of
your own with a title. Each note has TOML front matter between `+++` lines, then a Markdown
body:

- `rating` (0 to 10, one decimal) on about 70% of the notes; one to three `tags` from a pool
  of 40 made-up names on about 60%; one to three `watched` dates on about 40%; `featured =
  true` on about 3%;
- a body of two to five paragraphs, about 400 to 1,500 bytes in all: words with some *emphasis*
  and **strong** text, a list on about a quarter of the notes, a link to another noted film
  (`film:<id>`) on about 30% and a link to the About page (`@/about.md`) on about 10%.

The same catalog, N and seed give the same bytes. OUTDIR must be empty or not exist.
"""
import argparse
import datetime
import json
import random
import re
import sys
from pathlib import Path

# Made-up tag names: forty, some of two words, one with an accent.
TAGS = [
    "slow cinema", "rewatch", "festival pick", "late night", "double bill", "restored print",
    "first viewing", "silent era", "road movie", "ensemble", "debut", "long take", "noir",
    "comfort film", "overlooked", "programme note", "cinémathèque", "black and white",
    "hand-drawn", "score", "winter", "summer", "coming of age", "heist", "chamber piece",
    "epic", "documentary", "short runtime", "three hours", "shot on film", "city symphony",
    "family", "courtroom", "sea", "mountains", "trains", "letters", "memory", "ghosts",
    "favourite",
]
WORDS = (
    "the a an of in on with and but while after before when light frame shot cut scene "
    "camera actor actress score silence colour color night morning rain street house window "
    "door face hands voice memory ending opening title credits print screen audience "
    "projection reel slow quiet patient restless tender cold warm sharp soft strange "
    "familiar careful generous stubborn watches follows returns waits lingers opens closes "
    "holds frames remembers forgets carries misses finds keeps loses rhymes echoes"
).split()
ABOUT = """+++
title = "About"
+++
These notes are synthetic: they were written by a script for a benchmark, not by a person.

Each film page with a note shows it below the overview.
"""
PLAIN_ID = re.compile(r"[a-z0-9]+\Z")
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>!&#])")


def id_segment(film_id) -> str:
    """The film's id as FilmSite writes it in a file or folder name."""
    text = str(film_id)
    if PLAIN_ID.match(text):
        return text
    return "_" + text.encode("utf-8").hex()


def toml_string(text: str) -> str:
    """`text` as a TOML basic string."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if ord(c) >= 0x20 and c != "\x7f" else f"\\u{ord(c):04x}"
                         for c in escaped) + '"'


def link_text(title: str) -> str:
    """A film's title as Markdown text, its punctuation taken literally."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", title.replace("\n", " "))


def link_target(film_id) -> str:
    """`film:<id>`, in angle brackets when the id holds spaces or brackets."""
    target = f"film:{film_id}"
    return f"<{target}>" if re.search(r"[\s()<>]", target) else target


def sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 16))]
    if rng.random() < 0.1:
        i = rng.randrange(len(words) - 1)
        words[i:i + 2] = [f"**{words[i]} {words[i + 1]}**"]
    if rng.random() < 0.2:
        i = rng.randrange(len(words))
        if not words[i].startswith("*"):
            words[i] = f"*{words[i]}*"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "!", "?"])


def opening(rng: random.Random) -> str:
    """A paragraph's first words, plain text without markup."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 7))).capitalize() + "."


def body(rng: random.Random, film_id, films: list) -> str:
    """Two to five paragraphs and the extras drawn for this note, in 400 to about 1,500 bytes."""
    total = rng.randint(400, 1400)
    extras = []
    if len(films) > 1 and rng.random() < 0.3:
        other = rng.choice(films)
        while other["id"] == film_id:
            other = rng.choice(films)
        extras.append(f"It pairs well with [{link_text(str(other.get('title', other['id'])))}]"
                      f"({link_target(other['id'])}), seen the same week.")
    if rng.random() < 0.25:
        extras.append("\n".join(f"- {sentence(rng)}" for _ in range(rng.randint(2, 4))))
    if rng.random() < 0.1:
        extras.append("More on how these notes are kept on the [About](@/about.md) page.")
    paragraphs = [[opening(rng), sentence(rng)] for _ in range(rng.randint(2, 5))]
    length = sum(len(part) + 2 for part in extras)
    length += sum(len(" ".join(parts)) + 2 for parts in paragraphs)
    turn = 0
    while length < total:
        paragraphs[turn % len(paragraphs)].append(sentence(rng))
        length += len(paragraphs[turn % len(paragraphs)][-1]) + 1
        turn += 1
    texts = [" ".join(parts) for parts in paragraphs]
    for extra in extras:
        texts.insert(rng.randint(1, len(texts)), extra)
    return "\n\n".join(texts) + "\n"


def front_matter(rng: random.Random) -> list:
    lines = []
    if rng.random() < 0.7:
        lines.append(f"rating = {min(10.0, max(0.0, rng.gauss(6.8, 1.6))):.1f}")
    if rng.random() < 0.4:
        first = datetime.date(2015, 1, 1).toordinal()
        days = sorted(rng.sample(range(first, first + 12 * 365), rng.randint(1, 3)))
        lines.append("watched = [" + ", ".join(datetime.date.fromordinal(day).isoformat()
                                               for day in days) + "]")
    if rng.random() < 0.6:
        tags = rng.sample(TAGS, rng.randint(1, 3))
        lines.append("tags = [" + ", ".join(toml_string(tag) for tag in tags) + "]")
    if rng.random() < 0.03:
        lines.append("featured = true")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("catalog", type=Path)
    parser.add_argument("count", type=int, help="notes on the first N films")
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with open(args.catalog, encoding="utf-8") as source:
        films = json.load(source)[:args.count]
    if args.count < 0 or len(films) < args.count:
        sys.exit(f"error: {args.catalog} has {len(films)} films; cannot write {args.count} notes")
    if args.out.exists() and any(args.out.iterdir()):
        sys.exit(f"error: {args.out} is not empty; the notes go into an empty folder")
    folder = args.out / "films"
    folder.mkdir(parents=True)
    rng = random.Random(args.seed)
    names = set()
    for film in films:
        name = id_segment(film["id"]) + ".md"
        if name in names:
            sys.exit(f"error: two films of {args.catalog} have the id {film['id']!r}")
        names.add(name)
        text = "+++\n" + "".join(line + "\n" for line in front_matter(rng)) + "+++\n"
        text += body(rng, film["id"], films)
        (folder / name).write_text(text, encoding="utf-8")
    (args.out / "about.md").write_text(ABOUT, encoding="utf-8")


if __name__ == "__main__":
    main()
