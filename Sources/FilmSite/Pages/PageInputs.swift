/// What every page is made from: the theme's templates, the values they get
/// (``PageContexts``) and the layout that wraps each page (``PageLayout``).
struct PageInputs: Sendable {
  let theme: Theme
  let contexts: PageContexts
  let layout: PageLayout

  var configuration: SiteConfiguration { contexts.configuration }

  init(
    theme: Theme, configuration: SiteConfiguration, navigation: SiteNavigation = SiteNavigation(),
    markdown: MarkdownRenderer
  ) {
    self.theme = theme
    contexts = PageContexts(configuration: configuration, markdown: markdown)
    layout = PageLayout(template: theme.layout, contexts: contexts, navigation: navigation)
  }
}
