/// Documents for the refusal half of the differential test: the classic invalid cases, and
/// valid documents with one or two bytes deleted, inserted or replaced.
enum InvalidCorpus {
  /// Hand-written documents that TOML 1.0 refuses, one rule or two each.
  static let classics: [String] = [
    // Keys and key/value pairs.
    "= 1", "a", "a =", "a = 1 b = 2", "a.= 1", ".a = 1", "a..b = 1", "a b = 1", "\"\"\"a\"\"\" = 1",
    "é = 1", "a = 1\na = 2", "a = 1\n\"a\" = 2", "a.b = 1\na.b = 2", "a = 1\na.b = 2",
    "a = {}\na.b = 1", "a = [1]\na.b = 1", "a = 1 # c\r", "a\n= 1", "a =\n1", "[a] b = 1",
    // Tables.
    "[a]\n[a]", "[a]\nb = 1\n[a]", "[a.b]\n[a]\n[a.b]", "[a]\nb.c = 1\n[a.b]", "a.b = 1\n[a]",
    "a = {}\n[a]", "a = {}\n[a.b]", "a = 1\n[a]", "[]", "[a", "[a]]", "[ [a]]", "[a.]", "[.a]",
    "[a]\n[a.b]\nc = 1\n[a]", "[a.b.c]\nd = 1\n[a]\nb.c.e = 2", "[a b]", "[a]x",
    // Arrays of tables.
    "a = []\n[[a]]", "a = [{}]\n[[a]]", "[a]\n[[a]]", "[[a]]\n[a]", "[[a]", "[[a]]]", "[[]]",
    "[ [a] ]", "[[a]]\nb = 1\n[a.b]", "[[a.b]]\n[a]\nb = 1", "a = {b = []}\n[[a.b]]",
    // Inline tables.
    "a = {", "a = {b = 1", "a = {b = 1,}", "a = {,}", "a = {b = 1\n}", "a = {\nb = 1}",
    "a = {b = 1, b = 2}", "a = {b.c = 1, b.c = 2}", "a = {b = {}, b.c = 1}", "a = {b = 1 c = 2}",
    "a = {b = 1} c = 2", "a = {b = 1 # c\n}", "a = {b}", "a = {b = }",
    // Arrays.
    "a = [", "a = [1", "a = [1 2]", "a = [,]", "a = [1,,2]", "a = [1,]]", "a = ]", "a = [1 # c]",
    // Strings.
    "a = \"", "a = \"abc", "a = \"a\nb\"", "a = 'a\nb'", "a = \"\\q\"", "a = \"\\x41\"",
    "a = \"\\u12\"", "a = \"\\uD800\"", "a = \"\\U00110000\"", "a = \"\\UFFFFFFFF\"", "a = \"\\ \"",
    "a = \"\\e\"", "a = \"\u{1}\"", "a = \"\u{7F}\"", "a = '\u{0}'", "a = \"\"\"abc", "a = '''abc",
    "a = \"\"\"a\u{7F}\"\"\"", "a = '''a\rb'''", "a = \"\"\"a\rb\"\"\"", "a = \"\"\"a\\ b\"\"\"",
    "a = \"\"\"a\"\"\"\"\"\"", "a = '''a''''''", "a = 'a'b'", "a = \"a\"b\"",
    // Integers.
    "a = 01", "a = -01", "a = 0_1", "a = 1__2", "a = 1_", "a = _1", "a = +0x1", "a = -0x1",
    "a = 0X1", "a = 0x", "a = 0x_1", "a = 0xG", "a = 0o8", "a = 0b2", "a = 0b", "a = 1e",
    "a = 9223372036854775808", "a = -9223372036854775809", "a = 0x8000000000000000",
    "a = 0o1000000000000000000000", "a = 99999999999999999999", "a = 1 2", "a = ++1", "a = - 1",
    // Floats.
    "a = 1.", "a = .1", "a = 1.e1", "a = 1e", "a = 1e+", "a = 1e_1", "a = 1_.5", "a = 1._5",
    "a = 1.5_", "a = +.5", "a = 01.5", "a = 1.5.5", "a = Inf", "a = NaN", "a = infinity",
    "a = inf_", "a = +-inf", "a = 1e1.5", "a = 1,5",
    // Booleans.
    "a = True", "a = tru", "a = truee", "a = FALSE",
    // Date-times.
    "a = 1979-13-01", "a = 1979-00-01", "a = 1979-01-00", "a = 1979-02-29", "a = 1900-02-29",
    "a = 2000-02-30", "a = 1979-04-31", "a = 1979-05-27T24:00:00", "a = 1979-05-27T23:60:00",
    "a = 1979-05-27T23:59:61", "a = 1979-05-27T07:32", "a = 07:32", "a = 7:32:00",
    "a = 1979-5-27", "a = 79-05-27", "a = 1979-05-27T", "a = 1979-05-27T07:32:00.",
    "a = 1979-05-27T07:32:00+24:00", "a = 1979-05-27T07:32:00+07:60",
    "a = 1979-05-27T07:32:00+7:00",
    "a = 1979-05-27T07:32:00Zz", "a = 07:32:00Z", "a = 07:32:00+01:00", "a = 1979-05-27 07",
    "a = 1979-05-27X07:32:00", "a = 1979-05-27  07:32:00",
    // Control characters, newlines and encoding.
    "a = 1\r", "a = 1\rb = 2", "# \u{1}", "# \u{7F}", "a = 1 # \u{0}", "\u{FEFF}\u{FEFF}a = 1",
    "a = 1\n\u{FEFF}",
    "a = 1\u{C}", "\u{B}a = 1",
  ]

  /// Byte sequences that are not UTF-8.
  static let invalidUTF8: [[UInt8]] = [
    Array("a = \"".utf8) + [0xFF] + Array("\"".utf8),
    Array("# ".utf8) + [0xC3],
    Array("a = '".utf8) + [0xC0, 0xAF] + Array("'".utf8),
    Array("a = \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8),
    Array("a = \"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8),
    Array("a = \"".utf8) + [0xE2, 0x82] + Array("\"".utf8),
    [0x80],
  ]

  /// Headers and key/value lines over a few short keys, to be put together at random: most
  /// sequences break a redefinition rule, the rest show where the rules allow it.
  private static let statements: [String] = [
    "[a]", "[a.b]", "[a.b.c]", "[b]", "[a.'b']", "[[a]]", "[[a.b]]", "[[b]]", "[[a.b.c]]",
    "a = 1", "b = 2", "c = 3", "a.b = 1", "b.c = 2", "a.b.c = 3", "b.d = 4", "c.d = 5",
    "a = {}", "b = {c = 1}", "b = {c.d = 1}", "a = []", "b = [{}]", "c = [1]", "'a'.\"b\" = 6",
  ]

  /// Two to six random statements, one a line.
  static func statementSequence(random: inout SplitMix64) -> [UInt8] {
    var lines: [String] = []
    for _ in 0..<random.int(2...6) { lines.append(random.pick(statements)) }
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// Bytes that an insertion or a replacement puts into a document.
  private static let interestingBytes: [UInt8] =
    Array("\"'=[]{},.#\n\r\t \\0_eE:-+TZx".utf8) + [0x00, 0x7F, 0xC3, 0xFF, 0x61]

  /// The document with one or two bytes deleted, inserted or replaced, or with a line
  /// repeated, moved or deleted, which is how redefinitions come about.
  static func mutate(_ document: [UInt8], random: inout SplitMix64) -> [UInt8] {
    var bytes = document
    for _ in 0..<random.int(1...2) {
      let position = random.int(0...bytes.count)
      let byte = random.pick(interestingBytes)
      switch random.int(0...9) {
      case 0...2 where position < bytes.count: bytes.remove(at: position)
      case 3...4 where position < bytes.count: bytes[position] = byte
      case 5...6: bytes.insert(byte, at: position)
      default: bytes = mutateLines(bytes, random: &random)
      }
    }
    return bytes
  }

  private static func mutateLines(_ bytes: [UInt8], random: inout SplitMix64) -> [UInt8] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map(Array.init)
    let line = lines[random.int(0...(lines.count - 1))]
    switch random.int(0...2) {
    case 0:
      lines.insert(line, at: random.int(0...lines.count))
    case 1:
      if let index = lines.firstIndex(of: line) { lines.remove(at: index) }
      lines.insert(line, at: random.int(0...lines.count))
    default:
      if let index = lines.firstIndex(of: line) { lines.remove(at: index) }
    }
    return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
  }
}
