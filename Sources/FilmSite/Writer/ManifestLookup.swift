import FilmSiteSupport

/// How a build finds a manifest's entry by its path: in a table made once,
/// for a build that asks about each file many times (a planned build asks
/// for each page it might reuse, in several ways), or by a binary search of
/// the manifest's sorted paths, for one that asks about each file once (a
/// rebuild of only the changed films' pages stages each file of the current
/// site once), for which making a table of 300,000 paths at 100,000 films
/// would cost more than the searches.
///
/// Both tell paths apart by their bytes, as the manifest sorts them and the
/// file system names files: two spellings of one text (`é`, and `e` with a
/// combining accent) are two files.
struct ManifestLookup: Sendable {
  private let paths: [String]
  private let entries: [OutputManifest.Entry]
  private let table: ExactTextTable?

  /// A lookup of `manifest`'s entries; with `tabled`, through a table made now.
  init(_ manifest: OutputManifest, tabled: Bool) {
    paths = manifest.entries.isEmpty ? [] : manifest.paths
    entries = manifest.entries
    table = tabled && !manifest.entries.isEmpty ? ExactTextTable(manifest.paths) : nil
  }

  /// Whether the manifest has no entries (a version 1 manifest lists paths only).
  var isEmpty: Bool { entries.isEmpty }

  /// The entry of the file at `path`, looked for first at `index` in the
  /// manifest's order: a build that stages the current site's files in that
  /// order finds most of them there, in this manifest as in the current one.
  func entry(_ path: String, near index: Int) -> OutputManifest.Entry? {
    // Of two lines with one path (a hand edit), the first is found, as below.
    guard index >= 0, index < paths.count, OutputManifest.isSamePath(paths[index], path),
      index == 0 || !OutputManifest.isSamePath(paths[index - 1], path)
    else { return self[path] }
    return entries[index]
  }

  /// The entry of the file at `path`; `nil` when the manifest has none.
  subscript(path: String) -> OutputManifest.Entry? {
    if let table { return table.place(of: path).map { entries[$0] } }
    let index = OutputManifest.firstIndex(notBefore: path, in: paths)
    guard index < paths.count, OutputManifest.isSamePath(paths[index], path) else { return nil }
    return entries[index]
  }
}
