import FilmCatalog

/// The order films appear in on index pages, the same on every machine.
///
/// Films are sorted by title as a reader scans a list: case and accents are
/// ignored and numbers compare by value (`Film 2` before `Film 10`). Ties
/// are broken by the title's exact characters, then by year (films without
/// one last), then by id, so that no two different films ever tie and the
/// order never depends on the source's order, the locale or the machine.
public enum FilmOrder {
  /// Returns `films` in site order.
  public static func sorted(_ films: [Film]) -> [Film] {
    sorted(films) { $0 }
  }

  /// Returns `items` in the site order of their films.
  public static func sorted<Item>(_ items: [Item], by film: (Item) -> Film) -> [Item] {
    let keyed = items.map { (key: SortKey(Slug.fold(film($0).title)), item: $0) }
    return keyed.sorted { lhs, rhs in
      if lhs.key != rhs.key { return lhs.key < rhs.key }
      return precedes(film(lhs.item), film(rhs.item))
    }.map(\.item)
  }

  private static func precedes(_ lhs: Film, _ rhs: Film) -> Bool {
    if lhs.title != rhs.title {
      return lhs.title.unicodeScalars.lexicographicallyPrecedes(rhs.title.unicodeScalars)
    }
    switch (lhs.year, rhs.year) {
    case (let left?, let right?) where left != right: return left < right
    case (.some, .none): return true
    case (.none, .some): return false
    default: break
    }
    return lhs.id.unicodeScalars.lexicographicallyPrecedes(rhs.id.unicodeScalars)
  }

  /// A folded title split into runs of digits, compared by value, and runs of other text.
  struct SortKey: Comparable {
    enum Part: Comparable {
      case number(digits: Int, text: String)
      case text(String)

      static func < (lhs: Part, rhs: Part) -> Bool {
        switch (lhs, rhs) {
        case (.number(let leftDigits, let left), .number(let rightDigits, let right)):
          // Without leading zeros, the longer run is the larger number.
          return leftDigits != rightDigits ? leftDigits < rightDigits : left < right
        case (.number, .text): return true
        case (.text, .number): return false
        case (.text(let left), .text(let right)): return left < right
        }
      }
    }

    let parts: [Part]

    init(_ folded: String) {
      var parts: [Part] = []
      var run = ""
      var runIsDigits = false
      func flush() {
        guard !run.isEmpty else { return }
        if runIsDigits {
          let trimmed = String(run.drop { $0 == "0" })
          parts.append(.number(digits: trimmed.count, text: trimmed))
        } else {
          parts.append(.text(run))
        }
        run = ""
      }
      for character in folded {
        let isDigit = character.isASCII && character.isNumber
        if isDigit != runIsDigits { flush() }
        runIsDigits = isDigit
        run.append(character)
      }
      flush()
      self.parts = parts
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
      lhs.parts.lexicographicallyPrecedes(rhs.parts)
    }
  }
}
