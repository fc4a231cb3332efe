import FilmSiteSupport

/// The places of a list of texts, each found by its exact UTF-8 bytes in
/// one hash look-up: a manifest's paths (300,000 at 100,000 films, each asked
/// about several times by a planned build) and a taxonomy's names (a cast of
/// 200,000).
///
/// A `[String: Int]` would find them too, but hashes each text with a
/// seeded SipHash, and takes two spellings of one text (`é`, and `e` with a
/// combining accent) as one. This table hashes the bytes with
/// ``ContentHash``'s mixing, on every core for a long list, and keeps part of
/// each hash beside its place, so that most other texts are passed over
/// without being read. It tells texts apart as the file system and the
/// manifest do, by their bytes (``ScalarOrder/isSame(_:_:)``): two spellings
/// of one text are two entries.
struct ExactTextTable: Sendable {
  /// The texts, in the order given.
  private let texts: [String]
  /// Open addressing, probed one slot after another: each slot is empty
  /// (zero), or holds a text's place plus one in its low 32 bits and the top
  /// 32 bits of its hash in its high ones.
  private let slots: [UInt64]
  /// The slot count less one (the count is a power of two).
  private let mask: Int
  /// Mixed into each hash before it picks a slot, new in each run, so that
  /// texts made to share a slot under the known hash do not pile up.
  private let seed: UInt64

  /// A table of `texts`; of texts with the same bytes, the first is found.
  init(_ texts: [String]) {
    self.texts = texts
    // At most half full, so that a probe ends soon.
    var capacity = 16
    while capacity < texts.count * 2 { capacity *= 2 }
    mask = capacity - 1
    let seed = UInt64.random(in: .min ... .max)
    self.seed = seed
    let hashes = texts.count > 4096 ? texts.parallelMap(Self.hash) : texts.map(Self.hash)
    var slots = [UInt64](repeating: 0, count: capacity)
    for (place, hash) in hashes.enumerated() {
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = Self.slot(of: hash, seed: seed, mask: mask)
      var isRepeat = false
      while slots[slot] != 0 {
        if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag,
          ScalarOrder.isSame(texts[Int(slots[slot] & 0xFFFF_FFFF) - 1], texts[place])
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

  /// The place of `text` in the list the table was made of; `nil` when it is not there.
  func place(of text: String) -> Int? {
    let hash = Self.hash(text)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = Self.slot(of: hash, seed: seed, mask: mask)
    while true {
      let held = slots[slot]
      if held == 0 { return nil }
      if held & 0xFFFF_FFFF_0000_0000 == tag {
        let place = Int(held & 0xFFFF_FFFF) - 1
        if ScalarOrder.isSame(texts[place], text) { return place }
      }
      slot = (slot + 1) & mask
    }
  }

  /// The first slot a text of `hash` is looked for in: the top bits of the
  /// hash mixed with `seed`, as many as `mask` has.
  private static func slot(of hash: UInt64, seed: UInt64, mask: Int) -> Int {
    let mixed = (hash ^ seed) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> UInt64(64 - (mask + 1).trailingZeroBitCount))
  }

  /// The hash of `text`'s UTF-8 bytes.
  private static func hash(_ text: String) -> UInt64 {
    if let hash = text.utf8.withContiguousStorageIfAvailable({
      ContentHash(UnsafeRawBufferPointer($0)).value
    }) {
      return hash
    }
    return Array(text.utf8).withUnsafeBytes { ContentHash($0) }.value
  }
}
