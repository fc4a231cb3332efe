/// One regular file of the site, read whole right after it was opened.
struct SiteFile: Sendable {
  /// The file's own name (after links are followed), which gives its `Content-Type`.
  var name: Substring
  var bytes: [UInt8]
  /// Seconds of the last modification, since 1970.
  var modifiedSeconds: Int

  /// A strong validator that changes whenever the file's bytes do: a hash of them and their
  /// count, in hex. `variant` marks a body that differs from the file (the reload snippet), so
  /// that a cached copy of one is never taken for the other.
  ///
  /// The file's inode and modification time would not do: a build writes a page over where it
  /// is, keeping its inode, and a file system's clock need not move between two writes (it
  /// keeps whole seconds on some, and ticks every few milliseconds on any). The hash is
  /// Swift's, seeded for each run of the server, so a restarted server sends each file once more.
  func entityTag(variant: String?) -> String {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    let hash = UInt64(bitPattern: Int64(hasher.finalize()))
    let base = "\(String(hash, radix: 16))-\(String(bytes.count, radix: 16))"
    return variant.map { "\"\(base)-\($0)\"" } ?? "\"\(base)\""
  }
}
