import Foundation

/// The default theme, compiled into FilmSite from the repository's
/// `Templates/` folder by the `EmbedFiles` build plugin, so that a build
/// needs no theme folder beside the binary.
public enum BuiltInTheme {
  /// Every file of the theme by its path in a theme folder (`film.md`,
  /// `assets/style.css`), with its bytes.
  public static let files: [String: Data] = Dictionary(
    uniqueKeysWithValues: embeddedFiles.map { file in
      // The plugin wrote the Base64 itself; a test holds the decoded files equal to `Templates/`.
      (file.path, Data(base64Encoded: file.base64) ?? Data())
    })

  /// How an error names a built-in file, since it has no path on disk.
  static func displayPath(_ name: String) -> String { "(built-in theme)/" + name }

  /// Writes the theme's files into `directory`, to start a theme of one's own.
  ///
  /// The folder is made when it does not exist; one that holds anything,
  /// hidden files included, is refused before anything is written.
  /// - Throws: ``ThemeExportError`` naming the folder or the file.
  public static func export(to directory: String) throws(ThemeExportError) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ThemeExportError(path: directory, reason: .notAFolder)
      }
      let entries: [String]
      do {
        entries = try manager.contentsOfDirectory(atPath: directory)
      } catch {
        throw ThemeExportError(path: directory, reason: .unwritable(error.localizedDescription))
      }
      if let first = entries.sorted().first {
        throw ThemeExportError(path: directory, reason: .notEmpty(holding: first))
      }
    }
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      let target = URL(fileURLWithPath: directory).appendingPathComponent(path)
      do {
        try manager.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: target, options: .withoutOverwriting)
      } catch {
        throw ThemeExportError(path: target.path, reason: .unwritable(error.localizedDescription))
      }
    }
  }
}
