// FilmSite load-more: when the reader reaches the end of a list of films, the next page's
// films are appended, and the pager becomes the next page's. Without JavaScript, or when a
// page cannot be loaded, the pager's "Next" link does what it always did.
(function () {
  "use strict";
  var list = document.querySelector("main ul");
  var pager = document.querySelector("nav.pager");
  if (!list || !pager || !("IntersectionObserver" in window) || !window.fetch) return;
  var status = document.createElement("p");
  status.className = "load-more-status";
  status.setAttribute("role", "status");
  pager.parentNode.insertBefore(status, pager);
  var loading = false;

  // Links in a fetched page are relative to that page; make them absolute before moving them.
  function absolutize(root, base) {
    root.querySelectorAll("a[href]").forEach(function (link) {
      link.setAttribute("href", new URL(link.getAttribute("href"), base).href);
    });
    root.querySelectorAll("img[src]").forEach(function (image) {
      image.setAttribute("src", new URL(image.getAttribute("src"), base).href);
    });
  }

  function loadNext() {
    var next = pager.querySelector("a[rel~=next]");
    if (loading || !next) return;
    loading = true;
    var url = next.href;
    fetch(url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var rows = page.querySelector("main ul");
      var nextPager = page.querySelector("nav.pager");
      if (!rows || !nextPager) throw new Error("not a page of films");
      absolutize(rows, url);
      absolutize(nextPager, url);
      var count = rows.children.length;
      while (rows.firstElementChild) list.appendChild(rows.firstElementChild);
      pager.replaceWith(nextPager);
      pager = nextPager;
      status.textContent = count + (count === 1 ? " more film" : " more films") + " shown.";
      loading = false;
      observer.disconnect();
      if (pager.querySelector("a[rel~=next]")) observer.observe(pager);
    }).catch(function () {
      // The Next link is still there.
      observer.disconnect();
    });
  }

  var observer = new IntersectionObserver(function (entries) {
    if (entries.some(function (entry) { return entry.isIntersecting; })) loadNext();
  }, { rootMargin: "400px 0px" });
  observer.observe(pager);
})();
