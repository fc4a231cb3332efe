import FilmSiteSupport

/// A chunk of the search index as a build made it (``SearchIndex``): its
/// words, each with the films that have it, by their positions in the
/// site's order, and the key its bytes were made from. The state keeps
/// every chunk (``SiteState``), so that a planned rebuild makes again only
/// the chunks of the words its changed films had or have, without folding
/// any other film's words (``KeptSearch``).
struct SearchChunk: Sendable, Equatable {
  /// A folded word filed in the chunk, and the positions of the films that have it, ascending.
  struct Word: Sendable, Equatable {
    var text: String
    var films: [Int32]
  }

  /// The key of the words it was split from: a word's first two characters,
  /// or four of a number (``SearchIndex/initialKey(of:)``); empty for the
  /// films no query finds.
  var group: String
  /// Its own key, which starts with ``group``, and names its file.
  var name: String
  /// For a piece of a word's films (``SearchIndex/pieces(of:limit:routeHashes:)``),
  /// the hash of its first film's route, in hex, which its file is named
  /// with too; empty for a whole chunk.
  var piece: String = ""
  /// Its words, in order, each starting with ``name``; for the films no
  /// query finds, one empty word.
  var words: [Word]
  /// Its films: those of its words, ascending, each once.
  var films: [Int32]
  /// The key of its bytes (``SearchIndex/chunkKey(_:films:lines:site:)``).
  var key: ContentHash

  /// Its file's name in the index's folder.
  var fileName: String { SearchIndex.fileName(of: name, piece: piece) }

  /// Whether it comes before `other` in the index: by key, and a word's
  /// pieces in the order of their films.
  func precedes(_ other: SearchChunk) -> Bool {
    guard name == other.name else { return ScalarOrder.precedes(name, other.name) }
    return (films.first ?? -1) < (other.films.first ?? -1)
  }
}
