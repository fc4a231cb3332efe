import Foundation
import Testing

@testable import FilmCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL at any instant of a build leaves `Output/` holding a complete site, old or new.
@Suite struct KillDuringBuildTests {
  /// Large enough that a build of the debug binary lasts seconds, so that the nine kills land
  /// in every stage (planning, rendering, staging, the swap, removing the old site); 5,000
  /// films, a quarter of what it once was, keep that and cost CI a quarter as much.
  private static let filmCount = 5_000

  private func writeLargeCatalog(to url: URL) throws {
    try JSONEncoder().encode((1...Self.filmCount).map { film($0) }).write(to: url)
  }

  private func film(
    _ number: Int, title: String? = nil, overview: String? = nil
  ) -> Film {
    Film(
      id: String(number), title: title ?? "Synthetic film \(number)", year: 1900 + number % 120,
      runtime: 80 + number % 90, director: "Director \(number % 300)", genres: ["Drama"],
      overview: overview
        ?? "An *overview* for film \(number), long enough to be a paragraph of real text.")
  }

  /// Starts a build of `catalog` into `output` and kills it (SIGKILL) `delay` later.
  /// The wait and the kill run off the concurrency pool (``offThePool(_:)``).
  private func buildKilled(catalog: URL, output: URL, after delay: Duration) async throws {
    try await offThePool {
      let process = Process()
      process.executableURL = FilmSiteProcess.executable
      process.arguments = ["build", "--catalog", catalog.path, "--output", output.path, "--quiet"]
      process.currentDirectoryURL = FilmSiteProcess.repositoryRoot
      try process.run()
      Thread.sleep(
        forTimeInterval: Double(delay.components.seconds)
          + Double(delay.components.attoseconds) / 1e18)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// The files of the site in `output`, and whether they are exactly those its manifest lists.
  private func site(in output: URL) throws -> (films: Int, complete: Bool) {
    let manifest = try String(
      contentsOf: output.appendingPathComponent(".filmsite-manifest"), encoding: .utf8)
    // Lines other than the header, fingerprint and page counts (which start with "#"):
    // path, hash, size, time.
    let listed = Set(
      manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
        $0.split(separator: "\t").first.map(String.init)
      })
    let present = Set(FilmSiteProcess.files(in: output)).subtracting([".filmsite-manifest"])
    let films = listed.filter { $0.hasPrefix("films/") }.count
    return (films, listed == present)
  }

  @Test func killedBuildsLeaveACompleteOldOrNewSite() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("large.json")
      try writeLargeCatalog(to: catalog)
      let output = directory.appendingPathComponent("Output")

      // How long a whole build of the large catalog over the sample site takes here.
      let sample = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      #expect(sample.status == 0, "\(sample.stderr)")
      let full = try await FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output.path,
      ])
      let duration = full.duration
      #expect(full.status == 0, "\(full.stderr)")

      var outcomes: [Int: Int] = [:]
      for tenth in 1...9 {
        let reset = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try site(in: output) == (113, true))

        try await buildKilled(catalog: catalog, output: output, after: duration * tenth / 10)

        let state = try site(in: output)
        #expect(
          state.complete, "after a kill at \(tenth)/10 of a build, Output is not a whole site")
        #expect(
          state.films == 113 || state.films == Self.filmCount, "\(state.films) films after a kill")
        outcomes[state.films, default: 0] += 1
      }
      // At least one kill must have met the build before its swap (the early ones always do),
      // or this test would not be testing anything. Later kills meet it while it stages, while
      // it swaps, or while it removes the previous site; which, depends on this machine's speed.
      #expect(outcomes[113, default: 0] > 0, "\(outcomes)")

      let finish = try await FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output.path,
      ])
      #expect(finish.status == 0, "\(finish.stderr)")
      let final = try site(in: output)
      #expect(final.films == Self.filmCount && final.complete, "\(final)")
      // Beside the site only the spare the next build updates, the state it
      // starts from and the films' rows: no lock, no half-made tree or file.
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(
        leftovers.sorted() == [
          ".Output.filmsite-rows", ".Output.filmsite-staging", ".Output.filmsite-state", "Output",
          "large.json",
        ])
      #expect(try site(in: directory.appendingPathComponent(".Output.filmsite-staging")).complete)
    }
  }

  /// A rebuild that changes a few films updates the spare beside `Output/` by
  /// differences and then swaps it in: a kill at any instant of that still
  /// leaves the old or the new site, whole, and the next build's site is
  /// byte for byte a fresh build's.
  @Test func killedIncrementalBuildsLeaveACompleteSiteAndTheNextIsExact() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let first = directory.appendingPathComponent("first.json")
      let second = directory.appendingPathComponent("second.json")
      try writeLargeCatalog(to: first)
      // The second catalog: one film with a new overview, one retitled (it moves in
      // the order and its folder changes), one gone.
      let edited = (1...Self.filmCount).compactMap { number -> Film? in
        switch number {
        case 10: film(number, overview: "A changed overview.")
        case 20: film(number, title: "Aaa retitled")
        case 30: nil
        default: film(number)
        }
      }
      try JSONEncoder().encode(edited).write(to: second)
      let output = directory.appendingPathComponent("Output")
      let build = { (catalog: URL) in
        try await FilmSiteProcess.run(["build", "--catalog", catalog.path, "--output", output.path])
      }
      // Two builds, so that the spare exists; then a timed one that uses it.
      #expect(try await build(first).status == 0)
      #expect(try await build(second).status == 0)
      let timed = try await build(first)
      #expect(timed.status == 0)
      let duration = timed.duration

      var catalog = second
      for tenth in 1...9 {
        try await buildKilled(catalog: catalog, output: output, after: duration * tenth / 10)
        let state = try site(in: output)
        #expect(state.complete, "after a kill at \(tenth)/10 of a rebuild, Output is not whole")
        let fewer = Self.filmCount - 1
        #expect(state.films == Self.filmCount || state.films == fewer, "\(state.films) films")
        // Go on from the site there: the next build makes the other one.
        catalog = state.films == fewer ? first : second
      }

      #expect(try await build(second).status == 0)
      let fresh = directory.appendingPathComponent("Fresh")
      let built = try await FilmSiteProcess.run([
        "build", "--catalog", second.path, "--output", fresh.path,
      ])
      #expect(built.status == 0, "\(built.stderr)")
      let files = FilmSiteProcess.files(in: output)
      #expect(files == FilmSiteProcess.files(in: fresh))
      for path in files where path != ".filmsite-manifest" {
        let incremental = try Data(contentsOf: output.appendingPathComponent(path))
        #expect(
          incremental == (try Data(contentsOf: fresh.appendingPathComponent(path))), "\(path)")
      }
    }
  }
}
