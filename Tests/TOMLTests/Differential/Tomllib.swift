import Foundation

/// Python's tomllib, run once over a whole corpus through `Fixtures/tomllib_tagged.py`.
enum Tomllib {
  /// What tomllib made of one document.
  enum Outcome: Equatable, CustomStringConvertible {
    /// Accepted; the value in ``TaggedJSON``'s encoding.
    case accepted(String)
    /// Refused, with the exception's name and message.
    case refused(String)

    var description: String {
      switch self {
      case .accepted(let json): return "accepted \(json)"
      case .refused(let reason): return "refused (\(reason))"
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tomllib_tagged.py")

  /// Parses every document with tomllib.
  /// - Returns: One outcome per document, in order.
  /// - Throws: ``Failure`` when python3 is not on PATH, has no tomllib, or fails.
  static func parse(_ documents: [[UInt8]]) throws -> [Outcome] {
    let python = try findPython()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("TOMLTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus")
    let output = folder.appendingPathComponent("output")
    var data = Data()
    for document in documents {
      data.append(contentsOf: Array("\(document.count)\n".utf8))
      data.append(contentsOf: document)
    }
    try data.write(to: corpus)

    let process = Process()
    process.executableURL = python
    // -B: the script must not leave a __pycache__ folder beside the tests.
    process.arguments = ["-B", script.path, corpus.path, output.path]
    let errors = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw Failure(
        description: "\(python.path) \(script.lastPathComponent) exited with status "
          + "\(process.terminationStatus): \(message)")
    }
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    guard lines.count == documents.count else {
      throw Failure(
        description: "tomllib gave \(lines.count) results for \(documents.count) documents")
    }
    return try lines.map { line throws(Failure) in
      if line.hasPrefix("ok ") { return .accepted(String(line.dropFirst(3))) }
      if line.hasPrefix("error ") { return .refused(String(line.dropFirst(6))) }
      throw Failure(description: "unexpected line from tomllib: \(line)")
    }
  }

  /// The first executable `python3` on PATH.
  private static func findPython() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw Failure(
      description: "python3 is not on PATH (\(path)); TOMLTests compares the parser with "
        + "Python 3.11's tomllib and needs it")
  }
}
