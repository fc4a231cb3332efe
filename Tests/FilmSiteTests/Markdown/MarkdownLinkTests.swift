import Testing

@testable import FilmSite

/// Links to films (`film:426`) and content pages (`@/about.md`) get the URL
/// the resolver returns, keep their fragment, and every other destination is
/// left as cmark makes it.
@Suite struct MarkdownLinkTests {
  /// A resolver that knows a few films and pages, with the URLs a page one
  /// folder down would use.
  private static func resolve(_ link: MarkdownLink) -> String? {
    switch link.target {
    case .film(let id):
      let films = ["426": "426-vertigo", "9": "9-rope", "a b": "_612062", "Amélie": "_416d"]
      return films[id].map { "../films/\($0)/" }
    case .page(let path):
      let pages = ["about.md": "../about/", "festival/2026.md": "../festival/2026/"]
      return pages[path]
    }
  }

  private func html(_ markdown: String) throws(MarkdownLinkError) -> String {
    try MarkdownRenderer().html(from: markdown, resolvingLinks: Self.resolve)
  }

  /// The one link of `markdown` that the resolver is asked about.
  private func target(of markdown: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> MarkdownLink.Target?
  {
    var seen: [MarkdownLink] = []
    _ = try? MarkdownRenderer().html(from: markdown) { link in
      seen.append(link)
      return nil
    }
    #expect(seen.count <= 1, sourceLocation: sourceLocation)
    return seen.first?.target
  }

  @Test func filmLinksGetTheResolversURL() throws {
    #expect(
      try html("[Vertigo](film:426)") == "<p><a href=\"../films/426-vertigo/\">Vertigo</a></p>\n")
  }

  @Test func pageLinksGetTheResolversURL() throws {
    #expect(
      try html("[About](@/about.md) and [Programme](@/festival/2026.md \"This year\")")
        == "<p><a href=\"../about/\">About</a> and "
        + "<a href=\"../festival/2026/\" title=\"This year\">Programme</a></p>\n")
  }

  @Test func fragmentsAreKept() throws {
    #expect(
      try html("[c](film:426#cast)") == "<p><a href=\"../films/426-vertigo/#cast\">c</a></p>\n")
    #expect(try html("[t](@/about.md#the-team)") == "<p><a href=\"../about/#the-team\">t</a></p>\n")
    // An empty fragment is none.
    #expect(try html("[e](film:426#)") == "<p><a href=\"../films/426-vertigo/\">e</a></p>\n")
    let links = try MarkdownRenderer().links(in: "[c](film:426#cast) [e](@/about.md#)")
    #expect(links.map(\.fragment) == ["cast", nil])
    #expect(links.map(\.destination) == ["film:426#cast", "@/about.md#"])
  }

  @Test func referenceLinksAndAutolinksAreResolvedToo() throws {
    #expect(
      try html("[Rope][ref] and <film:426>\n\n[ref]: film:9")
        == "<p><a href=\"../films/9-rope/\">Rope</a> and "
        + "<a href=\"../films/426-vertigo/\">film:426</a></p>\n")
  }

  @Test(arguments: [
    "[a](https://example.com/film:426)", "[b](about.md)", "[c](#top)", "[d](mailto:x@y.z)",
    "[e](/@/about.md)", "[f](films:426)", "[g](javascript:alert(1))", "<https://example.org>",
    "[h](film) [i](fil:1) [j](@about.md)",
  ])
  func otherDestinationsAreLeftAsCmarkMakesThem(markdown: String) throws {
    var asked = 0
    let resolved = try MarkdownRenderer().html(from: markdown) { _ in
      asked += 1
      return "resolved"
    }
    #expect(resolved == MarkdownRenderer().html(from: markdown))
    #expect(asked == 0)
  }

  @Test func theSchemeIsReadInAnyCase() throws {
    #expect(try html("[V](FILM:426)") == "<p><a href=\"../films/426-vertigo/\">V</a></p>\n")
    #expect(target(of: "[V](Film:9)") == .film(id: "9"))
  }

  @Test func percentEscapesAndSpacesNameTheSameFilm() throws {
    #expect(target(of: "[x](<film:a b>)") == .film(id: "a b"))
    #expect(target(of: "[x](film:a%20b)") == .film(id: "a b"))
    #expect(target(of: "[x](film:Amélie)") == .film(id: "Amélie"))
    #expect(target(of: "[x](film:Am%C3%A9lie)") == .film(id: "Amélie"))
    #expect(target(of: "[x](@/festival%2F2026.md)") == .page(path: "festival/2026.md"))
    // Escapes that decode to no UTF-8 (or are not escapes) are kept as written.
    #expect(target(of: "[x](film:%FF%FE)") == .film(id: "%FF%FE"))
    #expect(target(of: "[x](film:50%)") == .film(id: "50%"))
    // A combining mark after the scheme or `#` stays with what follows.
    #expect(target(of: "[x](film:\u{301}1)") == .film(id: "\u{301}1"))
    let marked = try MarkdownRenderer().links(in: "[x](film:1#\u{301}a)")
    #expect(marked.map(\.target) == [.film(id: "1")])
    #expect(marked.map(\.fragment) == ["\u{301}a"])
    // Markdown's own escapes are undone before the link is read.
    #expect(target(of: "[x](film:a\\_b&amp;c)") == .film(id: "a_b&c"))
    #expect(
      try html("[x](<film:a b>)") == "<p><a href=\"../films/_612062/\">x</a></p>\n")
  }

  @Test func hostileFilmIDsReachTheResolverAsTheyAreAndFailWhenUnknown() throws {
    for (markdown, id) in [
      ("[x](film:../../etc/passwd)", "../../etc/passwd"),
      ("[x](film:\"><script>alert(1)</script>)", "\"><script>alert(1)</script>"),
      ("[x](<film:a\u{202E}b>)", "a\u{202E}b"),
    ] {
      #expect(target(of: markdown) == .film(id: id))
      #expect(throws: MarkdownLinkError.self) { try html(markdown) }
    }
    // The message shows no markup-breaking or terminal-changing character raw.
    do {
      _ = try html("[x](<film:a\u{1B}[2Jb\u{202E}c>)")
      Issue.record("an unknown film was resolved")
    } catch {
      #expect(error.description == "1:1: no film has the id \"a [2Jb c\" (link film:a [2Jb c)")
    }
  }

  @Test(arguments: [
    "@/../../secret.md", "@/", "@//etc/passwd.md", "@/a//b.md", "@/./about.md", "@/a/..",
    "@/a/%2E%2E/%2E%2E/secret.md", "@/a%00b.md", "@/../\u{301}secret.md", "@/a/..%2F..%2Fb.md",
  ])
  func pagePathsThatCouldLeaveTheContentFolderAreRefused(destination: String) {
    var asked = 0
    #expect(
      throws: MarkdownLinkError(faults: [
        .init(destination: destination, line: 1, column: 3, reason: .notAPagePath)
      ])
    ) {
      try MarkdownRenderer().html(from: "x [y](\(destination))") { _ in
        asked += 1
        return "../about/"
      }
    }
    #expect(asked == 0)
  }

  @Test func filmWithoutAnIDIsAFault() {
    #expect(
      throws: MarkdownLinkError(faults: [
        .init(destination: "film:", line: 1, column: 1, reason: .missingFilmID),
        .init(destination: "film:#cast", line: 1, column: 12, reason: .missingFilmID),
      ])
    ) { try html("[x](film:) [y](film:#cast)") }
  }

  @Test func theResolversURLIsEscapedByCmark() throws {
    let hostile = #""><script>alert(1)</script>&x='y'"#
    let html = try MarkdownRenderer().html(from: "[x](film:426#a\"b)") { _ in hostile }
    #expect(!html.contains("<script"))
    #expect(
      html
        == "<p><a href=\"%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;x=&#x27;y&#x27;#a%22b\">x</a></p>\n"
    )
    // Safe mode still drops a dangerous URL, wherever it came from.
    let script = try MarkdownRenderer().html(from: "[x](film:426)") { _ in "javascript:alert(1)" }
    #expect(script == "<p><a href=\"\">x</a></p>\n")
  }

  @Test func imagesOfFilmsOrPagesAreFaultsAndOtherImagesStay() throws {
    #expect(
      throws: MarkdownLinkError(faults: [
        .init(destination: "film:426", line: 1, column: 1, reason: .image),
        .init(destination: "@/about.md", line: 2, column: 3, reason: .image),
      ])
    ) { try html("![x](film:426)\n- ![y](@/about.md)") }
    let poster = "![Poster](poster.jpg \"342x513\") [V](film:426)"
    #expect(
      try MarkdownRenderer().pageHTML(from: Array(poster.utf8), resolvingLinks: Self.resolve)
        == Array(
          (#"<p><img src="poster.jpg" alt="Poster" width="342" height="513" loading="lazy" /> "#
            + "<a href=\"../films/426-vertigo/\">V</a></p>\n").utf8))
  }

  @Test func everyFaultIsReportedInDocumentOrder() {
    let markdown = "[a](film:1) [b](film:426)\n\n- [c](@/nope.md)\n- [d][r]\n\n[r]: film:2\n"
    let expected = MarkdownLinkError(faults: [
      .init(destination: "film:1", line: 3, column: 1, reason: .unknownFilm(id: "1")),
      .init(destination: "@/nope.md", line: 5, column: 3, reason: .unknownPage(path: "nope.md")),
      .init(destination: "film:2", line: 6, column: 3, reason: .unknownFilm(id: "2")),
    ])
    #expect(throws: expected) {
      try MarkdownRenderer().html(from: markdown, firstLine: 3, resolvingLinks: Self.resolve)
    }
    #expect(
      expected.description
        == """
        3:1: no film has the id "1" (link film:1)
        5:3: no page content/nope.md (link @/nope.md)
        6:3: no film has the id "2" (link film:2)
        """)
  }

  @Test func linksAreListedWithoutRenderingAndWithoutAResolver() throws {
    let markdown = "[a](film:1) [b](https://x.y)\n\n> [c](@/about.md#team) <film:426>\n"
    let links = try MarkdownRenderer().links(in: markdown, firstLine: 4)
    #expect(links.map(\.target) == [.film(id: "1"), .page(path: "about.md"), .film(id: "426")])
    #expect(links.map(\.line) == [4, 6, 6])
    #expect(links.map(\.column) == [1, 3, 24])
    // What the resolver is asked about is the same list.
    var asked: [MarkdownLink] = []
    _ = try? MarkdownRenderer().html(from: markdown, firstLine: 4) { link in
      asked.append(link)
      return nil
    }
    #expect(asked == links)
    // Faults that do not depend on what exists are thrown.
    #expect(throws: MarkdownLinkError.self) { try MarkdownRenderer().links(in: "![x](film:1)") }
    #expect(throws: MarkdownLinkError.self) { try MarkdownRenderer().links(in: "[x](@/../a.md)") }
    #expect(try MarkdownRenderer().links(in: "").isEmpty)
  }

  @Test func theArenaAndMallocResolveToTheSameBytes() throws {
    let markdown = String(
      repeating: "Some *text* with [Vertigo](film:426#x) and [About](@/about.md). ", count: 2_000)
    let arena = try MarkdownRenderer(memory: .threadArena).pageHTML(
      from: Array(markdown.utf8), resolvingLinks: Self.resolve)
    let system = try MarkdownRenderer(memory: .system).pageHTML(
      from: Array(markdown.utf8), resolvingLinks: Self.resolve)
    #expect(arena == system)
    #expect(arena.count > markdown.utf8.count)
  }
}
