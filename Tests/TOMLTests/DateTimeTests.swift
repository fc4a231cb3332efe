import TOML
import Testing

@Suite struct DateTimeTests {
  private func value(_ literal: String) throws -> TOMLValue? {
    try TOMLParser.parse("d = \(literal)")["d"]
  }

  private let date = TOMLLocalDate(year: 1979, month: 5, day: 27)

  @Test func offsetDateTimesKeepTheirOffsetInMinutes() throws {
    let time = TOMLLocalTime(hour: 0, minute: 32, second: 0, fraction: "999999")
    #expect(
      try value("1979-05-27T00:32:00.999999-07:00")
        == .offsetDateTime(TOMLOffsetDateTime(date: date, time: time, offsetMinutes: -420)))
    let utc = TOMLLocalTime(hour: 7, minute: 32, second: 0)
    for literal in ["1979-05-27T07:32:00Z", "1979-05-27t07:32:00z", "1979-05-27 07:32:00+00:00"] {
      #expect(
        try value(literal)
          == .offsetDateTime(TOMLOffsetDateTime(date: date, time: utc, offsetMinutes: 0)))
    }
  }

  @Test func localKindsHaveNoOffset() throws {
    let time = TOMLLocalTime(hour: 7, minute: 32, second: 0)
    #expect(
      try value("1979-05-27T07:32:00")
        == .localDateTime(TOMLLocalDateTime(date: date, time: time)))
    #expect(try value("1979-05-27") == .localDate(date))
    #expect(try value("07:32:00") == .localTime(time))
  }

  @Test func fractionalSecondsAreKeptAsWritten() throws {
    let time = try value("00:00:00.1234567890123")
    #expect(
      time == .localTime(TOMLLocalTime(hour: 0, minute: 0, second: 0, fraction: "1234567890123")))
    #expect(try value("00:00:00.5") != value("00:00:00.50"))
    #expect(
      TOMLLocalTime(hour: 0, minute: 0, second: 0, fraction: "1234567890123").nanosecond
        == 123_456_789)
  }

  @Test func aDateFollowedBySpaceAndCommentIsADate() throws {
    #expect(try value("1979-05-27 # a date") == .localDate(date))
  }

  @Test func descriptionsAreRFC3339() throws {
    let time = TOMLLocalTime(hour: 7, minute: 2, second: 3, fraction: "25")
    #expect(
      TOMLOffsetDateTime(date: date, time: time, offsetMinutes: 330).description
        == "1979-05-27T07:02:03.25+05:30")
    #expect(
      TOMLOffsetDateTime(date: date, time: time, offsetMinutes: 0).description
        == "1979-05-27T07:02:03.25Z")
    #expect(TOMLLocalDate(year: 5, month: 1, day: 2).description == "0005-01-02")
  }

  @Test func leapDaysExistInLeapYearsOnly() throws {
    #expect(try value("2000-02-29") == .localDate(TOMLLocalDate(year: 2000, month: 2, day: 29)))
    #expect(try value("2024-02-29") == .localDate(TOMLLocalDate(year: 2024, month: 2, day: 29)))
    #expect(parseError("d = 1900-02-29") == error(1, 5, "date \"1900-02-29\" does not exist"))
    #expect(parseError("d = 2023-02-29") == error(1, 5, "date \"2023-02-29\" does not exist"))
  }

  /// RFC 3339 allows second 60 for leap seconds and year 0000; tomllib refuses both, see
  /// `KnownDivergence`.
  @Test func leapSecondsAndYearZeroAreAccepted() throws {
    #expect(try value("1990-12-31T23:59:60Z") != nil)
    #expect(try value("0000-01-01") == .localDate(TOMLLocalDate(year: 0, month: 1, day: 1)))
  }

  @Test(arguments: [
    ("1979-13-01", "date \"1979-13-01\" does not exist"),
    ("1979-00-10", "date \"1979-00-10\" does not exist"),
    ("1979-04-31", "date \"1979-04-31\" does not exist"),
    ("1979-05-00", "date \"1979-05-00\" does not exist"),
    ("1979-05-27T24:00:00", "time \"1979-05-27T24:00:00\" does not exist"),
    ("23:60:00", "time \"23:60:00\" does not exist"),
    ("23:59:61", "time \"23:59:61\" does not exist"),
    ("1979-05-27T07:32:00+24:00", "time offset in \"1979-05-27T07:32:00+24:00\" does not exist"),
    ("1979-05-27T07:32:00-07:60", "time offset in \"1979-05-27T07:32:00-07:60\" does not exist"),
    ("1979-05-27T07:32", "invalid date-time \"1979-05-27T07:32\""),
    ("07:32", "invalid date-time \"07:32\""),
    ("7:32:00", "invalid date-time \"7:32:00\""),
    ("1979-5-27", "invalid date-time \"1979-5-27\""),
    ("1979-05-27T", "invalid date-time \"1979-05-27T\""),
    ("1979-05-27T07:32:00.", "invalid date-time \"1979-05-27T07:32:00.\""),
    ("1979-05-27T07:32:00+7:00", "invalid date-time \"1979-05-27T07:32:00+7:00\""),
    ("07:32:00Z", "invalid date-time \"07:32:00Z\""),
    ("1979-05-27X07:32:00", "invalid date-time \"1979-05-27X07:32:00\""),
  ])
  func malformedDateTimesAreRefused(literal: String, message: String) {
    #expect(parseError("d = \(literal)") == error(1, 5, message))
  }

  @Test func aPartialTimeAfterTheSpaceMakesAnInvalidDateTime() {
    #expect(
      parseError("d = 1979-05-27 07:32") == error(1, 5, "invalid date-time \"1979-05-27 07:32\""))
    #expect(parseError("d = 1979-05-27 07") == error(1, 16, "expected a newline after a value"))
  }
}
