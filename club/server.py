"""The dashboard's web server: one static page and its live updates by Server-Sent Events.

Standard library only (``http.server`` in a thread): the arbiter's laptop at a club has no
internet, so the page (``club/web/``) loads nothing from elsewhere and needs no build step.

- ``GET /`` the page, ``GET /app.js`` and ``GET /style.css`` its script and style;
- ``GET /state`` everything the page shows, as JSON;
- ``GET /events`` the live stream: a ``snapshot`` event first, then ``card``, ``feed`` and
  ``results`` events as messages arrive (``: keep-alive`` comments in between).

``Hub`` is the one place where the dashboard model is touched: the MQTT thread, the
ticker and the page streams all go through its lock.
"""

from __future__ import annotations

import json
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from club.dashboard import Dashboard

JSON = dict[str, Any]

KEEP_ALIVE = 15.0
"""Seconds between keep-alive comments on an idle stream (proxies close silent ones)."""

STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/index.html": ("index.html", "text/html; charset=utf-8"),
          "/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/style.css": ("style.css", "text/css; charset=utf-8")}

_CLOSE = object()


class Hub:
    """The dashboard model behind a lock, and the streams of the pages that watch it."""

    def __init__(self, dashboard: Dashboard) -> None:
        self.dashboard = dashboard
        self._lock = threading.Lock()
        self._streams: list[queue.Queue[object]] = []

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> None:
        """Give one MQTT message to the model and send what changed to every page
        (``retained``: see ``Dashboard.receive``)."""
        with self._lock:
            # A result counts once its feed is complete: a feed message can finish a game.
            finish = topic.endswith(("/status", "/feed"))
            before = self.dashboard.results()["results"] if finish else []
            changes = self.dashboard.receive(topic, payload, retained)
            if finish and changes and self.dashboard.results()["results"] != before:
                changes.append({"type": "results", **self.dashboard.results()})
            self._send(changes)

    def broker(self, connected: bool, text: str) -> None:
        """The dashboard's own connection to the broker changed: tell every page."""
        with self._lock:
            self.dashboard.broker = {"connected": connected, "text": text}
            self._send([{"type": "broker", **self.dashboard.broker}])

    def tick(self) -> None:
        """Re-check silent tables against the clock; send the cards that changed."""
        with self._lock:
            self._send(self.dashboard.tick())

    def snapshot(self) -> JSON:
        """Everything the page shows."""
        with self._lock:
            return self.dashboard.snapshot()

    def _send(self, changes: list[JSON]) -> None:
        for change in changes:
            for stream in self._streams:
                stream.put(change)

    def open_stream(self) -> tuple[JSON, queue.Queue[object]]:
        """A new page's snapshot and the queue its later changes arrive on (atomically,
        so that no change falls between the two)."""
        stream: queue.Queue[object] = queue.Queue()
        with self._lock:
            self._streams.append(stream)
            return self.dashboard.snapshot(), stream

    def close_stream(self, stream: queue.Queue[object]) -> None:
        """Forget a page that went away."""
        with self._lock:
            if stream in self._streams:
                self._streams.remove(stream)

    def close_all(self) -> None:
        """End every page's stream (when the dashboard stops)."""
        with self._lock:
            for stream in self._streams:
                stream.put(_CLOSE)


def coalesce(batch: list[object]) -> list[JSON]:
    """The changes of ``batch`` worth sending: every feed entry, in order, but of several
    cards of one table only the last (at the place of the last), and of several results
    or broker states only the last. When the page (or the network) is slower than the
    tables, what it has to draw is bounded by the number of tables, not of messages."""
    last: dict[tuple[str, str], int] = {}
    changes = [change for change in batch if isinstance(change, dict)]
    for index, change in enumerate(changes):
        if change["type"] != "feed":
            last[change["type"], change["card"]["table"] if change["type"] == "card" else ""] \
                = index
    keep = set(last.values())
    return [c for i, c in enumerate(changes) if c["type"] == "feed" or i in keep]


def _static(name: str) -> bytes:
    return resources.files("club").joinpath("web", name).read_bytes()


def make_handler(hub: Hub) -> type[BaseHTTPRequestHandler]:
    """The request handler class of a server for ``hub``."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the arbiter's terminal shows the event, not every request."""

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if path in STATIC:
                name, kind = STATIC[path]
                self._reply(200, kind, _static(name))
            elif path == "/state":
                self._reply(200, "application/json", json.dumps(hub.snapshot()).encode())
            elif path == "/events":
                self._stream()
            else:
                self._reply(404, "text/plain; charset=utf-8",
                            f"no page {path}: the dashboard is at /".encode())

        def _reply(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _stream(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            snapshot, stream = hub.open_stream()
            try:
                self._event({"type": "snapshot", **snapshot})
                while True:
                    try:
                        batch = [stream.get(timeout=KEEP_ALIVE)]
                    except queue.Empty:
                        self.wfile.write(b": keep-alive\n\n")
                        self.wfile.flush()
                        continue
                    while True:  # everything that is waiting: a page that lags catches up
                        try:
                            batch.append(stream.get_nowait())
                        except queue.Empty:
                            break
                    if _CLOSE in batch:
                        return
                    for change in coalesce(batch):
                        self._event(change)
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return  # the page was closed
            finally:
                hub.close_stream(stream)

        def _event(self, change: JSON) -> None:
            data = json.dumps(change, separators=(",", ":"))
            self.wfile.write(f"event: {change['type']}\ndata: {data}\n\n".encode())

    return Handler


class DashboardServer:
    """The web server of one hub in a background thread, and a ticker for silent tables."""

    def __init__(self, hub: Hub, host: str = "127.0.0.1", port: int = 8080, *,
                 tick_every: float = 1.0) -> None:
        self.hub = hub
        self.httpd = ThreadingHTTPServer((host, port), make_handler(hub))
        self.httpd.daemon_threads = True
        self.tick_every = tick_every
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self.httpd.serve_forever, name="dash-http",
                                          daemon=True),
                         threading.Thread(target=self._ticker, name="dash-tick", daemon=True)]

    @property
    def url(self) -> str:
        """Where the page is."""
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/"

    def start(self) -> None:
        """Serve in the background."""
        for thread in self._threads:
            thread.start()

    def _ticker(self) -> None:
        while not self._stop.wait(self.tick_every):
            self.hub.tick()

    def close(self) -> None:
        """Stop serving and end the page streams."""
        self._stop.set()
        self.hub.close_all()
        self.httpd.shutdown()
        self.httpd.server_close()
