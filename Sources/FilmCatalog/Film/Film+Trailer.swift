extension Film {
  /// A film's trailer as a video site names it: the site (`YouTube`,
  /// `Vimeo`) and the video's key there. Pages make the watch URL from the
  /// two; the key alone never becomes a link.
  public struct Trailer: Hashable, Codable, Sendable {
    /// The site, as TMDB spells it: `YouTube` or `Vimeo`.
    public var site: String
    /// The video's key on that site: `dQw4w9WgXcQ`.
    public var key: String

    public init(site: String, key: String) {
      self.site = site
      self.key = key
    }
  }
}
