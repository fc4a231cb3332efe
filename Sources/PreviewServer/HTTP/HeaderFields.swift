/// The header fields of one request that the preview server reads; the others are checked for
/// syntax and dropped.
struct HeaderFields {
  var hostCount = 0
  var asksClose = false
  var asksKeepAlive = false
  var ifNoneMatch: String?
  var ifModifiedSince: String?
  var hasBody = false
  /// A `Content-Length` that is not a number, or two that differ.
  var invalidLength = false
  private var contentLength: Int?

  /// Adds `name: value`, or returns false when the line is not a valid field.
  mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let colon = line.firstIndex(of: .colon), colon > 0,
      line[0..<colon].allSatisfy(\.isTokenCharacter)
    else { return false }
    let value = line[(colon + 1)...].trimmingBlanks()
    guard value.allSatisfy(\.isFieldValueCharacter) else { return false }
    let name = line[0..<colon]
    if name.equalsIgnoringCase("host") {
      hostCount += 1
    } else if name.equalsIgnoringCase("connection") {
      for token in value.split(separator: .comma) {
        let trimmed = token.trimmingBlanks()
        if trimmed.equalsIgnoringCase("close") { asksClose = true }
        if trimmed.equalsIgnoringCase("keep-alive") { asksKeepAlive = true }
      }
    } else if name.equalsIgnoringCase("if-none-match") {
      ifNoneMatch = String(decoding: value, as: UTF8.self)
    } else if name.equalsIgnoringCase("if-modified-since") {
      ifModifiedSince = String(decoding: value, as: UTF8.self)
    } else if name.equalsIgnoringCase("content-length") {
      addContentLength(value)
    } else if name.equalsIgnoringCase("transfer-encoding") {
      hasBody = true
    }
    return true
  }

  private mutating func addContentLength(_ value: Slice<UnsafeBufferPointer<UInt8>>) {
    guard !value.isEmpty, value.count < 19, value.allSatisfy(\.isDigit) else {
      invalidLength = true
      return
    }
    let length = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    if let contentLength, contentLength != length { invalidLength = true }
    contentLength = length
    if length > 0 { hasBody = true }
  }
}

extension Collection<UInt8> {
  /// ASCII case-insensitive comparison with a lowercase name.
  func equalsIgnoringCase(_ lowercase: StaticString) -> Bool {
    guard count == lowercase.utf8CodeUnitCount else { return false }
    return lowercase.withUTF8Buffer { expected in
      zip(self, expected).allSatisfy { $0.asciiLowercased == $1 }
    }
  }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
  fileprivate func trimmingBlanks() -> Self {
    var start = startIndex
    var end = endIndex
    while start < end, self[start].isBlank { start += 1 }
    while end > start, self[end - 1].isBlank { end -= 1 }
    return self[start..<end]
  }
}
