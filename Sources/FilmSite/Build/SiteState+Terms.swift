import FilmSiteSupport

/// Reading a state's terms: after the films' lines, one line a term, kind by
/// kind in the taxonomy's order (``SiteState/keptKinds``), as
/// `<kind> <slug> <name>`, the name escaped (``SiteState/unescaped(_:)``).
extension SiteState {
  /// The term at `rank` among the terms of the kind at `kind` in ``keptKinds``.
  func termName(kind: Int, rank: Int32) -> TermName? {
    let index = kindStarts[kind] + Int(rank)
    guard rank >= 0, index < kindStarts[kind + 1] else { return nil }
    return termName(in: termLines[index])
  }

  /// A term's line: `<kind> <slug> <name, with \\, \n and \t escaped>`, the
  /// kind one byte. Its spaces are found in place: a cast has 200,000 such lines.
  private func termName(in line: Range<Int>) -> TermName? {
    let space = UInt8(ascii: " ")
    let slugStart = line.lowerBound + 2
    guard line.count > 2, bytes[line.lowerBound] != space, bytes[line.lowerBound + 1] == space,
      let slugEnd = bytes[slugStart..<line.upperBound].firstIndex(of: space)
    else { return nil }
    let slug = bytes[slugStart..<slugEnd]
    // A slug is a folder's name: lowercase letters, digits, `-` and `_` (``TermSlugs``).
    guard !slug.isEmpty,
      slug.allSatisfy({ byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      }),
      let name = Self.unescaped(bytes[(slugEnd + 1)..<line.upperBound])
    else { return nil }
    return TermName(name: name, slug: String(decoding: slug, as: UTF8.self))
  }

  /// The terms of `kind` (one of ``keptKinds``) in the taxonomy's order,
  /// each with its slug; `nil` if one of their lines is damaged.
  func terms(of kind: TaxonomyKind) -> [TermName]? {
    guard let kindIndex = Self.keptKinds.firstIndex(of: kind) else { return nil }
    let (start, end) = (kindStarts[kindIndex], kindStarts[kindIndex + 1])
    // A large cast has a hundred thousand names or more: they are read on every core, a run at a time.
    let runLength = 8192
    let runs = Array(stride(from: start, to: end, by: runLength)).parallelMap { first in
      var terms: [TermName] = []
      terms.reserveCapacity(min(runLength, end - first))
      for index in first..<min(first + runLength, end) {
        guard let term = termName(in: termLines[index]) else { return nil as [TermName]? }
        terms.append(term)
      }
      return terms
    }
    var terms: [TermName] = []
    terms.reserveCapacity(end - start)
    for run in runs {
      guard let run else { return nil }
      terms += run
    }
    return terms
  }
}
