extension ContentPage {
  /// The page's bytes: the theme's `page.html` around `html`, the body as
  /// the plan rendered it, inside the layout.
  func render(html: String, from inputs: PageInputs) -> [UInt8] {
    var context = inputs.contexts.common
    context["title"] = .text(title)
    context["body"] = .text(html)
    context["date"] = .optional(date?.text)
    context["dateISO"] = .optional(date?.iso)
    context["description"] = .optional(description)
    var content: [UInt8] = []
    inputs.theme.page.render(context, for: HoleFilling(route: route), into: &content)
    return inputs.layout.wrap(html: content, at: route, kind: "page", title: title)
  }
}
