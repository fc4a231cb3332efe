import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film page's description, Open Graph `video.movie` tags and Twitter card.
@Suite struct FilmMetaTagsTests {
  private static func tags(
    _ film: Film, baseURL: String? = MovieObjectTests.base,
    posterBaseURL: String = "https://img.example/w342", people: PersonLinks = PersonLinks()
  ) -> StructuredData {
    let configuration = SiteConfiguration(
      title: "Test & Films", posterBaseURL: posterBaseURL, baseURL: baseURL)
    return StructuredData.film(
      film, at: MovieObjectTests.route,
      contexts: PageContexts(configuration: configuration, markdown: MarkdownRenderer()),
      people: people)
  }

  @Test func aFullFilmGivesEveryTagInOrder() {
    let people = PersonLinks(
      director: { _ in Route(["directors", "the-examples"]) },
      actor: { $0 == "Ada Actor" ? Route(["cast", "ada-actor"]) : nil })
    #expect(
      Self.tags(MovieObjectTests.harbour, people: people).metaElements
        == """
        <meta name="description" content="A keeper learns the harbour is a dream.">
        <meta property="og:type" content="video.movie">
        <meta property="og:site_name" content="Test &amp; Films">
        <meta property="og:title" content="Night Harbour">
        <meta property="og:description" content="A keeper learns the harbour is a dream.">
        <meta property="og:url" content="https://films.example.org/films/1-night-harbour/">
        <meta property="og:image" content="https://img.example/w342/harbour.jpg">
        <meta property="og:image:alt" content="Poster of Night Harbour">
        <meta property="video:director" content="https://films.example.org/directors/the-examples/">
        <meta property="video:actor" content="https://films.example.org/cast/ada-actor/">
        <meta property="video:actor:role" content="Nell">
        <meta property="video:release_date" content="2001-03-31">
        <meta property="video:duration" content="8160">
        <meta property="video:tag" content="Action">
        <meta property="video:tag" content="Science Fiction">
        <meta name="twitter:card" content="summary_large_image">
        """)
  }

  @Test func withoutABaseURLTagsThatNeedAnAbsoluteURLAreLeftOut() {
    let people = PersonLinks(
      director: { _ in Route(["directors", "x"]) }, actor: { _ in Route(["cast", "x"]) })
    let keys = Self.tags(
      MovieObjectTests.harbour, baseURL: nil, posterBaseURL: "posters", people: people
    ).metaTags.map(\.key)
    for key in ["og:url", "og:image", "video:director", "video:actor"] {
      #expect(!keys.contains(key), "\(key)")
    }
    #expect(keys.contains("og:title"))
    #expect(keys.contains("video:release_date"))
    #expect(
      Self.tags(MovieObjectTests.harbour, baseURL: nil).metaTags.map(\.key).contains("og:image"))
  }

  @Test func aFilmWithoutAPosterGetsASummaryCardAndTheTaglineDescribesItWithoutAnOverview() {
    let film = Film(id: "1", title: "A").with { $0.tagline = " Be afraid. " }
    let tags = Self.tags(film).metaTags
    #expect(tags.contains(.name("twitter:card", "summary")))
    #expect(tags.contains(.name("description", "Be afraid.")))
    #expect(!tags.contains { $0.key == "og:image" })
  }

  @Test func aLongDescriptionIsShortenedInTagsButWholeInJSONLD() throws {
    let overview = String(repeating: "word ", count: 200)
    let data = Self.tags(Film(id: "1", title: "A", overview: overview))
    let description = try #require(data.metaTags.first { $0.key == "description" })
    #expect(description.content.count <= FilmMetadata.descriptionLimit)
    #expect(description.content.hasSuffix("word…"))
    guard case .object(let movie) = data.jsonLD else {
      Issue.record("no Movie")
      return
    }
    #expect(movie["description"] == .string(overview.trimmingSpaces()))
  }

  @Test func everyValueIsEscapedForTheAttributeItLandsIn() throws {
    let film = Film(
      id: "1", title: #""><script>alert(1)</script>"#, year: 2000,
      genres: [#"' onfocus='x"#], overview: "<img src=x onerror=alert(1)> & \"quoted\""
    ).with { $0.cast = [.init(name: "A", character: #""><b>"#)] }
    let html = try #require(
      Self.tags(film, people: PersonLinks(actor: { _ in Route(["cast", "a"]) })).metaElements)
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
    #expect(!html.contains("<b>"))
    #expect(html.contains(#"content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#))
    #expect(html.contains(#"content="&#39; onfocus=&#39;x""#))
    #expect(html.contains(#"<meta property="video:actor:role" content="&quot;&gt;&lt;b&gt;">"#))
    // Every line is one element with exactly two quoted attributes.
    for line in html.split(separator: "\n") {
      #expect(line.hasPrefix("<meta ") && line.hasSuffix("\">"), "\(line)")
      #expect(line.filter { $0 == "\"" }.count == 4, "\(line)")
    }
  }

  @Test func aRunningTimeTooLargeForSecondsHasNoDuration() {
    let tags = Self.tags(Film(id: "1", title: "A", runtime: Int.max)).metaTags
    #expect(!tags.contains { $0.key == "video:duration" })
  }
}
