import Foundation
import Testing

/// Runs `filmsite check` on sites built by the `filmsite` binary.
@Suite struct CheckCommandEndToEndTests {
  /// The index page of `site` that links to the film folder `film`, and the link it uses.
  private func indexPage(linking film: String, in site: URL) -> (page: String, link: String)? {
    for page in FilmSiteProcess.files(in: site)
    where page == "index.html" || page.hasPrefix("page/") {
      let link = (page == "index.html" ? "" : "../../") + film
      let html = try? String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
      if html?.contains("href=\"\(link)\"") == true { return (page, link) }
    }
    return nil
  }

  @Test func sampleSiteChecksCleanAndADeletedFilmPageIsABrokenLink() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let built = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      #expect(built.status == 0, "\(built.stderr)")

      let clean = try await FilmSiteProcess.run(["check", "--output", output.path])
      #expect(clean.status == 0, "\(clean.stderr)")
      #expect(clean.stderr.isEmpty)
      #expect(clean.stdout.hasPrefix("Checked 799 pages and "), "\(clean.stdout)")
      #expect(clean.stdout.hasSuffix(" links: 0 problems\n"), "\(clean.stdout)")

      let listing = try #require(indexPage(linking: "films/194-amelie/", in: output))
      try FileManager.default.removeItem(
        at: output.appendingPathComponent("films/194-amelie/index.html"))
      let broken = try await FilmSiteProcess.run(["check", "--output", output.path])
      #expect(broken.status == 1)
      #expect(broken.stdout.isEmpty)
      let lines = broken.stderr.split(separator: "\n").map(String.init)
      // The index page, the film's genre, director and year pages and its search entries
      // all lead to it; every fault names it.
      #expect(lines.contains("\(listing.page): broken link \"\(listing.link)\" (no such file)"))
      #expect(
        lines.contains(
          #"genres/comedy/index.html: broken link "../../films/194-amelie/" (no such file)"#))
      #expect(
        lines.contains(#"search/am.json: film URL "films/194-amelie/" is not a film's page"#))
      #expect(lines.dropLast().allSatisfy { $0.contains("films/194-amelie/") }, "\(broken.stderr)")
      #expect(lines.last?.hasPrefix("Checked 798 pages and ") == true)
      #expect(lines.last?.hasSuffix(" links: \(lines.count - 1) problems") == true)
    }
  }

  @Test func aMissingOutputFolderFails() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let missing = directory.appendingPathComponent("Output").path
      let result = try await FilmSiteProcess.run(["check", "--output", missing])
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          \(missing): no such folder (build the site first)
          Checked 0 pages and 0 links: 1 problem

          """)
    }
  }

  @Test(arguments: [
    (
      ["check", "--outptu", "x"],
      "filmsite check: unknown option '--outptu' (see 'filmsite check --help')\n"
    ),
    (["check", "Output"], "filmsite check: unexpected argument 'Output'\n"),
    (["check", "--output"], "filmsite check: option '--output' needs a value\n"),
  ])
  func usageErrorsExitWith64(arguments: [String], message: String) async throws {
    let result = try await FilmSiteProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == message)
  }

  @Test func helpNamesTheCommandAndItsOption() async throws {
    let help = try await FilmSiteProcess.run(["check", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: filmsite check [options]"))
    #expect(help.stdout.contains("--output <dir>"))
    #expect(try await FilmSiteProcess.run(["help", "check"]).stdout == help.stdout)
    #expect(try await FilmSiteProcess.run(["--help"]).stdout.contains("  check "))
  }
}
