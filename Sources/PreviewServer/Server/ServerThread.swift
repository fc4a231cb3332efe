import Glibc

/// A POSIX thread that can be joined, which Foundation's `Thread` cannot.
struct ServerThread: Sendable {
  private let thread: pthread_t

  /// Starts `body` on a new thread.
  static func start(_ body: @escaping @Sendable () -> Void) throws(PreviewServerError)
    -> ServerThread
  {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
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

  private final class Body: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
      self.run = run
    }
  }
}
