/// One part of a dotted key, unescaped, with the position where it was written.
struct KeyPart {
  var text: String
  var position: TOMLPosition
}

extension [KeyPart] {
  /// The key as TOML would write it, in double quotes, for messages: `"a.b"`, `"site.'x y'"`.
  var quotedForMessage: String {
    "\"" + map { Self.written($0.text) }.joined(separator: ".") + "\""
  }

  private static func written(_ key: String) -> String {
    if !key.isEmpty && key.utf8.allSatisfy(isBareKeyByte) { return key }
    let plain = key.unicodeScalars.allSatisfy {
      $0 != "'" && $0.value >= 0x20 && $0.value != 0x7F
    }
    if plain { return "'" + key + "'" }
    var text = "\""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text += "\\u" + digits(Int(scalar.value), 4, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}

/// Whether the byte may appear in a bare key: `A-Z`, `a-z`, `0-9`, `_` and `-`.
func isBareKeyByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
    return true
  default:
    return false
  }
}
