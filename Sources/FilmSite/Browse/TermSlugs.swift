import FilmSiteSupport

/// Gives every name of a taxonomy its own folder, the same on every build.
///
/// A name's slug follows the film slug rule (``Slug``). When several names fold
/// to the same slug (`Film-Noir` and `Film Noir`), the one that comes first in
/// exact character order keeps the plain slug and each other one gets `_` and
/// 8 hex digits of a hash of its own name (`film-noir_784db54e`), so its folder
/// does not depend on which other names the catalog holds. A name with no ASCII
/// letters or digits (`黒澤明`) gets `_` and the hash alone. Plain slugs never
/// hold `_`, so the two kinds of folder never meet.
enum TermSlugs {
  /// The slug of each of `names`, which must be distinct, in the same order;
  /// `folded[i]` is the ``Slug/fold(_:)`` of `names[i]`.
  static func assign(_ names: [String], folded: [String]) -> [String] {
    precondition(folded.count == names.count)
    let bases = folded.map(Slug.truncated)
    // The first name of each base in exact character order keeps it plain.
    // Only the names that lose theirs are sorted: a few, for a whole catalog.
    var plain: [String: Int] = [:]
    plain.reserveCapacity(names.count)
    var others: [Int] = []
    for index in names.indices {
      let base = bases[index]
      guard !base.isEmpty else {
        others.append(index)
        continue
      }
      guard let holder = plain[base] else {
        plain[base] = index
        continue
      }
      if ScalarOrder.precedes(names[index], names[holder]) {
        plain[base] = index
        others.append(holder)
      } else {
        others.append(index)
      }
    }
    // Empty until assigned: every slug has at least `_` and a hash.
    var slugs = [String](repeating: "", count: names.count)
    for (base, index) in plain { slugs[index] = base }
    others.sort { ScalarOrder.precedes(names[$0], names[$1]) }
    var used: Set<String> = []
    for index in others {
      let stem = bases[index] + "_" + hash(names[index])
      var candidate = stem
      var counter = 2
      // Two names of one slug whose hashes agree too: vanishingly rare, still distinct.
      while plain[candidate] != nil || !used.insert(candidate).inserted {
        candidate = stem + "-" + String(counter)
        counter += 1
      }
      slugs[index] = candidate
    }
    return slugs
  }

  /// 8 hex digits of the 64-bit FNV-1a hash of the name's UTF-8 bytes.
  static func hash(_ name: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
    let digits = String(value & 0xffff_ffff, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
