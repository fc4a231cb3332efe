import Foundation

/// A site's look: its templates and the static files they use.
///
/// A theme folder holds `layout.html` (the HTML shell of every page),
/// `film.md` (a film's detail page), `index.md` (an index page) and `row.md`
/// (one film on an index page), plus an `assets/` folder copied to the site
/// as it is (stylesheet, poster placeholder). Every placeholder is checked
/// when the theme loads.
public struct Theme: Sendable {
  public let layout: Template
  public let film: Template
  public let index: Template
  public let row: Template
  /// Files copied into the site's `assets/` folder, by path relative to it.
  public let assets: [String: Data]

  public init(
    layout: Template, film: Template, index: Template, row: Template, assets: [String: Data]
  ) {
    self.layout = layout
    self.film = film
    self.index = index
    self.row = row
    self.assets = assets
  }

  /// Loads and checks the theme in `directory`.
  /// - Throws: ``TemplateError`` naming the template file, line and column.
  public static func load(from directory: String) throws -> Theme {
    func template(_ name: String, _ schema: TemplateSchema) throws -> Template {
      let path = (directory as NSString).appendingPathComponent(name)
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
    return Theme(
      layout: try template("layout.html", Schemas.layout),
      film: try template("film.md", Schemas.film),
      index: try template("index.md", Schemas.index),
      row: try template("row.md", Schemas.row),
      assets: try loadAssets(from: (directory as NSString).appendingPathComponent("assets"))
    )
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

    public static let layout = TemplateSchema(
      values: common + [
        "title", "content", "pageKind", "prevURL", "nextURL", "page", "pageCount", "attribution",
        "attributionURL",
      ])
    public static let film = TemplateSchema(
      values: common + filmFields + ["indexURL", "indexPage"])
    public static let row = TemplateSchema(values: common + filmFields + ["url"])
    public static let index = TemplateSchema(
      values: common + ["rows", "page", "pageCount", "filmCount", "firstFilm", "lastFilm"])
  }
}
