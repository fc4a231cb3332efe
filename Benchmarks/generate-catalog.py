#!/usr/bin/env python3
"""Writes a deterministic synthetic film catalog for benchmarks.

Usage: Benchmarks/generate-catalog.py N OUT.json [--seed S]

The same N and seed always give the same bytes. Films have titles of one to six words (with
punctuation, accents and some repeats), one to three of 18 genres, overviews of 300 to 900
characters with occasional emphasis and a link, and about 20% have no poster.
"""
import argparse
import json
import random

GENRES = [
    "Action", "Adventure", "Animation", "Comedy", "Crime", "Documentary", "Drama", "Family",
    "Fantasy", "History", "Horror", "Music", "Mystery", "Romance", "Science Fiction",
    "Thriller", "War", "Western",
]
WORDS = [
    "night", "city", "river", "ghost", "summer", "winter", "last", "first", "silent", "broken",
    "golden", "empire", "dream", "shadow", "garden", "station", "letter", "stranger", "crown",
    "Amélie", "Zoë", "café", "Straße", "señor", "naïve", "fjord", "Kraków", "Ærø", "déjà vu",
    "heart", "storm", "mirror", "harbor", "road", "signal", "machine", "orchard", "tide",
]
PUNCTUATION = ["", "", "", ":", ",", "!", "?", " &", "'s", "…"]
FIRST = ["Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ingrid", "Jun"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Costa", "Haddad", "Byrne", "Ruiz"]
SENTENCE_WORDS = (
    "a the an of in on with who when after before while her his their young old town family "
    "secret journey war love crime detective island village letter memory night sea storm "
    "discovers returns hides searches remembers loses finds escapes confronts follows"
).split()


def title(rng: random.Random, repeats: list) -> str:
    if repeats and rng.random() < 0.05:
        return rng.choice(repeats)
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 6))]
    text = " ".join(w + rng.choice(PUNCTUATION) if i < len(words) - 1 else w
                    for i, w in enumerate(words))
    text = text[0].upper() + text[1:]
    repeats.append(text)
    return text


def overview(rng: random.Random) -> str:
    target = rng.randint(300, 900)
    sentences = []
    length = 0
    while length < target:
        words = [rng.choice(SENTENCE_WORDS) for _ in range(rng.randint(6, 16))]
        if rng.random() < 0.15:
            i = rng.randrange(len(words))
            words[i] = f"*{words[i]}*"
        if rng.random() < 0.05:
            i = rng.randrange(len(words))
            words[i] = f"[{words[i]}](https://example.org/{rng.randint(1, 9999)})"
        sentence = " ".join(words)
        sentence = sentence[0].upper() + sentence[1:] + "."
        sentences.append(sentence)
        length += len(sentence) + 1
    return " ".join(sentences)[:target].rstrip() + "."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    repeats: list = []
    films = []
    for number in range(1, args.count + 1):
        film = {
            "id": number,
            "title": title(rng, repeats),
            "year": rng.randint(1920, 2026),
            "runtime": rng.randint(70, 200),
            "director": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "genres": rng.sample(GENRES, rng.randint(1, 3)),
            "overview": overview(rng),
            "posterPath": None if rng.random() < 0.2 else f"/p{number:07d}.jpg",
        }
        films.append(film)
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(films, out, ensure_ascii=False, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
