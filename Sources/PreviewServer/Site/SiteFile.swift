/// One regular file of the site, read whole right after it was opened.
struct SiteFile: Sendable {
  /// The file's own name (after links are followed), which gives its `Content-Type`.
  var name: Substring
  var bytes: [UInt8]
  var inode: UInt64
  /// Seconds and nanoseconds of the last modification, since 1970.
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  /// A strong validator that changes whenever the file is replaced or rewritten: the inode, the
  /// size and the modification time, in hex. `variant` marks a body that differs from the file
  /// (the reload snippet), so that a cached copy of one is never taken for the other.
  func entityTag(variant: String?) -> String {
    let base =
      "\(String(inode, radix: 16))-\(String(bytes.count, radix: 16))"
      + "-\(String(modifiedSeconds, radix: 16)).\(String(modifiedNanoseconds, radix: 16))"
    return variant.map { "\"\(base)-\($0)\"" } ?? "\"\(base)\""
  }
}
