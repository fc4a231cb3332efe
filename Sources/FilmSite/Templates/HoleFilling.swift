/// What one page puts in each ``TemplateHole``: its way back to the site root.
struct HoleFilling: Sendable, Equatable {
  /// The text of ``TemplateHole/rootPath``.
  let rootPath: String
  /// The text of ``TemplateHole/rootURL``.
  let rootURL: String

  /// The filling of the page at `route`, whose links are relative.
  init(route: Route) {
    rootPath = route.url(toFile: "")
    rootURL = route.url(to: .root)
  }

  /// The filling of a page whose links start from the absolute URL `linkBase`
  /// (`404.html` on a site with a base URL, which is served at any depth).
  init(linkBase: String) {
    rootPath = linkBase
    rootURL = linkBase
  }

  subscript(hole: TemplateHole) -> String {
    switch hole {
    case .rootPath: return rootPath
    case .rootURL: return rootURL
    }
  }

  /// The filling as the bytes each hole takes in each ``TemplateHole/Form``,
  /// made once for a page that fills many prerendered parts (an index page's
  /// rows), so that filling one is a copy of byte runs.
  struct Prepared: Sendable {
    /// By ``TemplateHole`` and ``TemplateHole/Form``: `hole.rawValue * forms + form.rawValue`.
    private let bytes: [[UInt8]]

    init(_ filling: HoleFilling) {
      bytes = TemplateHole.allCases.flatMap { hole in
        let text = filling[hole]
        return TemplateHole.Form.allCases.map { form -> [UInt8] in
          switch form {
          case .raw: return Array(text.utf8)
          case .html: return Array(TemplateLanguage.html.escape(text).utf8)
          case .markdown: return Array(TemplateLanguage.markdown.escape(text).utf8)
          }
        }
      }
    }

    /// The bytes `hole` takes in `form`.
    subscript(hole: TemplateHole, form: TemplateHole.Form) -> [UInt8] {
      bytes[hole.rawValue * TemplateHole.Form.allCases.count + form.rawValue]
    }

    /// Whether the page's text for `hole` is empty, which decides the
    /// sections that test it.
    func isEmpty(_ hole: TemplateHole) -> Bool { self[hole, .raw].isEmpty }
  }
}
