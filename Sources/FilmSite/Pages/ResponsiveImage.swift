/// An image as a page shows it: the URL for `src` and, for an image on
/// TMDB's image server, the same image at TMDB's other widths for `srcset`,
/// so a phone loads a small file and a wide or dense screen a sharp one.
///
/// TMDB's image URLs are `https://image.tmdb.org/t/p/<size>/<file>`, where
/// the size is `w` and a width, or `original`. Any other URL is shown at the
/// one size it has.
struct ResponsiveImage: Equatable, Sendable {
  /// The URL for `src`.
  let url: String
  /// `srcset`'s candidates (`URL 185w, URL 342w, …`); `nil` off TMDB's server.
  let srcset: String?

  /// The widths TMDB serves posters at.
  static let posterWidths = [185, 342, 500]
  /// The widths TMDB serves backdrops at, below `original`.
  static let backdropWidths = [780, 1280]

  private static let tmdbPrefix = "https://image.tmdb.org/t/p/"

  /// A poster at `url`: `src` stays the size the poster base names, which
  /// browsers without `srcset` load.
  static func poster(_ url: String) -> ResponsiveImage {
    ResponsiveImage(url: url, srcset: srcset(of: url, widths: posterWidths))
  }

  /// A backdrop at `url`: on TMDB's server `src` is its widest backdrop
  /// size, since the poster base's size (`w342`) is too small for a banner.
  static func backdrop(_ url: String) -> ResponsiveImage {
    guard let file = tmdbFile(of: url), let widest = backdropWidths.last else {
      return ResponsiveImage(url: url, srcset: nil)
    }
    return ResponsiveImage(
      url: tmdbURL(file, width: widest), srcset: srcset(of: url, widths: backdropWidths))
  }

  private static func srcset(of url: String, widths: [Int]) -> String? {
    guard let file = tmdbFile(of: url) else { return nil }
    return widths.map { tmdbURL(file, width: $0) + " \($0)w" }.joined(separator: ", ")
  }

  private static func tmdbURL(_ file: Substring, width: Int) -> String {
    tmdbPrefix + "w\(width)/" + file
  }

  /// The file part of a TMDB image URL (`abc.jpg` in `…/t/p/w342/abc.jpg`).
  ///
  /// Only a file of letters, digits, `.`, `-`, `_` and `/` counts (TMDB's
  /// own are `/` and letters): such a URL holds no space or comma, which
  /// would split a `srcset` candidate, and nothing that needs escaping.
  private static func tmdbFile(of url: String) -> Substring? {
    guard url.hasPrefix(tmdbPrefix) else { return nil }
    let rest = url.dropFirst(tmdbPrefix.count)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let size = rest[..<slash]
    let isSize =
      size == "original"
      || size.count > 1 && size.first == "w"
        && size.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
    let file = rest[rest.index(after: slash)...]
    let segments = file.split(separator: "/", omittingEmptySubsequences: false)
    guard isSize, file.utf8.allSatisfy(isFileByte),
      !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else { return nil }
    return file
  }

  private static func isFileByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
      UInt8(ascii: "_"), UInt8(ascii: "/"):
      return true
    default:
      return false
    }
  }
}
