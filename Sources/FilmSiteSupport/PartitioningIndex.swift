extension RandomAccessCollection {
  /// The first index, from `start` on, whose element `isPast` holds for,
  /// or `endIndex` when there is none: a binary search. The elements from
  /// `start` on must be partitioned by it: every one it does not hold for
  /// before every one it holds for, as in a sorted list asked "after x?".
  public func partitioningIndex(
    from start: Index? = nil, where isPast: (Element) throws -> Bool
  ) rethrows -> Index {
    var (low, high) = (start ?? startIndex, endIndex)
    while low < high {
      let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
      if try isPast(self[middle]) { high = middle } else { low = index(after: middle) }
    }
    return low
  }
}
