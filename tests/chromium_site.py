"""The built site served on 127.0.0.1 and Debian's Chromium launched by Playwright.

Shared by the browser tests (tests/browser/conftest.py) and the browser half of `make bench`,
which also needs to know how many bytes each page made the browser download.
"""

from __future__ import annotations

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


class _CountingHandler(SimpleHTTPRequestHandler):
    """A static file handler that records the size of every file it sends, and keeps quiet."""

    server: "SiteServer"

    def translate_path(self, path: str) -> str:
        stand_in = self.server.stand_ins.get(path.split("?")[0])
        return str(stand_in) if stand_in else super().translate_path(path)

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
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def record_download(self, path: str, size: int) -> None:
        with self._lock:
            self.downloads.append((path, size))

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
