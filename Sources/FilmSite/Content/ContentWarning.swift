/// A note that the build left out because no film of the catalog has the id
/// it is named for: a film that left the source's results, most often. The
/// build goes on, so that a shrinking result does not break a published
/// site; `build` and `serve` print each warning as one line.
public struct ContentWarning: Sendable, Equatable, CustomStringConvertible {
  /// The note's file.
  public let file: String
  /// The id segment the file is named for.
  let idSegment: String

  public var description: String {
    "\(file): no film has the id \(idSegment) this note is named for; the note is left out"
  }
}
