import Foundation

/// Where a theme's files are read from: a theme folder, whose files win,
/// over the built-in theme, which has every file.
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

  private func path(_ name: String) -> String? {
    directory.map { ($0 as NSString).appendingPathComponent(name) }
  }

  /// Whether the folder has a file (anything but a folder) named `name`; a
  /// link or an unreadable file is reported when it is read.
  func folderHolds(_ name: String) -> Bool {
    guard let path = path(name) else { return false }
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue
  }

  /// The template `name`, from the folder when it has one.
  /// - Throws: ``TemplateError`` when the folder's file cannot be read, or when
  ///   neither the folder nor the built-in theme has it.
  func template(_ name: String) throws -> File {
    if folderHolds(name), let path = path(name) {
      do {
        return File(
          name: name, path: path, source: try String(contentsOfFile: path, encoding: .utf8),
          isBuiltIn: false)
      } catch {
        throw TemplateError(file: path, line: 0, column: 0, reason: .unreadable("not UTF-8 text"))
      }
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

  /// The name of the list template `name` (`index` or `row`): `name.html` or
  /// `name.md`, from the folder when it has either, else from the built-in theme.
  /// - Throws: ``TemplateError`` when the folder has both forms.
  func listTemplateName(_ name: String) throws -> String? {
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
  func assets() throws -> [String: Data] {
    let prefix = "assets/"
    var assets: [String: Data] = [:]
    for (path, bytes) in BuiltInTheme.files where path.hasPrefix(prefix) {
      assets[String(path.dropFirst(prefix.count))] = bytes
    }
    guard let folder = path("assets") else { return assets }
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else { return assets }
    let paths = (try? manager.subpathsOfDirectory(atPath: folder)) ?? []
    for relative in paths.sorted() {
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      let path = (folder as NSString).appendingPathComponent(relative)
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
}
