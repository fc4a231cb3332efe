#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A property a fuzz target holds its code to. A failed one prints what was
/// expected and aborts, which libFuzzer reports as a crash and saves the input for.
public enum FuzzCheck {
  public static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    guard !condition() else { return }
    let text = "property failed at \(file):\(line): \(message())\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
  }
}
