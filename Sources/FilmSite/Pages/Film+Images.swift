import FilmCatalog

extension Film {
  /// The poster's URL: an absolute `http(s)` poster path as it is, any other
  /// path joined to `base`; `nil` when the film has no poster.
  ///
  /// Characters that are not allowed in a URL are percent-encoded, so a path
  /// from untrusted data stays one URL wherever it is written.
  func posterURL(base: String) -> String? {
    Self.imageURL(self.posterPath, base: base)
  }

  /// The backdrop's URL, made from its path as ``posterURL(base:)`` makes
  /// the poster's: backdrops come from the same image server as posters.
  func backdropURL(base: String) -> String? {
    Self.imageURL(self.backdropPath, base: base)
  }

  /// The hue, 0 to 359, of the card that stands for the film's poster: made
  /// from the film's id alone, so a film keeps its colour from build to build
  /// and on every page, and no film text reaches the `style` it is written in.
  var posterHue: Int {
    // FNV-1a over the bytes, then MurmurHash3's finishing mix, so that ids
    // one character apart (`4`, `6`) get far-apart hues.
    var hash: UInt32 = 2_166_136_261
    for byte in id.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    hash = (hash ^ hash >> 16) &* 0x85EB_CA6B
    hash = (hash ^ hash >> 13) &* 0xC2B2_AE35
    hash ^= hash >> 16
    return Int(hash % 360)
  }

  private static func imageURL(_ path: String?, base: String) -> String? {
    guard let path = path?.trimmingSpaces(), !path.isEmpty else { return nil }
    if path.utf8.starts(with: "https://".utf8, by: equalIgnoringASCIICase)
      || path.utf8.starts(with: "http://".utf8, by: equalIgnoringASCIICase)
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
