import Testing

@testable import FilmSite

/// The binary search finds what the table finds, for every path a manifest
/// lists and for paths it does not.
@Suite struct ManifestLookupTests {
  private func entry(_ number: Int) -> OutputManifest.Entry {
    OutputManifest.Entry(
      hash: ContentHash(value: UInt64(number)), size: number,
      modified: .init(seconds: 1_764_400_000, nanoseconds: number))
  }

  @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
  func aSearchFindsWhatTheTableFinds(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Neighbours that share long starts, and names with bytes above and below `/`.
    let names = ["a", "a-b", "a.b", "ab", "b", "é", "films", "films-x", "z"]
    func path() -> String {
      (0..<Int.random(in: 1...3, using: &random)).map { _ in
        names.randomElement(using: &random) ?? "a"
      }.joined(separator: "/") + (random.chance(50) ? "/index.html" : "")
    }
    var entries: [String: OutputManifest.Entry] = [:]
    for number in 0..<Int.random(in: 0...300, using: &random) { entries[path()] = entry(number) }
    let files = entries.sorted { OutputManifest.precedes($0.key, $1.key) }
    let manifest = OutputManifest(
      sortedPaths: files.map(\.key), entries: files.map(\.value), fingerprint: nil,
      pageCounts: nil, filmCounts: nil)
    let (table, search) = (
      ManifestLookup(manifest, tabled: true), ManifestLookup(manifest, tabled: false)
    )
    #expect(search.isEmpty == entries.isEmpty)
    for (path, entry) in entries {
      #expect(table[path] == entry)
      #expect(search[path] == entry, "\(path)")
    }
    for _ in 0..<300 {
      let asked = path()
      #expect(search[asked] == table[asked], "\(asked)")
    }
    #expect(search[""] == nil)
    #expect(search["zz/zz"] == nil)
    // Looked for near a place first: at its own, at another, past the end.
    for (index, path) in files.map(\.key).enumerated() {
      for near in [index, index + 1, index - 1, files.count, -1] {
        #expect(search.entry(path, near: near) == entries[path], "\(path) near \(near)")
        #expect(table.entry(path, near: near) == entries[path], "\(path) near \(near)")
      }
    }
    for _ in 0..<300 {
      let asked = path()
      let near = Int.random(in: -1...files.count, using: &random)
      #expect(search.entry(asked, near: near) == table[asked], "\(asked) near \(near)")
    }
  }

  /// Of two lines with one path, a hand edit, the first is found, near the second too.
  @Test func aPathListedTwiceIsFoundAtItsFirstLine() {
    let manifest = OutputManifest(
      sortedPaths: ["a.html", "b.html", "b.html", "c.html"],
      entries: [entry(0), entry(1), entry(2), entry(3)], fingerprint: nil, pageCounts: nil,
      filmCounts: nil)
    for tabled in [true, false] {
      let lookup = ManifestLookup(manifest, tabled: tabled)
      #expect(lookup["b.html"] == entry(1))
      for near in 0..<4 { #expect(lookup.entry("b.html", near: near) == entry(1)) }
    }
  }

  @Test func aManifestOfPathsOnlyHasNoEntriesToFind() {
    let manifest = OutputManifest(paths: ["a.html", "b/c.html"])
    for tabled in [true, false] {
      let lookup = ManifestLookup(manifest, tabled: tabled)
      #expect(lookup.isEmpty)
      #expect(lookup["a.html"] == nil)
    }
  }
}
