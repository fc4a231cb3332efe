// How many cores a `DispatchQueue.concurrentPerform` uses when it runs inside
// another one, against the same work at the top level, in one run.
//
//   swiftc -O Benchmarks/nested-dispatch.swift -o /tmp/nested-dispatch && /tmp/nested-dispatch
//
// FilmSite's `parallelMap` and `inParallel` are `concurrentPerform`s. The
// browse index used to group its five kinds in a `parallelMap` over the
// kinds, and each kind spread its own work again inside it; this shows what
// that inner spread got (docs/PERFORMANCE.md, twenty-fifth session).
import Dispatch
import Foundation
import Synchronization

let sink = Mutex(0)

/// CPU-bound work the optimizer cannot drop.
@inline(never) func spin(_ rounds: Int) {
  var value = 0
  for round in 0..<rounds { value = value &+ (round &* 2_654_435_761) ^ (value >> 3) }
  sink.withLock { $0 ^= value }
}

func processorSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
}

/// The work measured: sixteen equal pieces spread with `concurrentPerform`.
func spread() {
  DispatchQueue.concurrentPerform(iterations: 16) { _ in spin(1_000_000_000 / 16) }
}

func measure(_ label: String, _ body: () -> Void) -> Double {
  let (start, processor) = (ContinuousClock.now, processorSeconds())
  body()
  let wall = ContinuousClock.now - start
  let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
  let used = processorSeconds() - processor
  print(
    "\(label): wall \(String(format: "%.2f", seconds)) s, CPU \(String(format: "%.2f", used)) s,"
      + " \(String(format: "%.2f", used / seconds)) cores")
  return seconds
}

print("\(ProcessInfo.processInfo.activeProcessorCount) cores")
let top = measure("the spread at the top level") { spread() }
for outer in [2, 5] {
  // The outer spread's other iterations finish at once: only the nesting limits the inner one.
  let nested = measure("the spread inside a spread of \(outer)") {
    DispatchQueue.concurrentPerform(iterations: outer) { index in
      if index == outer - 1 { spread() } else { spin(1_000) }
    }
  }
  print("  nested / top level: \(String(format: "%.2f", nested / top))")
}
print("checksum bit \(sink.withLock { $0 } & 1)")
