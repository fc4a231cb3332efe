import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film's part of the build fingerprint follows from the film field table:
/// a change to any field of it changes the hash.
@Suite struct BuildFingerprintFieldTests {
  private static let heat = Film(
    id: "1", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg")

  @Test func everyFieldOfTheTableCounts() {
    let original = BuildFingerprint.hash(of: Self.heat)
    for field in FilmField.all {
      var changes: [Film.FieldValue] = []
      switch field.value(in: Self.heat) {
      case .absent: changes = [.text("x"), .integer(0), .texts([])]
      case .text(let text): changes = [.text(text + "!"), .text("")]
      case .integer(let number): changes = [.integer(number + 1), .absent]
      case .texts(let texts): changes = [.texts(texts.map { $0 + "!" }), .texts(texts.dropLast())]
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
