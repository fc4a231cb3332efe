/// `404.html`, which static hosts serve for any missing URL, at any depth.
///
/// A relative link cannot work from every depth. With a base URL, every link
/// on the page is absolute from it; without one, links are relative to the
/// site root, which is right when the site is served at the root of its host.
struct NotFoundPage {
  static let filePath = "404.html"

  func render(with renderer: PageRenderer) -> [UInt8] {
    let linkBase = renderer.configuration.baseURL
    var context = renderer.commonContext(at: .root, linkBase: linkBase)
    context["searchURL"] = .text(
      renderer.url(from: .root, to: SearchPage.route, linkBase: linkBase))
    var markdown: [UInt8] = []
    renderer.theme.notFound.render(context, into: &markdown)
    return renderer.layout(
      at: .root, kind: "not-found", title: "Page not found",
      markdown: markdown, linkBase: linkBase, canonical: false)
  }
}
