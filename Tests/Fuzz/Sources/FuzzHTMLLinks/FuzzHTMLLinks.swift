import FuzzSupport

@testable import FilmSite

/// The checker's HTML link scan (``HTMLLinks``) on any bytes: it ends (one
/// pass, so libFuzzer's timeout catches a loop), every `prev` and `next` link
/// is one of the page's URLs, and each URL comes from an attribute value, so
/// there are no more of them than the page has `=` signs.
@main enum FuzzHTMLLinks {
  static func main() { FuzzDriver.run(fuzzHTMLLinks) }
}

/// Runs the target on one input.
private func fuzzHTMLLinks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let links = HTMLLinks(scanning: bytes)
  let text = String(decoding: bytes, as: UTF8.self)
  FuzzCheck.require(
    links.prev.allSatisfy(links.urls.contains) && links.next.allSatisfy(links.urls.contains),
    "a prev or next link that is not among the URLs: \(links) in \(text)")
  let equalsSigns = bytes.count(where: { $0 == UInt8(ascii: "=") })
  FuzzCheck.require(
    links.urls.count <= equalsSigns, "more URLs than attribute values: \(links) in \(text)")
  return 0
}
