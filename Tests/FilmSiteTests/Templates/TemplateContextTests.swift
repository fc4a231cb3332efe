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
