#!/usr/bin/env python3
"""Turns a FilmSite catalog into a Hugo project that builds the same site.

Usage: Benchmarks/hugo-site.py CATALOG.json SITE_DIR [--page-size 24]

SITE_DIR gets a config, layouts, the default theme's assets as static files, and one content
file per film whose `url` is FilmSite's route (`/films/<id>-<slug>/`, the slug and id rules of
Sources/FilmSite/Routes/ mirrored here) and whose `weight` is its place in FilmSite's order, so
Hugo lists the films in the same order on index pages of the same size at `/page/N/`. The
overview is the content body, rendered by Goldmark. The film page shows what FilmSite's does:
tagline, rating and votes, the first 10 billed actors with their characters (a name links to
the actor's page when `site.Taxonomies.cast` has one), writers, countries and the IMDb link.
One taxonomy, `cast`, holds the first 5 billed actors of each film (FilmSite's default): each
actor's films are paged like the index at `/cast/<slug>/` and `/cast/<slug>/page/N/` (the slug
is FilmSite's, for the names generate-catalog.py makes), and `/cast/` lists every actor with a
film count. Sitemap, RSS, section lists and the 404 page are switched off. Hugo adds a file
FilmSite does not for each paged list: `page/1/index.html`, a redirect to the list's first
page.
"""
import argparse
import json
import pathlib
import re
import shutil
import unicodedata

POSTER_BASE_URL = "https://image.tmdb.org/t/p/w342"
SLUG_MAXIMUM_LENGTH = 60
# Letters that canonical decomposition does not split into an ASCII base letter (Slug.swift).
FOLDINGS = {
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l",
    "ı": "i", "ħ": "h", "Ħ": "h", "ŋ": "ng", "Ŋ": "ng", "ĸ": "k", "ſ": "s",
    "½": "-1-2", "¼": "-1-4", "¾": "-3-4", "·": "-",
}

CONFIG = """\
baseURL = "/"
title = "Films"
disableKinds = ["sitemap", "RSS", "section", "404"]
disableHugoGeneratorInject = true
uglyURLs = false
paginate = {page_size}
# Term folders as FilmSite's slugs: accents stripped (Slug.swift folds them).
removePathAccents = true

[taxonomies]
cast = "cast"

[params]
pageSize = {page_size}
posterBaseURL = "{poster_base_url}"
"""

BASEOF = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ end }}</title>
<link rel="stylesheet" href="{{ "assets/style.css" | relURL }}">
{{ block "links" . }}{{ end }}
</head>
<body class="{{ if .IsPage }}film{{ else }}index{{ end }}">
<header class="site-header">
<a class="site-title" href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
<nav class="site-nav" aria-label="Site">
<ul>
<li><a href="{{ site.Home.RelPermalink }}">Films</a></li>
<li><a href="{{ "cast/" | relURL }}">Cast</a></li>
</ul>
</nav>
</header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer">
<p>Made with Hugo.</p>
</footer>
</body>
</html>
"""

POSTER = """\
{{ with .Params.posterpath }}{{ site.Params.posterBaseURL }}{{ . }}\
{{ else }}{{ "assets/poster-placeholder.svg" | relURL }}{{ end }}"""

# Pieces shared by the index and an actor's pages, written into each template (as the index had
# them before there were actor pages) rather than called as partials.
ROW = """\
{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}"><img src="{{ partial "poster.html" . }}" \
alt="" width="342" height="513" loading="lazy" /> {{ .Title }}{{ with .Params.year }} ({{ . }}){{ end }}</a>\
{{ with .Params.genres }}<br />
<em>{{ delimit . " · " }}</em>{{ end }}</li>
{{ end }}"""

PAGER = """\
<nav class="pager" aria-label="Index pages">
{{ with $pager.Prev }}<a rel="prev" href="{{ .URL }}">← Previous</a>{{ end }}
<span class="pager-position">Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>
{{ with $pager.Next }}<a rel="next" href="{{ .URL }}">Next →</a>{{ end }}
</nav>
"""

PAGER_LINKS = """\
{{ with .Prev }}<link rel="prev" href="{{ .URL }}">{{ end }}
{{ with .Next }}<link rel="next" href="{{ .URL }}">{{ end }}
"""

FILMS_COUNT = """\
<p>Films {{ add (mul (sub $pager.PageNumber 1) $pager.PageSize) 1 }} to \
{{ add (mul (sub $pager.PageNumber 1) $pager.PageSize) (len $pager.Pages) }} \
of {{ $pager.TotalNumberOfElements }}</p>
<ul>
""" + ROW + """</ul>
""" + PAGER

INDEX = """\
{{ define "title" }}{{ with .Paginate site.RegularPages }}\
{{ if gt .PageNumber 1 }}Page {{ .PageNumber }} of {{ .TotalPages }} · {{ end }}{{ end }}\
{{ site.Title }}{{ end }}
{{ define "links" }}{{ with .Paginate site.RegularPages }}
""" + PAGER_LINKS + """{{ end }}{{ end }}
{{ define "main" }}{{ $pager := .Paginate site.RegularPages }}
<h1>{{ site.Title }}</h1>
""" + FILMS_COUNT + """{{ end }}
"""

TERM = """\
{{ define "title" }}{{ .Title }} (actor){{ with .Paginate .Pages }}\
{{ if gt .PageNumber 1 }}, page {{ .PageNumber }} of {{ .TotalPages }}{{ end }}{{ end }}\
 · {{ site.Title }}{{ end }}
{{ define "links" }}{{ with .Paginate .Pages }}
""" + PAGER_LINKS + """{{ end }}{{ end }}
{{ define "main" }}{{ $pager := .Paginate .Pages }}
<p><a href="{{ "cast/" | relURL }}">Cast</a></p>
<h1>{{ .Title }}</h1>
""" + FILMS_COUNT + """{{ end }}
"""

TERMS = """\
{{ define "title" }}Cast · {{ site.Title }}{{ end }}
{{ define "main" }}
<h1>Cast</h1>
<ul>
{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> \
({{ .Count }})</li>
{{ end }}</ul>
{{ end }}
"""

SINGLE = """\
{{ define "title" }}{{ .Title }}{{ with .Params.year }} ({{ . }}){{ end }} · {{ site.Title }}{{ end }}
{{ define "main" }}
<p><img src="{{ partial "poster.html" . }}" \
alt="{{ if .Params.posterpath }}Poster of{{ else }}No poster available for{{ end }} {{ .Title }}" \
width="342" height="513" loading="lazy" /></p>
<h1>{{ .Title }}</h1>
{{ $facts := slice }}{{ with .Params.year }}{{ $facts = $facts | append (string .) }}{{ end }}\
{{ with .Params.runtime }}{{ $facts = $facts | append (printf "%v min" .) }}{{ end }}\
{{ with $facts }}<p>{{ delimit . " · " }}</p>{{ end }}
{{ with .Params.director }}<p>Directed by {{ . }}</p>{{ end }}
{{ with .Params.genres }}<p>{{ delimit . " · " }}</p>{{ end }}
{{ with .Params.tagline }}<p class="tagline">{{ . }}</p>{{ end }}
{{ with .Params.rating }}<p class="rating">Rated {{ lang.FormatNumber 1 . }}/10\
{{ with $.Params.votecount }} from {{ lang.FormatNumber 0 . }} votes{{ end }}</p>{{ end }}
{{ .Content }}
{{ with .Params.credits }}<h2>Cast</h2>
<ul class="cast">
{{ range first 10 . }}{{ $name := .name }}{{ $key := urlize $name }}<li>\
{{ if index site.Taxonomies.cast $key }}\
<a href="{{ printf "cast/%s/" $key | relURL }}">{{ $name }}</a>{{ else }}{{ $name }}{{ end }}\
{{ with .character }} as {{ . }}{{ end }}</li>
{{ end }}</ul>{{ end }}
{{ with .Params.writers }}<p>Written by {{ delimit . ", " " and " }}</p>{{ end }}
{{ with .Params.countries }}<p>{{ delimit . " · " }}</p>{{ end }}
{{ with .Params.imdbid }}<p><a href="https://www.imdb.com/title/{{ . }}/">IMDb</a></p>{{ end }}
{{ $page := add (div (sub .Weight 1) site.Params.pageSize) 1 }}\
<p><a href="{{ if eq $page 1 }}{{ site.Home.RelPermalink }}{{ else }}\
{{ printf "page/%d/" $page | relURL }}{{ end }}">← Back to the films, page {{ $page }}</a></p>
{{ end }}
"""


def slug_fold(title: str) -> str:
    """Slug.fold: ASCII letters and digits, lowercased, other runs as one '-'."""
    slug = []
    pending_dash = False
    for char in unicodedata.normalize("NFD", title):
        if char.isascii():
            folded = char
        elif char in FOLDINGS:
            folded = FOLDINGS[char]
        elif unicodedata.category(char) == "Mn":
            continue
        else:
            folded = "-"
        for c in folded.lower():
            if "a" <= c <= "z" or "0" <= c <= "9":
                if pending_dash and slug:
                    slug.append("-")
                pending_dash = False
                slug.append(c)
            else:
                pending_dash = True
    return "".join(slug)


def slug(title: str) -> str:
    """Slug.make: the folded title cut at a word to at most 60 characters."""
    folded = slug_fold(title)
    if len(folded) <= SLUG_MAXIMUM_LENGTH:
        return folded
    head = folded[:SLUG_MAXIMUM_LENGTH]
    if folded[SLUG_MAXIMUM_LENGTH] == "-" or "-" not in head:
        return head
    return head[:head.rindex("-")]


def id_segment(film_id: str) -> str:
    """Film.idSegment: a plain id as it is, any other as '_' and the hex of its bytes."""
    if re.fullmatch(r"[a-z0-9]+", film_id):
        return film_id
    return "_" + film_id.encode().hex()


def route(film: dict) -> str:
    segment = id_segment(str(film["id"]))
    title_slug = slug(film["title"])
    return f"/films/{segment}-{title_slug}/" if title_slug else f"/films/{segment}/"


def order_key(film: dict) -> tuple:
    """FilmOrder: folded title with digit runs by value, then exact title, year, id."""
    parts = []
    for run in re.findall(r"[0-9]+|[^0-9]+", slug_fold(film["title"])):
        if run.isdigit():
            digits = run.lstrip("0")
            parts.append((0, len(digits), digits))
        else:
            parts.append((1, 0, run))
    year = film.get("year")
    return (parts, film["title"], (0, year) if year is not None else (1, 0), str(film["id"]))


def cast_lists(film: dict) -> tuple:
    """The film's cast as front matter, and the names of its first 5 billed, FilmSite's rule
    for people pages: names trimmed, empty ones and repeats left out."""
    credits = []
    billed = []
    for member in film.get("cast") or []:
        name = (member.get("name") or "").strip()
        if not name:
            continue
        character = (member.get("character") or "").strip()
        credits.append({"name": name, "character": character} if character else {"name": name})
        if len(billed) < 5 and name not in billed:
            billed.append(name)
    return credits, billed


def write_site(films: list, site: pathlib.Path, page_size: int, assets: pathlib.Path) -> None:
    layouts = site / "layouts"
    (layouts / "_default").mkdir(parents=True)
    (layouts / "partials").mkdir()
    (site / "config.toml").write_text(
        CONFIG.format(page_size=page_size, poster_base_url=POSTER_BASE_URL))
    (layouts / "_default" / "baseof.html").write_text(BASEOF)
    (layouts / "_default" / "single.html").write_text(SINGLE)
    (layouts / "_default" / "term.html").write_text(TERM)
    (layouts / "_default" / "terms.html").write_text(TERMS)
    (layouts / "index.html").write_text(INDEX)
    (layouts / "partials" / "poster.html").write_text(POSTER)
    shutil.copytree(assets, site / "static" / "assets")
    content = site / "content" / "films"
    content.mkdir(parents=True)
    seen = set()
    unique = [f for f in films if str(f["id"]) not in seen and not seen.add(str(f["id"]))]
    for weight, film in enumerate(sorted(unique, key=order_key), start=1):
        credits, billed = cast_lists(film)
        front = {
            "title": film["title"], "url": route(film), "weight": weight,
            "year": film.get("year"), "runtime": film.get("runtime"),
            "director": film.get("director"), "genres": film.get("genres") or [],
            "posterpath": film.get("posterPath") or film.get("poster_path"),
            "tagline": film.get("tagline") or None,
            "rating": film.get("rating", film.get("vote_average")),
            "votecount": film.get("voteCount", film.get("vote_count")),
            "credits": credits or None, "cast": billed or None,
            "writers": film.get("writers") or None, "countries": film.get("countries") or None,
            "imdbid": film.get("imdbId") or film.get("imdb_id"),
        }
        front = {key: value for key, value in front.items() if value is not None}
        with open(content / f"{id_segment(str(film['id']))}.md", "w", encoding="utf-8") as out:
            json.dump(front, out, ensure_ascii=False)
            out.write("\n\n")
            out.write(film.get("overview") or "")
            out.write("\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("catalog")
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--page-size", type=int, default=24)
    args = parser.parse_args()
    with open(args.catalog, encoding="utf-8") as source:
        films = json.load(source)
    if isinstance(films, dict):
        films = films["results"]
    assets = pathlib.Path(__file__).resolve().parent.parent / "Templates" / "assets"
    write_site(films, args.site, args.page_size, assets)


if __name__ == "__main__":
    main()
