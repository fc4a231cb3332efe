#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A bump allocator for libcmark, one per thread: cmark's fast path
/// (``MarkdownRenderer/Memory/threadArena``).
///
/// cmark allocates each node and each buffer of a document on its own, and
/// frees each again. Here allocation moves a pointer within a chunk, `free`
/// does nothing, and the end of the outermost ``withDocument(_:)`` takes back
/// a whole document's memory at once, after its HTML has been copied out.
///
/// Each block keeps its size in the 16 bytes before it, so `realloc` can copy
/// it (or grow it in place when it is the last one). Memory is per thread, so
/// renders on different cores never share a chunk.
///
/// Like cmark's own allocator, the functions cmark calls stop the program
/// when memory runs out: cmark does not check what they return.
enum ThreadArena {
  /// The chunk size; a larger request gets a chunk of its own.
  static let chunkSize = 256 * 1024
  /// Before each block: its size. At the start of each chunk: the chunk
  /// retired before it, and the chunk's capacity.
  private static let headerSize = 16

  /// The arena as cmark's allocator, for documents rendered inside
  /// ``withDocument(_:)``: its `free` does nothing, since the memory comes
  /// back when the document ends.
  static let allocator = CommonMark.Allocator(
    calloc: { count, size in
      guard let block = ThreadArena.allocateZeroed(count, size) else { outOfMemory() }
      return block
    },
    realloc: { pointer, size in
      guard let block = ThreadArena.reallocate(pointer, to: size) else { outOfMemory() }
      return block
    },
    free: { _ in })

  /// Runs `body`, which renders a document with the functions above, and
  /// then takes back everything this thread allocated for it. Nothing
  /// allocated inside may be used after. A document rendered inside another
  /// one's `body` leaves the outer one's memory alone.
  static func withDocument<Result>(_ body: () throws -> Result) rethrows -> Result {
    let state = current
    state.pointee.depth += 1
    defer {
      state.pointee.depth -= 1
      if state.pointee.depth == 0 { reset(state) }
    }
    return try body()
  }

  /// The bytes this thread's arena holds from the system.
  static var heldBytes: Int {
    let state = current
    var held = state.pointee.capacity
    var retired = state.pointee.retired
    while let chunk = retired {
      held += (chunk + 8).load(as: Int.self)
      retired = chunk.load(as: UnsafeMutableRawPointer?.self)
    }
    return held
  }

  private static func reset(_ state: UnsafeMutablePointer<State>) {
    releaseChunks(from: state.pointee.retired)
    state.pointee.retired = nil
    state.pointee.last = nil
    if state.pointee.capacity > chunkSize {
      // A chunk grown for one huge document is not kept for the next.
      releaseChunks(from: state.pointee.chunk, following: false)
      state.pointee.chunk = nil
      state.pointee.capacity = 0
    }
    state.pointee.used = headerSize
  }

  /// One thread's chunk: `used` bytes of `capacity` taken.
  private struct State {
    var chunk: UnsafeMutableRawPointer?
    var used: Int
    var capacity: Int
    /// Chunks filled since the last reset, linked through their first bytes.
    var retired: UnsafeMutableRawPointer?
    /// The last block handed out, which `realloc` can grow in place.
    var last: UnsafeMutableRawPointer?
    /// How many ``withDocument(_:)`` calls are running on the thread.
    var depth: Int
  }

  /// The key of each thread's state, freed with the thread.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { raw in
      guard let state = raw?.assumingMemoryBound(to: State.self) else { return }
      releaseChunks(from: state.pointee.retired)
      releaseChunks(from: state.pointee.chunk, following: false)
      state.deinitialize(count: 1)
      state.deallocate()
    }
    // Without a key of its own, no thread could find its arena.
    if made != 0 { outOfMemory() }
    return key
  }()

  private static var current: UnsafeMutablePointer<State> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: State.self) }
    let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    state.initialize(
      to: State(chunk: nil, used: 0, capacity: 0, retired: nil, last: nil, depth: 0))
    if pthread_setspecific(key, state) != 0 { outOfMemory() }
    return state
  }

  private static func rounded(_ size: Int) -> Int { (size + 15) & ~15 }

  /// Sizes above this are refused: a `size_t` past `Int.max` arrives negative.
  private static let largest = Int.max / 2

  /// `count` blocks of `size` bytes, zeroed, or `nil` when that is too large.
  static func allocateZeroed(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    guard count >= 0, size >= 0 else { return nil }
    let (total, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow, let block = allocate(total) else { return nil }
    memset(block, 0, total)
    return block
  }

  /// A block of `size` bytes, 16-byte aligned, or `nil` when memory runs out.
  static func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
    guard size >= 0, size <= largest else { return nil }
    let state = current
    let need = headerSize + rounded(size)
    if state.pointee.chunk == nil || state.pointee.used + need > state.pointee.capacity {
      guard newChunk(for: need, in: state) else { return nil }
    }
    guard let chunk = state.pointee.chunk else { return nil }
    let header = chunk + state.pointee.used
    header.storeBytes(of: size, as: Int.self)
    state.pointee.used += need
    let block = header + headerSize
    state.pointee.last = block
    return block
  }

  /// Retires the current chunk and starts one with room for `need` bytes.
  private static func newChunk(for need: Int, in state: UnsafeMutablePointer<State>) -> Bool {
    let capacity = max(chunkSize, headerSize + need)
    guard let fresh = malloc(capacity) else { return false }
    fresh.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    (fresh + 8).storeBytes(of: capacity, as: Int.self)
    if let old = state.pointee.chunk {
      old.storeBytes(of: state.pointee.retired, as: UnsafeMutableRawPointer?.self)
      state.pointee.retired = old
    }
    state.pointee.chunk = fresh
    state.pointee.capacity = capacity
    state.pointee.used = headerSize
    state.pointee.last = nil
    return true
  }

  /// `pointer`'s block with room for `size` bytes, its bytes kept, or `nil`
  /// when memory runs out.
  static func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int)
    -> UnsafeMutableRawPointer?
  {
    guard let pointer else { return allocate(size) }
    guard size >= 0, size <= largest else { return nil }
    let state = current
    let oldSize = (pointer - headerSize).load(as: Int.self)
    if pointer == state.pointee.last {
      // The last block grows (or shrinks) where it is when the chunk has room.
      let used = state.pointee.used - rounded(oldSize) + rounded(size)
      if used <= state.pointee.capacity {
        state.pointee.used = used
        (pointer - headerSize).storeBytes(of: size, as: Int.self)
        return pointer
      }
    }
    guard let block = allocate(size) else { return nil }
    memcpy(block, pointer, min(oldSize, size))
    return block
  }
}

/// Gives `chunk` back to the system, and the chunks linked from it unless
/// `following` is false.
private func releaseChunks(from chunk: UnsafeMutableRawPointer?, following: Bool = true) {
  var next = chunk
  while let chunk = next {
    next = following ? chunk.load(as: UnsafeMutableRawPointer?.self) : nil
    free(chunk)
  }
}

/// Stops the program, as cmark's own allocator does when memory runs out.
private func outOfMemory() -> Never {
  let message = "filmsite: out of memory while rendering Markdown\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
  abort()
}
