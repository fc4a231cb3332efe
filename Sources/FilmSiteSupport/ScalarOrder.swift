import Glibc

/// The order of strings by their Unicode scalars, one after the other: what
/// `left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)` says,
/// found by comparing the strings' UTF-8 bytes, which keep the scalars' order.
///
/// It is the order of names on disk, and of the lists FilmSite sorts so that
/// no two different texts tie. It is not `String`'s `<`, which takes two
/// spellings of one text (`é`, and `e` with a combining accent) as equal.
public enum ScalarOrder {
  /// Whether `left` comes before `right`.
  @inlinable public static func precedes(_ left: String, _ right: String) -> Bool {
    let fast = left.utf8.withContiguousStorageIfAvailable { left in
      right.utf8.withContiguousStorageIfAvailable { right in precedes(left, right) }
    }
    return fast.flatMap { $0 } ?? left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  /// ``precedes(_:_:)-(String,String)`` for two strings' UTF-8 bytes.
  @inlinable public static func precedes(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let common = Swift.min(left.count, right.count)
    if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
      let order = memcmp(leftBase, rightBase, common)
      if order != 0 { return order < 0 }
    }
    return left.count < right.count
  }

  /// Whether `left` and `right` are the same scalars: the same UTF-8 bytes.
  @inlinable public static func isSame(_ left: String, _ right: String) -> Bool {
    let fast = left.utf8.withContiguousStorageIfAvailable { left in
      right.utf8.withContiguousStorageIfAvailable { right in
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true  // both empty
        }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
    return fast.flatMap { $0 } ?? left.utf8.elementsEqual(right.utf8)
  }
}
