import CLibFuzzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs libFuzzer on a target, with the program's arguments as its flags.
///
/// SwiftPM gives every executable a `main` of its own, so a target's `@main`
/// calls this rather than letting libFuzzer's `main` call the target.
public enum FuzzDriver {
  /// A fuzz target: one input, as libFuzzer hands it over; it returns 0.
  public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Runs libFuzzer on `target` and exits with libFuzzer's status.
  public static func run(_ target: Target) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
  }
}
