/// Scalars written in every form TOML has: four string forms, integers in four radixes,
/// floats, booleans and four date-time kinds.
extension DocumentGenerator {
  mutating func scalar() -> String {
    switch random.int(0...9) {
    case 0...2: return string(text(maxLength: 12))
    case 3, 4: return integer()
    case 5, 6: return float()
    case 7: return random.pick(["true", "false"])
    default: return dateTime()
    }
  }

  /// Characters for strings and quoted keys, with the awkward ones well represented.
  private static let pool: [[Unicode.Scalar]] = [
    Array("abcdefxyzABCXYZ0123456789".unicodeScalars),
    Array(" !#$%&()*+,-./:;<=>?@[]^_`{|}~".unicodeScalars),
    ["\"", "'", "\\", "\t", "\n"],
    ["\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{D}", "\u{1B}", "\u{1F}", "\u{7F}"],
    [
      "é", "e", "\u{301}", "ß", "中", "🎬", "\u{FEFF}", "\u{2028}", "\u{FFFD}", "\u{10FFFF}",
      "\u{E000}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}",
    ],
  ]

  mutating func text(maxLength: Int) -> String {
    var text = ""
    for _ in 0..<random.int(0...maxLength) {
      let group = random.pick([0, 0, 0, 1, 2, 3, 4])
      text.unicodeScalars.append(random.pick(Self.pool[group]))
    }
    return text
  }

  /// The content as a string of a randomly chosen form that can hold it.
  mutating func string(_ content: String) -> String {
    let scalars = Array(content.unicodeScalars)
    var forms = [0, 1]
    let isPlain = scalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    if isPlain && !scalars.contains("'") { forms.append(2) }
    let fitsMultilineLiteral = scalars.allSatisfy {
      $0 == "\t" || $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F)
    }
    if fitsMultilineLiteral && !content.contains("'''") { forms.append(3) }
    switch random.pick(forms) {
    case 0: return basicString(scalars)
    case 1: return multilineBasicString(scalars)
    case 2: return "'" + content + "'"
    default:
      let newline = content.hasPrefix("\n") || random.chance(40) ? "\n" : ""
      return "'''" + newline + content + "'''"
    }
  }

  mutating func basicString(_ scalars: [Unicode.Scalar]) -> String {
    var out = "\""
    for scalar in scalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += random.chance(50) ? "\t" : "\\t"
      default: out += escapedIfNeeded(scalar)
      }
    }
    return out + "\""
  }

  private mutating func multilineBasicString(_ scalars: [Unicode.Scalar]) -> String {
    var out = "\"\"\""
    if scalars.first == "\n" || random.chance(40) { out += "\n" }
    var rawQuotes = 0
    for scalar in scalars {
      if scalar != " " && scalar != "\t" && scalar != "\n" && random.chance(8) {
        out += lineEndingBackslash()
        rawQuotes = 0
      }
      switch scalar {
      case "\"" where rawQuotes < 2 && random.chance(70):
        out += "\""
        rawQuotes += 1
        continue
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += random.chance(80) ? "\n" : "\\n"
      case "\t": out += "\t"
      default: out += escapedIfNeeded(scalar)
      }
      rawQuotes = 0
    }
    if random.chance(10) { out += lineEndingBackslash() }
    return out + "\"\"\""
  }

  private mutating func lineEndingBackslash() -> String {
    let after = random.pick(["", " ", "\t  ", "\n", "\n\n  ", "  \n\t"])
    return "\\" + random.pick(["", " ", "\t"]) + "\n" + after
  }

  /// The scalar as is, or as a `\u`/`\U` escape: always for control characters, sometimes
  /// for others.
  private mutating func escapedIfNeeded(_ scalar: Unicode.Scalar) -> String {
    let isControl = scalar.value < 0x20 || scalar.value == 0x7F
    if isControl, let short = ["\u{8}": "\\b", "\u{C}": "\\f", "\r": "\\r"][scalar],
      random.chance(70)
    {
      return short
    }
    guard isControl || random.chance(10) else { return String(scalar) }
    let long = scalar.value > 0xFFFF || random.chance(30)
    var hex = String(scalar.value, radix: 16, uppercase: random.chance(50))
    hex = String(repeating: "0", count: (long ? 8 : 4) - hex.count) + hex
    return (long ? "\\U" : "\\u") + hex
  }

  private mutating func integer() -> String {
    let value: Int64
    switch random.int(0...9) {
    case 0...3: value = Int64(random.int(-1000...1000))
    case 4...6: value = Int64(bitPattern: random.next()) >> UInt64(random.int(0...62))
    default: value = random.pick([.max, .min, 0, 1, -1, Int64(Int32.max) + 1, -(1 << 53) - 1])
    }
    if value >= 0 && random.chance(30) {
      let (prefix, radix) = random.pick([("0x", 16), ("0o", 8), ("0b", 2)])
      var digits = String(value, radix: radix, uppercase: random.chance(50))
      if random.chance(20) { digits = "00" + digits }
      return prefix + underscored(digits)
    }
    let sign = value < 0 ? "-" : random.pick(["", "", "", "+"])
    let magnitude = value == .min ? "9223372036854775808" : String(abs(value))
    if value == 0 && random.chance(30) { return random.pick(["-0", "+0"]) }
    return sign + underscored(magnitude)
  }

  /// The digits with an underscore between some of them.
  private mutating func underscored(_ digits: String) -> String {
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && random.chance(12) { out += "_" }
      out.append(digit)
    }
    return out
  }

  private mutating func float() -> String {
    switch random.int(0...9) {
    case 0:
      return random.pick([
        "inf", "+inf", "-inf", "nan", "+nan", "-nan", "-0.0", "+0.0", "0.0", "0e0", "-0e-0",
        "1e400", "-1e400", "1e-400", "5e-324", "2.4703282292062328e-324",
        "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623159e308",
        "9007199254740993.0", "0.1", "3.141_592_653_589_793_238_462_643_383_279", "1E5",
        "6.626e-34", "1e06", "1e-0_7",
      ])
    case 1...3:
      return Double(bitPattern: random.next()).description
    case 4:
      return Double.random(in: -1e6...1e6, using: &random).description
    default:
      let sign = random.pick(["", "", "+", "-"])
      let integerPart = random.chance(30) ? "0" : nonZeroDigits(random.int(1...20))
      let hasFraction = random.chance(70)
      var text = sign + underscored(integerPart)
      if hasFraction { text += "." + underscored(anyDigits(random.int(1...20))) }
      if !hasFraction || random.chance(40) {
        text += random.pick(["e", "E"]) + random.pick(["", "+", "-"])
        text += underscored(anyDigits(random.int(1...3)))
      }
      return text
    }
  }

  private mutating func nonZeroDigits(_ count: Int) -> String {
    String(random.int(1...9)) + anyDigits(count - 1)
  }

  private mutating func anyDigits(_ count: Int) -> String {
    var out = ""
    for _ in 0..<count { out += String(random.int(0...9)) }
    return out
  }

  private mutating func dateTime() -> String {
    let year = random.chance(20) ? random.pick([1, 9999, 1900, 2000, 2024]) : random.int(1...9999)
    var month = random.int(1...12)
    let daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var day = random.int(1...daysInMonth[month - 1])
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    if isLeap && random.chance(10) {
      month = 2
      day = 29
    }
    let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    var time = "\(pad(random.int(0...23), 2)):\(pad(random.int(0...59), 2))"
    time += ":\(pad(random.int(0...59), 2))"
    if random.chance(50) { time += "." + anyDigits(random.int(1...9)) }
    let separator = random.pick(["T", "t", " "])
    switch random.int(0...3) {
    case 0:
      let offset =
        random.chance(40)
        ? random.pick(["Z", "z"])
        : random.pick(["+", "-"]) + "\(pad(random.int(0...23), 2)):\(pad(random.int(0...59), 2))"
      return date + separator + time + offset
    case 1: return date + separator + time
    case 2: return date
    default: return time
    }
  }

  private func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
