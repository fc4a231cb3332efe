import Foundation
import Testing

/// Builds a small catalog with the `filmsite` binary and reads the pages back
/// with an independent extractor, `extruct` from PyPI (which scripts/test
/// installs): the JSON-LD and the Open Graph tags it finds must say what the
/// films say, and URLs must appear only with `--base-url`.
@Suite struct StructuredDataEndToEndTests {
  private static let base = "https://films.example.org/sub/"
  private static let hostile = "</script><script>alert(1)</script> <!-- & \u{2028} end"

  /// Made-up films: one with every field, one whose text attacks the page, one bare.
  private static var films: [[String: Any]] {
    [
      [
        "id": "101", "title": "Night Harbour", "year": 2001, "runtime": 136,
        "director": "Ann Example & Bo Example", "genres": ["Drama", "Mystery"],
        "overview": "A keeper learns the harbour is a *dream*.", "posterPath": "/harbour.jpg",
        "release_date": "2001-03-31", "vote_average": 7.46, "vote_count": 1200,
        "cast": (1...12).map { ["name": "Actor \($0)", "character": "Part \($0)"] },
        "trailer": ["site": "YouTube", "key": "abcDEF12345"], "imdb_id": "tt0000000",
        "tagline": "Nobody leaves.",
      ],
      [
        "id": "102", "title": "Hostile " + hostile, "year": 2002, "director": "D " + hostile,
        "genres": ["G " + hostile], "overview": "Overview `" + hostile + "`",
        "tagline": "Tagline " + hostile, "cast": [["name": "Cast " + hostile]],
      ],
      ["id": "103", "title": "Bare"],
    ]
  }

  /// What extruct finds on one page: its JSON-LD objects, and its Open
  /// Graph properties in page order.
  private struct Found {
    let jsonLD: [[String: Any]]
    let openGraph: [(key: String, value: String)]

    func values(_ key: String) -> [String] { openGraph.filter { $0.key == key }.map(\.value) }
  }

  /// Builds the catalog (3 films, 2 a page) into a new folder and returns
  /// what extruct finds on every page, by path, with the output folder.
  private func buildAndExtract(baseURL: String?, in directory: URL) async throws -> [String: Found]
  {
    let catalog = directory.appendingPathComponent("films.json")
    try JSONSerialization.data(withJSONObject: Self.films).write(to: catalog)
    let output = directory.appendingPathComponent("Output")
    let built = try await FilmSiteProcess.run(
      ["build", "--catalog", catalog.path, "--output", output.path, "--quiet", "--page-size", "2"]
        + (baseURL.map { ["--base-url", $0] } ?? []))
    try #require(built.status == 0, "\(built.stderr)")
    let extracted = directory.appendingPathComponent("extracted.json")
    let result = try await FilmSiteProcess.runTool([
      "python3", "-c", Self.extractor, output.path, extracted.path,
    ])
    try #require(result.status == 0, "\(result.output)")
    let pages = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: extracted)) as? [String: Any])
    return pages.compactMapValues { page in
      guard let page = page as? [String: Any], let jsonLD = page["jsonld"] as? [[String: Any]],
        let properties = page["og"] as? [[String]]
      else { return nil }
      return Found(
        jsonLD: jsonLD,
        openGraph: properties.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
    }
  }

  /// Writes `{path: {"jsonld": [...], "og": [[key, value], ...]}}` for every page below argv[1].
  private static let extractor = """
    import extruct, json, os, sys
    root, out = sys.argv[1], sys.argv[2]
    pages = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith('.html'):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8') as f:
                    found = extruct.extract(f.read(), syntaxes=['json-ld', 'opengraph'], uniform=False)
                pages[os.path.relpath(path, root)] = {
                    'jsonld': found['json-ld'],
                    'og': [p for group in found['opengraph'] for p in group['properties']],
                }
    with open(out, 'w', encoding='utf-8') as f:
        json.dump(pages, f)
    """

  private func filmPage(_ id: String, in pages: [String: Found]) throws -> (String, Found) {
    let page = pages.first { $0.key.hasPrefix("films/\(id)-") }
    return try #require(page.map { ($0.key, $0.value) }, "no page for film \(id)")
  }

  private func names(_ people: Any?) -> [String] {
    (people as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test func aFilmsPageCarriesItsMovieAndOpenGraphTagsWithAbsoluteURLs() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let pages = try await buildAndExtract(baseURL: Self.base, in: directory)
      let (path, found) = try filmPage("101", in: pages)
      let pageURL = Self.base + path.dropLast("index.html".count)
      try #require(found.jsonLD.count == 1)
      let movie = found.jsonLD[0]
      #expect(movie["@type"] as? String == "Movie")
      #expect(movie["name"] as? String == "Night Harbour")
      #expect(movie["url"] as? String == pageURL)
      #expect(movie["image"] as? String == "https://image.tmdb.org/t/p/w342/harbour.jpg")
      #expect(movie["datePublished"] as? String == "2001-03-31")
      #expect(names(movie["director"]) == ["Ann Example", "Bo Example"])
      #expect(names(movie["actor"]) == (1...10).map { "Actor \($0)" })
      #expect(movie["duration"] as? String == "PT2H16M")
      #expect(movie["genre"] as? [String] == ["Drama", "Mystery"])
      #expect(movie["description"] as? String == "A keeper learns the harbour is a dream.")
      let rating = try #require(movie["aggregateRating"] as? [String: Any])
      #expect(rating["ratingValue"] as? Double == 7.5)
      #expect(rating["ratingCount"] as? Int == 1200)
      #expect(rating["bestRating"] as? Int == 10)
      #expect(rating["worstRating"] as? Int == 0)
      let trailer = try #require(movie["trailer"] as? [String: Any])
      #expect(trailer["@type"] as? String == "VideoObject")
      #expect(trailer["url"] as? String == "https://www.youtube.com/watch?v=abcDEF12345")
      #expect(trailer["embedUrl"] as? String == "https://www.youtube.com/embed/abcDEF12345")
      #expect(movie["sameAs"] as? [String] == ["https://www.imdb.com/title/tt0000000/"])

      #expect(found.values("og:type") == ["video.movie"])
      #expect(found.values("og:title") == ["Night Harbour"])
      #expect(found.values("og:description") == ["A keeper learns the harbour is a dream."])
      #expect(found.values("og:url") == [pageURL])
      #expect(found.values("og:image") == ["https://image.tmdb.org/t/p/w342/harbour.jpg"])
      #expect(found.values("og:site_name") == ["Films"])
      #expect(found.values("video:release_date") == ["2001-03-31"])
      #expect(found.values("video:duration") == ["8160"])
      #expect(found.values("video:tag") == ["Drama", "Mystery"])
      // The director's profile is the credit's page on the site, which exists.
      let director = try #require(found.values("video:director").first)
      #expect(director.hasPrefix(Self.base + "directors/"))
      let directorPage = director.dropFirst(Self.base.count) + "index.html"
      #expect(pages[String(directorPage)] != nil, "\(director)")
    }
  }

  @Test func hostileFilmTextReadsBackExactlyFromJSONLDAndOpenGraph() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let pages = try await buildAndExtract(baseURL: Self.base, in: directory)
      let (_, found) = try filmPage("102", in: pages)
      try #require(found.jsonLD.count == 1)
      let movie = found.jsonLD[0]
      #expect(movie["name"] as? String == "Hostile " + Self.hostile)
      #expect(movie["genre"] as? [String] == ["G " + Self.hostile])
      #expect(movie["description"] as? String == "Overview " + Self.hostile)
      #expect(names(movie["actor"]) == ["Cast " + Self.hostile])
      #expect(found.values("og:title") == ["Hostile " + Self.hostile])
      #expect(found.values("og:description") == ["Overview " + Self.hostile])
      let html = try String(
        contentsOf: directory.appendingPathComponent("Output").appendingPathComponent(
          try filmPage("102", in: pages).0),
        encoding: .utf8)
      // Only the page's own JSON-LD element: no film text opened another.
      #expect(html.components(separatedBy: "<script").count == 2)
    }
  }

  @Test func withoutABaseURLTagsThatNeedAnAbsoluteURLAreLeftOut() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let pages = try await buildAndExtract(baseURL: nil, in: directory)
      let (_, full) = try filmPage("101", in: pages)
      try #require(full.jsonLD.count == 1)
      #expect(full.jsonLD[0]["url"] == nil)
      #expect(full.jsonLD[0]["name"] as? String == "Night Harbour")
      #expect(full.values("og:url").isEmpty)
      #expect(full.values("video:director").isEmpty)
      // The poster is an absolute URL already.
      #expect(full.values("og:image") == ["https://image.tmdb.org/t/p/w342/harbour.jpg"])

      let (_, bare) = try filmPage("103", in: pages)
      #expect(bare.jsonLD.count == 1)
      #expect(Set(bare.jsonLD[0].keys) == ["@context", "@type", "name"])
      #expect(bare.openGraph.map(\.key) == ["og:type", "og:site_name", "og:title"])

      for (path, found) in pages where !path.hasPrefix("films/") {
        #expect(found.jsonLD.isEmpty, "\(path)")
      }
      #expect(pages["index.html"]?.values("og:type") == ["website"])
    }
  }

  @Test func indexPagesListEveryFilmOnceAtItsPositionWithABaseURL() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let pages = try await buildAndExtract(baseURL: Self.base, in: directory)
      var listed: [(position: Int, url: String)] = []
      for path in ["index.html", "page/2/index.html"] {
        let found = try #require(pages[path], "\(path)")
        try #require(found.jsonLD.count == 1, "\(path)")
        #expect(found.jsonLD[0]["@type"] as? String == "ItemList")
        #expect(found.values("og:url") == [Self.base + path.dropLast("index.html".count)])
        let items = try #require(found.jsonLD[0]["itemListElement"] as? [[String: Any]])
        for item in items {
          #expect(item["@type"] as? String == "ListItem")
          listed.append((item["position"] as? Int ?? 0, item["url"] as? String ?? ""))
        }
      }
      #expect(listed.map(\.position) == [1, 2, 3])
      // Each URL is a film's page that the build wrote, each film's page once.
      let filmPages = Set(pages.keys.filter { $0.hasPrefix("films/") })
      let listedPages = listed.map { String($0.url.dropFirst(Self.base.count)) + "index.html" }
      #expect(listed.allSatisfy { $0.url.hasPrefix(Self.base) })
      #expect(Set(listedPages) == filmPages)
      #expect(listedPages.count == filmPages.count)
      // A genre's list has its own ItemList.
      let genre = try #require(pages.first { $0.key.hasPrefix("genres/drama/") }?.value)
      #expect(genre.jsonLD.first?["@type"] as? String == "ItemList")
    }
  }

  @Test func pagesWithStructuredDataAreValidHTML5() async throws {
    for baseURL in [Self.base, nil] {
      try await FilmSiteProcess.withTemporaryFolder { directory in
        _ = try await buildAndExtract(baseURL: baseURL, in: directory)
        let report = try await FilmSiteProcess.validateHTML(
          in: directory.appendingPathComponent("Output"))
        #expect(report.valid, "\(report.output)")
      }
    }
  }
}
