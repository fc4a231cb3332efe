/// Fetches `GET /movie/{id}?append_to_response=credits,videos,external_ids`
/// for every film of a pull, each id once, and adds what
/// ``TMDBMovieDetails`` gives: the runtime, genres and director, the cast,
/// writers and countries, the trailer, the tagline, the homepage and the
/// IMDb id.
///
/// Up to ``concurrency`` requests are in flight; the client retries transient
/// failures. A film whose details still fail ends the enrichment with its
/// ``TMDBError``, or, with ``allowPartial``, is left out and reported in the
/// result.
public struct TMDBDetailsEnricher: Sendable {
  let client: TMDBClient
  let concurrency: Int
  let allowPartial: Bool
  private let progress: (@Sendable (Progress) -> Void)?

  /// Where the details stage stands, reported after each film's details arrive.
  public struct Progress: Sendable, Equatable {
    public let fetched: Int
    public let total: Int
  }

  /// The films with their details, in the order given.
  public struct Enriched: Sendable {
    public let films: [Film]
    /// The films left out under `allowPartial`, each with the error of its details.
    public let skipped: [TMDBError]
  }

  /// - Parameter progress: Called after each film's details arrive or fail.
  public init(
    client: TMDBClient, concurrency: Int = 1, allowPartial: Bool = false,
    progress: (@Sendable (Progress) -> Void)? = nil
  ) {
    self.client = client
    self.concurrency = min(max(1, concurrency), Paginator.maximumConcurrency)
    self.allowPartial = allowPartial
    self.progress = progress
  }

  /// Returns `films` with their details, keeping their order.
  /// - Throws: The first ``TMDBError`` unless `allowPartial`, or `CancellationError`.
  public func enrich(_ films: [Film]) async throws -> Enriched {
    var ids: [String] = []
    var seen: Set<String> = []
    for film in films where seen.insert(film.id).inserted { ids.append(film.id) }

    var details: [String: TMDBMovieDetails] = [:]
    var failures: [String: TMDBError] = [:]
    let client = self.client
    try await withThrowingTaskGroup(of: (String, Result<TMDBMovieDetails, any Error>).self) {
      group in
      var next = 0
      var inFlight = 0
      while true {
        while inFlight < concurrency, next < ids.count {
          let id = ids[next]
          group.addTask { await Self.request(id, from: client) }
          next += 1
          inFlight += 1
        }
        guard inFlight > 0, let (id, result) = try await group.next() else { break }
        inFlight -= 1
        switch result {
        case .success(let film):
          details[id] = film
        case .failure(let error):
          guard allowPartial, let error = error as? TMDBError else {
            group.cancelAll()
            throw error
          }
          failures[id] = error
        }
        progress?(Progress(fetched: details.count + failures.count, total: ids.count))
        try Task.checkCancellation()
      }
    }

    var enriched: [Film] = []
    enriched.reserveCapacity(films.count)
    var skipped: [TMDBError] = []
    var reported: Set<String> = []
    for film in films {
      if let error = failures[film.id] {
        if reported.insert(film.id).inserted { skipped.append(error) }
      } else if let details = details[film.id] {
        enriched.append(details.enriching(film))
      }
    }
    return Enriched(films: enriched, skipped: skipped)
  }

  /// One details request, with its film id beside the outcome. A static
  /// function, like the paginator's, so the task captures nothing of `self`.
  private static func request(_ id: String, from client: TMDBClient) async
    -> (String, Result<TMDBMovieDetails, any Error>)
  {
    do {
      return (id, .success(try await client.details(ofFilm: id)))
    } catch {
      return (id, .failure(error))
    }
  }
}
