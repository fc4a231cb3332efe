/// One `<meta>` element of a page's `<head>`: a plain one (`name`, for the
/// description and the Twitter card) or an Open Graph one (`property`).
struct MetaTag: Sendable, Equatable {
  /// Which attribute names the tag.
  enum Attribute: String, Sendable {
    /// `<meta name="…">`: the page's description, Twitter's tags.
    case name
    /// `<meta property="…">`: Open Graph's tags (`og:`, `video:`).
    case property
  }

  let attribute: Attribute
  /// What the tag is: `og:title`, `twitter:card`, `description`.
  let key: String
  /// The tag's value, as the film or the site gives it (escaped in ``html``).
  let content: String

  /// An Open Graph tag: `<meta property="og:title" content="…">`.
  static func property(_ key: String, _ content: String) -> MetaTag {
    MetaTag(attribute: .property, key: key, content: content)
  }

  /// A plain tag: `<meta name="twitter:card" content="…">`.
  static func name(_ key: String, _ content: String) -> MetaTag {
    MetaTag(attribute: .name, key: key, content: content)
  }

  /// Appends the element, with the key and content escaped for a quoted attribute value.
  func appendHTML(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: "<meta ".utf8)
    bytes.append(contentsOf: attribute.rawValue.utf8)
    bytes.append(contentsOf: #"=""#.utf8)
    Self.appendEscaped(key, to: &bytes)
    bytes.append(contentsOf: #"" content=""#.utf8)
    Self.appendEscaped(content, to: &bytes)
    bytes.append(contentsOf: #"">"#.utf8)
  }

  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { Escaping.appendHTML($0, to: &bytes) }
  }
}
