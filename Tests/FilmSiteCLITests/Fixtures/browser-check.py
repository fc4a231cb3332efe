#!/usr/bin/env python3
"""Loads pages of a served FilmSite site in headless Chromium, as a reader would.

Usage:
  browser-check.py posters CATALOG FOLDER
      Draws a small PNG poster for every film of CATALOG that has a poster path, into FOLDER
      (the tests run offline, so the real posters cannot be fetched).
  browser-check.py check BASE_URL SCREENSHOTS
      Loads the index, a detail page, a genre page, the list of genres, the search page and
      404.html of the site at BASE_URL at 390 and 1280 pixels wide, in light and dark mode; types a query on the
      search page and waits for results; runs axe-core on every page. Saves a screenshot of
      each into SCREENSHOTS. Prints every problem and exits with 1 if there is any: a console
      error, a failed request, a missing search result, or a serious or critical axe violation.

Needs selenium and axe-selenium-python (PyPI) and Debian's chromium and chromium-driver.
"""
import json
import os
import struct
import sys
import zlib


def png(width, height, top, bottom):
    """A PNG of a vertical gradient from colour `top` to `bottom`."""
    rows = []
    for y in range(height):
        t = y / max(1, height - 1)
        colour = bytes(int(a + (b - a) * t) for a, b in zip(top, bottom))
        rows.append(b"\x00" + colour * width)
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def make_posters(catalog, folder):
    with open(catalog, encoding="utf-8") as file:
        films = json.load(file)
    if isinstance(films, dict):
        films = films.get("results", [])
    for film in films:
        path = film.get("posterPath") or film.get("poster_path")
        if not path or path.startswith("http"):
            continue
        seed = zlib.crc32(str(film.get("id")).encode())
        top = ((seed >> 16) & 0x7F, (seed >> 8) & 0x7F, seed & 0x7F)
        bottom = tuple(min(255, c + 90) for c in top)
        target = os.path.join(folder, path.lstrip("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(png(114, 171, top, bottom))


PAGES = [
    ("index", ""),
    ("detail", "films/603-the-matrix/"),
    ("genre", "genres/drama/"),
    ("genres", "genres/"),
    ("search", "search/"),
    ("not-found", "404.html"),
]
WIDTHS = [390, 1280]
SCHEMES = ["light", "dark"]


def check(base, screenshots):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from axe_selenium_python import Axe

    os.makedirs(screenshots, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    problems = []
    try:
        for scheme in SCHEMES:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in WIDTHS:
                driver.set_window_size(width, 900)
                # The window's outer size includes no chrome in headless mode; make sure.
                inner = driver.execute_script("return window.innerWidth")
                if inner != width:
                    driver.set_window_size(width + (width - inner), 900)
                for name, path in PAGES:
                    label = f"{name}-{width}-{scheme}"
                    driver.get_log("browser")
                    driver.get_log("performance")
                    driver.get(base + path)
                    WebDriverWait(driver, 10).until(
                        lambda d: d.execute_script("return document.readyState") == "complete")
                    if name == "search":
                        # A plain word, and folded ones: "amelie jean" must find "Amélie", whose director
                        # Jean-Pierre Jeunet is matched by the prefix of his first name.
                        for query, expected in [("matrix", "The Matrix"),
                                                ("amelie jean", "Amélie")]:
                            field = driver.find_element(By.ID, "search-query")
                            field.clear()
                            field.send_keys(query)
                            try:
                                WebDriverWait(driver, 10).until(lambda d: expected in [
                                    a.text for a in d.find_elements(
                                        By.CSS_SELECTOR, ".search-results li a")])
                            except Exception:
                                status = driver.find_element(
                                    By.CSS_SELECTOR, ".search-status").text
                                titles = [a.text for a in driver.find_elements(
                                    By.CSS_SELECTOR, ".search-results li a")]
                                problems.append(
                                    f"{label}: search for {query!r} did not list {expected!r}"
                                    f" ({status}; {titles})")
                        driver.find_element(By.ID, "search-query").clear()
                        driver.find_element(By.ID, "search-query").send_keys("matrix")
                        WebDriverWait(driver, 10).until(lambda d: [
                            a.text for a in d.find_elements(
                                By.CSS_SELECTOR, ".search-results li a")] == ["The Matrix"])
                    if name in ("index", "genre") and width == 1280 and scheme == "light":
                        # Reaching the end of the list appends the next page's films, links
                        # fixed for this page, and the pager moves on; the Next link stays.
                        rows = lambda d: d.find_elements(By.CSS_SELECTOR, "main ul > li")
                        before = len(rows(driver))
                        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
                        try:
                            WebDriverWait(driver, 10).until(lambda d: len(rows(d)) > before)
                            links = driver.find_elements(By.CSS_SELECTOR, "main ul > li > a")
                            last = links[-1].get_attribute("href")
                            driver.get(last)
                            if "/films/" not in driver.current_url or driver.title.startswith("Error"):
                                problems.append(f"{label}: an appended row leads to {last}")
                            driver.back()
                        except Exception:
                            problems.append(f"{label}: scrolling to the end loaded no more films")
                        driver.execute_script("window.scrollTo(0, 0)")
                    # Let lazy images in view finish before the screenshot.
                    driver.execute_script(
                        "return Promise.race([new Promise(r => setTimeout(r, 3000)), Promise.all("
                        "Array.from(document.images).filter(i => !i.complete &&"
                        " i.getBoundingClientRect().top < innerHeight)"
                        ".map(i => new Promise(r => { i.onload = i.onerror = r; })))])")
                    driver.save_screenshot(os.path.join(screenshots, label + ".png"))
                    axe = Axe(driver)
                    axe.inject()
                    results = axe.run()
                    for violation in results["violations"]:
                        if violation.get("impact") in ("serious", "critical"):
                            targets = [n.get("target") for n in violation.get("nodes", [])][:3]
                            problems.append(
                                f"{label}: axe {violation['impact']} {violation['id']}: "
                                f"{violation['help']} {targets}")
                    for entry in driver.get_log("browser"):
                        if entry.get("level") == "SEVERE":
                            problems.append(f"{label}: console: {entry.get('message')}")
                    for entry in driver.get_log("performance"):
                        message = json.loads(entry["message"])["message"]
                        params = message.get("params", {})
                        if message.get("method") == "Network.loadingFailed":
                            if params.get("canceled"):
                                continue
                            problems.append(f"{label}: request failed: {params.get('errorText')}")
                        elif message.get("method") == "Network.responseReceived":
                            response = params.get("response", {})
                            if response.get("status", 200) >= 400:
                                problems.append(
                                    f"{label}: {response.get('status')} for {response.get('url')}")
    finally:
        driver.quit()
    for problem in problems:
        print(problem)
    print(f"Checked {len(PAGES)} pages at widths {WIDTHS} in {SCHEMES} mode: "
          f"{len(problems)} problems; screenshots in {screenshots}")
    return 1 if problems else 0


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "posters":
        make_posters(arguments[1], arguments[2])
        return 0
    if len(arguments) == 3 and arguments[0] == "check":
        return check(arguments[1], arguments[2])
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
