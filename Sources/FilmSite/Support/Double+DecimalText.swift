extension Double {
  /// The number rounded to one decimal, as pages show a rating: `7.8`,
  /// `10.0`. The same in every locale; a number too large to round this way
  /// is written as Swift writes it.
  var oneDecimalText: String {
    guard isFinite, magnitude < 1e15 else { return description }
    let tenths = Int((self * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
  }
}
