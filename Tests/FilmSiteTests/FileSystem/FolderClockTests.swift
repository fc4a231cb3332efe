import Foundation
import Testing

@testable import FilmSite

/// The file system's own stamp splits changes in two: every change made
/// before it is older, every change made after it is not, even within one
/// tick of the kernel's coarse clock.
@Suite struct FolderClockTests {
  private func changed(_ path: String) throws -> FileTime {
    try FileSystem.status(of: path).changed
  }

  @Test func everyChangeBeforeTheStampIsOlderAndEveryChangeAfterItIsNot() throws {
    try Fixtures.withTemporaryDirectory { root in
      // Many folders changed just before: some share the tick the probe is made in.
      let folders = (0..<200).map { root + "/films/\($0)" }
      for folder in folders {
        try FileSystem.makeFolder(at: folder, makingParents: true)
        _ = try FileSystem.createFile(at: folder + "/index.html", with: Array("page".utf8))
      }
      let stamp = try #require(FolderClock.stampAfterEveryChange(in: root))
      for folder in folders + [root + "/films"] {
        #expect(try changed(folder) < stamp, "\(folder) changed before the stamp")
      }
      // Changed at once after it: in the same tick, if the stamp were the probe's first.
      _ = try FileSystem.createFile(at: folders[0] + "/notes.txt", with: Array("mine".utf8))
      #expect(!(try changed(folders[0]) < stamp))
      #expect(try FileSystem.entries(of: root).map(\.name) == ["films"])
    }
  }

  @Test func aTakenProbeNameGivesNoStampAndIsLeftAsItWas() throws {
    try Fixtures.withTemporaryDirectory { root in
      let taken = root + "/" + FolderClock.probeName
      _ = try FileSystem.createFile(at: taken, with: Array("the user's".utf8))
      #expect(FolderClock.stampAfterEveryChange(in: root) == nil)
      #expect(try FileSystem.contents(of: taken) == Array("the user's".utf8))
      #expect(FolderClock.stampAfterEveryChange(in: root + "/missing") == nil)
    }
  }
}
