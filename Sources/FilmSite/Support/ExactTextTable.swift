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
  /// Where a hash is looked for among `slots`.
  private let picker: HashSlots

  /// A table of `texts`; of texts with the same bytes, the first is found.
  init(_ texts: [String]) {
    self.texts = texts
    let picker = HashSlots(forKeys: texts.count)
    self.picker = picker
    let hashes = texts.count > 4096 ? texts.parallelMap(Self.hash) : texts.map(Self.hash)
    var slots = [UInt64](repeating: 0, count: picker.count)
    for (place, hash) in hashes.enumerated() {
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = picker.first(for: hash)
      var isRepeat = false
      while slots[slot] != 0 {
        if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag,
          ScalarOrder.isSame(texts[Int(slots[slot] & 0xFFFF_FFFF) - 1], texts[place])
        {
          isRepeat = true
          break
        }
        slot = picker.next(after: slot)
      }
      if !isRepeat { slots[slot] = tag | UInt64(place + 1) }
    }
    self.slots = slots
  }

  /// The place of `text` in the list the table was made of; `nil` when it is not there.
  func place(of text: String) -> Int? {
    let hash = Self.hash(text)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = picker.first(for: hash)
    while true {
      let held = slots[slot]
      if held == 0 { return nil }
      if held & 0xFFFF_FFFF_0000_0000 == tag {
        let place = Int(held & 0xFFFF_FFFF) - 1
        if ScalarOrder.isSame(texts[place], text) { return place }
      }
      slot = picker.next(after: slot)
    }
  }

  /// The hash of `text`'s UTF-8 bytes.
  private static func hash(_ text: String) -> UInt64 {
    ContentHash(text).value
  }
}
