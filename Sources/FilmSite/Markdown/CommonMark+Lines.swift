import FilmSiteSupport

extension CommonMark {
  /// The lines of a Markdown document as cmark counts them, which turn the
  /// place cmark reports for a link (``Link``) into a ``SourcePosition``.
  ///
  /// cmark measures an inline's column on each line of a paragraph from
  /// where the paragraph's first line starts. On the first line that is
  /// right; a later line's text starts after its own indent and `>` markers,
  /// so the column is measured again from there: from the first thing cmark
  /// found on the line (``Link/lineStartColumn``; for a code span, or a text
  /// that starts with backticks no code span closed, less its backticks), or
  /// else from the paragraph's start, which cmark puts where the line's
  /// containers end: after all of its indent and `>` markers on a line that
  /// continues them, before some of them on a lazy line. cmark reads a NUL as U+FFFD,
  /// three bytes, and skips a byte order mark. Columns here are the file's,
  /// in Unicode scalars, as ``SourcePosition`` counts them everywhere.
  ///
  /// What cmark does not tell: the lines of link reference definitions that
  /// start a paragraph, and line breaks inside a link's destination, title
  /// or reference label, so a link after those in the same paragraph is
  /// reported that many lines early; and where a lazy line, or one after a
  /// backslash line break, starts when a link's `](…)` starts it.
  struct Lines {
    private let source: UnsafeBufferPointer<UInt8>
    /// The offset where each line starts; a line ends at `\n`, `\r\n` or
    /// `\r`. cmark skips a byte order mark, so the first line starts after one.
    private let starts: [Int]
    /// The lines (from 1) that hold a NUL, which cmark reads as U+FFFD: three
    /// bytes, so its columns after one are two more than the file's.
    private let linesWithNUL: Set<Int>
    /// How far the current line has been counted. Links come in document
    /// order, so the next one on the same line is counted on from the last,
    /// and a line with many links is read once.
    private var counted = Counted()

    private struct Counted {
      var line = 0
      /// The bytes of indent and `>` markers that start the line, and the
      /// backticks after them.
      var indent = 0
      var backticks = 0
      /// An offset in the line as cmark counts it, the same offset in the
      /// file's bytes, and its column in scalars.
      var cmarkOffset = 0
      var offset = 0
      var column = 1
      /// What cmark took as the line's containers (``containerPrefix(of:before:)``), once found.
      var containerPrefix: Int?
    }

    init(_ source: UnsafeBufferPointer<UInt8>) {
      self.source = source
      var starts = [source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
      var linesWithNUL: Set<Int> = []
      var index = starts[0]
      while index < source.count {
        let byte = source[index]
        index += 1
        if byte == 0 { linesWithNUL.insert(starts.count) }
        if byte == UInt8(ascii: "\r"), index < source.count, source[index] == UInt8(ascii: "\n") {
          index += 1
        }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
      }
      self.starts = starts
      self.linesWithNUL = linesWithNUL
    }

    /// Where `link` starts in the document.
    mutating func position(of link: Link) -> SourcePosition {
      guard link.line >= 1, link.line <= starts.count else {
        return SourcePosition(line: max(1, link.line), column: max(1, link.column))
      }
      let text = self.text(ofLine: link.line)
      if counted.line != link.line {
        let indent = text.prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }.count
        let backticks = text.dropFirst(indent).prefix { $0 == UInt8(ascii: "`") }.count
        counted = Counted(line: link.line, indent: indent, backticks: backticks)
      }
      // The link's offset in the line as cmark counts it.
      var target = link.column - 1
      if link.line > link.blockLine {
        if var lineStart = link.lineStartColumn {
          // From the first thing on the line, which starts after its indent.
          if link.lineStartsAfterBackticks { lineStart -= counted.backticks }
          target = counted.indent + link.column - lineStart
        } else {
          target = containerPrefix(of: text, before: link) + link.column - link.blockColumn
        }
      }
      target = max(0, target)
      if target < counted.cmarkOffset {
        counted = Counted(
          line: link.line, indent: counted.indent, backticks: counted.backticks,
          containerPrefix: counted.containerPrefix)
      }
      var offset = counted.offset
      var cmarkOffset = counted.cmarkOffset
      if linesWithNUL.contains(link.line) {
        while cmarkOffset < target, offset < text.count {
          cmarkOffset += text[text.startIndex + offset] == 0 ? 3 : 1
          offset += 1
        }
      } else {
        offset = min(target, text.count)
        cmarkOffset = target
      }
      let counting = UnsafeBufferPointer(rebasing: text.dropFirst(counted.offset))
      let step = SourcePosition(offset: offset - counted.offset, in: counting)
      counted.column += step.column - 1
      counted.cmarkOffset = cmarkOffset
      counted.offset = offset
      return SourcePosition(line: link.line, column: counted.column)
    }

    /// How much of the start of `text`, the line of `link`, cmark took as
    /// its containers' markers and indent, when nothing on the line is known
    /// to start it and cmark counts columns from there: all of the line's
    /// indent and `>` markers on a line that continues its containers, but
    /// less on a lazy line. After a code span or inline HTML that holds a
    /// line break, it is the longest that puts its end (``Anchor``) on its
    /// closing backtick or `>`; otherwise, or if none does, the longest that
    /// puts the link's own `[`, `!` or `<` where cmark says it is. Kept for
    /// the line's later links.
    private mutating func containerPrefix(
      of text: Slice<UnsafeBufferPointer<UInt8>>, before link: Link
    ) -> Int {
      if let kept = counted.containerPrefix { return kept }
      let hasNUL = linesWithNUL.contains(link.line)
      // The byte `cmarkOffset` past `prefix`, as cmark counts (a NUL as three bytes).
      func byte(after prefix: Int, _ cmarkOffset: Int) -> (offset: Int, byte: UInt8)? {
        var offset = prefix
        if hasNUL {
          var walked = 0
          while walked < cmarkOffset, offset < text.count {
            walked += text[text.startIndex + offset] == 0 ? 3 : 1
            offset += 1
          }
          guard walked == cmarkOffset else { return nil }
        } else {
          offset += cmarkOffset
        }
        guard offset >= 0, offset < text.count else { return nil }
        return (offset, text[text.startIndex + offset])
      }
      func endsAnchor(_ prefix: Int) -> Bool {
        guard let anchor = link.lineAnchor, let end = byte(after: prefix, anchor.column) else {
          return false
        }
        guard anchor.isCode else { return end.byte == UInt8(ascii: ">") }
        // A code span's closing backticks are a whole run: no backtick before them.
        return end.byte == UInt8(ascii: "`")
          && (end.offset == 0 || text[text.startIndex + end.offset - 1] != UInt8(ascii: "`"))
      }
      let markers: [UInt8] =
        link.isImage ? [UInt8(ascii: "!")] : [UInt8(ascii: "["), UInt8(ascii: "<")]
      func placesLink(_ prefix: Int) -> Bool {
        byte(after: prefix, link.column - link.blockColumn).map { markers.contains($0.byte) }
          ?? false
      }
      let prefixes = Array(stride(from: counted.indent, through: 0, by: -1))
      let prefix =
        prefixes.first { endsAnchor($0) && placesLink($0) } ?? prefixes.first(where: endsAnchor)
        ?? prefixes.first(where: placesLink) ?? counted.indent
      counted.containerPrefix = prefix
      return prefix
    }

    /// The bytes of line `line` (from 1), without its line ending.
    private func text(ofLine line: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
      let start = starts[line - 1]
      var end = line < starts.count ? starts[line] : source.count
      while end > start,
        source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r")
      {
        end -= 1
      }
      return source[start..<end]
    }
  }
}
