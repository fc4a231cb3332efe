import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A program that keeps running while a test talks to it (`filmsite serve`,
/// `curl -N` on an event stream): its output lines as they come, and a way to
/// stop it. It is killed when this object goes away.
final class RunningProcess: Sendable {
  private let process: Process
  private let output = Mutex<(stdout: [String], stderr: [String])>(([], []))

  /// Starts `arguments[0]` (found on PATH) with the rest, in `directory`.
  init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let (stdout, stderr) = (Pipe(), Pipe())
    process.standardOutput = stdout
    process.standardError = stderr
    self.process = process
    try process.run()
    // Each pipe is read on a thread of its own, which blocks in `read` until the program
    // writes and ends at its end of file. (Not `readabilityHandler`: under LeakSanitizer,
    // Foundation's FileHandle monitor leaked the weak reference it makes.)
    for (pipe, isError) in [(stdout, false), (stderr, true)] {
      let lines = LineBuffer()
      let handle = pipe.fileHandleForReading
      Thread { [weak self] in
        while case let chunk = handle.availableData, !chunk.isEmpty {
          let complete = lines.append(chunk)
          self?.output.withLock { output in
            if isError { output.stderr += complete } else { output.stdout += complete }
          }
        }
      }.start()
    }
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  var stdout: [String] { output.withLock { $0.stdout } }
  var stderr: [String] { output.withLock { $0.stderr } }
  var isRunning: Bool { process.isRunning }

  /// The first stdout line (or stderr, with `inErrors`) after `skipping` lines
  /// that satisfies `matches`, waiting up to `timeout`.
  func line(
    inErrors: Bool = false, skipping: Int = 0, timeout: Duration = .seconds(60),
    where matches: (String) -> Bool
  ) async throws -> String? {
    let deadline = ContinuousClock.now + timeout
    func found() -> String? {
      (inErrors ? stderr : stdout).dropFirst(skipping).first(where: matches)
    }
    while ContinuousClock.now < deadline {
      if let line = found() { return line }
      try await Task.sleep(for: .milliseconds(20))
    }
    // A sleep may end past the deadline (a busy machine): look once more before giving up.
    return found()
  }

  /// Sends SIGINT, as Ctrl-C does, and waits up to `timeout` for the exit status.
  func interrupt(timeout: Duration = .seconds(20)) async throws -> Int32? {
    kill(process.processIdentifier, SIGINT)
    let deadline = ContinuousClock.now + timeout
    while process.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.isRunning ? nil : process.terminationStatus
  }
}

/// Bytes read so far, cut into lines as each newline arrives.
private final class LineBuffer: Sendable {
  private let pending = Mutex(Data())

  /// Adds `chunk` and returns the lines it completes.
  func append(_ chunk: Data) -> [String] {
    pending.withLock { pending in
      pending.append(chunk)
      var lines: [String] = []
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        lines.append(String(decoding: pending[..<newline], as: UTF8.self))
        pending.removeSubrange(...newline)
      }
      return lines
    }
  }
}
