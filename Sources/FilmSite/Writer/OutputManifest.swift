/// The list of files FilmSite wrote into an output folder, kept in the folder
/// itself. It is how FilmSite knows which files are its own: it deletes or
/// replaces only files listed here, never anything else.
struct OutputManifest: Equatable {
  static let fileName = ".filmsite-manifest"
  private static let header = "# filmsite manifest v1: the files FilmSite wrote here. Do not edit."

  /// Paths relative to the output folder, sorted.
  let paths: [String]

  init<Paths: Sequence<String>>(paths: Paths) {
    self.paths = Set(paths).sorted()
  }

  /// Reads a manifest, keeping only paths that stay inside the folder, so
  /// that an edited manifest can never make FilmSite delete outside it.
  init?(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first.map(String.init) == Self.header else { return nil }
    lines.removeFirst()
    self.init(paths: lines.map(String.init).filter(Self.isSafeRelativePath))
  }

  var text: String {
    ([Self.header] + paths).joined(separator: "\n") + "\n"
  }

  static func isSafeRelativePath(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), path != fileName else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
      !component.isEmpty && component != "." && component != ".."
        && !component.utf8.contains(0)
    }
  }
}
