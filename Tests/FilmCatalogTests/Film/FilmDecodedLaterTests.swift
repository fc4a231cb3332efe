import Foundation
import Synchronization
import Testing

@testable import FilmCatalog

/// A film made from its id and a way to decode it is decoded the first time
/// one of its fields is read, and is then the same value as the film decoded
/// at once: equal, hashed alike, with the same fields.
@Suite struct FilmDecodedLaterTests {
  private static let heat = Film(
    id: "949", title: "Heat", year: 1995, director: "Michael Mann", overview: "A *heist*."
  ).with { $0.cast = [.init(name: "Al Pacino", character: "Vincent Hanna")] }

  /// How many times a film was decoded.
  private final class Decodes: Sendable {
    let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
  }

  /// A film decoded later to `film`, and how many times it was decoded.
  private static func later(_ film: Film) -> (film: Film, decodes: Decodes) {
    let decodes = Decodes()
    let later = Film(
      id: film.id,
      decoding: {
        decodes.count.withLock { $0 += 1 }
        return film
      })
    return (later, decodes)
  }

  @Test func itsIDIsKnownWithoutDecodingIt() {
    let (film, decodes) = Self.later(Self.heat)
    #expect(film.id == "949")
    #expect(!film.isDecoded)
    #expect(decodes.value == 0)
  }

  @Test func aFieldReadDecodesItOnceAndCopiesShareIt() {
    let (film, decodes) = Self.later(Self.heat)
    let copy = film
    #expect(film.title == "Heat")
    #expect(film.isDecoded && copy.isDecoded)
    #expect(copy.director == "Michael Mann")
    #expect(film.cast.map(\.character) == ["Vincent Hanna"])
    #expect(decodes.value == 1)
  }

  @Test func itIsTheSameValueAsTheFilmItDecodesTo() throws {
    #expect(Self.later(Self.heat).film == Self.heat)
    #expect(Self.heat == Self.later(Self.heat).film)
    #expect(Self.later(Self.heat).film.hashValue == Self.heat.hashValue)
    #expect(Self.later(Self.heat).film != Self.heat.with { $0.year = 1996 })
    #expect(
      Self.later(Self.heat).film.with { $0.runtime = 170 } == Self.heat.with { $0.runtime = 170 })
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(Self.later(Self.heat).film) == encoder.encode(Self.heat))
    for field in FilmField.all {
      #expect(field.value(in: Self.later(Self.heat).film) == field.value(in: Self.heat))
    }
  }

  @Test func threadsThatReadItAtOnceSeeOneFilm() async {
    let (film, decodes) = Self.later(Self.heat)
    let titles = await withTaskGroup(of: String.self) { group in
      for _ in 0..<64 { group.addTask { film.title } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(titles == Array(repeating: "Heat", count: 64))
    // Each thread that found no fields may have decoded them: at most one a thread.
    #expect((1...64).contains(decodes.value))
  }
}
