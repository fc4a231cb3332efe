/// What a pull with a snapshot to update did: a refresh that asked details
/// only for new and changed films, or a full pull, and why.
public enum TMDBRefreshOutcome: Sendable, Equatable {
  case refreshed(Counts)
  case fullPull(FullPullReason)

  /// What a refresh found.
  public struct Counts: Sendable, Equatable {
    /// The UTC day the snapshot was pulled, `YYYY-MM-DD`.
    let pulledOn: String
    /// The `/movie/changes` pages asked for.
    let changesPages: Int
    /// Films kept in the results whose details changed, asked again.
    let changed: Int
    /// Films new to the results.
    let new: Int
    /// Films of the snapshot that left the results.
    let gone: Int
    /// Films taken from the snapshot as they were.
    let unchanged: Int
  }

  /// Why a pull asked every film's details.
  public enum FullPullReason: Sendable, Equatable {
    /// There was no snapshot at the path yet.
    case noSnapshot
    /// The snapshot was pulled with another query, endpoint, language or filter.
    case differentSearch
    /// None of the pulled films is in the snapshot, so its changes do not matter.
    case nothingKept
    /// The changes since the snapshot's pull, `days` ago, would take more
    /// requests than asking every film.
    case changesCostMore(days: Int)
  }

  /// The outcome in the words of the summary line, naming the snapshot at `path`.
  public func summary(snapshot path: String) -> String {
    switch self {
    case .refreshed(let counts):
      let pages = counts.changesPages == 1 ? "page" : "pages"
      return
        "refreshed from \(path) (pulled \(counts.pulledOn)): \(counts.changesPages) changes \(pages), \(counts.changed) changed, \(counts.new) new, \(counts.gone) gone, \(counts.unchanged) unchanged"
    case .fullPull(.noSnapshot):
      return "full pull: \(path) did not exist yet"
    case .fullPull(.differentSearch):
      return "full pull: the snapshot was pulled for a different search"
    case .fullPull(.nothingKept):
      return "full pull: none of the films found is in the snapshot"
    case .fullPull(.changesCostMore(let days)):
      return
        "full pull: the snapshot is \(days) \(days == 1 ? "day" : "days") old and its changes would take more requests than a full pull"
    }
  }
}
