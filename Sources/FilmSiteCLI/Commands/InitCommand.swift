import Foundation

/// `filmsite init`: writes a small working site to start from.
struct InitCommand {
  static let parser = CommandLineParser(
    command: "filmsite init",
    options: [
      .init(
        name: "--github-pages", valueName: nil,
        help: "Also write .github/workflows/filmsite.yml, which publishes to GitHub Pages")
    ],
    positionals: ["dir"])

  static var help: String {
    """
    Usage: filmsite init [<dir>] [options]

    Writes a site into <dir> (default: the current folder; made if missing):
    filmsite.toml (the settings, commented), films.json (six films of the
    sample catalog) and .gitignore. Then 'cd <dir> && filmsite build' builds it.
    It never overwrites: if any of these files exists, it stops before
    writing anything.

    Options:
    \(parser.optionsHelp)
    """
  }

  /// What `init` writes, by the path in the new site and in the starter folder.
  static func plan(githubPages: Bool) -> [(path: String, starter: String)] {
    var plan = [
      ("filmsite.toml", "filmsite.toml"), ("films.json", "films.json"), (".gitignore", "gitignore"),
      ("content/films/426.md", "note-426.md"), ("content/about.md", "about.md"),
    ]
    if githubPages { plan.append((".github/workflows/filmsite.yml", "github-pages.yml")) }
    return plan
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try Self.parser.parse(arguments)
  }

  func run() throws -> Int32 {
    let directory = arguments.positionals.first ?? "."
    let plan = Self.plan(githubPages: arguments.has("--github-pages"))
    func target(_ path: String) -> String { (directory as NSString).appendingPathComponent(path) }
    // Every check before the first write, so a refusal leaves the folder as it was:
    // each file must be new, and each folder on its way a folder or new.
    if case .other = Self.entry(at: directory) {
      throw InitError(path: directory, reason: .notAFolder)
    }
    for (path, _) in plan {
      let parts = path.split(separator: "/").map(String.init)
      for depth in 1..<parts.count {
        let folder = target(parts[..<depth].joined(separator: "/"))
        if case .other = Self.entry(at: folder) {
          throw InitError(path: folder, reason: .notAFolder)
        }
      }
      if Self.entry(at: target(path)) != .none {
        throw InitError(path: target(path), reason: .exists)
      }
    }
    let files = try plan.map { path, starter in
      guard let bytes = StarterProject.files[starter] else {
        throw InitError(path: starter, reason: .notInThisBuild)
      }
      return (path, bytes)
    }
    let manager = FileManager.default
    for (path, bytes) in files {
      let url = URL(fileURLWithPath: target(path))
      do {
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url, options: .withoutOverwriting)
      } catch {
        throw InitError(path: url.path, reason: .unwritable(error.localizedDescription))
      }
    }
    print("Created a FilmSite site in \(directory): \(plan.map(\.path).joined(separator: ", "))")
    if arguments.has("--github-pages") {
      print(
        "Set FILMSITE_REPOSITORY and FILMSITE_REF at the top of .github/workflows/filmsite.yml to the FilmSite source to build, then choose \"GitHub Actions\" as the Pages source of the repository."
      )
    }
    let cd = directory == "." ? "" : "cd \(Self.shellQuoted(directory)) && "
    print("Next: \(cd)filmsite build && filmsite check")
    return FilmSiteCommand.ExitCode.success
  }

  /// What is at a path: nothing, a folder (a link to one counts), or anything
  /// else, a link to nothing included.
  private enum Entry { case none, folder, other }

  private static func entry(at path: String) -> Entry {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .none }
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? .folder : .other
  }

  /// `path` as a shell reads it back: as it is when it is plain, else in single quotes.
  static func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || "0123456789-_./".unicodeScalars.contains(scalar))
    }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// An `init` that was refused or failed.
struct InitError: Error, Equatable, CustomStringConvertible {
  enum Reason: Equatable {
    case exists
    case notAFolder
    case unwritable(String)
    /// The starter file is not compiled into this `filmsite` (a broken build).
    case notInThisBuild
  }

  let path: String
  let reason: Reason

  var description: String {
    switch reason {
    case .exists:
      return "\(path): already exists; filmsite init overwrites nothing, so it wrote nothing"
    case .notAFolder: return "\(path): not a folder"
    case .unwritable(let message): return "\(path): cannot write it: \(message)"
    case .notInThisBuild:
      return "\(path): this filmsite was built without its starter file; build it again"
    }
  }
}
