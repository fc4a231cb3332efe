import Foundation

/// A site's look: its templates and the static files they use.
///
/// The default theme is built into FilmSite (``BuiltInTheme``); a theme folder
/// may hold only the files it changes, and the rest come from the built-in
/// theme. A whole theme has `layout.html` (the HTML shell of every page),
/// `film.html` (a film's detail page), `index.html` (a page of a film list:
/// the main index, a genre, a director, a year), `row.html` (one film on such
/// a page), `terms.html` (every genre, director, year, actor or tag), `search.html` (the
/// search page's content), `page.html` (a page of the owner's own, from the
/// content folder) and `404.md` (the page for missing URLs), plus an
/// `assets/` folder copied to the site as it is (stylesheet, scripts). The
/// film page may be Markdown instead, as `film.md`, which cmark renders; an
/// HTML film page gets the overview as cmark's safe HTML. The film lists may
/// be Markdown too, as `index.md` and `row.md`: the two are one pair, in one
/// language. So may the name lists, as `terms.md`. Every placeholder is
/// checked when the theme loads.
struct Theme: Sendable {
  let layout: Template
  let film: Template
  /// A page of a film list; ``row`` is in the same language.
  let index: Template
  let row: Template
  let terms: Template
  let search: Template
  /// A page of the owner's own, around its Markdown body.
  let page: Template
  let notFound: Template
  /// Files copied into the site's `assets/` folder, by path relative to it.
  let assets: [String: Data]

  init(
    layout: Template, film: Template, index: Template, row: Template, terms: Template,
    search: Template, page: Template, notFound: Template, assets: [String: Data]
  ) {
    self.layout = layout
    self.film = film
    self.index = index
    self.row = row
    self.terms = terms
    self.search = search
    self.page = page
    self.notFound = notFound
    self.assets = assets
  }

  /// Whether a film's page shows the index page that lists it: its film
  /// template names `indexURL` or `indexPage` (the layout is not given
  /// them). When it does not, films added or removed before a film leave
  /// its page as it was, and the page's key leaves that index page out
  /// (``PageKeys/film(base:indexPage:indexPath:showsIndexPage:)``).
  var filmShowsIndexPage: Bool {
    !film.names.isDisjoint(with: IndexPagePatch.names)
  }

  /// One hash of everything the theme holds: each template's source and
  /// each asset's path and bytes, as they were loaded (links followed).
  var contentHash: ContentHash { contentHash(leavingOutFilm: false) }

  /// ``contentHash``, or with the film template left out: what else a
  /// build's pages are made from when that template's text alone changed
  /// (``FilmTemplateEdit``).
  func contentHash(leavingOutFilm: Bool) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(
      Self.hash(
        of: leavingOutFilm
          ? [layout, index, row, terms, search, page, notFound]
          : [layout, film, index, row, terms, search, page, notFound]))
    for path in assets.keys.sorted() {
      hasher.combine(path)
      hasher.combine(assets[path] ?? Data())
    }
    return hasher.finalize()
  }

  /// One hash of `templates`: each one's source and language. A kind of
  /// page is made from the templates it is rendered with (``SiteKeys``).
  static func hash(of templates: [Template]) -> ContentHash {
    var hasher = ContentHasher()
    for template in templates {
      hasher.combine(template.sourceHash)
      // The same source renders differently as `row.md` and as `row.html`.
      hasher.combine(template.language == .html ? "html" : "markdown")
    }
    return hasher.finalize()
  }

  /// The placeholders each template receives. The README lists them for theme authors.
  enum Schemas {
    static let common = ["siteTitle", "root", "homeURL"]
    static let filmFields = FilmTemplateFields.names + ["posterPlaceholder"]

    static let browseURLs = TaxonomyKind.allCases.map { $0.folder + "URL" }

    static let layout: TemplateSchema = {
      var schema = TemplateSchema(
        values: common + browseURLs + [
          "title", "content", "pageKind", "prevURL", "nextURL", "page", "pageCount", "searchURL",
          "canonicalURL", "attribution", "attributionURL", "metaTags", "jsonLD", "feedURL",
        ])
      schema.fields["navLinks"] = .some(TemplateSchema(values: ["title", "url", "current"]))
      return schema
    }()
    static let film: TemplateSchema = {
      var schema = TemplateSchema(
        values: common + filmFields + noteFields + [
          "indexURL", "indexPage", "directorURL", "yearURL", "notes",
        ])
      schema.fields["genreLinks"] = .some(
        TemplateSchema(values: ["name", "url", "first", "last"]))
      schema.fields["castMembers"] = .some(
        TemplateSchema(values: ["name", "character", "url", "first", "last"]))
      schema.fields["tagLinks"] = .some(TemplateSchema(values: ["name", "url", "first", "last"]))
      schema.fields["watched"] = .some(
        TemplateSchema(values: ["date", "dateISO", "first", "last"]))
      return schema
    }()
    static let row = TemplateSchema(values: common + filmFields + noteFields + ["url"])
    static let index = TemplateSchema(
      values: common + [
        "rows", "page", "pageCount", "filmCount", "firstFilm", "lastFilm", "heading",
        "sectionTitle", "sectionURL",
      ])
    static let terms: TemplateSchema = {
      var schema = TemplateSchema(values: common + ["heading", "termCount"])
      schema.fields["terms"] = .some(
        TemplateSchema(values: ["name", "url", "filmCount", "first", "last"]))
      return schema
    }()
    static let search = TemplateSchema(
      values: common + browseURLs + ["indexURL", "scriptURL"])
    static let page = TemplateSchema(
      values: common + ["title", "body", "date", "dateISO", "description"])
    static let notFound = TemplateSchema(values: common + ["searchURL"])
    /// What a film's note gives its page and its row: the owner's rating and whether it is featured.
    static let noteFields = ["yourRating", "featured"]

    /// Every template's schema by file name, for documentation and tests.
    static let all: [(file: String, schema: TemplateSchema)] = [
      ("layout.html", layout), ("film.html", film), ("index.html", index), ("row.html", row),
      ("terms.html", terms), ("search.html", search), ("page.html", page), ("404.md", notFound),
    ]
  }
}
