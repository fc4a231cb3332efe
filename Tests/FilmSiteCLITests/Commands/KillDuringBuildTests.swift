import Foundation
import Testing

@testable import FilmCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL at any instant of a build leaves `Output/` holding a complete site, old or new.
@Suite struct KillDuringBuildTests {
  private static let filmCount = 20_000

  private func writeLargeCatalog(to url: URL) throws {
    let films = (1...Self.filmCount).map { number in
      Film(
        id: String(number), title: "Synthetic film \(number)", year: 1900 + number % 120,
        runtime: 80 + number % 90, director: "Director \(number % 300)", genres: ["Drama"],
        overview: "An *overview* for film \(number), long enough to be a paragraph of real text.")
    }
    try JSONEncoder().encode(films).write(to: url)
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

  @Test func killedBuildsLeaveACompleteOldOrNewSite() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("large.json")
      try writeLargeCatalog(to: catalog)
      let output = directory.appendingPathComponent("Output")

      // How long a whole build of the large catalog over the sample site takes here.
      let sample = try FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      #expect(sample.status == 0, "\(sample.stderr)")
      let start = ContinuousClock.now
      let full = try FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output.path,
      ])
      let duration = ContinuousClock.now - start
      #expect(full.status == 0, "\(full.stderr)")

      var outcomes: [Int: Int] = [:]
      for tenth in 1...9 {
        let reset = try FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try site(in: output) == (113, true))

        let process = Process()
        process.executableURL = FilmSiteProcess.executable
        process.arguments = [
          "build", "--catalog", catalog.path, "--output", output.path, "--quiet",
        ]
        process.currentDirectoryURL = FilmSiteProcess.repositoryRoot
        try process.run()
        Thread.sleep(
          forTimeInterval: Double(duration.components.seconds) * Double(tenth) / 10
            + Double(duration.components.attoseconds) / 1e19 * Double(tenth))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

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

      let finish = try FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output.path,
      ])
      #expect(finish.status == 0, "\(finish.stderr)")
      let final = try site(in: output)
      #expect(final.films == Self.filmCount && final.complete, "\(final)")
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(leftovers.sorted() == ["Output", "large.json"])
    }
  }
}
