import FilmCatalog
import FilmSiteSupport

/// The search index as the last build left it (``SiteState``), for a planned
/// rebuild: only the chunks of the words that a changed, added or removed
/// film had or has are made again, and no other film's words are folded.
///
/// The index is made group by group (``SearchIndex/initialKey(of:)``): a
/// group's chunks follow from its words and the films that have each. The
/// state keeps those for every chunk. A film whose bytes did not change has
/// the words and the line it had, so a group that no other film had or has
/// a word in has the chunks it had: the same films, at their new positions
/// (the kept films keep their order, ``KeptOrder``), with the same bytes and
/// keys. Each other group's words are its kept words, without the films that
/// changed or went, and the changed and added films' words; its chunks are
/// split again from them, and a chunk whose films are the ones it had keeps
/// its key. The other chunks need their films' lines: a kept film's is read
/// from the current site's chunk files (``KeptSearchLines``), and the others'
/// are made from the films. `SearchIndex.files` of every film is the
/// reference, which `KeptSearchTests` holds it to.
struct KeptSearch: Sendable {
  /// A last chunk, at the new positions of the films that kept theirs.
  private struct Kept: Sendable {
    var chunk: SearchChunk
    /// Whether a film of the chunk changed or went.
    var lostFilms: Bool
    /// Its films at their last positions: those of its file's lines, in order.
    var lastFilms: [Int32]
  }

  private let chunks: [Kept]
  /// The groups of the chunks that lost a film.
  private let touched: Set<String>
  /// The positions of the films that have no last place.
  private let placed: [Int32]
  /// By last position, the film's new position, or `nil`.
  private let newPositions: [Int32?]

  /// The last build's `chunks`, of a site whose film at each last position
  /// is now at `newPositions[position]` (`nil` for a film whose bytes
  /// changed, or that is gone), with `count` films now. `nil` when the
  /// positions do not keep the films' order or a word's films are not in
  /// order: the index is then made from every film.
  init?(chunks last: [SearchChunk], newPositions: [Int32?], count: Int) {
    var isKept = [Bool](repeating: false, count: count)
    var previous: Int32 = -1
    for position in newPositions {
      guard let position else { continue }
      guard position > previous, position < count else { return nil }
      isKept[Int(position)] = true
      previous = position
    }
    // Each film's new position, or -1.
    func moved(_ films: [Int32]) -> (films: [Int32], lost: Bool)? {
      var out: [Int32] = []
      out.reserveCapacity(films.count)
      var lost = false
      var lastFilm: Int32 = -1
      for film in films {
        guard film > lastFilm, Int(film) < newPositions.count else { return nil }
        lastFilm = film
        if let position = newPositions[Int(film)] { out.append(position) } else { lost = true }
      }
      return (out, lost)
    }
    var chunks: [Kept] = []
    chunks.reserveCapacity(last.count)
    var touched: Set<String> = []
    for chunk in last {
      var kept = chunk
      var lostFilms = false
      for index in kept.words.indices {
        guard let words = moved(kept.words[index].films) else { return nil }
        kept.words[index].films = words.films
        lostFilms = lostFilms || words.lost
      }
      guard let films = moved(chunk.films) else { return nil }
      kept.films = films.films
      if lostFilms || films.lost { touched.insert(chunk.group) }
      chunks.append(Kept(chunk: kept, lostFilms: lostFilms || films.lost, lastFilms: chunk.films))
    }
    self.newPositions = newPositions
    self.chunks = chunks
    self.touched = touched
    placed = isKept.indices.compactMap { isKept[$0] ? nil : Int32($0) }
  }

  /// The index of `entries` (in site order) as
  /// ``SearchIndex/files(for:key:site:maximumChunkFilms:castPagesPerFilm:reusing:into:)``
  /// makes it, handed to `sink` the same way, with the chunks of the groups
  /// no changed film had or has a word in kept. `maximumChunkFilms` must
  /// be the one the last build's chunks were made with.
  /// - Returns: The chunks, in the index's order, for the next state.
  func files(
    for entries: [(film: Film, route: Route)], key: ContentHash, site: ContentHash,
    maximumChunkFilms: Int = SearchIndex.maximumChunkFilms, castPagesPerFilm: Int,
    reusing reuse: PageReuse, into sink: ([SiteFile]) throws -> Void
  ) rethrows -> [SearchChunk] {
    let placedWords = placed.parallelMap { position in
      let film = entries[Int(position)].film
      return SearchIndex.words(
        of: film, actors: Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: castPagesPerFilm))
    }
    // The groups to make again: those that lost a film, and those the placed films have words in.
    var touched = self.touched
    for words in placedWords {
      if words.isEmpty { touched.insert("") }
      for word in words { touched.insert(SearchIndex.initialKey(of: word)) }
    }
    // Their words: the kept ones, and the placed films' (which come in order, but
    // before or after kept films, so the lists they join are sorted again).
    // A word in pieces has the films of all of them.
    var filmsByWord: [String: [Int32]] = [:]
    var lastChunks: [String: Kept] = [:]
    var joined: Set<String> = []
    for kept in chunks where touched.contains(kept.chunk.group) {
      lastChunks[kept.chunk.fileName] = kept
      for word in kept.chunk.words {
        if filmsByWord[word.text] != nil { joined.insert(word.text) }
        filmsByWord[word.text, default: []] += word.films
      }
    }
    for (position, words) in zip(placed, placedWords) {
      for word in words.isEmpty ? [""] : words where filmsByWord[word]?.last != position {
        filmsByWord[word, default: []].append(position)
        joined.insert(word)
      }
    }
    for word in joined { filmsByWord[word]?.sort() }

    var made: [SearchChunk] = []
    var groups: [String: [String]] = [:]
    for (word, films) in filmsByWord where !films.isEmpty {
      guard !word.isEmpty else {
        made.append(SearchIndex.unfindableChunk(films))
        continue
      }
      groups[SearchIndex.initialKey(of: word), default: []].append(word)
    }
    let routeHashes = SearchIndex.routeHashes(of: entries)
    for (group, words) in groups {
      SearchIndex.split(
        group: group, key: group, words: words, filmsByWord: filmsByWord,
        limit: maximumChunkFilms, routeHashes: routeHashes, into: &made)
    }
    // A chunk with the films it had keeps its key; the others' keys come from their lines.
    var needKeys: [Int] = []
    var needsLine = [Bool](repeating: false, count: entries.count)
    for (index, chunk) in made.enumerated() {
      if let last = lastChunks[chunk.fileName], !last.lostFilms, last.chunk.films == chunk.films {
        made[index].key = last.chunk.key
      } else {
        needKeys.append(index)
        for film in chunk.films { needsLine[Int(film)] = true }
      }
    }
    // Each line is made once, for the keys and for the chunks' bytes, or read
    // from the last chunks' files for a film whose bytes did not change. (A kept
    // chunk whose file is lost has its films' lines made for it, as it is written.)
    // `init` checked that every film of a last chunk has a last position.
    let newPositions = self.newPositions
    let lines = SearchLines(
      of: needsLine.indices.compactMap { needsLine[$0] ? Int32($0) : nil }, in: entries,
      castPagesPerFilm: castPagesPerFilm,
      kept: KeptSearchLines(
        needed: needsLine,
        from: chunks.filter { touched.contains($0.chunk.group) }.map { kept in
          KeptSearchLines.LastChunk(
            path: SearchIndex.folder + "/" + kept.chunk.fileName, key: kept.chunk.key,
            name: kept.chunk.name,
            newPositions: kept.lastFilms.map { newPositions[Int($0)] ?? -1 })
        }, reusing: reuse, site: site))
    for index in needKeys {
      made[index].key = SearchIndex.chunkKey(made[index].name, films: made[index].films, site: site)
      {
        lines.hash(at: $0) ?? ContentHash(value: 0)
      }
    }
    var all = chunks.lazy.filter { !touched.contains($0.chunk.group) }.map(\.chunk) + made
    all.sort { $0.precedes($1) }
    try SearchIndex.write(
      all, films: entries.count, key: key, reusing: reuse, into: sink, lines: lines
    ) {
      SearchIndex.line(of: entries[Int($0)], castPagesPerFilm: castPagesPerFilm)
    }
    return all
  }
}
