import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `URLSession` for a whole pull (so connections are kept alive), with
/// a limit on the size of each response body that is enforced while it
/// streams in, not after it has filled memory.
final class HTTPTransport: NSObject, URLSessionDataDelegate, Sendable {
  /// Connections kept open to one host. A request past them waits for one, so a test holds
  /// the most requests a pull keeps in flight (pages, then details) within this.
  static let maximumConnectionsPerHost = 16

  struct Response: Sendable {
    let status: Int
    /// The `Retry-After` header, the only one a caller reads.
    let retryAfter: String?
    let body: [UInt8]
  }

  /// Why a request got no whole response; ``RequestFailure`` says what each means to a user.
  enum Failure: Error {
    /// The body passed the limit, in bytes, given to ``send(_:limit:)``.
    case tooLarge(limit: Int)
    case network(URLError)
    /// Any other failure, such as a closed session, in words.
    case other(String)
  }

  private struct Pending {
    var continuation: CheckedContinuation<Response, any Error>
    var limit: Int
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    var tooLarge = false
  }

  private let pending = Mutex<[Int: Pending]>([:])
  private let session = Mutex<URLSession?>(nil)

  init(timeout: TimeInterval) {
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = Self.maximumConnectionsPerHost
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // Without these, every request looks for a cache folder on disk and for cookies and
    // credentials: several system calls per page that a pull never needs.
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.urlCredentialStorage = nil
    configuration.httpShouldSetCookies = false
    // Without this, FoundationNetworking parses every response header line as a possible
    // cookie (a string, a split, trimming and HTTPCookie's parser per line), cookie
    // storage or not.
    configuration.httpCookieAcceptPolicy = .never
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    self.session.withLock { $0 = session }
  }

  /// Ends the session; the transport cannot be used afterwards.
  func close() {
    session.withLock { session in
      session?.finishTasksAndInvalidate()
      session = nil
    }
  }

  /// Sends `request` and returns the whole response, failing once the body passes `limit` bytes.
  func send(_ request: URLRequest, limit: Int) async throws -> Response {
    let task = Mutex<URLSessionDataTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard let dataTask = session.withLock({ $0?.dataTask(with: request) }) else {
          continuation.resume(throwing: Failure.other("the HTTP session is closed"))
          return
        }
        pending.withLock {
          $0[dataTask.taskIdentifier] = Pending(continuation: continuation, limit: limit)
        }
        task.withLock { $0 = dataTask }
        dataTask.resume()
      }
    } onCancel: {
      task.withLock { $0?.cancel() }
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = pending.withLock { pending -> Bool in
      guard var entry = pending[dataTask.taskIdentifier] else { return false }
      entry.response = response as? HTTPURLResponse
      entry.tooLarge = response.expectedContentLength > Int64(entry.limit)
      pending[dataTask.taskIdentifier] = entry
      return entry.tooLarge
    }
    completionHandler(tooLarge ? .cancel : .allow)
    // FoundationNetworking on Linux ignores the disposition, so cancel the task itself:
    // a body announced as too large is not read at all.
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // The entry is changed in place: a copy taken out of the dictionary would share the
    // body's storage, and appending to it would copy the whole body for every chunk.
    let tooLarge = pending.withLock { pending -> Bool in
      guard let received = pending[dataTask.taskIdentifier]?.body.count,
        let limit = pending[dataTask.taskIdentifier]?.limit,
        pending[dataTask.taskIdentifier]?.tooLarge == false
      else { return false }
      if received + data.count > limit {
        pending[dataTask.taskIdentifier]?.tooLarge = true
        pending[dataTask.taskIdentifier]?.body = []
        return true
      }
      pending[dataTask.taskIdentifier]?.body.append(contentsOf: data)
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    if entry.tooLarge {
      entry.continuation.resume(throwing: Failure.tooLarge(limit: entry.limit))
    } else if let error {
      if let urlError = error as? URLError {
        entry.continuation.resume(
          throwing: urlError.code == .cancelled ? CancellationError() : Failure.network(urlError))
      } else {
        entry.continuation.resume(throwing: Failure.other((error as NSError).localizedDescription))
      }
    } else if let response = entry.response {
      // One header looked up (without case) instead of every header copied into a dictionary.
      entry.continuation.resume(
        returning: Response(
          status: response.statusCode,
          retryAfter: response.value(forHTTPHeaderField: "Retry-After"), body: entry.body))
    } else {
      entry.continuation.resume(throwing: Failure.other("no HTTP response"))
    }
  }
}
