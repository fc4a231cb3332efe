import Glibc

/// A POSIX thread that can be joined, which Foundation's `Thread` cannot.
struct ServerThread: Sendable {
  private let thread: pthread_t

  /// Starts `body` on a new thread called `name` (at most 15 bytes are kept), which tools such
  /// as `top -H` show.
  static func start(
    name: String, _ body: @escaping @Sendable () -> Void
  ) throws(PreviewServerError) -> ServerThread {
    let named: @Sendable () -> Void = {
      setCurrentName(name)
      body()
    }
    let box = Unmanaged.passRetained(Body(named)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
        return nil
      }, box)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      throw .system(operation: "pthread_create", code: result)
    }
    return ServerThread(thread: thread)
  }

  /// Waits for the thread to end.
  func join() {
    pthread_join(thread, nil)
  }

  /// `pthread_setname_np` is a GNU extension that Swift's Glibc module leaves out; Linux takes
  /// the name written to the thread's `comm` file just the same.
  private static func setCurrentName(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard file >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
      self.run = run
    }
  }
}
