/// The key that each kind of page's input keys start from (``PageKeys``):
/// the program, its libcmark and the settings, and the templates that kind
/// of page is rendered with, so that a changed template renders again only
/// the pages made with it.
///
/// Every HTML page is wrapped in `layout.html`, so a changed layout renders
/// every page again; a changed `film.html` renders the film pages alone, a
/// changed `row.html` or `index.html` the lists alone. The search index is
/// made from the films and the settings, with no template. A theme's assets
/// are copied to the site as they are, and no page's bytes depend on them.
///
/// Beside the keys, whether the film template shows the index page that
/// lists the film, which decides whether a film page's key holds that page.
struct SiteKeys: Sendable, Equatable {
  /// A film's page: `layout.html` and `film.html` (or `film.md`).
  let film: ContentHash
  /// A page of a film list: `layout.html`, `index.html` and `row.html`.
  let list: ContentHash
  /// A page of every genre, director, year or actor: `layout.html` and `terms.html` (or `terms.md`).
  let terms: ContentHash
  /// A page of the owner's own: `layout.html` and `page.html`.
  let page: ContentHash
  /// The search index's manifest and chunks.
  let search: ContentHash
  /// Whether the film template shows the index page that lists the film
  /// (``Theme/filmShowsIndexPage``): if not, that page is no input of a film page.
  let filmShowsIndexPage: Bool
}
