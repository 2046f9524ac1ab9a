"""Plain-text pictures of a view, for the terminal and the example snapshots."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .cards import Pack
from .scoring import plural
from .view import board_summary


def cards_text(codes: list[str], pack: Pack) -> str:
    shorts = [C.short(pack.card(c)) for c in codes]
    # "12 of oros, 3 of copas": names with spaces (Spanish cards) need commas between them.
    return (", " if any(" " in s for s in shorts) else " ").join(shorts) or "-"


def table_text(view: dict[str, Any], pack: Pack) -> list[str]:
    """The table as lines: each seat's hand (or count), the trick, the zones, the status."""
    lines = []
    for seat, entry in enumerate(view.get("seats", [])):
        role = f" ({entry['role']})" if entry.get("role") else ""
        hand = cards_text(entry["hand"], pack) if entry.get("hand") is not None else plural(entry.get('count', 0), "card")
        if entry.get("down"):
            hand += f" (+{entry['down']} face down)"
        info = f"  [{entry['info']}]" if entry.get("info") else ""
        lines.append(f"{entry['name']}{role}: {hand}{info}")
        if entry.get("aside"):
            lines.append(f"  set aside: {cards_text(entry['aside'], pack)}")
    return lines + _middle_lines(view, pack)


def middle_text(view: dict[str, Any], pack: Pack) -> list[str]:
    """The table without its seats, as lines: the trick, the zones (with what a board's markers mean),
    the status — a position on paper where a picture of it would weigh too much."""
    lines = _middle_lines(view, pack)
    for zone in view.get("centre", []):
        if zone["kind"] == "grid" and zone.get("markers"):
            lines.append(f"{zone['label']}, markers: " + ", ".join(
                f"[{i}] {name}" for i, name in enumerate(zone["markers"])) + "; <n> in a finished row")
    return lines


def _middle_lines(view: dict[str, Any], pack: Pack) -> list[str]:
    lines = []
    if view.get("trick"):
        plays = ", ".join(f"{view['seats'][p['seat']]['name']} {C.short(pack.card(p['card']))}"
                          for p in view["trick"])
        lines.append(f"Trick: {plays}")
    for zone in view.get("centre", []):
        first, *more = ZONE_TEXT[zone["kind"]](zone, pack).split("\n")
        lines.append(f"{zone['label']}: {first or ('' if more else '-')}".rstrip())
        lines += ["  " + line for line in more]
    if view.get("status"):
        lines.append(view["status"])
    return lines


def _cards_zone(zone: dict[str, Any], pack: Pack) -> str:
    parts = []
    if zone.get("cards"):
        parts.append(cards_text(zone["cards"], pack))
    if zone.get("hidden"):
        parts.append(f"{zone['hidden']} face down")
    return " | ".join(parts)


def _piles_zone(zone: dict[str, Any], pack: Pack) -> str:
    return "  ".join(C.short(pack.card(p[-1])) + (f"({len(p)})" if len(p) > 1 else "")
                     for p in zone["piles"]) or "-"


def _groups(items: list[dict[str, Any]], pack: Pack) -> str:
    return " | ".join((f"{item['label']}: " if item.get("label") else "") + cards_text(item["cards"], pack)
                      for item in items)


def _grid_zone(zone: dict[str, Any], pack: Pack) -> str:
    """The board row by row: each space's card (** for a free corner), ``[n]`` after it for a marker of
    side ``n``, ``<n>`` for one in a finished row."""
    rows = []
    cols = zone["cols"]
    for r in range(zone["rows"]):
        cells = []
        for cell in zone["cells"][r * cols:(r + 1) * cols]:
            face = C.short(pack.card(cell["card"])) if cell["card"] else "**"
            marker = cell.get("marker")
            mark = f"<{marker}>" if cell.get("highlight") else f"[{marker}]"
            cells.append(face.rjust(4) + (mark if marker is not None else "   "))
        rows.append("".join(cells))
    return "\n" + "\n".join(rows)


def _track_zone(zone: dict[str, Any], pack: Pack) -> str:
    return ", ".join(f"{p['label']} {p['front']}" + (f" (from {p['back']})" if p["back"] else "")
                     for p in zone["pegs"]) + f" — {zone['length']} wins"


def _rows_zone(zone: dict[str, Any], pack: Pack) -> str:
    """Each row as ``left [board] right``, after its label; then what each side's cards make, if given."""
    names = zone.get("sides", [])
    lines = []
    for row in zone["rows"]:
        board = C.short(pack.card(row["board"])) if row["board"] else "-"
        sides = [cards_text(side, pack) for side in row["sides"]]
        label = f"{row['label']}: " if row.get("label") else ""
        lines.append(f"{label}{sides[0] if sides else ''} [{board}] {' '.join(sides[1:])}".strip())
        if row.get("hands"):
            lines.append("  " + "; ".join(f"{names[i] if i < len(names) else f'side {i + 1}'}: {hand}"
                                         for i, hand in enumerate(row["hands"])))
    return "\n" + "\n".join(lines)


def _notes_zone(zone: dict[str, Any], pack: Pack) -> str:
    """One line a note: ``> Grande: 2♠ …  North bids 2`` (``>`` marks the current line)."""
    lines = []
    for line in zone["notes"]:
        cards = cards_text(line["cards"], pack) + "  " if line.get("cards") else ""
        lines.append(f"{'> ' if line.get('current') else ''}{line['label']}: {cards}{line['text']}")
    return "\n" + "\n".join(lines) if lines else "-"


def _stacks_zone(zone: dict[str, Any], pack: Pack) -> str:
    """Stack by stack: ``label: cards`` (a squared stack shows its top card), ``+n`` face down."""
    out = []
    for stack in zone["stacks"]:
        cards = stack["cards"] if stack.get("spread") else stack["cards"][-1:]
        shown = cards_text(cards, pack) if cards else ""
        hidden = stack.get("hidden", 0)
        under = len(stack["cards"]) - len(cards) + hidden
        body = " ".join(part for part in (shown, f"+{under}" if under else "") if part) or "-"
        out.append(f"{stack['label']}: {body}" if stack.get("label") else body)
    return " | ".join(out) or "-"


def _board_zone(zone: dict[str, Any], pack: Pack) -> str:
    """Where each owner's pieces stand, one owner a line."""
    return "\n" + "\n".join(board_summary(zone).split("; "))


ZONE_TEXT = {"cards": _cards_zone, "piles": _piles_zone, "layout": lambda z, p: _groups(z["items"], p),
             "melds": lambda z, p: _groups(z["melds"], p), "grid": _grid_zone, "track": _track_zone,
             "rows": _rows_zone, "notes": _notes_zone, "board": _board_zone, "stacks": _stacks_zone}


def score_text(sheet: dict[str, Any] | None) -> list[str]:
    if not sheet:
        return []
    cols = [str(c) for c in sheet["columns"]]
    width = max([len(c) for c in cols] + [6])
    label_width = max([len(str(r[0])) for r in sheet["rows"]] + [5])
    out = [" " * label_width + " " + " ".join(c.rjust(width) for c in cols)]
    for row in sheet["rows"]:
        out.append(str(row[0]).ljust(label_width) + " " + " ".join(str(v).rjust(width) for v in row[1:]))
    out.append("Total".ljust(label_width) + " " + " ".join(str(t).rjust(width) for t in sheet["totals"]))
    return out
