/// What a file of a built site is, told by its path alone: the home page, a
/// film's page, a page of a film list, a file found by its name.
enum SitePaths {
  static let homePage = "index.html"

  /// The folders of the genre, director and year lists: `genres`, `directors`, `years`.
  static let browseFolders: Set<String> = Set(TaxonomyKind.allCases.map(\.folder))

  /// The file of page `number` of the film list at `base` (`""` for the main
  /// index, `genres/drama/` for a genre): `index.html`, then `page/N/index.html`.
  static func indexPagePath(_ number: Int, base: String = "") -> String {
    number == 1 ? base + homePage : base + "page/\(number)/index.html"
  }

  /// The list and the number of `page/N/index.html` (the main index, base `""`)
  /// or `genres/<slug>/page/N/index.html` (and `directors/`, `years/`).
  static func listPageNumber(_ path: String) -> (base: String, number: Int)? {
    guard path.hasSuffix("/index.html") else { return nil }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let base: String
    switch parts.count {
    case 3: base = ""
    case 5 where browseFolders.contains(String(parts[0])) && !parts[1].isEmpty:
      base = parts[0] + "/" + parts[1] + "/"
    default: return nil
    }
    let page = parts[parts.count - 2]
    guard parts[parts.count - 3] == "page", !page.isEmpty,
      page.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(page)
    else { return nil }
    return (base, number)
  }

  /// Whether `path` is the first page of a genre's, director's or year's films:
  /// `genres/<slug>/index.html`.
  static func isBrowseListStart(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && browseFolders.contains(String(parts[0])) && !parts[1].isEmpty
      && parts[2] == "index.html"
  }

  /// Whether `path` is a film's page, `films/<segment>/index.html`.
  static func isDetailPage(_ path: String) -> Bool {
    guard path.hasPrefix("films/") else { return false }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "films" && !parts[1].isEmpty
      && parts[2] == "index.html"
  }

  /// Whether servers and crawlers find `path` by its name, not through links.
  static func isFoundByName(_ path: String) -> Bool {
    if path == NotFoundPage.filePath || path == "robots.txt" || path == Sitemap.fileName {
      return true
    }
    return path.hasPrefix("sitemap-") && path.hasSuffix(".xml") && !path.contains("/")
  }
}
