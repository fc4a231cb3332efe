import Foundation
import Synchronization
import Testing

@testable import FilmSiteCLI

@Suite struct FileWatcherTests {
  /// The paths a watcher reported.
  private final class Changes: Sendable {
    private let paths = Mutex<[String]>([])
    func add(_ path: String) { paths.withLock { $0.append(path) } }
    var all: [String] { paths.withLock { $0 } }

    /// Waits up to two seconds for a report that `matches`.
    func wait(for matches: (String) -> Bool) async throws -> Bool {
      for _ in 0..<200 {
        if all.contains(where: matches) { return true }
        try await Task.sleep(for: .milliseconds(10))
      }
      return false
    }
  }

  @Test func aFileSavedByRenamingOverItIsSeenAndItsNeighboursAreNot() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      try Data("[]".utf8).write(to: catalog)
      let changes = Changes()
      let watcher = try FileWatcher(files: [catalog.path], folders: []) { changes.add($0) }
      defer { watcher.stop() }
      try Data("x".utf8).write(to: directory.appendingPathComponent("notes.txt"))
      // Foundation's atomic write is a new file renamed over the old one, as editors save.
      try Data("[{}]".utf8).write(to: catalog, options: .atomic)
      #expect(try await changes.wait { $0 == "films.json" })
      #expect(!changes.all.contains("notes.txt"))
    }
  }

  @Test func aNewFileInANewFolderOfATreeIsSeen() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = directory.appendingPathComponent("theme")
      try FileManager.default.createDirectory(
        at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
      let changes = Changes()
      let watcher = try FileWatcher(files: [], folders: [theme.path]) { changes.add($0) }
      defer { watcher.stop() }
      try Data("a".utf8).write(to: theme.appendingPathComponent("assets/style.css"))
      #expect(try await changes.wait { $0.hasSuffix("assets/style.css") })
      let fonts = theme.appendingPathComponent("assets/fonts")
      try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
      #expect(try await changes.wait { $0.hasSuffix("assets/fonts") })
      // The new folder is watched from then on.
      try Data("f".utf8).write(to: fonts.appendingPathComponent("serif.woff2"))
      #expect(try await changes.wait { $0.hasSuffix("fonts/serif.woff2") })
    }
  }

  @Test func nothingIsReportedAfterStop() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let changes = Changes()
      let watcher = try FileWatcher(files: [], folders: [directory.path]) { changes.add($0) }
      watcher.stop()
      watcher.stop()
      try Data("a".utf8).write(to: directory.appendingPathComponent("late.md"))
      try await Task.sleep(for: .milliseconds(200))
      #expect(changes.all.isEmpty)
    }
  }

  @Test func aPathThatCannotBeWatchedIsListedAndTheOthersAreStillWatched() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      try Data("[]".utf8).write(to: catalog)
      let changes = Changes()
      let watcher = try FileWatcher(files: [catalog.path], folders: ["/nonexistent/theme"]) {
        changes.add($0)
      }
      defer { watcher.stop() }
      #expect(watcher.failures.map(\.path).sorted() == ["/nonexistent", "/nonexistent/theme"])
      #expect(!watcher.isStale)
      try Data("[{}]".utf8).write(to: catalog, options: .atomic)
      #expect(try await changes.wait { $0 == "films.json" })
    }
  }

  @Test func aWatchedFolderMovedAwayIsAChangeAndMakesTheWatcherStale() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = directory.appendingPathComponent("theme")
      try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: false)
      let changes = Changes()
      let watcher = try FileWatcher(files: [], folders: [theme.path]) { changes.add($0) }
      defer { watcher.stop() }
      try FileManager.default.moveItem(at: theme, to: directory.appendingPathComponent("old"))
      #expect(try await changes.wait { $0 == "theme" })
      #expect(watcher.isStale)
    }
  }

  @Test(arguments: [(".404.md.swp", true), ("404.md~", true), ("4913", true), ("404.md", false)])
  func editorScratchFilesAreNotChanges(name: String, isScratch: Bool) {
    #expect(FileWatcher.isEditorScratch(name) == isScratch)
  }
}
