/// A theme export that was refused or failed.
public struct ThemeExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why the export stopped.
  enum Reason: Equatable, Sendable {
    /// The folder already holds this entry (the first by name).
    case notEmpty(holding: String)
    /// The path is a file, not a folder.
    case notAFolder
    /// Writing failed, with the system's message.
    case unwritable(String)
  }

  /// The folder, or the file that could not be written.
  let path: String
  let reason: Reason

  /// One line naming the path and what to do.
  public var description: String {
    switch reason {
    case .notEmpty(let entry):
      return
        "\(path): the folder is not empty (it holds \"\(entry)\"); export the theme into a new or empty folder"
    case .notAFolder: return "\(path): not a folder"
    case .unwritable(let message): return "\(path): cannot write the theme: \(message)"
    }
  }
}
