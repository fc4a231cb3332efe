import FilmSiteSupport

/// The places of a list of texts, each found by what Swift's `==` tells
/// apart: two spellings of one text (`é`, and `e` with a combining accent)
/// are one, as they are one key of a `[String: Int]`. For a taxonomy made
/// from kept terms (a cast of 200,000), whose names are looked up as a
/// film spells them.
///
/// A `[String: Int]` of so many names is made on one core, an insertion
/// at a time. This table hashes the texts on every core (`hashValue`,
/// which canonically equal texts share) and then only places numbers in
/// its slots (``HashSlots``).
struct CanonicalTextTable: Sendable {
  /// The texts, in the order given.
  private let texts: [String]
  /// Open addressing, probed one slot after another (``HashSlots/slots(of:isSame:)``).
  private let slots: [UInt64]
  /// Where a hash is looked for among `slots`.
  private let picker: HashSlots
  /// Whether two of the texts are one.
  let hasRepeats: Bool

  /// A table of `texts`; of texts that are one, the first is found.
  init(_ texts: [String]) {
    self.texts = texts
    let picker = HashSlots(forKeys: texts.count)
    self.picker = picker
    let hashes = texts.count > 4096 ? texts.parallelMap(Self.hash) : texts.map(Self.hash)
    (slots, hasRepeats) = picker.slots(of: hashes) { texts[$0] == texts[$1] }
  }

  /// The place of `text`, or of its other spelling, in the list the table
  /// was made of; `nil` when it is not there.
  func place(of text: String) -> Int? {
    picker.place(ofHash: Self.hash(text), in: slots) { texts[$0] == text }
  }

  /// The hash of `text`, the same for each of its spellings.
  private static func hash(_ text: String) -> UInt64 {
    UInt64(bitPattern: Int64(text.hashValue))
  }
}
