import Synchronization

/// What became of the films a rebuild left to decode later
/// (``CatalogFilmBytes/filmsDecodingLater(from:failures:)``): each is decoded
/// from bytes that the last build decoded, so each decode gives the film that
/// build had. One that does not (its bytes are not a film alone now, or its
/// id is not the one the state recorded, as with a state written by hand) is
/// recorded here, and the build that finds one here starts again and decodes
/// every film (``SiteBuilder/build()``), before it publishes anything.
final class LaterDecodes: Sendable {
  private let failed = Mutex<Int?>(nil)

  /// Records that the film at `offset` of the source gave another film, or none.
  func fail(at offset: Int) {
    failed.withLock { first in first = min(first ?? offset, offset) }
  }

  /// - Throws: ``Failure`` when a film was recorded.
  func check() throws(Failure) {
    if let offset = failed.withLock({ $0 }) { throw Failure(offset: offset) }
  }

  /// A film left to decode later gave another film, or none.
  struct Failure: Error, Equatable {
    /// The film's offset in the source, from 0.
    let offset: Int
  }
}
