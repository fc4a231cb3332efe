/// A credit that a site built from a source must show, such as the notice
/// TMDB's terms ask for.
public struct Attribution: Codable, Sendable, Equatable {
  /// The notice, as plain text.
  public let text: String
  /// The page the notice links to.
  public let url: String

}
