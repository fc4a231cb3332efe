import Foundation
import PackagePlugin

/// Compiles a folder of the repository into the target that uses this plugin,
/// so that the `filmsite` binary carries it and runs without the folder
/// beside it.
///
/// `FilmSite` gets `Templates/` (the default theme) and `FilmSiteCLI` gets
/// `Sources/FilmSiteCLI/Init/Starter/` (what `filmsite init` writes). The
/// folder stays the one source: the tool runs again when a file it embedded
/// changes or a folder it listed gains or loses an entry, and it lists the
/// folder afresh each time. SwiftPM asks this plugin for its command only
/// when it plans the build (after a change to `Package.swift` or to a target's
/// files, or a clean build), so a file put into a subfolder that is new since
/// then is missed until the next plan; the test that holds `BuiltInTheme`
/// equal to `Templates/` says so when it happens.
@main struct EmbedFiles: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let embedding: (folder: String, type: String)
    switch target.name {
    case "FilmSite": embedding = ("Templates", "BuiltInTheme")
    case "FilmSiteCLI": embedding = ("Sources/FilmSiteCLI/Init/Starter", "StarterProject")
    default:
      throw PluginError("EmbedFiles: no folder is embedded into target \(target.name)")
    }
    let root = context.package.directoryURL.appending(path: embedding.folder)
    let (files, folders) = try Self.entries(below: root)
    let output = context.pluginWorkDirectoryURL.appending(path: "\(embedding.type)+Files.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(embedding.folder) into \(target.name)",
        executable: try context.tool(named: "FileEmbedder").url,
        arguments: [output.path, embedding.type, root.path],
        // The folders too: adding or removing a file changes its folder, and
        // the tool lists the folder again when it runs.
        inputFiles: ([root] + (files + folders).map { root.appending(path: $0) }),
        outputFiles: [output])
    ]
  }

  /// The files and the folders below `root` as relative paths, hidden ones left out.
  private static func entries(below root: URL) throws -> (files: [String], folders: [String]) {
    let manager = FileManager.default
    guard let paths = manager.subpaths(atPath: root.path) else {
      throw PluginError("EmbedFiles: cannot list \(root.path)")
    }
    var files: [String] = []
    var folders: [String] = []
    for path in paths where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory)
      else { continue }
      if isDirectory.boolValue { folders.append(path) } else { files.append(path) }
    }
    return (files, folders)
  }
}

struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
