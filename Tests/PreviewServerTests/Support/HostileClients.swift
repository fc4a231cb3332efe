import Foundation
import Glibc
import Synchronization

/// Clients that misbehave in every way the server must survive, run on a thread of their own
/// until `stop()`: slow-loris clients trickling a byte every 100 ms, clients that connect and
/// say nothing, and a stream of short-lived connections sending garbage, cut-off lines and
/// oversized heads.
final class HostileClients: Sendable {
  /// A broken request, and whether the server answers it at once (the others wait for more
  /// bytes until the header deadline).
  struct BrokenRequest: Sendable {
    var bytes: [UInt8]
    var isAnswered = true
  }

  /// The kinds of broken request the short-lived connections send, in turn.
  static let brokenRequests: [BrokenRequest] = [
    BrokenRequest(bytes: [
      0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A, 0x0D, 0x0A,
    ]),
    BrokenRequest(bytes: Array("GET /ind".utf8), isAnswered: false),
    BrokenRequest(
      bytes: Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: ".utf8)
        + [UInt8](repeating: 0x61, count: 20_000) + Array("\r\n\r\n".utf8)),
    BrokenRequest(bytes: Array("GET /".utf8) + [UInt8](repeating: 0x62, count: 12_000)),
    BrokenRequest(bytes: [0xFF, 0xFE, 0x00, 0x00, 0x0A, 0x0D, 0x0A, 0x0D, 0x0A]),
    BrokenRequest(bytes: Array("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n".utf8)),
    BrokenRequest(bytes: Array("\r\n\r\n\r\n".utf8), isAnswered: false),
    BrokenRequest(bytes: Array("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
    BrokenRequest(bytes: (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) }),
  ]

  private let port: UInt16
  private let stopping = Atomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  /// Connections opened so far, and answers that started with a 4xx status line.
  let opened = Atomic<Int>(0)
  let refusals = Atomic<Int>(0)

  init(port: UInt16) {
    self.port = port
  }

  func start(slow: Int, silent: Int) {
    let thread = Thread { [self] in
      run(slow: slow, silent: silent)
      done.signal()
    }
    thread.start()
  }

  /// Stops the clients, closes their connections and waits for the thread.
  func stop() {
    stopping.store(true, ordering: .relaxed)
    done.wait()
  }

  private func run(slow: Int, silent: Int) {
    var held: [RawClient] = []
    var trickling: [RawClient] = []
    for index in 0..<(slow + silent) {
      guard let client = try? RawClient(port: port, timeout: 0.5) else { continue }
      opened.add(1, ordering: .relaxed)
      if index < slow {
        try? client.send("GET /index.html HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        trickling.append(client)
      } else {
        held.append(client)
      }
    }
    var turn = 0
    var nextTrickle = Date()
    while !stopping.load(ordering: .relaxed) {
      if Date() >= nextTrickle {
        for client in trickling { try? client.send("a") }
        nextTrickle = Date().addingTimeInterval(0.1)
      }
      let request = Self.brokenRequests[turn % Self.brokenRequests.count]
      turn += 1
      guard let client = try? RawClient(port: port, timeout: 0.5) else { continue }
      opened.add(1, ordering: .relaxed)
      try? client.send(request.bytes)
      // Half of them read the answer; the others hang up at once.
      if turn % 2 == 0 && request.isAnswered {
        let answer = String(decoding: client.readToEnd().prefix(12), as: UTF8.self)
        if answer.hasPrefix("HTTP/1.1 4") { refusals.add(1, ordering: .relaxed) }
      }
      usleep(5_000)
    }
    withExtendedLifetime((held, trickling)) {}
  }
}
