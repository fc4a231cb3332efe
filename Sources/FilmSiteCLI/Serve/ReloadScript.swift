/// The script `filmsite serve` adds to each HTML page it serves, and never
/// writes into the output folder: it listens to the server's events, reloads
/// the page after a rebuild, and shows a failed rebuild's error over the page
/// until the next good one.
enum ReloadScript {
  /// The `<script>` element for a site served under `basePath` (a path of
  /// plain characters, from ``ServeCommand/basePath(_:)``).
  static func snippet(basePath: String) -> String {
    """
    <script>/* filmsite serve: reloads this page after a rebuild; not part of the built site */
    (() => {
      const events = new EventSource("\(basePath)__filmsite/events");
      events.addEventListener("reload", () => location.reload());
      events.addEventListener("build-error", (event) => {
        let overlay = document.getElementById("filmsite-build-error");
        if (!overlay) {
          overlay = document.createElement("pre");
          overlay.id = "filmsite-build-error";
          overlay.setAttribute("role", "alert");
          overlay.style.cssText = "position:fixed;left:0;right:0;bottom:0;margin:0;padding:1em;" +
            "max-height:50vh;overflow:auto;background:#7f1d1d;color:#fff;" +
            "font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;z-index:2147483647";
          document.body.appendChild(overlay);
        }
        overlay.textContent = event.data;
      });
    })();
    </script>
    """
  }
}
