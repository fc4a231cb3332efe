/// The filters of a TMDB discover query, named and spelled as TMDB's
/// `GET /discover/movie` takes them, each checked before any request is sent.
public struct TMDBDiscoverFilters: Hashable, Sendable {
  /// The filters FilmSite passes on, in the order requests list them.
  public static let names = [
    "sort_by", "primary_release_date.gte", "primary_release_date.lte", "with_genres",
    "with_original_language", "vote_count.gte",
  ]

  /// The orders `sort_by` may name: TMDB's fields, each `.asc` or `.desc`.
  public static let sortFields = [
    "popularity", "revenue", "primary_release_date", "title", "original_title", "vote_average",
    "vote_count",
  ]

  /// What discover lists when `sort_by` is not given: the most popular first.
  public static let defaultSort = "popularity.desc"

  /// The filter values by name.
  public private(set) var values: [String: String] = [:]

  public init() {}

  /// Filters from `name=value` texts, as `--discover` gives them.
  /// - Throws: ``TMDBFilterError`` naming the text that is wrong.
  public init(parsing texts: [String]) throws {
    for text in texts {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw TMDBFilterError(filter: text, problem: .notNameEqualsValue)
      }
      try set(String(text[..<equals]), to: String(text[text.index(after: equals)...]))
    }
  }

  /// Sets one filter after checking its name and value.
  /// - Throws: ``TMDBFilterError`` for an unknown name, a value TMDB would
  ///   refuse or misread, or a name given twice.
  public mutating func set(_ name: String, to value: String) throws {
    guard Self.names.contains(name) else {
      throw TMDBFilterError(filter: name, problem: .unknownName)
    }
    guard values[name] == nil else {
      throw TMDBFilterError(filter: name, problem: .givenTwice)
    }
    if let problem = Self.problem(name: name, value: value) {
      throw TMDBFilterError(filter: "\(name)=\(value)", problem: problem)
    }
    values[name] = value
    if let first = earliest, let last = latest, last < first {
      values[name] = nil
      throw TMDBFilterError(
        filter: "\(name)=\(value)", problem: .emptyDateRange(from: first, to: last))
    }
  }

  public var isEmpty: Bool { values.isEmpty }

  /// The order of the results.
  public var sort: String { values["sort_by"] ?? Self.defaultSort }

  /// `primary_release_date.gte`, when given.
  public var earliest: CalendarDay? { values["primary_release_date.gte"].flatMap(CalendarDay.init) }

  /// `primary_release_date.lte`, when given.
  public var latest: CalendarDay? { values["primary_release_date.lte"].flatMap(CalendarDay.init) }

  /// The filters other than the order and the release dates, in the order of ``names``.
  var others: [(name: String, value: String)] {
    Self.names.dropFirst(3).compactMap { name in values[name].map { (name, $0) } }
  }

  private static func problem(name: String, value: String) -> TMDBFilterError.Problem? {
    switch name {
    case "sort_by":
      let parts = value.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2, sortFields.contains(String(parts[0])),
        parts[1] == "asc" || parts[1] == "desc"
      else { return .notASortOrder }
    case "primary_release_date.gte", "primary_release_date.lte":
      guard CalendarDay(value) != nil else { return .notADate }
    case "with_genres":
      // Genre ids joined by "," (all of them) or "|" (any of them), not both.
      let separators = Set(value.filter { $0 == "," || $0 == "|" })
      let ids = value.split(omittingEmptySubsequences: false) { $0 == "," || $0 == "|" }
      guard separators.count <= 1, ids.allSatisfy(isDigits) else { return .notGenreIDs }
    case "with_original_language":
      guard (2...3).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isLowercase })
      else { return .notALanguage }
    case "vote_count.gte":
      guard isDigits(Substring(value)), value.count <= 9 else { return .notACount }
    default:
      return .unknownName
    }
    return nil
  }

  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
  }
}

/// A discover filter that cannot be sent to TMDB.
public struct TMDBFilterError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case notNameEqualsValue
    case unknownName
    case givenTwice
    case notASortOrder
    case notADate
    case emptyDateRange(from: CalendarDay, to: CalendarDay)
    case notGenreIDs
    case notALanguage
    case notACount
  }

  /// The filter as given, or its name.
  public let filter: String
  public let problem: Problem

  public var description: String {
    switch problem {
    case .notNameEqualsValue:
      return "discover filter '\(filter)' is not name=value"
    case .unknownName:
      return
        "unknown discover filter '\(filter)'; FilmSite passes on \(TMDBDiscoverFilters.names.joined(separator: ", "))"
    case .givenTwice:
      return "discover filter '\(filter)' is given twice"
    case .notASortOrder:
      return
        "discover filter '\(filter)': sort_by takes a field and .asc or .desc, such as popularity.desc; the fields are \(TMDBDiscoverFilters.sortFields.joined(separator: ", "))"
    case .notADate:
      return "discover filter '\(filter)': expected a date as YYYY-MM-DD"
    case .emptyDateRange(let from, let to):
      return "discover filter '\(filter)': no day is on or after \(from) and on or before \(to)"
    case .notGenreIDs:
      return
        "discover filter '\(filter)': with_genres takes TMDB genre ids joined by ',' (all of them) or '|' (any of them)"
    case .notALanguage:
      return
        "discover filter '\(filter)': with_original_language takes an ISO 639-1 code such as fr"
    case .notACount:
      return "discover filter '\(filter)': vote_count.gte takes a whole number"
    }
  }
}
