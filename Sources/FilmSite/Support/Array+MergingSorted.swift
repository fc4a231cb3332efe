extension Array {
  /// This sorted array and `other`, also sorted by `precedes`, as one sorted
  /// array; of two elements that tie, this array's comes first. The last step
  /// of a sort split over the cores.
  func mergingSorted(with other: [Element], by precedes: (Element, Element) -> Bool)
    -> [Element]
  {
    var merged: [Element] = []
    merged.reserveCapacity(count + other.count)
    var (mine, theirs) = (startIndex, other.startIndex)
    while mine < endIndex, theirs < other.endIndex {
      if precedes(other[theirs], self[mine]) {
        merged.append(other[theirs])
        theirs += 1
      } else {
        merged.append(self[mine])
        mine += 1
      }
    }
    merged += self[mine...]
    merged += other[theirs...]
    return merged
  }
}
