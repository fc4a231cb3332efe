import FilmCatalog
import FilmSiteSupport
import Foundation

/// Reading a manifest file. A large site's manifest has a line for each of
/// its 100,000 files or more, so it is read on bytes and on every core; a
/// rebuild that changes nothing reads only its header and checks each file
/// as its line is read (``countOfFilesAsWritten(in:header:_:)``).
extension OutputManifest {
  /// A file's line: its path's bytes and its entry. A line FilmSite did not
  /// write (an edit) gives `nil` and is skipped: its file then counts as
  /// someone else's, which FilmSite keeps rather than deletes.
  private static func entry(in line: Slice<UnsafeRawBufferPointer>)
    -> (path: Slice<UnsafeRawBufferPointer>, entry: Entry)?
  {
    let tab = UInt8(ascii: "\t")
    guard let first = line.firstIndex(ofByte: tab),
      let second = line[(first + 1)...].firstIndex(ofByte: tab),
      let third = line[(second + 1)...].firstIndex(ofByte: tab)
    else { return nil }
    // Version 3 adds the input key as a fifth field: a hash, or `-` for none;
    // version 4, for a film page, its index page patch as a sixth (``IndexPagePatch``).
    let fourth = line[(third + 1)...].firstIndex(ofByte: tab)
    var key: ContentHash?
    var patch: IndexPagePatch?
    if let fourth {
      let fifth = line[(fourth + 1)...].firstIndex(ofByte: tab)
      let field = line[(fourth + 1)..<(fifth ?? line.endIndex)]
      if !field.elementsEqual("-".utf8) {
        guard let value = ContentHash(hexDigits: field) else { return nil }
        key = value
      }
      if let fifth {
        let field = line[(fifth + 1)...]
        guard !field.contains(tab), let value = IndexPagePatch(field: field) else { return nil }
        patch = value
      }
    }
    guard let hash = ContentHash(hexDigits: line[(first + 1)..<second]),
      let size = Self.signedNumber(line[(second + 1)..<third]),
      let modified = Timestamp(bytes: line[(third + 1)..<(fourth ?? line.endIndex)])
    else { return nil }
    let path = line[..<first]
    guard isSafeRelativePath(bytes: path),
      UTF8Validation.isValid(
        UnsafeRawBufferPointer(rebasing: path).assumingMemoryBound(to: UInt8.self))
    else { return nil }
    return (path, Entry(hash: hash, size: size, modified: modified, key: key, patch: patch))
  }

  /// An optional `-` and 1 to 18 decimal digits.
  private static func signedNumber(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
    guard bytes.first == UInt8(ascii: "-") else {
      return Timestamp.number(bytes, maximumDigits: 18)
    }
    return Timestamp.number(bytes.dropFirst(), maximumDigits: 18).map { -$0 }
  }

  /// What the lines before the files' lines say, and where those begin.
  struct Header: Equatable {
    /// A version 1 manifest lists paths only.
    var isVersion1: Bool
    var fingerprint: ContentHash?
    var pageCounts: SitePageCounts?
    var filmCounts: FilmCounts?
    var userFilesScanned: Timestamp?
    var kept: [String] = []
    /// The offset of the first file line.
    var body: Int
  }

  /// The header of the manifest `bytes`; `nil` when they are not a manifest.
  /// Empty lines are skipped, here and between the files' lines.
  static func header(of bytes: UnsafeRawBufferPointer) -> Header? {
    var offset = 0
    /// The next line that is not empty, as text, moving past it; `nil` at the end.
    func nextLine(ifPrefixed prefix: String? = nil) -> Substring? {
      var start = offset
      while start < bytes.count, bytes[start] == UInt8(ascii: "\n") { start += 1 }
      let end = bytes[start...].firstIndex(ofByte: UInt8(ascii: "\n")) ?? bytes.count
      guard start < end else { return nil }
      let line = Substring(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      if let prefix, !line.hasPrefix(prefix) { return nil }
      offset = end
      return line
    }
    guard let first = nextLine() else { return nil }
    guard
      first == Self.header || first == Self.headerV3 || first == Self.headerV2
        || first == Self.headerV1
    else {
      return nil
    }
    var header = Header(isVersion1: first == Self.headerV1, body: offset)
    guard !header.isVersion1 else { return header }
    if let line = nextLine(ifPrefixed: Self.fingerprintPrefix) {
      header.fingerprint = ContentHash(hex: line.dropFirst(Self.fingerprintPrefix.count))
    }
    if let line = nextLine(ifPrefixed: Self.pagesPrefix) {
      let numbers = line.dropFirst(Self.pagesPrefix.count).split(separator: " ").compactMap {
        Int($0)
      }
      if numbers.count == 3 {
        header.pageCounts = SitePageCounts(
          indexPages: numbers[0], browsePages: numbers[1], hasSiteFiles: numbers[2] == 1)
      }
    }
    if let line = nextLine(ifPrefixed: Self.filmsPrefix) {
      let fields = line.dropFirst(Self.filmsPrefix.count).split(separator: " ")
      if fields.count == 3, let films = Int(fields[0]), let duplicates = Int(fields[1]),
        films >= 0, duplicates >= 0, fields[2] == "-" || (Int(fields[2]) ?? -1) >= 1
      {
        header.filmCounts = FilmCounts(
          films: films, duplicatesDropped: duplicates, pageCap: Int(fields[2]))
      }
    }
    if let line = nextLine(ifPrefixed: Self.scannedPrefix) {
      header.userFilesScanned = Timestamp(line.dropFirst(Self.scannedPrefix.count))
    }
    while let line = nextLine(ifPrefixed: Self.keptPrefix) {
      let path = String(line.dropFirst(Self.keptPrefix.count))
      // An edited line that would leave the folder names nothing of the user's.
      if isSafeKeptPath(path) { header.kept.append(path) }
    }
    header.body = offset
    return header
  }

  /// The file lines of the manifest `data` (after `header`) in parts that
  /// end at line ends, about `count` of them (by default, some for each
  /// core), so that each core can read a share of the lines.
  private static func parts(of data: [UInt8], after header: Header, count: Int? = nil)
    -> [Range<Int>]
  {
    data.withUnsafeBytes { bytes in
      parts(
        of: bytes, from: header.body,
        count: count ?? ProcessInfo.processInfo.activeProcessorCount * partsPerCore)
    }
  }

  /// `bytes[start...]` in parts that end at line ends, about `count` of them.
  private static func parts(of bytes: UnsafeRawBufferPointer, from start: Int, count: Int)
    -> [Range<Int>]
  {
    var parts: [Range<Int>] = []
    var lower = start
    let size = max(1, (bytes.count - start) / max(1, count))
    while lower < bytes.count {
      var upper = min(bytes.count, lower + size)
      upper = bytes[upper...].firstIndex(ofByte: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
      parts.append(lower..<upper)
      lower = upper
    }
    return parts
  }

  /// Calls `body` with each line of `bytes[range]` that is not empty.
  private static func forEachLine(
    in bytes: UnsafeRawBufferPointer, _ range: Range<Int>,
    _ body: (Slice<UnsafeRawBufferPointer>) -> Void
  ) {
    var start = range.lowerBound
    while start < range.upperBound {
      let end =
        bytes[start..<range.upperBound].firstIndex(ofByte: UInt8(ascii: "\n")) ?? range.upperBound
      if start < end { body(bytes[start..<end]) }
      start = end + 1
    }
  }

  /// Lines are read on every core, in about this many parts per core.
  private static let partsPerCore = 8

  /// Reads a manifest, keeping only paths that stay inside the folder, so
  /// that an edited manifest can never make FilmSite delete outside it.
  init?(text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// Reads the manifest `data`, as ``init(text:)`` does.
  /// - Parameter stop: When raised while the lines are read, the rest are
  ///   not, and the manifest is `nil`, as for bytes that are not one.
  init?(bytes data: [UInt8], unless stop: StopSignal? = nil) {
    guard let header = data.withUnsafeBytes({ Self.header(of: $0) }) else { return nil }
    let parts = Self.parts(of: data, after: header)
    if header.isVersion1 {
      let lines = data.withUnsafeBytes { bytes in
        parts.flatMap { part in
          var lines: [String] = []
          Self.forEachLine(in: bytes, part) { line in
            // A path that is not UTF-8 names no file FilmSite wrote.
            let text = UnsafeRawBufferPointer(rebasing: line).assumingMemoryBound(to: UInt8.self)
            if UTF8Validation.isValid(text) { lines.append(String(decoding: text, as: UTF8.self)) }
          }
          return lines
        }
      }
      self.init(paths: lines.filter(Self.isSafeRelativePath))
      return
    }
    // Lines are read on every core; they are taken in order below.
    let read = parts.parallelMap { part -> PartRead? in
      if stop?.isRaised == true { return nil }
      return data.withUnsafeBytes { bytes in
        var read = PartRead()
        var previous: UnsafeBufferPointer<UInt8>?
        Self.forEachLine(in: bytes, part) { line in
          guard let (name, entry) = Self.entry(in: line) else {
            read.unread += 1
            return
          }
          // Each path is compared with the one before it in this part, as bytes.
          let path = UnsafeRawBufferPointer(rebasing: name).assumingMemoryBound(to: UInt8.self)
          if let previous, !Self.precedes(previous, path) { read.inOrder = false }
          previous = path
          read.paths.append(String(decoding: path, as: UTF8.self))
          read.entries.append(entry)
        }
        return read
      }
    }
    guard !read.contains(where: { $0 == nil }) else { return nil }
    let parsed = read.compactMap { $0 }
    // FilmSite writes the paths sorted, each once; then they need no sorting again.
    var inOrder = parsed.allSatisfy(\.inOrder)
    var last: String?
    for part in parsed where !part.paths.isEmpty {
      if let last, let first = part.paths.first, !Self.precedes(last, first) { inOrder = false }
      last = part.paths.last
    }
    var paths = Array(concatenating: parsed.map(\.paths))
    var entries = Array(concatenating: parsed.map(\.entries))
    if !inOrder {
      // Of a path listed twice, the first line counts.
      let files = Self.sorted(zip(paths, entries).map { (path: $0, entry: $1) })
      let kept = files.indices.filter { index in
        index == 0 || !Self.isSamePath(files[index - 1].path, files[index].path)
      }
      paths = kept.map { files[$0].path }
      entries = kept.map { files[$0].entry }
    }
    self.init(
      sortedPaths: paths, entries: entries,
      fingerprint: header.fingerprint, pageCounts: header.pageCounts,
      filmCounts: header.filmCounts)
    kept = header.kept.sorted(by: Self.precedes)
    // A line it cannot read may name a file in any folder, which is then the
    // user's: no folder is known to hold only the user's files it kept.
    userFilesScanned = parsed.allSatisfy { $0.unread == 0 } ? header.userFilesScanned : nil
    isInWrittenOrder = inOrder
  }

  /// How many files the manifest `data` (with `header`) lists, when each of
  /// its lines is one FilmSite wrote (in the order it writes them: paths
  /// ascending, each once) and `isAsWritten` holds for every file (given its
  /// path, NUL-terminated, and its entry); `nil` otherwise. Lines are checked
  /// on every core, without keeping the entries as ``init(bytes:)`` does.
  /// - Parameter partCount: How many parts the lines are read in (tests set it).
  static func countOfFilesAsWritten(
    in data: [UInt8], header: Header, partCount: Int? = nil,
    _ isAsWritten: @Sendable (UnsafePointer<CChar>, Entry) -> Bool
  ) -> Int? {
    guard !header.isVersion1 else { return nil }
    let parts = Self.parts(of: data, after: header, count: partCount)
    let checked = parts.parallelMap { part -> PartCheck? in
      data.withUnsafeBytes { bytes in
        var count = 0
        var intact = true
        // Within a part, each path is compared with the line before it where it lies.
        var first: Slice<UnsafeRawBufferPointer>?
        var previous: Slice<UnsafeRawBufferPointer>?
        var path: [UInt8] = []
        Self.forEachLine(in: bytes, part) { line in
          guard intact else { return }
          guard let (name, entry) = Self.entry(in: line),
            previous.map({ Self.precedes($0, name) }) ?? true
          else {
            intact = false
            return
          }
          if first == nil { first = name }
          previous = name
          path.removeAll(keepingCapacity: true)
          path.append(contentsOf: UnsafeRawBufferPointer(rebasing: name))
          path.append(0)
          intact = path.withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { path in
              path.baseAddress.map { isAsWritten($0, entry) } ?? false
            }
          }
          count += 1
        }
        guard intact else { return nil }
        return PartCheck(count: count, first: first.map(Array.init), last: previous.map(Array.init))
      }
    }
    var total = 0
    var last: [UInt8]?
    for part in checked {
      guard let part else { return nil }
      if let last, let first = part.first, !Self.precedes(last, first) { return nil }
      last = part.last ?? last
      total += part.count
    }
    return total
  }

  /// The files one part of a manifest's lines lists, in its order.
  private struct PartRead: Sendable {
    var paths: [String] = []
    var entries: [Entry] = []
    /// Lines that are not a file's as FilmSite writes it.
    var unread = 0
    /// Whether each path comes after the one before it (``precedes(_:_:)-(String,String)``).
    var inOrder = true
  }

  /// What one part of a manifest's lines holds: its files, and its first and last paths.
  private struct PartCheck: Sendable {
    var count = 0
    var first: [UInt8]?
    var last: [UInt8]?
  }

  /// Whether the path `left` comes before `right` in the order FilmSite writes paths in
  /// (``precedes(_:_:)-(String,String)``: their bytes').
  private static func precedes<Left: Collection<UInt8>, Right: Collection<UInt8>>(
    _ left: Left, _ right: Right
  ) -> Bool {
    left.lexicographicallyPrecedes(right)
  }
}

extension Slice<UnsafeRawBufferPointer> {
  /// The index of the first `byte` in the slice; `nil` when it has none.
  /// Found with `memchr`, which looks at many bytes at once: a manifest's
  /// lines and their fields are found this way, 300,000 lines at 100,000 films.
  fileprivate func firstIndex(ofByte byte: UInt8) -> Int? {
    guard !isEmpty, let start = base.baseAddress,
      let found = memchr(start + startIndex, Int32(byte), count)
    else { return nil }
    return start.distance(to: UnsafeRawPointer(found))
  }
}
