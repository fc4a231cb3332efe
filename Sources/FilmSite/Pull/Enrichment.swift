import FilmCatalog

/// What an enrichment step gives back: the films to build, and the errors of
/// films it left out (with `allowPartial`).
public struct Enrichment: Sendable {
  var films: [Film]
  var skipped: [any Error]

  public init(films: [Film], skipped: [any Error] = []) {
    self.films = films
    self.skipped = skipped
  }
}
