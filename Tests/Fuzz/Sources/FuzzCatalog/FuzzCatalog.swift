import Foundation
import FuzzSupport

@testable import FilmCatalog

/// The catalog reader, differentially: whenever the fast reader
/// (``FilmJSONReader``) accepts bytes, the reference path (the syntax checker,
/// then Foundation's decoder) accepts them too and gives the same films and
/// page count; read in parts, the fast reader gives what it gives in one piece;
/// the snapshot writer writes those films as Foundation's encoder does, and they
/// read back unchanged. Whatever the reference path rejects, it rejects with a
/// line and column inside the input, or with a film and field.
@main enum FuzzCatalog {
  static func main() { FuzzDriver.run(fuzzCatalog) }
}

/// Runs the target on one input.
private func fuzzCatalog(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let data = Data(bytes)
  let reference = Result { try CatalogDecoder.decodeWithFoundation(data, file: "fuzz.json") }
  if case .failure(let error) = reference { checkPositioned(error, in: bytes) }

  guard let fast = FilmJSONReader.read(data) else { return 0 }
  let text = String(decoding: bytes, as: UTF8.self)
  FuzzCheck.require(
    JSONSyntaxChecker.firstError(in: bytes) == nil,
    "the fast reader took JSON the syntax checker rejects: \(text)")
  switch reference {
  case .success(let page):
    FuzzCheck.require(page.films == fast.films, "the paths read different films: \(text)")
    FuzzCheck.require(
      page.totalPages == fast.totalPages, "the paths read different total_pages: \(text)")
  case .failure(let error):
    FuzzCheck.require(false, "the fast reader took what the reference rejects (\(error)): \(text)")
  }
  // Small parts, so that even a short list is read on several threads from guessed starts;
  // their size changes with the input's, so that the guesses fall in other places.
  let partBytes = 1 + count % 16
  FuzzCheck.require(
    FilmJSONReader.read(data, partBytes: partBytes) == fast,
    "read in parts of \(partBytes) bytes, the films differ: \(text)")
  checkCatalogFile(data, films: fast.films, text: text)
  checkSnapshotRoundTrip(fast.films, text: text)
  return 0
}

/// A syntax error names a line and column inside the input.
private func checkPositioned(_ error: any Error, in bytes: [UInt8]) {
  guard let error = error as? CatalogError else {
    FuzzCheck.require(false, "the reference path threw \(error), not a CatalogError")
    return
  }
  guard case .malformedJSON(let line, let column, _) = error.reason else { return }
  let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  FuzzCheck.require(
    (1...lines).contains(line) && column >= 1 && column <= bytes.count + 1,
    "\(error) is outside the input's \(lines) lines")
}

/// A catalog file gives the same films by either of its paths, and the same credit.
private func checkCatalogFile(_ data: Data, films: [Film], text: String) {
  guard let contents = try? CatalogFile(path: "fuzz.json", bytes: data).decode() else {
    FuzzCheck.require(false, "a catalog file of JSON the fast reader takes fails: \(text)")
    return
  }
  FuzzCheck.require(contents.films == films, "the catalog file reads other films: \(text)")
  FuzzCheck.require(
    contents.attribution == CatalogSnapshot.attribution(inCatalog: data),
    "the header's credit differs from the whole document's: \(text)")
}

/// A snapshot of the films has Foundation's bytes and reads back as the same films.
private func checkSnapshotRoundTrip(_ films: [Film], text: String) {
  let snapshot = CatalogSnapshot(
    films: films, query: "q", source: "https://example.com/",
    pulledAt: Date(timeIntervalSince1970: 1_764_430_000))
  let written: Data
  do {
    written = try snapshot.data()
  } catch {
    // Only a non-finite number is refused, and JSON cannot spell one.
    FuzzCheck.require(false, "the snapshot of films read from JSON cannot be written: \(text)")
    return
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  if var reference = try? encoder.encode(snapshot) {
    reference.append(UInt8(ascii: "\n"))
    FuzzCheck.require(written == reference, "the snapshot differs from Foundation's: \(text)")
  }
  FuzzCheck.require(
    FilmJSONReader.read(written)?.films == films, "the snapshot reads back differently: \(text)")
}
