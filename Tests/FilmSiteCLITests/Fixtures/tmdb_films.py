"""The films the fake TMDB makes up, each a pure function of its number n: what search and
discover list for it and what its details say. fake-tmdb-api.py documents the rules.

Films numbered below SPREAD_FROM keep the values the end-to-end tests pin (every release on
14 March, original language "en", vote_average 7.5, vote_count 100 + n); from SPREAD_FROM on,
releases spread over the days of the year and the languages and votes vary, so the discover
filters have something to filter.
"""

import datetime

GENRES = [
    {"id": 28, "name": "Action"}, {"id": 35, "name": "Comedy"}, {"id": 80, "name": "Crime"},
    {"id": 18, "name": "Drama"}, {"id": 53, "name": "Thriller"}, {"id": 9648, "name": "Mystery"},
]
UNLISTED_GENRE = 10770  # in some films' genre_ids, not in the genre list
SPREAD_FROM = 60
CREW_IDS = {"Writer": 5000, "Director": 6000, "Co-Director": 7000, "Assistant": 8000,
            "Co-Writer": 10000, "Novelist": 11000}


def movie_id(n):
    return 1000 + n


def title(n):
    return ("Noir Film %d" if n % 2 else "Comedy Film %d") % n


def original_title(n):
    return "Le Film %d" % n if n % 8 == 0 else title(n)


def overview(n, revised):
    if revised:
        return "Revised overview of film %d." % n
    return "" if n % 11 == 0 else "Overview of film %d." % n


def release_date(n, undated_every):
    """YYYY-MM-DD, or None for every undated_every-th film (none when it is 0)."""
    if undated_every and n % undated_every == 0:
        return None
    year = 1940 + n % 60
    if n < SPREAD_FROM:
        return "%d-03-14" % year
    day = datetime.date(year, 1, 1) + datetime.timedelta(days=(n // 60) % 365)
    return day.isoformat()


def original_language(n):
    if n < SPREAD_FROM or n % 4 and n % 9:
        return "en"
    return "fr" if n % 4 == 0 else "ja"


def genre_ids(n):
    ids = [18, 80] if n % 2 else [35]
    return ids + [UNLISTED_GENRE] if n % 3 == 0 else ids


def popularity(n):
    """Falls strictly as n grows, so the most popular films come in the order of their ids."""
    return 1000.0 - n if n < SPREAD_FROM else round(55460.0 / n, 3)


def scatter(n):
    """A number from 0 to 2**32 - 1 that jumps about as n counts up (Knuth's multiplicative
    hash), so that votes do not follow the release year."""
    return n * 2654435761 % 2**32


def vote_average(n):
    return 7.5 if n < SPREAD_FROM else 1 + scatter(n) % 90 / 10


def vote_count(n):
    return 100 + n if n < SPREAD_FROM else (scatter(n) >> 8) % 5000


def search_result(n, date, revised):
    """A film as search and discover list it."""
    return {
        "adult": False,
        "backdrop_path": "/b%d.jpg" % n,
        "genre_ids": genre_ids(n),
        "id": movie_id(n),
        "original_language": original_language(n),
        "original_title": original_title(n),
        "overview": overview(n, revised),
        "popularity": popularity(n),
        "poster_path": None if n % 13 == 0 else "/p%d.jpg" % n,
        "release_date": date,
        "title": title(n),
        "video": False,
        "vote_average": vote_average(n),
        "vote_count": vote_count(n),
    }


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


def details(n, date, revised, appended, malformed):
    """A film's details, with the blocks append_to_response names."""
    result = search_result(n, date, revised)
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
