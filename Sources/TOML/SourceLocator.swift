/// Turns byte offsets in a document into lines and columns: the one place that counts them.
///
/// Lines end at line feeds; columns count Unicode scalars, that is every byte that does not
/// continue a UTF-8 sequence. The locator remembers the last offset it reached, so asking
/// for offsets in increasing order reads the document once.
struct SourceLocator {
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var column = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The position of the byte at `target`, or of the end of the document when `target` is
  /// its length.
  mutating func position(at target: Int) -> TOMLPosition {
    let target = min(max(target, 0), bytes.count)
    if target < offset {
      offset = 0
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
