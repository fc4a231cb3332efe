import Foundation
import Synchronization

/// The URL of every page of one query, split around the page number, so that a page's URL is
/// two strings and its number joined.
///
/// Pages differ only in the number, because a page number is digits, which are never
/// percent-encoded. ``APISource/slowRequestURL(query:page:)`` is the reference every URL
/// made here is tested against.
struct PageURLTemplate: Sendable {
  let query: String
  private let prefix: String
  private let suffix: String

  /// Builds the URL of one page with `slowURL` and splits it around the page number.
  init(query: String, slowURL: (Int) throws -> URL) throws {
    self.query = query
    // A number that cannot appear by chance elsewhere in the URL marks the spot.
    let marker = 987_654_321_012_345_678
    let text = try slowURL(marker).absoluteString
    let digits = String(marker)
    if let range = text.range(of: "page=" + digits, options: .backwards) {
      prefix = String(text[..<range.lowerBound]) + "page="
      suffix = String(text[range.upperBound...])
    } else {
      prefix = ""
      suffix = ""
    }
  }

  /// The URL of `page`, or `nil` when the split failed and the slow path must build it.
  func url(page: Int) -> URL? {
    guard !prefix.isEmpty else { return nil }
    return URL(string: prefix + String(page) + suffix)
  }

  /// The template of the last query asked for: a pull asks for one query, page after page.
  final class Cache: Sendable {
    private let last = Mutex<PageURLTemplate?>(nil)

    func template(for query: String, make: () throws -> PageURLTemplate) throws
      -> PageURLTemplate
    {
      if let template = last.withLock({ $0 }), template.query == query { return template }
      let template = try make()
      last.withLock { $0 = template }
      return template
    }
  }
}
