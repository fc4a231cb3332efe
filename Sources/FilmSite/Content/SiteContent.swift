import FilmCatalog
import FilmSiteSupport

/// What the site's owner wrote, read from the content folder: a note per
/// film in `films/<id>.md`, and pages of their own everywhere else.
///
/// Reading it checks every file: front matter, keys and types, file names
/// and where each page would land. It does not know the films; the plan
/// matches the notes to them (``SitePlan``).
public struct SiteContent: Sendable {
  /// The folder of notes inside the content folder.
  static let notesFolder = Film.routeFolder

  /// The notes, by the film id segment their file is named for.
  let notes: [String: FilmNote]
  /// The pages, in path order.
  let pages: [ContentPage]
  /// One hash of every file's path and bytes: what the build fingerprint
  /// and the page keys know of the content.
  let hash: ContentHash

  /// No content: a site of the films alone.
  public static let empty = SiteContent(notes: [:], pages: [], hash: ContentHash(value: 0))

  init(notes: [String: FilmNote], pages: [ContentPage], hash: ContentHash) {
    self.notes = notes
    self.pages = pages
    self.hash = hash
  }

  /// Whether there is nothing: no note and no page.
  public var isEmpty: Bool { notes.isEmpty && pages.isEmpty }

  /// Reads and checks the content folder at `folder`.
  /// - Throws: ``ContentError`` naming the file, line and column of the first
  ///   problem, in path order; ``FileSystemError`` for a folder that cannot be read.
  public static func load(from folder: String) throws -> SiteContent {
    let files = try ContentFiles(folder: folder).files
    var hasher = ContentHasher()
    hasher.combine(files.count)
    for file in files {
      hasher.combine(file.path)
      hasher.combine(ContentHash(file.bytes.withUnsafeBytes { $0 }))
    }
    // Each file is read on its own, so they are read on every core; the
    // first failure in path order is the one reported.
    let read = files.parallelMap { file in Result { try Self.read(file) } }
    var notes: [String: FilmNote] = [:]
    var pages: [ContentPage] = []
    var routes: [Route: String] = [:]
    for result in read {
      switch try result.get() {
      case .note(let note): notes[note.idSegment] = note
      case .page(let page):
        if let other = routes[page.route] {
          throw ContentError(
            file: page.file, at: .start,
            "its page \(page.route) is also the page of \(other); rename one of them")
        }
        routes[page.route] = page.file
        pages.append(page)
      }
    }
    return SiteContent(notes: notes, pages: pages, hash: hasher.finalize())
  }

  private enum Item {
    case note(FilmNote)
    case page(ContentPage)
  }

  private static func read(_ file: ContentFiles.File) throws(ContentError) -> Item {
    guard let text = String(validating: file.bytes, as: UTF8.self) else {
      throw ContentError(file: file.displayPath, at: .start, "the file is not UTF-8 text")
    }
    let frontMatter = try FrontMatter(text: text, file: file.displayPath)
    var parts = file.path.split(separator: "/").map(String.init)
    let name = String(parts.removeLast().dropLast(3))
    if parts.first == notesFolder {
      guard parts.count == 1 else {
        throw ContentError(
          file: file.displayPath, at: .start,
          "a note goes directly in \(notesFolder)/, named for its film's id: \(notesFolder)/<id>.md"
        )
      }
      guard Self.isIDSegment(name) else {
        throw ContentError(
          file: file.displayPath, at: .start,
          "\(name).md names no film id: a note is named for the id as the film's page URL writes it, the part of films/<id>-<title>/ before the first -"
        )
      }
      return .note(
        try FilmNote(file: file.displayPath, idSegment: name, frontMatter: frontMatter))
    }
    for part in parts + [name] where !Self.isPathName(part) {
      throw ContentError(
        file: file.displayPath, at: .start,
        "\"\(part)\" cannot be part of a page's URL: use a-z, 0-9, - and _ (such as \(Slug.make(part).isEmpty ? "page" : Slug.make(part)))"
      )
    }
    if name != "index" { parts.append(name) }
    let route = Route(parts)
    if let generated = SiteContent.generatedFolder(route) {
      throw ContentError(
        file: file.displayPath, at: .start,
        "its page \(route.components.isEmpty ? "index.html" : route.description) would replace \(generated); rename the file"
      )
    }
    return .page(
      try ContentPage(
        file: file.displayPath, path: file.path, route: route, frontMatter: frontMatter))
  }

  /// What FilmSite itself writes at `route`'s first folder, if anything:
  /// a content page may not take the place of a generated one.
  static func generatedFolder(_ route: Route) -> String? {
    guard let first = route.components.first else { return "the home page, index.html" }
    switch first {
    case Film.routeFolder: return "the films' pages, films/"
    case Pagination.pageFolder: return "the index's pages, page/"
    case "assets": return "the theme's assets, assets/"
    case SearchFormPage.route.components.first: return "the search page, search/"
    default:
      guard let kind = TaxonomyKind(rawValue: first) else { return nil }
      return "the list of \(kind.title.lowercased()), \(kind.folder)/"
    }
  }

  /// A film id as ``Film/idSegment(_:)`` writes it: plain lowercase letters
  /// and digits, or `_` and an even count of lowercase hex digits.
  static func isIDSegment(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first else { return false }
    if first == UInt8(ascii: "_") {
      let hex = bytes.dropFirst()
      return !hex.isEmpty && hex.count % 2 == 0
        && hex.allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
    return bytes.allSatisfy { isDigit($0) || isLowercase($0) }
  }

  /// A name a page's route may have: lowercase ASCII letters, digits, `-`
  /// and `_`, starting with a letter or digit.
  static func isPathName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, isDigit(first) || isLowercase(first) else { return false }
    return bytes.allSatisfy {
      isDigit($0) || isLowercase($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isLowercase(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }
}
