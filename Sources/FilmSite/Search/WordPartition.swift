import Synchronization

/// One part of the search index's map from each word to the films that have
/// it: the words whose first byte, modulo the number of parts, is this part's
/// index. Parts hold different words, so each core fills one part with a
/// block's words while the others fill theirs.
final class WordPartition: Sendable {
  private let filmsByWord = Mutex<[String: [Int32]]>([:])
  private let index: Int
  private let count: Int

  /// Part `index` of `count` parts.
  init(index: Int, of count: Int) {
    self.index = index
    self.count = count
  }

  /// Files the words of films `first`, `first + 1`… (their positions in the
  /// index) that belong to this part.
  func add(_ words: [[String]], from first: Int32) {
    filmsByWord.withLock { filmsByWord in
      for (offset, films) in words.enumerated() {
        let position = first + Int32(offset)
        for word in films where Int(word.utf8.first ?? 0) % count == index {
          // A word that comes twice in one film: its list already ends with the film.
          Self.append(position, to: &filmsByWord[word, default: []])
        }
      }
    }
  }

  private static func append(_ position: Int32, to films: inout [Int32]) {
    if films.last != position { films.append(position) }
  }

  /// The words filed, leaving the part empty.
  func taken() -> [String: [Int32]] {
    filmsByWord.withLock { filmsByWord in
      defer { filmsByWord = [:] }
      return filmsByWord
    }
  }
}
