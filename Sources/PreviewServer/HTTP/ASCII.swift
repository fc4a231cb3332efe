/// Byte classes of HTTP's grammar (RFC 9110 and 9112).
extension UInt8 {
  static let cr = UInt8(ascii: "\r")
  static let lf = UInt8(ascii: "\n")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let colon = UInt8(ascii: ":")
  static let comma = UInt8(ascii: ",")
  static let slash = UInt8(ascii: "/")

  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isBlank: Bool { self == .space || self == .tab }
  /// Printable ASCII other than space: what a request target may hold.
  var isVisibleASCII: Bool { self > 0x20 && self < 0x7F }
  /// A field value's bytes: visible ASCII, blanks and bytes above 0x7F, no controls.
  var isFieldValueCharacter: Bool { isBlank || (self > 0x20 && self != 0x7F) }
  var asciiLowercased: UInt8 {
    self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self + 0x20 : self
  }

  /// A `tchar` of RFC 9110: what method and field names are made of.
  var isTokenCharacter: Bool {
    switch self {
    // Letters, digits and !#$%&'*+-.^_`|~
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E,
      0x5E...0x60, 0x7C, 0x7E:
      return true
    default:
      return false
    }
  }
}
