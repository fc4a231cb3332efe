import FilmSiteSupport
import Foundation
import Testing

@testable import FilmCatalog

/// Every field of ``FilmField/all`` gets through every path a film takes:
/// `Codable` both ways, the fast reader, and the snapshot writer. The films
/// here are made from the table itself, so a field added to it is tested
/// at once, and a path that forgot it fails.
@Suite struct FilmFieldTableTests {
  @Test func everyStoredPropertyHasItsEntryInTheSameOrder() {
    let properties = Mirror(reflecting: Film.Fields(id: "", title: "")).children.map(\.label)
    #expect(properties == FilmField.all.map(\.name))
  }

  @Test func theSlotReadsAndWritesWhatTheKeyPathDoes() {
    let film = Self.everyField
    for field in FilmField.all {
      #expect(field.slot != nil, "\(field.name) is read through its key path")
      #expect(field.value(in: film) == field.valueByKeyPath(in: film.fields), "\(field.name)")
      var values = [Self.sample(for: field, variant: 1)]
      if !field.isRequired { values.append(.absent) }
      for value in values {
        var bySlot = film.fields
        var byKeyPath = film.fields
        field.set(value, in: &bySlot)
        field.setByKeyPath(value, in: &byKeyPath)
        #expect(bySlot == byKeyPath, "\(field.name) set to \(value)")
        let expected = value == .absent ? Self.emptyValue(of: field) : value
        #expect(field.value(in: Film(bySlot)) == expected, "\(field.name)")
      }
    }
  }

  @Test(arguments: films)
  func everyFieldRoundTripsThroughCodable(film: Film) throws {
    let data = try JSONEncoder().encode([film])
    #expect(try JSONDecoder().decode([Film].self, from: data) == [film])
  }

  @Test(arguments: films)
  func everyFieldRoundTripsThroughTheFastReader(film: Film) throws {
    let data = try JSONEncoder().encode([film])
    #expect(FilmJSONReader.read(data)?.films == [film])
  }

  @Test(arguments: films)
  func everyFieldRoundTripsThroughTheSnapshotWriter(film: Film) throws {
    let snapshot = CatalogSnapshot(films: [film], query: "q", source: "s")
    let data = try snapshot.data()
    #expect(FilmJSONReader.read(data)?.films == [film])
    #expect(try CatalogDecoder.decodeWithFoundation(data, file: "snapshot.json").films == [film])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    #expect(data == (try encoder.encode(snapshot)) + Data("\n".utf8))
  }

  /// Each spelling of each field, alone with the required fields, is read
  /// by both readers as the field's value.
  @Test func everySpellingIsReadByBothReaders() throws {
    for field in FilmField.all where !field.isRequired {
      let value = Self.sample(for: field)
      for key in field.keys {
        let json = #"[{"id": "1", "title": "T", \#(Self.json(key)): \#(Self.json(value))}]"#
        let slow = try CatalogDecoder.decodeWithFoundation(Data(json.utf8), file: "t.json").films
        #expect(slow.map { field.value(in: $0) } == [value], "\(key)")
        #expect(FilmJSONReader.read(Data(json.utf8))?.films == slow, "\(key)")
      }
      for key in field.yearOfDateKeys {
        let json = #"[{"id": "1", "title": "T", \#(Self.json(key)): "1987-06-05"}]"#
        let slow = try CatalogDecoder.decodeWithFoundation(Data(json.utf8), file: "t.json").films
        #expect(slow.map { field.value(in: $0) } == [.integer(1987)], "\(key)")
        #expect(FilmJSONReader.read(Data(json.utf8))?.films == slow, "\(key)")
      }
    }
  }

  @Test func aFilmWithoutARequiredFieldIsAnError() {
    for field in FilmField.all where field.isRequired {
      let others = FilmField.all.filter { $0.name != field.name }.map { other in
        "\(Self.json(other.name)): \(Self.json(Self.sample(for: other)))"
      }
      let json = "[{\(others.joined(separator: ", "))}]"
      #expect(FilmJSONReader.read(Data(json.utf8)) == nil, "\(field.name)")
      #expect(
        throws: CatalogError(file: "t.json", reason: .missingField(film: 1, field: field.name))
      ) {
        try CatalogDecoder.decode(Data(json.utf8), file: "t.json")
      }
    }
  }

  // MARK: Films made from the table

  /// A value of the field's type that no other field or variant has.
  private static func sample(for field: FilmField, variant: Int = 0) -> Film.FieldValue {
    // A date a year is read from must read as one.
    if isDate(field) {
      return .text("1987-06-0\(variant + 1)")
    }
    switch field.type {
    case .identifier, .text: return .text("\(field.name) \(variant): \"é\"\n/\\ 🎬")
    case .integer: return .integer(1_000 + 10 * field.name.utf8.count + variant)
    case .number: return .number(Double(field.name.utf8.count) + 0.25 * Double(variant) + 0.1)
    case .textList: return .texts(["\(field.name) \(variant)", "", "\u{1F}"])
    case .castList:
      return .cast([
        Film.CastMember(name: "\(field.name) \(variant) <é>", character: "Self \"\(variant)\""),
        Film.CastMember(name: "No part \(variant)"), Film.CastMember(name: "", character: ""),
      ])
    case .trailer: return .trailer(Film.Trailer(site: "YouTube", key: "k\(variant)/\u{1F}"))
    }
  }

  /// Whether a missing year is read from the field.
  private static func isDate(_ field: FilmField) -> Bool {
    FilmField.all.contains { $0.yearOfDateKeys.contains(field.name) }
  }

  /// What an absent value reads as: an empty list for a list field.
  private static func emptyValue(of field: FilmField) -> Film.FieldValue {
    switch field.type {
    case .textList: return .texts([])
    case .castList: return .cast([])
    default: return .absent
    }
  }

  /// A film with every field set.
  private static let everyField: Film = {
    var fields = Film.Fields(id: "", title: "")
    for field in FilmField.all { field.set(sample(for: field), in: &fields) }
    return Film(fields)
  }()

  /// The film with every field set, and for each field that may be absent,
  /// a film with that field alone besides the required ones.
  static let films: [Film] =
    [everyField]
    + FilmField.all.filter { !$0.isRequired }.map { field in
      var fields = Film.Fields(id: "7", title: "Alone")
      let value = sample(for: field, variant: 2)
      field.set(value, in: &fields)
      // A film with a release date and no year reads with the date's year.
      if isDate(field), case .text(let date) = value { fields.year = ReleaseDate.year(of: date) }
      return Film(fields)
    }

  private static func json(_ text: String) -> String {
    JSONStringLiteral.quoted(text)
  }

  private static func json(_ value: Film.FieldValue) -> String {
    switch value {
    case .absent: return "null"
    case .text(let text): return json(text)
    case .integer(let number): return String(number)
    case .number(let number): return String(number)
    case .texts(let texts): return "[" + texts.map(json).joined(separator: ", ") + "]"
    case .cast(let cast):
      let members = cast.map { member in
        "{\"name\": \(json(member.name))"
          + (member.character.map { ", \"character\": \(json($0))" } ?? "") + "}"
      }
      return "[" + members.joined(separator: ", ") + "]"
    case .trailer(let trailer):
      return "{\"site\": \(json(trailer.site)), \"key\": \(json(trailer.key))}"
    }
  }
}
