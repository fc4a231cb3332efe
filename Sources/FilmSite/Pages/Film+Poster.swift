import FilmCatalog

extension Film {
  /// The poster's URL: an absolute `http(s)` poster path as it is, any other
  /// path joined to `base`; `nil` when the film has no poster.
  ///
  /// Characters that are not allowed in a URL are percent-encoded, so a path
  /// from untrusted data stays one URL wherever it is written.
  public func posterURL(base: String) -> String? {
    guard let path = posterPath?.trimmingSpaces(), !path.isEmpty else { return nil }
    let lowered = path.lowercased()
    if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
      return URLEncoding.encodeUnsafeCharacters(path)
    }
    let joined: String
    switch (base.hasSuffix("/"), path.hasPrefix("/")) {
    case (true, true): joined = base + path.dropFirst()
    case (false, false): joined = base + "/" + path
    default: joined = base + path
    }
    return URLEncoding.encodeUnsafeCharacters(joined)
  }
}

/// Percent-encoding for URLs built from untrusted parts.
enum URLEncoding {
  /// Percent-encodes every byte that may not appear literally in a URL
  /// (spaces, quotes, `<`, `>`, `\`, controls, non-ASCII), keeping the
  /// reserved characters and existing `%` escapes as they are.
  static func encodeUnsafeCharacters(_ text: String) -> String {
    let allowed = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
    var out = ""
    out.reserveCapacity(text.utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out.unicodeScalars.append("%")
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
      }
    }
    return out
  }
}
