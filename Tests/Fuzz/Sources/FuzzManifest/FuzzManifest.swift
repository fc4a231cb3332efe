import FuzzSupport

@testable import FilmSite

/// The manifest reader. Whatever the bytes, every path it keeps stays inside
/// the output folder; a version 2 manifest it reads is written back as bytes
/// that read as the same manifest; and the no-op check's count
/// (``OutputManifest/countOfFilesAsWritten(in:header:partCount:_:)``) does not
/// depend on how many parts the lines are read in, and when it accepts every
/// line, the full reader finds the lines in FilmSite's order and as many files.
@main enum FuzzManifest {
  static func main() { FuzzDriver.run(fuzzManifest) }
}

/// Runs the target on one input.
private func fuzzManifest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let text = String(decoding: bytes, as: UTF8.self)
  let header = bytes.withUnsafeBytes { OutputManifest.header(of: $0) }
  guard let manifest = OutputManifest(bytes: bytes) else {
    FuzzCheck.require(header == nil, "a manifest header that the reader refuses: \(text)")
    return 0
  }
  guard let header else {
    FuzzCheck.require(false, "read as a manifest without a header: \(text)")
    return 0
  }
  FuzzCheck.require(
    manifest.paths.allSatisfy(OutputManifest.isSafeRelativePath),
    "a path that leaves the folder was kept: \(manifest.paths)")
  FuzzCheck.require(
    manifest.entries.isEmpty || manifest.entries.count == manifest.paths.count,
    "paths and entries differ in number: \(text)")

  let counts = [1, 2, 5].map {
    OutputManifest.countOfFilesAsWritten(in: bytes, header: header, partCount: $0) { _, _ in true }
  }
  FuzzCheck.require(
    Set(counts).count == 1, "the count depends on the parts: \(counts) for \(text)")
  if let counted = counts[0] {
    FuzzCheck.require(
      manifest.isInWrittenOrder && manifest.paths.count == counted,
      "the no-op check counts \(counted) files as written, the reader \(manifest.paths.count) "
        + "(in order: \(manifest.isInWrittenOrder)): \(text)")
  }

  guard !header.isVersion1 else { return 0 }
  let written = manifest.bytes
  guard let again = OutputManifest(bytes: written) else {
    FuzzCheck.require(false, "a written manifest cannot be read: \(text)")
    return 0
  }
  var expected = manifest
  expected.isInWrittenOrder = true
  FuzzCheck.require(
    again == expected, "written and read again, the manifest differs: \(text)")
  let writtenHeader = written.withUnsafeBytes { OutputManifest.header(of: $0) }
  FuzzCheck.require(
    writtenHeader.flatMap {
      OutputManifest.countOfFilesAsWritten(in: written, header: $0) { _, _ in true }
    } == manifest.paths.count,
    "the no-op check does not take a manifest as FilmSite writes it: \(text)")
  return 0
}
