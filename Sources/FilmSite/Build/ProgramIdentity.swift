/// What names the running program in every build's fingerprint and page
/// key, so that a new FilmSite renders again even when nothing else changed.
///
/// It is the GNU build ID the linker wrote into the program (a hash the
/// linker makes of the file it links), read from the first pages of
/// `/proc/self/exe`; for a program without one, the hash of the whole file.
/// Hashing the whole file (12 MB for a release build) was a fixed cost of
/// every build, the up-to-date one included.
enum ProgramIdentity {
  /// The running program's identity.
  static let current: ContentHash = identity(ofFileAt: "/proc/self/exe")

  /// How much of the file is read to find its build ID: the notes come
  /// right after the ELF header and the program headers.
  static let prefixLength = 64 << 10

  /// The identity of the program in the file at `path`: its build ID's hash,
  /// or the whole file's when it has none; the zero hash when it cannot be read.
  static func identity(ofFileAt path: String) -> ContentHash {
    if let prefix = try? FileSystem.contents(of: path, limit: prefixLength),
      let buildID = buildID(inELF: prefix)
    {
      var hasher = ContentHasher()
      hasher.combine("gnu-build-id")
      hasher.combine(buildID.count)
      hasher.combine(buildID.withUnsafeBytes(ContentHash.init))
      return hasher.finalize()
    }
    guard let bytes = try? FileSystem.contents(of: path) else { return ContentHash(value: 0) }
    var hasher = ContentHasher()
    hasher.combine("whole-file")
    hasher.combine(bytes.withUnsafeBytes(ContentHash.init))
    return hasher.finalize()
  }

  /// The GNU build ID in the notes of a 64-bit little-endian ELF file whose
  /// first bytes are `bytes`; `nil` for any other file, a damaged one, or
  /// one whose notes lie beyond `bytes`.
  static func buildID(inELF bytes: [UInt8]) -> [UInt8]? {
    let reader = LittleEndianReader(bytes: bytes)
    // `\x7fELF`, 64-bit, little-endian.
    guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]),
      let headersOffset = reader.integer(at: 0x20, size: 8),
      let headerSize = reader.integer(at: 0x36, size: 2),
      let headerCount = reader.integer(at: 0x38, size: 2),
      headerSize >= 56
    else { return nil }
    for index in 0..<headerCount {
      let header = headersOffset + index * headerSize
      // Each program header: its type, flags, file offset, addresses, file size, memory size, alignment.
      guard let type = reader.integer(at: header, size: 4) else { return nil }
      guard type == noteSegment else { continue }
      guard let offset = reader.integer(at: header + 8, size: 8),
        let size = reader.integer(at: header + 32, size: 8),
        let alignment = reader.integer(at: header + 48, size: 8)
      else { return nil }
      if let found = buildID(inNotes: offset, size: size, alignment: alignment, of: reader) {
        return found
      }
    }
    return nil
  }

  /// `PT_NOTE`: a program header of notes.
  private static let noteSegment = 4
  /// `NT_GNU_BUILD_ID`, the type of the build ID's note (owned by `GNU`).
  private static let buildIDNote = 3

  /// The build ID among the notes at `offset`, `size` bytes long, each
  /// part padded to `alignment` (8 in a segment aligned to 8, else 4).
  private static func buildID(
    inNotes offset: Int, size: Int, alignment: Int, of reader: LittleEndianReader
  ) -> [UInt8]? {
    let padding = alignment == 8 ? 8 : 4
    guard size <= reader.bytes.count, offset <= reader.bytes.count - size else { return nil }
    let end = offset + size
    var note = offset
    // Each note: the sizes of its name and description, its type, its name, its description.
    while note + 12 <= end {
      guard let nameSize = reader.integer(at: note, size: 4),
        let descriptionSize = reader.integer(at: note + 4, size: 4),
        let type = reader.integer(at: note + 8, size: 4)
      else { return nil }
      let name = note + 12
      let description = name + padded(nameSize, to: padding)
      let next = description + padded(descriptionSize, to: padding)
      guard description + descriptionSize <= end else { return nil }
      if type == buildIDNote, nameSize == 4,
        reader.bytes[name..<name + 4].elementsEqual([0x47, 0x4E, 0x55, 0]), descriptionSize > 0
      {
        return Array(reader.bytes[description..<description + descriptionSize])
      }
      note = next
    }
    return nil
  }

  /// `size` rounded up to a multiple of `padding`.
  private static func padded(_ size: Int, to padding: Int) -> Int {
    (size + padding - 1) / padding * padding
  }

  /// Unsigned little-endian integers read from bytes, checked against their end.
  private struct LittleEndianReader {
    let bytes: [UInt8]

    /// The integer of `size` bytes at `offset`; `nil` when it lies beyond
    /// the bytes, or does not fit an `Int` (a damaged file's offset).
    func integer(at offset: Int, size: Int) -> Int? {
      guard offset >= 0, offset <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
      return value <= UInt64(Int32.max) ? Int(value) : nil
    }
  }
}
