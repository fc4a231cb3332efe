import FilmCatalog
import FilmSiteSupport
import Foundation

/// The order films appear in on index pages, the same on every machine.
///
/// Films are sorted by title as a reader scans a list: case and accents are
/// ignored and numbers compare by value (`Film 2` before `Film 10`). Ties
/// are broken by the title's exact characters, then by year (films without
/// one last), then by id, so that no two different films ever tie and the
/// order never depends on the source's order, the locale or the machine.
enum FilmOrder {
  /// Returns `films` in site order.
  static func sorted(_ films: [Film]) -> [Film] {
    sorted(films) { $0 }
  }

  /// Returns `items` in the site order of their films.
  static func sorted<Item: Sendable>(_ items: [Item], by film: @Sendable (Item) -> Film)
    -> [Item]
  {
    // Titles are folded on every core.
    sorted(items, folded: items.parallelMap { Slug.fold(film($0).title) }, by: film)
  }

  /// ``sorted(_:by:)`` for items whose films' titles are already folded:
  /// `folded[i]` is the ``Slug/fold(_:)`` of the title of `items[i]`'s film.
  static func sorted<Item: Sendable>(
    _ items: [Item], folded: [String], by film: @Sendable (Item) -> Film
  ) -> [Item] {
    precondition(folded.count == items.count)
    return order(items, folded: folded) { precedes(film($0), film($1)) }
  }

  /// Whether `lhs` comes before `rhs` in site order, given their titles'
  /// ``Slug/fold(_:)``: what ``sorted(_:folded:by:)`` decides between two films.
  static func precedes(_ lhs: Film, folded left: String, _ rhs: Film, folded right: String)
    -> Bool
  {
    precedes(folded: left, folded: right) { precedes(lhs, rhs) }
  }

  /// Whether the name `lhs` comes before `rhs` in the order of
  /// ``orderOfNames(_:folded:)``, given their ``Slug/fold(_:)``: what that
  /// order decides between two names.
  static func precedes(
    name lhs: String, folded left: String, name rhs: String, folded right: String
  ) -> Bool {
    precedes(folded: left, folded: right) { ScalarOrder.precedes(lhs, rhs) }
  }

  /// Whether the item folded to `left` comes before the one folded to
  /// `right`, as ``order(_:folded:tieBreak:)`` compares two: by the folded
  /// keys, then by `tieBreak` when they are equal.
  private static func precedes(
    folded left: String, folded right: String, tieBreak: () -> Bool
  ) -> Bool {
    SortKeys([left, right]).withComparator { compare in
      let order = compare(0, 1)
      return order != 0 ? order < 0 : tieBreak()
    }
  }

  /// The positions in `names` (of genres, directors, actors) in the order
  /// titles are listed in: folded, numbers by value, then by their exact
  /// characters. `folded[i]` is the ``Slug/fold(_:)`` of `names[i]`.
  static func orderOfNames(_ names: [String], folded: [String]) -> [Int] {
    precondition(folded.count == names.count)
    return order(Array(names.indices), folded: folded) {
      ScalarOrder.precedes(names[$0], names[$1])
    }
  }

  /// `items` sorted by their folded titles, `tieBreak` deciding between equal ones.
  ///
  /// Indices are sorted, not items: moving an index is cheap, and the keys
  /// sit in flat storage that comparing does not copy or retain.
  ///
  /// Each core sorts a part of the list, and the parts are merged: no two
  /// different items tie, so the result does not depend on how it was split.
  private static func order<Item: Sendable>(
    _ items: [Item], folded: [String], tieBreak: @Sendable (Item, Item) -> Bool
  ) -> [Item] {
    let keys = SortKeys(folded)
    let parts = ProcessInfo.processInfo.activeProcessorCount
    let partSize = max(4096, (items.count + parts - 1) / max(1, parts))
    let ranges = stride(from: 0, to: items.count, by: partSize).map {
      $0..<min($0 + partSize, items.count)
    }
    var sorted = ranges.parallelMap { range in
      keys.withComparator { compare in
        Array(range).sorted { left, right in
          let order = compare(left, right)
          return order != 0 ? order < 0 : tieBreak(items[left], items[right])
        }
      }
    }
    while sorted.count > 1 {
      let (left, right) = (sorted.removeFirst(), sorted.removeFirst())
      let merged = keys.withComparator { compare in
        left.mergingSorted(with: right) { left, right in
          let order = compare(left, right)
          return order != 0 ? order < 0 : tieBreak(items[left], items[right])
        }
      }
      sorted.append(merged)
    }
    return (sorted.first ?? []).map { items[$0] }
  }

  private static func precedes(_ lhs: Film, _ rhs: Film) -> Bool {
    if lhs.title != rhs.title {
      return ScalarOrder.precedes(lhs.title, rhs.title)
    }
    switch (lhs.year, rhs.year) {
    case (let left?, let right?) where left != right: return left < right
    case (.some, .none): return true
    case (.none, .some): return false
    default: break
    }
    return ScalarOrder.precedes(lhs.id, rhs.id)
  }

  /// Folded titles split into runs of digits, compared by value, and runs of
  /// other text, compared byte by byte (a folded title is ASCII), kept in
  /// flat arrays for the whole list.
  struct SortKeys {
    /// A run of `bytes`; a number's run starts after its leading zeros.
    private struct Run {
      let start: Int
      let end: Int
      let isNumber: Bool
    }

    private var bytes: [UInt8] = []
    private var runs: [Run] = []
    /// Each key's runs, by key.
    private var keys: [Range<Int>] = []

    init(_ folded: [String]) {
      keys.reserveCapacity(folded.count)
      for title in folded {
        let firstRun = runs.count
        let base = bytes.count
        bytes.append(contentsOf: title.utf8)
        var start = base
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
        keys.append(firstRun..<runs.count)
      }
    }

    /// Calls `body` with a function that compares two keys by index: negative,
    /// zero or positive as the first sorts before, with or after the second.
    func withComparator<Result>(_ body: ((Int, Int) -> Int) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { bytes in
        runs.withUnsafeBufferPointer { runs in
          keys.withUnsafeBufferPointer { keys in
            body { left, right in
              Self.compare(keys[left], keys[right], runs: runs, bytes: bytes)
            }
          }
        }
      }
    }

    private static func compare(
      _ left: Range<Int>, _ right: Range<Int>, runs: UnsafeBufferPointer<Run>,
      bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
      for (leftRun, rightRun) in zip(runs[left], runs[right]) {
        if leftRun.isNumber != rightRun.isNumber { return leftRun.isNumber ? -1 : 1 }
        let leftLength = leftRun.end - leftRun.start
        let rightLength = rightRun.end - rightRun.start
        // Without leading zeros, the longer number is the larger.
        if leftRun.isNumber, leftLength != rightLength { return leftLength < rightLength ? -1 : 1 }
        for offset in 0..<min(leftLength, rightLength) {
          let l = bytes[leftRun.start + offset]
          let r = bytes[rightRun.start + offset]
          if l != r { return l < r ? -1 : 1 }
        }
        if leftLength != rightLength { return leftLength < rightLength ? -1 : 1 }
      }
      return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
  }
}
