/// A template rendered once, with ``TemplateHole``s where the text depends on
/// the page: a film's row, rendered once although the film is listed on up to
/// five lists, each at another depth.
///
/// Each page fills it with its own ``HoleFilling`` (``fill(with:into:)``),
/// which copies byte runs: the text between holes, and the page's bytes for
/// each hole. A section that tests a hole's value (`{{#root}}…{{/root}}`)
/// is kept too, and each page shows it or not.
///
/// The parts are kept in one buffer, one after another, each a tag byte and
/// what it needs: a run of text (its length, then its bytes), a hole (the tag
/// alone), or a section (its length, then its parts). Lengths are LEB128. A
/// run's bytes are only ever copied, never read as tags, so no text can be
/// taken for a hole.
struct PrerenderedTemplate: Sendable, Equatable {
  private let parts: [UInt8]

  /// One hash of the text and its marks: two rows with the same hash show
  /// the same on every page.
  var hash: ContentHash { parts.withUnsafeBytes(ContentHash.init) }

  /// What a render records at a place in its text.
  enum Mark: Sendable, Equatable {
    /// The page's text for a hole, in a form.
    case hole(TemplateHole, TemplateHole.Form)
    /// The start of a section that shows only when the page's text for the
    /// hole is empty (`whenEmpty`), or only when it is not.
    case sectionStart(TemplateHole, whenEmpty: Bool)
    /// The end of the innermost section.
    case sectionEnd
  }

  /// The prerendered form of `text` with `marks`, each at an offset of
  /// `text` (in order, sections closed).
  init(text: [UInt8], marks: [(offset: Int, mark: Mark)]) {
    var encoder = Encoder(text: text, marks: marks)
    var parts: [UInt8] = []
    parts.reserveCapacity(text.count + 4 * marks.count + 4)
    encoder.encode(until: text.count, into: &parts)
    self.parts = parts
  }

  /// Its parts as they are kept, for a file that keeps rows across builds (``RowCache``).
  var encoded: [UInt8] { parts }

  /// The template whose parts are `encoded` (``encoded``); `nil` when a
  /// part is not whole: an unknown tag, or a length that runs past the end of
  /// its section or of the whole. (Parts this type would write otherwise,
  /// such as two runs in a row, are taken: they fill a page the same way.)
  init?(encoded: ArraySlice<UInt8>) {
    let parts = Array(encoded)
    guard parts.withUnsafeBufferPointer(Self.isWhole) else { return nil }
    self.parts = parts
  }

  /// Whether every part of `parts` is whole, each inside the section it is
  /// in. Sections are followed with a list of where each open one ends, not
  /// by recursion, so no nesting, however deep, runs out of stack.
  private static func isWhole(_ parts: UnsafeBufferPointer<UInt8>) -> Bool {
    // Where each open section ends, the innermost last, after the whole's end.
    var ends = [parts.count]
    var index = 0
    while true {
      while ends.count > 1, index == ends[ends.count - 1] { ends.removeLast() }
      if index == parts.count { return true }
      let end = ends[ends.count - 1]
      let byte = parts[index]
      index += 1
      guard Int(byte) < Tag.count else { return false }
      switch Tag(byte) {
      case .run:
        guard let length = checkedLength(parts, at: &index, before: end), length <= end - index
        else { return false }
        index += length
      case .hole:
        continue
      case .section:
        guard let length = checkedLength(parts, at: &index, before: end), length <= end - index
        else { return false }
        ends.append(index + length)
      }
    }
  }

  /// ``readLength(_:at:)`` that stops at `end` and at a length too long to be one.
  private static func checkedLength(
    _ parts: UnsafeBufferPointer<UInt8>, at index: inout Int, before end: Int
  ) -> Int? {
    var length = 0
    var shift = 0
    while index < end, shift < 56 {
      let byte = parts[index]
      index += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return length }
      shift += 7
    }
    return nil
  }

  /// Appends the template as the page `page` shows it to `output`.
  func fill(with page: HoleFilling.Prepared, into output: inout [UInt8]) {
    parts.withUnsafeBufferPointer { parts in
      var index = 0
      while index < parts.count {
        let tag = parts[index]
        index += 1
        switch Tag(tag) {
        case .run:
          let length = Self.readLength(parts, at: &index)
          output.append(contentsOf: UnsafeBufferPointer(rebasing: parts[index..<(index + length)]))
          index += length
        case .hole(let hole, let form):
          output.append(contentsOf: page[hole, form])
        case .section(let hole, let whenEmpty):
          let length = Self.readLength(parts, at: &index)
          if page.isEmpty(hole) != whenEmpty { index += length }
        }
      }
    }
  }

  /// The kinds of part, by their tag byte.
  private enum Tag {
    case run
    case hole(TemplateHole, TemplateHole.Form)
    case section(TemplateHole, whenEmpty: Bool)

    private static let holes = TemplateHole.allCases.flatMap { hole in
      TemplateHole.Form.allCases.map { Tag.hole(hole, $0) }
    }
    private static let sections = TemplateHole.allCases.flatMap { hole in
      [false, true].map { Tag.section(hole, whenEmpty: $0) }
    }
    private static let all = [Tag.run] + holes + sections

    /// The part `byte` tags; a buffer holds only the tags ``byte`` makes.
    init(_ byte: UInt8) { self = Self.all[Int(byte)] }

    /// How many tag bytes there are: each below this is one.
    static var count: Int { all.count }

    var byte: UInt8 {
      switch self {
      case .run:
        return 0
      case .hole(let hole, let form):
        return UInt8(1 + hole.rawValue * TemplateHole.Form.allCases.count + form.rawValue)
      case .section(let hole, let whenEmpty):
        return UInt8(1 + Self.holes.count + 2 * hole.rawValue + (whenEmpty ? 1 : 0))
      }
    }
  }

  private static func readLength(_ parts: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int {
    var length = 0
    var shift = 0
    while true {
      let byte = parts[index]
      index += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return length }
      shift += 7
    }
  }

  /// Appends `length` as the parts hold one: seven bits to a byte, the
  /// lowest first, each byte but the last with its high bit set (LEB128).
  static func appendLength(_ length: Int, to parts: inout [UInt8]) {
    var rest = length
    while rest >= 0x80 {
      parts.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    parts.append(UInt8(rest))
  }

  /// Writes text and marks as parts, a section's parts inside it.
  private struct Encoder {
    let text: [UInt8]
    let marks: [(offset: Int, mark: Mark)]
    var next = 0
    var position = 0

    init(text: [UInt8], marks: [(offset: Int, mark: Mark)]) {
      self.text = text
      self.marks = marks
    }

    /// Encodes up to the end of the current section, or to `end` at the top level.
    mutating func encode(until end: Int, into parts: inout [UInt8]) {
      while next < marks.count {
        let (offset, mark) = marks[next]
        next += 1
        run(to: offset, into: &parts)
        switch mark {
        case .hole(let hole, let form):
          parts.append(Tag.hole(hole, form).byte)
        case .sectionStart(let hole, let whenEmpty):
          var inner: [UInt8] = []
          encode(until: end, into: &inner)
          parts.append(Tag.section(hole, whenEmpty: whenEmpty).byte)
          PrerenderedTemplate.appendLength(inner.count, to: &parts)
          parts += inner
        case .sectionEnd:
          return
        }
      }
      run(to: end, into: &parts)
    }

    private mutating func run(to offset: Int, into parts: inout [UInt8]) {
      guard offset > position else { return }
      parts.append(Tag.run.byte)
      PrerenderedTemplate.appendLength(offset - position, to: &parts)
      parts += text[position..<offset]
      position = offset
    }
  }
}
