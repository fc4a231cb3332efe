import Foundation
import Testing

@testable import FilmCatalog

@Suite struct CatalogErrorTests {
  @Test func missingTitleNamesTheFilmCountedFromOne() throws {
    let valid = (1...11).map { #"{"id": \#($0), "title": "Film \#($0)"}"# }
    let json = "[\n" + (valid + [#"{"id": 12}"#]).joined(separator: ",\n") + "\n]"

    #expect(throws: CatalogError(file: fileName, reason: .missingField(film: 12, field: "title"))) {
      try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    }
    try expectDescription(
      of: json, #"Catalog/films.json: film 12: missing required field "title""#)
  }

  @Test(arguments: [
    FieldCase(
      #"[{"title": "Alien"}]"#,
      .missingField(film: 1, field: "id"),
      #"film 1: missing required field "id""#),
    FieldCase(
      #"[{"id": null, "title": "Alien"}]"#,
      .missingField(film: 1, field: "id"),
      #"film 1: missing required field "id""#),
    FieldCase(
      #"[{"id": 1, "title": null}]"#,
      .missingField(film: 1, field: "title"),
      #"film 1: missing required field "title""#),
    FieldCase(
      #"[{"id": 1, "title": "Alien"}, {"id": 2, "title": 1979}]"#,
      .wrongType(film: 2, field: "title", expected: "a string"),
      #"film 2: field "title": expected a string"#),
    FieldCase(
      #"[{"id": true, "title": "Alien"}]"#,
      .wrongType(film: 1, field: "id", expected: "a string or an integer"),
      #"film 1: field "id": expected a string or an integer"#),
    FieldCase(
      #"[{"id": 1.5, "title": "Alien"}]"#,
      .wrongType(film: 1, field: "id", expected: "a string or an integer"),
      #"film 1: field "id": expected a string or an integer"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "genres": ["Horror", 3]}]"#,
      .wrongType(film: 1, field: "genres[1]", expected: "a string"),
      #"film 1: field "genres[1]": expected a string"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "genres": "Horror"}]"#,
      .wrongType(film: 1, field: "genres", expected: "an array of strings"),
      #"film 1: field "genres": expected an array of strings"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "runtime": "117 min"}]"#,
      .wrongType(film: 1, field: "runtime", expected: "an integer"),
      #"film 1: field "runtime": expected an integer"#),
    // Foundation reports a number that is not a whole Int without its path;
    // the film and the field are still named.
    FieldCase(
      #"[{"id": 1, "title": "Alien", "year": 1979}, {"id": 2, "title": "Heat", "year": 1.5}]"#,
      .wrongType(film: 2, field: "year", expected: "an integer"),
      #"film 2: field "year": expected an integer"#),
    FieldCase(
      #"{"results": [{"id": 1, "title": "Alien", "voteCount": 1e30}]}"#,
      .wrongType(film: 1, field: "voteCount", expected: "an integer"),
      #"film 1: field "voteCount": expected an integer"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "year": "1979"}]"#,
      .wrongType(film: 1, field: "year", expected: "an integer"),
      #"film 1: field "year": expected an integer"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "director": ["Ridley Scott"]}]"#,
      .wrongType(film: 1, field: "director", expected: "a string"),
      #"film 1: field "director": expected a string"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien"}, 42]"#,
      .wrongType(film: 2, field: "", expected: "an object"),
      #"film 2: field "": expected an object"#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "release_date": "soon"}]"#,
      .invalidValue(film: 1, field: "release_date", message: #"expected a date like "1999-10-15""#),
      #"film 1: field "release_date": expected a date like "1999-10-15""#),
    FieldCase(
      #"[{"id": 1, "title": "Alien", "releaseDate": "79-05-25"}]"#,
      .invalidValue(film: 1, field: "releaseDate", message: #"expected a date like "1999-10-15""#),
      #"film 1: field "releaseDate": expected a date like "1999-10-15""#),
    FieldCase(
      #"{"page": 2, "results": [{"id": 21, "title": "Alien"}, {"id": 22}], "total_pages": 3}"#,
      .missingField(film: 2, field: "title"),
      #"film 2: missing required field "title""#),
    FieldCase(
      #"{"results": [{"id": 1, "title": "Alien", "genres": [null]}]}"#,
      .missingField(film: 1, field: "genres[0]"),
      #"film 1: missing required field "genres[0]""#),
  ])
  func invalidFilmNamesTheFilmAndField(_ testCase: FieldCase) throws {
    #expect(throws: CatalogError(file: fileName, reason: testCase.reason)) {
      try CatalogDecoder.decode(Data(testCase.json.utf8), file: fileName)
    }
    try expectDescription(of: testCase.json, "\(fileName): \(testCase.description)")
  }

  /// A release date whose first four characters are not four digits has no year.
  @Test(arguments: ["soon", "TBA", "99", "+999-10-15", "-999-10-15", "１９９９-10-15"])
  func releaseDateWithoutFourLeadingDigitsIsInvalid(date: String) throws {
    let json = #"[{"id": 1, "title": "Alien", "release_date": "\#(date)"}]"#
    #expect(
      throws: CatalogError(
        file: fileName,
        reason: .invalidValue(
          film: 1, field: "release_date", message: #"expected a date like "1999-10-15""#))
    ) {
      try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    }
  }

  @Test func malformedJSONNamesLineAndColumn() throws {
    // Line 3 is `  {"id": 10, "title": x}`: two spaces, then `{"id": 10, "title": ` is 20
    // characters, so the bare word starts in column 23.
    let json = """
      [
        {"id": 1, "title": "Alien"},
        {"id": 10, "title": x}
      ]
      """
    #expect(
      throws: CatalogError(
        file: fileName,
        reason: .malformedJSON(line: 3, column: 23, message: #"unexpected character "x""#))
    ) {
      try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    }
    try expectDescription(
      of: json,
      #"Catalog/films.json: line 3, column 23: malformed JSON: unexpected character "x""#)
  }

  @Test(arguments: [
    SyntaxCase(
      "[\n  {\"id\": 1, \"title\": \"Alien\"},\n]\n", line: 3, column: 1,
      message: #"unexpected character "]""#),
    SyntaxCase(
      "[{\"id\": 1, \"title\": \"Alien\",}]", line: 1, column: 29,
      message: "expected a string key"),
    SyntaxCase(
      "[{\"id\": 1, \"title\": \"Alien}]", line: 1, column: 21,
      message: "unterminated string"),
    SyntaxCase(
      "{\"results\": [{\"id\": 1, \"title\": \"Alien\"}}", line: 1, column: 41,
      message: #"expected "," or "]""#),
    SyntaxCase("", line: 1, column: 1, message: "unexpected end of file"),
    SyntaxCase(" \n\n ", line: 3, column: 2, message: "unexpected end of file"),
    SyntaxCase("<films/>", line: 1, column: 1, message: #"unexpected character "<""#),
    SyntaxCase(
      "[{\"id\": 1, \"title\": \"Alien\"}", line: 1, column: 29,
      message: "unexpected end of file"),
    SyntaxCase(
      "[{\"id\": 1, \"title\": \"Alien\"}] []", line: 1, column: 31,
      message: "unexpected text after the JSON value"),
  ])
  func malformedJSONIsReportedWithItsPosition(_ testCase: SyntaxCase) throws {
    #expect(
      throws: CatalogError(
        file: fileName,
        reason: .malformedJSON(
          line: testCase.line, column: testCase.column, message: testCase.message))
    ) {
      try CatalogDecoder.decode(Data(testCase.json.utf8), file: fileName)
    }
  }

  /// RFC 8259 forbids leading zeros, so `0123` is a syntax error, not a wrong catalog shape.
  @Test func numberWithLeadingZeroIsMalformedJSON() throws {
    let json = #"[{"id": 1, "title": "Alien", "runtime": 0117}]"#
    let error = try #require(throws: CatalogError.self) {
      try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    }
    guard case .malformedJSON(let line, _, _) = error.reason else {
      Issue.record("expected .malformedJSON, got \(error.reason): \(error)")
      return
    }
    #expect(line == 1)
  }

  @Test(arguments: ["42", "\"films\"", "null", "true", #"{"page": 1}"#, #"{"results": 5}"#])
  func jsonThatIsNotAFilmListIsNotACatalog(json: String) throws {
    #expect(throws: CatalogError(file: fileName, reason: .notACatalog)) {
      try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    }
    try expectDescription(
      of: json,
      #"Catalog/films.json: expected an array of films or an object with a "results" array"#)
  }

  @Test func loadReadsTheFileAtPath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("films.json")
    try Data(#"[{"id": 603, "title": "The Matrix"}]"#.utf8).write(to: file)

    #expect(try CatalogFile.load(path: file.path) == [Film(id: "603", title: "The Matrix")])
  }

  @Test func loadNamesThePathInDecodingErrors() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("films.json")
    try Data(#"[{"id": 603}]"#.utf8).write(to: file)

    #expect(
      throws: CatalogError(file: file.path, reason: .missingField(film: 1, field: "title"))
    ) {
      try CatalogFile.load(path: file.path)
    }
  }

  @Test func missingFileIsUnreadableAndNamesThePath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("missing.json").path

    let error = try #require(throws: CatalogError.self) { try CatalogFile.load(path: path) }
    #expect(error.file == path)
    guard case .unreadable(let message) = error.reason else {
      Issue.record("expected .unreadable, got \(error.reason)")
      return
    }
    #expect(!message.isEmpty)
    #expect(error.description == "\(path): cannot read the catalog: \(message)")
    #expect(error.description.hasPrefix(path))
  }

  @Test func directoryIsUnreadable() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let error = try #require(throws: CatalogError.self) {
      try CatalogFile.load(path: directory.path)
    }
    #expect(error.file == directory.path)
    guard case .unreadable = error.reason else {
      Issue.record("expected .unreadable, got \(error.reason)")
      return
    }
    #expect(error.description.hasPrefix("\(directory.path): cannot read the catalog: "))
  }
}

private let fileName = "Catalog/films.json"

extension CatalogErrorTests {
  struct FieldCase: Sendable, CustomTestStringConvertible {
    let json: String
    let reason: CatalogError.Reason
    /// The description after the `file: ` prefix.
    let description: String

    init(_ json: String, _ reason: CatalogError.Reason, _ description: String) {
      self.json = json
      self.reason = reason
      self.description = description
    }

    var testDescription: String { json }
  }

  struct SyntaxCase: Sendable, CustomTestStringConvertible {
    let json: String
    let line: Int
    let column: Int
    let message: String

    init(_ json: String, line: Int, column: Int, message: String) {
      self.json = json
      self.line = line
      self.column = column
      self.message = message
    }

    var testDescription: String { json.debugDescription }
  }
}

/// Decodes `json` and expects it to fail with exactly `description`.
private func expectDescription(
  of json: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let error = try #require(throws: CatalogError.self, sourceLocation: sourceLocation) {
    try CatalogDecoder.decode(Data(json.utf8), file: fileName)
  }
  #expect(error.description == description, sourceLocation: sourceLocation)
}

private func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("FilmCatalogTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
