extension String {
  /// Whether the text is empty or white space alone: a value with nothing in
  /// it to show, such as a blank release date or a blank character name.
  public var isBlank: Bool {
    // Most values start with a visible ASCII character, which settles it.
    if let first = utf8.first, (0x21...0x7E).contains(first) { return false }
    return allSatisfy(\.isWhitespace)
  }
}
