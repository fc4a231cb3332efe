import Foundation

@testable import FilmCatalog
@testable import FilmSite

/// What one site is built from, as the randomized equality test edits it:
/// the films, the page size, a theme folder of the test's own whose files
/// replace the built-in theme's, and a content folder of notes and pages.
struct EditedSite {
  /// In the order the source serves them; a build never depends on it.
  var films: [Film]
  var pageSize: Int
  /// The site's base URL, which adds the sitemap, `robots.txt`, the feed
  /// and a canonical link on every page; `nil` for none.
  var baseURL: String? = "https://films.example/"
  /// The theme folder; it starts empty, so the built-in theme is used whole.
  let themeDirectory: String
  /// Where the films are written as a catalog file to build from; `nil` to
  /// hand them to the build as a source.
  var catalogFile: String?
  /// The content folder, beside the theme folder; it starts with an About
  /// page, which every page links.
  var contentDirectory: String {
    (themeDirectory as NSString).deletingLastPathComponent + "/content"
  }

  static let aboutPage = "about.md"

  /// Whether the content folder has been made (by writing the About page).
  var hasContent: Bool {
    FileManager.default.fileExists(atPath: contentDirectory + "/" + Self.aboutPage)
  }

  var configuration: SiteConfiguration {
    // A base URL adds more pages that depend on the whole film list.
    var configuration = SiteConfiguration(title: "Films", pageSize: pageSize, baseURL: baseURL)
    if hasContent { configuration.navigation = [Self.aboutPage] }
    return configuration
  }

  func index(of id: String) -> Int? {
    films.firstIndex { $0.id == id }
  }
}

/// One change to an ``EditedSite``, described so that a failure names it.
enum SiteEdit: CustomStringConvertible {
  case add(Film, at: Int)
  case remove(id: String)
  case retitle(id: String, title: String)
  case genres(id: String, [String])
  case director(id: String, String?)
  case year(id: String, Int?)
  case overview(id: String, String?)
  case cast(id: String, [Film.CastMember])
  /// Values the film's own page shows, and the feed, with the release date.
  case details(id: String, runtime: Int?, tagline: String?, releaseDate: String?)
  case pageSize(Int)
  case baseURL(String?)
  /// A film's note written with `text`, or with `nil` deleted.
  case note(id: String, text: String?)
  /// The About page written with `text`.
  case about(text: String)
  /// A theme file changed to the built-in one with `marker` added, or, with
  /// `nil`, taken out of the theme folder so the built-in one is used again.
  case template(file: String, marker: Int?)

  /// The theme files an edit may change, and how a marker is put in each:
  /// every kind of page goes through `layout.html`, the lists through
  /// `row.html`, and an asset is copied rather than rendered. The film
  /// template's text is edited in the middle or at its end, which a rebuild
  /// without a plan puts into the current pages (``FilmTemplateEdit``); now
  /// and then its back link loses the index page instead, and until the next
  /// edit of it the film pages are not made from their index pages
  /// (``SiteKeys/filmShowsIndexPage``).
  static let themeFiles: [(name: String, mark: @Sendable (String, Int) -> String)] = [
    ("row.html", { $0.replacingOccurrences(of: "<li>", with: "<li class=\"v\($1)\">") }),
    ("layout.html", { $0.replacingOccurrences(of: "</body>", with: "<p>v\($1)</p>\n</body>") }),
    (
      "film.html",
      {
        $1.isMultiple(of: 2)
          ? $0.replacingOccurrences(of: "Back to the films", with: "Back to the films (v\($1))")
          : $1.isMultiple(of: 3)
            ? withoutIndexPage($0, saying: " (v\($1))")
            : $0 + "<p>v\($1)</p>\n"
      }
    ),
    ("index.html", { $0 + "<p>v\($1)</p>\n" }),
    ("terms.html", { $0 + "<p>v\($1)</p>\n" }),
    ("page.html", { $0 + "<p>v\($1)</p>\n" }),
    ("assets/style.css", { $0 + "/* v\($1) */\n" }),
  ]

  /// The built-in `film.html` (`film`) with its back link to the first index
  /// page, numbered nowhere, and `text` after its words: a film template
  /// that does not show the index page that lists the film.
  static func withoutIndexPage(_ film: String, saying text: String = "") -> String {
    film.replacingOccurrences(
      of: #"<a href="{{indexURL}}">← Back to the films, page {{indexPage}}</a>"#,
      with: #"<a href="{{homeURL}}">← Back to the films"# + text + "</a>")
  }

  var description: String {
    switch self {
    case .add(let film, let position):
      "add film \(film.id) \(String(reflecting: film.title)) at \(position)"
    case .remove(let id): "remove film \(id)"
    case .retitle(let id, let title): "retitle film \(id) to \(String(reflecting: title))"
    case .genres(let id, let genres): "set film \(id)'s genres to \(genres)"
    case .director(let id, let director):
      "set film \(id)'s director to \(director.map { String(reflecting: $0) } ?? "none")"
    case .year(let id, let year): "set film \(id)'s year to \(year.map(String.init) ?? "none")"
    case .overview(let id, let overview):
      "set film \(id)'s overview to \(overview.map { String(reflecting: $0) } ?? "none")"
    case .cast(let id, let cast): "set film \(id)'s cast to \(cast.map(\.name))"
    case .details(let id, let runtime, let tagline, let releaseDate):
      "set film \(id)'s runtime to \(runtime.map(String.init) ?? "none"), tagline to \(tagline.map { String(reflecting: $0) } ?? "none"), release date to \(releaseDate ?? "none")"
    case .pageSize(let size): "set the page size to \(size)"
    case .baseURL(let url): "set the base URL to \(url ?? "none")"
    case .note(let id, let text):
      text.map { "write film \(id)'s note: \(String(reflecting: $0))" }
        ?? "delete film \(id)'s note"
    case .about(let text): "write the About page: \(String(reflecting: text))"
    case .template(let file, let marker):
      marker.map { "mark the theme's \(file) with v\($0)" } ?? "restore the built-in \(file)"
    }
  }

  /// Makes the change: to the films and settings in `site`, or to the files
  /// of its theme folder.
  func apply(to site: inout EditedSite) throws {
    switch self {
    case .add(let film, let position): site.films.insert(film, at: position)
    case .remove(let id): site.films.removeAll { $0.id == id }
    case .retitle(let id, let title): change(id, in: &site) { $0.title = title }
    case .genres(let id, let genres): change(id, in: &site) { $0.genres = genres }
    case .director(let id, let director): change(id, in: &site) { $0.director = director }
    case .year(let id, let year): change(id, in: &site) { $0.year = year }
    case .overview(let id, let overview): change(id, in: &site) { $0.overview = overview }
    case .cast(let id, let cast): change(id, in: &site) { $0.cast = cast }
    case .details(let id, let runtime, let tagline, let releaseDate):
      change(id, in: &site) {
        $0.runtime = runtime
        $0.tagline = tagline
        $0.releaseDate = releaseDate
      }
    case .pageSize(let size): site.pageSize = size
    case .baseURL(let url): site.baseURL = url
    case .note(let id, let text):
      let path = site.contentDirectory + "/films/" + (try Film.idSegment(id)) + ".md"
      guard let text else {
        try? FileManager.default.removeItem(atPath: path)
        return
      }
      try Self.write(text, to: path)
    case .about(let text):
      try Self.write(text, to: site.contentDirectory + "/" + EditedSite.aboutPage)
    case .template(let file, let marker):
      try Self.writeThemeFile(file, marker: marker, in: site.themeDirectory)
    }
  }

  private func change(_ id: String, in site: inout EditedSite, _ body: (inout Film.Fields) -> Void)
  {
    guard let index = site.index(of: id) else { return }
    site.films[index] = site.films[index].with(body)
  }

  private static func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  private static func writeThemeFile(_ name: String, marker: Int?, in directory: String) throws {
    let path = directory + "/" + name
    guard let marker else {
      try FileManager.default.removeItem(atPath: path)
      return
    }
    guard let mark = themeFiles.first(where: { $0.name == name })?.mark else { return }
    let builtIn = try String(
      contentsOfFile: Fixtures.templatesDirectory + "/" + name, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try mark(builtIn, marker).write(toFile: path, atomically: true, encoding: .utf8)
  }
}
