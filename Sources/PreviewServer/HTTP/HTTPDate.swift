import Glibc

/// HTTP's date format, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), in UTC.
enum HTTPDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The date of `seconds` since 1970.
  static func format(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
    let weekday = weekdays[Int(parts.tm_wday) % 7]
    let month = months[Int(parts.tm_mon) % 12]
    return
      "\(weekday), \(pad(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)) GMT"
  }

  /// Seconds since 1970, or nil when `text` is not an IMF-fixdate (RFC 9110 lets a server
  /// ignore an `If-Modified-Since` it cannot read).
  static func parse(_ text: String) -> Int? {
    let fields = text.split(separator: " ")
    guard fields.count == 6, fields[5] == "GMT", fields[0].count == 4, fields[0].hasSuffix(","),
      weekdays.contains(String(fields[0].dropLast())),
      let day = Int32(fields[1]), fields[1].count == 2,
      let month = months.firstIndex(of: String(fields[2])),
      let year = Int32(fields[3]), fields[3].count == 4
    else { return nil }
    let clock = fields[4].split(separator: ":")
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
      (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second)
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = Int32(month)
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    return Int(timegm(&parts))
  }

  private static func pad(_ value: Int32) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
