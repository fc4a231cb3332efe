import Foundation

/// The internal `href` and `src` targets of a built site that do not resolve to a file.
enum InternalLinks {
  struct Broken: Equatable, CustomStringConvertible {
    let page: String
    let link: String
    var description: String { "\(page): \(link)" }
  }

  /// Checks every `.html` file below `site`; absolute URLs (`http:`, `https:`, `data:`) are skipped.
  static func broken(in site: URL) throws -> (checked: Int, broken: [Broken]) {
    var checked = 0
    var broken: [Broken] = []
    for page in FilmSiteProcess.files(in: site) where page.hasSuffix(".html") {
      let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
      let folder = site.appendingPathComponent(page).deletingLastPathComponent()
      for link in links(in: html) where !isExternal(link) {
        checked += 1
        let path = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        var target = folder.appendingPathComponent(String(path)).standardizedFileURL
        if path.isEmpty || path.hasSuffix("/") { target.appendPathComponent("index.html") }
        let inside = target.path.hasPrefix(site.standardizedFileURL.path + "/")
        if !inside || !FileManager.default.fileExists(atPath: target.path) {
          broken.append(Broken(page: page, link: link))
        }
      }
    }
    return (checked, broken)
  }

  static func links(in html: String) -> [String] {
    var links: [String] = []
    for attribute in [" href=\"", " src=\""] {
      for part in html.components(separatedBy: attribute).dropFirst() {
        links.append(
          String(part.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&"))
      }
    }
    return links
  }

  private static func isExternal(_ link: String) -> Bool {
    ["http://", "https://", "data:", "mailto:"].contains { link.lowercased().hasPrefix($0) }
  }
}
