import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film's placeholders come from the film field table: each field under its
/// own name, with the few exceptions the templates have always had.
@Suite struct FilmTemplateFieldsTests {
  private static let heat = Film(
    id: "949", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg")

  /// A Markdown template that uses every placeholder a film has.
  private func values(of film: Film, language: TemplateLanguage) throws -> TemplateContext {
    let source = FilmTemplateFields.names.map { "{{{\($0)}}}" }.joined(separator: "\n")
    let template = try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
    var configuration = SiteConfiguration()
    configuration.posterBaseURL = "https://images.example/w342"
    let contexts = PageContexts(configuration: configuration, markdown: MarkdownRenderer())
    return contexts.filmValues(film, for: template)
  }

  @Test func theNamesAreTheTablesFieldsButThePosterPathAndTwoMadeValues() {
    let fields = FilmField.all.map(\.name).filter { $0 != "posterPath" }
    #expect(FilmTemplateFields.names == fields + ["facts", "poster"])
  }

  @Test func aFilmShowsEachFieldAsItReads() throws {
    let values = try values(of: Self.heat, language: .markdown)
    let expected: [String: TemplateValue] = [
      "id": .text("949"), "title": .text("Heat"), "year": .text("1995"),
      "runtime": .text("170"), "facts": .text("1995 · 170 min"),
      "director": .text("Michael Mann"), "genres": .text("Crime · Drama"),
      "overview": .text(PageContexts.overviewMarkdown("A *heist*.")),
      "poster": .text("https://images.example/w342/heat.jpg"),
    ]
    for (name, value) in expected {
      #expect(values[name] == value, "\(name)")
    }
  }

  @Test func anHTMLTemplateGetsTheOverviewAsHTML() throws {
    #expect(
      try values(of: Self.heat, language: .html)["overview"]
        == .text("<p>A <em>heist</em>.</p>\n"))
  }

  /// A film with only the required fields: every other field is absent, a
  /// list is empty text, and so are the facts.
  @Test func absentFieldsAreAbsentAndAnEmptyListIsEmptyText() throws {
    let values = try values(of: Film(id: "1", title: "Alien"), language: .markdown)
    #expect(values["id"] == .text("1"))
    #expect(values["title"] == .text("Alien"))
    #expect(values["facts"] == .text(""))
    #expect(values["poster"] == .absent)
    for field in FilmField.all where !field.isRequired && field.name != "posterPath" {
      let isList = field.type == .textList || field.type == .castList
      let expected: TemplateValue = isList ? .text("") : .absent
      #expect(values[field.name] == expected, "\(field.name)")
    }
  }

  @Test func theFilmAndRowSchemasHoldEveryName() {
    for name in FilmTemplateFields.names {
      #expect(Theme.Schemas.film.fields.keys.contains(name), "\(name)")
      #expect(Theme.Schemas.row.fields.keys.contains(name), "\(name)")
    }
  }
}
