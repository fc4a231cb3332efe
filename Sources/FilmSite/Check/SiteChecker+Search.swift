import FilmSiteSupport
import Foundation

extension SiteChecker {
  /// Checks the search index against the site's files.
  /// - Parameter reachable: Files reachable from `index.html` by links.
  /// - Returns: Its faults, and the index's files, which count as linked from
  ///   the search page when that page is reachable.
  func checkSearchIndex(
    files: Set<String>, reachable: Set<String>
  ) throws -> (faults: [SiteCheckReport.Fault], files: Set<String>) {
    let manifestPath = SearchIndex.manifestPath
    let searchPage = SearchIndex.folder + "/index.html"
    guard files.contains(searchPage) || files.contains(manifestPath) else { return ([], []) }
    guard files.contains(manifestPath) else {
      return ([.unreadableSearchIndex(reason: "no such file, but the site has a search page")], [])
    }
    guard
      let manifest = try? JSONSerialization.jsonObject(
        with: Data(folder.contents(of: manifestPath)))
        as? [String: Any],
      let chunks = manifest["chunks"] as? [[String: Any]]
    else {
      return (
        [.unreadableSearchIndex(reason: "not a search manifest (a JSON object with chunks)")], []
      )
    }
    var faults: [SiteCheckReport.Fault] = []
    var chunkPaths: [String] = []
    for chunk in chunks {
      guard let file = chunk["file"] as? String, !file.isEmpty, !file.contains("/"),
        file != "..", file != "."
      else {
        faults.append(.unreadableSearchIndex(reason: "a chunk without a plain file name"))
        continue
      }
      let path = SearchIndex.folder + "/" + file
      if files.contains(path) {
        chunkPaths.append(path)
      } else {
        faults.append(
          .badSearchChunk(path: path, reason: "listed in \(manifestPath), no such file"))
      }
    }
    let results = chunkPaths.parallelMap { path in
      Result { try checkSearchChunk(path, files: files) }
    }
    var listed: Set<String> = []
    for result in results {
      let chunk = try result.get()
      faults += chunk.faults
      listed.formUnion(chunk.pages)
    }
    for path in files.sorted() where SitePaths.isDetailPage(path) && !listed.contains(path) {
      faults.append(.notInSearchIndex(page: path))
    }
    let indexFiles = reachable.contains(searchPage) ? Set(chunkPaths + [manifestPath]) : []
    return (faults, indexFiles)
  }

  /// The film pages a chunk lists, and its faults.
  private func checkSearchChunk(
    _ path: String, files: Set<String>
  ) throws -> (pages: [String], faults: [SiteCheckReport.Fault]) {
    guard
      let films = try? JSONSerialization.jsonObject(with: Data(folder.contents(of: path))) as? [Any]
    else { return ([], [.badSearchChunk(path: path, reason: "not a JSON array of films")]) }
    var pages: [String] = []
    var faults: [SiteCheckReport.Fault] = []
    for film in films {
      guard let fields = film as? [Any], fields.count == 4 || fields.count == 5,
        fields[0] is String, let url = fields[3] as? String,
        fields.count == 4 || fields[4] is [String]
      else {
        faults.append(
          .badSearchChunk(
            path: path, reason: "a film that is not [title, director, year, url, actors?]"))
        continue
      }
      let page = url + "index.html"
      if url.hasSuffix("/"), SitePaths.isDetailPage(page), files.contains(page) {
        pages.append(page)
      } else {
        faults.append(.brokenSearchEntry(chunk: path, url: url))
      }
    }
    return (pages, faults)
  }
}
