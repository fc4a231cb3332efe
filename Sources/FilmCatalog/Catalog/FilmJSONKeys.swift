/// The keys of a film object that ``FilmJSONReader`` reads, made from
/// ``FilmField/all``: every spelling of every field and every date key a
/// year is taken from, each once (a slot for its value), with where each
/// field finds its values among them.
///
/// Everything the reader looks at for each film is a plain value here, so
/// that reading a film copies no reference but the values it keeps.
struct FilmJSONKeys: Sendable {
  /// Every key's bytes, one after another.
  private let keyBytes: [UInt8]
  /// Where each key's bytes are in `keyBytes`.
  private let keyRanges: [Range<Int>]
  /// The JSON type of each key's value.
  let types: [FilmField.JSONType]
  /// Every field, in the order of ``FilmField/all``.
  let fields: [Field]
  /// The slots that fields' ``Field/spellings`` and ``Field/dates`` point into.
  let slotLists: [Int]
  let table: [FilmField]

  /// Where one field's values are among the keys.
  struct Field: Sendable {
    /// The field's place in the table.
    let index: Int
    let slot: FilmField.Slot?
    let isRequired: Bool
    /// The slots of the field's spellings, in order of preference, in ``slotLists``.
    let spellings: Range<Int>
    /// The slots of the dates whose year stands for the field when it has no value.
    let dates: Range<Int>
  }

  static let film = FilmJSONKeys(FilmField.all)

  init(_ table: [FilmField]) {
    var keys: [String] = []
    var types: [FilmField.JSONType] = []
    var slotLists: [Int] = []
    func slots(_ names: [String], _ type: FilmField.JSONType) -> Range<Int> {
      let start = slotLists.count
      for name in names {
        if let slot = keys.firstIndex(of: name) {
          slotLists.append(slot)
        } else {
          keys.append(name)
          types.append(type)
          slotLists.append(keys.count - 1)
        }
      }
      return start..<slotLists.count
    }
    fields = table.enumerated().map { index, field in
      Field(
        index: index, slot: field.slot, isRequired: field.isRequired,
        spellings: slots(field.keys, field.type), dates: slots(field.yearOfDateKeys, .text))
    }
    var keyBytes: [UInt8] = []
    keyRanges = keys.map { key in
      let start = keyBytes.count
      keyBytes += key.utf8
      return start..<keyBytes.count
    }
    self.keyBytes = keyBytes
    self.types = types
    self.slotLists = slotLists
    self.table = table
  }

  var count: Int { keyRanges.count }

  /// The slot of the key whose bytes are `range` of `bytes`, if it is one of these.
  func slot(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let length = range.count
    for (slot, key) in keyRanges.enumerated() where key.count == length {
      var offset = 0
      while offset < length, keyBytes[key.lowerBound + offset] == bytes[range.lowerBound + offset] {
        offset += 1
      }
      if offset == length { return slot }
    }
    return nil
  }
}
