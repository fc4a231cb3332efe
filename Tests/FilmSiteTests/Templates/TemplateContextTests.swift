import Testing

@testable import FilmSite

@Suite struct TemplateContextTests {
  @Test func setReplacesAndRemovesByName() {
    var context: TemplateContext = ["a": .text("1"), "b": .text("2")]
    context["a"] = .text("3")
    context["b"] = nil
    context["c"] = .absent
    #expect(context["a"] == .text("3"))
    #expect(context["b"] == nil)
    #expect(context["c"] == .absent)
    #expect(context.values == ["a": .text("3"), "c": .absent])
  }

  @Test func namesThatShareTheirKeyAreStillDifferentNames() throws {
    // Same length, same first seven bytes: the same key.
    #expect(TemplateContext.key(of: "directorURL") == TemplateContext.key(of: "directorXYZ"))
    #expect(TemplateContext.key(of: "year") != TemplateContext.key(of: "root"))
    #expect(TemplateContext.key(of: "a") != TemplateContext.key(of: "a\u{0}"))
    var context: TemplateContext = ["directorURL": .text("1")]
    #expect(context["directorXYZ"] == nil)
    context["directorXYZ"] = .text("2")
    #expect(context.values == ["directorURL": .text("1"), "directorXYZ": .text("2")])
    // A template tells them apart too, in a context and as a value set for one render.
    let template = try Template(
      source: "{{directorURL}} {{directorXYZ}}", file: "t", language: .html,
      schema: TemplateSchema(values: ["directorURL", "directorXYZ"]))
    #expect(template.render(context) == "1 2")
    var bytes: [UInt8] = []
    template.render(
      ["directorURL": .text("1")], for: HoleFilling(route: .root), setting: "directorXYZ",
      toBytes: Array("3".utf8), into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "1 3")
  }

  @Test func aRepeatedLiteralNameKeepsTheLastValue() {
    let context: TemplateContext = ["a": .text("1"), "a": .text("2")]
    #expect(context.values == ["a": .text("2")])
  }

  @Test func equalityIgnoresTheOrderNamesWereSetIn() {
    let forward: TemplateContext = ["a": .text("1"), "b": .text("2")]
    let backward: TemplateContext = ["b": .text("2"), "a": .text("1")]
    #expect(forward == backward)
    #expect(forward != ["a": .text("1"), "b": .text("3")])
    #expect(forward != ["a": .text("1")])
  }

  @Test func mergeSetsTheOtherContextsValuesOverThese() {
    var context: TemplateContext = ["a": .text("1"), "b": .text("2")]
    context.merge(["b": .text("3"), "c": .text("4")])
    #expect(context == ["a": .text("1"), "b": .text("3"), "c": .text("4")])
  }
}
