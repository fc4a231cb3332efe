import FilmSiteSupport
import FuzzSupport

@testable import FilmSite

/// The template parser and renderer. The first byte picks one of the theme's
/// schemas and the language (HTML or Markdown), the second the values; the
/// rest is the template. Any template either loads or fails with a line and
/// column inside it. One that loads renders any context: rendered for a page,
/// or prerendered and filled for that page, it gives the same bytes, valid
/// UTF-8; and unless it inserts a value unescaped (`{{{…}}}`), no value's
/// markup reaches the output. That last check renders the page twice, with
/// values that hold markup and with the same values holding plain letters in
/// its place: the template's own text may spell the markup (`<{{.}}i>` around
/// an empty value does), but only a value can make the first output spell it
/// more often than the second.
@main enum FuzzTemplate {
  static func main() { FuzzDriver.run(fuzzTemplate) }
}

/// Runs the target on one input.
private func fuzzTemplate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let choice = input.byte()
  let seed = Int(input.byte())
  let (file, schema) = Theme.Schemas.all[Int(choice & 0x7F) % Theme.Schemas.all.count]
  let language: TemplateLanguage = choice & 0x80 == 0 ? .html : .markdown
  let source = String(decoding: input.rest(), as: UTF8.self)
  let template: Template
  do {
    template = try Template(source: source, file: file, language: language, schema: schema)
  } catch {
    checkPositioned(error, in: Array(source.utf8))
    return 0
  }
  FuzzCheck.require(
    template.names.allSatisfy { $0 == "." || schema.knows($0) },
    "a template loaded with a placeholder its schema lacks: \(source)")

  var values = ValueMaker(seed: seed, markup: ValueMaker.markup)
  let context = values.context(for: schema, depth: 0)
  var plainValues = ValueMaker(seed: seed, markup: ValueMaker.plainMarkup)
  let plainContext = plainValues.context(for: schema, depth: 0)
  let prerendered = template.prerender(context, within: [:])
  for page in pages {
    var rendered: [UInt8] = []
    template.render(context, for: page, into: &rendered)
    var filled: [UInt8] = []
    prerendered.fill(with: HoleFilling.Prepared(page), into: &filled)
    FuzzCheck.require(
      rendered == filled, "prerendered and filled, the template differs: \(source)")
    FuzzCheck.require(
      rendered.withUnsafeBufferPointer(UTF8Validation.isValid), "the output is not UTF-8: \(source)"
    )
    if !source.utf8.contains(utf8: "{{{") {
      var plain: [UInt8] = []
      template.render(plainContext, for: page, into: &plain)
      FuzzCheck.require(
        rendered.occurrences(ofUTF8: ValueMaker.markup)
          == plain.occurrences(ofUTF8: ValueMaker.markup),
        "a value's markup reached the output: \(source)")
    }
  }
  return 0
}

/// The pages a template is rendered for: one two folders down, and one whose
/// links start from a base URL that needs escaping.
private let pages = [
  HoleFilling(route: Route(["films", "1-x"])),
  HoleFilling(linkBase: "https://example.com/<i>?a=1&b=\"2\"/"),
]

/// A syntax error names a line and column inside the template.
private func checkPositioned(_ error: any Error, in source: [UInt8]) {
  guard let error = error as? TemplateError else {
    FuzzCheck.require(false, "the parser threw \(error), not a TemplateError")
    return
  }
  let lines = source.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  FuzzCheck.require(
    (1...lines).contains(error.line) && error.column >= 1 && error.column <= source.count + 1,
    "\(error) is outside the template's \(lines) lines")
}

extension TemplateSchema {
  /// Whether a placeholder of this name is known here or in a list's items, at any depth.
  fileprivate func knows(_ name: String) -> Bool {
    fields.contains { field, items in field == name || (items?.knows(name) ?? false) }
  }
}

/// Values for every placeholder of a schema, chosen by a seed: text with
/// markup, empty text, absent values, holes, and lists of up to two items.
private struct ValueMaker {
  /// What a value holds and no value may bring into a page unescaped.
  static let markup = "<i>"
  /// What the same values hold in its place when the template is rendered
  /// without markup: as long, with no character to escape.
  static let plainMarkup = "xix"

  private var state: UInt64
  /// What the values hold where markup goes: `markup` or `plainMarkup`.
  private let markup: String

  init(seed: Int, markup: String) {
    state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    self.markup = markup
  }

  private mutating func next(below count: Int) -> Int {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return Int(state % UInt64(count))
  }

  mutating func context(for schema: TemplateSchema, depth: Int) -> TemplateContext {
    var context = TemplateContext()
    for name in schema.names {
      switch schema.fields[name] {
      case .some(.some(let items)):
        let count = depth < 2 ? next(below: 3) : 0
        context[name] = .list((0..<count).map { _ in self.context(for: items, depth: depth + 1) })
      default:
        context[name] = value()
      }
    }
    return context
  }

  private mutating func value() -> TemplateValue {
    switch next(below: 6) {
    case 0: return .text("a \(markup) & \"b\" 'c'\n# d *e* [f](javascript:g) `h`\u{0}\u{FFFE}")
    case 1: return .text("")
    case 2: return .absent
    case 3: return .hole(.rootPath, then: "films/\(markup)/")
    case 4: return .hole(.rootURL, then: "")
    default: return .text("plain")
    }
  }
}
