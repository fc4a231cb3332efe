// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FilmSite",
  products: [
    .executable(name: "filmsite", targets: ["FilmSiteCLI"]),
    .library(name: "FilmSite", targets: ["FilmSite"]),
    .library(name: "FilmCatalog", targets: ["FilmCatalog"]),
    // For the fuzz targets' package in Tests/Fuzz, which can use only products.
    .library(name: "TOML", targets: ["TOML"]),
    .library(name: "PreviewServer", targets: ["PreviewServer"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]
    ),
    // What both FilmCatalog and FilmSite use: UTF-8 checks, JSON strings, a parallel map.
    .target(name: "FilmSiteSupport"),
    .target(name: "FilmCatalog", dependencies: ["FilmSiteSupport"]),
    .target(name: "TOML"),
    .target(
      name: "FilmSite", dependencies: ["FilmCatalog", "FilmSiteSupport", "CCmark", "TOML"],
      // Compiles Templates/ in as the built-in theme.
      plugins: ["EmbedFiles"]),
    .executableTarget(
      name: "FilmSiteCLI", dependencies: ["FilmSite", "FilmCatalog", "TOML", "PreviewServer"],
      // The files `filmsite init` writes, compiled in by EmbedFiles.
      exclude: ["Init/Starter"], plugins: ["EmbedFiles"]),
    .executableTarget(name: "FileEmbedder"),
    .target(name: "PreviewServer"),
    // Serves a folder for Benchmarks/serve-throughput.sh.
    .executableTarget(name: "PreviewServerBench", dependencies: ["PreviewServer"]),
    .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["FileEmbedder"]),
    .testTarget(name: "FilmCatalogTests", dependencies: ["FilmCatalog", "FilmSiteSupport"]),
    .testTarget(
      name: "FilmSiteTests",
      dependencies: ["FilmSite", "FilmCatalog", "FilmSiteSupport", "TOML"],
      // Read through #filePath, so that golden files can be recorded beside their tests.
      exclude: [
        "Markdown/Fixtures", "Markdown/Snapshots", "Render/Snapshots", "SiteFiles/AtomSchema",
        "SiteFiles/Snapshots", "Theme/MarkdownFilm", "Theme/MarkdownLists", "Theme/MarkdownTerms",
      ]
    ),
    .testTarget(
      name: "FilmSiteCLITests",
      dependencies: ["FilmSiteCLI", "FilmSite", "FilmCatalog"],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "FilmSiteSupportTests", dependencies: ["FilmSiteSupport"]),
    .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer"]),
    .testTarget(
      name: "TOMLTests",
      dependencies: ["TOML"],
      // The tomllib driver is run with python3, not compiled.
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
