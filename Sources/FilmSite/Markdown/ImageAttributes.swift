/// Finishes the `<img>` elements cmark writes: every image loads lazily, and
/// an image whose Markdown title is a size like `"342x513"` gets `width` and
/// `height` instead of a title, so the page does not jump as posters arrive.
///
/// `![Poster](poster.jpg "342x513")` becomes
/// `<img src="poster.jpg" alt="Poster" width="342" height="513" loading="lazy" />`.
/// An image whose target cmark's safe mode removed (`javascript:`, an SVG
/// `data:` URL) would be `<img src="">`, which is invalid HTML; it is replaced
/// by its alt text.
///
/// The rewrite is sound on cmark's output because cmark escapes `"` and `<` in
/// text and attribute values: `<img ` and `title="…" />` can only be its own
/// markup. It scans bytes once, so it stays linear on pages with many images.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

enum ImageAttributes {
  private static let open = Array("<img ".utf8)
  private static let close = Array(" />".utf8)

  /// Appends `html` to `output` with its images finished: the form a page
  /// uses, straight from cmark's buffer to the page's bytes in one copy.
  static func apply(to bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.reserveCapacity(output.count + bytes.count + 256)
    var position = 0
    var start = find(open, in: bytes, from: 0)
    while let tagStart = start, let tagEnd = find(close, in: bytes, from: tagStart) {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<tagStart]))
      rewrite(bytes[tagStart..<tagEnd], into: &output)
      position = tagEnd + close.count
      start = find(open, in: bytes, from: position)
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
  }

  /// Writes the finished `<img … />` for `tag`, which runs from `<img ` to just before ` />`.
  private static func rewrite(_ tag: Slice<UnsafeBufferPointer<UInt8>>, into output: inout [UInt8])
  {
    if starts(tag, with: "<img src=\"\"") {
      output.append(contentsOf: attribute("alt", in: tag) ?? [])
      return
    }
    var kept = tag
    var size: (width: ArraySlice<UInt8>, height: ArraySlice<UInt8>)?
    // The title's value runs to the tag's last byte, a `"` that closes it. Bytes
    // that are not cmark's can end at the opening `"` itself: no title then.
    if let title = lastRange(of: Array(" title=\"".utf8), in: tag), title.upperBound < tag.endIndex,
      tag.last == UInt8(ascii: "\"")
    {
      let value = Array(tag[title.upperBound..<(tag.endIndex - 1)])
      if let x = value.firstIndex(of: UInt8(ascii: "x")), isDimension(value[..<x]),
        isDimension(value[(x + 1)...])
      {
        size = (value[..<x], value[(x + 1)...])
        kept = tag[..<title.lowerBound]
      }
    }
    output.append(contentsOf: kept)
    if let size {
      output.append(contentsOf: " width=\"".utf8)
      output.append(contentsOf: size.width)
      output.append(contentsOf: "\" height=\"".utf8)
      output.append(contentsOf: size.height)
      output.append(UInt8(ascii: "\""))
    }
    output.append(contentsOf: " loading=\"lazy\" />".utf8)
  }

  /// The value of `name="…"` in `tag`, still HTML-escaped.
  private static func attribute(_ name: String, in tag: Slice<UnsafeBufferPointer<UInt8>>)
    -> ArraySlice<UInt8>?
  {
    let marker = Array(" \(name)=\"".utf8)
    guard let start = find(marker, in: tag, from: tag.startIndex) else { return nil }
    let valueStart = start + marker.count
    let valueEnd = tag[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? tag.endIndex
    return ArraySlice(tag[valueStart..<valueEnd])
  }

  private static func isDimension(_ digits: ArraySlice<UInt8>) -> Bool {
    (1...5).contains(digits.count)
      && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  private static func starts(_ tag: Slice<UnsafeBufferPointer<UInt8>>, with prefix: String) -> Bool
  {
    tag.starts(with: prefix.utf8)
  }

  /// The first index at or after `start` where `pattern` begins.
  private static func find(
    _ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  )
    -> Int?
  {
    find(pattern, in: bytes[start...], from: start)
  }

  /// The first index at or after `start` where `pattern` begins, found with
  /// `memchr` for its first byte: pages are scanned for every image.
  private static func find(
    _ pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>, from start: Int
  ) -> Int? {
    guard let first = pattern.first, let base = bytes.base.baseAddress else { return nil }
    var index = start
    let last = bytes.endIndex - pattern.count
    while index <= last {
      guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
      index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + index, pattern, pattern.count) == 0 { return index }
      index += 1
    }
    return nil
  }

  /// The last place `pattern` occurs in `bytes`.
  private static func lastRange(
    of pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>
  ) -> Range<Int>? {
    var index = bytes.endIndex - pattern.count
    while index >= bytes.startIndex {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        return index..<(index + pattern.count)
      }
      index -= 1
    }
    return nil
  }
}
