"""Bounds on what the engine takes in from outside: records, codes, messages and example specs.

JSON is measured — its length, and how deep its arrays and objects nest — *before* it is parsed:
a deeply nested payload exhausts the parser's stack (in Pyodide that kills the whole engine, not
just one message), and a huge one costs time for nothing.  A record's parts are then checked for
type and size, so an error message never has to quote something enormous.  Every limit is far
above what a real record needs; docs/assets/table/bounds.js applies the same numbers in the page.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .core import OptionError

#: Deepest nesting of arrays and objects accepted (a worker message holding a record needs 3).
MAX_JSON_DEPTH = 20
#: Longest JSON text accepted: room for a record at the largest move cap (Beggar My Neighbour's
#: 200,000 turns at its longest option) and then some.
MAX_JSON_CHARS = 4_000_000
#: Longest name or text value anywhere in a record: game ids, option names and values, actions.
MAX_NAME_CHARS = 64
#: Most options a record may set (no game has half as many).
MAX_OPTIONS = 32
#: Largest whole number an option may be given (far past any option's maximum).
MAX_OPTION_NUMBER = 10**9

_JSON_SPECIAL = re.compile(r'[\[\]{}"\\]')


class JsonRefused(ValueError):
    """JSON text too long, too deeply nested or not JSON at all; the message says which."""


def nesting_depth(text: str, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (brackets inside strings do not
    count); stops counting once past ``limit``.  Linear in the text, with no recursion."""
    depth = deepest = 0
    in_string = False
    escaped_at = -1
    for match in _JSON_SPECIAL.finditer(text):
        at, char = match.start(), match.group()
        if at == escaped_at:
            continue
        if in_string:
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                break
        elif char in "]}":
            depth -= 1
    return deepest


def load_json(text: str, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON ``text`` after checking its size and depth; :class:`JsonRefused` if it is
    too big, too deep, or not JSON (numbers too long to read included)."""
    if not isinstance(text, str):
        raise JsonRefused("it is not text")
    if len(text) > max_chars:
        raise JsonRefused(f"it is longer than {max_chars} characters")
    if nesting_depth(text, max_depth) > max_depth:
        raise JsonRefused(f"it nests more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError, and numbers past Python's digit limit
        raise JsonRefused("it is not valid JSON") from None


def short_text(value: Any, size: int = 40) -> str:
    """``value`` as a short quoted text for a message, however big or odd it is."""
    if isinstance(value, str):
        text = value if len(value) <= size else value[:size] + "…"
        return repr(text)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -10**size < value < 10**size else "a very large number"
    return f"a {type(value).__name__}"


def is_name(value: Any) -> bool:
    """A short text: what a game id, an option name or value, an action or a card code must be."""
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS


def checked_options(options: Any) -> dict[str, str | int]:
    """``options`` if it maps short names to short texts or whole numbers; else :class:`OptionError`.

    Checked before a game sees them, so nothing nested, huge or oddly typed reaches the rules
    (and no message has to quote it)."""
    if not isinstance(options, dict):
        raise OptionError("options must be an object of name: value")
    if len(options) > MAX_OPTIONS:
        raise OptionError(f"there can be at most {MAX_OPTIONS} options")
    for name, value in options.items():
        if not is_name(name):
            raise OptionError(f"an option name must be a short text, not {short_text(name)}")
        plain_number = isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_OPTION_NUMBER
        if not (plain_number or is_name(value)):
            raise OptionError(f"option {short_text(name)} must be a short text or a whole number, "
                              f"not {short_text(value)}")
    return options
