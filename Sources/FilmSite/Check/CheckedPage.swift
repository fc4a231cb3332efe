/// A page of the site read and its links resolved: where they lead, which
/// are broken, and its `rel="prev"` and `rel="next"` links for the chain.
struct CheckedPage: Sendable {
  let path: String
  /// The files of the site that the page's links lead to, in document order.
  var targets: [String] = []
  var prev: [(link: String, target: LinkTarget)] = []
  var next: [(link: String, target: LinkTarget)] = []
  /// Internal links checked, counting repeats.
  var linkCount = 0
  var faults: [SiteCheckReport.Fault] = []

  init(path: String) {
    self.path = path
  }

  /// Scans the HTML `bytes` of the page at `path` and resolves every link
  /// against `files`, the site's files.
  init(path: String, html bytes: [UInt8], files: Set<String>) {
    self.init(path: path)
    let links = HTMLLinks(scanning: bytes)
    let utf8 = Array(path.utf8)
    let folder = Array(utf8[..<(utf8.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
    func resolve(_ link: String) -> LinkTarget {
      LinkTarget.resolve(link, page: path, folder: folder, files: files)
    }
    var reported: Set<String> = []
    for link in links.urls {
      switch resolve(link) {
      case .external:
        continue
      case .file(let target):
        linkCount += 1
        targets.append(target)
      case .broken(let problem, _):
        linkCount += 1
        // The same bad link twice on a page (a <link> and a pager <a>) is one fault.
        if reported.insert(link).inserted {
          faults.append(.brokenLink(page: path, link: link, problem: problem))
        }
      }
    }
    prev = links.prev.map { ($0, resolve($0)) }
    next = links.next.map { ($0, resolve($0)) }
    for (rel, count) in [("prev", links.prev.count), ("next", links.next.count)] where count > 1 {
      faults.append(.repeatedRel(page: path, rel: rel, count: count))
    }
  }
}
