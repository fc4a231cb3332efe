import FilmSiteSupport

/// A Mustache-style template, parsed once and rendered for many pages.
///
/// - `{{name}}` inserts a value escaped for the template's ``TemplateLanguage``.
/// - `{{{name}}}` inserts a value as it is (for HTML or Markdown the site made).
/// - `{{#name}}…{{/name}}` renders once for each item of a list, or once when
///   a value is present; `{{^name}}…{{/name}}` renders when it is absent or empty.
/// - `{{.}}` is the current item or value inside a section; `{{! … }}` is a comment.
///
/// A section, comment or closing tag alone on its line takes the whole line
/// with it, so templates can put them on lines of their own.
struct Template: Sendable {
  indirect enum Node: Sendable {
    /// The template's own text, as UTF-8: pages are written as bytes.
    case text([UInt8])
    /// `key` is the name's ``TemplateContext/key(of:)``, made once.
    case value(name: String, key: UInt64, escaped: Bool)
    case section(name: String, key: UInt64, inverted: Bool, children: [Node])
  }

  /// The file the template came from, for messages.
  let file: String
  let language: TemplateLanguage
  let nodes: [Node]

  /// Parses `source` and checks every placeholder against `schema`.
  /// - Parameter file: The template's path, named in errors.
  /// - Throws: ``TemplateError`` with the line and column of the first fault.
  init(
    source: String, file: String, language: TemplateLanguage, schema: TemplateSchema
  ) throws {
    self.file = file
    self.language = language
    var parser = TemplateParser(source: source, file: file)
    nodes = try parser.parse(schema: schema)
    names = Self.names(in: nodes)
    sectionNames = Self.sectionNames(in: nodes)
    textBytes = Self.textBytes(in: nodes)
    self.source = source
    sourceHash = ContentHash(source)
  }

  /// The template's source, as it was read: a build keeps the film
  /// template's, so that the next can tell an edit of its text alone
  /// (``FilmTemplateEdit``).
  let source: String

  /// The bytes of the template's own text, outside any section.
  let textBytes: Int

  private static func textBytes(in nodes: [Node]) -> Int {
    nodes.reduce(0) { total, node in
      if case .text(let text) = node { return total + text.count }
      return total
    }
  }

  /// The hash of the template's source, for ``BuildFingerprint``.
  let sourceHash: ContentHash

  /// Every placeholder name the template uses, so that pages can skip
  /// preparing values it never shows.
  let names: Set<String>

  private static func names(in nodes: [Node]) -> Set<String> {
    var names: Set<String> = []
    for node in nodes {
      switch node {
      case .text: break
      case .value(let name, _, _): names.insert(name)
      case .section(let name, _, _, let children):
        names.insert(name)
        names.formUnion(Self.names(in: children))
      }
    }
    return names
  }

  /// Every name the template opens a section with (`{{#name}}` or
  /// `{{^name}}`). Inside such a section `{{.}}` shows the name's value
  /// without naming it, so a render's ``Insertion``s of it are not all of
  /// its text on the page.
  let sectionNames: Set<String>

  private static func sectionNames(in nodes: [Node]) -> Set<String> {
    var names: Set<String> = []
    for case .section(let name, _, _, let children) in nodes {
      names.insert(name)
      names.formUnion(Self.sectionNames(in: children))
    }
    return names
  }
}

/// Reads template source into nodes, tracking positions for errors.
struct TemplateParser {
  private let source: [UInt8]
  private let file: String
  private var index = 0

  init(source: String, file: String) {
    self.source = Array(source.utf8)
    self.file = file
  }

  private struct OpenSection {
    let name: String
    let inverted: Bool
    let offset: Int
    let schema: TemplateSchema
    var nodes: [Template.Node] = []
  }

  mutating func parse(schema: TemplateSchema) throws -> [Template.Node] {
    var stack = [OpenSection(name: "", inverted: false, offset: 0, schema: schema)]
    var textStart = 0

    func appendText(_ end: Int, to stack: inout [OpenSection]) {
      guard end > textStart else { return }
      stack[stack.count - 1].nodes.append(.text(Array(source[textStart..<end])))
    }

    while let open = find("{{", from: index) {
      let triple = hasPrefix("{{{", at: open)
      let contentStart = open + (triple ? 3 : 2)
      guard let close = find(triple ? "}}}" : "}}", from: contentStart) else {
        throw error(.unclosedTag, at: open)
      }
      let end = close + (triple ? 3 : 2)
      let content = String(decoding: source[contentStart..<close], as: UTF8.self).trimmingSpaces()
      let sigil = triple ? nil : content.first.flatMap { "#^/!".contains($0) ? $0 : nil }
      let name = (sigil == nil ? content : String(content.dropFirst())).trimmingSpaces()
      let isStandaloneKind = sigil != nil
      // A block tag alone on its line removes the line, indentation and newline included.
      var tagStart = open
      var tagEnd = end
      if isStandaloneKind, let line = standaloneLine(tagStart: open, tagEnd: end) {
        tagStart = line.start
        tagEnd = line.end
      }
      appendText(tagStart, to: &stack)
      textStart = tagEnd
      index = tagEnd

      if sigil == "!" { continue }
      guard isValidName(name) else { throw error(.invalidName(name), at: open) }
      let scope = stack[stack.count - 1]

      switch sigil {
      case "#", "^":
        guard let field = field(name, in: stack) else {
          throw error(.unknownPlaceholder(name), at: open)
        }
        stack.append(
          OpenSection(
            name: name, inverted: sigil == "^", offset: open, schema: field ?? scope.schema))
      case "/":
        guard stack.count > 1, let last = stack.last, last.name == name else {
          throw error(
            .unexpectedClose(found: name, expected: stack.count > 1 ? stack.last?.name : nil),
            at: open)
        }
        stack.removeLast()
        stack[stack.count - 1].nodes.append(
          .section(
            name: last.name, key: TemplateContext.key(of: last.name), inverted: last.inverted,
            children: last.nodes))
      default:
        guard name == "." || field(name, in: stack) != nil else {
          throw error(.unknownPlaceholder(name), at: open)
        }
        stack[stack.count - 1].nodes.append(
          .value(name: name, key: TemplateContext.key(of: name), escaped: !triple))
      }
    }
    index = source.count
    appendText(source.count, to: &stack)
    if stack.count > 1, let unclosed = stack.last {
      throw error(.unclosedSection(unclosed.name), at: unclosed.offset)
    }
    return stack[0].nodes
  }

  /// The schema entry for `name` in the innermost scope that has it: `.some(nil)`
  /// for a single value, `.some(schema)` for a list, `nil` when no scope knows it.
  private func field(_ name: String, in stack: [OpenSection]) -> TemplateSchema?? {
    if name == "." { return .some(nil) }
    for section in stack.reversed() {
      if let field = section.schema.fields[name] { return .some(field) }
    }
    return nil
  }

  private func isValidName(_ name: String) -> Bool {
    if name == "." { return true }
    guard let first = name.first, !first.isNumber else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// The span of the tag's line when only spaces or tabs stand beside the tag.
  private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, end: Int)? {
    var start = tagStart
    while start > 0, source[start - 1] == 0x20 || source[start - 1] == 0x09 { start -= 1 }
    guard start == 0 || source[start - 1] == 0x0A else { return nil }
    var end = tagEnd
    while end < source.count, source[end] == 0x20 || source[end] == 0x09 { end += 1 }
    if end == source.count { return (start, end) }
    if source[end] == 0x0A { return (start, end + 1) }
    if source[end] == 0x0D, end + 1 < source.count, source[end + 1] == 0x0A {
      return (start, end + 2)
    }
    return nil
  }

  private func find(_ needle: String, from start: Int) -> Int? {
    let pattern = Array(needle.utf8)
    var position = start
    while position + pattern.count <= source.count {
      if hasPrefix(pattern, at: position) { return position }
      position += 1
    }
    return nil
  }

  private func hasPrefix(_ text: String, at position: Int) -> Bool {
    hasPrefix(Array(text.utf8), at: position)
  }

  private func hasPrefix(_ pattern: [UInt8], at position: Int) -> Bool {
    guard position + pattern.count <= source.count else { return false }
    for offset in pattern.indices where source[position + offset] != pattern[offset] {
      return false
    }
    return true
  }

  private func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
    let position = SourcePosition(offset: offset, in: source)
    return TemplateError(
      file: file, line: position.line, column: position.column, reason: reason)
  }
}
