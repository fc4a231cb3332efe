/// Why ``SiteChecker`` could not check a site at all (as opposed to a fault it found).
enum SiteCheckError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A file or folder of the site could not be read.
  case unreadable(path: String, message: String)

  var description: String {
    switch self {
    case .unreadable(let path, let message):
      return "\(path): cannot read: \(message)"
    }
  }
}
