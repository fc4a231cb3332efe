import FilmSiteSupport
import Foundation

/// Writing a state: its header (sealed: ``HeaderSeal``), one line a film and
/// one a term, and the escaping of a name, which ``SiteState``'s reading undoes.
extension SiteState {
  /// The bytes of a state of `records`, one for each film in the source's
  /// order, the `terms` of each of ``keptKinds``, in the taxonomy's order,
  /// and the search index's chunks, when the build has them, with the key
  /// theirs start from.
  static func bytes(
    fingerprint: ContentHash, settings: ContentHash, filmsKey: ContentHash, pageSite: ContentHash,
    filmTemplate: KeptFilmTemplate? = nil, files: Int, records: [Record], terms: [[TermName]],
    search: (site: ContentHash, chunks: [SearchChunk])? = nil
  ) -> [UInt8] {
    bytes(
      fingerprint: fingerprint, settings: settings, filmsKey: filmsKey, pageSite: pageSite,
      filmTemplate: filmTemplate, files: files, filmCount: records.count, terms: terms,
      search: search
    ) { offset, bytes in
      appendLine(of: records[offset], cast: terms[castKind], to: &bytes)
    }
  }

  /// The bytes of a state of `filmCount` films whose lines `filmLine` writes,
  /// each by the film's offset in the source's order, with its line break
  /// (``appendLine(of:cast:linksDigest:to:)``, or ``appendFilmLine(at:to:)`` of the last
  /// state, whose line a film that did not change keeps), and the rest as
  /// ``bytes(fingerprint:settings:filmsKey:pageSite:filmTemplate:files:records:terms:search:)``
  /// writes it. The lines are written a run of films at a time, on every core.
  static func bytes(
    fingerprint: ContentHash, settings: ContentHash, filmsKey: ContentHash, pageSite: ContentHash,
    filmTemplate: KeptFilmTemplate? = nil, files: Int, filmCount: Int, terms: [[TermName]],
    search: (site: ContentHash, chunks: [SearchChunk])? = nil,
    filmLine: @Sendable (_ offset: Int, _ bytes: inout [UInt8]) -> Void
  ) -> [UInt8] {
    precondition(terms.count == keptKinds.count)
    let header = header(
      fingerprint: fingerprint, settings: settings, filmsKey: filmsKey, pageSite: pageSite,
      filmTemplate: filmTemplate, files: files, count: filmCount,
      termCount: terms.reduce(0) { $0 + $1.count },
      searchSite: search?.site, searchCount: search?.chunks.count ?? 0)
    // Every term, kind by kind, by its place among them all.
    let allTerms = terms.enumerated().flatMap { kindIndex, kindTerms in
      kindTerms.map { (kindIndex: kindIndex, term: $0) }
    }
    let chunks = search?.chunks ?? []
    // A film's line is about 240 bytes, a term's about 35. A run is about an
    // eighth of a core's share of the films (as `parallelMap` cuts its work),
    // so that a small site's lines are written on every core too.
    let filmRun = max(64, min(1024, filmCount / (ProcessInfo.processInfo.activeProcessorCount * 8)))
    let filmLines = runs(count: filmCount, length: filmRun, lineBytes: 256, filmLine)
    let termLines = runs(count: allTerms.count, length: 4096, lineBytes: 48) { index, bytes in
      let (kindIndex, term) = allTerms[index]
      bytes.append(UInt8(ascii: "0") + UInt8(kindIndex))
      bytes.append(UInt8(ascii: " "))
      bytes += term.slug.utf8
      bytes.append(UInt8(ascii: " "))
      appendEscaped(term.name, to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    // A chunk's line holds hundreds of films' positions, and a common word's thousands.
    let chunkLines = runs(count: chunks.count, length: 32) { index, bytes in
      appendLine(of: chunks[index], to: &bytes)
    }
    var bytes = joined(header, filmLines + termLines + chunkLines)
    HeaderSeal.seal(&bytes)
    return bytes
  }

  /// The lines of `count` items, each written by `line`: a large site's
  /// state is tens of megabytes, so they are written on every core, in runs
  /// of `length` items, which ``joined(_:_:)`` puts one after another.
  /// - Parameter lineBytes: About how long a line is: each run is given
  ///   room for that many bytes a line at once, rather than grown through a
  ///   dozen copies to fresh memory.
  static func runs(
    count: Int, length: Int, lineBytes: Int = 0,
    _ line: @Sendable (_ index: Int, _ bytes: inout [UInt8]) -> Void
  ) -> [[UInt8]] {
    Array(stride(from: 0, to: count, by: length)).parallelMap { first in
      var bytes: [UInt8] = []
      bytes.reserveCapacity(min(length, count - first) * lineBytes)
      for index in first..<min(first + length, count) { line(index, &bytes) }
      return bytes
    }
  }

  /// `header`, then each of `runs` in turn.
  static func joined(_ header: [UInt8], _ runs: [[UInt8]]) -> [UInt8] {
    var bytes = header
    bytes.reserveCapacity(header.count + runs.reduce(0) { $0 + $1.count })
    for run in runs { bytes.append(contentsOf: run) }
    return bytes
  }

  /// A record's line, with its line break: its links' names are its terms,
  /// written by their ranks, and its actors by the ranks of their pages
  /// among the `cast`'s terms (``fields(at:)``).
  /// - Parameter linksDigest: The digest of the record's links, when the
  ///   caller made it already; made here otherwise.
  static func appendLine(
    of record: Record, cast: [TermName], linksDigest: ContentHash? = nil, to bytes: inout [UInt8]
  ) {
    appendStart(
      film: record.film, footprint: record.footprint, source: record.source,
      mark: mark(inFeed: record.inFeed, warned: record.warned, leftOut: record.leftOut),
      to: &bytes)
    bytes.appendHex(linksDigest ?? record.links.digest)
    bytes.append(UInt8(ascii: " "))
    appendPlace(
      position: record.position, route: record.route,
      forEachRank: { kind, body in
        if kind < record.ranks.count { record.ranks[kind].forEach(body) }
      },
      indexPage: record.links.indexPage, indexPath: record.links.indexPath, to: &bytes)
    for (index, actor) in record.links.actors.enumerated() {
      // An actor with a page but no rank (none in a build's links) is written with none.
      if index > 0 { bytes.append(UInt8(ascii: "\t")) }
      guard let rank = actor.rank else {
        bytes.append(UInt8(ascii: ":"))
        appendEscaped(actor.name, to: &bytes)
        continue
      }
      if Int(rank) < cast.count, ScalarOrder.isSame(cast[Int(rank)].name, actor.name) {
        bytes.append(UInt8(ascii: "="))
        bytes.appendDecimal(Int(rank))
      } else {
        bytes.appendDecimal(Int(rank))
        bytes.append(UInt8(ascii: ":"))
        appendEscaped(actor.name, to: &bytes)
      }
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// A line's fields from its place to its index page's path, a space after
  /// each: its place in the site's order, its route, the ranks of its names
  /// of each of ``keptKinds`` (`forEachRank` calls its body with each of a
  /// kind's, by the kind's place there), and its index page.
  static func appendPlace(
    position: Int, route: Route,
    forEachRank: (_ kind: Int, _ body: (Int32) -> Void) -> Void, indexPage: Int,
    indexPath: String, to bytes: inout [UInt8]
  ) {
    bytes.appendDecimal(position)
    bytes.append(UInt8(ascii: " "))
    // The route's description, a `/` after each component.
    for component in route.components {
      bytes += component.utf8
      bytes.append(UInt8(ascii: "/"))
    }
    bytes.append(UInt8(ascii: " "))
    for kind in keptKinds.indices {
      var isFirst = true
      forEachRank(kind) { rank in
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        bytes.appendDecimal(Int(rank))
        isFirst = false
      }
      bytes.append(UInt8(ascii: "/"))
    }
    bytes.append(UInt8(ascii: " "))
    bytes.appendDecimal(indexPage)
    bytes.append(UInt8(ascii: " "))
    bytes += indexPath.utf8
    bytes.append(UInt8(ascii: " "))
  }

  /// The rest of the line of the film at `offset`, after its start
  /// (``appendStart(film:footprint:source:mark:to:)``), for a build whose
  /// plan gives the film the links the line records
  /// (``keptLinksDigest(at:castCount:castPlaces:added:)``): the links'
  /// digest as it is, the film's place now (as ``appendPlace(position:route:forEachRank:indexPage:indexPath:to:)``
  /// takes it), and its actors with their pages' ranks moved to
  /// `castPlaces` (each recorded rank's place now, or `nil` when none moved),
  /// and the line break. It is the line ``appendLine(of:cast:linksDigest:to:)`` writes of
  /// the film's record with its links made, without making them. `false`,
  /// with nothing written, if its fields or its actors' ranks cannot be
  /// read, or it names a term that went.
  func appendKeptLinks(
    fromLineAt offset: Int, position: Int, route: Route,
    forEachRank: (_ kind: Int, _ body: (Int32) -> Void) -> Void, indexPage: Int,
    indexPath: String, castPlaces: [Int32]?, to out: inout [UInt8]
  ) -> Bool {
    guard let actors = fieldRanges(at: offset)?.actors else { return false }
    let (start, line) = (out.count, lines[offset])
    out.append(
      contentsOf: bytes[line.lowerBound + Self.linksStart..<line.lowerBound + Self.placeStart])
    Self.appendPlace(
      position: position, route: route, forEachRank: forEachRank, indexPage: indexPage,
      indexPath: indexPath, to: &out)
    guard let castPlaces else {
      out.append(contentsOf: bytes[actors])
      out.append(UInt8(ascii: "\n"))
      return true
    }
    func placed(_ rank: Int32) -> Int? {
      Int(rank) < castPlaces.count && castPlaces[Int(rank)] >= 0 ? Int(castPlaces[Int(rank)]) : nil
    }
    var isFirst = true
    let isWhole = Self.forEachActorEntry(in: bytes[actors]) { entry in
      if !isFirst { out.append(UInt8(ascii: "\t")) }
      isFirst = false
      switch entry {
      case .term(let rank, _):
        guard let placed = placed(rank) else { return false }
        out.append(UInt8(ascii: "="))
        out.appendDecimal(placed)
      case .spelt(let rank, let colon, let entry):
        guard let placed = placed(rank) else { return false }
        out.appendDecimal(placed)
        out.append(contentsOf: entry[colon...])
      case .noPage(let name):
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: name)
      }
      return true
    }
    guard isWhole else {
      out.removeSubrange(start...)
      return false
    }
    out.append(UInt8(ascii: "\n"))
    return true
  }

  /// A line's start: its three hashes (16 `-` for no source) and its mark, a space after each.
  static func appendStart(
    film: ContentHash, footprint: ContentHash, source: ContentHash?, mark: UInt8,
    to bytes: inout [UInt8]
  ) {
    bytes.appendHex(film)
    bytes.append(UInt8(ascii: " "))
    bytes.appendHex(footprint)
    bytes.append(UInt8(ascii: " "))
    if let source {
      bytes.appendHex(source)
    } else {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: 16))
    }
    bytes.append(UInt8(ascii: " "))
    bytes.append(mark)
    bytes.append(UInt8(ascii: " "))
  }

  static func header(
    fingerprint: ContentHash, settings: ContentHash, filmsKey: ContentHash, pageSite: ContentHash,
    filmTemplate: KeptFilmTemplate?, files: Int, count: Int, termCount: Int,
    searchSite: ContentHash?, searchCount: Int
  ) -> [UInt8] {
    var header = Array(
      "\(formatLine) \(fingerprint) \(settings) \(filmsKey) \(pageSite) \(files) \(count) \(termCount) \(searchSite?.description ?? "-") \(searchCount) "
        .utf8)
    if let filmTemplate {
      filmTemplate.append(to: &header)
    } else {
      header += "- -".utf8
    }
    header += " \(HeaderSeal.placeholder)\n".utf8
    return header
  }

  /// A name as a line writes it: a backslash, a line break and a tab each
  /// escaped with a backslash, so a name is always one line and one field.
  static func appendEscaped(_ name: String, to bytes: inout [UInt8]) {
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      default: bytes.append(byte)
      }
    }
  }

  static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
    // Most names have nothing escaped: their bytes are the text's.
    guard bytes.contains(UInt8(ascii: "\\")) else {
      return String(validating: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var escaped = false
    for byte in bytes {
      if escaped {
        switch byte {
        case UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
        default: return nil
        }
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        out.append(byte)
      }
    }
    guard !escaped else { return nil }
    return String(validating: out, as: UTF8.self)
  }

  /// These bytes for the site of `fingerprint`, with each of `updates`
  /// (sorted by offset) given its film's new hash and marks, and, when
  /// `sources` is given (one for each film), every film's source hash; an
  /// updated line without one keeps none: what a ``FilmPageRebuild``
  /// leaves. Footprints, feed marks, links, places and routes are copied as
  /// they are. A rebuild after an edit of the film template's text
  /// (``FilmTemplateEdit``) gives its `settings`, film pages' key and
  /// template; the others keep these.
  func bytes(
    fingerprint: ContentHash, updates: [Update], sources: [ContentHash]?,
    settings newSettings: (
      all: ContentHash, pageSite: ContentHash, filmTemplate: KeptFilmTemplate
    )? = nil
  ) -> [UInt8] {
    let updated = Dictionary(
      updates.map { ($0.offset, $0) }, uniquingKeysWith: { first, _ in first })
    let header = Self.header(
      fingerprint: fingerprint, settings: newSettings?.all ?? settings, filmsKey: filmsKey,
      pageSite: newSettings?.pageSite ?? pageSite,
      filmTemplate: newSettings?.filmTemplate ?? filmTemplate, files: files, count: lines.count,
      termCount: termLines.count, searchSite: searchSite,
      searchCount: searchLines.count)
    var out = Self.joined(
      header,
      Self.runs(count: lines.count, length: 1024, lineBytes: 256) { offset, out in
        appendLine(at: offset, update: updated[offset], source: sources?[offset], to: &out)
      })
    // The films keep their places, and their words: the terms and the chunks are the same.
    if let first = (termLines.first ?? searchLines.first),
      let last = searchLines.last ?? termLines.last
    {
      out += bytes[first.lowerBound..<last.upperBound + 1]
    }
    HeaderSeal.seal(&out)
    return out
  }

  /// The line at `offset` with its line break, given `update` and `source`
  /// when there are; copied as it is when neither changes it.
  private func appendLine(
    at offset: Int, update: Update?, source: ContentHash?, to out: inout [UInt8]
  ) {
    let line = lines[offset]
    guard update != nil || (source != nil && source != sourceHash(at: offset)) else {
      out.append(contentsOf: bytes[line])
      out.append(UInt8(ascii: "\n"))
      return
    }
    let start = line.lowerBound
    let film = update?.film ?? filmHash(at: offset) ?? ContentHash(value: 0)
    let footprint = footprint(at: offset) ?? ContentHash(value: 0)
    let mark = Self.mark(
      inFeed: isInFeed(at: offset), warned: update?.warned ?? hasWarned(at: offset),
      leftOut: update?.leftOut ?? hasLeftOut(at: offset))
    // Without the bytes' hash, a line the rebuild updated keeps none: the
    // last hash named other bytes than the film's now, and a record found by
    // it would vouch for the film's order, names and marks. Its links are the same.
    Self.appendStart(film: film, footprint: footprint, source: source, mark: mark, to: &out)
    out.append(contentsOf: bytes[start + Self.linksStart..<line.upperBound])
    out.append(UInt8(ascii: "\n"))
  }
}
