import FilmCatalog

/// The order films appear in on index pages, the same on every machine.
///
/// Films are sorted by title as a reader scans a list: case and accents are
/// ignored and numbers compare by value (`Film 2` before `Film 10`). Ties
/// are broken by the title's exact characters, then by year (films without
/// one last), then by id, so that no two different films ever tie and the
/// order never depends on the source's order, the locale or the machine.
public enum FilmOrder {
  /// Returns `films` in site order.
  public static func sorted(_ films: [Film]) -> [Film] {
    sorted(films) { $0 }
  }

  /// Returns `items` in the site order of their films.
  public static func sorted<Item>(_ items: [Item], by film: (Item) -> Film) -> [Item] {
    let keyed = items.map { (key: SortKey(Slug.fold(film($0).title)), item: $0) }
    return keyed.sorted { lhs, rhs in
      let order = lhs.key.compare(rhs.key)
      if order != 0 { return order < 0 }
      return precedes(film(lhs.item), film(rhs.item))
    }.map(\.item)
  }

  private static func precedes(_ lhs: Film, _ rhs: Film) -> Bool {
    if lhs.title != rhs.title {
      return lhs.title.unicodeScalars.lexicographicallyPrecedes(rhs.title.unicodeScalars)
    }
    switch (lhs.year, rhs.year) {
    case (let left?, let right?) where left != right: return left < right
    case (.some, .none): return true
    case (.none, .some): return false
    default: break
    }
    return lhs.id.unicodeScalars.lexicographicallyPrecedes(rhs.id.unicodeScalars)
  }

  /// A folded title split into runs of digits, compared by value, and runs of
  /// other text, compared byte by byte (a folded title is ASCII).
  struct SortKey: Comparable {
    /// A run of `bytes`; a number's run starts after its leading zeros.
    private struct Run {
      let start: Int
      let end: Int
      let isNumber: Bool
    }

    private let bytes: [UInt8]
    private let runs: [Run]

    init(_ folded: String) {
      let bytes = Array(folded.utf8)
      var runs: [Run] = []
      var start = 0
      while start < bytes.count {
        let isNumber = Self.isDigit(bytes[start])
        var end = start
        while end < bytes.count, Self.isDigit(bytes[end]) == isNumber { end += 1 }
        var significant = start
        if isNumber {
          while significant < end, bytes[significant] == UInt8(ascii: "0") { significant += 1 }
        }
        runs.append(Run(start: significant, end: end, isNumber: isNumber))
        start = end
      }
      self.bytes = bytes
      self.runs = runs
    }

    /// Negative, zero or positive as `self` sorts before, with or after `other`.
    func compare(_ other: SortKey) -> Int {
      for (left, right) in zip(runs, other.runs) {
        if left.isNumber != right.isNumber { return left.isNumber ? -1 : 1 }
        // Without leading zeros, the longer number is the larger.
        if left.isNumber, left.end - left.start != right.end - right.start {
          return left.end - left.start < right.end - right.start ? -1 : 1
        }
        let order = Self.compare(bytes[left.start..<left.end], other.bytes[right.start..<right.end])
        if order != 0 { return order }
      }
      return runs.count == other.runs.count ? 0 : (runs.count < other.runs.count ? -1 : 1)
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool { lhs.compare(rhs) < 0 }
    static func == (lhs: SortKey, rhs: SortKey) -> Bool { lhs.compare(rhs) == 0 }

    private static func compare(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Int {
      for (l, r) in zip(left, right) where l != r { return l < r ? -1 : 1 }
      return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
  }
}
