/// The films' rows (``PrerenderedTemplate``) as a build that rendered many
/// lists made them, kept beside the output folder for the next such build:
/// films added near the start of the order move every later film to another
/// index page, and every index page is rendered again, but a film whose row
/// key did not change has the row it had.
///
/// A row is found by its key (``PageKeys/rows``: the film's hash, with its
/// note, and its route) among the rows made with one site key (the list
/// pages' ``SiteKeys/list`` with the navigation: the program, its libcmark,
/// the settings, and the layout, index and row templates): the inputs a list
/// page's key is made from too. A cache of another site key, or whose bytes
/// do not match the seal its header ends with (``HeaderSeal``), is no cache. Like the state
/// (``SiteState``), the seal guards against accidents, not against someone
/// who writes the file on purpose and seals it again: such a file is taken
/// at its word, and its rows show on the lists the next build renders.
///
/// The file is the header line `filmsite-rows 1 <site> <count> <seal>`, then
/// each row: its key (8 bytes, little-endian), the length of its parts
/// (4 bytes, little-endian) and its parts (``PrerenderedTemplate/encoded``).
struct RowCache: Sendable {
  /// Where each row's parts are in ``bytes``, by the row's key.
  private let places: [ContentHash: Range<Int>]
  private let bytes: [UInt8]

  private static let magic = "filmsite-rows"
  private static let version = 1

  /// How many rows it holds.
  var count: Int { places.count }

  /// Where a render reads the last cache and leaves its own: the writer's
  /// file beside the output folder, or none.
  struct Store: Sendable {
    /// The cache left there, when it is one made with the site key given.
    let read: @Sendable (_ site: ContentHash) -> RowCache?
    /// Leaves these bytes as the cache, in place of the last one.
    let write: @Sendable (_ bytes: [UInt8]) -> Void

    /// No cache read, none left: a render that does not go through a
    /// writer, as in the tests of rendering.
    static let none = Store(read: { _ in nil }, write: { _ in })
  }

  /// The cache in `bytes`, a file ``bytes(site:rows:)`` wrote, when it was
  /// made with `site` and its seal matches; `nil` otherwise.
  init?(bytes: [UInt8], site: ContentHash) {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let fields = bytes[..<newline].split(
      separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard fields.count == 5, Array(fields[0]) == Array(Self.magic.utf8),
      Array(fields[1]) == Array(String(Self.version).utf8),
      ContentHash(hexDigits: fields[2]) == site,
      let count = Int(String(decoding: fields[3], as: UTF8.self)), count >= 0,
      // Each row takes at least its key and length.
      count <= (bytes.count - newline - 1) / 12,
      HeaderSeal.isSealed(bytes, headerEnd: newline)
    else { return nil }
    var places: [ContentHash: Range<Int>] = [:]
    places.reserveCapacity(count)
    var index = newline + 1
    for _ in 0..<count {
      guard bytes.count - index >= 12 else { return nil }
      let key = Self.integer(bytes[index..<index + 8])
      let length = Int(Self.integer(bytes[index + 8..<index + 12]))
      index += 12
      guard length <= bytes.count - index else { return nil }
      places[ContentHash(value: key)] = index..<index + length
      index += length
    }
    guard index == bytes.count else { return nil }
    self.places = places
    self.bytes = bytes
  }

  /// The row whose key is `key`, if the cache has one and its parts are whole.
  func row(_ key: ContentHash) -> PrerenderedTemplate? {
    places[key].flatMap { PrerenderedTemplate(encoded: bytes[$0]) }
  }

  /// The parts of the row whose key is `key`, as the file holds them, to
  /// keep in the next cache; `nil` when the cache has none.
  func encodedRow(_ key: ContentHash) -> ArraySlice<UInt8>? {
    places[key].map { bytes[$0] }
  }

  /// A cache file of `rows`, each with its key, made with `site`.
  static func bytes(
    site: ContentHash, rows: [(key: ContentHash, encoded: ArraySlice<UInt8>)]
  ) -> [UInt8] {
    // A row too long for its length field (4 GB) is left out: it is rendered again.
    let rows = rows.filter { $0.encoded.count <= Int(UInt32.max) }
    // The file is made in one buffer of its whole size, not copied from a body into a second.
    let header = Self.header(site: site, count: rows.count)
    var file: [UInt8] = []
    file.reserveCapacity(rows.reduce(header.count) { $0 + 12 + $1.encoded.count })
    file += header
    for (key, encoded) in rows {
      withUnsafeBytes(of: key.value.littleEndian) { file += $0 }
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: encoded.count).littleEndian) { file += $0 }
      file += encoded
    }
    HeaderSeal.seal(&file)
    return file
  }

  /// A file of `count` rows, made with `site`, whose rows are `body`, sealed.
  static func file(site: ContentHash, count: Int, body: [UInt8]) -> [UInt8] {
    var file = header(site: site, count: count) + body
    HeaderSeal.seal(&file)
    return file
  }

  /// The header line of a file of `count` rows made with `site`, not yet sealed.
  private static func header(site: ContentHash, count: Int) -> [UInt8] {
    Array("\(magic) \(version) \(site) \(count) \(HeaderSeal.placeholder)\n".utf8)
  }

  /// The little-endian unsigned number in `bytes`, at most eight of them.
  private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), bytes) {
      value |= UInt64(byte) << UInt64(shift)
    }
    return value
  }
}
