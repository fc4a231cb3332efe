import Foundation

/// A site's look: its templates and the static files they use.
///
/// A theme folder holds `layout.html` (the HTML shell of every page),
/// `film.md` (a film's detail page), `index.html` (a page of a film list: the
/// main index, a genre, a director, a year), `row.html` (one film on such a
/// page), `terms.md` (every genre, director or year), `search.html` (the
/// search page's content) and `404.md` (the page for missing URLs), plus an
/// `assets/` folder copied to the site as it is (stylesheet, poster
/// placeholder). The film lists may be Markdown instead, as `index.md` and
/// `row.md`: the two are one pair, in one language. Every placeholder is
/// checked when the theme loads.
public struct Theme: Sendable {
  public let layout: Template
  public let film: Template
  /// A page of a film list; ``row`` is in the same language.
  public let index: Template
  public let row: Template
  public let terms: Template
  public let search: Template
  public let notFound: Template
  /// Files copied into the site's `assets/` folder, by path relative to it.
  public let assets: [String: Data]

  public init(
    layout: Template, film: Template, index: Template, row: Template, terms: Template,
    search: Template, notFound: Template, assets: [String: Data]
  ) {
    self.layout = layout
    self.film = film
    self.index = index
    self.row = row
    self.terms = terms
    self.search = search
    self.notFound = notFound
    self.assets = assets
  }

  /// One hash of everything the theme holds: each template's source and
  /// each asset's path and bytes, as they were loaded (links followed).
  public var contentHash: ContentHash {
    var hasher = ContentHasher()
    for template in [layout, film, index, row, terms, search, notFound] {
      hasher.combine(template.sourceHash)
      // The same source renders differently as `row.md` and as `row.html`.
      hasher.combine(template.language == .html ? "html" : "markdown")
    }
    for path in assets.keys.sorted() {
      hasher.combine(path)
      hasher.combine(assets[path] ?? Data())
    }
    return hasher.finalize()
  }

  /// Loads and checks the theme in `directory`.
  /// - Throws: ``TemplateError`` naming the template file, line and column.
  public static func load(from directory: String) throws -> Theme {
    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
    func template(_ name: String, _ schema: TemplateSchema) throws -> Template {
      let path = path(name)
      let source: String
      do {
        source = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        let message =
          FileManager.default.fileExists(atPath: path) ? "not UTF-8 text" : "no such file"
        throw TemplateError(file: path, line: 0, column: 0, reason: .unreadable(message))
      }
      return try Template(
        source: source, file: path, language: TemplateLanguage(fileName: name), schema: schema)
    }
    // The film lists' pair: HTML, or Markdown, but not one of each.
    let index = try template(try listFile("index", in: directory), Schemas.index)
    let rowName = try listFile("row", in: directory, missingAs: index.language)
    guard TemplateLanguage(fileName: rowName) == index.language else {
      throw TemplateError(
        file: path(rowName), line: 0, column: 0,
        reason: .listLanguageMismatch(index: (index.file as NSString).lastPathComponent))
    }
    return Theme(
      layout: try template("layout.html", Schemas.layout),
      film: try template("film.md", Schemas.film),
      index: index,
      row: try template(rowName, Schemas.row),
      terms: try template("terms.md", Schemas.terms),
      search: try template("search.html", Schemas.search),
      notFound: try template("404.md", Schemas.notFound),
      assets: try loadAssets(from: (directory as NSString).appendingPathComponent("assets"))
    )
  }

  /// The file name of the list template `name` in `directory`: `name.html`,
  /// or `name.md` when there is no HTML one.
  /// - Parameter language: The form a missing template is named in.
  /// - Throws: ``TemplateError`` when the folder holds both, or neither.
  private static func listFile(
    _ name: String, in directory: String, missingAs language: TemplateLanguage = .html
  ) throws -> String {
    let (html, markdown) = (name + ".html", name + ".md")
    func path(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }
    /// Anything but a folder: a link or an unreadable file is reported when it is read.
    func holds(_ file: String) -> Bool {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path(file), isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
    switch (holds(html), holds(markdown)) {
    case (true, true):
      throw TemplateError(
        file: path(markdown), line: 0, column: 0, reason: .duplicateTemplate(of: html))
    case (false, false):
      let (missing, other) = language == .html ? (html, markdown) : (markdown, html)
      throw TemplateError(
        file: path(missing), line: 0, column: 0, reason: .unreadable("no such file (nor \(other))"))
    case (true, false): return html
    case (false, true): return markdown
    }
  }

  /// Regular files below `directory`, skipping hidden ones; no folder means no assets.
  private static func loadAssets(from directory: String) throws -> [String: Data] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
    else { return [:] }
    var assets: [String: Data] = [:]
    let paths = (try? manager.subpathsOfDirectory(atPath: directory)) ?? []
    for relative in paths.sorted() {
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      let path = (directory as NSString).appendingPathComponent(relative)
      let attributes = try? manager.attributesOfItem(atPath: path)
      guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
      do {
        assets[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw TemplateError(
          file: path, line: 0, column: 0, reason: .unreadable("cannot read the file"))
      }
    }
    return assets
  }

  /// The placeholders each template receives. The README lists them for theme authors.
  public enum Schemas {
    static let common = ["siteTitle", "root", "homeURL"]
    static let filmFields = [
      "id", "title", "year", "runtime", "facts", "director", "genres", "overview", "poster",
      "posterPlaceholder",
    ]

    static let browseURLs = ["genresURL", "directorsURL", "yearsURL"]

    public static let layout = TemplateSchema(
      values: common + browseURLs + [
        "title", "content", "pageKind", "prevURL", "nextURL", "page", "pageCount", "searchURL",
        "canonicalURL", "attribution", "attributionURL",
      ])
    public static let film: TemplateSchema = {
      var schema = TemplateSchema(
        values: common + filmFields + ["indexURL", "indexPage", "directorURL", "yearURL"])
      schema.fields["genreLinks"] = .some(TemplateSchema(values: ["name", "url", "first"]))
      return schema
    }()
    public static let row = TemplateSchema(values: common + filmFields + ["url"])
    public static let index = TemplateSchema(
      values: common + [
        "rows", "page", "pageCount", "filmCount", "firstFilm", "lastFilm", "heading",
        "sectionTitle", "sectionURL",
      ])
    public static let terms: TemplateSchema = {
      var schema = TemplateSchema(values: common + ["heading", "termCount"])
      schema.fields["terms"] = .some(TemplateSchema(values: ["name", "url", "filmCount"]))
      return schema
    }()
    public static let search = TemplateSchema(
      values: common + browseURLs + ["indexURL", "scriptURL"])
    public static let notFound = TemplateSchema(values: common + ["searchURL"])

    /// Every template's schema by file name, for documentation and tests.
    public static let all: [(file: String, schema: TemplateSchema)] = [
      ("layout.html", layout), ("film.md", film), ("index.html", index), ("row.html", row),
      ("terms.md", terms), ("search.html", search), ("404.md", notFound),
    ]
  }
}
