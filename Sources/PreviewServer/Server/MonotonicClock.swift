import Glibc

/// Nanoseconds of `CLOCK_MONOTONIC`, which deadlines are measured in.
enum MonotonicClock {
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}

extension Duration {
  /// The duration in whole nanoseconds; 0 when it is negative.
  var nanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }
}
