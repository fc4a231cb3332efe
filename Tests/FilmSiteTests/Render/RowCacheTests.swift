import Testing

@testable import FilmSite

/// The rows kept from one build to the next (``RowCache``): each found by its
/// key, as it was written, and only in a file made with the same site key
/// whose seal matches.
@Suite struct RowCacheTests {
  private static let site = ContentHash(value: 0x1234)
  private static let rows: [(key: ContentHash, row: PrerenderedTemplate)] = (0..<5).map { number in
    (
      key: ContentHash(value: UInt64(number) &* 0x9E37_79B9_7F4A_7C15),
      row: PrerenderedTemplate(
        text: Array("<li>Film \(number)</li>".utf8), marks: [(4, .hole(.rootPath, .html))])
    )
  }

  private static func file(site: ContentHash = site) -> [UInt8] {
    RowCache.bytes(site: site, rows: rows.map { (key: $0.key, encoded: $0.row.encoded[...]) })
  }

  @Test func eachRowIsFoundByItsKey() throws {
    let cache = try #require(RowCache(bytes: Self.file(), site: Self.site))
    #expect(cache.count == Self.rows.count)
    for (key, row) in Self.rows {
      #expect(cache.row(key) == row)
      #expect(cache.encodedRow(key).map(Array.init) == row.encoded)
    }
    #expect(cache.row(ContentHash(value: 1)) == nil)
    let empty = try #require(
      RowCache(bytes: RowCache.bytes(site: Self.site, rows: []), site: Self.site))
    #expect(empty.count == 0)
  }

  /// The file ``RowCache/bytes(site:rows:)`` makes is its header, then each
  /// row's key, length and parts, sealed: as the tests' files are made.
  @Test func aFileOfRowsIsItsHeaderThenEachRowSealed() {
    let body = Self.rows.flatMap { key, row in
      Self.record(key.value, length: UInt32(row.encoded.count)) + row.encoded
    }
    #expect(Self.file() == RowCache.file(site: Self.site, count: Self.rows.count, body: body))
  }

  @Test func aCacheOfAnotherSiteKeyIsNoCache() {
    #expect(RowCache(bytes: Self.file(site: ContentHash(value: 99)), site: Self.site) == nil)
  }

  /// Any byte changed, the header's included, or the file cut short: no cache.
  @Test func aChangedOrCutFileIsNoCache() {
    let file = Self.file()
    for index in file.indices {
      var changed = file
      changed[index] ^= 0x01
      #expect(RowCache(bytes: changed, site: Self.site) == nil, "byte \(index)")
    }
    for end in [0, 10, file.count / 2, file.count - 1] {
      #expect(RowCache(bytes: Array(file[..<end]), site: Self.site) == nil, "cut at \(end)")
    }
    #expect(RowCache(bytes: file + [0], site: Self.site) == nil)
  }

  /// A row's key and the length of its parts, as the file holds them.
  private static func record(_ key: UInt64, length: UInt32) -> [UInt8] {
    withUnsafeBytes(of: key.littleEndian) { Array($0) }
      + withUnsafeBytes(of: length.littleEndian) { Array($0) }
  }

  /// Files sealed as written but whose rows do not match their header: no
  /// cache, and no crash, whatever the count says.
  @Test func aSealedFileWhoseRowsAreNotItsCountIsNoCache() {
    let body = Array(Self.file().drop { $0 != UInt8(ascii: "\n") }.dropFirst())
    #expect(
      RowCache(bytes: RowCache.file(site: Self.site, count: 5, body: body), site: Self.site) != nil)
    for count in [0, 4, 6, 1 << 40, Int.max] {
      #expect(
        RowCache(bytes: RowCache.file(site: Self.site, count: count, body: body), site: Self.site)
          == nil, "count \(count)")
    }
    // A row whose parts would run past the end of the file.
    let past = Self.record(1, length: 100) + [0, 1, 65]
    #expect(
      RowCache(bytes: RowCache.file(site: Self.site, count: 1, body: past), site: Self.site) == nil)
    // A key and no length.
    #expect(
      RowCache(
        bytes: RowCache.file(site: Self.site, count: 1, body: [1, 2, 3, 4, 5, 6, 7, 8]),
        site: Self.site)
        == nil)
  }

  /// A row whose parts are not whole is no row, though the file is a cache.
  @Test func aRowWhosePartsAreNotWholeIsNoRow() throws {
    let body = Self.record(7, length: 1) + [255] + Self.record(8, length: 3) + [0, 1, 65]
    let cache = try #require(
      RowCache(bytes: RowCache.file(site: Self.site, count: 2, body: body), site: Self.site))
    #expect(cache.row(ContentHash(value: 7)) == nil)
    #expect(cache.row(ContentHash(value: 8)) == PrerenderedTemplate(text: [65], marks: []))
  }
}
