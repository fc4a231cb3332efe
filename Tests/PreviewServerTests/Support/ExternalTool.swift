import Foundation

/// Runs `curl` and `python3` as real clients of the server.
enum ExternalTool {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The path of `name` on `PATH`.
  /// - Throws: `TestFailure` saying how to install it; tests fail rather than skip without it.
  static func locate(_ name: String, package: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw TestFailure(
      "\(name) is not installed, and these tests need it as a client: apt-get install -y \(package)"
    )
  }

  /// Runs `name` with `arguments` and waits for it.
  static func run(_ name: String, package: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try locate(name, package: package))
    process.arguments = arguments
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "preview-tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }

  /// `curl --silent --show-error --max-time 10` with `arguments`.
  static func curl(_ arguments: [String]) throws -> Result {
    try run("curl", package: "curl", ["--silent", "--show-error", "--max-time", "10"] + arguments)
  }

  /// `python3 -c script` with `arguments` in `sys.argv[1:]`.
  static func python(_ script: String, _ arguments: [String] = []) throws -> Result {
    try run("python3", package: "python3", ["-c", script] + arguments)
  }
}
