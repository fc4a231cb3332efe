import Foundation
import Synchronization
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The name lists render in the background while the other pages are made;
/// a render that fails leaves none of that work running after it.
@Suite struct SiteRendererBackgroundTests {
  private struct Refused: Error {}

  @Test func aRenderWhoseSinkFailsLeavesNoNameListRenderingAfterIt() throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let renderer = SiteRenderer(theme: theme, configuration: SiteConfiguration())
    let films = (0..<20).map {
      Film(id: String($0), title: "F\($0)", year: 1990, director: "D\($0)", genres: ["G"])
    }
    let plan = try SitePlan(films: films, configuration: renderer.configuration)
    let namePaths = Set(plan.termsPages.map(\.route.filePath))
    #expect(namePaths.count >= 3)
    let returned = Mutex(false)
    let looked = Mutex((before: 0, after: 0))
    // Each name list is asked for slowly, as a large cast's renders.
    let reuse = PageReuse(
      entry: { path, _ in
        guard namePaths.contains(path) else { return nil }
        Thread.sleep(forTimeInterval: 0.3)
        let isAfter = returned.withLock { $0 }
        looked.withLock { counts in
          if isAfter { counts.after += 1 } else { counts.before += 1 }
        }
        return nil
      }, group: { _, _, _ in nil })
    #expect(throws: Refused.self) {
      try renderer.render(plan, reusing: reuse) { batch in
        // The search index is handed over first; the theme's assets once the name lists began.
        if batch.isEmpty || batch.contains(where: { $0.path.hasPrefix("assets/") }) {
          throw Refused()
        }
      }
    }
    returned.withLock { $0 = true }
    Thread.sleep(forTimeInterval: 1.0)
    let counts = looked.withLock { $0 }
    #expect(counts.after == 0, "name lists looked at after the render failed: \(counts.after)")
    // Those not begun when it failed were left.
    #expect(counts.before < namePaths.count, "\(counts.before) of \(namePaths.count) begun")
  }
}
