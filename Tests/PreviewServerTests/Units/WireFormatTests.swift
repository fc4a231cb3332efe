import Testing

@testable import PreviewServer

/// Dates, event stream messages, content types and the snippet, on their own.
@Suite struct WireFormatTests {
  @Test func datesRoundTrip() {
    #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    for seconds in [0, 951_782_400, 1_700_000_000, 4_102_444_800] {
      #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
    }
    for text in [
      "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37",
      "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "",
    ] {
      #expect(HTTPDate.parse(text) == nil, "\(text)")
    }
  }

  @Test func eventsHaveOneDataLinePerLine() {
    #expect(
      String(decoding: EventStreamMessage.event("reload", data: "a\nb\r\nc\rd"), as: UTF8.self)
        == "event: reload\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
    #expect(
      String(decoding: EventStreamMessage.event("re\nload", data: ""), as: UTF8.self)
        == "event: reload\ndata: \n\n")
  }

  @Test func contentTypesIgnoreCaseAndDefaultToOctetStream() {
    #expect(ContentType.forFile(named: "A.HTML") == "text/html; charset=utf-8")
    #expect(ContentType.forFile(named: "poster.JPG") == "image/jpeg")
    #expect(ContentType.forFile(named: "README") == "application/octet-stream")
    #expect(ContentType.forFile(named: ".css") == "application/octet-stream")
  }

  @Test func theSnippetGoesBeforeTheLastBodyEnd() {
    let snippet = ReloadSnippet("<s>")
    func inject(_ html: String) -> String {
      String(decoding: snippet.inject(into: Array(html.utf8)), as: UTF8.self)
    }
    #expect(inject("<body></body></body>") == "<body></body><s></body>")
    #expect(inject("x</Body >") == "x</Body ><s>")
    #expect(inject("") == "<s>")
    #expect(inject("</body>") == "<s></body>")
    #expect(snippet.tag != ReloadSnippet("<t>").tag)
  }
}
