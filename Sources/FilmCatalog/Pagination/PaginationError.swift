/// A page that could not be loaded, so the film list would be incomplete.
public struct PaginationError: Error, CustomStringConvertible, Sendable {
  /// The page number, from 1.
  public let page: Int
  /// What the source threw.
  public let underlying: any Error

  init(page: Int, underlying: any Error) {
    self.page = page
    self.underlying = underlying
  }

  public var description: String {
    "page \(page): \(underlying)"
  }
}
