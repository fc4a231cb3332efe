extension Collection<UInt8> {
  /// Whether these bytes hold the UTF-8 of `part`. Properties compare bytes:
  /// `String.contains` compares Characters, and a combining mark joins the
  /// character before it, so `"<p>\u{301}"` does not contain `"<p>"`.
  public func contains(utf8 part: String) -> Bool {
    let (bytes, part) = (Array(self), Array(part.utf8))
    guard bytes.count >= part.count else { return false }
    return (0...(bytes.count - part.count)).contains {
      bytes[$0..<($0 + part.count)].elementsEqual(part)
    }
  }

  /// How many times these bytes hold the UTF-8 of `part`, counting
  /// occurrences that overlap.
  public func occurrences(ofUTF8 part: String) -> Int {
    let (bytes, part) = (Array(self), Array(part.utf8))
    guard !part.isEmpty, bytes.count >= part.count else { return 0 }
    return (0...(bytes.count - part.count)).count {
      bytes[$0..<($0 + part.count)].elementsEqual(part)
    }
  }

  /// Whether these bytes end with the UTF-8 of `suffix`.
  public func ends(withUTF8 suffix: String) -> Bool {
    reversed().starts(with: suffix.utf8.reversed())
  }
}
