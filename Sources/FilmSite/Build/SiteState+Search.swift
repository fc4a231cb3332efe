import FilmSiteSupport

/// The search index's chunks in a state (``KeptSearch``): one line each,
/// after the terms, written and read here.
extension SiteState {
  /// A search chunk's line (``searchChunk(in:)``): its key, its group,
  /// name and piece, and each word with its films' positions (the first, then each
  /// less the one before).
  static func appendLine(of chunk: SearchChunk, to bytes: inout [UInt8]) {
    bytes.appendHex(chunk.key)
    bytes.append(UInt8(ascii: " "))
    appendEscaped(chunk.group, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    appendEscaped(chunk.name, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    bytes += chunk.piece.utf8
    for word in chunk.words {
      bytes.append(UInt8(ascii: "\t"))
      appendEscaped(word.text, to: &bytes)
      bytes.append(UInt8(ascii: "\t"))
      var last: Int32 = 0
      for (index, film) in word.films.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.appendDecimal(Int(film - last))
        last = film
      }
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// A chunk's line (``appendLine(of:to:)``): `<key> <group>\t<name>\t<piece>`, and
  /// for each word `\t<word>\t<films>`, the films' positions as the first
  /// and then each less the one before, the group, name and words escaped.
  static func searchChunk(in line: ArraySlice<UInt8>) -> SearchChunk? {
    let start = line.startIndex
    guard line.count > 17, line[start + 16] == UInt8(ascii: " "),
      let key = ContentHash(hexDigits: line[start..<start + 16])
    else { return nil }
    let fields = line[(start + 17)...].split(
      separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    // A piece is the hex of a hash, or nothing.
    guard fields.count >= 5, fields.count % 2 == 1, let group = unescaped(fields[0]),
      let name = unescaped(fields[1]), name.hasPrefix(group),
      fields[2].isEmpty || ContentHash(hexDigits: fields[2]) != nil
    else { return nil }
    var words: [SearchChunk.Word] = []
    for index in stride(from: 3, to: fields.count, by: 2) {
      guard let text = unescaped(fields[index]), text.hasPrefix(name),
        let films = positions(in: fields[index + 1])
      else { return nil }
      words.append(SearchChunk.Word(text: text, films: films))
    }
    return SearchChunk(
      group: group, name: name, piece: String(decoding: fields[2], as: UTF8.self), words: words,
      films: SearchIndex.union(words.map(\.films)), key: key)
  }

  /// Ascending positions written as the first and then each less the one
  /// before, with commas; `nil` unless there is one at least, each more
  /// than the one before.
  private static func positions(in field: ArraySlice<UInt8>) -> [Int32]? {
    var films: [Int32] = []
    var value: Int32 = 0
    var digits = 0
    var last: Int32 = 0
    for byte in field + [UInt8(ascii: ",")] {
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        guard digits < 9 else { return nil }
        value = value * 10 + Int32(byte - UInt8(ascii: "0"))
        digits += 1
        continue
      }
      guard byte == UInt8(ascii: ","), digits > 0, films.isEmpty || value > 0 else { return nil }
      let (film, overflow) = last.addingReportingOverflow(value)
      guard !overflow else { return nil }
      films.append(film)
      (last, value, digits) = (film, 0, 0)
    }
    return films
  }
}
