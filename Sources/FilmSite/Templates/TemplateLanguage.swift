/// The language a template is written in, which decides how `{{name}}` escapes a value.
public enum TemplateLanguage: Sendable {
  /// Values become HTML text, safe in element content and quoted attributes.
  case html
  /// Values become literal Markdown text: no markup, links, HTML or new blocks.
  case markdown

  /// The language of a template file, by its extension: `.md` is Markdown, anything else HTML.
  public init(fileName: String) {
    self = fileName.hasSuffix(".md") ? .markdown : .html
  }

  /// Returns `value` escaped for this language.
  public func escape(_ value: String) -> String {
    switch self {
    case .html: return Escaping.html(value)
    case .markdown: return Escaping.markdown(value)
    }
  }
}

/// Escaping of untrusted text for the places it lands.
public enum Escaping {
  /// Escapes `&`, `<`, `>`, `"` and `'`, and drops the control characters
  /// and noncharacters that HTML forbids.
  public static func html(_ text: String) -> String {
    let special: (UInt8) -> Bool = { byte in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
    return transform(text, when: special) { scalar, out in
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        if isForbidden(scalar) { return }
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Backslash-escapes every ASCII punctuation character, so that the text
  /// reads literally in Markdown, turns line breaks and tabs into spaces and
  /// drops leading white space, so that it cannot start a new block or an
  /// indented code block.
  public static func markdown(_ text: String) -> String {
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return transform(String(trimmed), when: isASCIIPunctuation) { scalar, out in
      if scalar.isASCII, isASCIIPunctuation(UInt8(scalar.value)) {
        out += "\\"
        out.unicodeScalars.append(scalar)
      } else if scalar == "\n" || scalar == "\r" || scalar == "\t" {
        out += " "
      } else if !isForbidden(scalar) {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Drops the characters HTML forbids from HTML that cmark produced: it turns
  /// numeric references like `&#1;` into the characters themselves.
  public static func removingForbiddenCharacters(_ html: String) -> String {
    let suspicious = html.utf8.contains { byte in
      (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
        || byte == 0xC2 || byte >= 0xEF
    }
    guard suspicious, html.unicodeScalars.contains(where: isForbidden) else { return html }
    var out = ""
    out.reserveCapacity(html.utf8.count)
    for scalar in html.unicodeScalars where !isForbidden(scalar) {
      out.unicodeScalars.append(scalar)
    }
    return out
  }

  /// Keeps the inline Markdown of `text` (emphasis, code, links) but makes it
  /// one paragraph: line breaks become spaces, and a character that would
  /// start a block (a heading, quote, list, fence or thematic break) is
  /// escaped (a leading `<` too, since an HTML block would run to the end of
  /// the page). Raw HTML and unsafe links are left to cmark's safe mode.
  public static func markdownParagraph(_ text: String) -> String {
    var paragraph = ""
    paragraph.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" || scalar == "\t" {
        paragraph += " "
      } else if !isForbidden(scalar) {
        paragraph.unicodeScalars.append(scalar)
      }
    }
    paragraph = paragraph.trimmingSpaces()
    return neutralizingBlockStart(paragraph)
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

  /// Makes untrusted text safe to print in a one-line message: control and
  /// direction-changing characters become spaces and long text is cut.
  public static func terminal(_ text: String, limit: Int = 80) -> String {
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

  /// Runs `body` on each scalar only when some byte is `special`, a control
  /// character or non-ASCII (which may be forbidden); other text is returned as is.
  private static func transform(
    _ text: String, when special: (UInt8) -> Bool, _ body: (Unicode.Scalar, inout String) -> Void
  ) -> String {
    let needsWork = text.utf8.contains { byte in
      byte < 0x20 || byte >= 0x7F || special(byte)
    }
    guard needsWork else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars { body(scalar, &out) }
    return out
  }

  private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
      || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
  }

  /// Control characters other than tab and line breaks, DEL, C1 controls and
  /// noncharacters: invalid in HTML text, and meaningless in a film's data.
  /// Characters that reorder the text around them in a terminal.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
      || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
  }

  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
    if (0x7F...0x9F).contains(value) { return true }
    if (0xFDD0...0xFDEF).contains(value) { return true }
    return value & 0xFFFE == 0xFFFE
  }
}
