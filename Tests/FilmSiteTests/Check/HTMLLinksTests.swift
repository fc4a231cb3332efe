import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct HTMLLinksTests {
  @Test func readsHrefAndSrcInDocumentOrder() {
    let links = HTMLLinks(
      scanning: #"<p><a href="a/"><img src="b.svg" alt=""> text</a> <a href="c/">c</a></p>"#)
    #expect(links == HTMLLinks(urls: ["a/", "b.svg", "c/"]))
  }

  @Test(arguments: [
    #"<link rel="next" href="page/2/">"#,
    #"<link href="page/2/" rel="next">"#,
    "<link rel='next' href='page/2/'>",
    "<link rel=next href=page/2/>",
    "<LINK REL=\"Next\" HREF=\"page/2/\" />",
    "<link\n  href = \"page/2/\"\n  rel = \"next\"\n>",
    #"<link rel="next nofollow" href="page/2/">"#,
  ])
  func findsRelNextWhateverTheAttributeOrderQuotesAndCase(html: String) {
    #expect(HTMLLinks(scanning: html) == HTMLLinks(urls: ["page/2/"], next: ["page/2/"]))
  }

  @Test func relOnAnAnchorIsALinkButNotPartOfTheChain() {
    let links = HTMLLinks(
      scanning: #"<link rel="prev" href="../../"><a rel="prev" href="../../">←</a>"#)
    #expect(links == HTMLLinks(urls: ["../../", "../../"], prev: ["../../"]))
  }

  @Test func decodesCharacterReferences() {
    let links = HTMLLinks(
      scanning:
        #"<a href="a?x=1&amp;y=2">x</a><a href="b&#47;c&#x2F;d&quot;">y</a><a href="&bogus; &amp">z</a>"#
    )
    #expect(links.urls == ["a?x=1&y=2", "b/c/d\"", "&bogus; &amp"])
  }

  @Test func quotesInsideValuesDoNotEndThem() {
    let links = HTMLLinks(scanning: #"<a title='say "hi" > there' href="x'y">x</a>"#)
    #expect(links.urls == ["x'y"])
  }

  @Test func ignoresTextCommentsScriptsAndLookalikeAttributes() {
    let html = """
      <!doctype html>
      <!-- <a href="commented/"> -->
      <p>Write href="text/" or <code>&lt;a href="code/"&gt;</code> 1 < 2 <3</p>
      <script>document.write('<a href="script/">')</script>
      <style>a[href="style/"] { color: red }</style>
      <title><img src="title.png"></title>
      <a data-href="data/" hreflang="en" href="real/">real</a>
      </p href="end-tag/">
      """
    #expect(HTMLLinks(scanning: html) == HTMLLinks(urls: ["real/"]))
  }

  @Test func survivesTruncatedMarkup() {
    for html in ["<a href=\"unterminated", "<a href=", "<a href", "<", "<!--", "<script>"] {
      _ = HTMLLinks(scanning: html)
    }
    #expect(HTMLLinks(scanning: "<a href=\"x\"").urls == ["x"])
  }

  @Test func readsTheLinksOfARenderedIndexPage() throws {
    let renderer = SiteRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory),
      configuration: SiteConfiguration(pageSize: 2))
    let files = try renderer.render(Fixtures.films(5))
    let page = try #require(files.first { $0.path == "page/2/index.html" })
    let links = HTMLLinks(scanning: page.contents)
    #expect(links.prev == ["../../"])
    #expect(links.next == ["../3/"])
    #expect(links.urls.contains("../../assets/style.css"))
    #expect(links.urls.contains("../../films/3-film-3/"))
    #expect(links.urls.contains("../../films/4-film-4/"))
  }
}
