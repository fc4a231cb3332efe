import FilmSiteSupport

/// The places of a list of paths, found by a path's UTF-8 bytes in one hash
/// look-up: a table for a build that asks about each of a manifest's 300,000
/// files at 100,000 films, several times.
///
/// A `[String: Int]` would do the same, but hashes each path with a seeded
/// SipHash and compares paths as texts; this table hashes the bytes with
/// ``ContentHash``'s mixing, keeps part of each hash beside its place so that
/// most other paths are passed over without being read, and tells paths apart
/// as the file system and the manifest do: by their bytes
/// (``ScalarOrder/isSame(_:_:)``), so two spellings of one text are two files.
struct PathTable: Sendable {
  /// The paths, in the order given.
  private let paths: [String]
  /// Open addressing, probed one slot after another: each slot is empty
  /// (zero), or holds a path's place plus one in its low 32 bits and the top
  /// 32 bits of its hash in its high ones.
  private let slots: [UInt64]
  /// The slot count less one (the count is a power of two).
  private let mask: Int

  /// A table of `paths`; of paths with the same bytes, the first is found.
  init(_ paths: [String]) {
    self.paths = paths
    // At most half full, so that a probe ends soon.
    var capacity = 16
    while capacity < paths.count * 2 { capacity *= 2 }
    mask = capacity - 1
    let hashes = paths.count > 4096 ? paths.parallelMap(Self.hash) : paths.map(Self.hash)
    var slots = [UInt64](repeating: 0, count: capacity)
    for (place, hash) in hashes.enumerated() {
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = Int(truncatingIfNeeded: hash) & mask
      var isRepeat = false
      while slots[slot] != 0 {
        if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag,
          ScalarOrder.isSame(paths[Int(slots[slot] & 0xFFFF_FFFF) - 1], paths[place])
        {
          isRepeat = true
          break
        }
        slot = (slot + 1) & mask
      }
      if !isRepeat { slots[slot] = tag | UInt64(place + 1) }
    }
    self.slots = slots
  }

  /// The place of `path` in the list the table was made of; `nil` when it is not there.
  func place(of path: String) -> Int? {
    let hash = Self.hash(path)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let held = slots[slot]
      if held == 0 { return nil }
      if held & 0xFFFF_FFFF_0000_0000 == tag {
        let place = Int(held & 0xFFFF_FFFF) - 1
        if ScalarOrder.isSame(paths[place], path) { return place }
      }
      slot = (slot + 1) & mask
    }
  }

  /// The hash of `path`'s UTF-8 bytes.
  private static func hash(_ path: String) -> UInt64 {
    if let hash = path.utf8.withContiguousStorageIfAvailable({
      ContentHash(UnsafeRawBufferPointer($0)).value
    }) {
      return hash
    }
    return Array(path.utf8).withUnsafeBytes { ContentHash($0) }.value
  }
}
