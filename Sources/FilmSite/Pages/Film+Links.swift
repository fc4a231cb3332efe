import FilmCatalog

extension Film {
  /// The trailer's watch URL: `https://www.youtube.com/watch?v=KEY` for a
  /// YouTube key (letters, digits, `-` and `_`), `https://vimeo.com/KEY` for
  /// a Vimeo one (digits). `nil` for any other site or key, so a film's data
  /// never chooses where the link goes.
  var trailerURL: String? {
    guard let trailer = self.trailer else { return nil }
    let key = trailer.key.utf8
    switch trailer.site.lowercased() {
    case "youtube":
      guard (1...64).contains(key.count), key.allSatisfy(Self.isYouTubeKeyByte) else { return nil }
      return "https://www.youtube.com/watch?v=" + trailer.key
    case "vimeo":
      guard (1...20).contains(key.count), key.allSatisfy(Self.isDigit) else { return nil }
      return "https://vimeo.com/" + trailer.key
    default:
      return nil
    }
  }

  /// The film's IMDb page, for an `imdbId` of `tt` and digits; `nil` otherwise.
  var imdbURL: String? {
    guard let id = self.imdbId, Self.isIMDbID(id) else { return nil }
    return "https://www.imdb.com/title/\(id)/"
  }

  /// The homepage as a link: an absolute `http` or `https` URL with a host
  /// and no white space or control characters, its other unsafe characters
  /// percent-encoded; `nil` for anything else (`javascript:`, a relative path).
  var homepageURL: String? {
    guard let homepage = self.homepage?.trimmingSpaces(), homepage.utf8.count <= 2048,
      homepage.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
      homepage.utf8.allSatisfy({ $0 < 0x80 })
        || homepage.unicodeScalars.allSatisfy({
          !(0x80...0x9F).contains($0.value) && !$0.properties.isWhitespace
        })
    else { return nil }
    let lowered = homepage.lowercased()
    guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else { return nil }
    let host = lowered.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
    guard !host.isEmpty, !host.hasPrefix("@"), !host.hasPrefix(":") else { return nil }
    return URLEncoding.encodeUnsafeCharacters(homepage)
  }

  /// Whether `id` is `tt` and 1 to 12 digits, as IMDb's title ids are.
  static func isIMDbID(_ id: String) -> Bool {
    let bytes = id.utf8
    return bytes.starts(with: "tt".utf8) && (3...14).contains(bytes.count)
      && bytes.dropFirst(2).allSatisfy(isDigit)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func isYouTubeKeyByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }
}
