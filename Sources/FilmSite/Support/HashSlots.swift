/// The slots of an open-addressing table sized for a number of keys (a power
/// of two, at most half full, so that a probe ends soon), and where a key's
/// hash is looked for in them: first at the top bits of the hash mixed with
/// a seed new in each run, then one slot after another.
///
/// The keys of FilmSite's tables come from the catalog (names, paths, the
/// hashes of films' bytes), and most are hashed with a fixed function
/// (``ContentHash``), so a catalog could be made whose keys share the bits
/// that pick a slot; the seed keeps such keys apart, and a table's probes short.
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

extension HashSlots {
  /// The slots of a table of keys whose hashes are `hashes`, by the keys'
  /// places: each slot is empty (zero), or holds a key's place plus one in
  /// its low 32 bits and the top 32 bits of its hash in its high ones, so
  /// that most other keys are passed over without being compared.
  /// `isSame(a, b)` tells whether the keys at places `a` and `b` are one;
  /// of such keys, the first is kept.
  /// - Returns: The slots, and whether any key was one that came before.
  @inline(__always)
  func slots(of hashes: [UInt64], isSame: (Int, Int) -> Bool) -> (
    slots: [UInt64], hasRepeats: Bool
  ) {
    var slots = [UInt64](repeating: 0, count: count)
    var hasRepeats = false
    for (place, hash) in hashes.enumerated() {
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = first(for: hash)
      var isRepeat = false
      while slots[slot] != 0 {
        if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag,
          isSame(Int(slots[slot] & 0xFFFF_FFFF) - 1, place)
        {
          isRepeat = true
          break
        }
        slot = next(after: slot)
      }
      if isRepeat { hasRepeats = true } else { slots[slot] = tag | UInt64(place + 1) }
    }
    return (slots, hasRepeats)
  }

  /// The place of the key of `hash` in `slots` (``slots(of:isSame:)``) for
  /// which `isKey(place)` holds; `nil` when there is none.
  @inline(__always)
  func place(ofHash hash: UInt64, in slots: [UInt64], where isKey: (Int) -> Bool) -> Int? {
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = first(for: hash)
    while true {
      let held = slots[slot]
      if held == 0 { return nil }
      if held & 0xFFFF_FFFF_0000_0000 == tag, isKey(Int(held & 0xFFFF_FFFF) - 1) {
        return Int(held & 0xFFFF_FFFF) - 1
      }
      slot = next(after: slot)
    }
  }
}
