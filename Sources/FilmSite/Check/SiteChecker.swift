import FilmSiteSupport

/// Checks a built site in an output folder, as `filmsite check` does.
///
/// It reads every file once and reports:
/// - every `href` and `src` of every `.html` file that does not lead to a file
///   of the site (absolute `http`, `https`, `data` and `mailto` URLs are skipped);
/// - index pages that do not form one `<link rel="prev">`/`<link rel="next">`
///   chain from `index.html` through `page/2/`, `page/3/`… to the last page,
///   and the same for each genre's, director's and year's films
///   (`genres/<slug>/`, `genres/<slug>/page/2/`…);
/// - detail pages (`films/*/index.html`) that no index page on the chain links to;
/// - files listed in `.filmsite-manifest` that no page reachable from
///   `index.html` links to. Files the manifest does not list belong to the user
///   (a `CNAME`, a `.nojekyll`) and are never reported; without a manifest, no
///   file is known to be FilmSite's, so none is reported as orphaned. Theme
///   files under `assets/` are not reported either: the theme is copied whole;
///   nor are `404.html`, `robots.txt` and the sitemap, which are found by name;
/// - a search index (`search/index.json`) whose chunks are missing or
///   malformed, an entry that leads to no film's page, and a film's page that
///   no chunk lists. The chunks the manifest lists count as linked from the
///   search page.
///
/// - with a `sitemap.xml`: URLs that are not pages of the site under the base
///   URL `robots.txt` names, and pages FilmSite wrote that it does not list.
///
/// A `.git` folder is not looked into. Links in CSS files are not read.
public struct SiteChecker: Sendable {
  let folder: SiteFolder

  /// - Parameter directory: The output folder that holds the site.
  public init(directory: String) {
    folder = SiteFolder(directory: directory)
  }

  /// Checks the site and returns what it found.
  /// - Returns: A report whose faults are empty when the site is sound; a
  ///   missing folder or home page is a fault, not an error.
  /// - Throws: ``SiteCheckError`` when a file or folder of the site cannot be read.
  public func check() throws -> SiteCheckReport {
    switch folder.kind() {
    case nil: return SiteCheckReport(faults: [.noSuchFolder(folder.directory)])
    case .folder: break
    case .some: return SiteCheckReport(faults: [.notAFolder(folder.directory)])
    }
    let files = try folder.files()
    let fileSet = Set(files)
    let pages = try scanPages(files.filter { $0.hasSuffix(".html") }, files: fileSet)

    var report = SiteCheckReport(pageCount: pages.count)
    let hasHomePage = fileSet.contains(SitePaths.homePage)
    if !hasHomePage { report.faults.append(.missingHomePage) }
    let manifest = try folder.manifest(files: fileSet)
    if manifest == nil, fileSet.contains(OutputManifest.fileName) {
      report.faults.append(.unreadableManifest)
    }
    var pagesByPath: [String: CheckedPage] = [:]
    pagesByPath.reserveCapacity(pages.count)
    for page in pages {
      report.linkCount += page.linkCount
      report.faults += page.faults
      pagesByPath[page.path] = page
    }
    // Without a home page every page would be unreachable; its absence is the one fault to show.
    guard hasHomePage else { return report }

    // Pages reported as off the chain or unlinked are not reported again as orphans.
    var reported: Set<String> = []
    let chain = IndexChain(following: pagesByPath)
    report.faults += chain.faults
    var onChain = Set(chain.pages)
    // Each genre's, director's and year's films form a chain of their own.
    for path in files where SitePaths.isBrowseListStart(path) {
      let browseChain = IndexChain(
        following: pagesByPath, base: String(path.dropLast(SitePaths.homePage.count)))
      report.faults += browseChain.faults
      onChain.formUnion(browseChain.pages)
    }
    let strays = files.compactMap { path in SitePaths.listPageNumber(path).map { (path, $0) } }
      .filter { !onChain.contains($0.0) }
      .sorted { ($0.1.base, $0.1.number) < ($1.1.base, $1.1.number) }
    for (path, _) in strays {
      report.faults.append(.notOnChain(page: path))
      reported.insert(path)
    }

    let linkedFromIndex = Set(chain.pages.flatMap { pagesByPath[$0]?.targets ?? [] })
    for path in files where SitePaths.isDetailPage(path) && !linkedFromIndex.contains(path) {
      report.faults.append(.notLinkedFromIndex(page: path))
      reported.insert(path)
    }

    var reachable = Reachability.files(from: pagesByPath)
    let search = try checkSearchIndex(files: fileSet, reachable: reachable)
    report.faults += search.faults
    reachable.formUnion(search.files)
    report.faults += try checkSitemap(
      files: fileSet, pages: manifest?.paths.filter { $0.hasSuffix("index.html") })
    // Theme assets are copied whole; a page need not use each one (the poster
    // placeholder when every film has a poster), and CSS may use others.
    for path in manifest?.paths ?? []
    where fileSet.contains(path) && !reachable.contains(path) && !reported.contains(path)
      && !path.hasPrefix("assets/") && !SitePaths.isFoundByName(path)
    {
      report.faults.append(.orphan(path: path))
    }
    return report
  }

  /// Reads and scans the pages on every core; every file is read once.
  private func scanPages(_ paths: [String], files: Set<String>) throws -> [CheckedPage] {
    let results = paths.parallelMap { path in
      Result { CheckedPage(path: path, html: try folder.contents(of: path), files: files) }
    }
    return try results.map { try $0.get() }
  }
}
