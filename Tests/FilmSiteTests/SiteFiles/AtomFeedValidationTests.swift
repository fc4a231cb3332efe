import FilmCatalog
import Foundation
import Testing

@testable import FilmSite

/// Feeds checked by real validators, as a feed reader's author would check them:
/// - jing, against RFC 4287's RELAX NG schema (Appendix B, kept in `AtomSchema/`);
/// - jing again, with the Schematron rules in that schema's annotations, which
///   trang takes out of it (jing runs no rules embedded in a RELAX NG schema);
/// - RFC 3339's grammar for every date, which the schema's `xsd:dateTime` does
///   not hold to (it allows a time with no offset), and RFC 3987's for every id,
///   which must be an absolute IRI.
///
/// `scripts/ensure-dependencies test` installs jing and trang (Debian). Without
/// them these tests fail, in CI and everywhere else.
@Suite struct AtomFeedValidationTests {
  private static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("AtomSchema/atom.rnc").path
  private static let installHint =
    "scripts/ensure-dependencies test installs Debian's jing and trang"

  @Test func theSampleCatalogsFeedIsValidAtom() throws {
    let films = try CatalogFile.load(
      path: Fixtures.repositoryRoot.appendingPathComponent("Catalog/films.json").path)
    var entries = AtomFeed.newestFilms(try films.map { ($0, try $0.route()) }, limit: 20)
    #expect(entries.count == 20)
    entries.append(
      FeedEntry(
        title: "About", route: Route(["about"]),
        updated: try #require(
          ContentDate(
            year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 0, offsetMinutes: 60)
        ),
        summary: "Who keeps this catalog, and why."))
    let feed = AtomFeed.file(
      title: "Films", baseURL: "https://example.org/films/", entries: entries)
    #expect(try Self.problems(in: feed) == [])
  }

  @Test func aHostileFeedIsValidAtom() throws {
    let corpus = try CatalogFile.load(
      path: Fixtures.repositoryRoot.appendingPathComponent(
        "Tests/FilmSiteCLITests/Fixtures/hostile-films.json"
      ).path)
    let hostile = [
      "</title><script>alert(1)</script>", "]]><![CDATA[", "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}",
      "\u{7F}\u{85}" + AtomFeedTests.scalars(0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE),
      "\u{202E}evil\u{202C}\u{2066}\u{200F}",
      "&amp; &#1; &lt; <!-- --> <?xml ?>", "e\u{301}\u{E000}\u{10FFFD} \u{D7FF}",
    ]
    let dated = hostile.enumerated().map { index, text in
      Film(id: "../\(index)", title: text, overview: text).with {
        $0.releaseDate = "2020-0\(index + 1)-01"
      }
    }
    let films = try (corpus + dated).map { ($0, try $0.route()) }
    var entries = AtomFeed.newestFilms(films, limit: 1_000)
    #expect(entries.count > dated.count)
    entries += hostile.enumerated().map { index, text in
      FeedEntry(
        title: text, route: Route(["notes", "n\(index)"]),
        updated: ContentDate(CalendarDay(daysSinceEpoch: index)), summary: text)
    }
    let feed = AtomFeed.file(
      title: hostile.joined(separator: " "), baseURL: "https://example.org/a&b/o'c/",
      entries: entries)
    #expect(try Self.problems(in: feed) == [])
  }

  /// Ways to break a valid feed, each of which one of the validators must catch.
  enum Breakage: String, CaseIterable {
    case noFeedID, noAuthor, entryWithoutLink, dateWithoutOffset, controlCharacter, relativeID

    /// The check whose report names the problem.
    var caughtBy: String {
      switch self {
      case .noFeedID, .controlCharacter: "RELAX NG"
      case .noAuthor, .entryWithoutLink: "Schematron"
      case .dateWithoutOffset: "RFC 3339"
      case .relativeID: "IRI"
      }
    }

    func apply(to feed: String) -> String {
      switch self {
      case .noFeedID:
        feed.replacingOccurrences(of: "  <id>https://example.org/</id>\n", with: "")
      case .noAuthor:
        feed.replacingOccurrences(of: "  <author><name>Films</name></author>\n", with: "")
      case .entryWithoutLink:
        feed.replacingOccurrences(
          of: "<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/a/\"/>",
          with: "")
      case .dateWithoutOffset:
        feed.replacingOccurrences(of: "T00:00:00Z", with: "T00:00:00")
      case .controlCharacter:
        feed.replacingOccurrences(of: "<title>A</title>", with: "<title>A\u{1}</title>")
      case .relativeID:
        feed.replacingOccurrences(of: "<id>https://example.org/a/</id>", with: "<id>a/</id>")
      }
    }
  }

  /// The feed that ``Breakage`` breaks.
  private static let unbroken = AtomFeed.file(
    title: "Films", baseURL: "https://example.org/",
    entries: [
      FeedEntry(
        title: "A", route: Route(["a"]), updated: ContentDate(CalendarDay(daysSinceEpoch: 0)))
    ])

  @Test func theFeedToBreakIsValid() throws {
    #expect(try Self.problems(in: Self.unbroken) == [])
  }

  @Test(arguments: Breakage.allCases)
  func theValidatorsCatchAFeedThatBreaksTheRFC(_ breakage: Breakage) throws {
    let text = String(decoding: Self.unbroken.contents, as: UTF8.self)
    let broken = breakage.apply(to: text)
    try #require(broken != text, "\(breakage) changed nothing")
    let problems = try Self.problems(in: OutputFile(path: AtomFeed.filePath, text: broken))
    #expect(problems.contains { $0.hasPrefix(breakage.caughtBy) }, "\(problems)")
  }

  /// What the validators find wrong with `feed`, one line a check that fails;
  /// none when it is valid.
  private static func problems(in feed: OutputFile) throws -> [String] {
    try Fixtures.withTemporaryDirectory { folder in
      let path = folder + "/" + feed.path
      try feed.contents.write(to: URL(fileURLWithPath: path))
      var problems: [String] = []
      let grammar = try run(["jing", "-c", schema, path])
      if grammar.status != 0 { problems.append("RELAX NG: " + grammar.report) }
      let rulesPath = folder + "/atom.sch"
      try schematron.get().write(toFile: rulesPath, atomically: true, encoding: .utf8)
      let rules = try run(["jing", rulesPath, path])
      if rules.status != 0 { problems.append("Schematron: " + rules.report) }
      let text = String(decoding: feed.contents, as: UTF8.self)
      for date in values(of: "updated", in: text) + values(of: "published", in: text)
      where date.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/) == nil {
        problems.append("RFC 3339: \(date) is not a date-time with an offset")
      }
      for id in values(of: "id", in: text)
      where id.prefixMatch(of: /[A-Za-z][A-Za-z0-9+.-]*:/) == nil {
        problems.append("IRI: the id \(id) is not an absolute IRI")
      }
      return problems
    }
  }

  /// The texts of every `<name>` element of `xml`, as written.
  private static func values(of name: String, in xml: String) -> [String] {
    xml.components(separatedBy: "<\(name)>").dropFirst().compactMap { part in
      part.range(of: "</\(name)>").map { String(part[..<$0.lowerBound]) }
    }
  }

  /// The Schematron schema of the rules annotating RFC 4287's RELAX NG schema,
  /// made once for every test.
  private static let schematron = Result { try schematronSchema() }

  /// Takes the rules out of RFC 4287's schema with trang, each into a pattern
  /// of its own, since a pattern applies only the first of its rules that
  /// matches an element.
  private static func schematronSchema() throws -> String {
    try Fixtures.withTemporaryDirectory { folder in
      let grammar = folder + "/atom.rng"
      let converted = try run(["trang", "-I", "rnc", "-O", "rng", schema, grammar])
      guard converted.status == 0 else {
        throw ToolFailure(description: "trang cannot convert atom.rnc: \(converted.report)")
      }
      // trang writes each rule's context as an attribute: `<s:rule context=…>`.
      let rules = try String(contentsOfFile: grammar, encoding: .utf8)
        .components(separatedBy: "<s:rule ").dropFirst().compactMap { part in
          part.range(of: "</s:rule>").map { "<s:rule " + part[..<$0.upperBound] }
        }
      guard rules.count == 3 else {
        throw ToolFailure(description: "RFC 4287's schema has 3 rules; trang gave \(rules.count)")
      }
      let patterns = rules.map { "  <s:pattern name=\"RFC 4287\">\($0)</s:pattern>\n" }
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        <s:schema xmlns:s="http://www.ascc.net/xml/schematron">
          <s:ns prefix="atom" uri="http://www.w3.org/2005/Atom"/>
        \(patterns.joined())</s:schema>

        """
    }
  }

  /// Runs a program found on PATH; a missing program fails the test.
  private static func run(_ arguments: [String]) throws -> (status: Int32, report: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus != 127 else {
      throw ToolFailure(description: "\(arguments[0]) is not on PATH: \(installHint)")
    }
    // Debian's jing script warns about optional jars it cannot find; those lines are not findings.
    let report = output.split(separator: "\n").filter { !$0.hasPrefix("[warning] /usr/bin/") }
    return (process.terminationStatus, report.joined(separator: " | "))
  }

  /// A validator that cannot run, which fails the test that needed it.
  struct ToolFailure: Error, CustomStringConvertible {
    let description: String
  }
}
