import FilmCatalog
import FilmSite

extension BuildSummary {
  /// Prints each film value and each note the build left out, one
  /// `warning:` line each on stderr with secrets masked: what `build` and
  /// `serve` print after a build that planned the site. An up-to-date site
  /// has none to print.
  func printFieldWarnings(secrets: [String]) {
    for warning in fieldWarnings.map(\.description) + contentWarnings.map(\.description) {
      FilmSiteCommand.printError("warning: " + SecretMasking.redacting(secrets, in: warning))
    }
  }
}
