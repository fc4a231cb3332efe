import FilmCatalog
import TOML

extension FilmNote {
  /// The keys a note may set besides film fields.
  static let noteKeys = ["rating", "watched", "tags", "featured"]

  /// The note in `frontMatter`, the split file at `file` named for `idSegment`.
  /// - Throws: ``ContentError`` at the key or value that is unknown or of the wrong type.
  init(file: String, idSegment: String, frontMatter: FrontMatter) throws(ContentError) {
    self.file = file
    self.idSegment = idSegment
    body = frontMatter.body
    bodyLine = frontMatter.bodyLine
    var seenFields: Set<String> = []
    for entry in frontMatter.table.entries {
      let at = frontMatter.position(entry.valuePosition)
      func wrong(_ expected: String) -> ContentError {
        ContentError(
          file: file, at: at, "\(entry.key) is \(entry.value.kindPhrase); it must be \(expected)")
      }
      switch entry.key {
      case "rating":
        guard let number = entry.value.doubleValue else { throw wrong("a number from 0 to 10") }
        guard (0...10).contains(number) else {
          throw ContentError(
            file: file, at: at,
            "rating is \(number.description); it must be from 0 to 10")
        }
        rating = number
      case "watched":
        guard let dates = entry.value.arrayValue else {
          throw wrong("an array of dates, like [2026-11-30]")
        }
        watched = try dates.map { value throws(ContentError) in
          guard let date = ContentDate(value) else {
            throw ContentError(
              file: file, at: at,
              "watched holds \(value.kindPhrase); each must be \(ContentDate.expectation)")
          }
          return date
        }
      case "tags":
        guard let names = entry.value.arrayValue else { throw wrong("an array of strings") }
        tags = []
        for value in names {
          guard let name = value.stringValue else {
            throw ContentError(
              file: file, at: at, "tags holds \(value.kindPhrase); each tag must be a string")
          }
          let trimmed = name.trimmingSpaces()
          guard !trimmed.isEmpty else {
            throw ContentError(file: file, at: at, "tags holds an empty name")
          }
          if !tags.contains(trimmed) { tags.append(trimmed) }
        }
      case "featured":
        guard let flag = entry.value.booleanValue else { throw wrong("true or false") }
        featured = flag
      default:
        guard let field = FilmField.named(entry.key) else {
          throw ContentError(
            file: file, at: frontMatter.position(entry.keyPosition),
            "unknown key \(entry.key); a note sets \(Self.noteKeys.joined(separator: ", ")) or a film field (title, year, director, overview, genres, …)"
          )
        }
        guard let kind = field.valueKind else {
          throw ContentError(
            file: file, at: frontMatter.position(entry.keyPosition),
            "the id cannot be set: the file's name says which film the note is for")
        }
        guard seenFields.insert(field.name).inserted else {
          throw ContentError(
            file: file, at: frontMatter.position(entry.keyPosition),
            "\(entry.key) sets the field \(field.name) a second time")
        }
        let value = try Self.fieldValue(entry.value, kind: kind) { part throws(ContentError) in
          guard let part else { throw wrong(kind.expectation) }
          throw ContentError(
            file: file, at: at,
            "\(entry.key) holds \(part.kindPhrase); it must be \(kind.expectation)")
        }
        if field.isRequiredValue, case .text(let text) = value,
          text.trimmingSpaces().isEmpty
        {
          throw ContentError(file: file, at: at, "\(entry.key) is empty; a film needs a title")
        }
        overrides.append(Override(field: field.name, value: value))
      }
    }
  }

  /// `value` as a film field of `kind`, or what `fail` throws, given the
  /// element of an array or table that is wrong (`nil` for `value` itself).
  private static func fieldValue(
    _ value: TOMLValue, kind: FilmField.ValueKind,
    fail: (TOMLValue?) throws(ContentError) -> Never
  ) throws(ContentError) -> Film.FieldValue {
    switch kind {
    case .text:
      guard let text = value.stringValue else { try fail(nil) }
      return .text(text)
    case .integer:
      guard let number = value.integerValue, let integer = Int(exactly: number) else {
        try fail(nil)
      }
      return .integer(integer)
    case .number:
      guard let number = value.doubleValue, number.isFinite else { try fail(nil) }
      return .number(number)
    case .texts:
      guard let items = value.arrayValue else { try fail(nil) }
      var texts: [String] = []
      for item in items {
        guard let text = item.stringValue else { try fail(item) }
        texts.append(text)
      }
      return .texts(texts)
    case .cast:
      guard let items = value.arrayValue else { try fail(nil) }
      var cast: [Film.CastMember] = []
      for item in items {
        guard let table = item.tableValue, let name = table["name"]?.stringValue,
          table.keys.allSatisfy({ $0 == "name" || $0 == "character" })
        else { try fail(item) }
        let character = table["character"]
        guard character == nil || character?.stringValue != nil else { try fail(item) }
        cast.append(Film.CastMember(name: name, character: character?.stringValue))
      }
      return .cast(cast)
    case .trailer:
      guard let table = value.tableValue, let site = table["site"]?.stringValue,
        let key = table["key"]?.stringValue, table.count == 2
      else { try fail(nil) }
      return .trailer(Film.Trailer(site: site, key: key))
    }
  }
}
