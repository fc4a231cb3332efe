/// The seal that ends the first line of a file FilmSite keeps beside the
/// output folder (the state, the rows): 16 hexadecimal digits of a hash of
/// every other byte of the file, so that a file changed by accident after it
/// was written, cut short or grown, is not read. It is no signature: whoever
/// edits such a file on purpose can seal it again.
enum HeaderSeal {
  /// What a file's first line ends with before it is sealed (``seal(_:)``).
  static let placeholder = String(repeating: "-", count: 16)

  /// Puts the seal of `bytes` in place of the 16 bytes that end their first
  /// line, written as ``placeholder``.
  static func seal(_ bytes: inout [UInt8]) {
    guard let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")), headerEnd >= 16 else {
      preconditionFailure("a sealed file starts with its header line")
    }
    var digits: [UInt8] = []
    digits.appendHex(hash(of: bytes, headerEnd: headerEnd))
    bytes.replaceSubrange((headerEnd - 16)..<headerEnd, with: digits)
  }

  /// Whether `bytes`, whose first line breaks at `headerEnd`, end that line
  /// with their seal, a field of its own (after a space).
  static func isSealed(_ bytes: [UInt8], headerEnd: Int) -> Bool {
    headerEnd >= 17 && bytes[headerEnd - 17] == UInt8(ascii: " ")
      && ContentHash(hexDigits: bytes[(headerEnd - 16)..<headerEnd])
        == hash(of: bytes, headerEnd: headerEnd)
  }

  /// The hash of every byte of `bytes` but the 16 that end the first line
  /// (whose line break is at `headerEnd`).
  private static func hash(of bytes: [UInt8], headerEnd: Int) -> ContentHash {
    bytes.withUnsafeBytes { raw in
      var hasher = ContentHasher()
      hasher.combine(ContentHash(UnsafeRawBufferPointer(rebasing: raw[..<(headerEnd - 16)])))
      hasher.combine(ContentHash(UnsafeRawBufferPointer(rebasing: raw[headerEnd...])))
      return hasher.finalize()
    }
  }
}
