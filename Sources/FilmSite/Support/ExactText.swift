import FilmSiteSupport

/// A string as a key compared and hashed by its exact UTF-8 bytes.
///
/// `String`'s own `==` and hashing treat two spellings of one text (`é`, and
/// `e` with a combining accent) as equal, so for text that is not ASCII they
/// normalize it first, which is slow. A table of these finds a string stored
/// as it is without that; a table of `String`s is still needed to find
/// another spelling of it.
struct ExactText: Hashable, Sendable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (left: ExactText, right: ExactText) -> Bool {
    ScalarOrder.isSame(left.text, right.text)
  }

  func hash(into hasher: inout Hasher) {
    // Both ways hash the same bytes, so equal keys hash alike whichever way they go.
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
    if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
  }
}
