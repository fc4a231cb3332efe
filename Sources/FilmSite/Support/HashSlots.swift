/// The slots of an open-addressing table sized for a number of keys (a power
/// of two, at most half full, so that a probe ends soon), and where a key's
/// hash is looked for in them: first at the top bits of the hash mixed with
/// a seed new in each run, then one slot after another.
///
/// The keys of FilmSite's tables come from the catalog (names, paths, the
/// hashes of films' bytes) and their hash function is fixed, so a catalog
/// could be made whose keys share the bits that pick a slot; the seed keeps
/// such keys apart, and a table's probes short.
struct HashSlots: Sendable {
  /// How many slots the table has.
  let count: Int
  private let shift: UInt64
  private let seed = UInt64.random(in: .min ... .max)

  /// The slots for a table of `keys` keys.
  init(forKeys keys: Int) {
    var count = 16
    while count < keys * 2 { count *= 2 }
    self.count = count
    shift = UInt64(64 - count.trailingZeroBitCount)
  }

  /// The first slot a key of `hash` is looked for in.
  func first(for hash: UInt64) -> Int {
    Int(truncatingIfNeeded: ((hash ^ seed) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The slot looked in after `slot`.
  func next(after slot: Int) -> Int {
    (slot + 1) & (count - 1)
  }
}
