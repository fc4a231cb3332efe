import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct SearchIndexTests {
  private func index(_ films: [Film]) throws -> [String: String] {
    let entries = try films.map { (film: $0, route: try $0.route()) }
    return Dictionary(
      uniqueKeysWithValues: SearchIndex.files(for: entries).map {
        ($0.path, String(decoding: $0.contents, as: UTF8.self))
      })
  }

  @Test func aFilmIsFoundByItsFirstBilledActorsWhoseNamesItsLineCarries() throws {
    let heat = Film(id: "949", title: "Heat", year: 1995).with {
      $0.cast = [
        .init(name: "Al Pacino"), .init(name: "Robert De Niro"), .init(name: "Val Kilmer"),
      ]
    }
    let entries = [(film: heat, route: try heat.route())]
    let files = Dictionary(
      uniqueKeysWithValues: SearchIndex.files(for: entries, castPagesPerFilm: 2).map {
        ($0.path, String(decoding: $0.contents, as: UTF8.self))
      })
    let line =
      "[\n" + #"["Heat",null,1995,"films/949-heat/",["Al Pacino","Robert De Niro"]]"# + "\n]\n"
    #expect(files["search/pa.json"] == line)
    #expect(files["search/de.json"] == line)
    #expect(files["search/ki.json"] == nil)
    #expect(
      try index([Film(id: "1", title: "Alien")])["search/al.json"]
        == "[\n" + #"["Alien",null,null,"films/1-alien/"]"# + "\n]\n")
  }

  @Test func foldsWordsAsTheScriptDoes() {
    #expect(SearchFolding.words("Amélie: Straße 1999!") == ["amelie", "strasse", "1999"])
    #expect(SearchFolding.words("The MATRIX") == ["the", "matrix"])
    #expect(SearchFolding.words("千と千尋 ØRN") == ["千と千尋", "orn"])
    #expect(SearchFolding.words("--") == [])
  }

  @Test func chunkKeysAreTwoLettersOrFourDigits() {
    #expect(SearchIndex.initialKey(of: "matrix") == "ma")
    #expect(SearchIndex.initialKey(of: "m") == "m")
    #expect(SearchIndex.initialKey(of: "1999") == "1999")
    #expect(SearchIndex.initialKey(of: "12") == "12")
    #expect(SearchIndex.initialKey(of: "千と千尋") == "千と")
    #expect(SearchIndex.fileName(of: "ma") == "ma.json")
    #expect(SearchIndex.fileName(of: "千と") == "_e58d83e381a8.json")
    #expect(SearchIndex.fileName(of: "") == "_.json")
  }

  @Test func filesEachFilmUnderTheKeysOfItsTitleDirectorAndYearOnce() throws {
    let matrix = Film(
      id: "603", title: "The Matrix", year: 1999, director: "Lana Wachowski & Lilly Wachowski")
    let heat = Film(id: "949", title: "Heat", year: 1995, director: "Michael Mann")
    let files = try index([matrix, heat])
    #expect(
      files.keys.sorted() == [
        "search/1995.json", "search/1999.json", "search/he.json", "search/index.json",
        "search/la.json", "search/li.json", "search/ma.json", "search/mi.json", "search/th.json",
        "search/wa.json",
      ])
    // "Matrix" and "Mann" share the chunk "ma"; "Wachowski" twice is listed once.
    #expect(
      files["search/ma.json"] == """
        [
        ["The Matrix","Lana Wachowski & Lilly Wachowski",1999,"films/603-the-matrix/"],
        ["Heat","Michael Mann",1995,"films/949-heat/"]
        ]

        """)
    #expect(files["search/wa.json"]?.components(separatedBy: "films/603").count == 2)
    let manifest = try #require(files["search/index.json"])
    #expect(manifest.hasPrefix("{\"version\": 1, \"films\": 2, \"chunks\": [\n"))
    #expect(manifest.contains("{\"key\": \"ma\", \"file\": \"ma.json\", \"films\": 2}"))
    #expect(manifest.contains("{\"key\": \"he\", \"file\": \"he.json\", \"films\": 1}"))
  }

  @Test func valuesAreValidJSONWhateverTheyHold() throws {
    let hostile = Film(id: "1", title: "\"Quote\" \\ back\u{1}slash </script>", director: nil)
    let files = try index([hostile])
    for (path, text) in files {
      let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
      #expect(parsed is [Any] || parsed is [String: Any], "\(path)")
    }
    let chunk = try #require(files["search/qu.json"])
    let films = try #require(try JSONSerialization.jsonObject(with: Data(chunk.utf8)) as? [[Any]])
    #expect(films.first?.first as? String == hostile.title)
    #expect(films.first?[1] is NSNull)
  }

  @Test func aChunkWithTooManyFilmsIsSplitByOneMoreLetterKeepingExactWordsAtItsKey() throws {
    let titles = ["Ma", "Mad", "Madness", "Matrix", "Mask", "Ma Ma", "Mamma"]
    let films = titles.enumerated().map { Film(id: String($0.offset + 1), title: $0.element) }
    let entries = try films.map { (film: $0, route: try $0.route()) }
    let files = Dictionary(
      uniqueKeysWithValues: SearchIndex.files(for: entries, maximumChunkFilms: 2).map {
        ($0.path, String(decoding: $0.contents, as: UTF8.self))
      })
    // "ma" keeps the films with the word "ma" itself; "mad" (2 films) is small enough;
    // "mam" and "mas" and "mat" hold one each.
    #expect(
      files.keys.sorted() == [
        "search/index.json", "search/ma.json", "search/mad.json", "search/mam.json",
        "search/mas.json", "search/mat.json",
      ])
    #expect(files["search/ma.json"]?.components(separatedBy: "\n[").count == 3)
    #expect(files["search/ma.json"]?.contains("\"Ma Ma\"") == true)
    #expect(files["search/mad.json"]?.contains("\"Madness\"") == true)
    #expect(files["search/mad.json"]?.contains("\"Mad\"") == true)
  }

  @Test func filmsPastTheFirstBlockAreFiledUnderEveryWordInSiteOrder() throws {
    // More films than one block of folding (8,192), with words whose first
    // bytes are odd and even (each core files its own), some twice in a film.
    let films = (0..<9_000).map { number in
      Film(
        id: String(number), title: number % 2 == 0 ? "Alpha Beta Alpha" : "Beta Gamma",
        year: 1990 + number % 3)
    }
    let files = try index(films)
    // Chunks of more than 1,000 films are split down to the whole word, and
    // a word's films past that are filed in pieces, listed in site order.
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data((files["search/index.json"] ?? "").utf8))
        as? [String: Any])
    let chunks = try #require(manifest["chunks"] as? [[String: Any]])
    func pieces(_ key: String) -> [String] {
      chunks.filter { $0["key"] as? String == key }.compactMap { $0["file"] as? String }
    }
    func listed(_ key: String) throws -> [String] {
      try pieces(key).flatMap { file in
        let text = try #require(files["search/" + file])
        return text.split(separator: "\n").filter { $0.hasPrefix("[\"") }.map(String.init)
      }
    }
    #expect(pieces("beta").count > 1)
    #expect(pieces("beta").first != "beta.json")
    #expect(try listed("alpha").count == 4_500)
    #expect(try listed("beta").count == 9_000)
    #expect(try listed("gamma").count == 4_500)
    #expect(try listed("1990").count == 3_000)
    // Each in site order: the routes' numbers grow down the chunk.
    let numbers = try listed("beta").map { line in
      Int(line.split(separator: "/")[1].prefix { $0.isNumber }) ?? -1
    }
    #expect(numbers == numbers.sorted())
    #expect(Set(numbers).count == 9_000)
  }

  @Test func aFilmWithoutWordsIsStillListed() throws {
    let files = try index([Film(id: "7", title: "…")])
    #expect(files["search/_.json"] == "[\n[\"…\",null,null,\"films/7/\"]\n]\n")
  }
}

/// The index's one key changes with every input of the index and with nothing else, so a
/// rebuild reuses the index exactly when it would be made the same.
@Suite struct SearchIndexKeyTests {
  private static let heat = Film(
    id: "949", title: "Heat", year: 1995, director: "Michael Mann", overview: "A heist."
  ).with {
    $0.cast = [.init(name: "Al Pacino"), .init(name: "Robert De Niro"), .init(name: "Val Kilmer")]
  }

  private func key(
    _ films: [Film], site: ContentHash = ContentHash(value: 1), castPagesPerFilm: Int = 2
  ) throws -> ContentHash {
    SearchIndex.key(
      rows: try films.map {
        PageKeys.row(film: BuildFingerprint.hash(of: $0), route: try $0.route())
      },
      site: site, castPagesPerFilm: castPagesPerFilm)
  }

  @Test func theSameFilmsGiveTheSameKey() throws {
    let copy = Film(
      id: "949", title: "Heat", year: 1995, director: "Michael Mann", overview: "A heist."
    ).with {
      $0.cast = [
        .init(name: "Al Pacino"), .init(name: "Robert De Niro"), .init(name: "Val Kilmer"),
      ]
    }
    #expect(
      try key([Self.heat, Film(id: "1", title: "Ronin")])
        == key([copy, Film(id: "1", title: "Ronin")]))
  }

  /// The key is made from the films' hashes, which a rebuild has without
  /// reading a film whose bytes did not change: a field the index does not
  /// show changes it too, and the chunks are then decided by their lines.
  @Test func aFieldTheIndexDoesNotShowChangesTheKeyToo() throws {
    #expect(try key([Self.heat]) != key([Self.heat.with { $0.overview = "Another overview." }]))
  }

  @Test func everyInputOfTheIndexChangesTheKey() throws {
    let base = try key([Self.heat])
    let changes: [Film] = [
      Self.heat.with { $0.title = "Heat 2" },
      Self.heat.with { $0.director = nil },
      Self.heat.with { $0.year = 1996 },
      Self.heat.with { $0.cast[1] = .init(name: "Someone Else") },
      Film(id: "950", title: "Heat", year: 1995, director: "Michael Mann"),
    ]
    for film in changes { #expect(try key([film]) != base, "\(film)") }
    #expect(try key([Self.heat, Self.heat.with { $0.id = "1" }]) != base)
    #expect(try key([Self.heat], castPagesPerFilm: 3) != base)
    #expect(try key([Self.heat], site: ContentHash(value: 2)) != base)
  }
}
