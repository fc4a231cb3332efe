import Foundation

/// A link in a note or page to a film or to another content page, which the
/// build resolves and checks.
///
/// `[Vertigo](film:426)` links to the film whose id is `426`, and
/// `[About](@/about.md)` to the page made from `content/about.md` (Zola's
/// convention). Either may end in a `#fragment`, which the link keeps.
/// `%` escapes are decoded, so `film:a%20b` and `<film:a b>` both name the
/// film `a b`. The scheme `film:` is read in any case, like a URL scheme.
struct MarkdownLink: Sendable, Hashable {
  enum Target: Sendable, Hashable {
    /// A film, by its id in the catalog.
    case film(id: String)
    /// A content page, by its path under `content/`: segments that are
    /// never empty, `.` or `..`, so it cannot name a file outside.
    case page(path: String)
  }

  let target: Target
  /// What follows `#`, as written; `nil` when there is no `#` or nothing after it.
  let fragment: String?
  /// The destination as written (after Markdown's escapes), such as `film:426#cast`.
  let destination: String
  /// Where the link starts in its file: line and column from 1, the column
  /// in Unicode scalars.
  let line: Int
  let column: Int

  /// Whether `destination` has one of the two forms (`film:…` or `@/…`).
  static func hasLinkForm(_ destination: String) -> Bool {
    let bytes = destination.utf8
    if bytes.starts(with: "@/".utf8) { return true }
    let lowercased = bytes.lazy.prefix(5).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    return lowercased.elementsEqual("film:".utf8)
  }

  /// The link `destination` makes, or `nil` when it has neither form.
  /// - Throws: A destination that has a form but names nothing it could be:
  ///   `film:` without an id, a page path with an empty, `.` or `..` segment.
  init?(destination: String, line: Int, column: Int) throws(MarkdownLinkError.Fault) {
    guard Self.hasLinkForm(destination) else { return nil }
    let isFilm = !destination.hasPrefix("@/")
    // Taken apart by scalars, not characters: a combining mark after `:`,
    // `#` or `/` must not hide it.
    let rest = destination.unicodeScalars.dropFirst(isFilm ? 5 : 2)
    let hash = rest.firstIndex(of: "#")
    let written = String(Substring(rest[..<(hash ?? rest.endIndex)]))
    let escaped = written.utf8.contains(UInt8(ascii: "%"))
    let name = escaped ? written.removingPercentEncoding ?? written : written
    let fault = { (reason: MarkdownLinkError.Reason) in
      MarkdownLinkError.Fault(destination: destination, line: line, column: column, reason: reason)
    }
    if isFilm {
      guard !name.isEmpty else { throw fault(.missingFilmID) }
      target = .film(id: name)
    } else {
      let segments = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      let refused = segments.contains { segment in
        // Empty, `.` or `..`, or holding a NUL.
        segment.isEmpty || (segment.count <= 2 && segment.allSatisfy { $0 == UInt8(ascii: ".") })
          || segment.contains(0)
      }
      guard !refused else { throw fault(.notAPagePath) }
      target = .page(path: name)
    }
    let fragment = hash.map { Substring(rest[rest.index(after: $0)...]) } ?? ""
    self.fragment = fragment.isEmpty ? nil : String(fragment)
    self.destination = destination
    self.line = line
    self.column = column
  }
}
