"""The films the fake TMDB holds under one configuration, and which of them a search or
discover query finds, in which order. fake-tmdb-api.py documents the rules.

A catalog is built for each configuration and remembers what it has worked out: each film's
search result as JSON text, and each query's films. A pull asks the same query for hundreds
of pages, and a window split asks for thousands of date ranges of one long list of films,
so the fake looks each answer up instead of filtering every film for every page.
"""

import bisect
import datetime
import json
import threading

import tmdb_films as films

PAGE_SIZE = 20
CHANGES_PAGE_SIZE = 100
NOISE_BASE = 9000000
# Films on the crowded day are numbered from here, so their ids start at 500001.
CROWDED_BASE = 499000
DATE_SORTS = {"primary_release_date", "release_date"}
SORTS = {
    "popularity": films.popularity,
    "vote_average": films.vote_average,
    "vote_count": films.vote_count,
    "title": films.title,
    "original_title": films.original_title,
}


class QueryError(ValueError):
    """A query TMDB would reject: the HTTP status and TMDB's status_code."""

    def __init__(self, status, code):
        super().__init__("HTTP %d, status_code %d" % (status, code))
        self.status = status
        self.code = code


def parse_date(text):
    """A YYYY-MM-DD date, or None when text is not one."""
    if len(text) != 10:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def date_parameter(query, name):
    """The date query item `name` as YYYY-MM-DD text, None when absent or empty."""
    text = query.get(name, "")
    if not text:
        return None
    if parse_date(text) is None:
        raise QueryError(400, 23)
    return text


def number_parameter(query, name, kind=int):
    text = query.get(name, "")
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        raise QueryError(422, 5) from None


def genre_filter(text):
    """with_genres as ("all" or "any", ids): commas mean every id, pipes any of them."""
    if not text:
        return None
    mode, separator = ("any", "|") if "|" in text else ("all", ",")
    try:
        return mode, frozenset(int(part) for part in text.split(separator))
    except ValueError:
        raise QueryError(422, 5) from None


def criteria(path, query):
    """What a search or discover query asks for, as a key that names its list of films.
    Raises QueryError for a value TMDB would reject."""
    year = number_parameter(query, "primary_release_year")
    if path == "/3/search/movie":
        any_year = number_parameter(query, "year")
        return ("search", query.get("query", "").lower(), year, any_year)
    sort = query.get("sort_by") or "popularity.desc"
    field, _, direction = sort.rpartition(".")
    if direction not in ("asc", "desc") or (field not in SORTS and field not in DATE_SORTS):
        raise QueryError(422, 5)
    return ("discover", date_parameter(query, "primary_release_date.gte"),
            date_parameter(query, "primary_release_date.lte"), year,
            genre_filter(query.get("with_genres", "")),
            query.get("with_original_language") or None,
            number_parameter(query, "vote_count.gte", float), field, direction == "desc")


class Catalog:
    """The films of one configuration: which it holds, what each says, and what each query
    finds. Film n is 1 to `films`, or one of the crowded day's; absent films are left out."""

    def __init__(self, config):
        self.count = config.get("films", 45)
        self.undated_every = config.get("undated_every", 7)
        self.absent = frozenset(config.get("absent", []))
        self.revised = frozenset(config.get("revised", []))
        self.missing = frozenset(config.get("missing", []))
        self.malformed = frozenset(config.get("malformed", []))
        crowded = config.get("crowded_day") or {"date": None, "films": 0}
        self.crowded_date = crowded["date"]
        self.crowded = range(CROWDED_BASE + 1, CROWDED_BASE + 1 + crowded["films"])
        changed = sorted(set(config.get("changed", [])))
        noise = range(NOISE_BASE + 1, NOISE_BASE + 1 + config.get("changes_noise", 0))
        self.changed = changed + list(noise)
        self.lock = threading.Lock()
        self.found = {}
        self.encoded = {}
        self.numbers = [n for n in range(1, self.count + 1) if self.present(n)]
        self.numbers += [n for n in self.crowded if self.present(n)]
        self.dated = None

    def present(self, n):
        return films.movie_id(n) not in self.absent

    def holds(self, n):
        """Whether film n is in the catalog and answers its details."""
        return (1 <= n <= self.count or n in self.crowded) and self.present(n)

    def date(self, n):
        if n in self.crowded:
            return self.crowded_date
        return films.release_date(n, self.undated_every)

    def details(self, n, appended):
        movie = films.movie_id(n)
        return films.details(n, self.date(n), movie in self.revised, appended,
                             movie in self.malformed)

    def find(self, path, query):
        """The films a search or discover query finds, in order; raises QueryError."""
        key = criteria(path, query)
        with self.lock:
            found = self.found.get(key)
            if found is None:
                found = self.search(*key[1:]) if key[0] == "search" else self.discover(*key[1:])
                self.found[key] = found
            return found

    def search(self, needle, year, any_year):
        """Films whose title contains needle, of the release year asked; TMDB's search has
        primary_release_year and year, which mean the same for films with one release."""
        numbers = self.numbers
        for wanted in (year, any_year):
            if wanted is not None:
                numbers = self.between("%04d-01-01" % wanted, "%04d-12-31" % wanted)
        return [n for n in numbers if needle in films.title(n).lower()]

    def discover(self, gte, lte, year, genres, language, votes, field, descending):
        if year is not None:
            gte = max(gte or "", "%04d-01-01" % year)
            lte = min(lte or "9999", "%04d-12-31" % year)
        numbers = self.numbers if gte is None and lte is None else self.between(gte, lte)
        if genres:
            mode, ids = genres
            test = ids.issubset if mode == "all" else ids.intersection
            numbers = [n for n in numbers if test(films.genre_ids(n))]
        if language:
            numbers = [n for n in numbers if films.original_language(n) == language]
        if votes is not None:
            numbers = [n for n in numbers if films.vote_count(n) >= votes]
        return self.sorted(numbers, field, descending)

    def between(self, gte, lte):
        """Films released from gte to lte, both YYYY-MM-DD and inclusive, by number."""
        if self.dated is None:
            dated = [(self.date(n), n) for n in self.numbers]
            self.dated = sorted(pair for pair in dated if pair[0])
        start = bisect.bisect_left(self.dated, (gte or "",))
        end = bisect.bisect_right(self.dated, (lte or "9999", float("inf")))
        return sorted(n for _, n in self.dated[start:end])

    def sorted(self, numbers, field, descending):
        """numbers (ascending) in the order sort_by asks; ties stay in the order of ids, and
        films without a release date come last in either date order."""
        if field in DATE_SORTS:
            dated = [n for n in numbers if self.date(n)]
            dated.sort(key=self.date, reverse=descending)
            return dated + [n for n in numbers if not self.date(n)]
        return sorted(numbers, key=SORTS[field], reverse=descending)

    def result_text(self, n):
        text = self.encoded.get(n)
        if text is None:
            movie = films.movie_id(n)
            text = json.dumps(films.search_result(n, self.date(n), movie in self.revised))
            self.encoded[n] = text
        return text

    def page_text(self, numbers, page, shift):
        """A page of results as JSON text, as json.dumps writes the page object."""
        start = max(0, (page - 1) * PAGE_SIZE - shift * (page - 1))
        total = (len(numbers) + PAGE_SIZE - 1) // PAGE_SIZE
        results = ", ".join(self.result_text(n) for n in numbers[start:start + PAGE_SIZE])
        return '{"page": %d, "results": [%s], "total_pages": %d, "total_results": %d}' % (
            page, results, total, len(numbers))

    def changes_page(self, page):
        """A page of /movie/changes: the changed films by id, then the noise."""
        start = (page - 1) * CHANGES_PAGE_SIZE
        ids = self.changed[start:start + CHANGES_PAGE_SIZE]
        return {
            "results": [{"id": i, "adult": False} for i in ids],
            "page": page,
            "total_pages": (len(self.changed) + CHANGES_PAGE_SIZE - 1) // CHANGES_PAGE_SIZE,
            "total_results": len(self.changed),
        }
