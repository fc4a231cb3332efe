import Dispatch
import Foundation
import FuzzSupport
import Synchronization

@testable import FilmCatalog

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP responses and `Retry-After`: a server's answers, sent through
/// ``HTTPClient`` (its retries, its waits and its failures), then the body
/// decoded as the API source or TMDB decodes it.
///
/// The input is a byte that picks the decoding, then up to four answers, each
/// two bytes of status, a `Retry-After` line and a body up to a NUL byte
/// (the last answer's body is the rest). The client must stop after its
/// retries, wait between 0 s and its cap before each retry, return only a 2xx
/// answer, and word every failure on one line that a terminal shows as it is.
@main enum FuzzHTTP {
  static func main() { FuzzDriver.run(fuzzHTTP) }
}

/// Runs the target on one input.
private func fuzzHTTP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let decoding = input.number(below: 5)
  var answers: [HTTPTransport.Response] = []
  repeat {
    let status = 100 + (Int(input.byte()) << 8 | Int(input.byte())) % 500
    let retryAfter = String(decoding: input.part(), as: UTF8.self)
    let body = answers.count == 3 ? input.rest() : input.part(until: 0)
    answers.append(
      .init(status: status, retryAfter: retryAfter.isEmpty ? nil : retryAfter, body: body))
  } while !input.isEmpty && answers.count < 4

  for answer in answers { checkRetryAfter(answer.retryAfter) }
  let outcome = server.request(answering: answers, asTMDB: decoding != 0)
  switch outcome.result {
  case .success(let answer):
    let status = answers[min(answer.attempts, answers.count) - 1].status
    FuzzCheck.require((200..<300).contains(status), "a \(status) answer was returned")
    decode(answer, as: decoding)
  case .failure(let error):
    checkOneLine(String(describing: error))
  case nil:
    FuzzCheck.require(false, "the request never ended")
  }
  FuzzCheck.require(outcome.attempts <= policy.retries + 1, "\(outcome.attempts) attempts")
  FuzzCheck.require(
    outcome.waits.allSatisfy { $0 >= 0 && $0 <= policy.maximumDelay },
    "waits outside 0...\(policy.maximumDelay): \(outcome.waits)")
  return 0
}

private let policy = RetryPolicy(retries: 3, baseDelay: 0.25, maximumDelay: 30)
private let url = URL(string: "https://api.example.com/films?query=q&page=1")

/// A server that gives each input's answers in turn, and the one client
/// that every input's request goes through (a client makes a URLSession,
/// which is slow to make for every input).
private let server = FakeServer()
private let client = HTTPClient(
  timeout: 30, maximumResponseBytes: 1 << 20, retryPolicy: policy, clock: server.clock,
  send: { _, _ in server.answer() })

/// What one request came to: its answer or error, how many attempts it
/// made and the waits it asked for.
private struct Outcome: Sendable {
  var answers: [HTTPTransport.Response] = []
  var result: Result<HTTPClient.Answer, any Error>?
  var attempts = 0
  var waits: [Double] = []
}

private final class FakeServer: Sendable {
  private let outcome = Mutex(Outcome())

  /// A clock that never waits: the waits asked for are recorded instead.
  var clock: RateLimiter.Clock {
    RateLimiter.Clock(
      now: { .zero },
      sleep: { deadline in self.outcome.withLock { $0.waits.append(deadline / .seconds(1)) } })
  }

  /// The next answer: the input's answers in turn, the last one again once they run out.
  func answer() -> HTTPTransport.Response {
    outcome.withLock {
      $0.attempts += 1
      return $0.answers[min($0.attempts, $0.answers.count) - 1]
    }
  }

  /// Sends one request answered with `answers`, on the concurrency pool,
  /// the fuzzer's thread waiting for it; its failure is the API source's
  /// error or, `asTMDB`, TMDB's (which reads TMDB's error bodies).
  func request(answering answers: [HTTPTransport.Response], asTMDB: Bool) -> Outcome {
    outcome.withLock { $0 = Outcome(answers: answers) }
    let done = DispatchSemaphore(value: 0)
    Task {
      let result = await Self.send(asTMDB: asTMDB)
      self.outcome.withLock { $0.result = result }
      done.signal()
    }
    done.wait()
    return outcome.withLock { $0 }
  }

  private static func send(asTMDB: Bool) async -> Result<HTTPClient.Answer, any Error> {
    guard let url else { return .failure(URLError(.badURL)) }
    do {
      let answer = try await client.get(URLRequest(url: url)) { failed -> any Error in
        asTMDB
          ? TMDBError(failed, stage: .searchPage(1), url: url.absoluteString)
          : APISourceError(failed, url: url.absoluteString)
      }
      return .success(answer)
    } catch {
      return .failure(error)
    }
  }
}

/// `Retry-After` read as seconds or an HTTP date gives a wait within the policy's cap.
private func checkRetryAfter(_ value: String?) {
  let seconds = RetryPolicy.retryAfter(value, now: Date(timeIntervalSince1970: 1_764_430_000))
  for retry in 1...4 {
    let delay = policy.delay(beforeRetry: retry, retryAfter: seconds, random: 0.5)
    FuzzCheck.require(
      delay >= 0 && delay <= policy.maximumDelay,
      "Retry-After \(value ?? "none") gives a wait of \(delay) s")
  }
}

/// The body decoded as each source decodes its answers; whatever fails says so on one line.
private func decode(_ answer: HTTPClient.Answer, as decoding: Int) {
  let body = Data(answer.body)
  let decoder = JSONDecoder()
  do {
    switch decoding {
    case 0:
      guard let url else { return }
      _ = try APISource.page(in: answer, from: url)
    case 1:
      let page = try decoder.decode(TMDBSearchResults.self, from: body)
      let genres = TMDBGenreMap(genres: [.init(id: 28, name: "Action")])
      _ = page.results.map { $0.film(genres: genres) }
    case 2:
      let details = try decoder.decode(TMDBMovieDetails.self, from: body)
      _ = details.enriching(Film(Film.Fields(id: "1", title: "A")))
    case 3:
      _ = try decoder.decode(TMDBChanges.self, from: body)
    default:
      _ = try decoder.decode(TMDBGenreMap.self, from: body).names(for: [28, 12])
    }
  } catch let error as APISourceError {
    checkOneLine(error.description)
  } catch {
    let reason = TMDBError.Reason.notTMDBJSON(
      TMDBClient.describe(error, expecting: TMDBSearchResults.self),
      body: RequestFailure.bodyPrefix(answer.body))
    checkOneLine(
      TMDBError(
        stage: .searchPage(1), url: "https://api.themoviedb.org/3/search/movie", reason: reason
      )
      .description)
  }
}

/// A message is printed on one line of a terminal: no control character (C0,
/// DEL or C1), no line or paragraph separator, and nothing that turns the
/// direction of the text, whatever the server sent.
private func checkOneLine(_ message: String) {
  let hidden = message.unicodeScalars.first {
    $0.properties.generalCategory == .control || $0.properties.isBidiControl
      || $0.properties.generalCategory == .lineSeparator
      || $0.properties.generalCategory == .paragraphSeparator
  }
  FuzzCheck.require(
    hidden == nil,
    "a message with U+\(String(hidden?.value ?? 0, radix: 16)): \(message.debugDescription)")
}
