"""The built site served on 127.0.0.1 and Debian's Chromium launched by Playwright.

Shared by the browser tests (tests/browser/conftest.py) and the browser half of `make bench`,
which also needs to know how many bytes each page made the browser download. Text files (pages,
styles, scripts, JSON) are sent gzip-compressed to a browser that accepts it, as any static host
sends them (GitHub Pages, Netlify, nginx's gzip_static): the bytes counted are the bytes a reader's
connection carries.
"""

from __future__ import annotations

import email.utils
import gzip
import io
import os
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps trying to reach the (closed) network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]


#: Files sent compressed: text, as a static host compresses it (not pictures, fonts, WebAssembly or zips).
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml")


class _CountingHandler(SimpleHTTPRequestHandler):
    """A static file handler that records the size of every file it sends, and keeps quiet."""

    server: "SiteServer"

    def translate_path(self, path: str) -> str:
        stand_in = self.server.stand_ins.get(path.split("?")[0])
        return str(stand_in) if stand_in else super().translate_path(path)

    def send_head(self) -> BinaryIO | None:  # type: ignore[override]
        """A text file, gzip-compressed when the browser accepts it; anything else as the base class sends it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if (not path.endswith(COMPRESSED) or not os.path.isfile(path) or "If-Modified-Since" in self.headers
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = self.server.compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(os.path.getmtime(path), usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source: BinaryIO, outputfile: Any) -> None:  # type: ignore[override]
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.record_download(self.path, source.tell() - start)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


class SiteServer(ThreadingHTTPServer):
    """Serve ``directory`` on a free port of 127.0.0.1 from a background thread; use with ``with``."""

    daemon_threads = True

    def __init__(self, directory: Path) -> None:
        if not directory.is_dir():
            raise FileNotFoundError(f"{directory} does not exist: build the site first (`make site`)")
        super().__init__(("127.0.0.1", 0), partial(_CountingHandler, directory=str(directory)))
        self.downloads: list[tuple[str, int]] = []
        #: Files served in place of the site's own, by address ("/sw.js" → a newer build's copy).
        self.stand_ins: dict[str, Path] = {}
        self._lock = threading.Lock()
        self._compressed: dict[tuple[str, float], bytes] = {}
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def record_download(self, path: str, size: int) -> None:
        with self._lock:
            self.downloads.append((path, size))

    def compressed(self, path: str) -> bytes:
        """The file at ``path`` gzip-compressed (kept, until the file changes)."""
        key = (path, os.path.getmtime(path))
        with self._lock:
            if key not in self._compressed:
                with open(path, "rb") as source:
                    self._compressed[key] = gzip.compress(source.read(), compresslevel=6, mtime=0)
            return self._compressed[key]

    def take_downloads(self) -> list[tuple[str, int]]:
        """The files sent since the last call, as (path, bytes)."""
        with self._lock:
            taken, self.downloads = self.downloads, []
        return taken

    def __enter__(self) -> "SiteServer":
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.shutdown()
        self.server_close()
