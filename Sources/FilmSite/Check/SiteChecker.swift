import FilmSiteSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  /// The output folder that holds the site.
  public let directory: String

  public init(directory: String) {
    self.directory = directory
  }

  /// Checks the site and returns what it found.
  /// - Returns: A report whose faults are empty when the site is sound; a
  ///   missing folder or home page is a fault, not an error.
  /// - Throws: ``SiteCheckError`` when a file or folder of the site cannot be read.
  public func check() throws -> SiteCheckReport {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      return SiteCheckReport(faults: [.noSuchFolder(directory)])
    }
    guard isDirectory.boolValue else {
      return SiteCheckReport(faults: [.notAFolder(directory)])
    }

    let files = try listFiles()
    let fileSet = Set(files)
    let pages = try scanPages(files.filter { $0.hasSuffix(".html") }, files: fileSet)

    var report = SiteCheckReport(pageCount: pages.count)
    let hasHomePage = fileSet.contains(Self.homePage)
    if !hasHomePage { report.faults.append(.missingHomePage) }
    let manifest = try readManifest(files: fileSet)
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

    let chain = Self.followChain(pages: pagesByPath, base: "")
    report.faults += chain.faults
    var reported: Set<String> = []
    var onChain = Set(chain.pages)
    // Each genre's, director's and year's films form a chain of their own.
    for path in files where Self.isBrowseListStart(path) {
      let base = String(path.dropLast("index.html".count))
      let browseChain = Self.followChain(pages: pagesByPath, base: base)
      report.faults += browseChain.faults
      onChain.formUnion(browseChain.pages)
    }
    let strays = files.compactMap { path in Self.listPageNumber(path).map { (path, $0) } }
      .filter { !onChain.contains($0.0) }
      .sorted { ($0.1.base, $0.1.number) < ($1.1.base, $1.1.number) }
    for (path, _) in strays {
      report.faults.append(.notOnChain(page: path))
      reported.insert(path)
    }

    var linkedFromIndex: Set<String> = []
    for path in chain.pages {
      linkedFromIndex.formUnion(pagesByPath[path]?.targets ?? [])
    }
    for path in files where Self.isDetailPage(path) && !linkedFromIndex.contains(path) {
      report.faults.append(.notLinkedFromIndex(page: path))
      reported.insert(path)
    }

    var reachable = Self.reachableFiles(pages: pagesByPath)
    let search = try checkSearchIndex(files: fileSet, reachable: reachable)
    report.faults += search.faults
    reachable.formUnion(search.files)
    report.faults += try checkSitemap(
      files: fileSet, pages: manifest?.paths.filter { $0.hasSuffix("index.html") })
    // Theme assets are copied whole; a page need not use each one (the poster
    // placeholder when every film has a poster), and CSS may use others.
    for path in manifest?.paths ?? []
    where fileSet.contains(path) && !reachable.contains(path) && !reported.contains(path)
      && !path.hasPrefix("assets/") && !Self.isFoundByName(path)
    {
      report.faults.append(.orphan(path: path))
    }
    return report
  }

  // MARK: - Reading the folder

  /// Every regular file below the folder, relative to it, sorted. Symbolic
  /// links to files count as files; links to folders are not followed.
  func listFiles() throws -> [String] {
    var files: [String] = []
    var level = [""]
    // One level of folders at a time, each level on every core: a site keeps
    // its films in one folder each, so the second level is most of the work.
    while !level.isEmpty {
      let listings = level.parallelMap { folder in Result { try list(folder) } }
      level = []
      for listing in listings {
        let (folderFiles, subfolders) = try listing.get()
        files += folderFiles
        level += subfolders
      }
    }
    return files.sorted()
  }

  /// The files and folders directly in `folder`, relative to the site.
  private func list(_ folder: String) throws -> (files: [String], folders: [String]) {
    let path = folder.isEmpty ? directory : directory + "/" + folder
    guard let handle = opendir(path) else { throw Self.unreadable(path) }
    defer { closedir(handle) }
    var files: [String] = []
    var folders: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let relative = folder.isEmpty ? name : folder + "/" + name
      switch Self.kind(of: entry.pointee.d_type, at: path + "/" + name) {
      case .folder:
        // A repository's history is never part of the site.
        if name != ".git" { folders.append(relative) }
      case .file:
        files.append(relative)
      case .other:
        break
      }
    }
    return (files, folders)
  }

  private enum EntryKind {
    case file
    case folder
    case other
  }

  private static func kind(of type: UInt8, at path: String) -> EntryKind {
    switch Int(type) {
    case Int(DT_REG): return .file
    case Int(DT_DIR): return .folder
    case Int(DT_LNK):
      var info = stat()
      return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
    case Int(DT_UNKNOWN):
      var info = stat()
      guard lstat(path, &info) == 0 else { return .other }
      switch info.st_mode & S_IFMT {
      case S_IFREG: return .file
      case S_IFDIR: return .folder
      case S_IFLNK: return kind(of: UInt8(DT_LNK), at: path)
      default: return .other
      }
    default:
      return .other
    }
  }

  /// The manifest, or `nil` when there is none or it is not a FilmSite manifest.
  private func readManifest(files: Set<String>) throws -> OutputManifest? {
    guard files.contains(OutputManifest.fileName) else { return nil }
    let bytes = try contents(of: OutputManifest.fileName)
    return OutputManifest(bytes: bytes)
  }

  /// The bytes of a file of the site, read with one `open` and as few `read`s as it takes.
  func contents(of relativePath: String) throws -> [UInt8] {
    let path = directory + "/" + relativePath
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.unreadable(path) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.unreadable(path) }
    // One byte more than the size, so that a single read also finds the end of the file.
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if result == 0 { break }
      if result < 0 {
        if errno == EINTR { continue }
        throw Self.unreadable(path)
      }
      count += result
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func unreadable(_ path: String) -> SiteCheckError {
    SiteCheckError.unreadable(path: path, message: String(cString: strerror(errno)))
  }

  // MARK: - Pages

  /// A page read and its links resolved.
  struct CheckedPage: Sendable {
    let path: String
    /// The files of the site that the page's links lead to, in document order.
    var targets: [String] = []
    var prev: [(link: String, target: LinkTarget)] = []
    var next: [(link: String, target: LinkTarget)] = []
    /// Internal links checked, counting repeats.
    var linkCount = 0
    var faults: [SiteCheckReport.Fault] = []
  }

  /// Reads and scans the pages on every core; every file is read once.
  private func scanPages(_ paths: [String], files: Set<String>) throws -> [CheckedPage] {
    let results = paths.parallelMap { path in
      Result { try checkPage(path, files: files) }
    }
    return try results.map { try $0.get() }
  }

  private func checkPage(_ path: String, files: Set<String>) throws -> CheckedPage {
    let links = HTMLLinks(scanning: try contents(of: path))
    let bytes = Array(path.utf8)
    let folder = Array(bytes[..<(bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
    var page = CheckedPage(path: path)
    var reported: Set<String> = []
    for link in links.urls {
      switch Self.resolve(link, page: path, folder: folder, files: files) {
      case .external:
        continue
      case .file(let target):
        page.linkCount += 1
        page.targets.append(target)
      case .broken(let problem, _):
        page.linkCount += 1
        // The same bad link twice on a page (a <link> and a pager <a>) is one fault.
        if reported.insert(link).inserted {
          page.faults.append(.brokenLink(page: path, link: link, problem: problem))
        }
      }
    }
    page.prev = links.prev.map { ($0, Self.resolve($0, page: path, folder: folder, files: files)) }
    page.next = links.next.map { ($0, Self.resolve($0, page: path, folder: folder, files: files)) }
    for (rel, count) in [("prev", links.prev.count), ("next", links.next.count)] where count > 1 {
      page.faults.append(.repeatedRel(page: path, rel: rel, count: count))
    }
    return page
  }

  // MARK: - Links

  /// Where a link leads.
  enum LinkTarget: Equatable, Sendable {
    /// An absolute `http`, `https`, `data` or `mailto` URL, or one to another host (`//host/…`).
    case external
    /// A file of the site, relative to the output folder.
    case file(String)
    /// Not a file of the site; `path` is where it would be, when that is inside the site.
    case broken(SiteCheckReport.Fault.LinkProblem, path: String?)
  }

  private static let skippedSchemes = ["http", "https", "data", "mailto"].map { Array($0.utf8) }

  /// Resolves `link`, written on the page at `page`, against the site's files.
  ///
  /// The query and fragment are dropped, `%` escapes decoded, and a path that
  /// ends in `/` (or `.` or `..`) means the `index.html` in that folder. An empty
  /// path is the page itself.
  /// - Parameter folder: The UTF-8 path of the page's folder, empty for the root.
  static func resolve(
    _ link: String, page: String, folder: [UInt8], files: Set<String>
  ) -> LinkTarget {
    let all = Array(link.utf8)
    // Browsers strip ASCII white space from both ends of a URL.
    guard let first = all.firstIndex(where: { !isSpace($0) }),
      let last = all.lastIndex(where: { !isSpace($0) })
    else { return .file(page) }
    let url = all[first...last]

    if let end = url.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
      url[end] == UInt8(ascii: ":"), isScheme(url[..<end])
    {
      let scheme = url[..<end].map { isASCIILetter($0) ? $0 | 0x20 : $0 }
      return skippedSchemes.contains(scheme) ? .external : .broken(.unsupportedScheme, path: nil)
    }
    if url.starts(with: [0x2F, 0x2F]) { return .external }
    if url.first == UInt8(ascii: "/") { return .broken(.absolutePath, path: nil) }

    let pathEnd = url.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
    let path = url[..<(pathEnd ?? url.endIndex)]
    if path.isEmpty { return .file(page) }

    var resolved = folder
    resolved.reserveCapacity(folder.count + path.count + 11)
    var isFolder = false
    var start = path.startIndex
    while start <= path.endIndex {
      let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
      let segment = path[start..<end]
      let isLast = end == path.endIndex
      if segment.isEmpty || segment.elementsEqual([0x2E]) {
        isFolder = isLast
      } else if segment.elementsEqual([0x2E, 0x2E]) {
        guard !resolved.isEmpty else { return .broken(.outsideSite, path: nil) }
        resolved.removeSubrange((resolved.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
        isFolder = isLast
      } else {
        if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
        appendDecoded(segment, to: &resolved)
        isFolder = false
      }
      start = end + 1
    }
    if isFolder {
      if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
      resolved += Array("index.html".utf8)
    }
    let target = String(decoding: resolved, as: UTF8.self)
    if files.contains(target) { return .file(target) }
    if !isFolder, files.contains(target + "/index.html") {
      return .broken(.folder, path: target)
    }
    return .broken(.noSuchFile, path: target)
  }

  /// `http`, `mailto`…: a letter, then letters, digits, `+`, `-` or `.`.
  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isASCIILetter(first) else { return false }
    return bytes.allSatisfy { byte in
      isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// Appends a path segment with its `%XX` escapes decoded. A segment that would
  /// decode to a `/` or a NUL is appended as it is, since no file name holds one.
  private static func appendDecoded(_ segment: ArraySlice<UInt8>, to path: inout [UInt8]) {
    guard segment.contains(UInt8(ascii: "%")) else {
      path += segment
      return
    }
    var decoded: [UInt8] = []
    var index = segment.startIndex
    while index < segment.endIndex {
      if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
        let high = hexValue(segment[index + 1]), let low = hexValue(segment[index + 2])
      {
        let byte = high << 4 | low
        if byte == UInt8(ascii: "/") || byte == 0 {
          path += segment
          return
        }
        decoded.append(byte)
        index += 3
      } else {
        decoded.append(segment[index])
        index += 1
      }
    }
    path += decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  // MARK: - The index chain

  static let homePage = "index.html"

  /// The file of page `number` of the film list at `base` (`""` for the main
  /// index, `genres/drama/` for a genre): `index.html`, then `page/N/index.html`.
  static func indexPagePath(_ number: Int, base: String = "") -> String {
    number == 1 ? base + homePage : base + "page/\(number)/index.html"
  }

  /// `N` for `page/N/index.html`, `nil` for any other path.
  static func indexPageNumber(_ path: String) -> Int? {
    listPageNumber(path).flatMap { $0.base.isEmpty ? $0.number : nil }
  }

  /// The list and the number of `page/N/index.html` (the main index, base `""`)
  /// or `genres/<slug>/page/N/index.html` (and `directors/`, `years/`).
  static func listPageNumber(_ path: String) -> (base: String, number: Int)? {
    guard path.hasSuffix("/index.html") else { return nil }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let base: String
    switch parts.count {
    case 3: base = ""
    case 5 where browseFolders.contains(String(parts[0])) && !parts[1].isEmpty:
      base = parts[0] + "/" + parts[1] + "/"
    default: return nil
    }
    let page = parts[parts.count - 2]
    guard parts[parts.count - 3] == "page", !page.isEmpty,
      page.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(page)
    else { return nil }
    return (base, number)
  }

  static let browseFolders: Set<String> = Set(TaxonomyKind.allCases.map(\.folder))

  /// Whether `path` is the first page of a genre's, director's or year's films:
  /// `genres/<slug>/index.html`.
  static func isBrowseListStart(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && browseFolders.contains(String(parts[0])) && !parts[1].isEmpty
      && parts[2] == "index.html"
  }

  /// Files that servers and crawlers find by their name, not through links.
  static func isFoundByName(_ path: String) -> Bool {
    if path == NotFoundPage.filePath || path == "robots.txt" || path == Sitemap.fileName {
      return true
    }
    return path.hasPrefix("sitemap-") && path.hasSuffix(".xml") && !path.contains("/")
  }

  /// Whether `path` is a film's page, `films/<segment>/index.html`.
  static func isDetailPage(_ path: String) -> Bool {
    guard path.hasPrefix("films/") else { return false }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "films" && !parts[1].isEmpty
      && parts[2] == "index.html"
  }

  /// Follows `rel="next"` from the list's first page (`index.html`, or
  /// `genres/drama/index.html`) and checks each step: page `k` of the chain is
  /// `page/k/` below it, links back to page `k - 1` with `rel="prev"`, and no
  /// page comes twice. A `next` that leads to no file is already a broken
  /// link, so it just ends the chain.
  /// - Parameter base: The list's folder: `""` for the main index, `genres/drama/`.
  static func followChain(
    pages: [String: CheckedPage], base: String = ""
  ) -> (pages: [String], faults: [SiteCheckReport.Fault]) {
    let start = base + homePage
    var chain = [start]
    var onChain: Set<String> = [start]
    var faults: [SiteCheckReport.Fault] = []
    if let first = pages[start]?.prev.first {
      faults.append(.prevOnFirstPage(page: start, target: describe(first)))
    }
    var current = start
    while let page = pages[current], let next = page.next.first {
      let target: String
      switch next.target {
      case .file(let path):
        target = path
      case .external:
        faults.append(
          .nextMismatch(
            page: current, target: describe(next),
            expected: indexPagePath(chain.count + 1, base: base)))
        return (chain, faults)
      case .broken:
        return (chain, faults)
      }
      guard onChain.insert(target).inserted else {
        faults.append(.chainCycle(page: current, target: target))
        break
      }
      let expected = indexPagePath(chain.count + 1, base: base)
      if target != expected {
        faults.append(.nextMismatch(page: current, target: target, expected: expected))
      }
      chain.append(target)
      if let nextPage = pages[target] {
        if let prev = nextPage.prev.first {
          if prev.target != .file(current) {
            faults.append(.prevMismatch(page: target, target: describe(prev), expected: current))
          }
        } else {
          faults.append(.missingPrev(page: target, expected: current))
        }
      }
      current = target
    }
    return (chain, faults)
  }

  /// A link as a fault names it: the site path it leads to, or the link in quotes.
  private static func describe(_ link: (link: String, target: LinkTarget)) -> String {
    switch link.target {
    case .file(let path), .broken(_, .some(let path)): return path
    case .external, .broken(_, .none): return "\"" + link.link + "\""
    }
  }

  /// `index.html` and every file that a page reachable from it links to.
  static func reachableFiles(pages: [String: CheckedPage]) -> Set<String> {
    var reachable: Set<String> = [homePage]
    var queue = [homePage]
    while let path = queue.popLast() {
      for target in pages[path]?.targets ?? [] where reachable.insert(target).inserted {
        queue.append(target)
      }
    }
    return reachable
  }
}
