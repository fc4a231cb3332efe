#!/usr/bin/env python3
"""Turns a FilmSite catalog into a Hugo project that builds the same site.

Usage: Benchmarks/hugo-site.py CATALOG.json SITE_DIR [--page-size 24]

SITE_DIR gets a config, layouts, the default theme's assets as static files, and one content
file per film whose `url` is FilmSite's route (`/films/<id>-<slug>/`, the slug and id rules of
Sources/FilmSite/Routes/ mirrored here) and whose `weight` is its place in FilmSite's order, so
Hugo lists the films in the same order on index pages of the same size at `/page/N/`. The
overview is the content body, rendered by Goldmark. Sitemap, RSS, taxonomies, section lists
and the 404 page are switched off. Hugo adds one file FilmSite does not: `page/1/index.html`,
a redirect to the home page.
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
disableKinds = ["sitemap", "RSS", "taxonomy", "term", "section", "404"]
disableHugoGeneratorInject = true
uglyURLs = false
paginate = {page_size}

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
<body class="{{ if .IsHome }}index{{ else }}film{{ end }}">
<header class="site-header">
<a class="site-title" href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
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

INDEX = """\
{{ define "title" }}{{ with .Paginate site.RegularPages }}\
{{ if gt .PageNumber 1 }}Page {{ .PageNumber }} of {{ .TotalPages }} · {{ end }}{{ end }}\
{{ site.Title }}{{ end }}
{{ define "links" }}{{ with .Paginate site.RegularPages }}
{{ with .Prev }}<link rel="prev" href="{{ .URL }}">{{ end }}
{{ with .Next }}<link rel="next" href="{{ .URL }}">{{ end }}
{{ end }}{{ end }}
{{ define "main" }}{{ $pager := .Paginate site.RegularPages }}
<h1>{{ site.Title }}</h1>
<p>Films {{ add (mul (sub $pager.PageNumber 1) $pager.PageSize) 1 }} to \
{{ add (mul (sub $pager.PageNumber 1) $pager.PageSize) (len $pager.Pages) }} \
of {{ $pager.TotalNumberOfElements }}</p>
<ul>
{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}"><img src="{{ partial "poster.html" . }}" \
alt="" width="342" height="513" loading="lazy" /> {{ .Title }}{{ with .Params.year }} ({{ . }}){{ end }}</a>\
{{ with .Params.genres }}<br />
<em>{{ delimit . " · " }}</em>{{ end }}</li>
{{ end }}</ul>
<nav class="pager" aria-label="Index pages">
{{ with $pager.Prev }}<a rel="prev" href="{{ .URL }}">← Previous</a>{{ end }}
<span class="pager-position">Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>
{{ with $pager.Next }}<a rel="next" href="{{ .URL }}">Next →</a>{{ end }}
</nav>
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
{{ .Content }}
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


def write_site(films: list, site: pathlib.Path, page_size: int, assets: pathlib.Path) -> None:
    layouts = site / "layouts"
    (layouts / "_default").mkdir(parents=True)
    (layouts / "partials").mkdir()
    (site / "config.toml").write_text(
        CONFIG.format(page_size=page_size, poster_base_url=POSTER_BASE_URL))
    (layouts / "_default" / "baseof.html").write_text(BASEOF)
    (layouts / "_default" / "single.html").write_text(SINGLE)
    (layouts / "index.html").write_text(INDEX)
    (layouts / "partials" / "poster.html").write_text(POSTER)
    shutil.copytree(assets, site / "static" / "assets")
    content = site / "content" / "films"
    content.mkdir(parents=True)
    seen = set()
    unique = [f for f in films if str(f["id"]) not in seen and not seen.add(str(f["id"]))]
    for weight, film in enumerate(sorted(unique, key=order_key), start=1):
        front = {
            "title": film["title"], "url": route(film), "weight": weight,
            "year": film.get("year"), "runtime": film.get("runtime"),
            "director": film.get("director"), "genres": film.get("genres") or [],
            "posterpath": film.get("posterPath") or film.get("poster_path"),
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
