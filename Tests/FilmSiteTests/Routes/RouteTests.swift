import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct RouteTests {
  @Test func detailRouteIsIDAndSlug() throws {
    let film = Film(id: "603", title: "The Matrix")
    #expect(try film.route() == Route(["films", "603-the-matrix"]))
    #expect(try film.route().filePath == "films/603-the-matrix/index.html")
  }

  @Test func aRoutesPathsJoinItsComponents() {
    #expect(Route.root.description == "")
    #expect(Route.root.filePath == "index.html")
    #expect(Route(["page", "2"]).description == "page/2/")
    #expect(Route(["page", "2"]).filePath == "page/2/index.html")
    // Components of every length, ASCII or not, each followed by one `/`.
    let components = ["films", "7-amélie", "x", String(repeating: "long-", count: 40), "千と千尋"]
    for count in 0...components.count {
      let route = Route(Array(components.prefix(count)))
      let folder = components.prefix(count).map { $0 + "/" }.joined()
      #expect(route.description == folder)
      #expect(route.filePath == folder + "index.html")
    }
  }

  @Test func emptySlugGivesIDAlone() throws {
    #expect(try Film(id: "129", title: "千と千尋の神隠し").route() == Route(["films", "129"]))
  }

  @Test func routeIsAPureFunctionOfTheFilm() throws {
    let film = Film(id: "42", title: "Same", year: 2000)
    #expect(try film.route() == Film(id: "42", title: "Same", year: 2000).route())
  }

  @Test(arguments: ["../x", "/", "a/b", "..", "A", "tt-1", "_2e", "x y", "é", "\0"])
  func unsafeIDsAreEncodedInsideFilms(id: String) throws {
    let route = try Film(id: id, title: "T").route()
    #expect(route.components.count == 2)
    #expect(route.components[0] == "films")
    let segment = route.components[1]
    #expect(segment.hasPrefix("_"))
    #expect(
      segment.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
      })
  }

  @Test func encodingIsHexOfUTF8() throws {
    #expect(try Film.idSegment("../x") == "_2e2e2f78")
    #expect(try Film.idSegment("tt0133093") == "tt0133093")
  }

  @Test func idsThatLookAlikeNeverShareAPath() throws {
    // Without care, id "1" with title "a b" and id "1-a" with title "b" both give "1-a-b".
    let films = [
      Film(id: "1", title: "a b"), Film(id: "1-a", title: "b"), Film(id: "1a", title: "b"),
      Film(id: "_31", title: "x"), Film(id: "31", title: "x"), Film(id: "A", title: "a"),
      Film(id: "a", title: "a"), Film(id: "1a-b", title: ""), Film(id: "ab", title: "?"),
    ]
    #expect(Set(films.map(\.id)).count == films.count)
    let paths = try films.map { try $0.route().filePath }
    #expect(Set(paths).count == films.count, "\(paths)")
  }

  /// A rebuild reads the id of a film it does not decode from the route the
  /// state recorded: every id comes back from its page's folder, whatever the title.
  @Test(arguments: [
    "949", "tt0133093", "../x", "/", "A", "tt-1", "_2e", "x y", "é", "\0", "1-a", "_31",
    "🎬", String(repeating: "7", count: 128), String(repeating: "A", count: 64),
  ])
  func anIDComesBackFromItsPagesFolder(id: String) throws {
    for title in ["Heat", "", "a-b", "?"] {
      let folder = try #require(try Film(id: id, title: title).route().components.last)
      #expect(Film.id(ofPageFolder: folder[...]) == id, "\(folder)")
    }
  }

  /// A folder that no id's segment is reads as no id, not as another film's.
  @Test(arguments: [
    "", "-heat", "_", "_-x", "_2", "_2g", "_ZZ", "_61", "_3031", "_ff", "ABC", "a_b",
    String(repeating: "7", count: 129), "_" + String(repeating: "41", count: 65),
  ])
  func aFolderNoIDIsWrittenAsIsNoID(folder: String) {
    #expect(Film.id(ofPageFolder: folder[...]) == nil)
  }

  @Test func emptyAndOverlongIDsAreRejected() throws {
    #expect(throws: RouteError.emptyID) { try Film(id: "", title: "x").route() }
    let long = String(repeating: "7", count: 300)
    #expect(throws: RouteError.idTooLong(id: String(long.prefix(40)) + "…", length: 300)) {
      try Film(id: long, title: "x").route()
    }
    #expect(
      try Film(id: String(repeating: "7", count: 128), title: "x").route().components.count == 2)
    #expect(
      try Film(id: String(repeating: "A", count: 64), title: "x").route().components.count == 2)
    #expect(throws: RouteError.idTooLong(id: String(repeating: "A", count: 40) + "…", length: 65)) {
      try Film(id: String(repeating: "A", count: 65), title: "x").route()
    }
  }

  @Test(arguments: [
    ([String](), ["films", "1-a"], "films/1-a/"),
    (["films", "1-a"], [], "../../"),
    (["films", "1-a"], ["page", "2"], "../../page/2/"),
    (["page", "2"], ["page", "3"], "../3/"),
    (["page", "2"], ["page", "2"], "./"),
    ([], [], "./"),
  ])
  func relativeURLs(from: [String], to: [String], url: String) {
    #expect(Route(from).url(to: Route(to)) == url)
  }

  @Test func fileURLsClimbToTheRoot() {
    #expect(Route(["films", "1"]).url(toFile: "assets/style.css") == "../../assets/style.css")
    #expect(Route.root.url(toFile: "assets/style.css") == "assets/style.css")
  }
}
