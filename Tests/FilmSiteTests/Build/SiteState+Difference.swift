import Foundation

@testable import FilmSite

extension SiteState {
  /// How the state the rebuild left for the next build differs from a fresh
  /// build's, however much of it the rebuild kept from the last; `nil` when
  /// they say the same of every film and term. (The search index's chunks are
  /// left out: a rebuild that reuses the whole index has none to record.)
  static func difference(_ rebuilt: String, fresh: String) -> String? {
    let read = { (path: String) in
      FileManager.default.contents(atPath: path).flatMap { SiteState(bytes: Array($0)) }
    }
    switch (read(rebuilt), read(fresh)) {
    case (nil, nil): return nil
    case (let rebuilt?, let fresh?):
      let header = { (state: SiteState) in
        [state.fingerprint, state.settings, state.filmsKey, state.pageSite].map(\.description)
          + [String(state.files), String(state.count)]
      }
      guard header(rebuilt) == header(fresh) else {
        return "the state's header is \(header(rebuilt)), a fresh build's \(header(fresh))"
      }
      for offset in 0..<fresh.count where rebuilt.record(at: offset) != fresh.record(at: offset) {
        return "the state's film \(offset) is \(String(describing: rebuilt.record(at: offset))), "
          + "a fresh build's \(String(describing: fresh.record(at: offset)))"
      }
      // The digest of a film's links, which a rebuild may keep without making them.
      for offset in 0..<fresh.count
      where rebuilt.linksDigest(at: offset) != fresh.linksDigest(at: offset) {
        return "the state's film \(offset) has another links' digest than a fresh build's"
      }
      for kind in SiteState.keptKinds where rebuilt.terms(of: kind) != fresh.terms(of: kind) {
        return "the state's \(kind) terms differ from a fresh build's"
      }
      return nil
    case (let rebuilt, _):
      return rebuilt == nil ? "the rebuild left no state" : "a fresh build left no state"
    }
  }
}
