import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
  /// The elements transformed on every core, in their order.
  ///
  /// The work is cut into about eight chunks per core, so that a slow chunk
  /// does not hold the others up. `transform` must be safe to call from
  /// several threads at once; everything that calls this passes a pure function.
  /// It blocks its caller until every chunk is done, so call it from
  /// synchronous code, not from inside an actor's or a task's critical path
  /// that other tasks wait on.
  ///
  /// - Parameter chunkSize: The elements a core takes at once; by default
  ///   an eighth of a core's share. One for a few long pieces of work, whose
  ///   last chunk would otherwise run alone while the other cores wait.
  @inlinable public func parallelMap<Result: Sendable>(
    chunkSize: Int? = nil, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    // Inlinable, so that each caller's module specializes it for its types:
    // unspecialized, each element and result is copied through its type's
    // value witnesses, with a retain and a release for each reference in it.
    guard count > 1 else { return map(transform) }
    let chunkSize = Swift.max(
      1, chunkSize ?? count / (ProcessInfo.processInfo.activeProcessorCount * 8))
    let chunkCount = (count + chunkSize - 1) / chunkSize
    let chunks = Mutex([[Result]](repeating: [], count: chunkCount))
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      let start = chunk * chunkSize
      let results = self[start..<Swift.min(start + chunkSize, count)].map(transform)
      chunks.withLock { $0[chunk] = results }
    }
    return chunks.withLock { [Result](concatenating: $0) }
  }

  /// Calls `body` with every element, on every core; returns when all calls have.
  @inlinable public func parallelForEach(_ body: @Sendable (Element) -> Void) {
    _ = parallelMap(body)
  }
}

extension Array {
  /// The elements of `parts`, in order, in an array made at its whole size
  /// at once: joining the parts of a parallel map of 300,000 elements by
  /// appending would copy them again each time the array grew, each time
  /// into new memory.
  @inlinable public init(concatenating parts: [[Element]]) {
    self = []
    reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { append(contentsOf: part) }
  }
}
