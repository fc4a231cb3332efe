import Foundation
import Testing

/// The hostile catalog the hostile end-to-end suites build: the films of
/// `Fixtures/hostile-films.json`, and one film made here with a cast of
/// ``castCount`` (too large to keep in the fixture), whose names and
/// characters hold markup every hundred entries.
enum HostileCorpus {
  static let fixture = FilmSiteProcess.repositoryRoot.appendingPathComponent(
    "Tests/FilmSiteCLITests/Fixtures/hostile-films.json")
  static let castCount = 10_000
  /// The made film's page.
  static let bigCastPage = "films/bigcast-ten-thousand-billed/index.html"

  /// The name of the performer billed at `index`, from 0: markup for every
  /// hundredth, `Performer 00001`… otherwise.
  static func performer(_ index: Int) -> (name: String, character: String) {
    if index % 100 == 50 {
      return ("<script>alert(\(index))</script>", "</script><script>alert(\(index))</script>")
    }
    let number = String(index + 1)
    return (
      "Performer " + String(repeating: "0", count: 5 - number.count) + number, "Part \(index + 1)"
    )
  }

  /// Writes the catalog to `directory/films.json` and returns its URL. The
  /// made film goes before the fixture's last two, which repeat ids already
  /// seen and must stay last.
  static func write(in directory: URL) throws -> URL {
    let text = try String(contentsOf: fixture, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let cast = (0..<castCount).map { index in
      let member = performer(index)
      return #"{"name": "\#(member.name)", "character": "\#(member.character)"}"#
    }
    let film =
      #"  {"id": "bigcast", "title": "Ten thousand billed", "year": 2010, "cast": ["#
      + cast.joined(separator: ", ") + "]},"
    let duplicates = try #require(lines.lastIndex { $0.hasPrefix("  {\"id\": \"quotes\"") })
    lines.insert(film, at: duplicates)
    let url = directory.appendingPathComponent("films.json")
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// The warnings a build of the corpus prints on stderr, in order: one
  /// line for each value left out, in catalog order, then field order.
  static let warnings: [String] = [
    #"film script "<script>alert(1)</script>": field "posterPath": "javascript:alert(1)" is a javascript: URL, not an image path or an http(s) URL; left out"#,
    #"film mustache "{{title}} {{{content}}} {{#x}}y{{/x}} {{! c }} {{^a}}{{/a}}": field "posterPath": "//evil.example/x.jpg" starts with //, a host without http(s); left out"#,
    #"film html "Raw HTML": field "posterPath": "data:image/svg+xml,<svg onload=alert(1)>" is a data: URL, not an image path or an http(s) URL; left out"#,
    #"film iframe "<iframe src="javascript:alert(1)"></iframe>": field "posterPath": "DATA:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" is a data: URL, not an image path or an http(s) URL; left out"#,
    #"film trailerkey "Trailer key": field "trailer": "javascript:alert(1)" on "YouTube" is not a YouTube or Vimeo video that a page can link to; left out"#,
    #"film trailersite "Trailer site": field "trailer": "x7tgad0" on "Dailymotion" is not a YouTube or Vimeo video that a page can link to; left out"#,
    #"film imdbdots "IMDb dots": field "imdbId": "../x" is not an IMDb title id (tt and digits); left out"#,
    #"film homepagejs "Homepage script": field "homepage": "javascript:alert(1)" is not an http(s) URL with a host; left out"#,
    #"film rating11 "Rating eleven": field "rating": 11 is not a rating from 0 to 10; left out"#,
    #"film ratingnegative "Rating below zero": field "rating": -1 is not a rating from 0 to 10; left out"#,
    #"film ratingnegative "Rating below zero": field "voteCount": -5 is not a count of votes (it is negative); left out"#,
    #"film baddate "Not a day": field "releaseDate": "1999-02-30" is not a calendar date (YYYY-MM-DD); left out"#,
    #"film badimages "Bad images": field "posterPath": "file:///etc/passwd" is a file: URL, not an image path or an http(s) URL; left out"#,
    #"film badimages "Bad images": field "backdropPath": "javascript:alert(1)" is a javascript: URL, not an image path or an http(s) URL; left out"#,
    #"film bigcast "Ten thousand billed": field "cast": 10000 performers; the first 1000 are kept, the rest left out"#,
  ].map { "warning: " + $0 }

  /// The elements of a theme folder's templates, so that a check of what a
  /// page may hold follows the theme as it changes.
  static func elements(ofTheme folder: URL, except skipped: Set<String> = []) throws -> Set<String>
  {
    var names: Set<String> = []
    for file in FilmSiteProcess.files(in: folder)
    where !file.hasPrefix("assets/") && !skipped.contains(file) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      names.formUnion(HTMLTags.scan(text).map(\.name))
    }
    return names
  }

  /// `html` without its JSON-LD blocks, each checked to be one JSON value
  /// that ends where its script element does: film text that closed the
  /// script early would leave JSON that does not parse.
  static func withoutJSONLD(
    _ html: String, page: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let block = try NSRegularExpression(
      pattern: #"<script type="application/ld\+json">(.*?)</script>"#,
      options: [.dotMatchesLineSeparators, .caseInsensitive])
    let whole = NSRange(html.startIndex..., in: html)
    for match in block.matches(in: html, range: whole) {
      guard let range = Range(match.range(at: 1), in: html) else { continue }
      let parsed = try? JSONSerialization.jsonObject(with: Data(html[range].utf8))
      #expect(
        parsed != nil, "\(page): a JSON-LD block does not parse", sourceLocation: sourceLocation)
    }
    return block.stringByReplacingMatches(in: html, range: whole, withTemplate: "")
  }
}
