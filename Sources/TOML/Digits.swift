/// The number in `radix`, uppercase, padded with leading zeros to `width` digits.
func digits(_ number: Int, _ width: Int, radix: Int = 10) -> String {
  let text = String(number, radix: radix, uppercase: true)
  return String(repeating: "0", count: max(0, width - text.count)) + text
}
