import Foundation
import Testing

@testable import FilmSiteCLI

/// What `filmsite serve` watches: the config file, the theme, the catalog,
/// and the content folder, or where each would appear.
@Suite struct WatchListTests {
  @Test func aContentFolderIsWatchedWholeAndOneNotYetMadeByItsName() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      var arguments = ParsedArguments(command: "filmsite serve")
      arguments.root = directory.path
      let before = try WatchList(arguments, commandLine: arguments)
      #expect(before.files.contains(directory.path + "/content"))
      #expect(!before.folders.contains(directory.path + "/content"))

      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("content/films"), withIntermediateDirectories: true)
      let after = try WatchList(arguments, commandLine: arguments)
      #expect(after.folders.contains(directory.path + "/content"))
      #expect(after != before)
    }
  }

  @Test func theContentOptionNamesTheFolderWatched() throws {
    var arguments = ParsedArguments(command: "filmsite serve")
    arguments.values["--content"] = ["/srv/notes"]
    let list = try WatchList(arguments, commandLine: arguments)
    #expect(list.folders.contains("/srv/notes"))
  }
}
