import Testing

@testable import FilmSite

@Suite struct SlugTests {
  @Test(arguments: [
    ("The Matrix", "the-matrix"),
    ("Amélie", "amelie"),
    ("Die Straße", "die-strasse"),
    ("Schindler's List", "schindler-s-list"),
    ("Bill & Ted's Excellent Adventure", "bill-ted-s-excellent-adventure"),
    ("  --Hello,   World!--  ", "hello-world"),
    ("8½", "8-1-2"),
    ("WALL·E", "wall-e"),
    ("Smørrebrød Æble Œuvre", "smorrebrod-aeble-oeuvre"),
    ("Y Tu Mamá También", "y-tu-mama-tambien"),
    ("千と千尋の神隠し", ""),
    ("🎬🍿", ""),
    ("", ""),
    ("---", ""),
    ("ÉCOLE", "ecole"),
    ("a\u{200B}b", "a-b"),
    ("Se7en", "se7en"),
  ])
  func foldsLowercasesAndDashes(title: String, slug: String) {
    #expect(Slug.make(title) == slug)
  }

  @Test func cutsLongSlugsAtAWordBoundary() {
    let title = String(repeating: "word ", count: 30)
    let slug = Slug.make(title)
    #expect(slug.count <= Slug.maximumLength)
    #expect(slug.count == 59)  // 12 words of 4 letters and 11 dashes
    #expect(!slug.hasSuffix("-"))
  }

  @Test func cutsAWordLongerThanTheLimitHard() {
    let slug = Slug.make(String(repeating: "a", count: 100))
    #expect(slug == String(repeating: "a", count: Slug.maximumLength))
  }

  @Test func containsOnlyLowercaseLettersDigitsAndInnerDashes() {
    let slug = Slug.make("Ñandú <script>alert('x')</script> ../../etc/passwd\0\u{202E}")
    #expect(slug.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
    #expect(!slug.contains("--"))
    #expect(slug == "nandu-script-alert-x-script-etc-passwd")
  }

  @Test func asciiFastPathAgreesWithTheGeneralFold() {
    let every = String(decoding: Array(0..<128), as: UTF8.self)
    let samples = [
      every, "The Matrix", "  --Film 2: The Return!!  ", "A.I. Artificial Intelligence", "",
      "WALL-E", "___", "Se7en", "x\ty\nz", "Ocean's Eleven (2001)",
    ]
    for sample in samples {
      #expect(Slug.foldASCII(sample) == Slug.foldScalars(sample), "\(sample)")
    }
  }
}
