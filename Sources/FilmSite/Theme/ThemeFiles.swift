import Foundation

/// Where a theme's files are read from: a theme folder, whose files win,
/// over the built-in theme, which has every file.
///
/// Links are followed, as the build plugin follows them in `Templates/`; a
/// link that leads nowhere is an error, not a missing file.
struct ThemeFiles {
  /// One template's source and where it came from.
  struct File {
    /// Its name in a theme folder, such as `row.html`.
    let name: String
    /// The path errors name: on disk, or in ``BuiltInTheme/displayPath(_:)``'s form.
    let path: String
    let source: String
    let isBuiltIn: Bool
    var language: TemplateLanguage { TemplateLanguage(fileName: name) }
  }

  /// The theme folder, or `nil` for the built-in theme alone.
  let directory: String?

  /// The files of `directory` over the built-in theme's.
  /// - Throws: ``TemplateError`` when `directory` is not a folder.
  init(directory: String?) throws {
    if let directory, Self.kind(of: directory) != .folder {
      throw TemplateError(file: directory, line: 0, column: 0, reason: .noThemeFolder)
    }
    self.directory = directory
  }

  /// What is at a path, links followed.
  private enum Kind { case none, folder, file, brokenLink, special }

  private static func kind(of path: String) -> Kind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .none }
    guard stat(path, &status) == 0 else { return .brokenLink }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    default: return .special  // a pipe, socket or device, which reading could block on
    }
  }

  private func path(_ name: String) -> String? {
    directory.map { ($0 as NSString).appendingPathComponent(name) }
  }

  /// Whether the folder has an entry named `name` that is not a folder (a
  /// broken link counts, so that reading it reports it).
  func folderHolds(_ name: String) -> Bool {
    guard let path = path(name) else { return false }
    return Self.kind(of: path) != .none && Self.kind(of: path) != .folder
  }

  /// The bytes of the folder's file at `path`.
  /// - Throws: ``TemplateError`` saying why they cannot be read.
  private static func read(_ path: String) throws -> Data {
    let kind = kind(of: path)
    guard kind == .file, let bytes = FileManager.default.contents(atPath: path) else {
      let message =
        switch kind {
        case .brokenLink: "a link to nothing"
        case .special: "not a regular file"
        default: "cannot read the file"
        }
      throw TemplateError(file: path, line: 0, column: 0, reason: .unreadable(message))
    }
    return bytes
  }

  /// The template `name`, from the folder when it has one.
  /// - Throws: ``TemplateError`` when the folder's file cannot be read, or when
  ///   neither the folder nor the built-in theme has it.
  func template(_ name: String) throws -> File {
    if folderHolds(name), let path = path(name) {
      guard let source = String(data: try Self.read(path), encoding: .utf8) else {
        throw TemplateError(file: path, line: 0, column: 0, reason: .unreadable("not UTF-8 text"))
      }
      return File(name: name, path: path, source: source, isBuiltIn: false)
    }
    guard let bytes = BuiltInTheme.files[name] else {
      throw TemplateError(
        file: path(name) ?? BuiltInTheme.displayPath(name), line: 0, column: 0,
        reason: .unreadable("no such file"))
    }
    return File(
      name: name, path: BuiltInTheme.displayPath(name),
      source: String(decoding: bytes, as: UTF8.self), isBuiltIn: true)
  }

  /// The name of the template `name` that may be HTML or Markdown (`film`,
  /// `index`, `row`, `terms`): `name.html` or `name.md`, from the folder when it has
  /// either, whatever the built-in theme's is, else from the built-in theme.
  /// - Throws: ``TemplateError`` when the folder has both forms.
  func eitherTemplateName(_ name: String) throws -> String? {
    let (html, markdown) = (name + ".html", name + ".md")
    switch (folderHolds(html), folderHolds(markdown)) {
    case (true, true):
      throw TemplateError(
        file: path(markdown) ?? markdown, line: 0, column: 0, reason: .duplicateTemplate(of: html))
    case (true, false): return html
    case (false, true): return markdown
    case (false, false):
      return [html, markdown].first { BuiltInTheme.files[$0] != nil }
    }
  }

  /// Every file under `assets/`, by its path below that folder: the built-in
  /// theme's, replaced or joined by the folder's (hidden files left out).
  /// - Throws: ``TemplateError`` for an asset that cannot be read.
  func assets() throws -> [String: Data] {
    let prefix = "assets/"
    var assets: [String: Data] = [:]
    for (path, bytes) in BuiltInTheme.files where path.hasPrefix(prefix) {
      assets[String(path.dropFirst(prefix.count))] = bytes
    }
    guard let folder = path("assets"), Self.kind(of: folder) != .none else { return assets }
    let paths: [String]
    do {
      paths = try FileManager.default.subpathsOfDirectory(atPath: folder)
    } catch {
      throw TemplateError(
        file: folder, line: 0, column: 0, reason: .unreadable("cannot list the folder"))
    }
    for relative in paths.sorted()
    where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
      let path = (folder as NSString).appendingPathComponent(relative)
      switch Self.kind(of: path) {
      case .file, .brokenLink: assets[relative] = try Self.read(path)
      case .folder, .special, .none: continue
      }
    }
    return assets
  }
}
