/// The pages of one film list in the order their `rel="next"` links lead,
/// from the list's first page, and what is wrong with that chain.
///
/// Page `k` of the chain must be `page/k/` below the first page, link back
/// to page `k - 1` with `rel="prev"`, and come only once; the first page
/// must have no `rel="prev"`. A `next` that leads to no file is already a
/// broken link, so it just ends the chain.
struct IndexChain {
  /// The pages on the chain, in order.
  private(set) var pages: [String]
  private(set) var faults: [SiteCheckReport.Fault] = []

  /// Follows `rel="next"` from the first page of the list at `base`.
  /// - Parameter base: The list's folder: `""` for the main index, `genres/drama/`.
  init(following checked: [String: CheckedPage], base: String = "") {
    let start = base + SitePaths.homePage
    pages = [start]
    var onChain: Set<String> = [start]
    if let first = checked[start]?.prev.first {
      faults.append(.prevOnFirstPage(page: start, target: Self.describe(first)))
    }
    var current = start
    while let page = checked[current], let next = page.next.first {
      let expected = SitePaths.indexPagePath(pages.count + 1, base: base)
      let target: String
      switch next.target {
      case .file(let path):
        target = path
      case .external:
        faults.append(.nextMismatch(page: current, target: Self.describe(next), expected: expected))
        return
      case .broken:
        return
      }
      guard onChain.insert(target).inserted else {
        faults.append(.chainCycle(page: current, target: target))
        return
      }
      if target != expected {
        faults.append(.nextMismatch(page: current, target: target, expected: expected))
      }
      pages.append(target)
      if let nextPage = checked[target] {
        if let prev = nextPage.prev.first {
          if prev.target != .file(current) {
            faults.append(
              .prevMismatch(page: target, target: Self.describe(prev), expected: current))
          }
        } else {
          faults.append(.missingPrev(page: target, expected: current))
        }
      }
      current = target
    }
  }

  /// A link as a fault names it: the site path it leads to, or the link in quotes.
  private static func describe(_ link: (link: String, target: LinkTarget)) -> String {
    switch link.target {
    case .file(let path), .broken(_, .some(let path)): return path
    case .external, .broken(_, .none): return "\"" + link.link + "\""
    }
  }
}
