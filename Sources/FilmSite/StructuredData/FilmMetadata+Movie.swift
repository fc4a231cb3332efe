extension FilmMetadata {
  /// The film as a schema.org `Movie`, for the page's JSON-LD: each fact that
  /// is known, and nothing for one that is not.
  var movie: JSONObject {
    var movie: JSONObject = [
      "@context": "https://schema.org", "@type": "Movie", "name": .string(title),
    ]
    movie["url"] = .text(pageURL)
    movie["image"] = .text(imageURL)
    movie["datePublished"] = .text(published)
    movie["director"] = .list(directors.map(\.jsonLD))
    movie["actor"] = .list(actors.map(\.jsonLD))
    movie["duration"] = minutes.map { .string(Self.isoDuration(minutes: $0)) }
    movie["genre"] = .list(genres.map(JSONValue.string))
    movie["description"] = .text(description)
    movie["aggregateRating"] = rating.map { rating in
      [
        "@type": "AggregateRating", "ratingValue": .number(rating.value),
        "ratingCount": .integer(rating.votes), "bestRating": 10, "worstRating": 0,
      ]
    }
    movie["trailer"] = trailer.map { trailer in
      var video: JSONObject = [
        "@type": "VideoObject", "name": .string("\(title) trailer"), "url": .string(trailer.url),
      ]
      video["embedUrl"] = .text(trailer.embedURL)
      return .object(video)
    }
    movie["sameAs"] = .list(sameAs.map(JSONValue.string))
    return movie
  }

  /// A running time as an ISO 8601 duration: `PT2H16M`, `PT45M`, `PT2H`.
  static func isoDuration(minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 || hours == 0 ? "\(rest)M" : "")
  }
}

extension FilmMetadata.Person {
  /// The person as a schema.org `Person`: the name, and the page when there is one.
  var jsonLD: JSONValue {
    var person: JSONObject = ["@type": "Person", "name": .string(name)]
    person["url"] = .text(url)
    return .object(person)
  }
}
