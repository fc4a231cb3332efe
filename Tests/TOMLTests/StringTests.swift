import TOML
import Testing

@Suite struct StringTests {
  private func value(_ document: String) throws -> TOMLValue? {
    try TOMLParser.parse(document)["s"]
  }

  @Test func basicStringsUnescapeEveryEscape() throws {
    let parsed = try value(#"s = "\b\t\n\f\r\"\\ \u00E9 \U0001F3AC""#)
    #expect(parsed == "\u{8}\t\n\u{C}\r\"\\ é 🎬")
  }

  @Test func literalStringsKeepBackslashes() throws {
    #expect(try value(#"s = 'C:\Users\n'"#) == #"C:\Users\n"#)
  }

  @Test func multilineBasicStringsDropTheFirstNewline() throws {
    #expect(try value("s = \"\"\"\nline one\nline two\"\"\"") == "line one\nline two")
  }

  @Test func multilineStringsTurnCRLFIntoLineFeeds() throws {
    #expect(try value("s = \"\"\"\r\na\r\nb\"\"\"") == "a\nb")
    #expect(try value("s = '''\r\na\r\nb'''") == "a\nb")
  }

  @Test func lineEndingBackslashTrimsWhitespaceAndNewlines() throws {
    #expect(try value("s = \"\"\"one \\  \n\n   two\\\r\n\tthree\"\"\"") == "one twothree")
  }

  @Test func upToTwoQuotesMayEndAMultilineString() throws {
    #expect(try value("s = \"\"\"a\"\"\"\"") == "a\"")
    #expect(try value("s = \"\"\"a\"\"\"\"\"") == "a\"\"")
    #expect(try value("s = '''a'''''") == "a''")
    #expect(try value("s = \"\"\"\"\"\"") == "")
  }

  @Test func multilineLiteralStringsKeepEverythingButTheFirstNewline() throws {
    #expect(try value("s = '''\n\\n \"\"\" \t'''") == "\\n \"\"\" \t")
  }

  @Test func tabsAreAllowedRawInEveryForm() throws {
    #expect(try value("s = \"\t\"") == "\t")
    #expect(try value("s = '\t'") == "\t")
  }

  @Test(arguments: [
    (#"s = "\q""#, error(1, 6, #"invalid escape "\q""#)),
    (#"s = "\x41""#, error(1, 6, #"invalid escape "\x""#)),
    (#"s = "\é""#, error(1, 6, #"invalid escape "\é""#)),
    (#"s = "a\ b""#, error(1, 7, #"invalid escape: "\" followed by U+0020"#)),
    (#"s = "\u12""#, error(1, 6, #"escape "\u" needs 4 hex digits"#)),
    (#"s = "\U0001F3A""#, error(1, 6, #"escape "\U" needs 8 hex digits"#)),
    (#"s = "\uD800""#, error(1, 6, #"escape "\uD800" is not a Unicode scalar value"#)),
    (#"s = "\U00110000""#, error(1, 6, #"escape "\U00110000" is not a Unicode scalar value"#)),
    ("s = \"abc", error(1, 5, "unterminated string")),
    ("s = \"a\nb\"", error(1, 5, "unterminated string")),
    ("s = 'a\nb'", error(1, 5, "unterminated string")),
    ("s = \"\"\"abc\"\"", error(1, 5, "unterminated string")),
    ("s = '''abc", error(1, 5, "unterminated string")),
    ("s = \"a\u{1}\"", error(1, 7, "control character U+0001 is not allowed in a string")),
    ("s = 'a\u{7F}'", error(1, 7, "control character U+007F is not allowed in a string")),
    ("s = '''\u{0}'''", error(1, 8, "control character U+0000 is not allowed in a string")),
    ("s = \"\"\"a\rb\"\"\"", error(1, 9, "a carriage return must be followed by a line feed")),
    ("s = \"\"\"a\"\"\"\"\"\"", error(1, 14, "expected a newline after a value")),
  ])
  func malformedStringsAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }
}
