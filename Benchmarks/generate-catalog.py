#!/usr/bin/env python3
"""Writes a deterministic synthetic film catalog for benchmarks.

Usage: Benchmarks/generate-catalog.py N OUT.json [--seed S] [--pools-for M]

The same N and seed always give the same bytes. Films have titles of one to six words (with
punctuation, accents and some repeats), one to three of 18 genres, overviews of 300 to 900
characters with occasional emphasis and a link, and about 20% have no poster.

They also have the fields of a TMDB details page: a cast of 5 to 40 people, top billed first,
most with a character; one to three writers; one or two countries; a rating with one decimal (1
to 10, most between 5 and 8) and a heavy-tailed vote count on about 96%; a tagline on about 60%
of films, an original title on about 15%, a release date in the film's year on about 95% and an
IMDb id on about 90%. Actors and writers come from pools of made-up names that grow with N (six
actors and half a writer per film), each name with its own slug, and a film's people are drawn
with Zipf-like weights: from a few thousand films up, the most frequent actors are in about 250
to 300 films and the most frequent writers in about 80, while nearly half of all actors are in
one film only: the long tail real catalogs have. These fields come from a random stream of
their own, so the other fields keep the values that catalogs written before these fields
existed had.

The pools grow with N, so the first M films of a longer catalog are not the M-film catalog;
with `--pools-for M` they are: the pools are those of M films, and every film is drawn as the
M-film catalog draws it, so films after the M-th are new films by the same people.
"""
import argparse
import bisect
import calendar
import itertools
import json
import random
import re
import unicodedata

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

# People's names: a given name (sometimes two) and a surname made of two parts. Accents are only
# ones that canonical decomposition strips (no ø, ł or ß), and names hold only letters, spaces
# and hyphens, so FilmSite's slug of a name and Hugo's folder for it (hugo-site.py) agree.
GIVEN = (
    "Ada Adrian Agnès Aiko Akira Alba Aleksander Alma Amara Anders Andrés Anouk Arjun Astrid "
    "Aurélie Ayesha Bea Benedikt Björn Bongani Camille Carmen Cem Chidi Chloé Dalia Daniel "
    "Dario Delphine Diego Dilnoza Ebba Elena Elif Emeka Emil Esra Ezra Fatima Felipe Freya "
    "Gabriel Grete Hamid Hana Hannes Hiroshi Ilse Imani Inès Isabela Ivan Jae-won Jana Javier "
    "Jimena José Joaquín Julien Kaito Karim Katarina Keanu Kemal Kofi Lars Leila Léon Liam "
    "Lucía Luca Mads Mai Malak Marek Mariana Mateo Mei Mikael Milos Mira Moana Nadia Naoko "
    "Niamh Nikolai Noémie Nuno Olga Omar Oskar Paloma Pedro Priya Rafael Ravi Renée Rhys Rosa "
    "Ruth Sacha Salma Santiago Sebastián Selin Shira Sipho Siobhan Sofía Soren Tamar Tariq "
    "Teodora Thandiwe Tomás Umar Valentina Vera Viktor Wanjiru Wen Ximena Yara Yusuf Zainab "
    "Zoë Zoltán"
).split()
SURNAME_HEADS = (
    "Abe Al Bar Bel Ber Bran Cas Cor Dal Dra El Fal Fer Gal Gar Hal Har Hol Is Kal Kar Kor Lan "
    "Lind Mar Mel Mor Nor Ok Ol Pal Pet Ram Ros Sal San Sor Stan Tal Tor Ul Val Ven Vil Wal "
    "Zal Zor Ny Ek Quin"
).split()
SURNAME_TAILS = (
    "afor berg court dal dóttir ego ez fors gaard ić ini kov lund mann meier ńska oni ori "
    "quist ramírez rén sen sson stad ström ttir vich wood zadeh ás ek ello escu ová ski stein "
    "uel uz wick ane oya"
).split()
ROLES = [
    "Detective", "Nurse", "Bartender", "Waiter", "Doctor", "Officer", "Reporter", "Teacher",
    "Priest", "Soldier", "Driver", "Neighbor", "Receptionist", "Guard", "Pilot", "Singer",
    "Fisherman", "Landlady", "Judge", "Mayor", "Captain", "Professor", "Clerk", "Stranger",
]
ROLE_FORMS = ["{role}", "{role} {n}", "{role} #{n}", "The {role}", "{first}'s {relative}",
              "Young {first}", "{first} (voice)", "Herself", "Himself"]
RELATIVES = ["Mother", "Father", "Sister", "Brother", "Aunt", "Uncle", "Grandmother", "Friend"]
TAGLINE_WORDS = (
    "some every no one never always the last first night secret truth love war home road "
    "sea city heart storm dream fear is was will can cannot remember forget run hide come "
    "back stay forever nothing everything begins ends"
).split()
COUNTRIES = [
    ("United States of America", 30), ("United Kingdom", 9), ("France", 8), ("Japan", 6),
    ("Germany", 5), ("India", 5), ("Italy", 4), ("Canada", 4), ("Spain", 3),
    ("South Korea", 3), ("China", 3), ("Mexico", 2), ("Brazil", 2), ("Australia", 2),
    ("Sweden", 2), ("Denmark", 1), ("Norway", 1), ("Poland", 1), ("Argentina", 1),
    ("Nigeria", 1), ("Iran", 1), ("Türkiye", 1), ("Côte d'Ivoire", 1), ("Czech Republic", 1),
    ("New Zealand", 1), ("Belgium", 1), ("Hong Kong", 1), ("Egypt", 1), ("Romania", 1),
]


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


def folded(name: str) -> str:
    """The name as a slug: letters without accents, lowercased, other runs as one '-'."""
    letters = "".join(c for c in unicodedata.normalize("NFD", name.lower())
                      if unicodedata.category(c) != "Mn")
    return re.sub(r"[^a-z0-9]+", "-", letters).strip("-")


class People:
    """A pool of `size` made-up names, drawn with Zipf-Mandelbrot weights 1 / (rank + offset).

    Names are a given name and a surname, some with a second given name; no two share a slug.
    With the pool and the offset both in proportion to the films, the most frequent name is in
    about the same number of films at any catalog size.
    """

    def __init__(self, rng: random.Random, size: int, offset: float, surnames: list):
        self.names = []
        seen = set()
        while len(self.names) < size:
            given = rng.choice(GIVEN)
            if rng.random() < 0.3:
                given += " " + rng.choice(GIVEN)
            name = f"{given} {rng.choice(surnames)}"
            key = folded(name)
            if key not in seen:
                seen.add(key)
                self.names.append(name)
        total = 0.0
        self.cumulative = []
        for rank in range(1, size + 1):
            total += 1.0 / (rank + offset)
            self.cumulative.append(total)

    def draw(self, rng: random.Random, count: int) -> list:
        """`count` different names (fewer if the pool is smaller), most frequent ones likelier."""
        count = min(count, len(self.names))
        picked = []
        chosen = set()
        total = self.cumulative[-1]
        while len(picked) < count:
            index = bisect.bisect_left(self.cumulative, rng.random() * total)
            index = min(index, len(self.names) - 1)
            if index not in chosen:
                chosen.add(index)
                picked.append(self.names[index])
        return picked


def surnames() -> list:
    """Every surname the heads and tails make, each once."""
    made = []
    seen = set()
    for head, tail in itertools.product(SURNAME_HEADS, SURNAME_TAILS):
        name = head + tail
        if name not in seen:
            seen.add(name)
            made.append(name)
    return made


def character(rng: random.Random) -> str:
    if rng.random() < 0.55:
        given = rng.choice(GIVEN)
        if rng.random() < 0.5:
            return given
        return f"{given} {rng.choice(SURNAME_HEADS)}{rng.choice(SURNAME_TAILS)}"
    form = rng.choice(ROLE_FORMS)
    return form.format(role=rng.choice(ROLES), n=rng.randint(1, 4), first=rng.choice(GIVEN),
                       relative=rng.choice(RELATIVES))


def tagline(rng: random.Random) -> str:
    words = [rng.choice(TAGLINE_WORDS) for _ in range(rng.randint(3, 9))]
    text = " ".join(words)
    if rng.random() < 0.1:
        text = f"\u201c{text}\u201d"
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "!", "…", "?"])


def credits(rng: random.Random, film: dict, actors: People, writers: People) -> dict:
    """The fields a details page adds, for a film whose other fields are made."""
    fields = {}
    if rng.random() < 0.15:
        fields["originalTitle"] = title(rng, [])
    if rng.random() < 0.6:
        fields["tagline"] = tagline(rng)
    year = film["year"]
    if rng.random() < 0.95:
        month = rng.randint(1, 12)
        day = rng.randint(1, calendar.monthrange(year, month)[1])
        fields["releaseDate"] = f"{year:04d}-{month:02d}-{day:02d}"
    if rng.random() < 0.96:
        fields["rating"] = round(min(10.0, max(1.0, rng.gauss(6.4, 1.0))), 1)
        fields["voteCount"] = min(40_000, max(1, int(rng.lognormvariate(4.5, 1.8))))
    size = 5 + int(rng.betavariate(1.5, 3.0) * 36)
    fields["cast"] = [
        {"name": name, "character": character(rng)} if rng.random() < 0.85 else {"name": name}
        for name in actors.draw(rng, size)
    ]
    fields["writers"] = writers.draw(rng, rng.choice([1, 1, 1, 2, 2, 3]))
    names = [name for name, _ in COUNTRIES]
    weights = [weight for _, weight in COUNTRIES]
    countries = rng.choices(names, weights=weights, k=1)
    if rng.random() < 0.25:
        other = rng.choices(names, weights=weights, k=1)[0]
        if other not in countries:
            countries.append(other)
    fields["countries"] = countries
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pools-for", type=int, metavar="M",
                        help="size the pools of actors and writers for M films (default: N)")
    args = parser.parse_args()
    pooled = args.count if args.pools_for is None else args.pools_for
    rng = random.Random(args.seed)
    extra = random.Random(f"{args.seed}/credits")
    made_surnames = surnames()
    actors = People(extra, 6 * pooled, pooled / 100, made_surnames)
    writers = People(extra, max(3, pooled // 2), pooled / 200, made_surnames)
    # Distinct for any N below 10^7: 7,919 is prime and not a factor of 10^7.
    imdb_offset = extra.randrange(10**7)
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
        film.update(credits(extra, film, actors, writers))
        if extra.random() < 0.9:
            film["imdbId"] = f"tt{(number * 7919 + imdb_offset) % 10**7:07d}"
        films.append(film)
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(films, out, ensure_ascii=False, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
