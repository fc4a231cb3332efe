import Testing

@testable import FilmSite

@Suite struct TemplateTests {
  private let schema = TemplateSchema([
    "title": nil, "year": nil, "body": nil, "empty": nil,
    "genres": TemplateSchema(values: ["name"]),
  ])

  private func render(
    _ source: String, _ context: TemplateContext, language: TemplateLanguage = .html
  ) throws -> String {
    try Template(source: source, file: "t.html", language: language, schema: schema).render(context)
  }

  @Test func escapesValuesAndInsertsRawOnes() throws {
    let context: TemplateContext = ["title": .text("<b>Tom & \"Jerry\"</b>")]
    #expect(
      try render("{{title}}|{{{title}}}", context)
        == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;|<b>Tom & \"Jerry\"</b>")
    #expect(try render("{{ title }}", context) == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;")
  }

  @Test func sectionsRenderForPresentValuesAndListItems() throws {
    let context: TemplateContext = [
      "title": .text("T"), "year": .absent, "empty": .text(""),
      "genres": .list([["name": .text("Drama")], ["name": .text("War")]]),
    ]
    #expect(try render("{{#title}}[{{.}}]{{/title}}", context) == "[T]")
    #expect(try render("{{#year}}y{{/year}}{{^year}}no year{{/year}}", context) == "no year")
    #expect(try render("{{#empty}}e{{/empty}}{{^empty}}blank{{/empty}}", context) == "blank")
    #expect(
      try render("{{#genres}}<{{name}} of {{title}}>{{/genres}}", context)
        == "<Drama of T><War of T>")
    #expect(try render("{{^genres}}none{{/genres}}", ["genres": .list([])]) == "none")
  }

  @Test func aValueSetForOneRenderWinsOverBothContexts() throws {
    let template = try Template(
      source: "{{title}} {{body}} {{year}}", file: "t", language: .html, schema: schema)
    let row: TemplateContext = ["title": .text("Row"), "body": .text("row-body")]
    let page: TemplateContext = ["body": .text("page-body"), "year": .text("1999")]
    #expect(template.render(row, within: page) == "Row row-body 1999")
    var both = page
    both.merge(row)
    var bytes: [UInt8] = []
    template.render(
      both, for: HoleFilling(route: .root), setting: "body", toBytes: Array("a&b".utf8),
      into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "Row a&amp;b 1999")
  }

  @Test func bytesSetForOneRenderAreInsertedAsTheyAreOrEscaped() throws {
    let template = try Template(
      source: "{{{body}}}|{{body}}|{{#body}}[{{{.}}}]{{/body}}{{^body}}none{{/body}}|{{title}}",
      file: "t", language: .html, schema: schema)
    var bytes = Array("…".utf8)
    template.render(
      ["title": .text("T"), "body": .text("hidden")], for: HoleFilling(route: .root),
      setting: "body", toBytes: Array("<p>é</p>".utf8), into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "…<p>é</p>|&lt;p&gt;é&lt;/p&gt;|[<p>é</p>]|T")
    var empty: [UInt8] = []
    template.render(
      ["title": .text("T")], for: HoleFilling(route: .root), setting: "body", toBytes: [],
      into: &empty)
    #expect(String(decoding: empty, as: UTF8.self) == "||none|T")
  }

  @Test func standaloneTagsTakeTheirLine() throws {
    let source = "a\n  {{#title}}\nb\n{{/title}}\n{{! a comment }}\nc\n"
    #expect(try render(source, ["title": .text("x")]) == "a\nb\nc\n")
    #expect(try render(source, ["title": .absent]) == "a\nc\n")
  }

  @Test func valuesAreNeverParsedAsTemplates() throws {
    #expect(try render("{{title}}", ["title": .text("{{year}}")]) == "{{year}}")
  }

  @Test func markdownLanguageEscapesPunctuationAndLineBreaks() throws {
    let output = try render("# {{title}}", ["title": .text("*a* [b](c)\n# d")], language: .markdown)
    #expect(output == ##"# \*a\* \[b\]\(c\) \# d"##)
  }

  @Test(arguments: [
    ("{{titel}}", 1, 1, TemplateError.Reason.unknownPlaceholder("titel")),
    ("ab\ncd {{#nope}}{{/nope}}", 2, 4, .unknownPlaceholder("nope")),
    ("x\n\n  {{#title}} open", 3, 3, .unclosedSection("title")),
    ("{{#title}}{{/year}}", 1, 11, .unexpectedClose(found: "year", expected: "title")),
    ("é {{/title}}", 1, 3, .unexpectedClose(found: "title", expected: nil)),
    ("ok {{title", 1, 4, .unclosedTag),
    ("{{ bad-name }}", 1, 1, .invalidName("bad-name")),
    ("{{#genres}}{{nam}}{{/genres}}", 1, 12, .unknownPlaceholder("nam")),
    ("{{name}}", 1, 1, .unknownPlaceholder("name")),
  ])
  func errorsNameFileLineAndColumn(
    source: String, line: Int, column: Int, reason: TemplateError.Reason
  ) {
    #expect(throws: TemplateError(file: "t.html", line: line, column: column, reason: reason)) {
      try Template(source: source, file: "t.html", language: .html, schema: schema)
    }
  }

  @Test func errorDescriptionIsOneLine() {
    let error = TemplateError(
      file: "Templates/film.md", line: 3, column: 14, reason: .unknownPlaceholder("titel"))
    #expect(error.description == #"Templates/film.md:3:14: unknown placeholder "titel""#)
  }

  @Test func aRenderWithinOuterValuesSeesBothAndItsOwnWin() throws {
    let template = try Template(
      source: "{{a}} {{b}}{{#c}} {{c}}{{/c}}", file: "t.html", language: .html,
      schema: TemplateSchema(values: ["a", "b", "c"]))
    let outer: TemplateContext = ["a": .text("outer a"), "b": .text("outer b")]
    #expect(template.render(["b": .text("inner b")], within: outer) == "outer a inner b")
    #expect(template.render(["c": .text("<c>")], within: outer) == "outer a outer b &lt;c&gt;")
  }
}
