/// A key of `filmsite.toml` and the command-line option it stands for.
///
/// ``all`` is the one table of keys: the reader checks a file against it,
/// and the README documents each key beside its flag (a test keeps them in step).
struct ConfigKey: Sendable {
  /// What a key's value must be.
  enum Kind: Sendable {
    case text
    /// An `http` or `https` URL.
    case url
    /// A string naming a file or folder, relative to the config file's folder.
    case path
    case integer(ClosedRange<Int>)
    /// A boolean; `true` gives the flag.
    case flag
    /// A boolean; `false` gives the flag (`reload = false` is `--no-reload`).
    case negatedFlag
    /// An array of strings, each given as the option once (`nav = ["about.md"]` is `--nav about.md`).
    case textList
    /// A table of header names and string values, each given as `--header 'Name: value'`.
    case headers
    /// A table of TMDB discover filters, each given as `--discover 'name=value'`.
    case discoverFilters

    var expected: String {
      switch self {
      case .text, .path: return "a string"
      case .url: return "an http or https URL"
      case .integer(let range) where range.upperBound == Int.max:
        return "an integer of at least \(range.lowerBound)"
      case .integer(let range):
        return "an integer from \(range.lowerBound) to \(range.upperBound)"
      case .flag, .negatedFlag: return "true or false"
      case .textList: return "an array of strings"
      case .headers: return "a table of header names and string values"
      case .discoverFilters: return "a table of TMDB discover filters and their values"
      }
    }
  }

  /// The table the key is in: `""` for the top level, or one of ``tables``.
  let table: String
  let name: String
  let option: String
  let kind: Kind

  /// The key as the README and errors name it, such as `source.api.retries`.
  var path: String { table.isEmpty ? name : table + "." + name }

  /// The tables a file may have, besides the top level.
  static let tables = ["source", "source.api", "source.tmdb", "pull", "serve"]

  /// The tables that say where films come from: only one may be given.
  static let sourceTables = ["source.api", "source.tmdb"]

  static let all: [ConfigKey] =
    [
      .init(table: "", name: "title", option: "--title", kind: .text),
      .init(table: "", name: "base_url", option: "--base-url", kind: .url),
      .init(table: "", name: "output", option: "--output", kind: .path),
      .init(table: "", name: "theme", option: "--templates", kind: .path),
      .init(table: "", name: "content", option: "--content", kind: .path),
      .init(table: "", name: "nav", option: "--nav", kind: .textList),
      .init(
        table: "", name: "page_size", option: "--page-size", kind: .integer(OptionRanges.pageSize)),
      .init(table: "", name: "poster_base_url", option: "--poster-base-url", kind: .text),
      .init(
        table: "", name: "cast_pages", option: "--cast-pages",
        kind: .integer(OptionRanges.castCount)),
      .init(
        table: "", name: "cast_shown", option: "--cast-shown",
        kind: .integer(OptionRanges.castCount)),
      .init(table: "", name: "quiet", option: "--quiet", kind: .flag),
      .init(table: "source", name: "catalog", option: "--catalog", kind: .path),
      .init(table: "pull", name: "out", option: "--out", kind: .path),
      .init(table: "pull", name: "update", option: "--update", kind: .path),
      .init(table: "serve", name: "port", option: "--port", kind: .integer(OptionRanges.port)),
      .init(table: "serve", name: "host", option: "--host", kind: .text),
      .init(table: "serve", name: "base_path", option: "--base-path", kind: .text),
      .init(table: "serve", name: "reload", option: "--no-reload", kind: .negatedFlag),
    ] + sourceKeys(in: "source", maxPages: OptionRanges.maxPages)
    + [.init(table: "source.api", name: "url", option: "--api", kind: .url)]
    + requestKeys(in: "source.api") + sourceKeys(in: "source.api", maxPages: OptionRanges.maxPages)
    + [
      .init(table: "source.tmdb", name: "url", option: "--api", kind: .url),
      .init(table: "source.tmdb", name: "language", option: "--language", kind: .text),
      .init(table: "source.tmdb", name: "include_adult", option: "--include-adult", kind: .flag),
      .init(table: "source.tmdb", name: "discover", option: "--discover", kind: .discoverFilters),
      .init(table: "source.tmdb", name: "snapshot", option: "--snapshot", kind: .path),
    ] + requestKeys(in: "source.tmdb")
    + sourceKeys(in: "source.tmdb", maxPages: OptionRanges.tmdbMaxPages)

  /// The keys of every source: which films, how many pages, and whether a failed page may be skipped.
  private static func sourceKeys(in table: String, maxPages: ClosedRange<Int>) -> [ConfigKey] {
    [
      .init(table: table, name: "query", option: "--query", kind: .text),
      .init(table: table, name: "max_pages", option: "--max-pages", kind: .integer(maxPages)),
      .init(table: table, name: "allow_partial", option: "--allow-partial", kind: .flag),
    ]
  }

  /// The keys of an HTTP source.
  private static func requestKeys(in table: String) -> [ConfigKey] {
    [
      .init(table: table, name: "headers", option: "--header", kind: .headers),
      .init(
        table: table, name: "concurrency", option: "--concurrency",
        kind: .integer(OptionRanges.concurrency)),
      .init(
        table: table, name: "retries", option: "--retries", kind: .integer(OptionRanges.retries)),
      .init(
        table: table, name: "timeout", option: "--timeout", kind: .integer(OptionRanges.timeout)),
      .init(
        table: table, name: "max_response_bytes", option: "--max-response-bytes",
        kind: .integer(OptionRanges.maxResponseBytes)),
      .init(
        table: table, name: "max_rate", option: "--max-rate", kind: .integer(OptionRanges.maxRate)),
    ]
  }
}
