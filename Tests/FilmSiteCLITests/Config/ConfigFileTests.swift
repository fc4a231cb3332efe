import Foundation
import Testing

@testable import FilmSiteCLI

@Suite struct ConfigFileTests {
  private func read(_ text: String, path: String = "filmsite.toml") throws -> ConfigFile {
    try ConfigFile(bytes: Data(text.utf8), path: path)
  }

  /// The one-line message a bad file gives.
  private func message(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String
  {
    do {
      _ = try read(text)
      Issue.record("the file was accepted", sourceLocation: sourceLocation)
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func everyKindOfValueBecomesItsOption() throws {
    let file = try read(
      """
      title = "Noir"
      base_url = "https://example.org/noir/"
      output = "public"
      theme = "my-theme"
      page_size = 12
      poster_base_url = "https://img.example.org/w342"
      quiet = true

      [source.tmdb]
      query = "noir"
      language = "fr-FR"
      include_adult = false
      concurrency = 4
      retries = 2
      timeout = 10
      max_pages = 50
      headers = { Accept-Language = "fr" }

      [pull]
      out = "snapshot.json"
      """)
    #expect(
      file.values == [
        "--title": ["Noir"], "--base-url": ["https://example.org/noir/"], "--output": ["public"],
        "--templates": ["my-theme"], "--page-size": ["12"],
        "--poster-base-url": ["https://img.example.org/w342"], "--query": ["noir"],
        "--language": ["fr-FR"], "--concurrency": ["4"], "--retries": ["2"], "--timeout": ["10"],
        "--max-pages": ["50"], "--header": ["Accept-Language: fr"], "--out": ["snapshot.json"],
      ])
    #expect(file.flags == ["--quiet", "--tmdb"])
  }

  @Test func discoverFiltersAreATableOfTMDBsNames() throws {
    let inline = try read(
      """
      [source.tmdb]
      discover = { "primary_release_date.gte" = "1990-01-01", "vote_count.gte" = 100 }
      """)
    #expect(
      inline.values["--discover"] == ["primary_release_date.gte=1990-01-01", "vote_count.gte=100"])
    let table = try read(
      """
      [source.tmdb.discover]
      with_original_language = "fr"
      sort_by = "primary_release_date.asc"
      """)
    #expect(
      table.values["--discover"] == [
        "with_original_language=fr", "sort_by=primary_release_date.asc",
      ]
    )
    #expect(table.flags == ["--tmdb"])
  }

  @Test(arguments: [
    (
      "[source.tmdb]\ndiscover = { with_cast = \"5\" }",
      #"filmsite.toml:2:14: key "source.tmdb.discover.with_cast": unknown discover filter 'with_cast'; FilmSite passes on sort_by, primary_release_date.gte, primary_release_date.lte, with_genres, with_original_language, vote_count.gte"#
    ),
    (
      "[source.tmdb.discover]\n\"primary_release_date.lte\" = \"1999-02-30\"",
      #"filmsite.toml:2:30: key "source.tmdb.discover.primary_release_date.lte": discover filter 'primary_release_date.lte=1999-02-30': expected a date as YYYY-MM-DD"#
    ),
    (
      "[source.tmdb.discover]\nwith_genres = [18, 80]",
      #"filmsite.toml:2:15: key "source.tmdb.discover.with_genres": expected a string or a whole number, not an array"#
    ),
    (
      "[source.tmdb]\ndiscover = \"sort_by=title.asc\"",
      #"filmsite.toml:2:12: key "source.tmdb.discover": expected a table of TMDB discover filters and their values, not a string"#
    ),
  ])
  func aDiscoverFilterTMDBWouldRefuseIsNamedWhereItIs(text: String, expected: String) {
    #expect(message(text) == expected)
  }

  @Test func pathsAreRelativeToTheFilesFolder() throws {
    let file = try read(
      "output = \"public\"\ntheme = \"/srv/theme\"\n[source]\ncatalog = \"films.json\"\n",
      path: "sites/noir/filmsite.toml")
    #expect(file.folder == "sites/noir")
    #expect(file.values["--output"] == ["sites/noir/public"])
    #expect(file.values["--templates"] == ["/srv/theme"])
    #expect(file.values["--catalog"] == ["sites/noir/films.json"])
  }

  @Test func anEmptyFileSetsNothing() throws {
    let file = try read("# nothing yet\n")
    #expect(file.values.isEmpty)
    #expect(file.flags.isEmpty)
  }

  @Test(arguments: [
    ("titel = \"x\"", #"filmsite.toml:1:1: unknown key "titel" (did you mean "title"?)"#),
    (
      "baseURL = \"https://x/\"",
      #"filmsite.toml:1:1: unknown key "baseURL" (did you mean "base_url"?)"#
    ),
    ("page-size = 3", #"filmsite.toml:1:1: unknown key "page-size" (did you mean "page_size"?)"#),
    ("[sorce]", #"filmsite.toml:1:2: unknown key "sorce" (did you mean "source"?)"#),
    (
      "[source.api]\nurl = \"http://x\"\nconcurency = 2",
      #"filmsite.toml:3:1: unknown key "concurency" in [source.api] (did you mean "concurrency"?)"#
    ),
    (
      "[pull]\nfile = \"x.json\"",
      #"filmsite.toml:2:1: unknown key "file" in [pull] (known keys: out, update)"#
    ),
    (
      "[source]\nlanguage = \"fr\"",
      #"filmsite.toml:2:1: unknown key "language" in [source] (known keys: catalog, query, max_pages, allow_partial, api, tmdb)"#
    ),
  ])
  func anUnknownKeyIsNamedWithTheClosestKnownOne(text: String, expected: String) {
    #expect(message(text) == expected)
  }

  @Test(arguments: [
    (
      "page_size = \"24\"",
      #"filmsite.toml:1:13: key "page_size": expected an integer from 1 to 10000, not a string"#
    ),
    (
      "page_size = 0",
      #"filmsite.toml:1:13: key "page_size": expected an integer from 1 to 10000, not 0"#
    ),
    (
      "page_size = 2.5",
      #"filmsite.toml:1:13: key "page_size": expected an integer from 1 to 10000, not a float"#
    ),
    ("quiet = \"yes\"", #"filmsite.toml:1:9: key "quiet": expected true or false, not a string"#),
    ("title = [\"a\"]", #"filmsite.toml:1:9: key "title": expected a string, not an array"#),
    ("output = \"\"", #"filmsite.toml:1:10: key "output": expected a string, not an empty string"#),
    (
      "source = \"films.json\"",
      #"filmsite.toml:1:10: key "source": expected a table, not a string"#
    ),
    (
      "[source.tmdb]\nmax_pages = 501",
      #"filmsite.toml:2:13: key "source.tmdb.max_pages": expected an integer from 1 to 500, not 501"#
    ),
    (
      "[source]\nmax_pages = 0",
      #"filmsite.toml:2:13: key "source.max_pages": expected an integer of at least 1, not 0"#
    ),
    (
      "[source.api]\nurl = \"http://x\"\nretries = 21",
      #"filmsite.toml:3:11: key "source.api.retries": expected an integer from 0 to 20, not 21"#
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = [\"Accept: x\"]",
      #"filmsite.toml:3:11: key "source.api.headers": expected a table of header names and string values, not an array"#
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { \"Bad Name\" = \"x\" }",
      #"filmsite.toml:3:13: key "source.api.headers.Bad Name": not an HTTP header name"#
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { Accept = 1 }",
      #"filmsite.toml:3:22: key "source.api.headers.Accept": expected a string on one line, not an integer"#
    ),
  ])
  func aValueOfTheWrongTypeOrOutOfRangeIsNamed(text: String, expected: String) {
    #expect(message(text) == expected)
  }

  @Test(arguments: [
    (
      "[source]\ncatalog = \"films.json\"\n[source.tmdb]\nquery = \"noir\"",
      #"filmsite.toml:3:1: [source.tmdb] is a second source (catalog is given at 2:1); give one of catalog, [source.api] and [source.tmdb]"#
    ),
    (
      "[source.api]\nurl = \"http://x\"\n[source.tmdb]",
      #"filmsite.toml:3:1: [source.tmdb] is a second source ([source.api] is given at 1:1); give one of catalog, [source.api] and [source.tmdb]"#
    ),
    (
      "[source.api]\nquery = \"x\"",
      #"filmsite.toml:1:1: [source.api] needs a url (the API's search URL)"#
    ),
    (
      "[source]\nquery = \"a\"\n[source.tmdb]\nquery = \"b\"",
      #"filmsite.toml:4:9: key "source.tmdb.query": the same setting (--query) as "source.query" at 2:9; keep one"#
    ),
  ])
  func sourcesMustBeOneAndSettingsOnce(text: String, expected: String) {
    #expect(message(text) == expected)
  }

  private static let secretAdvice =
    "secrets do not belong in the config file; set TMDB_API_TOKEN (or TMDB_API_KEY) for TMDB, or FILMSITE_API_TOKEN for an API, in the environment"

  @Test(arguments: [
    ("api_key = \"abc123\"", "1:1", "api_key"),
    ("[source.tmdb]\ntoken = \"abc\"", "2:1", "source.tmdb.token"),
    ("[source.tmdb]\naccess_token = \"abc\"", "2:1", "source.tmdb.access_token"),
    (
      "[source.api]\nurl = \"http://x\"\nauthorization = \"Bearer x\"", "3:1",
      "source.api.authorization"
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { Authorization = \"Bearer x\" }", "3:13",
      "source.api.headers.Authorization"
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { X-Api-Key = \"k\" }", "3:13",
      "source.api.headers.X-Api-Key"
    ),
    ("[source.api]\nurl = \"https://api.example.org/search?api_key=abc\"", "2:7", "source.api.url"),
    ("[source.api]\nurl = \"https://me:pw@api.example.org/search\"", "2:7", "source.api.url"),
    ("poster_base_url = \"https://img.example.org/w342?api_key=abc\"", "1:19", "poster_base_url"),
    ("db_password = \"x\"", "1:1", "db_password"),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { Cookie = \"session=x\" }", "3:13",
      "source.api.headers.Cookie"
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { Proxy-Authorization = \"x\" }", "3:13",
      "source.api.headers.Proxy-Authorization"
    ),
    (
      "[source.api]\nurl = \"http://x\"\nheaders = { X-Api-Secret = \"x\" }", "3:13",
      "source.api.headers.X-Api-Secret"
    ),
  ])
  func aSecretIsRefusedWithWhereItBelongs(text: String, position: String, key: String) {
    #expect(message(text) == "filmsite.toml:\(position): key \"\(key)\": \(Self.secretAdvice)")
  }

  @Test(arguments: [
    (
      "\"source.tmdb\" = {}",
      #"filmsite.toml:1:1: unknown key "source.tmdb" (known keys: title, base_url, output, theme, content, nav, page_size, poster_base_url, cast_pages, cast_shown, quiet, source, pull, serve)"#
    ),
    (
      "[source]\nmax_pages = 1000\n[source.tmdb]",
      #"filmsite.toml:2:13: key "source.max_pages": expected an integer from 1 to 500 with [source.tmdb], not 1000"#
    ),
    (
      "base_url = \"example.org/films\"",
      #"filmsite.toml:1:12: key "base_url": expected an http or https URL with a host"#
    ),
    (
      "[source.api]\nurl = \"ftp://api.example.org\"",
      #"filmsite.toml:2:7: key "source.api.url": expected an http or https URL with a host"#
    ),
  ])
  func aValueTheFlagWouldRefuseIsRefusedWithItsPlace(text: String, expected: String) {
    #expect(message(text) == expected)
  }

  @Test func anUnquotedSecretIsRefusedWithoutShowingIt() {
    let text = "title = \"Films\"\n[source.tmdb]\napi_key = 3f8a9c0d1e2f\n"
    let shown = message(text)
    #expect(shown == "filmsite.toml:3:1: key \"api_key\": \(Self.secretAdvice)")
    #expect(!shown.contains("3f8a9c0d1e2f"))
  }

  @Test func malformedTOMLIsNamedWithItsPlace() {
    let text = "title = \"Films\"\npage_size = \n"
    #expect(message(text).hasPrefix("filmsite.toml:2:"))
    #expect(message(text).contains(": malformed TOML: "))
  }

  @Test func aMissingNamedFileIsAnError() {
    #expect(
      throws: ConfigError(
        file: "/nonexistent/filmsite.toml", line: 0, column: 0, message: "no such file")
    ) {
      try ConfigFile(path: "/nonexistent/filmsite.toml")
    }
  }
}
