import Testing

@testable import PreviewServer

/// Decoding and checking request targets.
@Suite struct RequestTargetTests {
  @Test func aTargetIsDecodedOnceAndSplit() throws {
    let target = try #require(RequestTarget("/films/caf%C3%A9%20noir/?a=%2F#frag"))
    #expect(target.path == "/films/café noir/")
    #expect(target.rawPath == "/films/caf%C3%A9%20noir/")
    #expect(target.query == "a=%2F")
    #expect(target.segments == ["films", "café noir"])
    // Decoded once: %252e stays a literal "%2e", which names no parent folder.
    #expect(try #require(RequestTarget("/%252e%252e/x")).path == "/%2e%2e/x")
  }

  @Test(arguments: [
    "", "*", "x", "http://h/", "/..", "/a/../b", "/.", "/%2e", "/%2E%2e", "/a%2fb", "/a%2Fb",
    "/a%5cb", "/a\\b", "/a%00", "/a%0a", "/a%7f", "/%", "/%4", "/%g0", "/%ff", "/a b",
  ])
  func refused(_ target: String) {
    #expect(RequestTarget(target) == nil)
  }

  @Test func emptySegmentsAreDropped() throws {
    #expect(try #require(RequestTarget("//films//x")).segments == ["films", "x"])
  }
}
