import Testing

@testable import FilmSiteCLI

@Suite struct CommandLineParserTests {
  private let parser = CommandLineParser(
    command: "tool",
    options: [
      .init(name: "--name", valueName: "text", help: "A name"),
      .init(name: "--count", valueName: "n", help: "A count"),
      .init(name: "--header", valueName: "line", help: "Repeatable", repeatable: true),
      .init(name: "--quiet", valueName: nil, help: "A flag"),
    ])

  @Test func readsValuesInBothSpellingsAndFlags() throws {
    let parsed = try parser.parse([
      "--name", "a b", "--count=3", "--quiet", "--header", "x", "--header=y",
    ])
    #expect(parsed.string("--name") == "a b")
    #expect(try parsed.integer("--count", in: 1...10) == 3)
    #expect(parsed.has("--quiet"))
    #expect(parsed.values["--header"] == ["x", "y"])
    #expect(parsed.string("--missing") == nil)
  }

  @Test func valueMayContainEqualsSigns() throws {
    #expect(try parser.parse(["--name=a=b"]).string("--name") == "a=b")
  }

  @Test(arguments: [
    (["--nmae", "x"], "tool: unknown option '--nmae' (see 'tool --help')"),
    (["stray"], "tool: unexpected argument 'stray'"),
    (["--name"], "tool: option '--name' needs a value"),
    (["--name", "--quiet"], "tool: option '--name' needs a value"),
    (["--quiet=yes"], "tool: option '--quiet' takes no value"),
    (["--name", "a", "--name", "b"], "tool: option '--name' is given more than once"),
  ])
  func rejectsMalformedCommandLines(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try parser.parse(arguments) }
  }

  @Test(arguments: ["0", "11", "x", "2.5", ""])
  func rejectsNumbersOutOfRange(text: String) throws {
    let parsed = try parser.parse(["--count", text])
    #expect(
      throws: UsageError("tool: option '--count' takes a whole number from 1 to 10, not '\(text)'")
    ) {
      try parsed.integer("--count", in: 1...10)
    }
  }

  @Test func helpListsEveryOption() {
    for name in ["--name <text>", "--count <n>", "--header <line>", "--quiet"] {
      #expect(parser.optionsHelp.contains(name))
    }
  }
}
