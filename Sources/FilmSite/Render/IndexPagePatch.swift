/// Where a film page shows the index page that lists it: the page's number
/// (`{{indexPage}}`) and the link to it (`{{indexURL}}`), at byte offsets of
/// the page's file.
///
/// Films added or removed before a film move it to another index page, and
/// then its page's only changed input is that page's number. Such a page is
/// made from the current site's file with the new number and link put in at
/// these places, rather than rendered again (``applied(to:showing:)``); the
/// manifest keeps each film page's patch for the next build.
///
/// A page has a patch only when its places hold all its text that depends on
/// the number: the film template is HTML (Markdown would go through cmark),
/// neither template opens a section with a recorded name, and no value was
/// changed by escaping (``FilmPage/renderWithPatch(from:links:)``). The rendered
/// page is the reference: `IndexPagePatchTests` holds the two equal.
struct IndexPagePatch: Sendable, Hashable {
  /// What a place shows.
  enum Value: Sendable, Hashable {
    /// The link to the index page, from the film page.
    case url
    /// The index page's number.
    case number
  }

  /// One place: the offset in the file where the value's text starts.
  struct Place: Sendable, Hashable {
    let offset: Int
    let value: Value
  }

  /// The number of the index page the file shows.
  let page: Int
  /// Where it shows it, in the order of the file.
  let places: [Place]

  /// The template names whose text a patch places.
  static let names = ["indexURL", "indexPage"]

  /// The text of each value for the index page `page` (whose route is
  /// `indexRoute`) on the film page at `route`, as `FilmPage` puts it in.
  struct Texts: Sendable, Equatable {
    let page: Int
    let url: [UInt8]
    let number: [UInt8]

    init(page: Int, indexRoute: Route, from route: Route) {
      self.page = page
      url = Array(route.url(to: indexRoute).utf8)
      number = Array(String(page).utf8)
    }

    subscript(value: Value) -> [UInt8] {
      switch value {
      case .url: url
      case .number: number
      }
    }
  }

  /// The bytes of `file`, which show this patch's page at its places,
  /// showing `new` instead, and the new file's patch; `nil` when the text at
  /// a place is not `old`'s (the file is not the one this patch was made for).
  /// - Parameter old: The texts of this patch's page (``page``), for the same film page.
  func applied(to file: [UInt8], replacing old: Texts, with new: Texts)
    -> (bytes: [UInt8], patch: IndexPagePatch)?
  {
    guard old.page == page else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(file.count + places.count * 8)
    var places: [Place] = []
    places.reserveCapacity(self.places.count)
    var copied = 0
    for place in self.places {
      let text = old[place.value]
      guard place.offset >= copied, place.offset + text.count <= file.count,
        file[place.offset..<(place.offset + text.count)].elementsEqual(text)
      else { return nil }
      bytes.append(contentsOf: file[copied..<place.offset])
      places.append(Place(offset: bytes.count, value: place.value))
      bytes.append(contentsOf: new[place.value])
      copied = place.offset + text.count
    }
    bytes.append(contentsOf: file[copied...])
    return (bytes, IndexPagePatch(page: new.page, places: places))
  }

  // MARK: The manifest's field

  /// Appends the patch as a manifest writes it: `p`, the page, then each
  /// place as `u` (the link) or `n` (the number) and its offset, after commas
  /// (`p12,u6210,n6240`).
  func append(to out: inout [UInt8]) {
    out.append(UInt8(ascii: "p"))
    out.append(contentsOf: String(page).utf8)
    for place in places {
      out.append(UInt8(ascii: ","))
      out.append(UInt8(ascii: place.value == .url ? "u" : "n"))
      out.append(contentsOf: String(place.offset).utf8)
    }
  }

  /// Reads a patch as ``append(to:)`` writes it; `nil` for anything else
  /// (a page below 1, places out of order).
  init?(field: some Collection<UInt8>) {
    let parts = Array(field).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard let first = parts.first, first.first == UInt8(ascii: "p"),
      let page = FileTime.number(first.dropFirst(), maximumDigits: 12), page >= 1
    else { return nil }
    var places: [Place] = []
    for part in parts.dropFirst() {
      let value: Value
      switch part.first {
      case UInt8(ascii: "u"): value = .url
      case UInt8(ascii: "n"): value = .number
      default: return nil
      }
      guard let offset = FileTime.number(part.dropFirst(), maximumDigits: 12),
        places.last.map({ $0.offset < offset }) ?? true
      else { return nil }
      places.append(Place(offset: offset, value: value))
    }
    self.init(page: page, places: places)
  }

  init(page: Int, places: [Place]) {
    self.page = page
    self.places = places
  }
}
