/// What ``SiteChecker`` found in a built site: how much it checked, and every fault.
public struct SiteCheckReport: Equatable, Sendable, CustomStringConvertible {
  /// One thing wrong with a site. Paths are relative to the output folder.
  enum Fault: Equatable, Sendable, CustomStringConvertible {
    /// Why an internal link does not lead to a file of the site.
    enum LinkProblem: Equatable, Sendable {
      /// Nothing in the site has the link's path.
      case noSuchFile
      /// The path is a folder; without a trailing `/` it does not open its `index.html`.
      case folder
      /// The path climbs above the output folder with `..`.
      case outsideSite
      /// The path starts with `/`, which breaks the site under a sub-path.
      case absolutePath
      /// A URL scheme other than `http`, `https`, `data` and `mailto`.
      case unsupportedScheme
    }

    /// The output folder does not exist.
    case noSuchFolder(String)
    /// The output path is a file, not a folder.
    case notAFolder(String)
    /// The folder has no `index.html`, so there is no home page to start from.
    case missingHomePage
    /// `.filmsite-manifest` exists but is not a FilmSite manifest.
    case unreadableManifest
    /// An `href` or `src` of `page` that does not lead to a file of the site.
    case brokenLink(page: String, link: String, problem: LinkProblem)
    /// `page` has more than one `<link rel="prev">` or `<link rel="next">`.
    case repeatedRel(page: String, rel: String, count: Int)
    /// The first page of a film list has a `rel="prev"` link. `target` is the
    /// path it resolves to, or the link in quotes when it has none in the site.
    case prevOnFirstPage(page: String, target: String)
    /// An index page on the chain has no `rel="prev"` link back to `expected`.
    case missingPrev(page: String, expected: String)
    /// An index page's `rel="prev"` leads to `target` instead of the page before it.
    case prevMismatch(page: String, target: String, expected: String)
    /// An index page's `rel="next"` leads to `target` instead of the next page number.
    case nextMismatch(page: String, target: String, expected: String)
    /// An index page's `rel="next"` leads back to `target`, which is earlier on the chain.
    case chainCycle(page: String, target: String)
    /// An index page (`page/N/index.html`) that the chain from `index.html` never reaches.
    case notOnChain(page: String)
    /// A detail page (`films/*/index.html`) that no index page on the chain links to.
    case notLinkedFromIndex(page: String)
    /// A file FilmSite wrote that no page reachable from `index.html` links to.
    case orphan(path: String)
    /// The site has a search page but its index, `search/index.json`, is missing
    /// or is not a search manifest.
    case unreadableSearchIndex(reason: String)
    /// A chunk the search manifest lists is missing or is not a list of films.
    case badSearchChunk(path: String, reason: String)
    /// A film in a search chunk whose URL leads to no film's page.
    case brokenSearchEntry(chunk: String, url: String)
    /// A film's page that no search chunk lists.
    case notInSearchIndex(page: String)
    /// `sitemap.xml` cannot be checked: no `robots.txt` names the base URL, or a file is too long.
    case unreadableSitemap(reason: String)
    /// A URL of a sitemap file that is not a page of the site under the base URL.
    case brokenSitemapEntry(file: String, url: String)
    /// A page FilmSite wrote that the sitemap does not list.
    case notInSitemap(page: String)

    var description: String {
      switch self {
      case .noSuchFolder(let directory):
        return "\(Self.path(directory)): no such folder (build the site first)"
      case .notAFolder(let directory):
        return "\(Self.path(directory)): not a folder"
      case .missingHomePage:
        return "index.html: no such file, so the site has no home page"
      case .unreadableManifest:
        return "\(OutputManifest.fileName): not a FilmSite manifest"
      case .brokenLink(let page, let link, let problem):
        return "\(Self.path(page)): broken link \(Self.quoted(link)) (\(Self.describe(problem)))"
      case .repeatedRel(let page, let rel, let count):
        return "\(Self.path(page)): \(count) rel=\"\(rel)\" links, expected at most one"
      case .prevOnFirstPage(let page, let target):
        return
          "\(Self.path(page)): rel=\"prev\" points to \(Self.path(target)), but the first page has no previous page"
      case .missingPrev(let page, let expected):
        return "\(Self.path(page)): no rel=\"prev\" link, expected one to \(Self.path(expected))"
      case .prevMismatch(let page, let target, let expected):
        return
          "\(Self.path(page)): rel=\"prev\" points to \(Self.path(target)), expected \(Self.path(expected))"
      case .nextMismatch(let page, let target, let expected):
        return
          "\(Self.path(page)): rel=\"next\" points to \(Self.path(target)), expected \(Self.path(expected))"
      case .chainCycle(let page, let target):
        return
          "\(Self.path(page)): rel=\"next\" points back to \(Self.path(target)), which is earlier on the chain (a cycle)"
      case .notOnChain(let page):
        return "\(Self.path(page)): not on the prev/next chain of index pages from index.html"
      case .notLinkedFromIndex(let page):
        return "\(Self.path(page)): not linked from any index page"
      case .orphan(let path):
        return "\(Self.path(path)): not linked from any page reachable from index.html"
      case .unreadableSearchIndex(let reason):
        return "\(SearchIndex.manifestPath): \(reason)"
      case .badSearchChunk(let path, let reason):
        return "\(Self.path(path)): \(reason)"
      case .brokenSearchEntry(let chunk, let url):
        return "\(Self.path(chunk)): film URL \(Self.quoted(url)) is not a film's page"
      case .notInSearchIndex(let page):
        return "\(Self.path(page)): not in the search index"
      case .unreadableSitemap(let reason):
        return "\(Sitemap.fileName): \(reason)"
      case .brokenSitemapEntry(let file, let url):
        return "\(Self.path(file)): \(Self.quoted(url)) is not a page of the site"
      case .notInSitemap(let page):
        return "\(Self.path(page)): not in the sitemap"
      }
    }

    private static func describe(_ problem: LinkProblem) -> String {
      switch problem {
      case .noSuchFile: return "no such file"
      case .folder: return "a folder: end the link with \"/\" to open its index.html"
      case .outsideSite: return "it leaves the site folder"
      case .absolutePath: return "starts with \"/\": links must be relative"
      case .unsupportedScheme:
        return "not a file of the site, nor an http, https, data or mailto URL"
      }
    }

    /// A path for the terminal: control characters from file names are blanked out.
    private static func path(_ text: String) -> String {
      printable(text, limit: 400)
    }

    private static func quoted(_ link: String) -> String {
      "\"" + printable(link, limit: 200) + "\""
    }

    /// Plain ASCII text as it is (the common case, and fast for many faults), other text
    /// through ``Escaping/terminal(_:limit:)``.
    private static func printable(_ text: String, limit: Int) -> String {
      if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
        return text
      }
      return Escaping.terminal(text, limit: limit)
    }
  }

  /// How many `.html` files were read.
  var pageCount: Int
  /// How many internal links were checked (absolute `http`, `https`, `data` and
  /// `mailto` URLs are not counted).
  var linkCount: Int
  /// Every fault, grouped by kind, in a stable order.
  var faults: [Fault]

  init(pageCount: Int = 0, linkCount: Int = 0, faults: [Fault] = []) {
    self.pageCount = pageCount
    self.linkCount = linkCount
    self.faults = faults
  }

  /// Whether the site has no fault.
  public var isClean: Bool { faults.isEmpty }

  /// `Checked 118 pages and 472 links: 0 problems`.
  public var summary: String {
    "Checked \(Self.count(pageCount, "page")) and \(Self.count(linkCount, "link")): \(Self.count(faults.count, "problem"))"
  }

  /// One line per fault, then the summary.
  public var description: String {
    (faults.map(\.description) + [summary]).joined(separator: "\n")
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
