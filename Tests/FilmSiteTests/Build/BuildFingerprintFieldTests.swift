import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film's part of the build fingerprint follows from the film field table:
/// a change to any field of it changes the hash.
@Suite struct BuildFingerprintFieldTests {
  private static let heat = Film(
    id: "1", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg"
  ).with {
    $0.rating = 7.9
    $0.cast = [.init(name: "Al Pacino", character: "Vincent Hanna"), .init(name: "Robert De Niro")]
    $0.trailer = .init(site: "YouTube", key: "abc")
  }

  @Test func everyFieldOfTheTableCounts() {
    let original = BuildFingerprint.hash(of: Self.heat)
    for field in FilmField.all {
      var changes: [Film.FieldValue] = []
      switch field.value(in: Self.heat) {
      case .absent: changes = [.text("x"), .integer(0), .texts([])]
      case .text(let text): changes = [.text(text + "!"), .text("")]
      case .integer(let number): changes = [.integer(number + 1), .absent]
      case .texts(let texts): changes = [.texts(texts.map { $0 + "!" }), .texts(texts.dropLast())]
      case .number(let number): changes = [.number(number + 0.1), .number(-number), .absent]
      case .cast(let cast):
        changes = [
          .cast(cast.dropLast()), .cast(cast.reversed()),
          .cast(cast.map { .init(name: $0.name, character: $0.character.map { $0 + "!" } ?? "") }),
        ]
      case .trailer(let trailer):
        changes = [.trailer(.init(site: trailer.site, key: trailer.key + "!")), .absent]
      }
      for change in changes where change != field.value(in: Self.heat) {
        let changed = Film(
          {
            var fields = Self.heat.fields
            field.set(change, in: &fields)
            return fields
          }())
        guard changed != Self.heat else { continue }
        #expect(BuildFingerprint.hash(of: changed) != original, "\(field.name): \(change)")
      }
    }
  }

  @Test func aTextAndANumberThatReadAlikeHashApart() {
    #expect(
      BuildFingerprint.hash(of: Film(id: "1", title: "1995"))
        != BuildFingerprint.hash(of: Film(id: "1", title: "1995", year: 1995)))
  }
}
