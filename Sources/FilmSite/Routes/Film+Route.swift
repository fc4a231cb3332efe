import FilmCatalog

extension Film {
  /// The longest id of lowercase ASCII letters and digits, in bytes.
  static let maximumPlainIDLength = 128
  /// The longest id holding any other character, in UTF-8 bytes (it is written as hex).
  static let maximumEncodedIDLength = 64

  /// The folder every film's page is in.
  static let routeFolder = "films"

  /// The film's detail page: `films/<id>-<slug>/`, or `films/<id>/` when the
  /// title has no slug. A pure function of the film value.
  /// - Throws: ``RouteError`` when the id is empty or too long to be a file name.
  func route() throws -> Route {
    try route(foldedTitle: Slug.fold(self.title))
  }

  /// ``route()`` for a film whose title's ``Slug/fold(_:)`` is `foldedTitle`:
  /// a site folds each title once, for its route and its place in the order.
  func route(foldedTitle: String) throws -> Route {
    let segment = try Self.idSegment(id)
    let slug = Slug.truncated(foldedTitle)
    return Route([Self.routeFolder, slug.isEmpty ? segment : segment + "-" + slug])
  }

  /// The id as a path segment that can never leave `films/` or meet another film's.
  ///
  /// Ids of lowercase ASCII letters and digits are used as they are. Any other
  /// id is written as `_` followed by the hex of its UTF-8 bytes, so `../x`
  /// becomes `_2e2e2f78`. Plain segments never contain `_` or `-`, so an encoded
  /// id cannot equal a plain one, and the first `-` always ends the id: two
  /// different ids never share a folder.
  static func idSegment(_ id: String) throws -> String {
    guard !id.isEmpty else { throw RouteError.emptyID }
    let isPlain = id.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    let length = id.utf8.count
    guard length <= (isPlain ? maximumPlainIDLength : maximumEncodedIDLength) else {
      throw RouteError.idTooLong(id: Escaping.terminal(id, limit: 40), length: length)
    }
    let segment: String
    if isPlain {
      segment = id
    } else {
      let digits = Array("0123456789abcdef".utf8)
      var bytes: [UInt8] = [UInt8(ascii: "_")]
      bytes.reserveCapacity(1 + id.utf8.count * 2)
      for byte in id.utf8 {
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      }
      segment = String(decoding: bytes, as: UTF8.self)
    }
    return segment
  }

  /// The id whose page is in `folder`, the last component of a film's route
  /// (``route()``): the inverse of ``idSegment(_:)``, read up to the first
  /// `-`. `nil` when `folder` is no film page's folder.
  static func id(ofPageFolder folder: Substring) -> String? {
    let segment = String(Substring(folder.utf8.prefix { $0 != UInt8(ascii: "-") }))
    // Only the segment `idSegment` writes for the id it reads as: a plain id
    // as it is, any other as the hex of valid UTF-8, neither too long.
    func written(_ id: String) -> String? { (try? idSegment(id)) == segment ? id : nil }
    guard segment.utf8.first == UInt8(ascii: "_") else { return written(segment) }
    let digits = Array(segment.utf8.dropFirst())
    guard digits.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
      default: return nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self).flatMap(written)
  }
}

/// A film whose id cannot be turned into a safe page path.
enum RouteError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyID
  case idTooLong(id: String, length: Int)

  var description: String {
    switch self {
    case .emptyID:
      return "field \"id\": the id is empty"
    case .idTooLong(let id, let length):
      return
        "field \"id\": the id \"\(id)\" is \(length) bytes long; ids may have at most \(Film.maximumPlainIDLength) bytes, or \(Film.maximumEncodedIDLength) when they hold characters other than a-z and 0-9"
    }
  }
}
