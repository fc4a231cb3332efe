/// Escaping of untrusted text for the places it lands.
///
/// The escapers work on UTF-8 bytes, not on characters or scalars, since
/// they run once for every value of every page. Text that needs no change
/// is returned as it is, without a copy.
enum Escaping {
  /// Escapes `&`, `<`, `>`, `"` and `'`, and drops the control characters
  /// and noncharacters that HTML forbids.
  static func html(_ text: String) -> String {
    rewriting(text, special: isHTMLSpecial, htmlEntity)
  }

  /// Appends `text` escaped as ``html(_:)`` does to `out`.
  static func appendHTML(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    append(text, special: isHTMLSpecial, htmlEntity, to: &out)
  }

  private static func htmlEntity(_ byte: UInt8, _ out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
    case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
    case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
    case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
    default: out.append(contentsOf: "&#39;".utf8)
    }
  }

  /// Backslash-escapes every ASCII punctuation character, so that the text
  /// reads literally in Markdown, turns line breaks and tabs into spaces and
  /// drops leading white space (and byte order marks), so that it cannot
  /// start a new block or an indented code block.
  static func markdown(_ text: String) -> String {
    rewriting(text, leading: .whiteSpaceDropped, special: isMarkdownSpecial, markdownEscape)
  }

  /// Appends `text` escaped as ``markdown(_:)`` does to `out`.
  static func appendMarkdown(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    append(
      text, leading: .whiteSpaceDropped, special: isMarkdownSpecial, markdownEscape, to: &out)
  }

  private static func markdownEscape(_ byte: UInt8, _ out: inout [UInt8]) {
    if isLineSpace(byte) {
      out.append(UInt8(ascii: " "))
    } else {
      out.append(UInt8(ascii: "\\"))
      out.append(byte)
    }
  }

  /// Keeps the inline Markdown of `text` (emphasis, code, links) but makes it
  /// one paragraph: line breaks become spaces, and a character that would
  /// start a block (a heading, quote, list, fence or thematic break) is
  /// escaped (a leading `<` too, since an HTML block would run to the end of
  /// the page). Raw HTML and unsafe links are left to cmark's safe mode.
  static func markdownParagraph(_ text: String) -> String {
    let paragraph = rewriting(text, leading: .whiteSpaceDropped, special: isLineBreakOrTab) {
      _, out in
      out.append(UInt8(ascii: " "))
    }
    return neutralizingBlockStart(paragraph.trimmingSpaces())
  }

  /// Drops the characters HTML forbids from HTML that cmark produced: it turns
  /// numeric references like `&#1;` into the characters themselves.
  static func removingForbiddenCharacters(_ html: String) -> String {
    rewriting(html, special: { _ in false }, { byte, out in out.append(byte) })
  }

  /// Drops the characters HTML forbids from the UTF-8 `html`, as
  /// ``removingForbiddenCharacters(_:)`` does; most pages have none, and
  /// are only read.
  static func removeForbiddenCharacters(from html: inout [UInt8]) {
    let cleaned = html.withUnsafeBufferPointer { bytes -> [UInt8]? in
      guard firstForbidden(in: bytes) < bytes.count else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      append(bytes, special: { _ in false }, { byte, out in out.append(byte) }, to: &out)
      return out
    }
    if let cleaned { html = cleaned }
  }

  /// Makes untrusted text safe to print in a one-line message: control and
  /// direction-changing characters become spaces and long text is cut.
  static func terminal(_ text: String, limit: Int = 80) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if out.unicodeScalars.count >= limit {
        out += "…"
        break
      }
      let hidden = isForbidden(scalar) || scalar.value < 0x20 || isBidiControl(scalar)
      out.unicodeScalars.append(hidden ? " " : scalar)
    }
    return out
  }

  /// Escapes the one character that would make `line` a heading, quote,
  /// list item, code fence or thematic break rather than a paragraph.
  private static func neutralizingBlockStart(_ line: String) -> String {
    let bytes = Array(line.utf8.prefix(4))
    guard let first = bytes.first else { return line }
    let second = bytes.count > 1 ? bytes[1] : UInt8(ascii: " ")
    switch first {
    case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "<"):
      return "\\" + line
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "_"):
      let isBreak = line.utf8.allSatisfy { $0 == first || $0 == UInt8(ascii: " ") }
      return second == UInt8(ascii: " ") || isBreak ? "\\" + line : line
    case UInt8(ascii: "`"), UInt8(ascii: "~"):
      return bytes.starts(with: [first, first, first]) ? "\\" + line : line
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      let digits = line.utf8.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      let rest = line.utf8.dropFirst(digits)
      guard digits <= 9, let delimiter = rest.first,
        delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")"),
        rest.dropFirst().first.map({ $0 == UInt8(ascii: " ") }) ?? true
      else { return line }
      let index = line.utf8.index(line.utf8.startIndex, offsetBy: digits)
      return String(line[..<index]) + "\\" + String(line[index...])
    default:
      return line
    }
  }

  /// Copies `text` without what `leading` drops from its start and
  /// without forbidden characters, handing each ASCII byte that `special`
  /// picks to `rewrite` instead of copying it. Returns `text` itself when
  /// no byte needs any of this.
  @inline(__always)
  private static func rewriting(
    _ text: String, leading: Leading = .kept,
    special: (UInt8) -> Bool, _ rewrite: (UInt8, inout [UInt8]) -> Void
  ) -> String {
    var text = text
    let rewritten = text.withUTF8 { bytes -> String? in
      let start = firstKept(in: bytes, leading: leading)
      guard start > 0 || firstChange(in: bytes, from: start, special: special) < bytes.count
      else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count - start + 16)
      append(bytes, leading: leading, special: special, rewrite, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
    return rewritten ?? text
  }

  /// Appends `text` to `out` as ``rewriting(_:leading:special:_:)``
  /// changes it: pages are written into one byte buffer, values and all.
  @inline(__always)
  private static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, leading: Leading = .kept,
    special: (UInt8) -> Bool, _ rewrite: (UInt8, inout [UInt8]) -> Void,
    to out: inout [UInt8]
  ) {
    let start = firstKept(in: bytes, leading: leading)
    var index = firstChange(in: bytes, from: start, special: special)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let forbidden = forbiddenLength(in: bytes, at: index)
      if forbidden > 0 {
        index += forbidden
        continue
      }
      let byte = bytes[index]
      if byte < 0x80, special(byte) { rewrite(byte, &out) } else { out.append(byte) }
      index += 1
    }
  }

  /// What the start of a value loses besides its forbidden characters.
  private enum Leading {
    /// Nothing more.
    case kept
    /// White space (spaces, tabs, line breaks) and byte order marks (U+FEFF),
    /// in any mix: white space would start an indented code block, and cmark
    /// skips a byte order mark at the start of a document, so the character
    /// after one would start the value's block.
    case whiteSpaceDropped
  }

  /// The index of the first byte that is kept: past what `leading` drops
  /// and the forbidden characters among it, which are dropped too. A
  /// forbidden character must not stop the dropping: what follows it would
  /// lead the text once it is gone (a NUL, then spaces, would start an
  /// indented code block).
  @inline(__always)
  private static func firstKept(in bytes: UnsafeBufferPointer<UInt8>, leading: Leading) -> Int {
    var index = 0
    while index < bytes.count {
      if leading == .whiteSpaceDropped {
        if isLineSpace(bytes[index]) {
          index += 1
          continue
        }
        if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB,
          bytes[index + 2] == 0xBF
        {
          index += 3
          continue
        }
      }
      let forbidden = forbiddenLength(in: bytes, at: index)
      guard forbidden > 0 else { break }
      index += forbidden
    }
    return index
  }

  /// The first index from `start` of a byte that needs work: most text needs
  /// no change, and much of it has a `·` or an accent whose lead byte could
  /// start a forbidden character, so this is found before copying anything.
  @inline(__always)
  private static func firstChange(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, special: (UInt8) -> Bool
  ) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 ? special(byte) : false { break }
      if mayStartForbidden(byte), forbiddenLength(in: bytes, at: index) > 0 { break }
      index += 1
    }
    return index
  }

  /// The index of the first forbidden character in `bytes` (valid UTF-8),
  /// or its count. A page is mostly ASCII text and markup: eight bytes with
  /// no control character, DEL or non-ASCII byte are passed over at once.
  private static func firstForbidden(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index < bytes.count {
      if index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let below0x20 = (word &- 0x20 &* ones) & ~word & highs
        let delete = word ^ (0x7F &* ones)
        let is0x7F = (delete &- ones) & ~delete & highs
        if word & highs == 0, below0x20 == 0, is0x7F == 0 {
          index += 8
          continue
        }
      }
      if mayStartForbidden(bytes[index]), forbiddenLength(in: bytes, at: index) > 0 {
        return index
      }
      index += 1
    }
    return bytes.count
  }

  /// Whether a forbidden character may start with `byte`: a control other
  /// than tab and line breaks, DEL, or the first byte of a C1 control or a
  /// noncharacter. Text with none of these needs no `forbiddenLength` scan.
  private static func mayStartForbidden(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
      || byte == 0xC2 || byte == 0xEF || byte >= 0xF0
  }

  /// The length in bytes of the forbidden character (see ``isForbidden(_:)``)
  /// that starts at `index` of valid UTF-8, or 0 when it is allowed.
  static func forbiddenLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    switch lead {
    case 0x09, 0x0A, 0x0D:
      return 0
    case 0x00..<0x20, 0x7F:
      return 1
    case 0xC2:  // U+0080...U+009F, the C1 controls
      return (0x80...0x9F).contains(bytes[index + 1]) ? 2 : 0
    case 0xEF:  // U+FDD0...U+FDEF, U+FFFE and U+FFFF
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      let isNoncharacter =
        (second == 0xB7 && (0x90...0xAF).contains(third))
        || (second == 0xBF && (third == 0xBE || third == 0xBF))
      return isNoncharacter ? 3 : 0
    case 0xF0...0xF4:  // U+nFFFE and U+nFFFF of the other planes
      let isNoncharacter =
        bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF
        && (bytes[index + 3] == 0xBE || bytes[index + 3] == 0xBF)
      return isNoncharacter ? 4 : 0
    default:
      return 0
    }
  }

  private static func isHTMLSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }

  private static func isMarkdownSpecial(_ byte: UInt8) -> Bool {
    isASCIIPunctuation(byte) || isLineBreakOrTab(byte)
  }

  private static func isLineBreakOrTab(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
  }

  private static func isLineSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || isLineBreakOrTab(byte)
  }

  private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
      || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
  }

  /// Characters that reorder the text around them in a terminal.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
      || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
  }

  /// Control characters other than tab and line breaks, DEL, C1 controls and
  /// noncharacters: invalid in HTML text, and meaningless in a film's data.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
    if (0x7F...0x9F).contains(value) { return true }
    if (0xFDD0...0xFDEF).contains(value) { return true }
    return value & 0xFFFE == 0xFFFE
  }
}
