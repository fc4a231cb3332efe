@testable import FilmSite

extension Template {
  /// The template rendered with `context` inside `outer` for the page at
  /// `route` (the root unless given), as text.
  func render(
    _ context: TemplateContext, within outer: TemplateContext = [:], at route: Route = .root
  ) -> String {
    var bytes: [UInt8] = []
    render(context, within: outer, for: HoleFilling(route: route), into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
