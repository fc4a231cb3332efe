import Foundation

/// A file of the site: where it goes, relative to the output folder, and its bytes.
public struct OutputFile: Sendable, Equatable {
  public let path: String
  public let contents: Data

  public init(path: String, contents: Data) {
    self.path = path
    self.contents = contents
  }

  public init(path: String, text: String) {
    self.init(path: path, contents: Data(text.utf8))
  }
}
