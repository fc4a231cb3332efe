/// A file of the new site as the renderer hands it to the writer: rendered,
/// or the current site's file, which was made from the same inputs.
enum SiteFile: Sendable, Equatable {
  case rendered(OutputFile)
  /// The current site's file at `path`, described by its manifest `entry`
  /// (whose key is the page's): not rendered again.
  case reused(path: String, entry: OutputManifest.Entry)

  var path: String {
    switch self {
    case .rendered(let file): return file.path
    case .reused(let path, _): return path
    }
  }
}
