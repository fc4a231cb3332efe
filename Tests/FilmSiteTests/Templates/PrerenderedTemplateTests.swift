import Testing

@testable import FilmSite

/// A template rendered once with holes, then filled by a page, is the
/// template rendered for that page.
@Suite struct PrerenderedTemplateTests {
  private static let schema = TemplateSchema(values: ["root", "homeURL", "url", "title"])

  private static let pages: [HoleFilling] = [
    HoleFilling(route: .root), HoleFilling(route: Route(["genres"])),
    HoleFilling(route: Route(["genres", "drama", "page", "12"])),
    HoleFilling(linkBase: "https://example.org/a&b \"c\"/"),
  ]

  private func template(_ source: String, _ language: TemplateLanguage) throws -> Template {
    try Template(source: source, file: "row", language: language, schema: Self.schema)
  }

  private func filled(_ prerendered: PrerenderedTemplate, for page: HoleFilling) -> String {
    var bytes: [UInt8] = []
    prerendered.fill(with: HoleFilling.Prepared(page), into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The template with `context` rendered for `page` at once.
  private func direct(_ template: Template, _ context: TemplateContext, for page: HoleFilling)
    -> String
  {
    var bytes: [UInt8] = []
    template.render(context, for: page, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Checks that `source` with `context`, prerendered and filled, is what it renders as on each page.
  private func expectFilledIsDirect(
    _ source: String, _ context: TemplateContext,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for language in [TemplateLanguage.html, .markdown] {
      let template = try template(source, language)
      let prerendered = template.prerender(context, within: [:])
      for page in Self.pages {
        #expect(
          filled(prerendered, for: page) == direct(template, context, for: page),
          "\(language) for \(page)", sourceLocation: sourceLocation)
      }
    }
  }

  private static let links: TemplateContext = [
    "root": .hole(.rootPath, then: ""), "homeURL": .hole(.rootURL, then: ""),
    "url": .hole(.rootPath, then: "films/1-a b/"),
  ]

  @Test func holesTakeTheFormOfTheirPlaceholder() throws {
    let template = try template("{{{root}}}|{{root}}|{{{url}}}|{{url}}|{{homeURL}}", .markdown)
    let prerendered = template.prerender(Self.links, within: [:])
    #expect(
      filled(prerendered, for: HoleFilling(route: Route(["genres", "drama"])))
        == #"../../|\.\.\/\.\.\/|../../films/1-a b/|\.\.\/\.\.\/films\/1\-a b\/|\.\.\/\.\.\/"#)
    #expect(
      filled(prerendered, for: HoleFilling(route: .root)) == #"||films/1-a b/|films\/1\-a b\/|\.\/"#
    )
    try expectFilledIsDirect("{{{root}}}|{{root}}|{{{url}}}|{{url}}|{{homeURL}}", Self.links)
  }

  @Test func aSectionOnAHoleShowsOnThePagesWhereItIsNotEmpty() throws {
    let source =
      "{{#root}}below {{.}}{{/root}}{{^root}}at the root{{/root}}|{{#homeURL}}home{{/homeURL}}"
    let prerendered = try template(source, .html).prerender(Self.links, within: [:])
    #expect(filled(prerendered, for: HoleFilling(route: .root)) == "at the root|home")
    #expect(filled(prerendered, for: HoleFilling(route: Route(["years"]))) == "below ../|home")
    // Nested, and with the page's links inside.
    try expectFilledIsDirect(
      "a{{#root}}b{{^root}}never{{/root}}{{#root}}[{{{url}}}]{{/root}}c{{/root}}d{{^root}}e{{url}}{{/root}}f",
      Self.links)
  }

  @Test func textThatHoldsAnyByteIsCopiedAsItIs() throws {
    // Bytes that tag the parts of a prerendered template, in raw text.
    let odd = String(decoding: (0...0x7F).map(UInt8.init), as: UTF8.self) + "\u{E000}!\u{80}"
    var context = Self.links
    context["title"] = .text(odd)
    try expectFilledIsDirect("{{{title}}}{{url}}{{{title}}}{{#root}}{{{title}}}{{/root}}", context)
  }

  @Test func longRunsAndSectionsKeepTheirLength() throws {
    // Lengths past one and two bytes of LEB128.
    var context = Self.links
    for length in [127, 128, 16_383, 16_384, 70_000] {
      context["title"] = .text(String(repeating: "x", count: length))
      try expectFilledIsDirect(
        "{{{title}}}{{root}}{{#root}}{{{title}}}{{url}}{{/root}}{{^root}}{{{title}}}{{/root}}",
        context)
    }
  }

  @Test func aTemplateWithoutHolesIsOneRun() throws {
    let template = try template("plain {{title}}", .html)
    let prerendered = template.prerender(["title": .text("<b>")], within: [:])
    for page in Self.pages { #expect(filled(prerendered, for: page) == "plain &lt;b&gt;") }
  }
}

/// A prerendered template kept as its parts (``PrerenderedTemplate/encoded``),
/// as the row cache keeps it, reads back as the same template; parts that
/// are not whole are no template, whatever their bytes.
@Suite struct PrerenderedTemplateEncodingTests {
  private static let marks: [(offset: Int, mark: PrerenderedTemplate.Mark)] = [
    (2, .hole(.rootPath, .html)), (3, .sectionStart(.rootURL, whenEmpty: true)),
    (5, .hole(.rootURL, .raw)), (6, .sectionEnd), (200, .hole(.rootPath, .markdown)),
  ]
  // Long enough that a run's length takes two bytes.
  private static let template = PrerenderedTemplate(
    text: Array(repeating: UInt8(ascii: "a"), count: 300), marks: marks)

  @Test func partsReadBackAsTheSameTemplate() throws {
    let encoded = Self.template.encoded
    #expect(try #require(PrerenderedTemplate(encoded: encoded[...])) == Self.template)
    // From the middle of a larger buffer, as the cache holds them.
    let buffer = [7, 7] + encoded + [9]
    #expect(PrerenderedTemplate(encoded: buffer[2..<(buffer.count - 1)]) == Self.template)
    #expect(PrerenderedTemplate(encoded: []) == PrerenderedTemplate(text: [], marks: []))
  }

  @Test func partsCutShortOrWithAnUnknownTagAreNoTemplate() {
    let encoded = Self.template.encoded
    // A cut between two of its seven parts (a run, a hole, a run, a section, a
    // run, a hole, a run) is a shorter template; any other cut leaves a run, a
    // length or the section unfinished.
    var shorter = 0
    for end in 1..<encoded.count {
      guard let cut = PrerenderedTemplate(encoded: encoded[..<end]) else { continue }
      #expect(cut.encoded == Array(encoded[..<end]))
      shorter += 1
    }
    #expect(shorter == 6)
    #expect(PrerenderedTemplate(encoded: [255]) == nil)
    // A run whose length runs past the end, and a length that never ends.
    #expect(PrerenderedTemplate(encoded: [0, 5, 1, 2]) == nil)
    #expect(PrerenderedTemplate(encoded: [0] + Array(repeating: 0xFF, count: 12)) == nil)
    // A length of more than eight bytes, which would not fit a length's bits.
    #expect(PrerenderedTemplate(encoded: [0] + Array(repeating: 0x80, count: 9) + [1]) == nil)
    // A section whose parts do not end where it does: a run inside it longer than the section.
    let section = PrerenderedTemplate(
      text: [1, 2, 3], marks: [(0, .sectionStart(.rootPath, whenEmpty: false)), (3, .sectionEnd)]
    ).encoded
    #expect(PrerenderedTemplate(encoded: section[...]) != nil)
    var longer = section
    longer[longer.count - 4] += 1
    #expect(PrerenderedTemplate(encoded: longer[...]) == nil)
  }

  /// Sections nested a hundred thousand deep, as a file could hold them, are
  /// read without running out of stack; one length off among them is no template.
  @Test func deeplyNestedSectionsAreReadWithoutRecursion() throws {
    let section = PrerenderedTemplate(
      text: [], marks: [(0, .sectionStart(.rootPath, whenEmpty: false)), (0, .sectionEnd)]
    ).encoded
    #expect(section.count == 2 && section[1] == 0)
    let depth = 100_000
    // The length inside each level, the innermost first: a tag, a length and the level inside.
    var sizes = [0]
    for _ in 0..<depth {
      sizes.append(1 + Self.lengthBytes(sizes[sizes.count - 1]) + sizes[sizes.count - 1])
    }
    var parts: [UInt8] = []
    for level in stride(from: depth, to: 0, by: -1) {
      parts.append(section[0])
      PrerenderedTemplate.appendLength(sizes[level - 1], to: &parts)
    }
    #expect(parts.count == sizes[depth])
    #expect(PrerenderedTemplate(encoded: parts[...]) != nil)
    // The outermost section one byte longer than what it holds.
    var longer: [UInt8] = [section[0]]
    PrerenderedTemplate.appendLength(sizes[depth - 1] + 1, to: &longer)
    #expect(
      PrerenderedTemplate(encoded: (longer + parts.dropFirst(parts.count - sizes[depth - 1]))[...])
        == nil)
  }

  private static func lengthBytes(_ length: Int) -> Int {
    var bytes: [UInt8] = []
    PrerenderedTemplate.appendLength(length, to: &bytes)
    return bytes.count
  }

}
