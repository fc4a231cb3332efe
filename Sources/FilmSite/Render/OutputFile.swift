import Foundation

/// A file of the site: where it goes, relative to the output folder, and its bytes.
struct OutputFile: Sendable, Equatable {
  let path: String
  /// The file's bytes, kept as the pages are rendered: a page is written
  /// without being copied into `Data` first.
  let bytes: [UInt8]
  /// The hash of `bytes`, computed where the file is rendered (on every core).
  let hash: ContentHash
  /// What the page was made from (``PageKeys``); `nil` for a file whose
  /// bytes are its only input, such as an asset.
  var key: ContentHash?
  /// For a film page, where it shows the index page that lists the film.
  var patch: IndexPagePatch?

  /// The file's bytes.
  var contents: Data { Data(bytes) }

  init(path: String, contents: Data) {
    self.init(path: path, bytes: Array(contents))
  }

  init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// A file of UTF-8 `bytes`, as pages are rendered, made from the inputs of `key`.
  init(path: String, bytes: [UInt8], key: ContentHash? = nil, patch: IndexPagePatch? = nil) {
    self.path = path
    self.bytes = bytes
    self.key = key
    self.patch = patch
    hash = bytes.withUnsafeBytes { ContentHash($0) }
  }

  /// The same file, made from the inputs of `key`.
  func made(from key: ContentHash) -> OutputFile {
    var file = self
    file.key = key
    return file
  }
}
