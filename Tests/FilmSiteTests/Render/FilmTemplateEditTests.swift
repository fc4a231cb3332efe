import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// An edit of the film template's own text is put into the pages the old
/// template made (``FilmTemplateEdit``), and each page comes out as the new
/// template renders it, or is left to be rendered: the rendered page is the
/// reference.
@Suite struct FilmTemplateEditTests {
  private static let builtInFilm =
    (try? String(
      contentsOfFile: Fixtures.templatesDirectory + "/film.html", encoding: .utf8)) ?? ""
  private static let builtInLayout =
    (try? String(
      contentsOfFile: Fixtures.templatesDirectory + "/layout.html", encoding: .utf8)) ?? ""

  private static func template(_ source: String, language: TemplateLanguage = .html) throws
    -> Template
  {
    try Template(
      source: source, file: "film.html", language: language, schema: Theme.Schemas.film)
  }

  private static func layout(_ source: String) throws -> Template {
    try Template(
      source: source, file: "layout.html", language: .html, schema: Theme.Schemas.layout)
  }

  private static func edit(
    _ old: String, _ new: String, layout: String = "<main>\n{{{content}}}</main>\n"
  ) throws -> FilmTemplateEdit? {
    FilmTemplateEdit(
      from: try template(old), to: try template(new), layout: try Self.layout(layout))
  }

  // MARK: Which edits are edits of the text

  @Test func anEditOfTextOutsideEverySectionIsOne() throws {
    let edit = try #require(
      try Self.edit(
        "<h1>{{title}}</h1>\n<p>Back, page {{indexPage}}</p>\n",
        "<h1 class=\"t\">{{title}}</h1>\n<p>Back, page {{indexPage}}</p>\n"))
    // The template's first text with the layout's text before it.
    #expect(
      edit.replacements == [
        FilmTemplateEdit.Replacement(
          old: Array("<main>\n<h1>".utf8), new: Array("<main>\n<h1 class=\"t\">".utf8))
      ])
    // Its last text with the layout's text after it; one in the middle alone.
    #expect(
      try Self.edit("<h1>{{title}}</h1>\n", "<h1>{{title}}</h1>\n<p>v</p>\n")?.replacements == [
        FilmTemplateEdit.Replacement(
          old: Array("</h1>\n</main>\n".utf8), new: Array("</h1>\n<p>v</p>\n</main>\n".utf8))
      ])
    #expect(
      try Self.edit("<h1>{{title}}</h1>{{year}}!", "<h1>{{title}}</h2>{{year}}!")?.replacements == [
        FilmTemplateEdit.Replacement(old: Array("</h1>".utf8), new: Array("</h2>".utf8))
      ])
    // The same template, or with a comment inside a text or between two tags: no text to replace.
    #expect(try Self.edit("<h1>{{title}}</h1>", "<h1>{{title}}</h1>")?.replacements == [])
    #expect(
      try Self.edit("<h1>{{title}}</h1>", "<h1>{{! the title }}{{title}}</{{! h }}h1>")?
        .replacements == [])
  }

  @Test(arguments: [
    // A placeholder renamed, added, or made raw.
    "<h1>{{director}}</h1>{{#year}}<p>{{year}}</p>{{/year}}",
    "<h1>{{title}} {{year}}</h1>{{#year}}<p>{{year}}</p>{{/year}}",
    "<h1>{{{title}}}</h1>{{#year}}<p>{{year}}</p>{{/year}}",
    // Text inside a section, which a page shows any number of times.
    "<h1>{{title}}</h1>{{#year}}<p class=\"y\">{{year}}</p>{{/year}}",
    // A section turned round, or another one.
    "<h1>{{title}}</h1>{{^year}}<p>{{year}}</p>{{/year}}",
    "<h1>{{title}}</h1>{{#runtime}}<p>{{year}}</p>{{/runtime}}",
    // Text where a placeholder was.
    "<h1>title</h1>{{#year}}<p>{{year}}</p>{{/year}}",
  ])
  func anEditOfAnythingButTheTextIsNone(new: String) throws {
    #expect(try Self.edit("<h1>{{title}}</h1>{{#year}}<p>{{year}}</p>{{/year}}", new) == nil)
  }

  @Test func aMarkdownTemplateTakesNoEdit() throws {
    let html = try Self.template("# {{title}}\n")
    let markdown = try Self.template("# {{title}}!\n", language: .markdown)
    let layout = try Self.layout(Self.builtInLayout)
    #expect(FilmTemplateEdit(from: html, to: markdown, layout: layout) == nil)
    #expect(FilmTemplateEdit(from: markdown, to: html, layout: layout) == nil)
  }

  @Test(arguments: [
    "<main>{{content}}</main>",
    "<main>{{{content}}}</main><aside>{{{content}}}</aside>",
    "<main>{{#title}}{{{content}}}{{/title}}</main>",
    "<main>{{{content}}}</main>{{#content}}<p>more</p>{{/content}}",
    "<main></main>",
  ])
  func aLayoutThatShowsTheContentOtherThanOnceAsItIsTakesNoEdit(layout: String) throws {
    #expect(try Self.edit("<h1>{{title}}</h1>", "<h1>{{title}}!</h1>", layout: layout) == nil)
    #expect(
      try Self.edit(
        "<h1>{{title}}</h1>", "<h1>{{title}}!</h1>", layout: "<main>{{{content}}}</main>")
        != nil)
  }

  // MARK: Finding the old text

  /// Where `text` is in `page`, every place, overlaps counted: the reference.
  private static func places(of text: [UInt8], in page: [UInt8]) -> [Int] {
    guard !text.isEmpty, text.count <= page.count else { return [] }
    return (0...(page.count - text.count)).filter { page[$0..<$0 + text.count].elementsEqual(text) }
  }

  @Test func theTextIsFoundWhereItIsOnceAsTheReferenceFindsIt() {
    var random = SplitMix64(seed: 0x7E47)
    let alphabet = Array("ab\"<> é←".utf8)
    for _ in 0..<5_000 {
      let page = (0..<random.int(0...40)).map { _ in random.pick(alphabet) }
      let text = (0..<random.int(1...4)).map { _ in random.pick(alphabet) }
      let places = Self.places(of: text, in: page)
      let found = FilmTemplateEdit.onlyRange(of: text, in: page)
      #expect(
        found == (places.count == 1 ? places[0]..<places[0] + text.count : nil),
        "\(String(decoding: text, as: UTF8.self)) in \(String(decoding: page, as: UTF8.self))")
    }
    // Overlapping places are two.
    #expect(FilmTemplateEdit.onlyRange(of: Array("aa".utf8), in: Array("xaaay".utf8)) == nil)
    #expect(FilmTemplateEdit.onlyRange(of: Array("aa".utf8), in: Array("xaay".utf8)) == 1..<3)
    #expect(FilmTemplateEdit.onlyRange(of: [], in: Array("x".utf8)) == nil)
  }

  // MARK: The edited page is the rendered page

  /// Every film page of `films` rendered with the built-in theme but for
  /// `film` as the film template, by path.
  private static func filmPages(_ films: [Film], film: String, in directory: String) throws
    -> [String: OutputFile]
  {
    try film.write(toFile: directory + "/film.html", atomically: true, encoding: .utf8)
    let theme = try Theme.load(from: directory)
    let configuration = SiteConfiguration(title: "Films", pageSize: 4)
    let plan = try SitePlan(films: films, configuration: configuration)
    var pages: [String: OutputFile] = [:]
    try SiteRenderer(theme: theme, configuration: configuration).render(plan) { batch in
      for case .rendered(let file) in batch where file.path.hasPrefix("films/") {
        pages[file.path] = file
      }
    }
    return pages
  }

  /// The edits the built-in film template is given: text between the two
  /// places of a page's patch, before both, at the template's start and end
  /// (with the layout's text beside), and one that is on many pages twice
  /// (a film's year shows `</span>` too), and so is put into few.
  private static let edits: [(String, String)] = [
    ("← Back to the films, page ", "← Back to all films, page "),
    ("<div class=\"film-summary\">", "<div class=\"film-summary wide\">"),
    ("<article>\n", "<article class=\"film\">\n"),
    ("{{indexPage}}</a></p>", "{{indexPage}}</a>.</p>"),
    ("{{title}}</span>{{#year}}", "{{title}}</span> {{#year}}"),
  ]

  /// The built-in film template, starting with text (its own starts with a
  /// section), so that an edit of the first text is put in with the layout's beside it.
  private static let film = "<article>\n" + builtInFilm

  @Test(arguments: edits.indices)
  func editedPagesAreTheRenderedPages(edit index: Int) throws {
    let (old, new) = Self.edits[index]
    #expect(Self.film.contains(old))
    var generator = SiteEditGenerator(seed: 0xF11E + UInt64(index), content: false)
    var films = generator.catalog()
    // Films whose text quotes the edited text, which the old page then has twice.
    let quoted = old.replacingOccurrences(of: "{{indexPage}}", with: "3")
    films[0] = films[0].with { $0.overview = "[\(quoted)](https://films.example/)" }
    films[1] = films[1].with { $0.overview = "A quote: " + quoted }
    try Fixtures.withTemporaryDirectory { directory in
      let before = try Self.filmPages(films, film: Self.film, in: directory)
      let after = try Self.filmPages(
        films, film: Self.film.replacingOccurrences(of: old, with: new), in: directory)
      let edit = try #require(
        FilmTemplateEdit(
          from: try Self.template(Self.film),
          to: try Self.template(Self.film.replacingOccurrences(of: old, with: new)),
          layout: try Self.layout(Self.builtInLayout)))
      // The first text and the last carry the layout's text beside them.
      if let piece = [2: "<article>\n", 3: "</a></p>\n"][index] {
        #expect(edit.replacements.count == 1)
        #expect(edit.replacements.allSatisfy { $0.old.count > piece.utf8.count })
      }
      #expect(before.keys.sorted() == after.keys.sorted())
      var (edited, left) = (0, 0)
      for (path, page) in before {
        let rendered = try #require(after[path])
        guard let (bytes, patch) = edit.applied(to: page.bytes, patch: page.patch) else {
          // Left to be rendered only where a piece of the old text is on the page more than once.
          left += 1
          #expect(
            edit.replacements.contains {
              Self.places(of: $0.old, in: page.bytes).count > 1
            }, "\(path)")
          continue
        }
        edited += 1
        #expect(bytes == rendered.bytes, "\(path)")
        #expect(patch == rendered.patch, "\(path)")
      }
      #expect(edited > 0)
      // The text shown twice is left on some pages.
      #expect((left > 0) == (index == 0 || index == Self.edits.count - 1), "\(left) left")
      // The film whose overview links with the text between the patch's places.
      if index == 0 {
        let first = try films[0].route(foldedTitle: Slug.fold(films[0].title))
        let page = try #require(before[first.filePath])
        #expect(edit.applied(to: page.bytes, patch: page.patch) == nil)
      }
    }
  }
}
