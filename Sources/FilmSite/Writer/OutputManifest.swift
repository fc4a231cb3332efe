import FilmSiteSupport
import Foundation

/// The list of files FilmSite wrote into an output folder, kept in the folder
/// itself. It is how FilmSite knows which files are its own: it deletes or
/// replaces only files listed here, never anything else.
///
/// Each file is listed with the hash of its bytes, its size and its
/// modification time, so the next build can tell that a file is unchanged
/// from one `stat` instead of reading it; and the manifest keeps the
/// fingerprint of everything the build depended on (``BuildFingerprint``),
/// so a build with the same inputs can stop before rendering anything.
///
/// Each page is listed with its input key too (``PageKey``): the hash of
/// what the page was made from, so that the next build can tell, without
/// rendering the page, that it would come out the same. And the manifest
/// names the files the user keeps among FilmSite's (``kept``), with the
/// time since which they are known (``userFilesScanned``), so the next build
/// looks only in folders changed since.
///
/// Version 1 (paths only), version 2 (no input keys) and version 3 (no
/// index page patches) manifests are read too: a version 1 manifest's files
/// count as FilmSite's, and are compared byte by byte. An older FilmSite
/// takes a version 4 manifest for none, and will not write into its folder
/// without `--force`, rather than misread its lines.
struct OutputManifest: Equatable {
  static let fileName = ".filmsite-manifest"
  static let header = "# filmsite manifest v4: the files FilmSite wrote here. Do not edit."
  static let headerV3 =
    "# filmsite manifest v3: the files FilmSite wrote here. Do not edit."
  static let headerV2 =
    "# filmsite manifest v2: the files FilmSite wrote here. Do not edit."
  static let headerV1 =
    "# filmsite manifest v1: the files FilmSite wrote here. Do not edit."
  static let fingerprintPrefix = "# build "
  static let pagesPrefix = "# pages "
  static let filmsPrefix = "# films "
  static let scannedPrefix = "# scanned "
  static let keptPrefix = "# kept "

  /// What the manifest knows of one file.
  struct Entry: Equatable {
    var hash: ContentHash
    var size: Int
    /// The modification time.
    var modified: Timestamp
    /// What the page was made from (``PageKey``); `nil` for a file that is
    /// not rendered (an asset), or one listed by an older manifest.
    var key: ContentHash?
    /// For a film page, where it shows the index page that lists the film
    /// (``IndexPagePatch``); `nil` for other files, or a theme that could
    /// show that page elsewhere.
    var patch: IndexPagePatch?

    init(
      hash: ContentHash, size: Int, modified: Timestamp, key: ContentHash? = nil,
      patch: IndexPagePatch? = nil
    ) {
      self.hash = hash
      self.size = size
      self.modified = modified
      self.key = key
      self.patch = patch
    }

    /// The entry of a file with bytes of `hash` whose status is `status`.
    init(
      hash: ContentHash, status: FileStatus, key: ContentHash? = nil, patch: IndexPagePatch? = nil
    ) {
      self.init(hash: hash, size: status.size, modified: status.modified, key: key, patch: patch)
    }

    /// The same file, made from `key`, with `patch`.
    func with(key: ContentHash?, patch: IndexPagePatch?) -> Entry {
      var entry = self
      entry.key = key
      entry.patch = patch
      return entry
    }

    /// Whether `other` describes the same bytes in the same file: the same
    /// hash, size and time, whatever the input keys.
    func isSameFile(as other: Entry) -> Bool {
      hash == other.hash && size == other.size && modified == other.modified
    }

    /// Whether `status` is that of the file as FilmSite wrote it: a regular
    /// file of the same size and modification time.
    func describes(_ status: FileStatus) -> Bool {
      status.kind == .file && status.size == size && status.modified == modified
    }
  }

  /// A file's modification time, written `seconds.nanoseconds`.
  typealias Timestamp = FileTime

  /// Paths relative to the output folder, sorted, each once.
  let paths: [String]
  /// The hash, size and time of the file at each of ``paths``, in the same
  /// order; empty for a version 1 manifest, which lists paths only.
  let entries: [Entry]
  /// The fingerprint of the build that wrote the folder.
  let fingerprint: ContentHash?
  /// The pages of each kind that build made, for a summary without rendering.
  let pageCounts: SitePageCounts?
  /// The films that build got from its source, for a summary without decoding them.
  let filmCounts: FilmCounts?
  /// The user's own files and folders in the folder (each the topmost of
  /// its kind: a folder of theirs is listed, not what it holds), sorted, as
  /// they were when last looked for.
  var kept: [String] = []
  /// A time since which a folder of FilmSite's holds no file of the user's
  /// but those in ``kept`` unless its status changed: when the user's files
  /// were last looked for in this tree, or, for a tree a build made and
  /// swapped in, when that build had written its own files there and was
  /// about to carry the user's in (``FolderClock``).
  /// `nil` when unknown, or when a line of the file could not be read (it
  /// may name a file anywhere); then every folder is looked in.
  var userFilesScanned: Timestamp?
  /// Whether the file listed its lines as FilmSite writes them (sorted, each
  /// once). One that did not (an edit) is not equal to the same files listed
  /// in order, so a build that changes nothing still writes it again: the
  /// no-op check accepts only lines in FilmSite's order.
  var isInWrittenOrder = true

  init<Paths: Sequence<String>>(paths: Paths) {
    let sorted = paths.sorted(by: Self.precedes)
    self.paths = zip(sorted.indices, sorted).compactMap { index, path in
      index > 0 && Self.isSamePath(sorted[index - 1], path) ? nil : path
    }
    entries = []
    fingerprint = nil
    pageCounts = nil
    filmCounts = nil
  }

  /// A manifest of the files at `sortedPaths`, sorted and each once, whose
  /// entries are `entries`, in the same order.
  init(
    sortedPaths: [String], entries: [Entry], fingerprint: ContentHash?,
    pageCounts: SitePageCounts?, filmCounts: FilmCounts?
  ) {
    precondition(entries.isEmpty || entries.count == sortedPaths.count)
    paths = sortedPaths
    self.entries = entries
    self.fingerprint = fingerprint
    self.pageCounts = pageCounts
    self.filmCounts = filmCounts
  }

  /// `files` sorted by path (``sortedOrder(of:)``).
  static func sorted(_ files: [(path: String, entry: Entry)]) -> [(path: String, entry: Entry)] {
    let order = sortedOrder(of: files.map(\.path))
    return order.indices.allSatisfy({ order[$0] == $0 }) ? files : order.map { files[$0] }
  }

  /// The places of `paths` in the order a manifest sorts them, a large
  /// list's halves each on its own core and then merged: sorting a large
  /// site's files is a serial step at the end of its build. Of two equal
  /// paths, the first given comes first (the standard library's sort is
  /// stable, and so is the merge). Paths already in order, as a rebuild that
  /// reuses the current site's list stages them, are found so in one pass.
  /// Places are sorted, not the files they stand for, which are each many
  /// times a place's size and are then moved once by the caller; they are
  /// compared by their paths' first bytes (``PathPrefix``), and only paths
  /// that share those are compared whole.
  static func sortedOrder(of paths: [String]) -> [Int] {
    let places = Array(paths.indices)
    if zip(paths, paths.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return places }
    guard paths.count >= 8192 else { return places.sorted { precedes(paths[$0], paths[$1]) } }
    let prefixes = paths.parallelMap(PathPrefix.init)
    let inOrder = { @Sendable (left: Int, right: Int) -> Bool in
      let (first, second) = (prefixes[left], prefixes[right])
      guard first == second else { return first < second }
      return precedes(paths[left], paths[right])
    }
    let middle = paths.count / 2
    let halves = [places[..<middle], places[middle...]].parallelMap { half in
      half.sorted(by: inOrder)
    }
    return halves[0].mergingSorted(with: halves[1], by: inOrder)
  }

  /// A path's first 16 bytes, as two big-endian numbers, the missing ones
  /// zero: of two paths whose prefixes differ, the one with the smaller
  /// prefix comes first (``precedes(_:_:)-(String,String)``); paths with the
  /// same prefix must be compared whole.
  private struct PathPrefix: Comparable, Sendable {
    var high: UInt64 = 0
    var low: UInt64 = 0

    init(_ path: String) {
      let read: Void? = path.utf8.withContiguousStorageIfAvailable { bytes in
        // Most paths are longer than 16 bytes: two loads.
        guard bytes.count >= 16, let base = bytes.baseAddress else { return self.add(bytes) }
        let raw = UnsafeRawPointer(base)
        high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        low = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      }
      if read == nil { add(path.utf8) }
    }

    /// Puts each of the first 16 of `bytes` in its place.
    private mutating func add<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
      for (index, byte) in bytes.prefix(16).enumerated() {
        if index < 8 {
          high |= UInt64(byte) << (8 * (7 - index))
        } else {
          low |= UInt64(byte) << (8 * (15 - index))
        }
      }
    }

    static func < (left: PathPrefix, right: PathPrefix) -> Bool {
      (left.high, left.low) < (right.high, right.low)
    }
  }

  /// Whether the path `left` comes before `right` in a manifest: in the order of their UTF-8
  /// bytes, as the file system tells names apart.
  ///
  /// Not `String`'s `<`: two spellings of one text (`é`, and `e` with a combining accent) are
  /// two files on disk but one string, and `String`'s order is not even consistent between
  /// them (`"e\u{301}" < "\u{E9}:"` and `"\u{E9}:" < "e\u{301}"` are both false, while
  /// `"\u{E9}" < "\u{E9}:"`), so lines sorted by it could not be told to be in order.
  static func precedes(_ left: String, _ right: String) -> Bool {
    ScalarOrder.precedes(left, right)
  }

  /// ``precedes(_:_:)-(String,String)`` for two paths' UTF-8 bytes.
  static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    ScalarOrder.precedes(left, right)
  }

  /// The index of the first of `paths` (sorted as a manifest sorts them) that
  /// does not come before `path`: `path`'s own, when `paths` has it, and
  /// otherwise where it would go. Found by a binary search.
  static func firstIndex(notBefore path: String, in paths: [String]) -> Int {
    paths.partitioningIndex { !precedes($0, path) }
  }

  /// Whether two paths are one file: the same UTF-8 bytes.
  static func isSamePath(_ left: String, _ right: String) -> Bool {
    ScalarOrder.isSame(left, right)
  }

  /// The paths of `paths` that `next` does not have, both sorted as a
  /// manifest sorts them (``precedes(_:_:)-(String,String)``), in one pass.
  /// Paths are told apart by their bytes: two spellings of one text are two files.
  static func paths(_ paths: [String], notIn next: [String]) -> [String] {
    var left: [String] = []
    var other = next.startIndex
    for path in paths {
      while other < next.endIndex, precedes(next[other], path) { other += 1 }
      if other < next.endIndex, isSamePath(next[other], path) { continue }
      left.append(path)
    }
    return left
  }

  /// Whether `prefix`, the start of a file, is the start of a manifest.
  static func startsAManifest(_ prefix: [UInt8]) -> Bool {
    let firstLine = prefix.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first ?? prefix[...]
    let text = String(decoding: firstLine, as: UTF8.self)
    return text == header || text == headerV3 || text == headerV2 || text == headerV1
  }

  /// The same manifest, naming `kept` as the user's files, known as of `scanned`.
  func keeping(_ kept: [String], scanned: Timestamp?) -> OutputManifest {
    var manifest = self
    // A name that cannot be written on a `# kept` line and read back cannot
    // be trusted to the next build: then it looks in every folder.
    manifest.kept = kept.filter(Self.isSafeKeptPath).sorted(by: Self.precedes)
    manifest.userFilesScanned = kept.allSatisfy(Self.isSafeKeptPath) ? scanned : nil
    return manifest
  }

  /// NUL, and the tab and line break that separate a manifest's fields and lines.
  private static func isForbiddenInPath(_ byte: UInt8) -> Bool {
    byte == 0 || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
  }

  /// Whether `path` can be a file of FilmSite's in the folder and a line of
  /// the manifest: it stays inside the folder, holds no tab or line break,
  /// is not the manifest, and does not start with `#`, which starts a header line.
  static func isSafeRelativePath(_ path: String) -> Bool {
    isSafeRelativePath(bytes: path.utf8)
  }

  /// ``isSafeRelativePath(_:)`` for a path's UTF-8.
  static func isSafeRelativePath<Bytes: Collection<UInt8>>(bytes path: Bytes) -> Bool {
    path.first != UInt8(ascii: "#") && staysInside(path)
  }

  /// Whether `path` names a place in the folder (a user's file, which a
  /// `# kept` line names whatever its first character), other than the manifest.
  static func isSafeKeptPath(_ path: String) -> Bool {
    staysInside(path.utf8)
  }

  private static func staysInside<Bytes: Collection<UInt8>>(_ path: Bytes) -> Bool {
    guard !path.isEmpty, path.first != UInt8(ascii: "/"), !path.elementsEqual(fileName.utf8)
    else { return false }
    // One pass over the bytes, with no list of components made: every line of
    // a manifest is checked when it is read.
    var length = 0
    var dots = 0
    for byte in path {
      if byte == UInt8(ascii: "/") {
        guard isAllowedComponent(length: length, dots: dots) else { return false }
        (length, dots) = (0, 0)
        continue
      }
      if isForbiddenInPath(byte) { return false }
      length += 1
      if byte == UInt8(ascii: ".") { dots += 1 }
    }
    return isAllowedComponent(length: length, dots: dots)
  }

  /// Whether a path component of `length` bytes, `dots` of them `.`, may be
  /// in a path: not empty, and neither `.` nor `..`.
  private static func isAllowedComponent(length: Int, dots: Int) -> Bool {
    length > 0 && !(length <= 2 && dots == length)
  }
}

extension FileTime {
  /// Reads `seconds.nanoseconds`, as a manifest writes a file's time.
  init?(_ text: Substring) {
    self.init(bytes: text.utf8[...])
  }

  /// Reads `seconds.nanoseconds` from its UTF-8: there is one per file of the site.
  init?<Bytes: Collection<UInt8>>(bytes: Bytes) where Bytes.SubSequence == Bytes {
    var bytes = bytes
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    guard let point = bytes.firstIndex(of: UInt8(ascii: ".")),
      let seconds = Self.number(bytes[..<point], maximumDigits: 18),
      let nanoseconds = Self.number(bytes[bytes.index(after: point)...], maximumDigits: 9)
    else { return nil }
    self.init(seconds: negative ? -seconds : seconds, nanoseconds: nanoseconds)
  }

  /// A run of 1 to `maximumDigits` decimal digits, which then cannot overflow.
  static func number<Digits: Collection<UInt8>>(
    _ digits: Digits, maximumDigits: Int
  ) -> Int? {
    guard (1...maximumDigits).contains(digits.count) else { return nil }
    var value = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
