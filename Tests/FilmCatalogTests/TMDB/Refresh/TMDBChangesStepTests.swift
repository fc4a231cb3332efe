import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBChangesStepTests {
  /// 2026-12-01 at 09:30 UTC.
  private static let today = Date(timeIntervalSince1970: 1_796_117_400)

  private static func daysAgo(_ days: Int, hour: Double = 0) -> Date {
    // Midnight of the UTC day `days` before `today`, plus `hour` hours.
    let midnight = (today.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
    return Date(timeIntervalSince1970: midnight - Double(days) * 86_400 + hour * 3_600)
  }

  private static func step(_ start: String, _ end: String) -> TMDBChangesStep {
    TMDBChangesStep(start: day(start), end: day(end))
  }

  /// The day `text` names; a text that names none gives a day no step has.
  private static func day(_ text: String) -> CalendarDay {
    CalendarDay(text) ?? CalendarDay(daysSinceEpoch: .min)
  }

  @Test(arguments: [
    (0, [step("2026-12-01", "2026-12-01")]),
    (1, [step("2026-11-30", "2026-12-01")]),
    (13, [step("2026-11-18", "2026-12-01")]),
    (14, [step("2026-11-17", "2026-11-30"), step("2026-12-01", "2026-12-01")]),
    (15, [step("2026-11-16", "2026-11-29"), step("2026-11-30", "2026-12-01")]),
    (20, [step("2026-11-11", "2026-11-24"), step("2026-11-25", "2026-12-01")]),
    (
      40,
      [
        step("2026-10-22", "2026-11-04"), step("2026-11-05", "2026-11-18"),
        step("2026-11-19", "2026-12-01"),
      ]
    ),
  ])
  func stepsCoverEveryDayFromThePullDayThroughToday(days: Int, expected: [TMDBChangesStep]) {
    let since = Self.daysAgo(days, hour: 17.5)
    #expect(TMDBChangesStep.steps(since: since, through: Self.today) == expected)
    #expect(TMDBChangesStep.days(since: since, through: Self.today) == days)
  }

  @Test(arguments: [0, 1, 13, 14, 15, 20, 40, 365])
  func stepsAreContiguousAndEachAtMostFourteenDaysCountingBoth(days: Int) throws {
    let steps = TMDBChangesStep.steps(since: Self.daysAgo(days), through: Self.today)
    let today = Self.day("2026-12-01")
    #expect(try #require(steps.first).start == today.adding(days: -days))
    #expect(try #require(steps.last).end == today)
    for step in steps {
      #expect((1...14).contains(step.start.days(to: step.end) + 1), "\(step)")
    }
    for (earlier, later) in zip(steps, steps.dropFirst()) {
      #expect(later.start == earlier.end.adding(days: 1))
    }
  }

  @Test func aPullTimeAfterTodayAsksForTodayAlone() {
    let tomorrow = Self.today.addingTimeInterval(86_400)
    #expect(
      TMDBChangesStep.steps(since: tomorrow, through: Self.today)
        == [Self.step("2026-12-01", "2026-12-01")])
    #expect(TMDBChangesStep.days(since: tomorrow, through: Self.today) == 0)
  }

  @Test func theDayIsTheUTCDayWhateverTheHour() {
    let lateEvening = Self.daysAgo(1, hour: 23.99)
    #expect(
      TMDBChangesStep.steps(since: lateEvening, through: Self.today)
        == [Self.step("2026-11-30", "2026-12-01")])
  }
}
