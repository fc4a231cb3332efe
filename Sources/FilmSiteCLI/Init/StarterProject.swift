import Foundation

/// The project `filmsite init` writes, compiled in from `Init/Starter/` by
/// the `EmbedFiles` build plugin.
enum StarterProject {
  /// Each file by its path in the starter folder, with its bytes.
  static let files: [String: Data] = Dictionary(
    uniqueKeysWithValues: embeddedFiles.map { file in
      (file.path, Data(base64Encoded: file.base64) ?? Data())
    })
}
