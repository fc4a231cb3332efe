import Foundation
import Testing

@testable import FilmCatalog

@Suite struct SecretMaskingTests {
  @Test(arguments: [
    (
      "https://api.example.com/3/search?api_key=abc123&query=x",
      "https://api.example.com/3/search?api_key=***&query=x"
    ),
    (
      "https://u:pw@api.example.com/s?access_token=t&page=2",
      "https://u:***@api.example.com/s?access_token=***&page=2"
    ),
    (
      "http://127.0.0.1:8000/search?client_secret=s&x_key=k&q=1",
      "http://127.0.0.1:8000/search?client_secret=***&x_key=***&q=1"
    ),
    ("http://127.0.0.1:8000/search?query=matrix", "http://127.0.0.1:8000/search?query=matrix"),
  ])
  func masksSecretQueryItemsAndPasswords(url: String, masked: String) throws {
    #expect(SecretMasking.masked(try #require(URL(string: url))) == masked)
  }

  @Test func redactsSecretValuesFromText() {
    #expect(SecretMasking.redacting(["tok-123", "ab"], in: "body: tok-123 ab") == "body: *** ab")
  }
}
