import FilmCatalog

/// Where a page lives in the site: a folder path relative to the site root.
///
/// Every page is an `index.html` inside its folder, so URLs end in `/` and work
/// on any static server. The root page has an empty path.
struct Route: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Path components from the site root, each a safe file name.
  let components: [String]

  init(_ components: [String] = []) {
    self.components = components
  }

  /// The site's home page.
  static let root = Route()

  /// The file this route writes, relative to the output folder: `films/1-x/index.html`.
  var filePath: String { folderPath(then: "index.html") }

  /// How many folders deep the page is, which is how many `../` lead back to the root.
  var depth: Int { components.count }

  /// The relative URL of `target` as seen from a page at this route.
  func url(to target: Route) -> String {
    var common = 0
    while common < components.count, common < target.components.count,
      components[common] == target.components[common]
    {
      common += 1
    }
    // Built in one string: index pages make one of these for every row.
    let down = target.components[common...]
    var url = ""
    url.reserveCapacity(
      3 * (components.count - common) + down.reduce(down.count) { $0 + $1.utf8.count })
    for _ in common..<components.count { url += "../" }
    for component in down {
      url += component
      url += "/"
    }
    return url.isEmpty ? "./" : url
  }

  /// The relative URL of a file at `path` (from the site root) as seen from this route.
  func url(toFile path: String) -> String {
    String(repeating: "../", count: components.count) + path
  }

  static func < (lhs: Route, rhs: Route) -> Bool {
    lhs.components.lexicographicallyPrecedes(rhs.components)
  }

  /// The folder's path with a `/` after each component: `films/1-x/`, and `` for the root.
  var description: String { folderPath(then: "") }

  /// Combines the route into a page's key: its components, without making
  /// its path (every page's key has a route, and a large site 300,000 pages).
  func combine(into hasher: inout ContentHasher) {
    hasher.combine(components.count)
    for component in components { hasher.combine(component) }
  }

  /// The folder's path, a `/` after each component, then `name`: made in one
  /// string, as every page's key and path needs it.
  private func folderPath(then name: String) -> String {
    var path = ""
    path.reserveCapacity(components.reduce(name.utf8.count) { $0 + $1.utf8.count + 1 })
    for component in components {
      path += component
      path += "/"
    }
    path += name
    return path
  }
}
