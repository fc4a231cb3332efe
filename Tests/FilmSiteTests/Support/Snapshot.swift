import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/<name>` beside the calling
/// test file. A missing golden file, or `RECORD_SNAPSHOTS=1`, records `actual`
/// and fails, so that every new or changed golden file is reviewed like code.
func assertSnapshot(
  _ actual: String,
  named name: String,
  filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = folder.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  if !record, let expected = try? String(contentsOf: file, encoding: .utf8) {
    #expect(actual == expected, "differs from Snapshots/\(name)", sourceLocation: sourceLocation)
    return
  }
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try actual.write(to: file, atomically: true, encoding: .utf8)
  Issue.record(
    "Recorded Snapshots/\(name); review it and run the tests again", sourceLocation: sourceLocation)
}
