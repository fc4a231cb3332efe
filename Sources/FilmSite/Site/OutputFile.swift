import Foundation

/// A file of the site: where it goes, relative to the output folder, and its bytes.
public struct OutputFile: Sendable, Equatable {
  public let path: String
  public let contents: Data
  /// The hash of `contents`, computed where the file is rendered (on every core).
  let hash: ContentHash

  public init(path: String, contents: Data) {
    self.path = path
    self.contents = contents
    hash = ContentHash(contents)
  }

  public init(path: String, text: String) {
    self.init(path: path, contents: Data(text.utf8))
  }

  /// A file of UTF-8 `bytes`, as pages are rendered.
  init(path: String, bytes: [UInt8]) {
    self.init(path: path, contents: Data(bytes))
  }
}
