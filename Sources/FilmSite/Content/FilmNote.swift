import FilmCatalog

/// The site owner's note on one film, from `content/films/<id>.md`: their
/// own rating, when they watched it, tags, whether it is featured,
/// corrections to the source's fields, and a Markdown body shown on the
/// film's page below the overview.
struct FilmNote: Hashable, Sendable {
  /// The file, as the build was given it, for errors and warnings.
  let file: String
  /// The file's name without `.md`: the film's id as its route writes it
  /// (``Film/idSegment(_:)``).
  let idSegment: String
  /// The owner's rating, from 0 to 10; distinct from the source's `rating`.
  var rating: Double?
  /// The days (or moments) the owner watched the film, as written.
  var watched: [ContentDate] = []
  /// Names the film is listed under in `tags/`, trimmed, without repeats.
  var tags: [String] = []
  var featured = false
  /// Film fields the note sets, in the file's order; each wins over the source's value.
  var overrides: [Override] = []
  /// The Markdown after the front matter.
  var body: String = ""
  /// The file's line that the body starts on, for the positions of errors in it.
  var bodyLine = 1

  /// One film field the note corrects.
  struct Override: Hashable, Sendable {
    /// The field's name (``FilmField/name``).
    let field: String
    let value: Film.FieldValue
  }

  /// The film as the note corrects it.
  func applied(to film: Film) -> Film {
    var film = film
    for override in overrides {
      guard let field = FilmField.named(override.field) else { continue }
      film = film.replacing(field, with: override.value)
    }
    return film
  }

  /// Whether the body has anything to show.
  var hasBody: Bool { body.contains { !$0.isWhitespace } }
}

extension FilmNote {
  /// What a film's page and row show of the note besides its body: the
  /// rating, the days watched, the tags and whether it is featured. The
  /// corrections are in the film itself, and the body's HTML is keyed as rendered.
  var keyHash: ContentHash {
    var hasher = ContentHasher()
    hasher.combine(rating.map { $0.bitPattern.description } ?? "-")
    hasher.combine(watched.count)
    for date in watched { hasher.combine(date.iso) }
    hasher.combine(tags.count)
    for tag in tags { hasher.combine(tag) }
    hasher.combine(featured ? "featured" : "")
    hasher.combine(hasBody ? body : "")
    return hasher.finalize()
  }
}
