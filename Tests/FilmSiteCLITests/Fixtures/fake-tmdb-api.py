#!/usr/bin/env python3
"""A local stand-in for TMDB's API v3, for tests, in TMDB's documented response shapes.

Start it with `python3 fake-tmdb-api.py [--lifetime SECONDS]`. It binds 127.0.0.1 on a
free port and prints `listening on <port>`. It exits on SIGTERM or SIGINT, after
`--lifetime` seconds (default 600), or when its parent process goes away.

API endpoints (all under /3, all GET):
  /3/search/movie?query=Q&page=N     films whose title contains Q (any case), 20 a page
  /3/discover/movie?sort_by=popularity.desc&page=N   every film, most popular first
  /3/genre/movie/list                {"genres": [{"id", "name"}, ...]}
  /3/movie/changes?start_date=D&end_date=D&page=N
                                     {"results": [{"id", "adult"}], "page", "total_pages",
                                     "total_results"}, 100 ids a page: the `changed` films
                                     by id, then `changes_noise` ids of films not in the
                                     catalog, the same for any dates. Without dates it
                                     means the last 24 hours, as TMDB does; a date that is
                                     not YYYY-MM-DD answers 400 with status_code 23, a
                                     range longer than 14 days (or ending before it
                                     starts) 422 with status_code 20; pages run to 1000.
  /3/movie/{id}?append_to_response=credits,videos,external_ids
                                     details with runtime, genres, tagline, homepage and
                                     countries, plus each block append_to_response names
Every API request needs `Authorization: Bearer <token>` or `api_key=<key>` matching the
configuration; otherwise 401 with {"status_code": 7, "status_message": "Invalid API key:
You must be granted a valid key.", "success": false}. Unknown paths and films answer 404
with status_code 34. Pages past 500 answer 400 with status_code 22, as TMDB does.

Control endpoints (neither recorded nor counted):
  POST /_config     replace the configuration (JSON body), clear the record; 204
  GET  /_requests   the recorded requests, oldest first: {"method", "path", "query",
                    "headers", "status", "start", "end"}; header names are lower case
  GET  /_stats      {"max_in_flight": n, "requests": n}

Configuration keys, all optional:
  films      number of films (45). Film n (from 1) has id 1000 + n and the title
             "Noir Film n" when n is odd, "Comedy Film n" when even. Every 7th film has
             a null release_date, every 11th an empty overview, every 13th a null
             poster_path, every 5th two directors, every 17th a null runtime,
             every 8th the original title "Le Film n".
             Details: three billed actors, listed out of billing order, the second
             without a character; a screenplay credit, with a co-writer every 4th film
             and a novel credit every 3rd; an unofficial trailer and a Vimeo teaser
             before the official YouTube trailer, which every 6th film lacks; an empty
             tagline every 4th film and a homepage every 3rd; countries "United States
             of America", and "France" too for odd films; external_ids with imdb_id.
  token      the bearer token accepted ("test-token")
  api_key    the api_key accepted ("test-key")
  shift      k: page p starts k*(p-1) films early, so consecutive pages overlap by k
  missing    film ids whose details answer 404 with status_code 34
  malformed  film ids whose details send vote_average as a string
  delay_ms   milliseconds added before every API response
  changed    film ids /3/movie/changes reports, for any dates asked
  changes_noise  how many more ids (9000001, 9000002, ...) /3/movie/changes reports after
             them, films outside the catalog, as TMDB's list of every changed film has
  revised    film ids whose search result and details have the overview "Revised overview
             of film n." (everything else as usual), so a refetched film can be told apart
  absent     film ids left out of search and discover results, whose details answer 404
             with status_code 34: films that left TMDB's results
  faults     {"<endpoint>": [fault, ...]} where endpoint is "genres", "search:<page>",
             "discover:<page>", "changes:<page>" or "details:<id>"; each request there
             takes the next fault, and when the list is used up it is served normally.
             A fault is
             {"status": n, "retry_after": "1", "always": true}: the status with TMDB's
             error body for it (429 is status_code 25), never used up when "always".
"""

import datetime
import json
import time
import urllib.parse

import fake_server

CONFIG_KEYS = {
    "films", "token", "api_key", "shift", "missing", "malformed", "delay_ms", "faults",
    "changed", "changes_noise", "revised", "absent",
}
GENRES = [
    {"id": 28, "name": "Action"}, {"id": 35, "name": "Comedy"}, {"id": 80, "name": "Crime"},
    {"id": 18, "name": "Drama"}, {"id": 53, "name": "Thriller"}, {"id": 9648, "name": "Mystery"},
]
MESSAGES = {
    7: "Invalid API key: You must be granted a valid key.",
    20: "Invalid date range: Should be a range no longer than 14 days.",
    22: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.",
    23: "Invalid date: Format needs to be YYYY-MM-DD.",
    25: "Your request count (#) is over the allowed limit of (40).",
    34: "The resource you requested could not be found.",
    11: "Internal error: Something went wrong, contact TMDb.",
}
STATUS_CODES = {401: 7, 404: 34, 429: 25, 500: 11, 503: 11}
PAGE_SIZE = 20
CHANGES_PAGE_SIZE = 100
CHANGES_MAX_DAYS = 14
NOISE_BASE = 9000000


STATE = fake_server.State()


def movie_id(n):
    return 1000 + n


def search_result(n, revised=False):
    """A film as search and discover list it; a revised film has another overview."""
    genre_ids = [18, 80] if n % 2 else [35]
    return {
        "adult": False,
        "backdrop_path": "/b%d.jpg" % n,
        "genre_ids": genre_ids + [10770] if n % 3 == 0 else genre_ids,  # 10770: not in the list
        "id": movie_id(n),
        "original_language": "en",
        "original_title": "Le Film %d" % n if n % 8 == 0 else title(n),
        "overview": overview(n, revised),
        "popularity": 1000.0 - n,
        "poster_path": None if n % 13 == 0 else "/p%d.jpg" % n,
        "release_date": None if n % 7 == 0 else "%d-03-14" % (1940 + n % 60),
        "title": title(n),
        "video": False,
        "vote_average": 7.5,
        "vote_count": 100 + n,
    }


def overview(n, revised):
    if revised:
        return "Revised overview of film %d." % n
    return "" if n % 11 == 0 else "Overview of film %d." % n


def title(n):
    return ("Noir Film %d" if n % 2 else "Comedy Film %d") % n


CREW_IDS = {"Writer": 5000, "Director": 6000, "Co-Director": 7000, "Assistant": 8000,
            "Co-Writer": 10000, "Novelist": 11000}


def person(n, kind, department, job):
    """A crew member as credits list them."""
    name = "%s %d" % (kind, n)
    return {"adult": False, "credit_id": "c%d%s" % (n, kind.lower().replace("-", "")),
            "department": department, "gender": 0, "id": CREW_IDS[kind] + n,
            "job": job, "known_for_department": department, "name": name,
            "original_name": name, "popularity": 1.0, "profile_path": None}


def actor(n, name, character, order):
    """A cast member as credits list them."""
    return {"adult": False, "cast_id": order + 1, "character": character,
            "credit_id": "k%d%d" % (n, order), "gender": 0, "id": 9000 + 10 * n + order,
            "known_for_department": "Acting", "name": name, "order": order,
            "original_name": name, "popularity": 1.0, "profile_path": None}


def video(n, key, site, kind, official):
    """A video as the videos block lists it."""
    return {"iso_639_1": "en", "iso_3166_1": "US", "name": "%s of film %d" % (kind, n),
            "key": key, "site": site, "size": 1080, "type": kind, "official": official,
            "published_at": "2020-01-%02dT10:00:00.000Z" % (1 + n % 28),
            "id": "v%d%s" % (n, key[-3:])}


def credits(n):
    crew = [
        person(n, "Writer", "Writing", "Screenplay"),
        person(n, "Director", "Directing", "Director"),
    ]
    if n % 5 == 0:
        crew.append(person(n, "Co-Director", "Directing", "Director"))
    if n % 4 == 0:
        crew.append(person(n, "Co-Writer", "Writing", "Writer"))
    if n % 3 == 0:
        crew.append(person(n, "Novelist", "Writing", "Novel"))
    crew.append(person(n, "Assistant", "Directing", "Assistant Director"))
    # Listed as TMDB may list them: not in billing order.
    cast = [
        actor(n, "Second Actor %d" % n, "", 1),
        actor(n, "Lead Actor %d" % n, "Lead", 0),
        actor(n, "Third Actor %d" % n, "Friend", 2),
    ]
    return {"cast": cast, "crew": crew}


def videos(n):
    results = [
        video(n, "fan%d" % n, "YouTube", "Trailer", False),
        video(n, "%d" % (100000 + n), "Vimeo", "Teaser", True),
    ]
    if n % 6:
        results.append(video(n, "trailer%d" % n, "YouTube", "Trailer", True))
    return {"results": results}


def details(n, appended, malformed, revised):
    result = search_result(n, revised)
    del result["genre_ids"]
    countries = [{"iso_3166_1": "US", "name": "United States of America"}]
    if n % 2:
        countries.append({"iso_3166_1": "FR", "name": "France"})
    result.update({
        "belongs_to_collection": None,
        "budget": 0,
        "genres": [g for g in GENRES if g["id"] in ([18, 80] if n % 2 else [35])],
        "homepage": "https://film%d.example/" % n if n % 3 == 0 else "",
        "imdb_id": "tt%07d" % n,
        "production_companies": [],
        "production_countries": countries,
        "revenue": 0,
        "runtime": None if n % 17 == 0 else 80 + n % 60,
        "spoken_languages": [],
        "status": "Released",
        "tagline": "" if n % 4 == 0 else "Tagline of film %d." % n,
    })
    if malformed:
        result["vote_average"] = "high"
    if "credits" in appended:
        result["credits"] = credits(n)
    if "videos" in appended:
        result["videos"] = videos(n)
    if "external_ids" in appended:
        result["external_ids"] = {"id": movie_id(n), "imdb_id": "tt%07d" % n,
                                  "wikidata_id": None, "facebook_id": None,
                                  "instagram_id": None, "twitter_id": None}
    return result


def page_body(numbers, page, shift, revised):
    start = max(0, (page - 1) * PAGE_SIZE - shift * (page - 1))
    total = (len(numbers) + PAGE_SIZE - 1) // PAGE_SIZE
    return {
        "page": page,
        "results": [search_result(n, movie_id(n) in revised)
                    for n in numbers[start:start + PAGE_SIZE]],
        "total_pages": total,
        "total_results": len(numbers),
    }


def parse_date(text):
    """A YYYY-MM-DD date, or None when text is not one."""
    try:
        if len(text) != 10:
            return None
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def changes_window(query):
    """The (start, end) dates a changes request asks for, or the TMDB status_code that
    rejects them. Without dates TMDB answers for the last 24 hours."""
    start_text, end_text = query.get("start_date"), query.get("end_date")
    start = parse_date(start_text) if start_text else None
    end = parse_date(end_text) if end_text else None
    if (start_text and start is None) or (end_text and end is None):
        return None, 23
    if end is None:
        end = start + datetime.timedelta(days=1) if start else datetime.date.today()
    if start is None:
        start = end - datetime.timedelta(days=1)
    if start > end or (end - start).days > CHANGES_MAX_DAYS:
        return None, 20
    return (start, end), None


def changes_body(config, page):
    """The page-th page of the changes list: the changed films by id, then the noise."""
    ids = sorted(set(config.get("changed", [])))
    ids += [NOISE_BASE + i for i in range(1, config.get("changes_noise", 0) + 1)]
    start = (page - 1) * CHANGES_PAGE_SIZE
    return {
        "results": [{"id": i, "adult": False} for i in ids[start:start + CHANGES_PAGE_SIZE]],
        "page": page,
        "total_pages": (len(ids) + CHANGES_PAGE_SIZE - 1) // CHANGES_PAGE_SIZE,
        "total_results": len(ids),
    }


def validate(config):
    unknown = set(config) - CONFIG_KEYS
    if unknown:
        raise ValueError("unknown configuration keys: %s" % ", ".join(sorted(unknown)))


class Handler(fake_server.ControlHandler):
    server_version = "FakeTMDB/1"
    state = STATE
    validate_config = staticmethod(validate)

    def send_json(self, status, value, headers=()):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json;charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def send_tmdb_error(self, status, code, headers=()):
        body = {"status_code": code, "status_message": MESSAGES[code], "success": False}
        self.send_json(status, body, headers)
        return status

    def send_control_error(self, status, message):
        self.send_json(status, {"error": message})

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        if parts.path.startswith("/_"):
            self.control(parts.path)
            return
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        record = {
            "method": self.command, "path": parts.path, "query": query,
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "status": None, "start": time.time(), "end": None,
        }
        endpoint = endpoint_of(parts.path, query)
        config, fault = STATE.arrive(record, endpoint)
        status = None
        self.record = record
        try:
            status = self.api(config, parts.path, query, fault)
        finally:
            self.record = None
            STATE.leave(record, status)

    do_POST = do_GET

    def api(self, config, path, query, fault):
        token = config.get("token", "test-token")
        key = config.get("api_key", "test-key")
        if self.headers.get("Authorization") != "Bearer " + token and query.get("api_key") != key:
            return self.send_tmdb_error(401, 7)
        time.sleep(config.get("delay_ms", 0) / 1000)
        if fault:
            code = fault["status"]
            headers = [("Retry-After", fault["retry_after"])] if "retry_after" in fault else []
            return self.send_tmdb_error(code, STATUS_CODES.get(code, 11), headers)
        absent = set(config.get("absent", []))
        revised = set(config.get("revised", []))
        count = config.get("films", 45)
        films = [n for n in range(1, count + 1) if movie_id(n) not in absent]
        shift = config.get("shift", 0)
        if path == "/3/genre/movie/list":
            self.send_json(200, {"genres": GENRES})
            return 200
        if path in ("/3/search/movie", "/3/discover/movie", "/3/movie/changes"):
            try:
                page = int(query.get("page", "1"))
            except ValueError:
                page = 0
            if not 1 <= page <= (1000 if path == "/3/movie/changes" else 500):
                return self.send_tmdb_error(400, 22)
            if path == "/3/movie/changes":
                _, error = changes_window(query)
                if error:
                    return self.send_tmdb_error(422 if error == 20 else 400, error)
                self.send_json(200, changes_body(config, page))
                return 200
            if path == "/3/search/movie":
                needle = query.get("query", "").lower()
                films = [n for n in films if needle in title(n).lower()]
            self.send_json(200, page_body(films, page, shift, revised))
            return 200
        if path.startswith("/3/movie/"):
            try:
                n = int(path[len("/3/movie/"):]) - 1000
            except ValueError:
                n = 0
            if not 1 <= n <= count or movie_id(n) in absent:
                return self.send_tmdb_error(404, 34)
            if movie_id(n) in config.get("missing", []):
                return self.send_tmdb_error(404, 34)
            appended = query.get("append_to_response", "").split(",")
            malformed = movie_id(n) in config.get("malformed", [])
            self.send_json(200, details(n, appended, malformed, movie_id(n) in revised))
            return 200
        return self.send_tmdb_error(404, 34)


def endpoint_of(path, query):
    if path == "/3/genre/movie/list":
        return "genres"
    if path == "/3/search/movie":
        return "search:%s" % query.get("page", "1")
    if path == "/3/discover/movie":
        return "discover:%s" % query.get("page", "1")
    if path == "/3/movie/changes":
        return "changes:%s" % query.get("page", "1")
    if path.startswith("/3/movie/"):
        return "details:%s" % path[len("/3/movie/"):]
    return None


if __name__ == "__main__":
    fake_server.serve(Handler, "A fake TMDB API v3.")
