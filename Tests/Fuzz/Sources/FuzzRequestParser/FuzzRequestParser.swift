import FuzzSupport

@testable import PreviewServer

/// The preview server's request parser, with its default limits and with
/// small ones: a head it reads is read the same from exactly its own bytes and
/// is incomplete one byte short; bytes it refuses stay refused, with the same
/// status, however many bytes follow; it never waits for more than its limits
/// allow; and a target it decodes names a path that cannot leave the folder.
@main enum FuzzRequestParser {
  static func main() { FuzzDriver.run(fuzzRequestParser) }
}

/// Runs the target on one input.
private func fuzzRequestParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  for limits in [PreviewServer.Limits(), small] {
    check(bytes, RequestParser(limits: limits))
  }
  return 0
}

private let small: PreviewServer.Limits = {
  var limits = PreviewServer.Limits()
  limits.maxRequestLineBytes = 40
  limits.maxHeaderBytes = 120
  limits.maxHeaderLines = 4
  return limits
}()

private func check(_ bytes: [UInt8], _ parser: RequestParser) {
  let text = String(decoding: bytes, as: UTF8.self).debugDescription
  let outcome = parse(bytes, parser)
  switch outcome {
  case .incomplete:
    let limits = parser.limits
    // Leading line ends, the request line and its ending, then the header lines.
    let most =
      limits.maxRequestLineBytes + 1 + limits.maxRequestLineBytes + 2
      + limits
      .maxHeaderBytes
    FuzzCheck.require(bytes.count <= most, "\(bytes.count) bytes still incomplete: \(text)")
  case .request(let head, let length):
    FuzzCheck.require((1...bytes.count).contains(length), "a head of \(length) bytes: \(text)")
    FuzzCheck.require(
      parse(Array(bytes[..<length]), parser) == outcome, "read differently alone: \(text)")
    FuzzCheck.require(
      parse(Array(bytes[..<(length - 1)]), parser) == .incomplete,
      "complete one byte short: \(text)")
    if let target = RequestTarget(head.target) { checkInside(target, text: text) }
  case .invalid:
    for more in [Array("\r\n\r\n".utf8), Array("Host: a\r\n\r\n".utf8)] {
      FuzzCheck.require(
        parse(bytes + more, parser) == outcome, "refused, then taken with more bytes: \(text)")
    }
  }
}

private func parse(_ bytes: [UInt8], _ parser: RequestParser) -> RequestParser.Outcome {
  bytes.withUnsafeBufferPointer { parser.parse($0) }
}

/// A decoded path starts at the folder and has no segment that climbs out of it.
private func checkInside(_ target: RequestTarget, text: String) {
  let segments = target.path.split(separator: "/", omittingEmptySubsequences: false)
  FuzzCheck.require(
    target.path.hasPrefix("/") && !segments.contains(".") && !segments.contains("..")
      && !target.path.contains("\\") && !target.path.unicodeScalars.contains { $0.value < 0x20 },
    "the target \(target.path.debugDescription) may leave the folder: \(text)")
}
