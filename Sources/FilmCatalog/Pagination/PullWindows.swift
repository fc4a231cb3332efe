/// How a pull split a listing that was longer than its source serves into
/// windows that each fit, for the summary.
public struct PullWindows: Sendable, Equatable {
  /// What the listing was split by.
  public enum Kind: Sendable, Equatable {
    /// Ranges of release days (TMDB's discover).
    case releaseDates
    /// Release years (TMDB's search).
    case releaseYears
  }

  /// A window that could not be split further and still held more films
  /// than the source serves.
  public struct Crowded: Sendable, Equatable {
    /// The window, such as `1990-06-01` or `1990`.
    public let window: String
    /// The films the source says the window holds.
    public let listed: Int
    /// The films pulled from it.
    public let pulled: Int

    public var leftOut: Int { max(0, listed - pulled) }
  }

  public let kind: Kind
  /// The windows pulled, empty ones included.
  public let count: Int
  /// The requests spent finding the windows: the first page of the whole
  /// listing, and of every window that had to be split again.
  public let probes: Int
  public let crowded: [Crowded]
  /// Films the whole listing holds that no window does: TMDB lists them
  /// with no release date (or one outside the windows).
  public let outside: Int

  /// Films the listing holds that the pull did not get.
  public var leftOut: Int { crowded.reduce(outside) { $0 + $1.leftOut } }

  /// The warnings a user must see: one line per crowded window, and one for
  /// the films outside every window.
  public var warnings: [String] {
    let unit = kind == .releaseDates ? "day" : "year"
    var lines = crowded.map {
      "warning: the release \(unit) \($0.window) alone lists \($0.listed) films, more than TMDB serves of one query; \($0.leftOut) left out"
    }
    if outside > 0 {
      lines.append(
        "warning: \(outside) \(outside == 1 ? "film has" : "films have") no release date in any window (TMDB lists them without one); left out"
      )
    }
    return lines
  }

  /// `pulled in 7 release-date windows`, and how many films were left out,
  /// for the summary line.
  public var summary: String {
    let unit = kind == .releaseDates ? "release-date" : "release-year"
    let left =
      leftOut > 0
      ? ", \(leftOut) \(leftOut == 1 ? "film" : "films") left out (see the warnings)" : ""
    return "pulled in \(count) \(unit) \(count == 1 ? "window" : "windows")\(left)"
  }
}
