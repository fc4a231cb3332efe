import FilmSiteSupport
import Foundation

/// An edit of the HTML film template that changes only the template's own
/// text, outside any section: a word, a class name, an element, with every
/// placeholder and section where it was. Each film page the old template
/// made then differs from the page the new one makes exactly where that
/// text is, and is made from the current site's file with the new text put
/// in (``applied(to:patch:)``), rather than rendered again: a theme author's
/// edit, while `filmsite serve` rebuilds, or a published site's next build.
///
/// The old text is found by looking for it in the page. The layout puts the
/// film template's output in once, as it is, so each piece of the old
/// template's text is on the page at least once; a page where it is more
/// than once (a film's overview that quotes it) is rendered instead, so the
/// text replaced is always the template's. The rendered page is the
/// reference: `FilmTemplateEditTests` holds the two equal. (A build tries a
/// few pages first, and plans the site when most cannot take the edit:
/// ``FilmPageRebuild``.)
struct FilmTemplateEdit: Sendable, Equatable {
  /// One piece of the template's text and what it becomes.
  struct Replacement: Sendable, Equatable {
    let old: [UInt8]
    let new: [UInt8]
  }

  /// The pieces that changed, in the template's order. A piece at either
  /// end of the template takes the layout's text beside it too, so that
  /// it is found where the template's own text is common on a page (`</p>`
  /// at its end).
  let replacements: [Replacement]

  /// The edit from `old` to `new`, both film templates, pages of which the
  /// `layout` wraps; `nil` unless both are HTML, have the same placeholders
  /// and sections in the same places, and differ only in text outside every
  /// section, and the layout shows the film template's output once, as it is.
  /// (A comment between two pieces of text is no edit: they are one piece.)
  init?(from old: Template, to new: Template, layout: Template) {
    guard old.language == .html, new.language == .html,
      let around = Self.textAroundContent(in: Self.merged(layout.nodes))
    else { return nil }
    let (old, new) = (Self.merged(old.nodes), Self.merged(new.nodes))
    guard old.count == new.count else { return nil }
    var replacements: [Replacement] = []
    for index in old.indices {
      switch (old[index], new[index]) {
      case (.text(let was), .text(let now)):
        guard was != now else { continue }
        // The layout's text beside the template's first and last pieces.
        let before = index == old.startIndex ? around.before : []
        let after = index == old.index(before: old.endIndex) ? around.after : []
        replacements.append(Replacement(old: before + was + after, new: before + now + after))
      case (let was, let now):
        guard Self.isSame(was, now) else { return nil }
      }
    }
    // Each piece is looked for in every page: many pieces are for a plan to render.
    guard replacements.count <= Self.maximumReplacements else { return nil }
    self.replacements = replacements
  }

  /// The most changed pieces of text an edit puts in.
  static let maximumReplacements = 16

  /// Whether `old` and `new` are the same node: text, placeholder or
  /// section (its name and everything in it).
  private static func isSame(_ old: Template.Node, _ new: Template.Node) -> Bool {
    switch (old, new) {
    case (.text(let was), .text(let now)):
      return was == now
    case (.value(let was, _, let wasEscaped), .value(let now, _, let isEscaped)):
      return was == now && wasEscaped == isEscaped
    case (
      .section(let was, _, let wasInverted, let wasChildren),
      .section(let now, _, let isInverted, let children)
    ):
      return was == now && wasInverted == isInverted && wasChildren.count == children.count
        && zip(wasChildren, children).allSatisfy(isSame)
    default:
      return false
    }
  }

  /// `nodes` with each run of text one node, in sections too.
  private static func merged(_ nodes: [Template.Node]) -> [Template.Node] {
    var merged: [Template.Node] = []
    for node in nodes {
      switch node {
      case .text(let text):
        if case .text(let last) = merged.last {
          merged[merged.count - 1] = .text(last + text)
        } else {
          merged.append(node)
        }
      case .value:
        merged.append(node)
      case .section(let name, let key, let inverted, let children):
        merged.append(
          .section(name: name, key: key, inverted: inverted, children: Self.merged(children)))
      }
    }
    return merged
  }

  /// The text right before and after the page's content in `nodes`, a
  /// layout's (merged), when it shows the content exactly once, as it is:
  /// one `{{{content}}}` outside every section, and no other use of the
  /// name; `nil` otherwise. Either is empty where a placeholder or section is.
  private static func textAroundContent(in nodes: [Template.Node])
    -> (before: [UInt8], after: [UInt8])?
  {
    let name = PageLayout.contentName
    var found: Int?
    for (index, node) in nodes.enumerated() {
      switch node {
      case .text: continue
      case .value(let value, _, let escaped):
        guard value == name else { continue }
        guard !escaped, found == nil else { return nil }
        found = index
      case .section(let section, _, _, let children):
        guard section != name, !uses(name, in: children) else { return nil }
      }
    }
    guard let found else { return nil }
    func text(at index: Int) -> [UInt8] {
      guard nodes.indices.contains(index), case .text(let text) = nodes[index] else { return [] }
      return text
    }
    return (text(at: found - 1), text(at: found + 1))
  }

  /// Whether `nodes` use `name`, as a value or a section, at any depth.
  private static func uses(_ name: String, in nodes: [Template.Node]) -> Bool {
    nodes.contains { node in
      switch node {
      case .text: false
      case .value(let value, _, _): value == name
      case .section(let section, _, _, let children):
        section == name || uses(name, in: children)
      }
    }
  }

  /// The bytes of `page`, a film page the old template made, as the new one
  /// makes it, and the new page's ``IndexPagePatch`` from the old page's
  /// `patch` (its places moved by the text put in before them); `nil` when
  /// a piece of the old text is not on the page exactly once, or a place
  /// is inside one (the page is not one the old template made).
  func applied(to page: [UInt8], patch: IndexPagePatch?)
    -> (bytes: [UInt8], patch: IndexPagePatch?)?
  {
    var found: [(range: Range<Int>, new: [UInt8])] = []
    for replacement in replacements {
      guard let range = Self.onlyRange(of: replacement.old, in: page) else { return nil }
      found.append((range, replacement.new))
    }
    found.sort { $0.range.lowerBound < $1.range.lowerBound }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(page.count + found.reduce(0) { $0 + $1.new.count })
    var copied = 0
    for (range, new) in found {
      // Two pieces found overlapping are not the template's two pieces.
      guard range.lowerBound >= copied else { return nil }
      bytes += page[copied..<range.lowerBound]
      bytes += new
      copied = range.upperBound
    }
    bytes += page[copied...]
    guard let patch else { return (bytes, nil) }
    var places: [IndexPagePatch.Place] = []
    for place in patch.places {
      var shift = 0
      for (range, new) in found {
        if range.upperBound <= place.offset {
          shift += new.count - range.count
        } else if range.lowerBound < place.offset + 1 {
          return nil
        }
      }
      places.append(IndexPagePatch.Place(offset: place.offset + shift, value: place.value))
    }
    // A place moved past what a patch can hold leaves the page without one, as rendering would.
    return (bytes, IndexPagePatch(page: patch.page, places: places))
  }

  /// Where `text` is in `page` when it is there exactly once, overlaps
  /// counted; `nil` when it is not there, or more than once.
  static func onlyRange(of text: [UInt8], in page: [UInt8]) -> Range<Int>? {
    guard !text.isEmpty, text.count <= page.count else { return nil }
    // The byte looked for first (with `memchr`, many bytes at a time) is the
    // text's least common in HTML, so that few places are compared whole.
    let anchor = text.indices.min { Self.commonness(text[$0]) < Self.commonness(text[$1]) } ?? 0
    let anchorByte = Int32(text[anchor])
    return page.withUnsafeBytes { haystack -> Range<Int>? in
      text.withUnsafeBytes { needle -> Range<Int>? in
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return nil }
        // The text starts at most `last`: its anchor is at most `last + anchor`.
        let last = haystack.count - needle.count
        var from = anchor
        var found: Int?
        while from <= last + anchor,
          let hit = memchr(base + from, anchorByte, last + anchor - from + 1)
        {
          let start = base.distance(to: UnsafeRawPointer(hit)) - anchor
          if memcmp(base + start, pattern, needle.count) == 0 {
            guard found == nil else { return nil }
            found = start
          }
          from = start + anchor + 1
        }
        return found.map { $0..<$0 + needle.count }
      }
    }
  }

  /// How common `byte` is in an HTML page, from 0 (a byte of a letter
  /// outside ASCII, a capital) to 3 (a space, a quote, a bracket): a guess
  /// that makes the search fast, never changes what it finds.
  private static func commonness(_ byte: UInt8) -> Int {
    switch byte {
    case 0x80...: 0
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): 1
    case UInt8(ascii: "a")...UInt8(ascii: "z"): 2
    default: 3
    }
  }
}
