@testable import FilmSite

extension SiteState {
  /// The state in `bytes` after sealing them again: what a test that changes
  /// a line on purpose reads, to reach the checks of each line (which guard
  /// against a build's own mistakes) past the seal (which refuses any change
  /// made after the state was written).
  init?(resealing bytes: [UInt8]) {
    var sealed = bytes
    HeaderSeal.seal(&sealed)
    self.init(bytes: sealed)
  }
}
