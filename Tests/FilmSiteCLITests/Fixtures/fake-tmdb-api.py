#!/usr/bin/env python3
"""A local stand-in for TMDB's API v3, for tests, in TMDB's documented response shapes.

Start it with `python3 fake-tmdb-api.py [--lifetime SECONDS]`. It binds 127.0.0.1 on a
free port and prints `listening on <port>`. It exits on SIGTERM or SIGINT, after
`--lifetime` seconds (default 600), or when its parent process goes away.

API endpoints (all under /3, all GET):
  /3/search/movie?query=Q&page=N     films whose title contains Q (any case), 20 a page, in
                                     the order of their ids; primary_release_year=Y and
                                     year=Y keep the films released in Y
  /3/discover/movie?page=N           every film, filtered and sorted as below
  /3/genre/movie/list                {"genres": [{"id", "name"}, ...]}
  /3/movie/changes?start_date=D&end_date=D&page=N
                                     {"results": [{"id", "adult"}], "page", "total_pages",
                                     "total_results"}, 100 ids a page: the `changed` films
                                     by id, then `changes_noise` ids of films not in the
                                     catalog, the same for any dates. Without
                                     end_date it is today, without start_date the day
                                     before end_date: the last 24 hours, as TMDB does. A
                                     date that is not YYYY-MM-DD answers 400 with
                                     status_code 23, a range longer than 14 days (or
                                     ending before it starts) 422 with status_code 20;
                                     pages run to 1000.
  /3/movie/{id}?append_to_response=credits,videos,external_ids
                                     details with runtime, genres, tagline, homepage and
                                     countries, plus each block append_to_response names
Every API request needs `Authorization: Bearer <token>` or `api_key=<key>` matching the
configuration; otherwise 401 with {"status_code": 7, "status_message": "Invalid API key:
You must be granted a valid key.", "success": false}. Unknown paths and films answer 404
with status_code 34. Search and discover pages past 500 answer 400 with status_code 22, as
TMDB does, while total_pages and total_results count every film the query finds.

Discover's filters, as TMDB spells them (others, such as include_adult, are ignored):
  primary_release_date.gte, primary_release_date.lte
                 YYYY-MM-DD, inclusive; films without a release date are left out when
                 either is given. A value that is not a date answers 400, status_code 23.
  primary_release_year   films released in that year
  with_genres    genre ids: "18,80" films with every one, "18|35" films with any
  with_original_language  an ISO 639-1 code
  vote_count.gte films with at least that many votes
  sort_by        popularity, primary_release_date (or release_date), vote_average,
                 vote_count, title or original_title, then ".asc" or ".desc";
                 popularity.desc by default. Ties keep the order of ids; films without
                 a date come last in either date order.
A sort_by not listed, or a year, genre id or vote count that is not a number, answers 422
with status_code 5.

Control endpoints (neither recorded nor counted):
  POST /_config     replace the configuration (JSON body), clear the record; 204
  GET  /_requests   the recorded requests, oldest first: {"method", "path", "query",
                    "headers", "status", "start", "end"}; header names are lower case
  GET  /_stats      {"max_in_flight": n, "requests": n}

Configuration keys, all optional:
  films      number of films (45). Film n (from 1) has id 1000 + n and the title
             "Noir Film n" when n is odd, "Comedy Film n" when even; genres 18 and 80
             when odd, 35 when even, and 10770 (not in the genre list) every 3rd film.
             Its release year is 1940 + n % 60; films 1 to 59 are released on 14 March,
             in "en", with vote_average 7.5, vote_count 100 + n and popularity 1000 - n.
             From film 60 on, the day of the year is (n // 60) % 365 (from 1 January),
             so 60,000 films cover about 22,000 days; every 4th is in "fr" and every
             9th other one in "ja"; vote_average (1.0 to 9.9) and vote_count (0 to 4999)
             are scattered by a hash of n, and popularity is 55460 / n to 3 decimals, so
             popularity never rises with the id.
             Every 7th film has a null release_date (see undated_every), every 11th an
             empty overview, every 13th a null poster_path, every 5th two directors,
             every 17th a null runtime, every 8th the original title "Le Film n".
             Details: three billed actors, listed out of billing order, the second
             without a character; a screenplay credit, with a co-writer every 4th film
             and a novel credit every 3rd; an unofficial trailer and a Vimeo teaser
             before the official YouTube trailer, which every 6th film lacks; an empty
             tagline every 4th film and a homepage every 3rd; countries "United States
             of America", and "France" too for odd films; external_ids with imdb_id.
  undated_every  every how many films have a null release_date (7); 0 dates them all
  crowded_day  {"date": "YYYY-MM-DD", "films": k}: k more films, ids 500001 to 500000 + k,
             made up as film 499000 + i would be but all released on that date, so one
             day's discover has more than 500 pages when k is more than 10,000
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
             A fault is {"status": n, "retry_after": "1", "always": true}: the status with
             TMDB's error body for it (429 is status_code 25), never used up when "always".
"""

import datetime
import json
import threading
import time
import urllib.parse

import fake_server
import tmdb_catalog
import tmdb_films

CONFIG_KEYS = {
    "films", "token", "api_key", "shift", "missing", "malformed", "delay_ms", "faults",
    "changed", "changes_noise", "revised", "absent", "undated_every", "crowded_day",
}
MESSAGES = {
    5: "Invalid parameters: Your request parameters are incorrect.",
    7: "Invalid API key: You must be granted a valid key.",
    11: "Internal error: Something went wrong, contact TMDb.",
    20: "Invalid date range: Should be a range no longer than 14 days.",
    22: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.",
    23: "Invalid date: Format needs to be YYYY-MM-DD.",
    25: "Your request count (#) is over the allowed limit of (40).",
    34: "The resource you requested could not be found.",
}
STATUS_CODES = {401: 7, 404: 34, 429: 25, 500: 11, 503: 11}
CHANGES_MAX_DAYS = 14
PAGE_LIMITS = {"/3/search/movie": 500, "/3/discover/movie": 500, "/3/movie/changes": 1000}

STATE = fake_server.State()


class Catalogs:
    """The catalog of the configuration in force, built once for each configuration."""

    def __init__(self):
        self.lock = threading.Lock()
        self.config = None
        self.catalog = None

    def of(self, config):
        with self.lock:
            if self.config is not config:
                self.config = config
                self.catalog = tmdb_catalog.Catalog(config)
            return self.catalog


CATALOGS = Catalogs()


def changes_window(query):
    """The (start, end) dates a changes request asks for; raises QueryError for dates TMDB
    rejects. Without dates TMDB answers for the last 24 hours."""
    start_text, end_text = query.get("start_date"), query.get("end_date")
    start = tmdb_catalog.parse_date(start_text) if start_text else None
    end = tmdb_catalog.parse_date(end_text) if end_text else None
    if (start_text and start is None) or (end_text and end is None):
        raise tmdb_catalog.QueryError(400, 23)
    if end is None:
        end = datetime.date.today()
    if start is None:
        start = end - datetime.timedelta(days=1)
    if start > end or (end - start).days > CHANGES_MAX_DAYS:
        raise tmdb_catalog.QueryError(422, 20)
    return start, end


def validate(config):
    unknown = set(config) - CONFIG_KEYS
    if unknown:
        raise ValueError("unknown configuration keys: %s" % ", ".join(sorted(unknown)))
    crowded = config.get("crowded_day")
    if crowded is not None:
        if (not isinstance(crowded, dict) or set(crowded) != {"date", "films"}
                or tmdb_catalog.parse_date(str(crowded["date"])) is None
                or not isinstance(crowded["films"], int) or crowded["films"] < 0):
            raise ValueError('crowded_day must be {"date": "YYYY-MM-DD", "films": k}')


class Handler(fake_server.ControlHandler):
    server_version = "FakeTMDB/1"
    # Buffered, with room for the largest answer: the status line, headers and body leave
    # in one write when the answer is flushed.
    wbufsize = 1 << 16
    state = STATE
    validate_config = staticmethod(validate)

    def send_json(self, status, value, headers=()):
        self.send_text(status, json.dumps(value), headers)

    def send_text(self, status, text, headers=()):
        """Sends JSON text as the body."""
        body = text.encode()
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
        if config.get("delay_ms"):
            time.sleep(config["delay_ms"] / 1000)
        if fault:
            code = fault["status"]
            headers = [("Retry-After", fault["retry_after"])] if "retry_after" in fault else []
            return self.send_tmdb_error(code, STATUS_CODES.get(code, 11), headers)
        catalog = CATALOGS.of(config)
        if path == "/3/genre/movie/list":
            self.send_json(200, {"genres": tmdb_films.GENRES})
            return 200
        if path in PAGE_LIMITS:
            try:
                page = int(query.get("page", "1"))
            except ValueError:
                page = 0
            if not 1 <= page <= PAGE_LIMITS[path]:
                return self.send_tmdb_error(400, 22)
            try:
                if path == "/3/movie/changes":
                    changes_window(query)
                    self.send_json(200, catalog.changes_page(page))
                    return 200
                found = catalog.find(path, query)
            except tmdb_catalog.QueryError as error:
                return self.send_tmdb_error(error.status, error.code)
            self.send_text(200, catalog.page_text(found, page, config.get("shift", 0)))
            return 200
        if path.startswith("/3/movie/"):
            try:
                n = int(path[len("/3/movie/"):]) - 1000
            except ValueError:
                n = 0
            if not catalog.holds(n) or tmdb_films.movie_id(n) in catalog.missing:
                return self.send_tmdb_error(404, 34)
            appended = query.get("append_to_response", "").split(",")
            self.send_json(200, catalog.details(n, appended))
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
