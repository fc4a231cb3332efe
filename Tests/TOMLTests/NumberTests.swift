import TOML
import Testing

@Suite struct NumberTests {
  private func value(_ literal: String) throws -> TOMLValue? {
    try TOMLParser.parse("n = \(literal)")["n"]
  }

  @Test(
    arguments: [
      ("42", 42), ("+17", 17), ("-17", -17), ("0", 0), ("-0", 0), ("+0", 0),
      ("1_000_000", 1_000_000), ("0xDEAD_beef", 0xDEAD_BEEF), ("0o755", 0o755),
      ("0b1101_0110", 0b1101_0110), ("0x00ff", 255),
      ("9223372036854775807", .max), ("-9223372036854775808", .min),
      ("0x7FFFFFFFFFFFFFFF", .max),
    ] as [(String, Int64)])
  func integersReadInEveryRadix(literal: String, expected: Int64) throws {
    #expect(try value(literal) == .integer(expected))
  }

  @Test(
    arguments: [
      ("3.1415", 3.1415), ("-0.01", -0.01), ("5e+22", 5e22), ("1e06", 1e6), ("-2E-2", -2e-2),
      ("6.626e-34", 6.626e-34), ("224_617.445_991", 224_617.445_991), ("1e400", .infinity),
      ("inf", .infinity), ("+inf", .infinity), ("-inf", -.infinity),
    ] as [(String, Double)])
  func floatsReadInEveryForm(literal: String, expected: Double) throws {
    #expect(try value(literal) == .float(expected))
  }

  @Test func nanHasBothSigns() throws {
    #expect(try value("nan")?.doubleValue?.isNaN == true)
    #expect(try value("-nan")?.doubleValue?.sign == .minus)
    #expect(try value("+nan")?.doubleValue?.sign == .plus)
  }

  @Test func negativeZeroKeepsItsSign() throws {
    #expect(try value("-0.0") == .float(-0.0))
    #expect(try value("-0.0") != .float(0.0))
  }

  @Test(arguments: [
    ("01", "leading zeros are not allowed in \"01\""),
    ("-01", "leading zeros are not allowed in \"-01\""),
    ("0_1", "leading zeros are not allowed in \"0_1\""),
    ("01.5", "leading zeros are not allowed in \"01.5\""),
    ("9223372036854775808", "integer \"9223372036854775808\" is out of range"),
    ("-9223372036854775809", "integer \"-9223372036854775809\" is out of range"),
    ("0x8000000000000000", "integer \"0x8000000000000000\" is out of range"),
    ("1__2", "invalid number \"1__2\""), ("1_", "invalid number \"1_\""),
    ("+0x1", "invalid number \"+0x1\""), ("0X1", "invalid number \"0X1\""),
    ("0x", "invalid number \"0x\""), ("0x_1", "invalid number \"0x_1\""),
    ("0o8", "invalid number \"0o8\""), ("0b2", "invalid number \"0b2\""),
    ("1.", "invalid number \"1.\""), ("1.e1", "invalid number \"1.e1\""),
    ("1e", "invalid number \"1e\""), ("1e_1", "invalid number \"1e_1\""),
    ("1_.5", "invalid number \"1_.5\""), ("1.5.5", "invalid number \"1.5.5\""),
    ("Inf", "expected a value"), ("infinity", "invalid number \"infinity\""),
    ("+-1", "invalid number \"+-1\""), ("- 1", "invalid number \"-\""),
    ("tru", "invalid value \"tru\""), ("True", "expected a value"),
  ])
  func malformedNumbersAreRefused(literal: String, message: String) {
    #expect(parseError("n = \(literal)") == error(1, 5, message))
  }

  @Test func aLeadingDotIsNotAValue() {
    #expect(parseError("n = .5") == error(1, 5, "expected a value"))
  }

  @Test func booleansAreLowercaseWords() throws {
    #expect(try TOMLParser.parse("t = true\nf = false") == ["t": true, "f": false])
  }
}
