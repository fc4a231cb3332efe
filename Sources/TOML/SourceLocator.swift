/// Turns byte offsets in a document into lines and columns: the one place that counts them.
///
/// Lines end at line feeds; columns count Unicode scalars, that is every byte that does not
/// continue a UTF-8 sequence. A leading byte order mark takes no column, as editors do not
/// show it. The locator remembers the last offset it reached, so asking for offsets in
/// increasing order reads the document once.
struct SourceLocator {
  private let bytes: [UInt8]
  private let start: Int
  private var offset: Int
  private var line = 1
  private var column = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
    start = startsWithByteOrderMark(bytes) ? 3 : 0
    offset = start
  }

  /// The position of the byte at `target`, or of the end of the document when `target` is
  /// its length.
  mutating func position(at target: Int) -> TOMLPosition {
    let target = min(max(target, start), bytes.count)
    if target < offset {
      offset = start
      line = 1
      column = 1
    }
    while offset < target {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return TOMLPosition(line: line, column: column)
  }
}

/// Whether the bytes begin with U+FEFF in UTF-8, which TOML allows as a signature.
func startsWithByteOrderMark(_ bytes: [UInt8]) -> Bool {
  bytes.starts(with: [0xEF, 0xBB, 0xBF])
}
