#!/usr/bin/env python3
"""Writes seed inputs for each fuzz target, made from the repository's own fixtures, into
OUT/<target>/. scripts/fuzz never runs this: the committed corpora (Tests/Fuzz/Corpus) were
made from its output by libFuzzer's -merge=1, which keeps only the inputs that reach code the
others do not. Run it again when the fixtures gain something new, then merge (README.md)."""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LARGEST = 4096  # libFuzzer's default -max_len: larger seeds would be cut.


def films(path):
    data = json.loads((ROOT / path).read_text())
    return data["results"] if isinstance(data, dict) else data


def catalog_seeds():
    sample = films("Catalog/films.json")
    hostile = films("Tests/FilmSiteCLITests/Fixtures/hostile-films.json")
    for film in sample + hostile:
        yield json.dumps([film], ensure_ascii=False, indent=1)
    for start in range(0, 30, 3):
        yield json.dumps(sample[start:start + 3])
    yield json.dumps({"page": 1, "results": sample[:2], "total_pages": 3, "total_results": 50})
    header = {"query": "heat", "source": "https://api.themoviedb.org/3/search/movie",
              "pulledAt": "2026-12-01T19:00:00Z",
              "attribution": {"text": "TMDB", "url": "https://www.themoviedb.org/"}}
    yield json.dumps({"filmsite": header, "results": sample[:2]}, indent=2, sort_keys=True)
    yield "[]"


# The order of Theme.Schemas.all: the first byte of a template input picks one, and its high
# bit the language (Markdown when set).
SCHEMAS = ["layout.html", "film.html", "index.html", "row.html", "terms.html", "search.html",
           "page.html", "404.md"]


def template_seeds():
    for path in sorted((ROOT / "Templates").glob("*.*")):
        markdown = path.suffix == ".md"
        choice = SCHEMAS.index(path.name) | (0x80 if markdown else 0)
        for seed in range(3):
            yield bytes([choice, seed]) + path.read_bytes()


def manifest_seeds():
    header = "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n"
    lines = ["404.html\t00c0ffee00c0ffee\t1075\t1764430000.5",
             "films/1-heat/index.html\t0123456789abcdef\t3159\t1764430000.123456789",
             "films/2-alien/index.html\tfedcba9876543210\t2734\t-1.0",
             "index.html\t1111111111111111\t2207\t1764430001.0"]
    yield header + "\n".join(lines) + "\n"
    yield (header + "# build 0123456789abcdef\n# pages 3 10 1\n# films 120 2 -\n"
           + "\n".join(lines) + "\n")
    yield header + "# films 5 0 500\n" + "\n".join(reversed(lines)) + "\n"
    yield ("# filmsite manifest v1: the files FilmSite wrote here. Do not edit.\n"
           "index.html\nfilms/1-heat/index.html\n../outside\n")


def markdown_seeds():
    everything = (ROOT / "Tests/FilmSiteTests/Markdown/Fixtures/Everything.md").read_bytes()
    yield b"\x00" + everything
    yield b"\x04" + everything  # smart punctuation
    yield b"\x00![Poster](poster.jpg \"342x513\") and ![x](javascript:alert(1)) ![y](a.png)"
    for path in sorted((ROOT / "Tests/FilmSiteTests/Markdown/Snapshots").glob("*.html")):
        yield b"\x01" + path.read_bytes()
    for film in films("Catalog/films.json")[:20]:
        overview = film.get("overview") or ""
        yield b"\x02" + overview.encode()
        yield b"\x03" + overview.encode()


def html_seeds():
    for folder in ["Tests/FilmSiteTests/Render/Snapshots", "Templates"]:
        for path in sorted((ROOT / folder).glob("*.html")):
            yield path.read_bytes()


def status(code):
    """The two bytes the http target reads as `code`."""
    value = code - 100
    return bytes([value >> 8, value & 0xFF])


def http_seeds():
    page = json.dumps({"page": 1, "results": films("Catalog/films.json")[:2], "total_pages": 2})
    search = json.dumps({"page": 1, "total_pages": 1, "total_results": 1, "results": [
        {"id": 949, "title": "Heat", "overview": "A heist.", "poster_path": "/h.jpg",
         "genre_ids": [28, 80], "adult": False, "popularity": 12.5,
         "release_date": "1995-12-15", "original_title": "Heat", "vote_average": 7.9,
         "vote_count": 6000, "backdrop_path": "/b.jpg"}]})
    details = json.dumps({"id": 949, "title": "Heat", "runtime": 170, "genres": [
        {"id": 28, "name": "Action"}], "release_date": "1995-12-15", "tagline": "A Los Angeles",
        "imdb_id": "tt0113277", "homepage": "https://example.com/",
        "production_countries": [{"iso_3166_1": "US", "name": "United States"}],
        "credits": {"cast": [{"name": "Al Pacino", "character": "Hanna", "order": 0}],
                    "crew": [{"name": "Michael Mann", "job": "Director"}]},
        "videos": {"results": [{"site": "YouTube", "key": "abc", "type": "Trailer",
                                "official": True}]},
        "external_ids": {"imdb_id": "tt0113277"}})
    changes = json.dumps({"page": 1, "total_pages": 1, "total_results": 2,
                          "results": [{"id": 949, "adult": False}, {"id": 11}]})
    genres = json.dumps({"genres": [{"id": 28, "name": "Action"}]})
    for decoding, body in enumerate([page, search, details, changes, genres]):
        yield bytes([decoding]) + status(200) + b"\n" + body.encode()
        yield (bytes([decoding]) + status(503) + b"2\n\x00" + status(200) + b"\n"
               + body.encode())
    yield b"\x00" + status(429) + b"Wed, 21 Oct 2015 07:28:00 GMT\n{\"status_code\": 25}"
    yield b"\x01" + status(401) + b"\n{\"status_code\": 7, \"status_message\": \"Invalid\"}"
    yield b"\x00" + status(500) + b"0.5\n\x00" + status(502) + b"\n\x00" + status(404) + b"\n"


def swift_strings(path):
    """The plain string literals of a Swift file, unescaped."""
    text = (ROOT / path).read_text()
    escapes = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "\\": "\\", "'": "'"}
    for literal in re.findall(r'(?<!#)"((?:[^"\\\n]|\\.)*)"', text):
        literal = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), literal)
        yield re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), literal)


def toml_seeds():
    yield (ROOT / "Sources/FilmSiteCLI/Init/Starter/filmsite.toml").read_text()
    for path in ["Tests/TOMLTests/Differential/ValidCorpus.swift",
                 "Tests/TOMLTests/Differential/InvalidCorpus.swift"]:
        yield from swift_strings(path)


def request_seeds():
    yield "GET / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n"
    yield "HEAD /films/1-heat/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
    yield "GET /index.html?q=1#x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
    yield ("GET /style.css HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"abc\"\r\n"
           "If-Modified-Since: Wed, 21 Oct 2015 07:28:00 GMT\r\n\r\n")
    yield "GET /%2e%2e/etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n"
    yield "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
    yield "GET /_events HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\n"
    yield "\r\n\r\nGET / HTTP/2.0\r\nHost: a\r\n\r\n"
    yield "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"


TARGETS = {"catalog": catalog_seeds, "template": template_seeds, "manifest": manifest_seeds,
           "markdown": markdown_seeds, "html-links": html_seeds, "http": http_seeds,
           "toml": toml_seeds, "request-parser": request_seeds}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: seed-corpora.py OUT")
    out = pathlib.Path(sys.argv[1])
    for target, seeds in TARGETS.items():
        folder = out / target
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for seed in seeds():
            data = seed.encode() if isinstance(seed, str) else seed
            if len(data) <= LARGEST:
                (folder / f"seed-{count:04}").write_bytes(data)
                count += 1
        print(f"{target}: {count} seeds")


if __name__ == "__main__":
    main()
