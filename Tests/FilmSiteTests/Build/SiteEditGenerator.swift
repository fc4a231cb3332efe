import Foundation

@testable import FilmCatalog
@testable import FilmSite

/// Seeded random films and edits for the incremental build equality test: the
/// same seed makes the same catalog and the same edits, so a failure can be
/// replayed from its seed.
///
/// The pools are small so that films share genres, directors, years and
/// actors, and edits move films between the lists those make.
struct SiteEditGenerator {
  private var random: SplitMix64
  /// The next new film's id; ids are never reused, as a source's are not.
  private var nextID = 1
  /// The number of the next actor no film had yet.
  private var nextNewcomer = 1

  /// Whether edits write notes and the About page.
  private let content: Bool

  /// Every how many steps the edit is one of the film template, if at all.
  private let filmTemplateEvery: Int?

  /// - Parameters:
  ///   - content: Whether edits write notes and the About page; a site
  ///     without them can be rebuilt without a plan (``FilmPageRebuild``).
  ///   - filmTemplateEvery: Every how many steps the film template is
  ///     edited (or put back), between the other edits; `nil` for as often
  ///     as any theme file.
  init(seed: UInt64, content: Bool = true, filmTemplateEvery: Int? = nil) {
    random = SplitMix64(seed: seed)
    self.content = content
    self.filmTemplateEvery = filmTemplateEvery
  }

  private static let words = [
    "Night", "Heat", "alien", "Amélie", "Straße", "Sun", "Rain & Fire", "<b>Bold</b>", "Zulu",
    "Ballad", "the", "Film", "Quiet", "Éclair", "水", "Odyssey",
  ]
  private static let genres = [
    "Drama", "Comedy", "Film Noir", "Film-Noir", "Science Fiction", "Horror", "War", "Western",
  ]
  private static let directors = [
    "Agnès Varda", "Akira Kurosawa", "Chantal Akerman", "Jean-Luc Godard", "Satyajit Ray",
    "Claire Denis", "Wong Kar-wai", "Kelly Reichardt", "Ousmane Sembène", "Billy Wilder",
  ]
  /// The actors, one of them spelt two ways (precomposed and decomposed),
  /// which the site takes as one name.
  private static let actors =
    (1...24).map { "Actor \($0)" } + ["Zoë \"Q\" Smith", "Zoe\u{308} \"Q\" Smith", "李 雪"]

  /// A catalog of 40 to 60 films.
  mutating func catalog() -> [Film] {
    (0..<random.int(40...60)).map { _ in film() }
  }

  /// A new film, every field drawn from the pools. Now and then its poster
  /// path is one the plan leaves out: blank (silently) or unsafe (with a warning).
  mutating func film() -> Film {
    defer { nextID += 1 }
    let poster = random.chance(85) ? nil : random.pick(["  ", "javascript:alert(1)", "/p.jpg"])
    return Film(
      id: String(nextID), title: title(), year: year(), director: director(), genres: genres(),
      overview: overview(), posterPath: poster
    ).with { $0.cast = cast() }
  }

  /// An edit that changes `site`: a film added or removed, one field of one
  /// film, the page size, or a theme file.
  mutating func edit(of site: EditedSite, step: Int) -> SiteEdit {
    if let every = filmTemplateEvery, step.isMultiple(of: every) {
      return templateEdit(of: "film.html", in: site, step: step)
    }
    let id = random.pick(site.films).id
    switch random.int(0...126) {
    case 100..<108 where content:
      return .note(id: id, text: random.chance(20) ? nil : note(for: id))
    case 108..<112 where content: return .about(text: about())
    case 100..<124:
      return .details(
        id: id, runtime: random.chance(80) ? random.int(60...200) : nil,
        tagline: random.chance(60) ? title() : nil,
        releaseDate: random.chance(70)
          ? "19\(random.int(50...65))-0\(random.int(1...9))-1\(random.int(0...9))"
          // Not a calendar date, or blank: left out, with a warning or without.
          : random.chance(50) ? random.pick(["1955-02-30", " "]) : nil)
    case 124..<127:
      return .baseURL(site.baseURL == nil ? "https://films.example/" : nil)
    case 0..<10 where site.films.count < 70:
      return .add(film(), at: random.int(0...site.films.count))
    case 10..<18 where site.films.count > 30: return .remove(id: id)
    case 0..<30: return .retitle(id: id, title: title())
    case 30..<42: return .genres(id: id, genres())
    case 42..<52: return .director(id: id, director())
    case 52..<64: return .year(id: id, year())
    case 64..<74: return .overview(id: id, overview())
    case 74..<86:
      // Half the time an actor billed too late for a page of their own is
      // renamed, or given another character: the film's page alone shows
      // them, and links them to the page another film gives them.
      let pages = SiteConfiguration.defaultCastPagesPerFilm
      let longCasts = site.films.filter { $0.cast.count > pages }
      guard !longCasts.isEmpty, random.chance(50) else { return .cast(id: id, cast()) }
      let film = random.pick(longCasts)
      var changed = film.cast
      let index = random.int(pages...(changed.count - 1))
      changed[index] =
        random.chance(50)
        ? Film.CastMember(name: random.pick(Self.actors), character: changed[index].character)
        : Film.CastMember(name: changed[index].name, character: random.pick(Self.words))
      return .cast(id: film.id, changed)
    case 86..<92: return .pageSize(random.pick(Array((3...12).filter { $0 != site.pageSize })))
    default:
      return templateEdit(of: random.pick(SiteEdit.themeFiles.map(\.name)), in: site, step: step)
    }
  }

  /// An edit of the theme's `file`, marked with `step`, or the built-in file put back.
  private mutating func templateEdit(of file: String, in site: EditedSite, step: Int) -> SiteEdit {
    let changed = FileManager.default.fileExists(atPath: site.themeDirectory + "/" + file)
    // A changed file is as often put back as changed again.
    return .template(file: file, marker: changed && random.chance(50) ? nil : step)
  }

  /// A note's text: some of the owner's keys, sometimes a corrected title
  /// or year (which move the film), and a body that links its own film and
  /// the About page.
  mutating func note(for id: String) -> String {
    var lines: [String] = []
    if random.chance(60) {
      let halves = random.int(0...20)
      lines.append("rating = \(halves / 2).\(halves % 2 * 5)")
    }
    if random.chance(50) {
      let tags = (0..<random.int(1...2)).map { _ in "\"" + random.pick(Self.tags) + "\"" }
      lines.append("tags = [\(tags.joined(separator: ", "))]")
    }
    if random.chance(30) { lines.append("featured = true") }
    if random.chance(30) {
      lines.append("watched = [2026-0\(random.int(1...9))-1\(random.int(0...9))]")
    }
    if random.chance(20) { lines.append("title = \"\(title())\"") }
    if random.chance(15) { lines.append("year = \(random.int(1950...1965))") }
    let body =
      random.chance(70)
      ? "Seen \(random.pick(Self.words)). [Again](film:\(id)), and [about](@/about.md).\n" : ""
    return "+++\n" + lines.joined(separator: "\n") + "\n+++\n" + body
  }

  /// The About page's text, with a new title now and then.
  mutating func about() -> String {
    "+++\ntitle = \"About \(random.pick(Self.words))\"\n+++\nWe \(random.pick(Self.words)).\n"
  }

  private static let tags = ["Noir", "Favourites", "Rewatch", "Festival 2026", "Ça & là"]

  private mutating func title() -> String {
    let words = (1...random.int(1...3)).map { _ in random.pick(Self.words) }
    let number = random.chance(30) ? " \(random.int(1...12))" : ""
    return words.joined(separator: " ") + number
  }

  private mutating func year() -> Int? {
    random.chance(85) ? random.int(1950...1965) : nil
  }

  private mutating func director() -> String? {
    random.chance(85) ? random.pick(Self.directors) : nil
  }

  private mutating func genres() -> [String] {
    (0..<random.int(0...3)).map { _ in random.pick(Self.genres) }
  }

  private mutating func overview() -> String? {
    guard random.chance(80) else { return nil }
    let words = (1...random.int(3...12)).map { _ in random.pick(Self.words) }
    return (random.chance(30) ? "*\(words[0])* " : "") + words.joined(separator: " ") + "."
  }

  /// Up to seven billed actors, so some are past the five that get a page.
  /// A few have a blank character, which the plan makes none, or a blank
  /// name, which leaves them out.
  /// Now and then an actor no film had yet: their name comes among the
  /// cast's terms, which moves the others, and goes with their last film.
  private mutating func cast() -> [Film.CastMember] {
    (0..<random.int(0...7)).map { _ in
      Film.CastMember(
        name: random.chance(97) ? newcomerOrActor() : " ",
        character: random.chance(50)
          ? random.pick(Self.words) : random.chance(10) ? " " : nil)
    }
  }

  /// An actor of the pool; or, one time in ten, a newcomer: half the time one
  /// no film had yet, half the time one of the last few, whom another film
  /// may bill soon enough for a page where this one bills them too late.
  private mutating func newcomerOrActor() -> String {
    guard random.chance(10) else { return random.pick(Self.actors) }
    if nextNewcomer > 1, random.chance(50) {
      return "Newcomer \(random.int(max(1, nextNewcomer - 4)...(nextNewcomer - 1)))"
    }
    defer { nextNewcomer += 1 }
    return "Newcomer \(nextNewcomer)"
  }
}
