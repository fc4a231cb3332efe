/// `404.html`, which static hosts serve for any missing URL, at any depth.
///
/// A relative link cannot work from every depth. With a base URL, every link
/// on the page is absolute from it; without one, links are relative to the
/// site root, which is right when the site is served at the root of its host.
struct NotFoundPage {
  static let filePath = "404.html"

  func render(from inputs: PageInputs) -> [UInt8] {
    let linkBase = inputs.configuration.baseURL
    var context = inputs.contexts.common
    context["searchURL"] = .text(
      PageLayout.url(from: .root, to: SearchFormPage.route, linkBase: linkBase))
    var markdown: [UInt8] = []
    inputs.theme.notFound.render(
      context, for: PageLayout.filling(at: .root, linkBase: linkBase), into: &markdown)
    return inputs.layout.wrap(
      markdown: markdown, at: .root, kind: "not-found", title: "Page not found",
      linkBase: linkBase, canonical: false)
  }
}
