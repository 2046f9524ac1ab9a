"""MkDocs hook: what the built site needs to be published and to work offline.

After the build:

1. the Pyodide runtime and the engine wheel (``build/pyodide``, made by ``make wheel``) are
   copied into ``site/pyodide/``, so the live tables load everything from the site's origin;
2. every page gets a Content-Security-Policy ``<meta>`` first in its head: scripts only from
   the site itself plus the theme's few inline scripts, each allowed by its SHA-256 hash (no
   ``'unsafe-inline'``), WebAssembly for Pyodide, and no other origin for anything;
3. ``sw.js`` (the service worker) is given this build's version — a hash of every file it
   serves — and its lists of files: the pages and their assets, and the runtime. A page read
   is kept with what it used; all of them once a page has started the engine. A new build is
   a new version, and the service worker deletes the caches of the old ones;
4. every page gets the suits' shapes once at the top of its body, which every card picture
   (the examples' and the live table's) draws its suit signs from.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
from parlour.svg import suit_sprite  # noqa: E402

BODY = re.compile(r"<body[^>]*>")
RUNTIME = ROOT / "build" / "pyodide"
SERVICE_WORKER = "sw.js"
#: The line of sw.js this hook fills in.
BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.M)

#: Built files no page needs: source maps, search languages other than English, the example specs.
NOT_CACHED = re.compile(r"(\.map$|^assets/javascripts/lunr/|^examples/|^sitemap\.xml|^pyodide/|^sw\.js$)")

POLICY = {
    "default-src": ["'self'"],
    # 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly; it allows no JavaScript eval.
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    # Style attributes only (no <style> element, no script): a drawn board places its pegs and
    # spaces in per cent, and a card board sets its number of columns, in the table's own markup,
    # which the engine writes the same way for the static examples and the live table.
    "style-src-attr": ["'unsafe-inline'"],
    # The theme's icons are data: URIs in its stylesheet.
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}

INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
CHARSET = '<meta charset="utf-8">'


def inline_script_hashes(html: str) -> list[str]:
    """CSP sources for the page's inline scripts (JSON data blocks are not scripts)."""
    hashes = []
    for match in INLINE_SCRIPT.finditer(html):
        attrs = match["attrs"]
        if "src=" in attrs or ('type="' in attrs and 'type="module"' not in attrs
                               and 'type="text/javascript"' not in attrs):
            continue
        digest = hashlib.sha256(match["body"].encode("utf-8")).digest()
        source = f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
        if source not in hashes:
            hashes.append(source)
    return hashes


def content_security_policy(html: str) -> str:
    policy = {name: list(sources) for name, sources in POLICY.items()}
    policy["script-src"] += inline_script_hashes(html)
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in policy.items())


def with_policy(html: str, where: str) -> str:
    """The page with its policy as the first thing in its head (a policy covers what follows it)."""
    if CHARSET not in html:
        raise ValueError(f"{where}: no {CHARSET} to put the Content-Security-Policy after")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
    return html.replace(CHARSET, f"{CHARSET}\n      {meta}", 1)


def address(path: PurePosixPath) -> str:
    """The address a built file is fetched at, relative to the site root ("games/hearts/")."""
    if path.name == "index.html":
        return "./" if str(path.parent) == "." else f"{path.parent}/"
    return str(path)


def build_manifest(site: Path) -> dict[str, Any]:
    files = sorted(PurePosixPath(p.relative_to(site).as_posix()) for p in site.rglob("*") if p.is_file())
    shell = [f for f in files if not NOT_CACHED.search(str(f))]
    engine = [f for f in files if str(f).startswith("pyodide/")]
    version = hashlib.sha256()
    for f in shell + engine:
        version.update(str(f).encode() + b"\0" + hashlib.sha256((site / f).read_bytes()).digest())
    return {"version": version.hexdigest()[:16], "shell": [address(f) for f in shell],
            "engine": [address(f) for f in engine]}


def with_card_shapes(html: str) -> str:
    """The page with the suits' shapes (parlour.svg.suit_sprite) first in its body."""
    return BODY.sub(lambda body: body[0] + suit_sprite(), html, count=1)


def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    if RUNTIME.is_dir():
        shutil.copytree(RUNTIME, site / "pyodide", dirs_exist_ok=True)
    for page in site.rglob("*.html"):
        html = with_card_shapes(page.read_text(encoding="utf-8"))
        page.write_text(with_policy(html, str(page)), encoding="utf-8")
    worker = site / SERVICE_WORKER
    source = worker.read_text(encoding="utf-8")
    if not BUILD_LINE.search(source):
        raise ValueError(f"{worker}: no `const BUILD = …;` line to fill in")
    manifest = json.dumps(build_manifest(site), separators=(",", ":"))
    worker.write_text(BUILD_LINE.sub(lambda _: f"const BUILD = {manifest};", source), encoding="utf-8")
