import Testing

/// The checks the hostile suites read pages with (``HTMLTags``, ``URLCheck``,
/// ``HostileCorpus/withoutJSONLD(_:page:sourceLocation:)``) flag what a
/// browser would run and pass what it would not.
@Suite struct HTMLSafetyCheckTests {
  @Test func unsafeMarkupIsFlaggedAndSafeMarkupIsNot() throws {
    let unsafe = [
      #"<a href="javascript:alert(1)">x</a>"#, #"<a href="&#106;avascript:alert(1)">x</a>"#,
      #"<a href=" JAVASCRIPT&colon;alert(1)">x</a>"#, #"<a href="java&#9;script:alert(1)">x</a>"#,
      #"<img src="data:image/svg+xml,x">"#, #"<img src='vbscript:x'>"#,
      #"<img src=x onerror=alert(1)>"#, #"<p ONCLICK = "x">"#,
    ]
    for html in unsafe {
      let flagged = HTMLTags.scan(html).contains { tag in
        tag.attributes.contains {
          $0.name.lowercased().hasPrefix("on") || !URLCheck.isSafe($0.value)
        }
      }
      #expect(flagged, "\(html)")
    }
    let safe = [
      #"<a href="../../page/2/">x</a>"#, #"<img src="data:image/png;base64,iVBORw0KGgo=">"#,
      #"<img src="https://image.tmdb.org/t/p/w342/javascript:alert(1)" alt="&quot; onerror=&quot;">"#,
      #"<a href="java%09script:alert(1)">x</a>"#, #"<a href="">x</a>"#,
    ]
    for html in safe {
      let flagged = HTMLTags.scan(html).contains { tag in
        tag.attributes.contains {
          $0.name.lowercased().hasPrefix("on") || !URLCheck.isSafe($0.value)
        }
      }
      #expect(!flagged, "\(html)")
    }
    // A link may go only to the site or to http(s).
    for href in ["data:image/png;base64,iVBORw0KGgo=", "mailto:x@example.com", " JavaScript:x"] {
      #expect(!URLCheck.isHTTPOrRelative(href), "\(href)")
    }
    for href in ["../../page/2/", "HTTPS://example.com", "#content", "java%09script:x"] {
      #expect(URLCheck.isHTTPOrRelative(href), "\(href)")
    }
    // A JSON-LD block that film text closed early leaves JSON that does not parse.
    let closed = #"<script type="application/ld+json">{"name": "</script><p>x</p>"}</script>"#
    withKnownIssue {
      _ = try HostileCorpus.withoutJSONLD(closed, page: "page")
    }
    let whole =
      #"<p>a</p><script type="application/ld+json">{"name": "\u003c/script\u003e"}</script>"#
    #expect(try HostileCorpus.withoutJSONLD(whole, page: "page") == "<p>a</p>")
  }
}
