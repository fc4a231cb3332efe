// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer targets, one per parser, in a package of their own so that the
/// instrumented build (`-sanitize=fuzzer,address`) never touches the main one.
/// `scripts/fuzz` builds and runs them; see README.md.
let package = Package(
  name: "FilmSiteFuzz",
  dependencies: [.package(name: "FilmSite", path: "../..")],
  targets: [
    // libFuzzer's driver, declared for Swift.
    .target(name: "CLibFuzzer"),
    // What every target shares: the driver, reading an input in parts, failing loudly.
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
    fuzzTarget("FuzzCatalog", ["FilmCatalog"]),
    fuzzTarget("FuzzTemplate", ["FilmSite"]),
    fuzzTarget("FuzzManifest", ["FilmSite"]),
    fuzzTarget("FuzzMarkdown", ["FilmSite"]),
    fuzzTarget("FuzzHTMLLinks", ["FilmSite"]),
    fuzzTarget("FuzzHTTP", ["FilmCatalog"]),
    fuzzTarget("FuzzTOML", ["TOML"]),
    fuzzTarget("FuzzRequestParser", ["PreviewServer"]),
  ],
  swiftLanguageModes: [.v6]
)

/// An executable whose `@main` hands libFuzzer the target's function (``FuzzDriver``).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "FilmSite") })
}
