import FilmCatalog

extension Film {
  /// The poster's URL: an absolute `http(s)` poster path as it is, any other
  /// path joined to `base`; `nil` when the film has no poster.
  ///
  /// Characters that are not allowed in a URL are percent-encoded, so a path
  /// from untrusted data stays one URL wherever it is written.
  func posterURL(base: String) -> String? {
    guard let path = self.posterPath?.trimmingSpaces(), !path.isEmpty else { return nil }
    if path.utf8.starts(with: "https://".utf8, by: Self.equalIgnoringASCIICase)
      || path.utf8.starts(with: "http://".utf8, by: Self.equalIgnoringASCIICase)
    {
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

  private static func equalIgnoringASCIICase(_ byte: UInt8, _ lowercase: UInt8) -> Bool {
    byte == lowercase || (0x41...0x5A).contains(byte) && byte | 0x20 == lowercase
  }
}
