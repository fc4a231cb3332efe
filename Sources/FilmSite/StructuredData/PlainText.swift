/// Plain text for places that show no markup: a page's description, and
/// JSON-LD's `description`.
enum PlainText {
  /// The text a reader sees of `overview`, a film's Markdown: rendered as its
  /// page renders it (one paragraph, cmark in safe mode), then without tags,
  /// with cmark's character references read back and white space runs as
  /// one space. `nil` when nothing is left.
  ///
  /// An overview too long for Markdown is shown as literal text
  /// (``PageContexts/overviewMarkdown(_:)``), so its text is the overview
  /// itself and needs no second pass through cmark.
  /// - Parameter html: The overview's HTML as its page has it
  ///   (``PageContexts/overviewHTML(_:)``), when the caller has it already.
  static func overview(_ overview: String, renderer: MarkdownRenderer, html: [UInt8]? = nil)
    -> String?
  {
    let text: String
    if overview.utf8.count > PageContexts.maximumMarkdownOverview {
      text = overview.utf8.split(whereSeparator: isSpace)
        .map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    } else {
      text = fromHTML(
        html ?? renderer.pageHTML(from: Array(PageContexts.overviewMarkdown(overview).utf8)))
    }
    return text.isEmpty ? nil : text
  }

  /// The text of HTML that cmark made for a paragraph: tags and comments dropped, the
  /// references cmark writes (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`)
  /// read back, white space collapsed and trimmed.
  ///
  /// cmark escapes every `<` and `>` of text and attribute values, so each
  /// `<` starts a tag or a comment that the next `>` ends.
  static func fromHTML(_ html: [UInt8]) -> String {
    html.withUnsafeBufferPointer { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      var pendingSpace = false
      var index = 0
      while index < bytes.count {
        // Text up to the next tag, reference or white space is copied whole.
        var end = index
        while end < bytes.count, !isSpecial(bytes[end]) { end += 1 }
        if end > index {
          if pendingSpace, !out.isEmpty { out.append(UInt8(ascii: " ")) }
          pendingSpace = false
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
          index = end
          continue
        }
        switch bytes[index] {
        case UInt8(ascii: "<"):
          // Inline tags sit inside words (`*sim*ulation`); a line break parts them.
          if bytes[index...].starts(with: "<br".utf8) { pendingSpace = true }
          index = (bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1) + 1
        case UInt8(ascii: "&"):
          if pendingSpace, !out.isEmpty { out.append(UInt8(ascii: " ")) }
          pendingSpace = false
          let reference = references.first { bytes[index...].starts(with: $0.name) }
          out.append(reference?.text ?? UInt8(ascii: "&"))
          index += reference?.name.count ?? 1
        default:
          pendingSpace = true
          index += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || isSpace(byte)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }

  /// The references cmark writes, and the character each stands for.
  private static let references: [(name: [UInt8], text: UInt8)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ("&#x27;", "'"),
  ].map { (Array($0.utf8), UInt8(ascii: $1)) }

  /// `text` cut to at most `limit` characters, at a space where there is one
  /// in its second half, with `…` after it; `text` itself when it is short enough.
  static func shortened(_ text: String, to limit: Int) -> String {
    // A character is at least one byte, so text of no more bytes than
    // `limit` is short enough; longer text is counted only up to `limit`.
    guard text.utf8.count > limit else { return text }
    if let shortened = shortenedASCII(text, to: limit) { return shortened }
    guard let limitIndex = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      limitIndex < text.endIndex
    else { return text }
    let cut = text.prefix(limit - 1)
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2
    {
      return cut[..<space] + "…"
    }
    return cut + "…"
  }

  /// ``shortened(_:to:)`` of `text`, longer than `limit` bytes, when its
  /// first `limit + 1` bytes are ASCII other than a carriage return: the
  /// first `limit` are then characters of their own and the next starts one
  /// (only a carriage return joins the line feed after it, and only
  /// characters beyond ASCII join the one before them), so the characters
  /// need not be told apart. `nil` for other text.
  private static func shortenedASCII(_ text: String, to limit: Int) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard limit > 0, bytes.count > limit,
        !bytes[...limit].contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") })
      else { return nil }
      var end = limit - 1
      if let space = bytes[..<end].lastIndex(of: UInt8(ascii: " ")), space > limit / 2 {
        end = space
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
    }
  }
}
