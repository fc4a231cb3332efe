import Foundation
import Testing

@testable import FilmCatalog

@Suite struct CalendarDayTests {
  @Test func readsAndWritesTMDBDates() throws {
    let day = try #require(CalendarDay("1990-06-01"))
    #expect(day.description == "1990-06-01")
    #expect(day.components == (1990, 6, 1))
    #expect(CalendarDay("1970-01-01")?.daysSinceEpoch == 0)
    #expect(CalendarDay("1969-12-31")?.daysSinceEpoch == -1)
    #expect(CalendarDay("0001-01-01")?.description == "0001-01-01")
    #expect(CalendarDay("9999-12-31")?.description == "9999-12-31")
  }

  @Test(arguments: [
    "", "1990-6-01", "1990-06-1", "1990/06/01", "1990-13-01", "1990-00-10", "1990-02-29",
    "1900-02-29", "2001-04-31", "0000-01-01", "１９９０-06-01", "1990-06-01 ", "+990-06-01",
  ])
  func refusesWhatIsNotADay(_ text: String) {
    #expect(CalendarDay(text) == nil)
  }

  @Test func leapDaysExistOnlyInLeapYears() {
    #expect(CalendarDay("2000-02-29") != nil)
    #expect(CalendarDay("2024-02-29") != nil)
    #expect(CalendarDay("2100-02-29") == nil)
  }

  /// Every day from 1800 to 2200 agrees with Foundation's Gregorian calendar in UTC.
  @Test func agreesWithFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let first = try #require(CalendarDay("1800-01-01"))
    let last = try #require(CalendarDay("2200-12-31"))
    for count in stride(from: first.daysSinceEpoch, through: last.daysSinceEpoch, by: 1) {
      let day = CalendarDay(daysSinceEpoch: count)
      let date = Date(timeIntervalSince1970: Double(count) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      let components = day.components
      guard parts.year == components.year, parts.month == components.month,
        parts.day == components.day
      else {
        Issue.record("day \(count): \(day) but Foundation says \(parts)")
        return
      }
      #expect(CalendarDay(day.description) == day)
      #expect(CalendarDay(date) == day)
    }
  }

  @Test func countsDaysBetween() throws {
    let start = try #require(CalendarDay("2026-11-11"))
    #expect(start.days(to: try #require(CalendarDay("2026-12-01"))) == 20)
    #expect(start.adding(days: 20).description == "2026-12-01")
    #expect(start.adding(days: -11).description == "2026-10-31")
  }
}
