"""What the fake APIs in this folder share: the server process, the request record and the
control endpoints.

A script imports this module (its own folder is on sys.path when it runs as
`python3 path/to/script.py`), subclasses `ControlHandler` for its API and calls `serve`.

`serve` binds 127.0.0.1 on a free port and prints `listening on <port>`. It exits on
SIGTERM or SIGINT, after `--lifetime` seconds (default 600), or when its parent process
goes away, so a crashed test never leaves it running.

`ControlHandler.control` answers the control endpoints, which are neither recorded nor
counted:
  POST /_config     replace the configuration (JSON body), clear the record; 204
  GET  /_requests   the recorded requests, oldest first
  GET  /_stats      {"max_in_flight": n, "requests": n}
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ConfigError(ValueError):
    """A configuration that a script's `validate_config` rejects; POST /_config answers 400."""


class State:
    """Everything the handler threads share, behind one lock: the configuration, the faults
    still queued, the recorded requests and the requests in flight."""

    def __init__(self, fault_key=str):
        """fault_key turns the keys of the configuration's "faults" object into the keys
        that `arrive` looks faults up by."""
        self.lock = threading.Lock()
        self.fault_key = fault_key
        self.reset({})

    def reset(self, config):
        with self.lock:
            self.config = config
            self.faults = {self.fault_key(k): list(v) for k, v in config.get("faults", {}).items()}
            self.recorded = []
            self.in_flight = 0
            self.max_in_flight = 0

    def arrive(self, record, key):
        """Records a request and takes the next fault queued under key, if any."""
        with self.lock:
            self.recorded.append(record)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            queue = self.faults.get(key) if key is not None else None
            fault = None
            if queue:
                fault = queue[0]
                if not fault.get("always"):
                    queue.pop(0)
            return self.config, fault

    def leave(self, record, status):
        with self.lock:
            record["status"] = status
            record["end"] = time.time()
            self.in_flight -= 1

    def snapshot(self):
        with self.lock:
            return json.loads(json.dumps(self.recorded))

    def stats(self):
        with self.lock:
            return {"max_in_flight": self.max_in_flight, "requests": len(self.recorded)}


class ControlHandler(BaseHTTPRequestHandler):
    """A request handler with the control endpoints. A subclass sets `state` to its `State`,
    answers its API, and provides `validate_config(config)` (raising ConfigError or
    ValueError), `send_json(status, value)` and `send_control_error(status, message)`."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without TCP_NODELAY, Nagle's algorithm
    # and the client's delayed ACK add about 40 ms to every response.
    disable_nagle_algorithm = True
    state = None
    # The recorded request being answered, if any. Its status is noted as the status line
    # goes out, so a client that reads /_requests as soon as its response arrives sees it.
    record = None

    def log_message(self, format, *args):
        pass

    def send_response(self, code, message=None):
        if self.record is not None and self.state is not None:
            with self.state.lock:
                self.record["status"] = code
        super().send_response(code, message)

    def control(self, path):
        if self.command == "POST" and path == "/_config":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                config = json.loads(raw or b"{}")
                self.validate_config(config)
            except ValueError as error:
                self.send_control_error(400, str(error))
                return
            self.state.reset(config)
            self.send_response(204)
            self.end_headers()
        elif self.command == "GET" and path == "/_requests":
            self.send_json(200, self.state.snapshot())
        elif self.command == "GET" and path == "/_stats":
            self.send_json(200, self.state.stats())
        else:
            self.send_control_error(404, "no control endpoint %s %s" % (self.command, path))


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Exit at once, without waiting for handlers that are still sleeping.
    block_on_close = False

    def handle_error(self, request, client_address):
        # Clients that time out or stop reading are what these tests are about.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def serve(handler, description):
    """Parses --lifetime, serves handler until it is time to stop, then shuts down."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--lifetime", type=float, default=600, help="seconds before exiting")
    args = parser.parse_args()

    # A child inherits the signal mask of the thread that spawned it, and the worker threads
    # of a Swift test process block SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    server = Server(("127.0.0.1", 0), handler)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    print("listening on %d" % server.server_address[1], flush=True)

    parent = os.getppid()
    deadline = time.monotonic() + args.lifetime
    while not stop.is_set() and time.monotonic() < deadline and os.getppid() == parent:
        stop.wait(min(0.5, max(0, deadline - time.monotonic())))
    server.shutdown()
    server.server_close()
