import FilmSiteSupport
import Foundation

/// The distinct names of a list of films, each with the films that have it:
/// what a ``Taxonomy`` is made from before its names are put in order.
///
/// Two spellings of one text (`é`, and `e` with a combining accent) are one
/// name, as `String` compares them; the first one met is kept.
///
/// A long list of names (a large catalog's cast, or its genres) is grouped
/// on every core: each core takes the names whose hash falls in its shard,
/// reading the films in order, and the shards' names are then merged in the
/// order they were first met. ``grouping(_:)`` does it on one core, the
/// reference the sharded grouping is held equal to.
struct NameGroups: Sendable {
  /// Every distinct name, in the order first met (by film, then within the film).
  let names: [String]
  /// For each of `names`, the positions of the films that have it, ascending.
  let films: [[Int]]
  /// Each film's names by their place in `names`, one film after another:
  /// the film at position `p` has those from `filmStarts[p]` up to `filmStarts[p + 1]`.
  let filmNames: [Int32]
  let filmStarts: [Int32]
  /// Where each name is in `names`: one table per shard, a name in the one
  /// its hash picks (``place(of:)``).
  private let places: [[String: Int]]

  /// The place in ``names`` of `name`, or of its other spelling; `nil` if no film has it.
  func place(of name: String) -> Int? {
    places[Self.shard(of: name, among: places.count)][name]
  }

  /// The places of every name, transformed by `transform`, in tables that
  /// look a name up as ``place(of:)`` does: a taxonomy's positions by name.
  func mapPlaces(_ transform: @Sendable (Int) -> Int) -> ShardedPlaces {
    ShardedPlaces(tables: places.parallelMap { $0.mapValues(transform) })
  }

  /// Name lookups split by the names' hashes, as ``NameGroups`` splits them.
  struct ShardedPlaces: Sendable {
    fileprivate let tables: [[String: Int]]

    /// The value of `name`, or of its other spelling; `nil` if no film has it.
    subscript(name: String) -> Int? {
      tables[NameGroups.shard(of: name, among: tables.count)][name]
    }
  }

  /// Below this many names in all (counting each film's), the films are grouped on one core.
  static let shardingThreshold = 16_384
  /// The most shards: each entry's shard is kept in a byte.
  static let maximumShards = 64

  /// `namesByFilm` grouped: on every core when there are many names, else on one.
  init(_ namesByFilm: [[String]]) {
    let total = namesByFilm.reduce(0) { $0 + $1.count }
    let shards = min(ProcessInfo.processInfo.activeProcessorCount, Self.maximumShards)
    self =
      total < Self.shardingThreshold || shards < 2
      ? Self.grouping(namesByFilm) : Self.grouping(namesByFilm, shards: shards)
  }

  private init(
    names: [String], films: [[Int]], filmNames: [Int32], filmStarts: [Int32],
    places: [[String: Int]]
  ) {
    self.names = names
    self.films = films
    self.filmNames = filmNames
    self.filmStarts = filmStarts
    self.places = places
  }

  /// The reference grouping: one pass over the films on one core.
  static func grouping(_ namesByFilm: [[String]]) -> NameGroups {
    var place: [String: Int] = [:]
    var distinct: [String] = []
    var films: [[Int]] = []
    var filmNames: [Int32] = []
    var filmStarts: [Int32] = [0]
    filmStarts.reserveCapacity(namesByFilm.count + 1)
    for (position, names) in namesByFilm.enumerated() {
      for name in names {
        if let index = place[name] {
          films[index].append(position)
          filmNames.append(Int32(index))
        } else {
          place[name] = distinct.count
          filmNames.append(Int32(distinct.count))
          distinct.append(name)
          films.append([position])
        }
      }
      filmStarts.append(Int32(filmNames.count))
    }
    return NameGroups(
      names: distinct, films: films, filmNames: filmNames, filmStarts: filmStarts,
      places: [place])
  }

  /// The same grouping as ``grouping(_:)``, on `shards` cores: each shard
  /// groups the names whose hash is its own, and the shards' names are merged
  /// in the order they were first met.
  static func grouping(_ namesByFilm: [[String]], shards: Int) -> NameGroups {
    precondition((1...256).contains(shards), "a shard is numbered by a byte")
    // Each film's names, one after another (`entries`), with the shard of
    // each, found on every core: a name is hashed here once to pick its
    // shard, and once more by that shard's table.
    var filmStarts: [Int32] = [0]
    filmStarts.reserveCapacity(namesByFilm.count + 1)
    for names in namesByFilm {
      filmStarts.append(filmStarts[filmStarts.count - 1] + Int32(names.count))
    }
    let runLength = 4096
    let entryShardRuns = Array(stride(from: 0, to: namesByFilm.count, by: runLength)).parallelMap {
      first in
      var run: [UInt8] = []
      for names in namesByFilm[first..<min(first + runLength, namesByFilm.count)] {
        for name in names { run.append(UInt8(shard(of: name, among: shards))) }
      }
      return run
    }
    let entryShards = Array(concatenating: entryShardRuns)
    let grouped = Array(0..<shards).parallelMap { shard in
      Shard(grouping: namesByFilm, entryShards: entryShards, shard: UInt8(shard))
    }
    // The shards' names, each list in the order first met, merged by the
    // entry each was first met at.
    var global = grouped.map { [Int](repeating: 0, count: $0.names.count) }
    var next = [Int](repeating: 0, count: shards)
    var names: [String] = []
    var films: [[Int]] = []
    let count = grouped.reduce(0) { $0 + $1.names.count }
    names.reserveCapacity(count)
    films.reserveCapacity(count)
    while names.count < count {
      var earliest = -1
      for shard in grouped.indices where next[shard] < grouped[shard].names.count {
        if earliest < 0
          || grouped[shard].firstEntries[next[shard]]
            < grouped[earliest].firstEntries[next[earliest]]
        {
          earliest = shard
        }
      }
      let local = next[earliest]
      global[earliest][local] = names.count
      names.append(grouped[earliest].names[local])
      films.append(grouped[earliest].films[local])
      next[earliest] += 1
    }
    // Each entry's name by its global place, each shard's entries taken in order.
    var taken = [Int](repeating: 0, count: shards)
    var filmNames: [Int32] = []
    filmNames.reserveCapacity(entryShards.count)
    for shard in entryShards {
      let shard = Int(shard)
      filmNames.append(Int32(global[shard][Int(grouped[shard].entries[taken[shard]])]))
      taken[shard] += 1
    }
    let globalPlaces = global
    let places = Array(grouped.indices).parallelMap { shard in
      grouped[shard].places.mapValues { globalPlaces[shard][$0] }
    }
    return NameGroups(
      names: names, films: films, filmNames: filmNames, filmStarts: filmStarts, places: places)
  }

  /// The names one shard of ``grouping(_:shards:)`` grouped.
  private struct Shard: Sendable {
    /// Its names, in the order first met, with the entry each was first met at.
    var names: [String] = []
    var firstEntries: [Int] = []
    var films: [[Int]] = []
    /// The shard's place of the name of each of its entries, in entry order.
    var entries: [Int32] = []
    var places: [String: Int] = [:]

    init(grouping namesByFilm: [[String]], entryShards: [UInt8], shard: UInt8) {
      var entry = 0
      for position in namesByFilm.indices {
        // By index: only this shard's names are read (and retained).
        let filmNames = namesByFilm[position]
        for slot in filmNames.indices {
          defer { entry += 1 }
          guard entryShards[entry] == shard else { continue }
          let name = filmNames[slot]
          if let index = places[name] {
            films[index].append(position)
            entries.append(Int32(index))
          } else {
            places[name] = names.count
            entries.append(Int32(names.count))
            names.append(name)
            firstEntries.append(entry)
            films.append([position])
          }
        }
      }
    }
  }

  /// The shard of `name` among `shards`: by its hash, which two spellings of one text share.
  fileprivate static func shard(of name: String, among shards: Int) -> Int {
    shards == 1 ? 0 : Int(UInt(bitPattern: name.hashValue) % UInt(shards))
  }
}
