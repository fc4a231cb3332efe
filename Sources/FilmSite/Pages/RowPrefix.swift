#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The links of an index row from a page `d` folders deep all begin with
/// `../` repeated `d` times (the root, the home page, the placeholder poster
/// and the film's page, which lists are never inside). So a row is rendered
/// once, with a token where that prefix goes, and each page puts its own
/// prefix in: a film's row is rendered once, not once per list it is on.
///
/// The token is a private-use character followed by `!`. A template inserts
/// it as is with `{{{name}}}` and escaped with `{{name}}` (Markdown escapes
/// `!`), so the two are told apart and each gets the prefix in the same form.
/// (In HTML the two forms are the same bytes, as are the two prefixes.)
/// A film whose text holds the private-use character has its row rendered
/// on each page instead.
struct RowPrefix {
  static let marker: Unicode.Scalar = "\u{E000}"
  static let token = String(marker) + "!"

  private let raw: [UInt8]
  private let escaped: [UInt8]
  /// What follows the marker in the escaped token (`\!` in Markdown).
  private let escapedSuffix: [UInt8]

  /// The prefix of a page `depth` folders deep, for a template in `language`.
  init(depth: Int, language: TemplateLanguage) {
    let raw = String(repeating: "../", count: depth)
    self.raw = Array(raw.utf8)
    escaped = Array(language.escape(raw).utf8)
    escapedSuffix = Array(language.escape(Self.token).utf8.dropFirst(Self.markerBytes.count))
  }

  private static let markerBytes = Array(String(marker).utf8)

  /// Whether `text` holds the token's character, so a row with it could not be told apart.
  static func mayHoldToken(_ text: String) -> Bool {
    text.unicodeScalars.contains(marker)
  }

  /// Appends `row` to `output` with this page's prefix in place of each token.
  func fill(_ row: [UInt8], into output: inout [UInt8]) {
    let marker = Self.markerBytes
    row.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      var position = 0
      // Rows are mostly text without a marker: jump from one lead byte to the next.
      while position < bytes.count,
        let found = memchr(base + position, Int32(marker[0]), bytes.count - position)
      {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<index]))
        let next = index + marker.count
        guard next <= bytes.count, bytes[index..<next].elementsEqual(marker) else {
          output.append(bytes[index])
          position = index + 1
          continue
        }
        if bytes[next...].starts(with: escapedSuffix) {
          output += escaped
          position = next + escapedSuffix.count
        } else if bytes[next...].starts(with: [UInt8(ascii: "!")]) {
          output += raw
          position = next + 1
        } else {
          output.append(bytes[index])
          position = index + 1
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
    }
  }
}
