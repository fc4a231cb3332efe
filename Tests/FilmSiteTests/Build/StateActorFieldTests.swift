import Testing

@testable import FilmSite

/// A state line's actors (`=<rank>`, `<rank>:<name>` or `:<name>`, a tab
/// between each) are read where they are (``SiteState/forEachActor(in:_:)``);
/// the reference reads them as the state first did, the field split at its
/// tabs into an array, and both must give the same actors, or both none.
@Suite struct StateActorFieldTests {
  /// The actors of `field` as the first reader found them; `nil` for a damaged field.
  private static func reference(_ field: [UInt8]) -> [SiteState.WrittenActor]? {
    guard !field.isEmpty else { return [] }
    func rank(_ digits: ArraySlice<UInt8>) -> Int32? {
      guard (1...9).contains(digits.count),
        digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      else { return nil }
      return Int32(String(decoding: digits, as: UTF8.self))
    }
    var actors: [SiteState.WrittenActor] = []
    for entry in field.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false) {
      if entry.first == UInt8(ascii: "=") {
        guard let rank = rank(entry.dropFirst()) else { return nil }
        actors.append(.term(rank: rank))
        continue
      }
      guard let colon = entry.firstIndex(of: UInt8(ascii: ":")),
        let name = SiteState.unescaped(entry[(colon + 1)...])
      else { return nil }
      if colon == entry.startIndex {
        actors.append(.noPage(name: name))
      } else {
        guard let rank = rank(entry[..<colon]) else { return nil }
        actors.append(.spelt(name: name, rank: rank))
      }
    }
    return actors
  }

  /// The actors ``SiteState/forEachActor(in:_:)`` reads from `field`, read
  /// from the middle of a larger array as a line's field is; what follows
  /// it would be read as more actors by a reader that ran past its end.
  private static func read(_ field: [UInt8]) -> [SiteState.WrittenActor]? {
    let before = Array("0 films/1-a/ 1/ ".utf8)
    let line = before + field + Array("\t=1\n".utf8)
    let start = before.count
    var actors: [SiteState.WrittenActor] = []
    let isWhole = SiteState.forEachActor(in: line[start..<(start + field.count)]) {
      actors.append($0)
      return true
    }
    return isWhole ? actors : nil
  }

  @Test(arguments: [
    "", "=0", "=12\t:No page", "3:Zoë\t=4\t:", ":a:b", ":a\\tb\\\\c", "=", "=x", "=1\t",
    "\t=1", "=1\t\t=2", "1", ":", "0123456789:name", "123456789:name", "=1:2", ":trailing\\",
    ":bad\\q", "-1:minus", "1 :space",
  ])
  func aFieldReadsAsTheSplitReaderReadIt(field: String) {
    let bytes = Array(field.utf8)
    #expect(Self.read(bytes) == Self.reference(bytes))
  }

  /// A field cut inside a character, or not UTF-8 at all, is damaged either way.
  @Test func bytesThatAreNoTextAreDamagedForBoth() {
    for field: [UInt8] in [[0x3A, 0xFF], [0x3A, 0x61, 0xC3], Array("=1\t:".utf8) + [0xE2, 0x82]] {
      #expect(Self.read(field) == nil)
      #expect(Self.reference(field) == nil)
    }
  }

  /// Random fields of the bytes that matter to the format, most of them
  /// damaged somewhere: both readers agree on every one, and some of each
  /// kind of actor are read whole.
  @Test(arguments: [UInt64(1), 2, 3])
  func randomFieldsReadAlike(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet: [[UInt8]] = [
      [UInt8(ascii: "=")], [UInt8(ascii: ":")], [UInt8(ascii: "\t")], [UInt8(ascii: "\\")],
      [UInt8(ascii: "n")], [UInt8(ascii: "t")], [UInt8(ascii: "0")], [UInt8(ascii: "7")],
      [UInt8(ascii: "a")], Array("é".utf8), [0xFF],
    ]
    var kinds: Set<String> = []
    for _ in 0..<3000 {
      var field: [UInt8] = []
      for _ in 0..<random.int(0...14) { field += random.pick(alphabet) }
      let read = Self.read(field)
      #expect(read == Self.reference(field), "\(field)")
      for actor in read ?? [] {
        switch actor {
        case .term: kinds.insert("term")
        case .spelt: kinds.insert("spelt")
        case .noPage: kinds.insert("noPage")
        }
      }
    }
    #expect(kinds == ["term", "spelt", "noPage"])
  }
}
