/// A fuzzer's input, read from the front in parts: a byte that picks a case,
/// a number, a run of bytes, the rest.
///
/// Reading past the end gives zeros and empty runs rather than failing, so
/// that every input, however short, is one the target can run.
public struct FuzzInput {
  private var bytes: ArraySlice<UInt8>

  /// The `count` bytes at `start`, as libFuzzer hands them to a target.
  public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = Self.bytes(start, count)[...]
  }

  /// The `count` bytes at `start` as an array, for a target that reads its input whole.
  public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  }

  /// Whether every byte has been read.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    bytes.popFirst() ?? 0
  }

  /// A number in `0..<count` from the next byte (`count` is at most 256).
  public mutating func number(below count: Int) -> Int {
    Int(byte()) % max(1, count)
  }

  /// The bytes up to the next `separator` (which is read and dropped), or all
  /// that are left when there is none.
  public mutating func part(until separator: UInt8 = 0x0A) -> [UInt8] {
    guard let end = bytes.firstIndex(of: separator) else { return rest() }
    let part = Array(bytes[..<end])
    bytes = bytes[(end + 1)...]
    return part
  }

  /// Every byte not read yet.
  public mutating func rest() -> [UInt8] {
    defer { bytes = [] }
    return Array(bytes)
  }
}
