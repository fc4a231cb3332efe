/// Which files of a site a visitor can reach by following links from the home page.
enum Reachability {
  /// `index.html` and every file that a page reachable from it links to.
  static func files(from pages: [String: CheckedPage]) -> Set<String> {
    var reachable: Set<String> = [SitePaths.homePage]
    var queue = [SitePaths.homePage]
    while let path = queue.popLast() {
      for target in pages[path]?.targets ?? [] where reachable.insert(target).inserted {
        queue.append(target)
      }
    }
    return reachable
  }
}
