import Testing

@testable import FilmSite

/// ``ContentDate``: the dates of feed entries, written as RFC 3339 and ordered by instant.
@Suite struct AtomContentDateTests {
  private static func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
    offset: Int
  ) -> ContentDate? {
    ContentDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offsetMinutes: offset)
  }

  @Test func aDayAloneIsWrittenAsItsMidnightInUTC() {
    #expect(ContentDate(year: 2026, month: 11, day: 30)?.rfc3339 == "2026-11-30T00:00:00Z")
    #expect(ContentDate(year: 42, month: 2, day: 3)?.rfc3339 == "0042-02-03T00:00:00Z")
  }

  @Test(arguments: [
    (0, "2026-11-30T18:05:09Z"),
    (120, "2026-11-30T18:05:09+02:00"),
    (-330, "2026-11-30T18:05:09-05:30"),
    (23 * 60 + 59, "2026-11-30T18:05:09+23:59"),
  ])
  func aTimeIsWrittenWithItsOffset(offset: Int, expected: String) {
    #expect(Self.date(2026, 11, 30, 18, 5, 9, offset: offset)?.rfc3339 == expected)
  }

  @Test func partsOutOfRangeGiveNoDate() {
    #expect(ContentDate(year: 2026, month: 2, day: 29) == nil)
    #expect(ContentDate(year: 0, month: 1, day: 1) == nil)
    #expect(ContentDate(year: 10_000, month: 1, day: 1) == nil)
    #expect(ContentDate(year: 2026, month: 13, day: 1) == nil)
    #expect(Self.date(2026, 1, 1, 24, 0, 0, offset: 0) == nil)
    #expect(Self.date(2026, 1, 1, 0, 60, 0, offset: 0) == nil)
    #expect(Self.date(2026, 1, 1, 0, 0, 60, offset: 0) == nil)
    #expect(Self.date(2026, 1, 1, -1, 0, 0, offset: 0) == nil)
    #expect(Self.date(2026, 1, 1, 0, 0, 0, offset: 24 * 60) == nil)
    #expect(Self.date(2026, 1, 1, 0, 0, 0, offset: -24 * 60) == nil)
    #expect(ContentDate(year: 2024, month: 2, day: 29) != nil)
  }

  @Test func datesAreOrderedByTheInstantTheyName() throws {
    // 01:00 at +02:00 is 23:00 the day before in UTC.
    let early = try #require(Self.date(2026, 11, 30, 1, 0, 0, offset: 120))
    let late = try #require(Self.date(2026, 11, 29, 23, 30, 0, offset: 0))
    #expect(early < late)
    #expect(early.secondsSinceEpoch == late.secondsSinceEpoch - 1_800)
    let midnight = try #require(ContentDate(year: 1970, month: 1, day: 1))
    #expect(midnight.secondsSinceEpoch == 0)
  }

  @Test func datesOfOneInstantAreStillInATotalOrder() throws {
    let dayAlone = try #require(ContentDate(year: 2026, month: 11, day: 30))
    let midnightUTC = try #require(Self.date(2026, 11, 30, 0, 0, 0, offset: 0))
    let sameInParis = try #require(Self.date(2026, 11, 30, 1, 0, 0, offset: 60))
    let dates = [sameInParis, midnightUTC, dayAlone]
    #expect(Set(dates.map(\.secondsSinceEpoch)).count == 1)
    #expect(dates.sorted() == [dayAlone, midnightUTC, sameInParis])
    #expect(dates.reversed().sorted() == [dayAlone, midnightUTC, sameInParis])
    #expect(!(dayAlone < dayAlone))
  }
}
