extension Film {
  /// One billed performer: the person, and the part they play when the
  /// source gives it. A film's cast is in billing order, top billed first.
  public struct CastMember: Hashable, Codable, Sendable {
    public var name: String
    /// The part, `nil` when the source does not say.
    public var character: String?

    public init(name: String, character: String? = nil) {
      self.name = name
      self.character = character
    }
  }
}
