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
  /// Open addressing, probed one slot after another (``HashSlots/slots(of:isSame:)``).
  private let slots: [UInt64]
  /// Where a hash is looked for among `slots`.
  private let picker: HashSlots

  /// A table of `texts`; of texts with the same bytes, the first is found.
  init(_ texts: [String]) {
    self.texts = texts
    let picker = HashSlots(forKeys: texts.count)
    self.picker = picker
    let hashes = texts.count > 4096 ? texts.parallelMap(Self.hash) : texts.map(Self.hash)
    slots = picker.slots(of: hashes) { ScalarOrder.isSame(texts[$0], texts[$1]) }.slots
  }

  /// The place of `text` in the list the table was made of; `nil` when it is not there.
  func place(of text: String) -> Int? {
    picker.place(ofHash: Self.hash(text), in: slots) { ScalarOrder.isSame(texts[$0], text) }
  }

  /// The hash of `text`'s UTF-8 bytes.
  private static func hash(_ text: String) -> UInt64 {
    ContentHash(text).value
  }
}
