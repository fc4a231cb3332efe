import FilmCatalog
import Foundation
import Synchronization

/// Shows a pull's progress on stderr: one line rewritten in place on a
/// terminal, or a plain line every few seconds when stderr is a file or a CI log.
final class ProgressReporter: Sendable {
  private let statistics: HTTPSource.Statistics
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private let lastPrinted = Mutex<ContinuousClock.Instant?>(nil)
  private static let plainInterval = Duration.seconds(3)

  init(statistics: HTTPSource.Statistics) {
    self.statistics = statistics
  }

  func report(_ progress: Paginator.Progress) {
    let total = progress.totalPages.map { "/\($0)" } ?? ""
    let retries = statistics.retries
    let line =
      "Pulling page \(progress.pagesLoaded)\(total) · \(progress.films) films · \(retries) \(retries == 1 ? "retry" : "retries")"
    if isTerminal {
      write("\r\u{1B}[K" + line)
      return
    }
    let now = ContinuousClock.now
    let due = lastPrinted.withLock { last -> Bool in
      guard last.map({ now - $0 >= Self.plainInterval }) ?? true else { return false }
      last = now
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
