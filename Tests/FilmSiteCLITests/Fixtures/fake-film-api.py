#!/usr/bin/env python3
"""A paged film search API for tests, which misbehaves on command.

Start it with `python3 fake-film-api.py [--lifetime SECONDS]`. It binds 127.0.0.1 on a
free port and prints `listening on <port>`. It exits on SIGTERM or SIGINT, after
`--lifetime` seconds (default 600), or when its parent process goes away, so a crashed
test never leaves it running.

Endpoints:
  GET  /search?query=Q&page=N  a page of the films whose title contains Q (any case)
  POST /_config                replace the configuration (JSON body), clear the record; 204
  GET  /_config                the current configuration
  GET  /_requests              the recorded requests, oldest first
  GET  /_stats                 {"max_in_flight": n, "requests": n}

Control endpoints (those starting with `/_`) are neither recorded nor counted.

Configuration keys, all optional (a POST replaces the whole configuration):
  films         number of films, ids 1...films (100)
  page_size     films per page (20)
  shape         "envelope" ({"page", "results", "total_pages", "total_results"}) or "array"
  total_pages   an int to report instead of the real count, or "omit" to leave the key out
  path          the search path ("/search"); other paths answer 404
  shift         k: page p starts k*(p-1) films early, so consecutive pages overlap by k
  delay_ms      milliseconds added before every search response
  delays_ms     {"<page>": milliseconds} added before responses for that page
  require_header {"name": ..., "value": ...}: 401 with a JSON body when missing or wrong
  faults        {"<page>": [fault, ...]}: each request to that page takes the next fault;
                when the list is used up the page is served normally. A fault with
                "always": true is never used up (and so blocks the faults after it).
Fault keys (a fault may combine sleep_ms with one of the others):
  sleep_ms      sleep before responding (then serve normally, or the other fault)
  status        answer with this status; "retry_after" sets Retry-After (seconds or an
                HTTP date) and "body" the body (default: a JSON error object)
  malformed     200 with a body that is not JSON
  drop          Content-Length of the whole page, half the body, then close the connection
  huge_bytes    200 with this many bytes of a JSON-looking prefix, with Content-Length,
                or chunked when "chunked": true
  redirect      302 to this Location. The redirected request is an ordinary request: it is
                recorded and, if it asks for a page that still has faults, takes the next one.

Recorded requests: {"method", "path", "query", "page", "headers", "client_port",
"status", "fault", "start", "end"}; header names are lower case; start and end are
seconds since the epoch; end is null while the response is being written.
"""

import functools
import json
import socket
import time
import urllib.parse

import fake_server
from fake_server import ConfigError

CONFIG_KEYS = {
    "films", "page_size", "shape", "total_pages", "path", "shift", "delay_ms",
    "delays_ms", "require_header", "faults",
}
FAULT_KEYS = {
    "always", "status", "retry_after", "body", "malformed", "sleep_ms", "drop",
    "huge_bytes", "chunked", "redirect",
}
MALFORMED_BODY = b'{"page": 7, "results": [ {"id": 1,'


def validate(config):
    if not isinstance(config, dict):
        raise ConfigError("the configuration must be a JSON object")
    unknown = set(config) - CONFIG_KEYS
    if unknown:
        raise ConfigError("unknown configuration keys: %s" % ", ".join(sorted(unknown)))
    for key in ("films", "page_size", "shift", "delay_ms"):
        if key in config and not isinstance(config[key], int):
            raise ConfigError("%s must be an integer" % key)
    if config.get("page_size", 20) < 1:
        raise ConfigError("page_size must be at least 1")
    if config.get("shape", "envelope") not in ("envelope", "array"):
        raise ConfigError('shape must be "envelope" or "array"')
    total = config.get("total_pages")
    if total is not None and not isinstance(total, int) and total != "omit":
        raise ConfigError('total_pages must be an integer or "omit"')
    if not str(config.get("path", "/search")).startswith("/"):
        raise ConfigError("path must start with /")
    header = config.get("require_header")
    if header is not None and (not isinstance(header, dict) or set(header) != {"name", "value"}):
        raise ConfigError('require_header must be {"name": ..., "value": ...}')
    delays = config.get("delays_ms", {})
    if not isinstance(delays, dict) or not all(isinstance(v, int) for v in delays.values()):
        raise ConfigError('delays_ms must map pages to milliseconds, like {"1": 300}')
    faults = config.get("faults", {})
    if not isinstance(faults, dict):
        raise ConfigError('faults must map pages to lists of faults, like {"1": [...]}')
    for page, queue in faults.items():
        if not isinstance(queue, list) or not all(isinstance(f, dict) for f in queue):
            raise ConfigError("faults for page %s must be a list of objects" % page)
        for fault in queue:
            unknown = set(fault) - FAULT_KEYS
            if unknown:
                raise ConfigError("unknown fault keys: %s" % ", ".join(sorted(unknown)))
    for key in list(delays) + list(faults):
        try:
            int(key)
        except ValueError:
            raise ConfigError("page keys must be integers, not %r" % key)


STATE = fake_server.State(fault_key=int)


def film(n):
    return {
        "id": n,
        "title": "Film %d" % n,
        "year": 1900 + n % 120,
        "runtime": 90,
        "director": "Director %d" % (n % 50),
        "genres": ["Drama"],
        "overview": "Overview %d." % n,
        "poster_path": "/p%d.jpg" % n,
    }


@functools.lru_cache(maxsize=16)
def matching_ids(films, needle):
    """The ids of the films whose title contains needle, computed once per catalog and query:
    scanning 40,000 titles on every request would cost the server more than the request."""
    if not needle:
        return range(1, films + 1)
    return tuple(n for n in range(1, films + 1) if needle in ("film %d" % n))


def search_body(config, query, page):
    matches = matching_ids(config.get("films", 100), query.lower())
    size = config.get("page_size", 20)
    start = max(0, (page - 1) * size - config.get("shift", 0) * (page - 1))
    results = [film(n) for n in matches[start:start + size]]
    if config.get("shape", "envelope") == "array":
        return json.dumps(results).encode()
    envelope = {"page": page, "results": results}
    total = config.get("total_pages", (len(matches) + size - 1) // size)
    if total != "omit":
        envelope["total_pages"] = total
    envelope["total_results"] = len(matches)
    return json.dumps(envelope).encode()


class Handler(fake_server.ControlHandler):
    server_version = "FakeFilmAPI/1"
    state = STATE
    validate_config = staticmethod(validate)

    # Responses

    def send_body(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def send_json(self, status, value, headers=()):
        self.send_body(status, json.dumps(value).encode(), headers=headers)

    def send_error_json(self, status, message, headers=(), body=None):
        if body is None:
            body = json.dumps({"status_code": status, "status_message": message}).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_body(status, body, headers=headers)

    send_control_error = send_error_json

    # Control endpoints: fake_server's, and GET /_config

    def control(self, path):
        if self.command == "GET" and path == "/_config":
            with STATE.lock:
                config = STATE.config
            self.send_json(200, config)
        else:
            super().control(path)

    # Search

    def handle_any(self):
        if self.path.startswith("/_"):
            self.control(urllib.parse.urlsplit(self.path).path)
            return
        parts = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        try:
            page = int(query.get("page", "1"))
        except ValueError:
            page = None
        headers = {}
        for name, value in self.headers.items():
            name = name.lower()
            headers[name] = headers[name] + ", " + value if name in headers else value
        record = {
            "method": self.command,
            "path": parts.path,
            "query": query,
            "page": page,
            "headers": headers,
            "client_port": self.client_address[1],
            "status": None,
            "fault": None,
            "start": time.time(),
            "end": None,
        }
        # A body would otherwise be read as the next request on this connection.
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        config, fault = STATE.arrive(record, page)
        record["fault"] = fault
        status = None
        self.record = record
        try:
            status = self.search(config, parts.path, query, page, fault)
        finally:
            self.record = None
            STATE.leave(record, status)

    def search(self, config, path, query, page, fault):
        """Writes the response and returns its status."""
        if path != config.get("path", "/search"):
            self.send_error_json(404, "no such path %s" % path)
            return 404
        required = config.get("require_header")
        if required and self.headers.get(required["name"]) != required["value"]:
            self.send_error_json(401, "Invalid API key: you must be granted a valid key.")
            return 401
        if page is None or page < 1:
            self.send_error_json(400, "page must be an integer from 1")
            return 400
        delay = config.get("delay_ms", 0) + config.get("delays_ms", {}).get(str(page), 0)
        time.sleep(delay / 1000)
        fault = fault or {}
        time.sleep(fault.get("sleep_ms", 0) / 1000)
        if "status" in fault:
            headers = [("Retry-After", fault["retry_after"])] if "retry_after" in fault else []
            self.send_error_json(fault["status"], "fault", headers, fault.get("body"))
            return fault["status"]
        if fault.get("malformed"):
            self.send_body(200, MALFORMED_BODY)
            return 200
        if "redirect" in fault:
            self.send_body(302, b"", headers=[("Location", fault["redirect"])])
            return 302
        if "huge_bytes" in fault:
            self.send_huge(page, fault["huge_bytes"], fault.get("chunked", False))
            return 200
        body = search_body(config, query.get("query", ""), page)
        if fault.get("drop"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return 200
        self.send_body(200, body)
        return 200

    def send_huge(self, page, size, chunked):
        prefix = ('{"page": %d, "results": [' % page).encode()
        item = (json.dumps(film(1)) + ", ").encode()
        block = item * (65536 // len(item) + 1)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        sent = 0
        data = prefix
        while sent < size:
            data = data[: size - sent]
            if chunked:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            else:
                self.wfile.write(data)
            sent += len(data)
            data = block
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = handle_any


if __name__ == "__main__":
    fake_server.serve(Handler, "A misbehaving paged film search API.")
