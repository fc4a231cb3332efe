extension SiteChecker {
  /// Checks `sitemap.xml` (and the files of a split sitemap) against the site:
  /// every URL is the base URL that `robots.txt` names followed by a page of
  /// the site, no file holds more URLs than the protocol allows, and every page
  /// FilmSite wrote (`index.html` files the manifest lists) is in it.
  /// - Parameter pages: The `index.html` files the manifest lists, when there is one.
  func checkSitemap(files: Set<String>, pages: [String]?) throws -> [SiteCheckReport.Fault] {
    guard files.contains(Sitemap.fileName) else { return [] }
    guard files.contains("robots.txt") else {
      return [.unreadableSitemap(reason: "there is no robots.txt to name it and the base URL")]
    }
    let robots = String(decoding: try folder.contents(of: "robots.txt"), as: UTF8.self)
    let sitemapLine = robots.split(separator: "\n").first { $0.hasPrefix("Sitemap: ") }
    guard let line = sitemapLine, line.hasSuffix("/" + Sitemap.fileName) else {
      return [
        .unreadableSitemap(reason: "robots.txt has no \"Sitemap: <base URL>sitemap.xml\" line")
      ]
    }
    let base = String(line.dropFirst("Sitemap: ".count).dropLast(Sitemap.fileName.count))

    var faults: [SiteCheckReport.Fault] = []
    var listed: [(file: String, url: String)] = []
    let top = String(decoding: try folder.contents(of: Sitemap.fileName), as: UTF8.self)
    var urlSets = [(Sitemap.fileName, top)]
    if top.contains("<sitemapindex") {
      urlSets = []
      for url in Self.locations(in: top) {
        let path = url.hasPrefix(base) ? String(url.dropFirst(base.count)) : ""
        guard !path.contains("/"), files.contains(path) else {
          faults.append(.brokenSitemapEntry(file: Sitemap.fileName, url: url))
          continue
        }
        urlSets.append((path, String(decoding: try folder.contents(of: path), as: UTF8.self)))
      }
    }
    for (file, text) in urlSets {
      let urls = Self.locations(in: text)
      if urls.count > Sitemap.protocolLimit {
        faults.append(.unreadableSitemap(reason: "\(file) lists \(urls.count) URLs, over 50,000"))
      }
      listed += urls.map { (file, $0) }
    }
    var inSitemap: Set<String> = []
    for (file, url) in listed {
      let path = url.hasPrefix(base) ? String(url.dropFirst(base.count)) : "/"
      let page = path.isEmpty ? SitePaths.homePage : path + "index.html"
      if (path.isEmpty || path.hasSuffix("/")) && !path.hasPrefix("/") && files.contains(page) {
        inSitemap.insert(page)
      } else {
        faults.append(.brokenSitemapEntry(file: file, url: url))
      }
    }
    for page in pages ?? [] where !inSitemap.contains(page) && files.contains(page) {
      faults.append(.notInSitemap(page: page))
    }
    return faults
  }

  /// The text of every `<loc>` element, with XML's five entities decoded.
  private static func locations(in xml: String) -> [String] {
    xml.components(separatedBy: "<loc>").dropFirst().compactMap { part in
      guard let end = part.range(of: "</loc>") else { return nil }
      return String(part[..<end.lowerBound])
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
  }
}
