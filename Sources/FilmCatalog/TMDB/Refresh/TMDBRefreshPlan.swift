/// Which films of a pull a refresh takes from its snapshot unchanged, and
/// which need TMDB's details: a film that is new to the results, or that
/// `/movie/changes` reported.
///
/// Films of the snapshot that the pull no longer found are gone: they are
/// left out. Everything here is a pure function of the films and the
/// reported ids, so the same snapshot and answers give the same requests.
struct TMDBRefreshPlan: Sendable, Equatable {
  /// The pulled films to ask details for, in the pull's order.
  let toFetch: [Film]
  /// The snapshot's films that are kept as they are, by id.
  let kept: [String: Film]
  /// Pulled films the snapshot has and TMDB reported changed.
  let changed: Int
  /// Pulled films the snapshot lacks.
  let new: Int
  /// Snapshot films the pull did not find.
  let gone: Int

  /// - Parameter changedIDs: The ids `/movie/changes` reported since the snapshot.
  init(pulled: [Film], snapshot: [Film], changedIDs: Set<String>) {
    var previous: [String: Film] = [:]
    for film in snapshot where previous[film.id] == nil { previous[film.id] = film }
    var toFetch: [Film] = []
    var kept: [String: Film] = [:]
    var changed = 0
    var new = 0
    var present: Set<String> = []
    for film in pulled where present.insert(film.id).inserted {
      guard let old = previous[film.id] else {
        new += 1
        toFetch.append(film)
        continue
      }
      if changedIDs.contains(film.id) {
        changed += 1
        toFetch.append(film)
      } else {
        kept[film.id] = old
      }
    }
    self.toFetch = toFetch
    self.kept = kept
    self.changed = changed
    self.new = new
    gone = previous.keys.filter { !present.contains($0) }.count
  }

  /// The ids of pulled films the snapshot already has, changed or not.
  static func inSnapshot(pulled: [Film], snapshot: [Film]) -> Set<String> {
    let previous = Set(snapshot.map(\.id))
    return Set(pulled.map(\.id)).intersection(previous)
  }

  /// The films to build, in the pull's order: the kept ones from the
  /// snapshot, the others as `fetched` gives them (a film missing there,
  /// skipped under `allowPartial`, is left out).
  func films(pulled: [Film], fetched: [Film]) -> [Film] {
    var details: [String: Film] = [:]
    for film in fetched where details[film.id] == nil { details[film.id] = film }
    var films: [Film] = []
    films.reserveCapacity(pulled.count)
    var seen: Set<String> = []
    for film in pulled where seen.insert(film.id).inserted {
      if let film = kept[film.id] ?? details[film.id] { films.append(film) }
    }
    return films
  }

  /// Whether the rest of a refresh takes fewer requests than a full pull,
  /// judged from the first changes page of every step: the changes pages
  /// left, one details request per new film, and one per reported id that
  /// is likely a kept film, against one details request per pulled film. On
  /// a tie the full pull wins: it costs the same and refreshes every film.
  ///
  /// TMDB's changes list every film edited anywhere, so most of its ids are
  /// not in a catalog: each step's first page is a sample, and the share of
  /// its ids that are kept films, times the step's `total_results`, is how
  /// many of the step's ids a refresh is expected to fetch (never more than
  /// the films kept).
  static func refreshIsCheaper(firstPages: [TMDBChanges], pulled: Int, inSnapshot: Set<String>)
    -> Bool
  {
    let pagesLeft = firstPages.reduce(0) { $0 + max(0, $1.totalPages - $1.page) }
    let expected = firstPages.reduce(0) { sum, page in
      let reported = max(0, page.totalResults)
      guard !page.results.isEmpty else { return sum + reported }
      let kept = page.results.filter { inSnapshot.contains(String($0.id)) }.count
      // Rounded up, so a sample with one kept film never counts as none.
      return sum + (reported * kept + page.results.count - 1) / page.results.count
    }
    let new = pulled - inSnapshot.count
    return pagesLeft + new + min(expected, inSnapshot.count) < pulled
  }
}
