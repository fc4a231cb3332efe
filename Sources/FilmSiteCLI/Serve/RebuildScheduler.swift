/// Turns a burst of file changes into rebuilds that never overlap.
///
/// This is the guard of a list app's load-more paging (`guard canLoadMore,
/// !isLoadingPage`), which the `Paginator` keeps for pages, applied to
/// rebuilds: a change starts a rebuild after a quiet period, so that an
/// editor's save, rename and chmod are one rebuild; a change while a rebuild
/// runs queues exactly one more, however many changes come.
actor RebuildScheduler {
  private let quietPeriod: Duration
  private let rebuild: @Sendable () async -> Void
  /// The running rebuild, which ``finish()`` cancels and waits for.
  private var running: Task<Void, Never>?
  /// A change came while a rebuild ran.
  private var pending = false
  /// The quiet period being waited out; a newer change replaces it.
  private var waiting: Task<Void, Never>?
  /// Tells a replaced wait from the current one, should it wake all the same.
  private var generation = 0
  private var finished = false

  /// - Parameters:
  ///   - quietPeriod: How long no change must come before a rebuild starts.
  ///   - rebuild: The rebuild; it should stop when its task is cancelled.
  init(quietPeriod: Duration, rebuild: @escaping @Sendable () async -> Void) {
    self.quietPeriod = quietPeriod
    self.rebuild = rebuild
  }

  /// Notes a change: a rebuild follows once changes stop for the quiet period.
  func changed() {
    guard !finished else { return }
    guard running == nil else {
      pending = true
      return
    }
    waiting?.cancel()
    generation += 1
    let generation = generation
    waiting = Task { [quietPeriod] in
      do {
        try await Task.sleep(for: quietPeriod)
      } catch {
        return
      }
      await self.start(generation)
    }
  }

  private func start(_ generation: Int) async {
    guard generation == self.generation, running == nil, !finished else { return }
    waiting = nil
    let build = Task { await rebuild() }
    running = build
    await build.value
    running = nil
    if pending {
      pending = false
      changed()
    }
  }

  /// Stops scheduling: a quiet period being waited out is dropped, and a
  /// running rebuild is cancelled and waited for.
  func finish() async {
    finished = true
    waiting?.cancel()
    waiting = nil
    if let running {
      running.cancel()
      await running.value
    }
  }
}
