"""MkDocs hook: the side menu lists the games by their names, as a reader looks for them.

MkDocs orders pages by file name, where "alcalde-variation.md" sorts before "alcalde.md" (a hyphen
comes before a dot); the games' own names put Alcalde first.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
import parlour  # noqa: E402

GAMES_FOLDER = "games"


def name_of(item: Any) -> tuple[int, str]:
    """Sort key: the section's index page first, then each game by its name (the file's for any other page)."""
    path = getattr(getattr(item, "file", None), "src_uri", "") or ""
    stem = PurePosixPath(path).stem
    if stem == "index":
        return (0, "")
    names = {spec.info.id: spec.info.name for spec in parlour.games()}
    name = names.get(stem, stem.replace("-", " "))
    # Tëtka files under T-e, as a reader looks for it, not after every other letter.
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return (1, plain.casefold())


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    for item in nav.items:
        children = getattr(item, "children", None)
        if children and any(getattr(getattr(c, "file", None), "src_uri", "").startswith(f"{GAMES_FOLDER}/")
                            for c in children):
            children.sort(key=name_of)
    return nav
