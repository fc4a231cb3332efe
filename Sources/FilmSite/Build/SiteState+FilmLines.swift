import FilmCatalog

/// Reading a film's line of a state: its fields after the hashes, the
/// mark and the links' digest (its place in the site's order, its route, its names' ranks, its
/// index page and its actors), found by their spaces, and only the ones
/// asked for made into values.
extension SiteState {
  /// Where the film at `offset` was in the site's order, and its route;
  /// `nil` if its line is damaged.
  func place(at offset: Int) -> (position: Int, route: Route)? {
    fieldRanges(at: offset).map { fields in
      (Self.number(in: bytes[fields.position]), route(in: fields.route))
    }
  }

  /// The id of the film at `offset`, read from its route (``Film/id(ofPageFolder:)``),
  /// without its film; `nil` if its line is damaged or its route is no film page's.
  func filmID(at offset: Int) -> String? {
    guard let fields = fieldRanges(at: offset) else { return nil }
    let route = bytes[fields.route]
    // `films/<id>[-<slug>]/`
    let prefix = Film.routeFolder.utf8
    let folder = route.dropFirst(prefix.count + 1).dropLast()
    guard route.count > prefix.count + 2, route.starts(with: prefix),
      route[route.startIndex + prefix.count] == UInt8(ascii: "/"),
      route.last == UInt8(ascii: "/"), !folder.contains(UInt8(ascii: "/")),
      let text = String(validating: folder, as: UTF8.self)
    else { return nil }
    return Film.id(ofPageFolder: text[...])
  }

  /// Where the film at `offset` was in the site's order; `nil` if its line is damaged.
  func position(at offset: Int) -> Int? {
    fieldRanges(at: offset).map { Self.number(in: bytes[$0.position]) }
  }

  /// The fields of a film's line after its hashes, mark and links' digest, a space between
  /// each: its place in the site's order, its route, its names' ranks, its
  /// index page's number and path (none with a space), and its actors.
  struct LineFields {
    let position: Int
    let route: Route
    let ranks: Range<Int>
    let indexPage: Int
    let indexPath: String
    let actors: Range<Int>
  }

  /// Where each of a line's ``LineFields`` is in ``bytes``, its two numbers
  /// checked: found without making a value, as every film's line is looked
  /// at by a planned rebuild, and most for one field or two.
  struct FieldRanges {
    let position: Range<Int>
    let route: Range<Int>
    let ranks: Range<Int>
    let indexPage: Range<Int>
    let indexPath: Range<Int>
    let actors: Range<Int>
  }

  func fields(at offset: Int) -> LineFields? {
    guard let fields = fieldRanges(at: offset) else { return nil }
    return LineFields(
      position: Self.number(in: bytes[fields.position]), route: route(in: fields.route),
      ranks: fields.ranks, indexPage: Self.number(in: bytes[fields.indexPage]),
      indexPath: String(decoding: bytes[fields.indexPath], as: UTF8.self), actors: fields.actors)
  }

  /// The six fields after the line's links' digest: the first five end at a space,
  /// and the last (the actors) runs to the line's end, spaces and all.
  func fieldRanges(at offset: Int) -> FieldRanges? {
    let line = lines[offset]
    var ends: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
    var found = 0
    var index = line.lowerBound + Self.placeStart
    while found < 5, index < line.upperBound {
      if bytes[index] == UInt8(ascii: " ") {
        switch found {
        case 0: ends.0 = index
        case 1: ends.1 = index
        case 2: ends.2 = index
        case 3: ends.3 = index
        default: ends.4 = index
        }
        found += 1
      }
      index += 1
    }
    guard found == 5 else { return nil }
    let fields = FieldRanges(
      position: line.lowerBound + Self.placeStart..<ends.0, route: ends.0 + 1..<ends.1,
      ranks: ends.1 + 1..<ends.2, indexPage: ends.2 + 1..<ends.3, indexPath: ends.3 + 1..<ends.4,
      actors: ends.4 + 1..<line.upperBound)
    guard Self.isNumber(bytes[fields.position]), Self.isNumber(bytes[fields.indexPage]) else {
      return nil
    }
    return fields
  }

  /// Whether `field` is a number a line may hold: one to nine decimal digits.
  private static func isNumber(_ field: ArraySlice<UInt8>) -> Bool {
    !field.isEmpty && field.count < 10
      && field.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// A term's rank written in `field`, when it is a number.
  private static func rank(in field: ArraySlice<UInt8>) -> Int32? {
    isNumber(field) ? Int32(number(in: field)) : nil
  }

  /// The value of a field that ``isNumber(_:)``.
  private static func number(in field: ArraySlice<UInt8>) -> Int {
    field.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  /// The route written in `range`: its components, a `/` between each.
  private func route(in range: Range<Int>) -> Route {
    Route(
      bytes[range].split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) })
  }

  /// The pages of the shown actors of the film at `offset`, as its line
  /// records them, with the terms of `cast`: the cast of a plan whose
  /// taxonomies are this state's (``KeptTerms``), whose ranks are the ones
  /// the line was written with, or were `moved` by names put among them or
  /// taken out: each recorded rank's place now (-1 for a term that went),
  /// and the new names' ranks. An actor recorded with no page then has the
  /// page of their name among the new names, if it is one: the build that
  /// recorded them found no page among the other terms, a kept plan respells
  /// none of those, and one that goes gives no one a page. `nil` if its line
  /// is damaged, or names a term that went: the film's actors are then looked up.
  func actorPages(
    at offset: Int, cast: [Term], moved: (places: [Int32], added: [String: Int32])? = nil
  ) -> [FilmPageLinks.ActorPage]? {
    guard let range = fieldRanges(at: offset)?.actors else { return nil }
    // A recorded rank's place now: its term's in `cast`, and the page's rank.
    func placed(_ rank: Int32) -> Int32? {
      let placed = moved.map { Int(rank) < $0.places.count ? $0.places[Int(rank)] : -1 } ?? rank
      return placed >= 0 && Int(placed) < cast.count ? placed : nil
    }
    let added = moved?.added ?? [:]
    var actors: [FilmPageLinks.ActorPage] = []
    let isWhole = Self.forEachActor(in: bytes[range]) { actor in
      switch actor {
      case .term(let rank):
        guard let rank = placed(rank) else { return false }
        actors.append(
          FilmPageLinks.ActorPage(
            name: cast[Int(rank)].name, slug: cast[Int(rank)].slug, rank: rank))
      case .spelt(let name, let rank):
        guard let rank = placed(rank) else { return false }
        actors.append(FilmPageLinks.ActorPage(name: name, slug: cast[Int(rank)].slug, rank: rank))
      case .noPage(let name):
        if !added.isEmpty, let rank = added[name], rank >= 0, Int(rank) < cast.count {
          actors.append(FilmPageLinks.ActorPage(name: name, slug: cast[Int(rank)].slug, rank: rank))
        } else {
          actors.append(FilmPageLinks.ActorPage(name: name, slug: nil))
        }
      }
      return true
    }
    return isWhole ? actors : nil
  }

  /// The digest of the film at `offset`'s links (``linksDigest(at:)``) when
  /// a plan whose taxonomies are this state's, with or without names put
  /// among them or taken out, gives the film the links its line records,
  /// for a film whose bytes did not change: it names the terms it named,
  /// spelt and slugged as they were (a kept plan respells none:
  /// ``KeptTerms``); each shown actor recorded with a page has it still (their
  /// term did not go: `castPlaces` gives each recorded rank's place now, -1
  /// for one that went, or is `nil` when none moved); and none recorded with
  /// no page is among the `added` names, which would give them one. Then its
  /// page's key is had without its links (``PageKeys/filmBase(site:film:route:links:)``).
  /// `nil` otherwise, or if its digest or its actors' ranks cannot be read:
  /// its links are made. (Only its digest and actors are read: the line is
  /// sealed with the rest of the state, and its names' ranks are read
  /// where the plan takes them, ``KeptTerms``.)
  /// ``actorPages(at:cast:moved:)`` with the links made is the reference.
  func keptLinksDigest(
    at offset: Int, castCount: Int, castPlaces: [Int32]?, added: [String: Int32]
  ) -> ContentHash? {
    guard let digest = linksDigest(at: offset), let range = fieldRanges(at: offset)?.actors
    else { return nil }
    func isKept(_ rank: Int32) -> Bool {
      guard let castPlaces else { return Int(rank) < castCount }
      return Int(rank) < castPlaces.count && castPlaces[Int(rank)] >= 0
    }
    let isWhole = Self.forEachActorEntry(in: bytes[range]) { entry in
      switch entry {
      case .term(let rank, _), .spelt(let rank, _, _): return isKept(rank)
      case .noPage(let name):
        return added.isEmpty || Self.unescaped(name).map { added[$0] == nil } ?? false
      }
    }
    return isWhole ? digest : nil
  }

  /// An actor's entry as it is written in a line, before any name is made a text.
  enum ActorEntry {
    /// `=<rank>`: the rank and the entry's bytes.
    case term(rank: Int32, entry: ArraySlice<UInt8>)
    /// `<rank>:<name>`: the rank, the colon's index, and the entry's bytes.
    case spelt(rank: Int32, colon: Int, entry: ArraySlice<UInt8>)
    /// `:<name>`: the name's bytes, escaped.
    case noPage(name: ArraySlice<UInt8>)
  }

  /// Calls `body` with each actor's entry written in `field` (a line's
  /// last), in order; `false` when an entry's rank cannot be read, or `body`
  /// returns `false` (no more calls are made then). Its names are not read:
  /// ``forEachActor(in:_:)`` reads them.
  static func forEachActorEntry(in field: ArraySlice<UInt8>, _ body: (ActorEntry) -> Bool)
    -> Bool
  {
    guard !field.isEmpty else { return true }
    var start = field.startIndex
    while true {
      let end = field[start...].firstIndex(of: UInt8(ascii: "\t")) ?? field.endIndex
      let entry: ActorEntry
      if start < end, field[start] == UInt8(ascii: "=") {
        guard let rank = rank(in: field[(start + 1)..<end]) else { return false }
        entry = .term(rank: rank, entry: field[start..<end])
      } else {
        guard let colon = field[start..<end].firstIndex(of: UInt8(ascii: ":")) else {
          return false
        }
        if colon == start {
          entry = .noPage(name: field[(colon + 1)..<end])
        } else {
          guard let rank = rank(in: field[start..<colon]) else { return false }
          entry = .spelt(rank: rank, colon: colon, entry: field[start..<end])
        }
      }
      guard body(entry) else { return false }
      guard end < field.endIndex else { return true }
      start = end + 1
    }
  }

  /// The actors written in `range` (``forEachActor(in:_:)``), `term` giving
  /// the cast's term at a written rank.
  func actors(in range: Range<Int>, term: (Int32) -> TermName?) -> [FilmPageLinks.ActorPage]? {
    var actors: [FilmPageLinks.ActorPage] = []
    let isWhole = Self.forEachActor(in: bytes[range]) { actor in
      switch actor {
      case .term(let rank):
        guard let found = term(rank) else { return false }
        actors.append(FilmPageLinks.ActorPage(name: found.name, slug: found.slug, rank: rank))
      case .spelt(let name, let rank):
        guard let found = term(rank) else { return false }
        actors.append(FilmPageLinks.ActorPage(name: name, slug: found.slug, rank: rank))
      case .noPage(let name):
        actors.append(FilmPageLinks.ActorPage(name: name, slug: nil))
      }
      return true
    }
    return isWhole ? actors : nil
  }

  /// An actor as a line writes them, a tab after the one before.
  enum WrittenActor: Equatable {
    /// `=<rank>`: spelt as the term of their page, the cast's term at that rank.
    case term(rank: Int32)
    /// `<rank>:<name>`: spelt otherwise than the term of their page.
    case spelt(name: String, rank: Int32)
    /// `:<name>`: with no page.
    case noPage(name: String)
  }

  /// Calls `body` with each actor written in `field` (a line's last), in
  /// order, each read where it is; `false` when an entry cannot be read, or
  /// `body` returns `false` (no more calls are made then).
  static func forEachActor(in field: ArraySlice<UInt8>, _ body: (WrittenActor) -> Bool) -> Bool {
    forEachActorEntry(in: field) { entry in
      switch entry {
      case .term(let rank, _): return body(.term(rank: rank))
      case .spelt(let rank, let colon, let entry):
        guard let name = unescaped(entry[(colon + 1)...]) else { return false }
        return body(.spelt(name: name, rank: rank))
      case .noPage(let name):
        guard let name = unescaped(name) else { return false }
        return body(.noPage(name: name))
      }
    }
  }

  /// The cast's place in ``keptKinds``.
  static let castKind = 3

  /// For each of ``keptKinds``, the ranks of the names of the film at
  /// `offset` among that kind's terms; `nil` if its line is damaged.
  func ranks(at offset: Int) -> [[Int32]]? {
    var kinds: [[Int32]] = Self.keptKinds.map { _ in [] }
    return forEachRank(at: offset) { kinds[$0].append($1) } ? kinds : nil
  }

  /// Calls `body` with each kind's place in ``keptKinds`` and each rank of
  /// the film at `offset`, kind after kind, as ``ranks(at:)`` lists them,
  /// without making an array of each; `false` if its line is damaged (some
  /// calls may have been made by then).
  func forEachRank(at offset: Int, _ body: (_ kind: Int, _ rank: Int32) -> Void) -> Bool {
    guard let range = fieldRanges(at: offset)?.ranks else { return false }
    var kind = 0
    var kindIsEmpty = true
    var value: Int32 = 0
    var digits = 0
    for byte in bytes[range] {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 9 else { return false }
        value = value * 10 + Int32(byte - UInt8(ascii: "0"))
        digits += 1
        continue
      case UInt8(ascii: ","), UInt8(ascii: "/"):
        guard digits > 0 else {
          // Only a kind with no names has no digits before its `/`.
          guard byte == UInt8(ascii: "/"), kindIsEmpty else { return false }
          kind += 1
          continue
        }
        guard kind < Self.keptKinds.count else { return false }
        body(kind, value)
        kindIsEmpty = false
        if byte == UInt8(ascii: "/") { (kind, kindIsEmpty) = (kind + 1, true) }
      default:
        return false
      }
      (value, digits) = (0, 0)
    }
    // The last kind ends with a `/` too.
    return digits == 0 && kind == Self.keptKinds.count
  }

  /// Whether the film at `offset`'s line places it at `position` with
  /// `route`, listed on index page `indexPage` at `indexPath`: what a build
  /// whose taxonomies are this state's checks before it keeps the line as it
  /// is (``appendFilmLine(at:to:)``). Compared on the line's bytes.
  func hasPlace(
    at offset: Int, position: Int, route: Route, indexPage: Int, indexPath: String
  ) -> Bool {
    guard let fields = fieldRanges(at: offset),
      Self.number(in: bytes[fields.position]) == position,
      Self.number(in: bytes[fields.indexPage]) == indexPage,
      bytes[fields.indexPath].elementsEqual(indexPath.utf8)
    else { return false }
    // The route is written as its components, each with a `/` after it.
    var index = fields.route.lowerBound
    for component in route.components {
      for byte in component.utf8 {
        guard index < fields.route.upperBound, bytes[index] == byte else { return false }
        index += 1
      }
      guard index < fields.route.upperBound, bytes[index] == UInt8(ascii: "/") else {
        return false
      }
      index += 1
    }
    return index == fields.route.upperBound
  }

  /// Appends the film at `offset`'s line as it is, with its line break.
  func appendFilmLine(at offset: Int, to out: inout [UInt8]) {
    out.append(contentsOf: bytes[lines[offset]])
    out.append(UInt8(ascii: "\n"))
  }
}
