import Foundation
import Testing

@testable import FilmSite

/// In documents made at random from the constructs notes use (lists, block
/// quotes, lazy and indented lines, headings, line breaks of every kind,
/// code spans, backticks no code span closes, inline HTML, tabs, non-ASCII
/// text, CRLF), every link to a film is reported at its own `[`, `!` or `<`:
/// what follows the place reported is the link as the document wrote it.
/// (Line and column together: a `[` or `<` elsewhere on the line is not enough.)
///
/// Each document comes from its own seed, so a failure names the seed that
/// makes it again.
@Suite struct MarkdownLinkPlacementTests {
  /// How many documents are checked; `FILMSITE_PLACEMENT_DOCUMENTS` sets
  /// another number for a longer run by hand.
  private static let documents =
    max(
      1,
      ProcessInfo.processInfo.environment["FILMSITE_PLACEMENT_DOCUMENTS"].flatMap { Int($0) }
        ?? 4_000)
  private static let words = [
    "film", "Amélie", "🎬", "ß", "*em*", "**strong**", "`code`", "``a`b``", "x\ty", "a_b",
    "&amp;", "\\*", "<b>", "<span\nx>", "`multi\nline`", "*a\nb*", "\u{0}", "[ref]", "[x][ref]",
  ]
  private static let texts = [
    "x", "Rear\nWindow", "a *b\nc* d", "`c`", "``c", "\\`c", "[x]", "<", "*e*", "![i](p.png)",
    "\nx", "a  \nb",
    "a\\\nb",
  ]
  /// Each block's first line, and what may start its later lines.
  private static let blocks: [(first: String, later: [String])] = [
    ("", ["", " ", "   ", "\t"]), ("- ", ["  ", " ", "", "   ", "\t"]),
    ("1. ", ["   ", "", "  "]), ("> ", [">", "> ", ">  ", "", ">\t"]),
    ("> > ", ["> >", ">", "> > ", "", ">>"]), ("> - ", [">   ", ">  ", ">", ""]),
    ("-\t", ["\t", "  ", ""]), ("- a\n  - ", ["    ", "  ", ""]), ("## ", []), ("  # ", []),
  ]

  private static func link(_ random: inout some RandomNumberGenerator) -> String {
    let destination = "film:\(Int.random(in: 1...999, using: &random))"
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return "<\(destination)>"
    case 1: return "![alt](\(destination))"
    case 2: return "[\(texts.randomElement(using: &random) ?? "")](\(destination) \"t\")"
    case 3: return "[ref]"
    default: return "[\(texts.randomElement(using: &random) ?? "")](\(destination))"
    }
  }

  private static func line(_ random: inout some RandomNumberGenerator) -> String {
    var parts = (0..<Int.random(in: 0...4, using: &random)).map { _ in
      words.randomElement(using: &random) ?? ""
    }
    parts.insert(link(&random), at: Int.random(in: 0...parts.count, using: &random))
    return parts.joined(separator: " ")
      + (["", "", "  ", "\\"].randomElement(using: &random) ?? "")
  }

  private static func document(_ random: inout some RandomNumberGenerator) -> String {
    var lines: [String] = []
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let block = blocks.randomElement(using: &random) ?? blocks[0]
      let count = block.later.isEmpty ? 1 : Int.random(in: 1...4, using: &random)
      for index in 0..<count {
        let start = index == 0 ? block.first : block.later.randomElement(using: &random) ?? ""
        lines.append(start + line(&random))
      }
      lines.append("")
    }
    lines.append("[ref]: film:7")
    let text = lines.joined(separator: "\n")
    return Bool.random(using: &random) ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
  }

  /// The document's lines as Unicode scalars, split where cmark splits them.
  private static func lines(of document: String) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = [[]]
    var afterCR = false
    for scalar in document.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        if !(scalar == "\n" && afterCR) { lines.append([]) }
        afterCR = scalar == "\r"
        continue
      }
      afterCR = false
      lines[lines.count - 1].append(scalar)
    }
    return lines
  }

  /// Whether the document's text from `column` of `line` (lines as
  /// ``lines(of:)`` splits them, joined again with `\n`) is a link the
  /// documents write to `destination`.
  private static func startsLink(
    to destination: String, at line: Int, _ column: Int, in lines: [[Unicode.Scalar]]
  ) -> Bool {
    guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count else {
      return false
    }
    var rest = String.UnicodeScalarView(lines[line - 1][(column - 1)...])
    for later in lines[line...] {
      rest.append("\n")
      rest.append(contentsOf: later)
    }
    let forms =
      ["<\(destination)>", "![alt](\(destination))"] + texts.map { "[\($0)](\(destination)" }
      + (destination == "film:7" ? ["[ref]", "[x][ref]"] : [])
    if forms.contains(where: { rest.starts(with: $0.unicodeScalars) }) { return true }
    // Backticks no code span closed in one link's text can open a code span
    // that runs to a later link's, and make one link of the two, which starts
    // at the first `[` and goes to the second destination in the same paragraph.
    guard rest.first == "[" else { return false }
    let paragraph = String(rest).components(separatedBy: "\n\n")[0]
    return paragraph.contains("](\(destination)")
  }

  @Test func everyLinkIsReportedAtItsFirstCharacter() {
    var checked = 0
    for seed in 0..<Self.documents {
      var random = SplitMix64(seed: UInt64(seed))
      let document = Self.document(&random)
      let lines = Self.lines(of: document)
      var links: [MarkdownLink] = []
      _ = try? MarkdownRenderer().html(from: document) { link in
        links.append(link)
        return "../x/"
      }
      for link in links {
        #expect(
          Self.startsLink(to: link.destination, at: link.line, link.column, in: lines),
          "seed \(seed): \(link.line):\(link.column) \(link.destination) in \(document.debugDescription)"
        )
      }
      checked += links.count
    }
    #expect(checked > Self.documents * 5 / 2)
  }
}
