/// A key that is equal to another only when their Unicode scalars are the same.
///
/// `String` compares by canonical equivalence, so `"é"` (U+00E9) equals `"e\u{301}"`. TOML
/// does not normalize keys: those are two different keys, as they are for every other TOML
/// reader, and tables index their keys through this type.
struct ExactKey: Hashable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
    lhs.text.utf8.elementsEqual(rhs.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

extension String {
  /// Whether the two strings have the same Unicode scalars, unlike `==`.
  func hasSameScalars(as other: String) -> Bool {
    utf8.elementsEqual(other.utf8)
  }
}
