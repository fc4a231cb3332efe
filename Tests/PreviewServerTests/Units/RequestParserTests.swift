import Testing

@testable import PreviewServer

/// The request head parser on its own, byte by byte.
@Suite struct RequestParserTests {
  private let parser = RequestParser(limits: PreviewServer.Limits())

  private func parse(_ text: String) -> RequestParser.Outcome {
    Array(text.utf8).withUnsafeBufferPointer { parser.parse($0) }
  }

  @Test func aSimpleGetIsParsed() throws {
    let text = "GET /a?b HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"t\"\r\n\r\nGET /next"
    guard case .request(let head, let length) = parse(text) else {
      Issue.record("not parsed")
      return
    }
    #expect(head.method == .get)
    #expect(head.target == "/a?b")
    #expect(!head.isHTTP10)
    #expect(head.keepAlive)
    #expect(head.ifNoneMatch == "\"t\"")
    #expect(!head.hasBody)
    #expect(length == text.utf8.count - "GET /next".utf8.count)
  }

  @Test func everyPrefixOfAValidHeadIsIncomplete() {
    let text = "HEAD /x HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"
    for end in 0..<text.utf8.count {
      let prefix = String(decoding: Array(text.utf8)[..<end], as: UTF8.self)
      #expect(parse(prefix) == .incomplete, "\(prefix.debugDescription)")
    }
    guard case .request(let head, _) = parse(text) else {
      Issue.record("not parsed")
      return
    }
    #expect(head.method == .head)
    #expect(head.isHTTP10 && head.keepAlive)
  }

  @Test(arguments: [
    ("Connection: close", false), ("Connection: keep-alive, Upgrade", true),
    ("Connection: Upgrade,  CLOSE ", false), ("X-Other: close", true),
  ])
  func connectionTokensDecideKeepAlive(_ field: String, _ keepAlive: Bool) throws {
    guard case .request(let head, _) = parse("GET / HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\n") else {
      Issue.record("not parsed")
      return
    }
    #expect(head.keepAlive == keepAlive)
  }

  @Test func bodiesAreNoticed() {
    for field in ["Content-Length: 3", "Transfer-Encoding: chunked"] {
      guard case .request(let head, _) = parse("GET / HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\n")
      else {
        Issue.record("not parsed")
        continue
      }
      #expect(head.hasBody, "\(field)")
    }
    guard
      case .request(let head, _) = parse("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    else {
      Issue.record("not parsed")
      return
    }
    #expect(!head.hasBody)
  }

  @Test func limitsAreExactlyTheConfiguredOnes() {
    var limits = PreviewServer.Limits()
    limits.maxRequestLineBytes = 20
    limits.maxHeaderBytes = 30
    limits.maxHeaderLines = 2
    let small = RequestParser(limits: limits)
    func parse(_ text: String) -> RequestParser.Outcome {
      Array(text.utf8).withUnsafeBufferPointer { small.parse($0) }
    }
    // 20 bytes of request line fit; 21 do not, with or without the line ending yet.
    #expect(parse("GET /123 HTTP/1.1xxx") == .incomplete)
    #expect(parse("GET /1234567 HTTP/1.1\r\n") == .invalid(.uriTooLong))
    #expect(parse("GET /1234567 HTTP/1.1x") == .invalid(.uriTooLong))
    #expect(
      parse("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\n\r\n") == .invalid(.headersTooLarge))
    #expect(
      parse("GET / HTTP/1.1\r\nHost: x\r\nA: 12345678901234567890\r\n")
        == .invalid(.headersTooLarge))
    #expect(parse("GET / HTTP/1.1\r\nHost: x\r\nA: 1234\r\n\r\n") != .invalid(.headersTooLarge))
  }
}
