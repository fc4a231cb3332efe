import Foundation
import Testing

@testable import FilmCatalog

@Suite struct HTTPTransportTests {
  /// The transport's connection pool is its own setting; a request past it would wait for a
  /// connection, so it must hold every request a pull keeps in flight.
  @Test func keepsAConnectionForEveryRequestAPullKeepsInFlight() throws {
    #expect(Paginator.maximumConcurrency <= HTTPTransport.maximumConnectionsPerHost)
    let client = TMDBClient(
      baseURL: try #require(URL(string: "http://127.0.0.1:9/3")), credentials: .apiKey("k"))
    defer { client.close() }
    let details = TMDBDetailsEnricher(client: client, concurrency: .max)
    #expect(details.concurrency <= HTTPTransport.maximumConnectionsPerHost)
  }
}
