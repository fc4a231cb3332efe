import TOML
import Testing

/// Nesting is bounded, so that no document can exhaust the stack.
@Suite struct NestingLimitTests {
  private let limit = TOMLParser.maximumDepth

  private func nestedArrays(_ depth: Int) -> String {
    "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  private func nestedInlineTables(_ depth: Int) -> String {
    "a = " + String(repeating: "{b = ", count: depth) + "1" + String(repeating: "}", count: depth)
  }

  private func key(_ parts: Int) -> String {
    Array(repeating: "k", count: parts).joined(separator: ".")
  }

  /// 128 levels of tables and arrays, and a scalar inside the deepest.
  @Test func containersUpToTheLimitAreAccepted() throws {
    #expect(limit == 128)
    _ = try TOMLParser.parse(nestedArrays(limit))
    _ = try TOMLParser.parse(nestedInlineTables(limit))
    _ = try TOMLParser.parse("[\(key(limit))]")
    _ = try TOMLParser.parse("\(key(limit + 1)) = 1")
  }

  @Test func oneLevelMoreIsRefused() {
    let message = "nesting deeper than 128 levels"
    #expect(parseError(nestedArrays(limit + 1)) == error(1, 5 + limit, message))
    #expect(parseError(nestedInlineTables(limit + 1)) == error(1, 5 + 5 * limit, message))
    #expect(parseError("[\(key(limit + 1))]") == error(1, 2 + 2 * limit, message))
    #expect(parseError("\(key(limit + 2)) = 1") == error(1, 1, message))
    #expect(parseError("[[\(key(limit))]]") == error(1, 1, message))
  }

  @Test func pathologicalNestingIsRefusedWithoutCrashing() {
    let depth = 100_000
    let message = "nesting deeper than 128 levels"
    #expect(parseError("a = " + String(repeating: "[", count: depth)) == error(1, 133, message))
    #expect(parseError("a = " + String(repeating: "[{b=", count: depth)) != nil)
    #expect(parseError("[" + key(depth) + "]") == error(1, 258, message))
  }
}
