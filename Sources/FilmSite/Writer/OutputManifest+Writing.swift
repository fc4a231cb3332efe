import FilmSiteSupport
import Foundation

/// Writing a manifest file. A large site's manifest has a line for each of
/// its 100,000 files or more, written at the end of its build, so its lines
/// are written as bytes and on every core.
extension OutputManifest {
  /// The manifest as a file: a header, the fingerprint, then one line per
  /// file: path, hash, size, time, input key and, for a film page, its index
  /// page patch, separated by tabs.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// ``text`` as UTF-8. A large site's manifest has a line for each of its
  /// files, written at the end of its build: those lines are written byte
  /// by byte, on every core, with no string made for each number.
  var bytes: [UInt8] {
    // The few header lines are made as text; only the files' lines are written byte by byte.
    var header = Self.header + "\n"
    if let fingerprint { header += Self.fingerprintPrefix + fingerprint.description + "\n" }
    if let pageCounts {
      let numbers = [
        pageCounts.indexPages, pageCounts.browsePages, pageCounts.hasSiteFiles ? 1 : 0,
      ]
      header += Self.pagesPrefix + numbers.map(String.init).joined(separator: " ") + "\n"
    }
    if let filmCounts {
      let cap = filmCounts.pageCap.map(String.init) ?? "-"
      header += Self.filmsPrefix + "\(filmCounts.films) \(filmCounts.duplicatesDropped) \(cap)\n"
    }
    if let userFilesScanned {
      header += Self.scannedPrefix + "\(userFilesScanned.seconds).\(userFilesScanned.nanoseconds)\n"
    }
    for path in kept { header += Self.keptPrefix + path + "\n" }
    // The files' lines are written on every core, a part of them each.
    let partSize = max(4096, paths.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
    let parts = stride(from: 0, to: paths.count, by: partSize).map {
      $0..<min($0 + partSize, paths.count)
    }
    let lines = parts.parallelMap { part in
      var out: [UInt8] = []
      out.reserveCapacity(part.count * 96)
      for index in part {
        appendLine(index, to: &out)
      }
      return out
    }
    var out: [UInt8] = []
    out.reserveCapacity(lines.reduce(header.utf8.count) { $0 + $1.count })
    out += header.utf8
    for part in lines { out += part }
    return out
  }

  /// The line of the file at `paths[index]`: path, hash, size, time, input
  /// key and, for a film page that has one, its index page patch.
  private func appendLine(_ index: Int, to out: inout [UInt8]) {
    var path = paths[index]
    let entry = entries.isEmpty ? nil : entries[index]
    path.withUTF8 { out.append(contentsOf: $0) }
    out.append(UInt8(ascii: "\t"))
    out.appendHex(entry?.hash ?? ContentHash(value: 0))
    out.append(UInt8(ascii: "\t"))
    out.appendDecimal(entry?.size ?? -1)
    out.append(UInt8(ascii: "\t"))
    if let modified = entry?.modified {
      out.appendDecimal(modified.seconds)
      out.append(UInt8(ascii: "."))
      out.appendDecimal(modified.nanoseconds)
    } else {
      out.append(UInt8(ascii: "-"))
    }
    out.append(UInt8(ascii: "\t"))
    if let key = entry?.key {
      out.appendHex(key)
    } else {
      out.append(UInt8(ascii: "-"))
    }
    if let patch = entry?.patch {
      out.append(UInt8(ascii: "\t"))
      patch.append(to: &out)
    }
    out.append(UInt8(ascii: "\n"))
  }
}
