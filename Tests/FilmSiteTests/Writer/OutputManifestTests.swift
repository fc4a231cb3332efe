import FilmSiteSupport
import Foundation
import Synchronization
import Testing

@testable import FilmSite

@Suite struct OutputManifestTests {
  private let entry = OutputManifest.Entry(
    hash: ContentHash(value: 42), size: 120,
    modified: .init(seconds: 1_764_400_000, nanoseconds: 123_456_789))

  @Test func aManifestReadsBackAsItWasWritten() throws {
    let manifest = OutputManifest(
      entries: ["index.html": entry, "films/1-a/index.html": entry],
      fingerprint: ContentHash(value: 7),
      pageCounts: SitePageCounts(indexPages: 3, browsePages: 40, hasSiteFiles: true),
      filmCounts: FilmCounts(films: 70, duplicatesDropped: 2, pageCap: 5))
    let read = try #require(OutputManifest(text: manifest.text))
    #expect(read == manifest)
    #expect(read.filmCounts == FilmCounts(films: 70, duplicatesDropped: 2, pageCap: 5))
    #expect(manifest.text.contains("\n# films 70 2 5\n"))
    #expect(read.paths == ["films/1-a/index.html", "index.html"])
    #expect(read.pageCounts == SitePageCounts(indexPages: 3, browsePages: 40, hasSiteFiles: true))
    #expect(
      manifest.text.contains("\nindex.html\t000000000000002a\t120\t1764400000.123456789\t-\n"))
  }

  @Test func version1ManifestsKeepTheirPathsWithoutEntries() throws {
    let text =
      "# filmsite manifest v1: the files FilmSite wrote here. Do not edit.\na.html\nb/c.html\n"
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["a.html", "b/c.html"])
    #expect(read.entries.isEmpty)
    #expect(read.fingerprint == nil)
  }

  @Test func unsafeOrMalformedLinesAreLeftOut() throws {
    let text = """
      # filmsite manifest v2: the files FilmSite wrote here. Do not edit.
      # build 0000000000000007
      ok.html\t000000000000002a\t1\t1.0
      ../escape.html\t000000000000002a\t1\t1.0
      /etc/passwd\t000000000000002a\t1\t1.0
      a/./b.html\t000000000000002a\t1\t1.0
      tab\there.html\t000000000000002a\t1\t1.0
      no-fields.html
      bad-hash.html\tnothex\t1\t1.0

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["ok.html"])
    #expect(read.fingerprint == ContentHash(value: 7))
  }

  @Test func linesOutOfOrderAreSortedAndARepeatedPathKeepsItsFirstLine() throws {
    let text = """
      # filmsite manifest v2: the files FilmSite wrote here. Do not edit.
      b.html\t000000000000002a\t3\t1.0
      a.html\t000000000000002a\t1\t1.0
      a.html\t000000000000002a\t2\t1.0

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["a.html", "b.html"])
    #expect(read.entries.map(\.size) == [1, 3])
    #expect(read.isInWrittenOrder == false)
    // The same files listed as FilmSite lists them are another manifest, so
    // a build that changes nothing writes it in order again.
    let inOrder = try #require(OutputManifest(text: read.text))
    #expect(inOrder.isInWrittenOrder)
    #expect(inOrder != read)
    #expect(inOrder.paths == read.paths && inOrder.entries == read.entries)
  }

  /// Lines out of order, or a path twice, among many lines (so that each
  /// part of the lines read on a core holds many): the paths are sorted, and
  /// the first line of a path counts.
  @Test func linesOutOfOrderAmongManyAreSortedWhereverTheyAre() throws {
    var lines = (0..<4_000).map { number in
      "films/\(10_000 + number)/index.html\t000000000000002a\t\(number)\t1.0"
    }
    lines.swapAt(1_000, 1_001)
    lines.insert("films/12000/index.html\t000000000000002a\t7\t1.0", at: 3_000)
    let text =
      "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n"
      + lines.joined(separator: "\n") + "\n"
    let read = try #require(OutputManifest(text: text))
    #expect(read.isInWrittenOrder == false)
    #expect(read.paths == (0..<4_000).map { "films/\(10_000 + $0)/index.html" })
    #expect(read.entries.map(\.size) == Array(0..<4_000))
    // Without them, the same lines are in order.
    lines.remove(at: 3_000)
    lines.swapAt(1_000, 1_001)
    let inOrder = try #require(
      OutputManifest(
        text: "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n"
          + lines.joined(separator: "\n") + "\n"))
    #expect(inOrder.isInWrittenOrder)
    #expect(inOrder.paths == read.paths && inOrder.entries == read.entries)
  }

  @Test func aLargeManifestReadsBackAsItWasWritten() throws {
    // Large enough that its lines are written, and read, in parts on every core.
    let entries = Dictionary(
      uniqueKeysWithValues: (0..<10_000).map { number in
        (
          "films/\(number)-é/index.html",
          OutputManifest.Entry(
            hash: ContentHash(value: UInt64(number) &* 0x9E37_79B9), size: number,
            modified: .init(seconds: 1_764_400_000 + number, nanoseconds: number))
        )
      })
    let manifest = OutputManifest(entries: entries, fingerprint: ContentHash(value: 7))
    let read = try #require(OutputManifest(text: manifest.text))
    #expect(read == manifest)
    #expect(read.entriesByPath() == entries)
  }

  @Test func aManifestIsNotReadOnceItsReadingIsStopped() throws {
    let entries = Dictionary(
      uniqueKeysWithValues: (0..<1_000).map { ("films/\($0)/index.html", entry) })
    let bytes = Array(
      OutputManifest(entries: entries, fingerprint: ContentHash(value: 7)).text.utf8)
    let stop = StopSignal()
    #expect(OutputManifest(bytes: bytes, unless: stop)?.entriesByPath() == entries)
    stop.raise()
    #expect(OutputManifest(bytes: bytes, unless: stop) == nil)
  }

  @Test func manyFilesAreSortedAsOneStableSortWould() {
    var generator = SystemRandomNumberGenerator()
    let time = OutputManifest.Timestamp(seconds: 1, nanoseconds: 0)
    // Few enough distinct paths that many repeat: a repeat keeps its place.
    let files = (0..<20_000).map { size in
      (
        path: "films/\(UInt16.random(in: 0...5000, using: &generator))-é/index.html",
        entry: OutputManifest.Entry(hash: ContentHash(value: 1), size: size, modified: time)
      )
    }
    func stablySorted(_ files: ArraySlice<(path: String, entry: OutputManifest.Entry)>) -> [Int] {
      files.indices.sorted { (files[$0].path, $0) < (files[$1].path, $1) }.map {
        files[$0].entry.size
      }
    }
    let sorted = OutputManifest.sorted(files)
    #expect(sorted.map(\.entry.size) == stablySorted(files[...]))
    // Files already in order, as a rebuild stages them, stay as they are.
    #expect(OutputManifest.sorted(sorted).map(\.entry.size) == sorted.map(\.entry.size))
    #expect(
      OutputManifest.sorted(Array(files.prefix(3))).map(\.entry.size)
        == stablySorted(files.prefix(3)))
  }

  @Test func pathsThatShareTheirFirstBytesAreSortedByTheRest() {
    var random = SplitMix64(seed: 0x5047_4846)
    let time = OutputManifest.Timestamp(seconds: 1, nanoseconds: 0)
    // Short paths, prefixes of others, paths that differ only past their 16th byte,
    // letters of two and three bytes, and repeats, which keep their order.
    let stems = [
      "a", "a/b", "cast/", "cast/aaaaaaaaaaa", "cast/aaaaaaaaaaaa", "films/é", "films/zé",
    ]
    let tails = ["", "/index.html", "a/index.html", "é/index.html", "\u{FFFF}", "b", "ab"]
    let files = (0..<12_000).map { size in
      var path = random.pick(stems) + random.pick(tails)
      if random.chance(50) { path += String(random.int(0...40)) + random.pick(tails) }
      return (
        path: path,
        entry: OutputManifest.Entry(hash: ContentHash(value: 1), size: size, modified: time)
      )
    }
    let expected = files.indices.sorted { left, right in
      let (first, second) = (Array(files[left].path.utf8), Array(files[right].path.utf8))
      return first == second ? left < right : first.lexicographicallyPrecedes(second)
    }
    #expect(OutputManifest.sorted(files).map(\.entry.size) == expected.map { files[$0].entry.size })
  }

  @Test func otherFilesAreNotManifests() {
    #expect(OutputManifest(text: "") == nil)
    #expect(OutputManifest(text: "index.html\n") == nil)
  }

  @Test(arguments: [
    ("1764400000.123456789", 1_764_400_000, 123_456_789), ("1.0", 1, 0), ("0.5", 0, 5),
    ("-1.5", -1, 5), ("99999999999.1", 99_999_999_999, 1),
  ])
  func modificationTimesReadAndWriteBack(text: String, seconds: Int, nanoseconds: Int) throws {
    let time = try #require(OutputManifest.Timestamp(Substring(text)))
    #expect(time == .init(seconds: seconds, nanoseconds: nanoseconds))
    let manifest = OutputManifest(
      entries: ["a.html": .init(hash: ContentHash(value: 0xF), size: -3, modified: time)],
      fingerprint: nil)
    #expect(manifest.text.hasSuffix("\na.html\t000000000000000f\t-3\t\(text)\t-\n"))
  }

  @Test(arguments: [
    "", "-", "1", "1.", ".5", "1.2.3", "--1.0", "1.0000000000", "9999999999999999999.0", "a.b",
  ])
  func malformedModificationTimesAreRejected(text: String) {
    #expect(OutputManifest.Timestamp(Substring(text)) == nil)
  }

  /// A version 2 manifest of `count` files, sorted as FilmSite writes them, with fingerprint 7.
  private static func largeManifest(files count: Int) -> (text: String, paths: [String]) {
    let paths = (0..<count).map { "films/\($0)-é/index.html" }.sorted()
    let lines = paths.enumerated().map { "\($1)\t000000000000002a\t\($0)\t1.5" }
    return (
      "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n# build 0000000000000007\n# pages 3 4 0\n\n"
        + lines.joined(separator: "\n") + "\n", paths
    )
  }

  @Test func everyFileIsCheckedOnceWhenEveryLineIsFilmSites() throws {
    let (text, paths) = Self.largeManifest(files: 5_000)
    let data = Array(text.utf8)
    let header = try #require(data.withUnsafeBytes { OutputManifest.header(of: $0) })
    #expect(header.fingerprint == ContentHash(value: 7))
    #expect(header.pageCounts == SitePageCounts(indexPages: 3, browsePages: 4, hasSiteFiles: false))
    let checked = Mutex<[String: Int]>([:])
    let count = OutputManifest.countOfFilesAsWritten(in: data, header: header) { path, entry in
      checked.withLock { $0[String(cString: path)] = entry.size }
      return true
    }
    #expect(count == 5_000)
    #expect(checked.withLock { $0 } == Dictionary(uniqueKeysWithValues: zip(paths, 0...)))
    #expect(OutputManifest(text: text)?.paths == paths.sorted())
  }

  @Test func oneFileNotAsWrittenOrOneForeignLineMeansNotUpToDate() throws {
    let (text, _) = Self.largeManifest(files: 5_000)
    let data = Array(text.utf8)
    let header = try #require(data.withUnsafeBytes { OutputManifest.header(of: $0) })
    #expect(
      OutputManifest.countOfFilesAsWritten(in: data, header: header) { path, _ in
        String(cString: path) != "films/4321-é/index.html"
      } == nil)
    for line in ["../escape.html\t000000000000002a\t1\t1.0", "edited.html\tnothex\t1\t1.0"] {
      let edited = Array((text + line + "\n").utf8)
      #expect(
        OutputManifest.countOfFilesAsWritten(in: edited, header: header) { _, _ in true } == nil,
        "\(line)")
    }
    let version1 = Array(
      "# filmsite manifest v1: the files FilmSite wrote here. Do not edit.\na.html\n".utf8)
    let oldHeader = try #require(version1.withUnsafeBytes { OutputManifest.header(of: $0) })
    #expect(
      OutputManifest.countOfFilesAsWritten(in: version1, header: oldHeader) { _, _ in true } == nil)
  }

  /// The fast check's count for a version 2 manifest of `paths`, in that
  /// order, its lines read in `parts` parts (by default, as a build does).
  private func checkedCount(of paths: [String], parts: Int? = nil) throws -> Int? {
    let lines = paths.map { "\($0)\t000000000000002a\t1\t1.5\n" }.joined()
    let data = Array(
      ("# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n" + lines).utf8)
    let header = try #require(data.withUnsafeBytes { OutputManifest.header(of: $0) })
    return OutputManifest.countOfFilesAsWritten(in: data, header: header, partCount: parts) {
      _, _ in true
    }
  }

  @Test func theFastCheckTakesOnlyPathsInTheOrderFilmSiteWritesThem() throws {
    let paths = (0..<5_000).map { "films/\($0)/index.html" }.sorted()
    #expect(try checkedCount(of: paths) == 5_000)
    // A repeated line, two lines swapped.
    #expect(try checkedCount(of: paths + [paths[4_999]]) == nil)
    var swapped = paths
    swapped.swapAt(10, 11)
    #expect(try checkedCount(of: swapped) == nil)
    // Four lines read in four parts, one or two lines each: every order but
    // the sorted one is refused, also one whose only step down is from one
    // part to the next, which only comparing the parts' ends finds.
    let four = ["a/1.html", "a/2.html", "a/3.html", "a/4.html"]
    func orders(_ items: [String]) -> [[String]] {
      items.count <= 1
        ? [items]
        : items.indices.flatMap { index in
          var rest = items
          let first = rest.remove(at: index)
          return orders(rest).map { [first] + $0 }
        }
    }
    #expect(orders(four).count == 24)
    for order in orders(four) {
      #expect(try checkedCount(of: order, parts: 4) == (order == four ? 4 : nil), "\(order)")
    }
    // The bytes' order, which FilmSite writes, where it is not `String`'s.
    let decomposed = ["e\u{301}.html", "f.html"]
    #expect(decomposed != decomposed.sorted())
    #expect(try checkedCount(of: decomposed) == 2)
    #expect(try checkedCount(of: decomposed.reversed()) == nil)
    #expect(try checkedCount(of: []) == 0)
  }

  @Test func version1PathsThatAreNotUTF8AreLeftOut() throws {
    var bytes = Array(
      "# filmsite manifest v1: the files FilmSite wrote here. Do not edit.\na.html\n".utf8)
    bytes += [0x62, 0xFF, 0x2E, 0x68, 0x0A]  // "b\xFF.h"
    let read = try #require(OutputManifest(bytes: bytes))
    #expect(read.paths == ["a.html"])
  }
}

extension OutputManifest {
  /// A manifest of `entries`, by path, in any order.
  fileprivate init(
    entries: [String: Entry], fingerprint: ContentHash?, pageCounts: SitePageCounts? = nil,
    filmCounts: FilmCounts? = nil
  ) {
    let files = entries.sorted { $0.key < $1.key }
    self.init(
      sortedPaths: files.map(\.key), entries: files.map(\.value), fingerprint: fingerprint,
      pageCounts: pageCounts, filmCounts: filmCounts)
  }
}

/// Version 3 of the manifest: each page's input key, and the user's files
/// with when they were looked for.
@Suite struct OutputManifestVersion3Tests {
  private let time = FileTime(seconds: 1_764_400_000, nanoseconds: 5)

  @Test func inputKeysUserFilesAndTheirScanTimeReadBack() throws {
    let keyed = OutputManifest.Entry(
      hash: ContentHash(value: 1), size: 2, modified: time, key: ContentHash(value: 0xABC))
    let plain = OutputManifest.Entry(hash: ContentHash(value: 3), size: 4, modified: time)
    let manifest = OutputManifest(
      entries: ["index.html": keyed, "assets/style.css": plain], fingerprint: nil
    ).keeping(["CNAME", "films/1-a/notes.txt"], scanned: time)
    let text = manifest.text
    #expect(text.contains("\nindex.html\t0000000000000001\t2\t1764400000.5\t0000000000000abc\n"))
    #expect(text.contains("\nassets/style.css\t0000000000000003\t4\t1764400000.5\t-\n"))
    #expect(text.contains("\n# scanned 1764400000.5\n# kept CNAME\n# kept films/1-a/notes.txt\n"))
    let read = try #require(OutputManifest(text: text))
    #expect(read == manifest)
    #expect(read.entriesByPath()["index.html"]?.key == ContentHash(value: 0xABC))
    #expect(read.kept == ["CNAME", "films/1-a/notes.txt"])
    #expect(read.userFilesScanned == time)
  }

  @Test func aVersion2ManifestIsReadWithoutKeys() throws {
    let text = """
      # filmsite manifest v2: the files FilmSite wrote here. Do not edit.
      index.html\t0000000000000001\t2\t1.0

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["index.html"])
    #expect(read.entries.map(\.key) == [nil])
    #expect(read.kept.isEmpty && read.userFilesScanned == nil)
  }

  @Test func aUserFileThatCannotBeWrittenDownMakesTheNextBuildLookEverywhere() {
    let manifest = OutputManifest(paths: ["index.html"]).keeping(["a\tb", "CNAME"], scanned: time)
    #expect(manifest.kept == ["CNAME"])
    #expect(manifest.userFilesScanned == nil)
  }

  @Test func aLineThatCannotBeReadMakesTheNextBuildLookEverywhere() throws {
    let text = """
      # filmsite manifest v3: the files FilmSite wrote here. Do not edit.
      # scanned 1.0
      # kept CNAME
      films/1-a/index.html\tnot-hex\t2\t1.0\t-
      index.html\t0000000000000001\t2\t1.0\t-

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["index.html"])
    #expect(read.kept == ["CNAME"])
    #expect(read.userFilesScanned == nil)
    // The same file with its line intact keeps the time.
    let intact = text.replacingOccurrences(of: "not-hex", with: "0000000000000002")
    #expect(
      try #require(OutputManifest(text: intact)).userFilesScanned
        == FileTime(seconds: 1, nanoseconds: 0))
  }

  @Test func keptPathsThatWouldLeaveTheFolderAreNotRead() throws {
    let text = """
      # filmsite manifest v3: the files FilmSite wrote here. Do not edit.
      # scanned 1.0
      # kept ../outside
      # kept /etc
      # kept CNAME
      index.html\t0000000000000001\t2\t1.0\t-

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.kept == ["CNAME"])
  }

  @Test func aMalformedInputKeyMakesTheLineForeign() throws {
    let text = """
      # filmsite manifest v3: the files FilmSite wrote here. Do not edit.
      a.html\t0000000000000001\t2\t1.0\tnot-a-key
      b.html\t0000000000000001\t2\t1.0\t0000000000000001\textra
      c.html\t0000000000000001\t2\t1.0\t0000000000000001

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["c.html"])
  }
}

/// What the manifest fuzz target found: lines a hand edit can make that the
/// reader took differently from how it reads them back, or from how the
/// quick check counts them.
@Suite struct OutputManifestFuzzFindingTests {
  @Test func aFileLineThatLooksLikeAHeaderLineIsNotAFileOfFilmSites() throws {
    let text = """
      # filmsite manifest v2: the files FilmSite wrote here. Do not edit.
      not a file line
      # build x/index.html\t0123456789abcdef\t1\t1.0
      a.html\t0123456789abcdef\t1\t1.0

      """
    let read = try #require(OutputManifest(text: text))
    #expect(read.paths == ["a.html"])
    // Written back and read again, it is the same manifest.
    #expect(OutputManifest(bytes: read.bytes) == read)
    #expect(!OutputManifest.isSafeRelativePath("# build x/index.html"))
    #expect(OutputManifest.isSafeKeptPath("#notes"))
  }

  /// The check of a path's components, made in one pass over its bytes,
  /// agrees with the plain one that splits the path at each `/`.
  @Test func aPathIsSafeExactlyWhenEachOfItsComponentsIs() {
    func reference(_ path: String) -> Bool {
      guard !path.isEmpty, !path.hasPrefix("/"), path != OutputManifest.fileName else {
        return false
      }
      return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        .allSatisfy { component in
          let text = String(decoding: component, as: UTF8.self)
          return !text.isEmpty && text != "." && text != ".."
            && !component.contains { $0 == 0 || $0 == 9 || $0 == 10 }
        }
    }
    let pieces = ["a", ".", "..", "...", ".a", "a.", "", "é", "\t", "\n", "\0", "x.html", "/"]
    var paths = [OutputManifest.fileName, "a/" + OutputManifest.fileName, "/a", "a/", "a//b"]
    for first in pieces {
      for second in pieces {
        paths += [first + second, first + "/" + second, first + "/" + second + "/x"]
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let count = Int.random(in: 1...5, using: &generator)
      paths.append(
        (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
    }
    for path in paths {
      #expect(OutputManifest.isSafeKeptPath(path) == reference(path), "\(path.debugDescription)")
      #expect(
        OutputManifest.isSafeRelativePath(path) == (reference(path) && !path.hasPrefix("#")))
    }
  }

  /// `e` with a combining accent and `é` are two files on disk. Both readers order paths
  /// by their bytes, so the two lines are in order one way round and out of order the other,
  /// for the no-op check and the full reader alike.
  @Test func twoSpellingsOfOnePathAreTwoFilesInTheOrderOfTheirBytes() throws {
    let header = "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n"
    let decomposed = "e\u{301}.html\t0123456789abcdef\t1\t1.0\n"
    let composed = "\u{E9}.html\t0123456789abcdef\t1\t1.0\n"
    for (lines, inOrder) in [(decomposed + composed, true), (composed + decomposed, false)] {
      let bytes = Array((header + lines).utf8)
      let read = try #require(OutputManifest(bytes: bytes))
      #expect(
        read.paths.map { Array($0.utf8) } == [
          Array("e\u{301}.html".utf8), Array("\u{E9}.html".utf8),
        ])
      #expect(read.isInWrittenOrder == inOrder)
      let header = try #require(bytes.withUnsafeBytes { OutputManifest.header(of: $0) })
      let counted = OutputManifest.countOfFilesAsWritten(in: bytes, header: header) { _, _ in true }
      #expect(counted == (inOrder ? 2 : nil))
    }
  }

  /// Found by the `manifest` fuzz target: `String`'s `<` puts neither of `e` with a combining
  /// accent and `é:` first, so lines it had sorted were read back as out of order, and the
  /// manifest written again was not the one read.
  @Test func aManifestWrittenBackReadsTheSameWhateverItsSpellings() throws {
    #expect(!("e\u{301}.html" < "\u{E9}.html:") && !("\u{E9}.html:" < "e\u{301}.html"))
    let paths = ["e\u{301}.html", "htm\u{13A}.html", "\u{E9}.html:"]
    for order in [paths, paths.reversed(), [paths[2], paths[0], paths[1]]] {
      let text =
        "# filmsite manifest v2: the files FilmSite wrote here. Do not edit.\n"
        + order.map { "\($0)\t0123456789abcdef\t1\t1.0\n" }.joined()
      let read = try #require(OutputManifest(bytes: Array(text.utf8)))
      #expect(read.paths.map { Array($0.utf8) } == paths.map { Array($0.utf8) })
      #expect(read.isInWrittenOrder == (order == paths))
      let again = try #require(OutputManifest(bytes: read.bytes))
      #expect(again.isInWrittenOrder && again.paths == read.paths)
      #expect(OutputManifest(paths: order).paths == read.paths)
    }
  }

}

extension OutputManifest {
  /// Each file's entry by its path (none for version 1), to compare with the entries written.
  fileprivate func entriesByPath() -> [String: Entry] {
    Dictionary(zip(paths, entries), uniquingKeysWith: { first, _ in first })
  }
}
