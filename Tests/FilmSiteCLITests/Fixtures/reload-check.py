#!/usr/bin/env python3
"""Checks in headless Chromium that pages open on `filmsite serve` follow edits of the theme.

Usage: reload-check.py BASE_URL TEMPLATE MARKER

BASE_URL is what serve printed; TEMPLATE is the theme folder's 404.md, which holds the line
MARKER. Opens BASE_URL + "no-such-page" (the site's 404 page) and a film page in two tabs and
waits until each has its event stream open. Then, writing TEMPLATE each time with a rename over
it, as editors save:

1. MARKER becomes a new marker: both pages must reload themselves within 10 s (the script never
   navigates), and the 404 page must show the new marker.
2. A `{{titel}}` line is added: both pages must show the `#filmsite-build-error` overlay with
   the error, without reloading, the 404 page still showing the last good marker under it.
3. The line goes and the marker changes again: both pages must reload, with no overlay left,
   and the 404 page must show the third marker.

A SEVERE console message in either tab is a problem too, except Chromium's note that the 404
page came with status 404. Prints one line `RELOAD {json}` with the problems found, the
overlay's text, and for steps 1 and 3 the milliseconds from the write to the 404 page's reloaded
document being ready (its DOMContentLoaded, by the page's own clock) and to the script seeing
the new marker (polled every 20 ms). Exits 1 if there was a problem.

Needs selenium (PyPI) and Debian's chromium and chromium-driver.
"""
import json
import os
import sys
import time

WAIT_SECONDS = 10
# A film of the sample catalog without a poster: its page needs nothing from the network.
FILM_PAGE = "films/962-the-gold-rush/"
# Run in each page before its own scripts: notes every EventSource the page opens, so that the
# check knows when a page listens. It changes nothing the page does.
STREAM_PROBE = """
window.__openedStreams = [];
window.EventSource = class extends window.EventSource {
  constructor(...args) { super(...args); window.__openedStreams.push(this); }
};
"""
LISTENING = ("return window.__openedStreams !== undefined && window.__openedStreams.length > 0"
             " && window.__openedStreams.every(s => s.readyState === EventSource.OPEN)")
OVERLAY = "const o = document.getElementById('filmsite-build-error'); return o && o.textContent"
OVERLAY_TAKES_ROOM = ("const r = document.getElementById('filmsite-build-error')"
                      "?.getBoundingClientRect(); return r && r.width > 0 && r.height > 0")
READY_AFTER_ORIGIN = ("return performance.timeOrigin"
                      " + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
# Chromium logs the 404 status of a page it shows, as it does for any resource; that is the 404
# page doing its job, not an error of the page.
OWN_STATUS = " - Failed to load resource: the server responded with a status of 404"


def shows(text):
    return f"return document.body.innerText.includes({json.dumps(text)})"


class Check:
    def __init__(self, driver, base, template, marker):
        self.driver, self.base, self.template, self.marker = driver, base, template, marker
        with open(template, encoding="utf-8") as file:
            self.original = file.read()
        if marker not in self.original:
            raise SystemExit(f"{template} does not hold the marker {marker!r}")
        self.problems = []
        self.tabs = {}
        self.report = {}

    def script(self, tab, source):
        """Runs `source` in `tab`; None while the tab is between documents."""
        self.driver.switch_to.window(self.tabs[tab])
        try:
            return self.driver.execute_script(source)
        except Exception:  # A reload in progress: the page answers on the next try.
            return None

    def wait(self, tab, source, timeout=WAIT_SECONDS):
        """Polls `source` in `tab` until it is truthy; returns it, or None after `timeout`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.script(tab, source)
            if value:
                return value
            time.sleep(0.02)
        return None

    def open(self, tab, url):
        if self.tabs:
            self.driver.switch_to.new_window("tab")
        self.tabs[tab] = self.driver.current_window_handle
        self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": STREAM_PROBE})
        self.driver.get(url)
        if not self.wait(tab, LISTENING):
            self.problems.append(f"{tab}: the event stream did not open at {url}")

    def save(self, text):
        """Writes the template as editors do, and returns the wall-clock time after the rename."""
        temporary = self.template + ".saving"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, self.template)
        return time.time()

    def mark_documents(self):
        for tab in self.tabs:
            self.script(tab, "window.__sameDocument = true")

    def reloaded(self, tab, url):
        """Waits for `tab` to hold a new document, loaded by a reload at the same URL."""
        ready = self.wait(tab, "return !window.__sameDocument && document.readyState === 'complete'"
                          " && performance.getEntriesByType('navigation')[0].type")
        if not ready:
            self.problems.append(f"{tab}: the page did not reload within {WAIT_SECONDS} s")
            return False
        if ready != "reload":
            self.problems.append(f"{tab}: the new document came from a {ready!r} navigation")
        if self.driver.current_url != url:
            self.problems.append(f"{tab}: the page moved from {url} to {self.driver.current_url}")
        if not self.wait(tab, LISTENING):
            self.problems.append(f"{tab}: the reloaded page's event stream did not open")
        return True

    def edit_marker(self, step, text, marker, urls):
        self.mark_documents()
        written = self.save(text)
        seen = self.wait("not-found", shows(marker))
        observed = time.time()
        if not seen:
            self.problems.append(
                f"{step}: the 404 page did not show {marker!r} within {WAIT_SECONDS} s")
            return
        for tab, url in urls.items():
            self.reloaded(tab, url)
        ready = self.script("not-found", READY_AFTER_ORIGIN)
        self.report[step] = {
            "documentReadyMs": round(ready - written * 1000, 1) if ready else None,
            "observedMs": round((observed - written) * 1000, 1),
        }
        if self.script("not-found", OVERLAY) is not None:
            self.problems.append(f"{step}: the error overlay is still there after the reload")

    def run(self):
        urls = {"not-found": self.base + "no-such-page", "film": self.base + FILM_PAGE}
        for tab, url in urls.items():
            self.open(tab, url)
        if not self.wait("not-found", shows(self.marker)):
            self.problems.append(f"the 404 page does not show {self.marker!r}")
        if not self.wait("film", "return document.querySelector('h1')?.innerText"):
            self.problems.append("the film page has no heading")
        if self.problems:
            return

        second = self.marker + "-second"
        second_text = self.original.replace(self.marker, second)
        self.edit_marker("edit", second_text, second, urls)

        self.mark_documents()
        self.save(second_text + "\n{{titel}}\n")
        for tab in urls:
            shown = self.wait(tab, OVERLAY)
            if not shown:
                self.problems.append(f"{tab}: no #filmsite-build-error within {WAIT_SECONDS} s")
                continue
            self.report.setdefault("overlayText", shown)
            if shown != self.report["overlayText"]:
                self.problems.append(f"{tab}: another overlay text: {shown!r}")
            if 'unknown placeholder "titel"' not in shown or self.template not in shown:
                self.problems.append(f"{tab}: the overlay does not name the error: {shown!r}")
            if not self.script(tab, "return window.__sameDocument === true"):
                self.problems.append(f"{tab}: the page reloaded after the failed build")
        if not self.script("not-found", shows(second)):
            self.problems.append("the 404 page lost its last good content under the overlay")
        if not self.script("not-found", OVERLAY_TAKES_ROOM):
            self.problems.append("the overlay takes no room on the page")

        third = self.marker + "-third"
        self.edit_marker("fix", self.original.replace(self.marker, third), third, urls)
        if self.script("film", OVERLAY) is not None:
            self.problems.append("film: the error overlay is still there after the reload")

    def console_errors(self, not_found_url):
        own_status = not_found_url + OWN_STATUS
        # One log holds every tab's messages.
        for entry in self.driver.get_log("browser"):
            message = entry.get("message", "")
            if entry.get("level") == "SEVERE" and not message.startswith(own_status):
                self.problems.append(f"console: {message}")


def main(arguments):
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    base, template, marker = arguments
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        print(f"reload-check.py needs selenium (pip install selenium): {error}", file=sys.stderr)
        return 69
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    check = Check(driver, base, os.path.abspath(template), marker)
    try:
        check.run()
        check.console_errors(base + "no-such-page")
    finally:
        driver.quit()
    check.report["problems"] = check.problems
    print("RELOAD " + json.dumps(check.report), flush=True)
    return 1 if check.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
