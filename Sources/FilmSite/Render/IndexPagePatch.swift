/// Where a film page shows the index page that lists it: the page's number
/// (`{{indexPage}}`) and the link to it (`{{indexURL}}`), at byte offsets of
/// the page's file.
///
/// Films added or removed before a film move it to another index page, and
/// then its page's only changed input is that page's number. Such a page is
/// made from the current site's file with the new number and link put in at
/// these places, rather than rendered again (``applied(to:replacing:with:)``); the
/// manifest keeps each film page's patch for the next build.
///
/// A page has a patch only when its places hold all its text that depends on
/// the number: the film template is HTML (Markdown would go through cmark),
/// neither template opens a section with a recorded name, and no value was
/// changed by escaping (``FilmPage/render(from:links:)``). The rendered
/// page is the reference: `IndexPagePatchTests` holds the two equal.
struct IndexPagePatch: Sendable, Hashable {
  /// What a place shows.
  enum Value: Sendable, Hashable, CaseIterable {
    /// The link to the index page, from the film page.
    case url
    /// The index page's number.
    case number

    /// Its name in the film template.
    var name: String {
      switch self {
      case .url: "indexURL"
      case .number: "indexPage"
      }
    }
  }

  /// The film template's names whose text a patch places, once for every page that records them.
  static let names = Value.allCases.map(\.name)

  /// One place: the offset in the file where the value's text starts.
  struct Place: Sendable, Hashable {
    let offset: Int
    let value: Value
  }

  /// A manifest keeps a patch for each of a large site's film pages, so a
  /// patch is one 64-bit word, with no array of its own to allocate and
  /// count references to: from the low bits, each place's offset (21 bits
  /// each, so below 2 MiB), the page (19 bits, below 524,288), and how many
  /// places there are and which shows the number (3 bits, ``shapes``). A
  /// page that shows its index page more often, or further into its file,
  /// has no patch and is rendered.
  private var bits: UInt64

  private static let offsetBits: UInt64 = 21
  private static let pageBits: UInt64 = 19
  private static let pageShift = 2 * offsetBits
  private static let shapeShift = pageShift + pageBits

  /// The most places a patch holds.
  static let maximumPlaces = 2

  /// The places a patch holds, by its shape: none, one of either value, or
  /// one of each in either order.
  private static let shapes: [[Value]] = [
    [], [.url], [.number], [.url, .number], [.number, .url],
  ]

  /// The shape of places that show `first`, then `second`; `nil` for two of one value.
  private static func shape(_ first: Value?, _ second: Value?) -> UInt64? {
    switch (first, second) {
    case (nil, nil): 0
    case (.url, nil): 1
    case (.number, nil): 2
    case (.url, .number): 3
    case (.number, .url): 4
    default: nil
    }
  }

  /// The number of the index page the file shows.
  var page: Int { Int((bits >> Self.pageShift) & ((1 << Self.pageBits) - 1)) }

  /// Where the file shows the index page, in the order of the file.
  var places: [Place] {
    let values = Self.shapes[Int(bits >> Self.shapeShift)]
    return values.indices.map { index in
      let offset = (bits >> (UInt64(index) * Self.offsetBits)) & ((1 << Self.offsetBits) - 1)
      return Place(offset: Int(offset), value: values[index])
    }
  }

  /// The patch of a file that shows index page `page` at `places`, in the
  /// order of the file; `nil` for more places than a patch holds (two, of
  /// two values), an offset of 2 MiB or more, or a page of 524,288 or more.
  init?(page: Int, places: [Place]) {
    guard places.count <= Self.maximumPlaces else { return nil }
    self.init(
      page: page, places.first.map { ($0.value, $0.offset) },
      places.dropFirst().first.map { ($0.value, $0.offset) })
  }

  /// The patch of index page `page` with the places `first` and `second`, in order.
  private init?(page: Int, _ first: (Value, Int)?, _ second: (Value, Int)?) {
    let offsets = 0..<(1 << Int(Self.offsetBits))
    guard let shape = Self.shape(first?.0, second?.0),
      (1..<(1 << Int(Self.pageBits))).contains(page),
      offsets.contains(first?.1 ?? 0), offsets.contains(second?.1 ?? 0)
    else { return nil }
    bits =
      shape << Self.shapeShift | UInt64(page) << Self.pageShift
      | UInt64(second?.1 ?? 0) << Self.offsetBits | UInt64(first?.1 ?? 0)
  }

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

  /// The patch of a film page that shows `texts`, made from where the film
  /// template put them (`inserted`, in its output `content`) and where the
  /// layout put that content (`contentRanges`, in the bytes of `page`); `nil`
  /// unless each went in as it is, byte for byte (escaping could have
  /// changed it, or moved what follows).
  init?(
    showing texts: Texts, inserted: [Template.Insertion], in content: [UInt8],
    contentRanges: [Range<Int>], of page: [UInt8]
  ) {
    var places: [Place] = []
    for insertion in inserted {
      guard let value = Value.allCases.first(where: { $0.name == insertion.name }),
        content[insertion.range].elementsEqual(texts[value])
      else { return nil }
      places.append(Place(offset: insertion.range.lowerBound, value: value))
    }
    guard contentRanges.allSatisfy({ page[$0].elementsEqual(content) }) else { return nil }
    self.init(
      page: texts.page,
      places: contentRanges.flatMap { range in
        places.map { Place(offset: range.lowerBound + $0.offset, value: $0.value) }
      })
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
    return IndexPagePatch(page: new.page, places: places).map { (bytes, $0) }
  }

  // MARK: The manifest's field

  /// Appends the patch as a manifest writes it: `p`, the page, then each
  /// place as `u` (the link) or `n` (the number) and its offset, after commas
  /// (`p12,u6210,n6240`).
  func append(to out: inout [UInt8]) {
    out.append(UInt8(ascii: "p"))
    out.appendDecimal(page)
    for place in places {
      out.append(UInt8(ascii: ","))
      out.append(UInt8(ascii: place.value == .number ? "n" : "u"))
      out.appendDecimal(place.offset)
    }
  }

  /// Reads a patch as ``append(to:)`` writes it; `nil` for anything else
  /// (a page below 1, places out of order). Read for every film page's line
  /// of a manifest, so without making an array.
  init?<Field: Collection<UInt8>>(field: Field) {
    var bytes = field[...]
    /// The number at the start of `bytes`, up to the next comma or the end.
    func number() -> Int? {
      let end = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
      defer { bytes = bytes[end...] }
      return FileTime.number(bytes[..<end], maximumDigits: 12)
    }
    guard bytes.first == UInt8(ascii: "p") else { return nil }
    bytes = bytes.dropFirst()
    guard let page = number(), page >= 1 else { return nil }
    // At most two places, each its value and offset, kept without an array:
    // every film page's line has a patch to read.
    var first: (Value, Int)?
    var second: (Value, Int)?
    // What is left starts with the comma a number stopped at.
    while !bytes.isEmpty {
      bytes = bytes.dropFirst()
      let value: Value
      switch bytes.first {
      case UInt8(ascii: "u"): value = .url
      case UInt8(ascii: "n"): value = .number
      default: return nil
      }
      bytes = bytes.dropFirst()
      guard second == nil, let offset = number(), first.map({ $0.1 < offset }) ?? true else {
        return nil
      }
      if first == nil { first = (value, offset) } else { second = (value, offset) }
    }
    self.init(page: page, first, second)
  }
}
