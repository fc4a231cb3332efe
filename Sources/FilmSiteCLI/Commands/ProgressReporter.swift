import FilmCatalog
import Foundation
import Synchronization

/// Shows a pull's progress on stderr: one line rewritten in place on a
/// terminal, or a plain line every few seconds when stderr is a file or a CI log.
final class ProgressReporter: Sendable {
  private let statistics: RequestStatistics
  private let isTerminal = isatty(STDERR_FILENO) == 1
  /// When a plain line was last printed, and for which stage.
  private let lastPrinted = Mutex<(time: ContinuousClock.Instant, stage: String)?>(nil)
  private static let plainInterval = Duration.seconds(3)

  init(statistics: RequestStatistics) {
    self.statistics = statistics
  }

  func report(_ progress: Paginator.Progress) {
    let total = progress.totalPages.map { "/\($0)" } ?? ""
    show(
      "Pulling page \(progress.pagesLoaded)\(total) · \(progress.films) films · \(retriesText)",
      stage: "pages")
  }

  /// The details stage of a TMDB pull.
  func report(_ progress: TMDBDetailsEnricher.Progress) {
    show(
      "Fetching details \(progress.fetched)/\(progress.total) · \(retriesText)", stage: "details")
  }

  private var retriesText: String {
    let retries = statistics.retries
    return "\(retries) \(retries == 1 ? "retry" : "retries")"
  }

  /// Rewrites the live line, or prints a plain line when the last one is old
  /// enough or was about another stage.
  private func show(_ line: String, stage: String) {
    if isTerminal {
      write("\r\u{1B}[K" + line)
      return
    }
    let now = ContinuousClock.now
    let due = lastPrinted.withLock { last -> Bool in
      if let last, last.stage == stage, now - last.time < Self.plainInterval { return false }
      last = (now, stage)
      return true
    }
    if due { write(line + "\n") }
  }

  /// Clears the live line before the summary is printed.
  func finish() {
    if isTerminal { write("\r\u{1B}[K") }
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
