import Foundation

/// Finishes the `<img>` elements cmark writes: every image loads lazily, and
/// an image whose Markdown title is a size like `"342x513"` gets `width` and
/// `height` instead of a title, so the page does not jump as posters arrive.
///
/// `![Poster](poster.jpg "342x513")` becomes
/// `<img src="poster.jpg" alt="Poster" width="342" height="513" loading="lazy" />`.
/// The rewrite is sound on cmark's output because cmark escapes `"` and `<` in
/// text and attribute values: `<img ` and `title="…" />` can only be its own markup.
enum ImageAttributes {
  static func apply(to html: String) -> String {
    guard html.utf8.contains(UInt8(ascii: "<")), html.contains("<img ") else { return html }
    var output = ""
    output.reserveCapacity(html.utf8.count + 64)
    var rest = Substring(html)
    while let start = rest.range(of: "<img ") {
      output += rest[..<start.lowerBound]
      rest = rest[start.lowerBound...]
      guard let end = rest.range(of: " />") else { break }
      output += rewrite(rest[..<end.lowerBound])
      output += " loading=\"lazy\" />"
      rest = rest[end.upperBound...]
    }
    output += rest
    return output
  }

  /// Replaces a trailing ` title="WxH"` with `width` and `height` attributes.
  private static func rewrite(_ tag: Substring) -> String {
    guard let title = tag.range(of: " title=\"", options: .backwards) else { return String(tag) }
    let value = tag[title.upperBound...].dropLast()
    guard tag.hasSuffix("\""), let x = value.firstIndex(of: "x") else { return String(tag) }
    let width = value[..<x]
    let height = value[value.index(after: x)...]
    guard isDimension(width), isDimension(height) else { return String(tag) }
    return tag[..<title.lowerBound] + " width=\"\(width)\" height=\"\(height)\""
  }

  private static func isDimension(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
