/// The wire form of server-sent events (the HTML standard's `text/event-stream`).
enum EventStreamMessage {
  /// What a new stream starts with: clients retry after a second when it drops, as it does
  /// when `filmsite serve` restarts.
  static let opening = Array("retry: 1000\n\n".utf8)
  /// A comment line, which clients ignore, to keep an idle stream open.
  static let heartbeat = Array(": heartbeat\n\n".utf8)

  /// `event: name` and one `data:` line for each line of `data`. Line breaks in `name` are
  /// dropped, since they would end the field early.
  static func event(_ name: String, data: String) -> [UInt8] {
    var text = ""
    let cleanName = name.filter { !isLineBreak($0) }
    if !cleanName.isEmpty { text += "event: \(cleanName)\n" }
    // Swift treats "\r\n" as one Character, so splitting on these covers CRLF, LF and CR.
    for line in data.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak) {
      text += "data: \(line)\n"
    }
    text += "\n"
    return Array(text.utf8)
  }

  private static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r" || character == "\r\n"
  }
}
