/// `sitemap.xml`: every page's absolute URL, for search engines.
///
/// The protocol allows 50,000 URLs in one file. Past that, the URLs go into
/// `sitemap-1.xml`, `sitemap-2.xml`… and `sitemap.xml` becomes a sitemap index
/// that lists them.
enum Sitemap {
  static let fileName = "sitemap.xml"
  static let protocolLimit = 50_000

  /// The sitemap files for `routes`, pages of the site at `baseURL` (ending in `/`).
  /// - Parameter limit: The most URLs in one file.
  static func files(routes: [Route], baseURL: String, limit: Int = protocolLimit) -> [OutputFile] {
    let base = Escaping.xml(baseURL)
    let urls = routes.map { base + $0.description }
    let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let namespace = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
    func urlSet(_ urls: ArraySlice<String>) -> String {
      header + "<urlset \(namespace)>\n"
        + urls.map { "<url><loc>\($0)</loc></url>\n" }.joined() + "</urlset>\n"
    }
    let limit = max(1, limit)
    guard urls.count > limit else {
      return [OutputFile(path: fileName, text: urlSet(urls[...]))]
    }
    var files: [OutputFile] = []
    var names: [String] = []
    for (number, start) in stride(from: 0, to: urls.count, by: limit).enumerated() {
      let name = "sitemap-\(number + 1).xml"
      names.append(name)
      files.append(
        OutputFile(path: name, text: urlSet(urls[start..<min(start + limit, urls.count)])))
    }
    let index =
      header + "<sitemapindex \(namespace)>\n"
      + names.map { "<sitemap><loc>\(base)\($0)</loc></sitemap>\n" }.joined()
      + "</sitemapindex>\n"
    files.append(OutputFile(path: fileName, text: index))
    return files
  }

  /// `robots.txt`, which lets every crawler in and names the sitemap.
  static func robots(baseURL: String) -> OutputFile {
    OutputFile(
      path: "robots.txt", text: "User-agent: *\nAllow: /\n\nSitemap: \(baseURL)\(fileName)\n")
  }
}
