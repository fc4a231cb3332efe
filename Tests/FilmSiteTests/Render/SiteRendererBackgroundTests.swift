import Foundation
import Synchronization
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The name lists render in the background while the other pages are made;
/// a render that fails leaves none of that work running after it.
@Suite(.serialized) struct SiteRendererBackgroundTests {
  private struct Refused: Error {}

  /// The sink fails on the batch that has a file under `failing`: the
  /// search index, handed over first, or the theme's assets, after it.
  @Test(arguments: ["search/", "assets/"])
  func aRenderWhoseSinkFailsLeavesNoNameListRenderingAfterIt(failing: String) throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let renderer = SiteRenderer(theme: theme, configuration: SiteConfiguration())
    let films = (0..<20).map {
      Film(id: String($0), title: "F\($0)", year: 1990, director: "D\($0)", genres: ["G"])
    }
    let plan = try SitePlan(films: films, configuration: renderer.configuration)
    let namePaths = Set(plan.termsPages.map(\.route.filePath))
    #expect(namePaths.count >= 3)
    let returned = Mutex(false)
    let begun = Mutex(0)
    let looked = Mutex((before: 0, after: 0))
    // Each name list is asked for slowly, as a large cast's renders.
    let reuse = PageReuse(
      entry: { path, _ in
        guard namePaths.contains(path) else { return nil }
        begun.withLock { $0 += 1 }
        Thread.sleep(forTimeInterval: 0.3)
        let isAfter = returned.withLock { $0 }
        looked.withLock { counts in
          if isAfter { counts.after += 1 } else { counts.before += 1 }
        }
        return nil
      }, group: { _, _, _ in nil })
    #expect(throws: Refused.self) {
      try renderer.render(plan, reusing: reuse) { batch in
        guard batch.contains(where: { $0.path.hasPrefix(failing) }) else { return }
        // The sink fails once a name list has begun: the background work
        // may wait for a thread while other tests hold them.
        let deadline = Date.now.addingTimeInterval(60)
        while begun.withLock({ $0 }) == 0, Date.now < deadline {
          Thread.sleep(forTimeInterval: 0.01)
        }
        throw Refused()
      }
    }
    returned.withLock { $0 = true }
    Thread.sleep(forTimeInterval: 1.0)
    let counts = looked.withLock { $0 }
    #expect(counts.after == 0, "name lists looked at after the render failed: \(counts.after)")
    // The one begun was waited for, and those not begun when it failed were left.
    #expect(
      counts.before >= 1 && counts.before < namePaths.count,
      "\(counts.before) of \(namePaths.count) begun")
  }
}
