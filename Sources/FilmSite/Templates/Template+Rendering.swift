/// Rendering a template: for one page, with the page's text in every
/// ``TemplateHole``, or once for every page, holes kept (``prerender(_:within:)``).
extension Template {
  /// Appends the template rendered with `context` for the page `page` to `output`, as UTF-8.
  func render(_ context: TemplateContext, for page: HoleFilling, into output: inout [UInt8]) {
    render([.context(context)], for: page, into: &output)
  }

  /// Where a render put the text of a name it was asked to record: the
  /// name, and the range of the output its bytes (escaped, if they were) fill.
  struct Insertion: Sendable, Equatable {
    let name: String
    let range: Range<Int>
  }

  /// Like ``render(_:for:into:)``, and says where each placeholder of one
  /// of `recorded` put its value, in the order they were written.
  func render(
    _ context: TemplateContext, for page: HoleFilling, recording recorded: [String],
    into output: inout [UInt8]
  ) -> [Insertion] {
    render([.context(context)], for: page, recording: recorded, into: &output)
  }

  /// Like ``render(_:for:setting:toBytes:into:)``, and says where each
  /// placeholder of one of `recorded` put its value, in the order they were written.
  func render(
    _ context: TemplateContext, for page: HoleFilling, setting name: String,
    toBytes bytes: [UInt8], recording recorded: [String], into output: inout [UInt8]
  ) -> [Insertion] {
    render(
      [.context(context), .bytes(name: name, key: TemplateContext.key(of: name), bytes)],
      for: page, recording: recorded, into: &output)
  }

  /// Appends the template rendered with `context` inside `outer` for the page
  /// `page` to `output`: a name `context` lacks is looked up in `outer`, as in
  /// a section, so values shared by many renders need not be copied into each.
  func render(
    _ context: TemplateContext, within outer: TemplateContext, for page: HoleFilling,
    into output: inout [UInt8]
  ) {
    render([.context(outer), .context(context)], for: page, into: &output)
  }

  /// Appends the template rendered with `context` for the page `page` to
  /// `output`, with `name` set to the UTF-8 `bytes`: a page's content, or an
  /// index page's rows, which are made as bytes and need not become a string
  /// to be inserted.
  func render(
    _ context: TemplateContext, for page: HoleFilling, setting name: String,
    toBytes bytes: [UInt8], into output: inout [UInt8]
  ) {
    render(
      [.context(context), .bytes(name: name, key: TemplateContext.key(of: name), bytes)],
      for: page, into: &output)
  }

  /// The template rendered with `context` inside `outer` once for every page:
  /// what depends on the page is kept as holes, which each page fills.
  func prerender(_ context: TemplateContext, within outer: TemplateContext)
    -> PrerenderedTemplate
  {
    var output = Output(bytes: [], page: nil, recorded: [])
    output.bytes.reserveCapacity(textBytes + 256)
    var scopes: [Scope] = [.context(outer), .context(context)]
    render(nodes, scopes: &scopes, into: &output)
    return PrerenderedTemplate(text: output.bytes, marks: output.marks)
  }

  /// One level of name lookup: a context, or a single value (a section's `.`,
  /// or a value set for one render) that needs no dictionary of its own.
  private enum Scope {
    case context(TemplateContext)
    case value(name: String, key: UInt64, TemplateValue)
    case bytes(name: String, key: UInt64, [UInt8])
  }

  private static let dotKey = TemplateContext.key(of: ".")

  /// What a name stands for: a value, or text given as UTF-8.
  private enum Found {
    case value(TemplateValue)
    case bytes([UInt8])
  }

  /// Where a render writes: text, and either the page whose text goes in
  /// each hole, or (prerendering) the marks of the holes and of the sections
  /// that depend on them.
  private struct Output {
    var bytes: [UInt8]
    let page: HoleFilling?
    var marks: [(offset: Int, mark: PrerenderedTemplate.Mark)] = []
    /// The names whose insertions are recorded, with their keys.
    let recorded: [(name: String, key: UInt64)]
    var insertions: [Insertion] = []

    /// Whether the placeholder `name` (with `key`) is one to record.
    func records(_ name: String, key: UInt64) -> Bool {
      recorded.contains { $0.key == key && $0.name == name }
    }

    mutating func mark(_ mark: PrerenderedTemplate.Mark) {
      marks.append((bytes.count, mark))
    }
  }

  @discardableResult
  private func render(
    _ scopes: [Scope], for page: HoleFilling, recording recorded: [String] = [],
    into bytes: inout [UInt8]
  ) -> [Insertion] {
    var output = Output(
      bytes: [], page: page,
      recorded: recorded.map { (name: $0, key: TemplateContext.key(of: $0)) })
    swap(&output.bytes, &bytes)
    // About what the template writes: a page's parts are appended to one
    // buffer, which grows as arrays do (reserving exactly would copy it each time).
    if output.bytes.isEmpty { output.bytes.reserveCapacity(textBytes + 256) }
    var scopes = scopes
    render(nodes, scopes: &scopes, into: &output)
    swap(&output.bytes, &bytes)
    return output.insertions
  }

  private func render(_ nodes: [Node], scopes: inout [Scope], into output: inout Output) {
    for node in nodes {
      switch node {
      case .text(let text):
        output.bytes.append(contentsOf: text)
      case .value(let name, let key, let escaped):
        let start = output.bytes.count
        defer {
          if !output.recorded.isEmpty, output.records(name, key: key) {
            output.insertions.append(Insertion(name: name, range: start..<output.bytes.count))
          }
        }
        switch lookup(name, key: key, in: scopes) {
        case .value(.text(var text)):
          text.withUTF8 { insert($0, escaped: escaped, into: &output.bytes) }
        case .value(.hole(let hole, var text)):
          insert(hole, escaped: escaped, into: &output)
          text.withUTF8 { insert($0, escaped: escaped, into: &output.bytes) }
        case .bytes(let bytes):
          bytes.withUnsafeBufferPointer { insert($0, escaped: escaped, into: &output.bytes) }
        case .value(.list), .value(.absent):
          continue
        }
      case .section(let name, let key, let inverted, let children):
        let found = lookup(name, key: key, in: scopes)
        guard let present = isPresent(found, on: output.page) else {
          // Only a hole with no text of its own, prerendered: each page decides.
          guard case .value(.hole(let hole, _)) = found else { continue }
          output.mark(.sectionStart(hole, whenEmpty: inverted))
          if inverted {
            render(children, scopes: &scopes, into: &output)
          } else {
            scopes.append(.value(name: ".", key: Self.dotKey, .hole(hole, then: "")))
            render(children, scopes: &scopes, into: &output)
            scopes.removeLast()
          }
          output.mark(.sectionEnd)
          continue
        }
        if inverted {
          if !present { render(children, scopes: &scopes, into: &output) }
          continue
        }
        guard present else { continue }
        switch found {
        case .value(.list(let items)):
          for item in items {
            scopes.append(.context(item))
            render(children, scopes: &scopes, into: &output)
            scopes.removeLast()
          }
        case .value(let value):
          scopes.append(.value(name: ".", key: Self.dotKey, value))
          render(children, scopes: &scopes, into: &output)
          scopes.removeLast()
        case .bytes(let bytes):
          scopes.append(.bytes(name: ".", key: Self.dotKey, bytes))
          render(children, scopes: &scopes, into: &output)
          scopes.removeLast()
        }
      }
    }
  }

  /// Whether `{{#name}}` renders for `found`: absent values, empty text and
  /// empty lists do not. `nil` for a hole with no text of its own when the
  /// page is not known: it renders on the pages whose text for the hole is not empty.
  private func isPresent(_ found: Found, on page: HoleFilling?) -> Bool? {
    switch found {
    case .value(.text(let text)): return !text.isEmpty
    case .value(.list(let items)): return !items.isEmpty
    case .value(.absent): return false
    case .value(.hole(let hole, let text)):
      if !text.isEmpty { return true }
      return page.map { !$0[hole].isEmpty }
    case .bytes(let bytes): return !bytes.isEmpty
    }
  }

  /// Appends the page's text for `hole` or, prerendering, marks its place.
  private func insert(_ hole: TemplateHole, escaped: Bool, into output: inout Output) {
    guard let page = output.page else {
      output.mark(.hole(hole, TemplateHole.Form(escaped: escaped, language: language)))
      return
    }
    var text = page[hole]
    text.withUTF8 { insert($0, escaped: escaped, into: &output.bytes) }
  }

  /// Appends `text`, escaped for the template's language unless `escaped` is false.
  private func insert(
    _ text: UnsafeBufferPointer<UInt8>, escaped: Bool, into output: inout [UInt8]
  ) {
    if escaped {
      language.escape(text, into: &output)
    } else {
      output.append(contentsOf: text)
    }
  }

  /// The innermost scope's value wins, as in Mustache.
  private func lookup(_ name: String, key: UInt64, in scopes: [Scope]) -> Found {
    for scope in scopes.reversed() {
      switch scope {
      case .context(let context):
        if let value = context[name, key: key] { return .value(value) }
      case .value(let scopeName, let scopeKey, let value):
        if scopeKey == key, scopeName == name { return .value(value) }
      case .bytes(let scopeName, let scopeKey, let bytes):
        if scopeKey == key, scopeName == name { return .bytes(bytes) }
      }
    }
    return .value(.absent)
  }
}
