import Foundation
import Testing

@testable import FilmSite

@Suite struct ProgramIdentityTests {
  /// A 64-bit little-endian ELF file's first bytes: its header, a loadable
  /// segment's program header and a notes segment's (aligned to `alignment`)
  /// holding `notes`, then the notes themselves.
  private static func elf(notes: [UInt8], alignment: UInt64 = 4) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 64)
    bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
    put(64, at: 0x20, size: 8, in: &bytes)
    put(56, at: 0x36, size: 2, in: &bytes)
    put(2, at: 0x38, size: 2, in: &bytes)
    let notesOffset: UInt64 = 64 + 2 * 56
    bytes += programHeader(type: 1, offset: 0, size: notesOffset, alignment: 0x1000)
    bytes += programHeader(
      type: 4, offset: notesOffset, size: UInt64(notes.count), alignment: alignment)
    return bytes + notes
  }

  private static func programHeader(type: UInt64, offset: UInt64, size: UInt64, alignment: UInt64)
    -> [UInt8]
  {
    var header = [UInt8](repeating: 0, count: 56)
    put(type, at: 0, size: 4, in: &header)
    put(offset, at: 8, size: 8, in: &header)
    put(size, at: 32, size: 8, in: &header)
    put(size, at: 40, size: 8, in: &header)
    put(alignment, at: 48, size: 8, in: &header)
    return header
  }

  /// A note: the sizes of its name and description, its type, and both, each padded to `padding`.
  private static func note(type: UInt64, name: [UInt8], description: [UInt8], padding: Int = 4)
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: 12)
    put(UInt64(name.count), at: 0, size: 4, in: &bytes)
    put(UInt64(description.count), at: 4, size: 4, in: &bytes)
    put(type, at: 8, size: 4, in: &bytes)
    for part in [name, description] {
      bytes += part
      bytes += [UInt8](repeating: 0, count: (padding - part.count % padding) % padding)
    }
    return bytes
  }

  private static func put(_ value: UInt64, at offset: Int, size: Int, in bytes: inout [UInt8]) {
    for index in 0..<size {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
    }
  }

  private static let gnu: [UInt8] = [0x47, 0x4E, 0x55, 0]
  private static let buildID: [UInt8] = (1...20).map { UInt8($0 * 11) }

  /// An ABI tag's note before the build ID's, as linkers write them.
  private static let notes =
    note(type: 1, name: gnu, description: [0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    + note(type: 3, name: gnu, description: buildID)

  @Test func theBuildIDIsFoundAmongTheNotes() {
    #expect(ProgramIdentity.buildID(inELF: Self.elf(notes: Self.notes)) == Self.buildID)
    // In a segment aligned to 8, names and descriptions are padded to 8.
    let wide =
      Self.note(
        type: 5, name: Self.gnu, description: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], padding: 8)
      + Self.note(type: 3, name: Self.gnu, description: Self.buildID, padding: 8)
    #expect(ProgramIdentity.buildID(inELF: Self.elf(notes: wide, alignment: 8)) == Self.buildID)
  }

  @Test func anotherOwnersNoteOrAnotherFileHasNoBuildID() {
    let other = Self.note(type: 3, name: Array("Go\0\0".utf8), description: Self.buildID)
    #expect(ProgramIdentity.buildID(inELF: Self.elf(notes: other)) == nil)
    #expect(ProgramIdentity.buildID(inELF: Self.elf(notes: [])) == nil)
    #expect(ProgramIdentity.buildID(inELF: Array("#!/bin/sh\necho filmsite\n".utf8)) == nil)
    // A 32-bit or big-endian file is not read.
    var thirtyTwo = Self.elf(notes: Self.notes)
    thirtyTwo[4] = 1
    #expect(ProgramIdentity.buildID(inELF: thirtyTwo) == nil)
    var bigEndian = Self.elf(notes: Self.notes)
    bigEndian[5] = 2
    #expect(ProgramIdentity.buildID(inELF: bigEndian) == nil)
  }

  @Test func aCutOrDamagedFileGivesNoneOrBytesOfItsOwn() {
    let whole = Self.elf(notes: Self.notes)
    // Cut anywhere before the build ID's last byte, the file has none that can be read.
    for length in 0..<whole.count {
      let found = ProgramIdentity.buildID(inELF: Array(whole.prefix(length)))
      #expect(found == nil, "cut at \(length)")
    }
    // A damaged header or note never traps, and what it finds is a run of the file's own bytes.
    var random = SplitMix64(seed: 0x0E1F_B11D)
    for round in 0..<4000 {
      var bytes = whole
      for _ in 0..<random.int(1...4) {
        let index = random.int(0...(bytes.count - 1))
        bytes[index] = random.chance(50) ? UInt8.random(in: 0...255, using: &random) : 0xFF
      }
      if let found = ProgramIdentity.buildID(inELF: bytes) {
        let isRunOfTheFile = (0...(bytes.count - found.count)).contains { start in
          bytes[start..<start + found.count].elementsEqual(found)
        }
        #expect(isRunOfTheFile && !found.isEmpty, "round \(round)")
      }
    }
  }

  @Test func theRunningProgramsBuildIDIsTheOneReadelfReads() throws {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let prefix = try FileSystem.contents(of: program, limit: ProgramIdentity.prefixLength)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["readelf", "--notes", "--wide", program]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "readelf (binutils) must be on PATH")
    let line = output.split(separator: "\n").first { $0.contains("Build ID:") }
    let readelfID = try #require(line?.split(separator: " ").last.map(String.init))
    let found = try #require(ProgramIdentity.buildID(inELF: prefix))
    #expect(found.map { String(format: "%02x", $0) }.joined() == readelfID)
  }

  @Test func theIdentityFollowsTheBuildIDOrElseEveryByte() throws {
    try Fixtures.withTemporaryDirectory { folder in
      func identity(_ bytes: [UInt8]) throws -> ContentHash {
        let path = folder + "/program"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return ProgramIdentity.identity(ofFileAt: path)
      }
      let program = Self.elf(notes: Self.notes) + Array(repeating: 0x90, count: 1000)
      var sameID = program
      sameID[sameID.count - 1] = 0xC3
      var otherID = program
      otherID[64 + 2 * 56 + 32 + 16 + 3] ^= 1
      let (first, same, other) = (
        try identity(program), try identity(sameID), try identity(otherID)
      )
      #expect(first == same)
      #expect(other != first)
      // Without a build ID, every byte counts.
      let script = Array("#!/bin/sh\necho filmsite\n".utf8)
      let (scriptIdentity, edited) = (
        try identity(script), try identity(script.dropLast() + Array("!".utf8))
      )
      #expect(scriptIdentity != edited)
      #expect(scriptIdentity != ContentHash(value: 0))
      #expect(ProgramIdentity.identity(ofFileAt: folder + "/missing") == ContentHash(value: 0))
    }
  }
}
