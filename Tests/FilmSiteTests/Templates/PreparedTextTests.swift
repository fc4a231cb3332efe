import Testing

@testable import FilmSite

@Suite struct PreparedTextTests {
  private let schema = TemplateSchema(["title": nil, "url": nil, "year": nil])

  private func render(_ source: String, _ context: TemplateContext, _ language: TemplateLanguage)
    throws -> String
  {
    try Template(source: source, file: "t", language: language, schema: schema).render(context)
  }

  @Test(arguments: [TemplateLanguage.html, .markdown], [TemplateLanguage.html, .markdown])
  func aPreparedValueRendersExactlyAsItsText(
    preparedFor: TemplateLanguage, template: TemplateLanguage
  ) throws {
    let hostile = "  <b>Tom & \"Jerry\"</b> *1999* [x](javascript:y) \u{1}\u{FFFF}·é"
    let source = "{{title}}|{{{title}}}|{{#title}}({{.}}){{/title}}|{{^title}}none{{/title}}"
    let asText = try render(source, ["title": .text(hostile)], template)
    let prepared = try render(
      source, ["title": .prepared(PreparedText(hostile, for: preparedFor))], template)
    #expect(prepared == asText)
    #expect(asText.contains("Jerry"))
  }

  @Test func emptyPreparedTextIsAbsentForSections() throws {
    let context: TemplateContext = ["title": .prepared(PreparedText("", for: .markdown))]
    #expect(try render("{{#title}}yes{{/title}}{{^title}}no{{/title}}", context, .markdown) == "no")
  }

  @Test func aValueSetForOneRenderWinsOverBothContexts() throws {
    let template = try Template(
      source: "{{title}} {{url}} {{year}}", file: "t", language: .html, schema: schema)
    let row: TemplateContext = ["title": .text("Row"), "url": .text("row-url")]
    let page: TemplateContext = ["url": .text("page-url"), "year": .text("1999")]
    #expect(template.render(row, within: page) == "Row row-url 1999")
    #expect(
      template.render(row, within: page, setting: "url", to: .text("a&b"))
        == "Row a&amp;b 1999")
  }
}
