import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The link targets of one HTML page: every `href` and `src` value, and the
/// `href` of each `<link rel="prev">` and `<link rel="next">`.
///
/// This is a small scanner for the HTML that FilmSite writes, not a full HTML
/// parser. It reads start tags and their attributes in any order, with values
/// in double quotes, single quotes or none, and names in any case. It skips
/// text, comments, doctypes, end tags and the contents of `script`, `style`,
/// `textarea` and `title`, and decodes the character references `&amp;`,
/// `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` in values. It builds no tree,
/// does not apply HTML's error recovery, and ignores `srcset`, `<base href>`,
/// inline styles and CSS.
struct HTMLLinks: Equatable, Sendable {
  /// Every `href` and `src` value, in document order, as written (references decoded).
  var urls: [String] = []
  /// The `href` of every `<link>` element whose `rel` holds the token `prev`.
  var prev: [String] = []
  /// The `href` of every `<link>` element whose `rel` holds the token `next`.
  var next: [String] = []

  init(urls: [String] = [], prev: [String] = [], next: [String] = []) {
    self.urls = urls
    self.prev = prev
    self.next = next
  }

  /// Scans the UTF-8 bytes of a page.
  init(scanning data: some ContiguousBytes) {
    self = data.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes: bytes)
      scanner.run()
      return scanner.links
    }
  }

  /// Scans a page's text.
  init(scanning html: String) {
    self.init(scanning: Array(html.utf8))
  }
}

/// One pass over a page's bytes; every byte is looked at a bounded number of times.
private struct Scanner {
  let bytes: UnsafeRawBufferPointer
  var position = 0
  var links = HTMLLinks()

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private enum Element {
    case link
    /// An element whose contents are text, not tags, up to its end tag.
    case rawText(name: [UInt8])
    case other
  }

  private static let rawTextElements: [[UInt8]] = ["script", "style", "textarea", "title"].map {
    Array($0.utf8)
  }
  private static let comment = Array("!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let href = Array("href".utf8)
  private static let src = Array("src".utf8)
  private static let rel = Array("rel".utf8)
  private static let link = Array("link".utf8)
  private static let prev = Array("prev".utf8)
  private static let next = Array("next".utf8)

  mutating func run() {
    while let open = firstIndex(of: UInt8(ascii: "<"), from: position) {
      position = open + 1
      guard position < bytes.count else { return }
      let byte = bytes[position]
      if byte == UInt8(ascii: "!") {
        if matches(Self.comment, at: position, ignoringCase: false) {
          position =
            firstIndex(of: Self.commentEnd, from: position + 3).map { $0 + 3 }
            ?? bytes.count
        } else {
          skipPast(UInt8(ascii: ">"))
        }
      } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
        skipPast(UInt8(ascii: ">"))
      } else if Self.isLetter(byte) {
        readStartTag()
      }
      // Any other byte after "<" is text.
    }
  }

  private mutating func readStartTag() {
    let nameStart = position
    while position < bytes.count, !Self.isSpace(bytes[position]),
      bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
    {
      position += 1
    }
    let element = classify(nameStart..<position)

    var href: String?
    var isPrev = false
    var isNext = false
    attributes: while true {
      while position < bytes.count,
        Self.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "/")
      {
        position += 1
      }
      guard position < bytes.count else { break }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        break attributes
      }
      let nameStart = position
      // The first character may be "=" (an odd but legal attribute name).
      position += 1
      while position < bytes.count {
        let byte = bytes[position]
        if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
          || byte == UInt8(ascii: "=")
        {
          break
        }
        position += 1
      }
      let name = nameStart..<position
      let value = readValue()
      guard let value else { continue }
      if matches(name, Self.href) {
        let url = decoded(value)
        links.urls.append(url)
        href = url
      } else if matches(name, Self.src) {
        links.urls.append(decoded(value))
      } else if matches(name, Self.rel) {
        (isPrev, isNext) = relTokens(value)
      }
    }

    switch element {
    case .link:
      if let href {
        if isPrev { links.prev.append(href) }
        if isNext { links.next.append(href) }
      }
    case .rawText(let name):
      skipRawText(closing: name)
    case .other:
      break
    }
  }

  /// Reads `= value` after an attribute name, if there is one.
  private mutating func readValue() -> Range<Int>? {
    var cursor = position
    while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
    cursor += 1
    while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
    guard cursor < bytes.count else {
      position = cursor
      return cursor..<cursor
    }
    let quote = bytes[cursor]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let start = cursor + 1
      let end = firstIndex(of: quote, from: start) ?? bytes.count
      position = min(end + 1, bytes.count)
      return start..<end
    }
    let start = cursor
    while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") {
      cursor += 1
    }
    position = cursor
    return start..<cursor
  }

  private func classify(_ name: Range<Int>) -> Element {
    if matches(name, Self.link) { return .link }
    for rawText in Self.rawTextElements where matches(name, rawText) {
      return .rawText(name: rawText)
    }
    return .other
  }

  /// Moves past the contents of a raw text element, to the `<` of its end tag.
  private mutating func skipRawText(closing name: [UInt8]) {
    while let open = firstIndex(of: UInt8(ascii: "<"), from: position) {
      position = open
      if open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "/"),
        matches(name, at: open + 2, ignoringCase: true)
      {
        return
      }
      position = open + 1
    }
    position = bytes.count
  }

  /// Whether the space-separated tokens of a `rel` value hold `prev` and `next`.
  private func relTokens(_ value: Range<Int>) -> (prev: Bool, next: Bool) {
    var prev = false
    var next = false
    var start = value.lowerBound
    while start < value.upperBound {
      while start < value.upperBound, Self.isSpace(bytes[start]) { start += 1 }
      var end = start
      while end < value.upperBound, !Self.isSpace(bytes[end]) { end += 1 }
      if matches(start..<end, Self.prev) { prev = true }
      if matches(start..<end, Self.next) { next = true }
      start = end
    }
    return (prev, next)
  }

  /// The attribute value with its character references decoded.
  private func decoded(_ range: Range<Int>) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      if raw[index] == UInt8(ascii: "&"),
        let (scalar, length) = Self.characterReference(in: raw, at: index)
      {
        out.append(contentsOf: String(Character(scalar)).utf8)
        index += length
      } else {
        out.append(raw[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The scalar and byte length of the reference at `start` (which holds `&`), if it is one.
  private static func characterReference(
    in raw: UnsafeRawBufferPointer, at start: Int
  ) -> (Unicode.Scalar, Int)? {
    let limit = min(raw.endIndex, start + 12)
    guard let semicolon = (start + 1..<limit).first(where: { raw[$0] == UInt8(ascii: ";") })
    else { return nil }
    let name = String(
      decoding: UnsafeRawBufferPointer(rebasing: raw[start + 1..<semicolon]), as: UTF8.self)
    let length = semicolon + 1 - start
    switch name {
    case "amp": return ("&", length)
    case "lt": return ("<", length)
    case "gt": return (">", length)
    case "quot": return ("\"", length)
    case "apos": return ("'", length)
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, length)
    }
  }

  private func matches(_ range: Range<Int>, _ lowercased: [UInt8]) -> Bool {
    range.count == lowercased.count && matches(lowercased, at: range.lowerBound, ignoringCase: true)
  }

  /// Whether `word` (in lowercase) is at `offset`; letters compare ignoring ASCII case.
  private func matches(_ word: [UInt8], at offset: Int, ignoringCase: Bool) -> Bool {
    guard offset + word.count <= bytes.count else { return false }
    for (index, expected) in word.enumerated() {
      var byte = bytes[offset + index]
      if ignoringCase, Self.isLetter(byte) { byte |= 0x20 }
      if byte != expected { return false }
    }
    return true
  }

  private mutating func skipPast(_ byte: UInt8) {
    position = firstIndex(of: byte, from: position).map { $0 + 1 } ?? bytes.count
  }

  private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
    return UnsafeRawPointer(found) - base
  }

  private func firstIndex(of word: [UInt8], from start: Int) -> Int? {
    var cursor = start
    while let candidate = firstIndex(of: word[0], from: cursor) {
      if matches(word, at: candidate, ignoringCase: false) { return candidate }
      cursor = candidate + 1
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// HTML's ASCII white space: tab, line feed, form feed, carriage return, space.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }
}
