// FilmSite search: reads the static index the build writes (search/index.json and its
// chunks) and lists the films whose title, director, year and actors hold every word of the query.
// No dependencies; data is only ever inserted with textContent.
(function () {
  "use strict";
  var form = document.querySelector(".search-form");
  if (!form) return;
  var input = form.querySelector("input");
  var status = document.querySelector(".search-status");
  var list = document.querySelector(".search-results");
  var root = form.getAttribute("data-root") || "";
  var indexURL = form.getAttribute("data-index");
  var maximumShown = 100;
  // Letters that decomposition does not split into a base letter: the same table as the build's.
  var foldings = {
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l",
    "ı": "i", "ħ": "h", "Ħ": "h", "ŋ": "ng", "Ŋ": "ng", "ĸ": "k", "ſ": "s",
    "½": "-1-2", "¼": "-1-4", "¾": "-3-4", "·": "-"
  };
  var manifest = null;
  var chunks = {};
  var latest = 0;

  function words(text) {
    var folded = text.normalize("NFD").replace(/\p{Mn}/gu, "");
    var out = "";
    for (var character of folded) out += foldings[character] || character;
    return out.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (word) {
      return word.length > 0;
    });
  }

  function fetchJSON(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.json();
    });
  }

  function loadManifest() {
    if (!manifest) manifest = fetchJSON(indexURL);
    return manifest;
  }

  function loadChunk(chunk) {
    if (!chunks[chunk.file]) {
      var base = indexURL.slice(0, indexURL.lastIndexOf("/") + 1);
      chunks[chunk.file] = fetchJSON(base + chunk.file).then(function (films) {
        return films.map(function (film) {
          var actors = film[4] || [];
          var text = [film[0], film[1] || "", film[2] === null ? "" : String(film[2])]
            .concat(actors).join(" ");
          return { title: film[0], director: film[1], year: film[2], url: film[3], words: words(text) };
        });
      });
    }
    return chunks[chunk.file];
  }

  // The chunks that may hold a word starting with `word`. Chunk keys split the words by
  // prefix, so these are the chunks whose key starts with the word or that the word starts
  // with. The empty key holds films without words, which no query finds.
  function chunksFor(word, index) {
    return index.chunks.filter(function (chunk) {
      return chunk.key !== "" && (chunk.key.indexOf(word) === 0 || word.indexOf(chunk.key) === 0);
    });
  }

  function matches(film, queryWords) {
    return queryWords.every(function (query) {
      return film.words.some(function (word) { return word.indexOf(query) === 0; });
    });
  }

  function show(found, queryText) {
    list.textContent = "";
    found.slice(0, maximumShown).forEach(function (film) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + film.url;
      link.textContent = film.title;
      item.appendChild(link);
      var facts = [film.year === null ? "" : String(film.year), film.director || ""]
        .filter(function (part) { return part.length > 0; }).join(" · ");
      if (facts) {
        var detail = document.createElement("span");
        detail.className = "search-facts";
        detail.textContent = " " + facts;
        item.appendChild(detail);
      }
      list.appendChild(item);
    });
    var count = found.length === 1 ? "1 film" : found.length + " films";
    status.textContent = found.length === 0
      ? "No film matches “" + queryText + "”."
      : found.length > maximumShown
        ? count + " match “" + queryText + "”; the first " + maximumShown + " are shown."
        : count + " match" + (found.length === 1 ? "es" : "") + " “" + queryText + "”.";
  }

  function search(queryText) {
    var request = ++latest;
    var queryWords = words(queryText);
    if (queryWords.length === 0) {
      list.textContent = "";
      status.textContent = "";
      return;
    }
    loadManifest().then(function (index) {
      // Load the chunks of the query word that costs least to download.
      var best = null;
      queryWords.forEach(function (word) {
        var candidates = chunksFor(word, index);
        var size = candidates.reduce(function (sum, chunk) { return sum + chunk.films; }, 0);
        if (best === null || size < best.size) best = { chunks: candidates, size: size };
      });
      return Promise.all(best.chunks.map(loadChunk));
    }).then(function (loaded) {
      if (request !== latest) return;
      var seen = {};
      var found = [];
      loaded.forEach(function (films) {
        films.forEach(function (film) {
          if (!seen[film.url] && matches(film, queryWords)) {
            seen[film.url] = true;
            found.push(film);
          }
        });
      });
      show(found, queryText.trim());
    }).catch(function (error) {
      if (request !== latest) return;
      status.textContent = "The search index could not be loaded (" + error.message + ").";
    });
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { search(input.value); }, 150);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    search(input.value);
  });
  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) {
    input.value = initial;
    search(initial);
  }
})();
