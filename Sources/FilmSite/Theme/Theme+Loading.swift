import Foundation

extension Theme {
  /// The built-in theme alone.
  /// - Throws: ``TemplateError``, which a test of the built-in theme rules out.
  static func builtIn() throws -> Theme { try load(from: nil) }

  /// Loads and checks the theme in `directory`, taking each file it lacks from
  /// the built-in theme; `nil` loads the built-in theme alone.
  ///
  /// The film page (`film`), the film lists' pair (`index` and `row`) and the
  /// name lists (`terms`) may each be HTML or Markdown; a folder's file wins
  /// over the built-in one whatever its language. The pair is one language: a folder that has
  /// `index.md` needs its own `row.md`, since the built-in row is HTML.
  /// - Throws: ``TemplateError`` naming the file that caused it, its line and column.
  static func load(from directory: String?) throws -> Theme {
    let files = try ThemeFiles(directory: directory)
    func template(_ file: ThemeFiles.File, _ schema: TemplateSchema) throws -> Template {
      try Template(source: file.source, file: file.path, language: file.language, schema: schema)
    }
    func template(_ name: String, _ schema: TemplateSchema) throws -> Template {
      try template(try files.template(name), schema)
    }
    let film = try files.template(try eitherTemplateName("film", in: files))
    let index = try files.template(try eitherTemplateName("index", in: files))
    let row = try files.template(try eitherTemplateName("row", in: files))
    let terms = try files.template(try eitherTemplateName("terms", in: files))
    guard row.language == index.language else {
      throw listMismatch(index: index, row: row, in: directory)
    }
    return Theme(
      layout: try template("layout.html", Schemas.layout),
      film: try template(film, Schemas.film),
      index: try template(index, Schemas.index),
      row: try template(row, Schemas.row),
      terms: try template(terms, Schemas.terms),
      search: try template("search.html", Schemas.search),
      page: try template("page.html", Schemas.page),
      notFound: try template("404.md", Schemas.notFound),
      assets: try files.assets()
    )
  }

  private static func eitherTemplateName(_ name: String, in files: ThemeFiles) throws -> String {
    guard let file = try files.eitherTemplateName(name) else {
      throw TemplateError(
        file: BuiltInTheme.displayPath(name + ".html"), line: 0, column: 0,
        reason: .unreadable("no such file (nor \(name).md)"))
    }
    return file
  }

  /// The error for a row in another language than its index, naming the
  /// folder's file: a user can only change that one.
  private static func listMismatch(
    index: ThemeFiles.File, row: ThemeFiles.File, in directory: String?
  ) -> TemplateError {
    guard row.isBuiltIn else {
      return TemplateError(
        file: row.path, line: 0, column: 0, reason: .listLanguageMismatch(index: index.name))
    }
    // The folder's index has no row of its own language beside it.
    let wanted = index.language == .html ? "row.html" : "row.md"
    let missing = directory.map { ($0 as NSString).appendingPathComponent(wanted) } ?? wanted
    return TemplateError(
      file: missing, line: 0, column: 0,
      reason: .unreadable(
        "no such file (\(index.name) needs a row in its language, and the built-in theme's is \(row.name))"
      ))
  }
}
