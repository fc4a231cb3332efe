extension String {
  /// The string without leading and trailing white space.
  func trimmingSpaces() -> String {
    // Most names and paths start and end with a visible ASCII character,
    // which is a whole character that is not white space: nothing to trim.
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first),
      (0x21...0x7E).contains(last)
    {
      return self
    }
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}
