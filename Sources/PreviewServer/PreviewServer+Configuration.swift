import Foundation

extension PreviewServer {
  /// `host` as a URL writes it: an IPv6 address in brackets, anything else as it is.
  public static func displayHost(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  /// What a preview server serves, where, and within which limits.
  public struct Configuration: Sendable {
    /// The folder served. It is looked up again for every request, so it may be replaced by an
    /// atomic rename at any time.
    public var root: String
    /// The numeric IPv4 or IPv6 address to listen on (`::1` with or without brackets);
    /// `localhost` means `127.0.0.1`.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one, which `start()` returns.
    public var port: UInt16 = 8000
    /// The path the site is served under, such as `/project/` for GitHub project pages. A request
    /// for `/` is redirected there; a path outside it is not found.
    public var basePath = "/"
    /// HTML inserted before the last `</body>` (or at the end) of every `text/html` response;
    /// `nil` serves files exactly as they are on disk.
    public var reloadSnippet: String?
    /// File and folder names never served at any depth, besides the names starting with `.`
    /// (dot-files, FilmSite's `.filmsite-manifest` among them), which are refused in any case.
    public var refusedNames: Set<String> = []
    /// Sizes and times past which a client is answered with an error or disconnected.
    public var limits = Limits()
    /// How many threads serve connections; each runs its own `poll(2)` loop.
    public var threadCount = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// A configuration that serves `root` on 127.0.0.1:8000.
    public init(root: String) {
      self.root = root
    }
  }

  /// Limits on what one client may send and how long it may take.
  public struct Limits: Sendable {
    /// The longest request line, without its line ending; longer is answered `414`.
    public var maxRequestLineBytes = 8 * 1024
    /// The most bytes of header lines one request may have; more is answered `431`.
    public var maxHeaderBytes = 16 * 1024
    /// The most header lines one request may have; more is answered `431`.
    public var maxHeaderLines = 100
    /// How long a kept-alive connection may wait for its next request.
    public var idleTimeout: Duration = .seconds(5)
    /// How long a client may take to send a whole request head once it has started.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a client may go without reading any of a response before it is disconnected.
    public var sendTimeout: Duration = .seconds(10)
    /// The most connections open at once; a connection past it is answered `503` and closed.
    public var maxConnections = 256
    /// How often an event stream is sent a comment, so that proxies and browsers keep it open.
    public var heartbeatInterval: Duration = .seconds(15)

    /// The default limits.
    public init() {}
  }
}
