import FilmCatalog
import FilmSiteSupport

/// The site's order and its films' routes as the last build left them
/// (``SiteState``), for a planned rebuild: only the films whose bytes changed
/// are routed and placed, and the others keep theirs.
///
/// A film decoded from the same bytes, by a build with the same films key
/// (the program and the settings a film's hash is made with), is the film the
/// state recorded. Its route, a pure function of the film, is the recorded
/// one, and it compares with every other such film as it did then, so their
/// order is the recorded one. Each other film is folded and routed as
/// ``SitePlan`` would, and put in its place among them by a binary search:
/// no two different films tie (``FilmOrder``), so the result is the order a
/// sort of every film gives. `FilmOrder.sorted` is the reference, which
/// `KeptOrderTests` holds it to.
struct KeptOrder: Sendable {
  /// For each film of the source, by its offset there, its place in the
  /// last build's order and its route, or `nil` for a film with no record.
  private let places: [(position: Int, route: Route)?]
  /// How many films the last build placed: every kept place is below it.
  private let lastCount: Int

  /// The places that `state` recorded for the films that `records` finds in
  /// it (``SiteState/recordOffsets(sources:count:)``), by the films' offsets
  /// in the source. Only a record found by the film's bytes, in a state with
  /// the build's films key, says that the film is the one recorded.
  init(state: SiteState, records: [Int?]) {
    places = records.parallelMap { record in record.flatMap { state.place(at: $0) } }
    lastCount = state.count
  }

  /// The `places` themselves, of a last build of `lastCount` films.
  init(places: [(position: Int, route: Route)?], lastCount: Int) {
    self.places = places
    self.lastCount = lastCount
  }

  /// `films` (checked, by their offsets in the source) in site order with
  /// their routes, and the source offset of each. `nil` when the kept places
  /// cannot be used: another number of films, two kept films at one place, a
  /// kept route that is not a film page's of the film's id, or a film with no
  /// place whose route cannot be made or is another film's;
  /// the plan then routes and sorts every film, and reports what is wrong.
  func ordered(_ films: [Film]) -> (films: [(film: Film, route: Route)], sourceOffsets: [Int])? {
    guard films.count == places.count else { return nil }
    // Each kept route checked on every core: it is the film's own pure work.
    let places = self.places
    guard
      Array(places.indices).parallelMap({ offset in
        places[offset].map { Self.isPage($0.route, of: films[offset]) } ?? true
      }).allSatisfy({ $0 })
    else { return nil }
    // The kept films, by their last places; a place given twice, or past the
    // last build's films, is a damaged state.
    var atPosition = [Int](repeating: -1, count: lastCount)
    var changed: [Int] = []
    for (offset, place) in places.enumerated() {
      guard let place else {
        changed.append(offset)
        continue
      }
      guard place.position < lastCount, atPosition[place.position] < 0 else { return nil }
      atPosition[place.position] = offset
    }
    let kept = atPosition.filter { $0 >= 0 }

    // The other films, routed, each route checked against every other film's.
    var routes: [Route: Int] = [:]
    var placed: [(film: Film, route: Route, offset: Int)] = []
    var folded: [String] = []
    for offset in changed {
      let film = films[offset]
      let title = Slug.fold(film.title)
      guard let route = try? film.route(foldedTitle: title),
        routes.updateValue(offset, forKey: route) == nil
      else { return nil }
      placed.append((film, route, offset))
      folded.append(title)
    }
    if !routes.isEmpty {
      for offset in kept {
        if let route = places[offset]?.route, routes[route] != nil { return nil }
      }
    }
    let toPlace = placed
    let sorted = FilmOrder.sorted(Array(toPlace.indices), folded: folded) { toPlace[$0].film }

    // Each placed film goes before the first kept film it precedes.
    var merged: [Int] = []
    merged.reserveCapacity(films.count)
    var next = 0
    for index in sorted {
      let film = placed[index].film
      let place = kept.partitioningIndex(from: next) { keptFilm in
        let other = films[keptFilm]
        return FilmOrder.precedes(
          film, folded: folded[index], other, folded: Slug.fold(other.title))
      }
      merged += kept[next..<place]
      merged.append(placed[index].offset)
      next = place
    }
    merged += kept[next...]

    var routeAt = places.map { $0?.route }
    for film in placed { routeAt[film.offset] = film.route }
    var ordered: [(film: Film, route: Route)] = []
    ordered.reserveCapacity(merged.count)
    for offset in merged {
      guard let route = routeAt[offset] else { return nil }
      ordered.append((films[offset], route))
    }
    return (ordered, merged)
  }

  /// Whether `route` is a film page's, `films/<id>-<slug>/` or `films/<id>/`,
  /// for `film`'s id: a kept route is the state's word, and a hand-edited
  /// state must not move a page out of `films/` or onto another film's.
  private static func isPage(_ route: Route, of film: Film) -> Bool {
    guard route.components.count == 2, route.components[0] == Film.routeFolder,
      let segment = try? Film.idSegment(film.id)
    else { return false }
    // Compared as bytes: the folder is the segment, or the segment, `-` and a slug.
    let (folder, id) = (route.components[1].utf8, segment.utf8)
    guard folder.starts(with: id) else { return false }
    let rest = folder.dropFirst(id.count)
    return rest.isEmpty
      || (rest.first == UInt8(ascii: "-")
        && rest.dropFirst().allSatisfy { byte in
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        })
  }
}
