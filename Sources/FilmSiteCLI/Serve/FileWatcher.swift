import Dispatch
import Foundation
import Synchronization

/// Tells when the files a site is made from change, through Linux's inotify.
///
/// A file is watched through its folder, for the file's name: editors save
/// by writing a new file and renaming it over the old one, which a watch on
/// the file itself would lose. A folder is watched with every folder below
/// it, and a folder made later is watched as soon as it appears, so a new
/// file anywhere in a theme counts; its parent is watched for its name too,
/// so a folder moved away or made anew is a change. When a watched folder is
/// gone or inotify's queue overflowed, the watcher is ``isStale``: the
/// caller makes a new one. Editors' swap and backup files are not changes.
final class FileWatcher: Sendable {
  /// What one inotify watch is for.
  private enum Target: Sendable {
    /// Entries of this folder with these names.
    case names(Set<String>)
    /// Anything in this folder, which is part of a watched tree.
    case tree(folder: String)
  }

  private struct State: Sendable {
    var targets: [Int32: Target] = [:]
    var stopped = false
    var stale = false
    /// What could not be watched, for the caller to report.
    var failures: [FileWatcherError] = []
  }

  private static let changes: UInt32 = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
      | IN_DELETE_SELF | IN_MOVE_SELF)

  private let descriptor: Int32
  private let state = Mutex(State())
  /// The read source on the inotify descriptor, until ``stop()`` cancels it.
  private let source: Mutex<(any DispatchSourceRead)?>
  private let onChange: @Sendable (String) -> Void

  /// Watches `files` and every file below `folders`, calling `onChange`
  /// with a path that changed, on a queue of its own. A path that cannot be
  /// watched does not stop the others: ``failures`` lists it.
  /// - Throws: ``FileWatcherError`` when inotify itself cannot be set up.
  init(
    files: [String], folders: [String], onChange: @escaping @Sendable (String) -> Void
  ) throws {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw FileWatcherError(path: "inotify", errno: errno) }
    self.descriptor = descriptor
    self.onChange = onChange
    source = Mutex(nil)
    var byFolder: [String: Set<String>] = [:]
    // A tree's own name in its parent, so that moving or making it anew counts.
    for path in files + folders {
      let url = URL(fileURLWithPath: path)
      byFolder[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    for (folder, names) in byFolder { note { try add(folder, as: .names(names)) } }
    for folder in folders { note { try addTree(folder) } }
    source.withLock { [self] source in
      let reader = DispatchSource.makeReadSource(
        fileDescriptor: descriptor, queue: DispatchQueue(label: "filmsite.watcher"))
      reader.setEventHandler { [self] in readEvents() }
      reader.setCancelHandler { close(descriptor) }
      reader.resume()
      source = reader
    }
  }

  /// Whether a watched folder is gone or changes were lost, so that a new
  /// watcher must take over.
  var isStale: Bool { state.withLock { $0.stale } }

  /// The paths that could not be watched.
  var failures: [FileWatcherError] { state.withLock { $0.failures } }

  private func note(_ body: () throws -> Void) {
    do {
      try body()
    } catch let error as FileWatcherError {
      state.withLock { $0.failures.append(error) }
    } catch {
      state.withLock { $0.stale = true }
    }
  }

  /// Stops watching and closes the inotify descriptor. A call of `onChange`
  /// under way may still finish; none starts after this returns.
  func stop() {
    state.withLock { $0.stopped = true }
    source.withLock { reader in
      reader?.cancel()
      reader = nil
    }
  }

  private func add(_ folder: String, as target: Target) throws {
    let watch = inotify_add_watch(descriptor, folder, Self.changes)
    guard watch >= 0 else { throw FileWatcherError(path: folder, errno: errno) }
    state.withLock { state in
      // Two targets in one folder (a file's name and a tree) watch for both.
      switch (state.targets[watch], target) {
      case (.names(let old)?, .names(let new)): state.targets[watch] = .names(old.union(new))
      case (.tree?, _): break
      default: state.targets[watch] = target
      }
    }
  }

  /// Watches `folder` and every folder below it.
  private func addTree(_ folder: String) throws {
    try add(folder, as: .tree(folder: folder))
    let below: [String]
    do {
      below = try FileManager.default.subpathsOfDirectory(atPath: folder)
    } catch {
      throw FileWatcherError(path: folder, errno: EACCES)
    }
    for relative in below {
      let path = (folder as NSString).appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        try add(path, as: .tree(folder: path))
      }
    }
  }

  /// Reads what inotify has queued and reports each change that matters.
  private func readEvents() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
          let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, event.mask, Int(event.len))
        }
        let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += header + length
        report(watch: watch, mask: mask, name: name)
      }
    }
  }

  private func report(watch: Int32, mask: UInt32, name: String) {
    let lost = UInt32(IN_Q_OVERFLOW | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
    if mask & lost != 0 {
      // Changes were dropped, or a watched folder went away: only a new watcher sees again.
      let wasRunning = state.withLock { state in
        state.stale = true
        return !state.stopped
      }
      if wasRunning { onChange(name) }
      return
    }
    guard let target = state.withLock({ $0.stopped ? nil : $0.targets[watch] }) else { return }
    switch target {
    case .names(let names):
      guard names.contains(name) else { return }
      onChange(name)
    case .tree(let folder):
      guard !Self.isEditorScratch(name) else { return }
      let path = name.isEmpty ? folder : (folder as NSString).appendingPathComponent(name)
      let madeFolder = UInt32(IN_CREATE | IN_MOVED_TO)
      if mask & UInt32(IN_ISDIR) != 0, mask & madeFolder != 0 { note { try addTree(path) } }
      onChange(path)
    }
  }

  /// A file an editor writes beside the one it edits: hidden ones (Emacs's
  /// `.#` locks, Vim's `.swp`), backups ending in `~`, and Vim's `4913` probe.
  /// A theme leaves hidden files out too.
  static func isEditorScratch(_ name: String) -> Bool {
    name.hasPrefix(".") || name.hasSuffix("~") || name == "4913"
  }
}

/// A path inotify could not watch.
struct FileWatcherError: Error, CustomStringConvertible {
  let path: String
  let errno: Int32

  var description: String {
    "\(path): cannot watch it for changes: \(String(cString: strerror(errno)))"
  }
}
