@testable import FilmCatalog

/// A source that records every request and serves pages from a table.
///
/// A page can fail with an error, and a gated page is held until ``release(_:)``.
actor RecordingSource: FilmSource {
  private(set) var requests: [Int] = []
  private(set) var queries: [String] = []
  private let content: @Sendable (Int) -> [Film]
  private let failures: [Int: any Error]
  private let delay: Duration
  private var gated: Set<Int>
  private var waiting: [Int: [CheckedContinuation<Void, Never>]] = [:]

  /// Serves `pages[0]` as page 1 and so on; every later page is empty.
  init(
    pages: [[Film]], failing failures: [Int: any Error] = [:], gated: Set<Int> = [],
    delay: Duration = .zero
  ) {
    self.init(
      everyPage: { pages.indices.contains($0 - 1) ? pages[$0 - 1] : [] },
      failing: failures, gated: gated, delay: delay)
  }

  init(
    everyPage content: @escaping @Sendable (Int) -> [Film],
    failing failures: [Int: any Error] = [:], gated: Set<Int> = [], delay: Duration = .zero
  ) {
    self.content = content
    self.failures = failures
    self.gated = gated
    self.delay = delay
  }

  func search(_ query: String, page: Int) async throws -> [Film] {
    requests.append(page)
    queries.append(query)
    if gated.contains(page) {
      await withCheckedContinuation { waiting[page, default: []].append($0) }
    }
    if delay > .zero { try await Task.sleep(for: delay) }
    if let failure = failures[page] { throw failure }
    return content(page)
  }

  /// Lets the requests for `page` go on, now and from now on.
  func release(_ page: Int) {
    gated.remove(page)
    for continuation in waiting.removeValue(forKey: page) ?? [] { continuation.resume() }
  }
}
