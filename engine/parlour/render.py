"""HTML for a table, a hand, a score sheet and a story — from a state's view.

The static pages (at build time) and the live table (in the browser, via
Pyodide) both call these functions, so a card, a trick or a score sheet
looks the same everywhere.  Interactive tables mark every card of the
reader's hand and every action button with ``data-action``; the page's
script only forwards clicks.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from . import cards as C
from .cards import Pack
from .svg import back_svg, card_svg

Pos = str


def positions(n: int) -> list[Pos]:
    """Where each seat sits, counting clockwise from the reader's own seat at the bottom."""
    if n == 1:
        return ["bottom"]
    if n == 2:
        return ["bottom", "top"]
    if n == 3:
        return ["bottom", "left", "right"]
    if n == 4:
        return ["bottom", "left", "top", "right"]
    return ["bottom"] + ["top"] * (n - 1)


def card(code: str, pack: Pack, *, action: str | None = None, legal: bool = False,
         label: str | None = None) -> str:
    """One card; with ``action`` it is a button the reader can press."""
    picture = card_svg(pack.card(code))
    if action is None:
        return f'<span class="pc-slot">{picture}</span>'
    state = "pc-legal" if legal else "pc-illegal"
    # The button is named by its content: the picture's name ("king of diamonds"), then, for a
    # screen reader, what pressing it does beyond playing it, or that it cannot be played now.
    # (An aria-label would have to repeat the picture's printed corners to match what is seen.)
    note = card_note(pack.card(code), label, legal)
    hint = f'<span class="pt-sr-only"> ({escape(note)})</span>' if note else ""
    return (f'<button type="button" class="pc-slot pc-button {state}" data-action="{escape(action)}" '
            f'data-legal="{str(legal).lower()}">{picture}{hint}</button>')


def card_note(card: C.Card, action_label: str | None, legal: bool) -> str | None:
    """What follows a card button's name: None for a plain play, "pass" for "Pass 6♣", "play
    from the dummy" for "Play K♣ from the dummy", "not playable now" for a card that is not."""
    if not legal:
        return "not playable now"
    short = C.short(card)
    if not action_label or action_label == f"Play {short}":
        return None
    doing = " ".join(action_label.replace(short, " ").split())
    return doing[:1].lower() + doing[1:]


def cards_row(codes: Iterable[str], pack: Pack, cls: str = "pc-row") -> str:
    return f'<div class="{cls}">' + "".join(card(c, pack) for c in codes) + "</div>"


def backs(count: int, label: str) -> str:
    if count <= 0:
        return '<div class="pc-row pc-empty">no cards</div>'
    shown = min(count, 3)
    # One picture for a screen reader: the row, named with the count; the backs are decoration.
    pictures = "".join(f'<span class="pc-slot" aria-hidden="true">{back_svg(label)}</span>' for _ in range(shown))
    return (f'<div class="pc-row pc-backs" role="img" aria-label="{escape(label)}">{pictures}'
            f'<span class="pc-count" aria-hidden="true">{count}</span></div>')


def _seat(view: dict[str, Any], seat: int, pos: Pos, pack: Pack, interactive: bool) -> str:
    entry = view["seats"][seat]
    legal_cards = {a["card"]: a for a in view.get("legal", []) if a.get("card")}
    mine = interactive and seat in view.get("controls", [view.get("perspective")])
    name = escape(entry["name"])
    role = f' <span class="pt-role">{escape(entry["role"])}</span>' if entry.get("role") else ""
    turn = view.get("to_move") is not None and _controls(view, seat)
    classes = f"pt-seat pt-pos-{pos}" + (" pt-turn" if turn else "")
    if entry.get("hand") is not None:
        if mine:
            hand = '<div class="pc-row pc-hand">' + "".join(
                card(code, pack, action=code, legal=code in legal_cards,
                     label=legal_cards[code]["label"] if code in legal_cards else None)
                for code in entry["hand"]) + "</div>"
        else:
            hand = cards_row(entry["hand"], pack, "pc-row pc-hand")
    else:
        hand = backs(entry.get("count", 0), f"{entry['name']}'s {entry.get('count', 0)} face-down cards")
    info = f'<div class="pt-info">{escape(entry["info"])}</div>' if entry.get("info") else ""
    aside = ""
    if entry.get("aside"):
        aside = '<div class="pt-aside"><span>Set aside:</span>' + cards_row(entry["aside"], pack) + "</div>"
    # A group, not a landmark: a page shows several tables, each with a "South".
    return (f'<div class="{classes}" data-seat="{seat}" role="group" aria-label="{name}">'
            f'<h4 class="pt-name">{name}{role}{" — to play" if turn else ""}</h4>{hand}{aside}{info}</div>')


def _controls(view: dict[str, Any], seat: int) -> bool:
    return view.get("turn_seat", view.get("to_move")) == seat


def _centre(view: dict[str, Any], pack: Pack, pos: list[Pos]) -> str:
    parts = []
    trick = view.get("trick") or []
    if trick or view.get("seats"):
        slots = "".join(
            f'<figure class="pt-played pt-pos-{pos[play["seat"]]}">{card(play["card"], pack)}'
            f'<figcaption>{escape(view["seats"][play["seat"]]["name"])}</figcaption></figure>'
            for play in trick)
        parts.append(f'<div class="pt-trick" role="group" aria-label="cards played to this trick">{slots}</div>')
    for zone in view.get("centre", []):
        label = escape(zone["label"])
        body = ""
        if zone.get("piles") is not None:
            body = '<ol class="pc-piles">' + "".join(
                f'<li class="pc-pile">{card(p[-1], pack)}'
                f'<span class="pc-count">{len(p)}</span></li>' for p in zone["piles"]) + "</ol>"
        if zone.get("cards"):
            body += cards_row(zone["cards"], pack)
        if zone.get("hidden"):
            body += backs(zone["hidden"], f"{zone['hidden']} face-down cards")
        parts.append(f'<div class="pt-zone"><h4>{label}</h4>{body}</div>')
    status = f'<p class="pt-status">{escape(view["status"])}</p>' if view.get("status") else ""
    return f'<div class="pt-middle">{"".join(parts)}{status}</div>'


def table(view: dict[str, Any], pack: Pack, *, interactive: bool = False) -> str:
    """The whole table: seats around, the trick and other zones in the middle."""
    seats = view.get("seats", [])
    n = len(seats)
    me = view.get("perspective") or 0
    pos = ["bottom"] * n
    if n:
        order = positions(n)
        for k in range(n):
            pos[(me + k) % n] = order[k]
    body = "".join(_seat(view, s, pos[s], pack, interactive) for s in range(n))
    actions = ""
    if interactive:
        buttons = [a for a in view.get("legal", []) if not a.get("card")]
        if buttons:
            actions = '<div class="pt-actions">' + "".join(
                f'<button type="button" class="pt-action" data-action="{escape(a["action"])}" '
                f'data-legal="true">{escape(a["label"])}</button>' for a in buttons) + "</div>"
    return (f'<div class="pt-table pt-n{n}">{body}{_centre(view, pack, pos)}</div>{actions}')


def score(sheet: dict[str, Any] | None) -> str:
    """A score sheet as a table: one row a hand, totals at the foot."""
    if not sheet:
        return ""
    head = "".join(f"<th scope=\"col\">{escape(str(c))}</th>" for c in sheet["columns"])
    rows = "".join(
        f'<tr><th scope="row">{escape(str(row[0]))}</th>' + "".join(f"<td>{escape(str(v))}</td>" for v in row[1:])
        + "</tr>" for row in sheet["rows"])
    totals = "".join(f"<td><strong>{t}</strong></td>" for t in sheet["totals"])
    note = f'<caption>{escape(sheet["note"])}</caption>' if sheet.get("note") else ""
    return (f'<table class="pt-score">{note}<thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{rows}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table>')


def story(lines: Iterable[dict[str, Any]], *, start: int = 0) -> str:
    """The narrative as a list, each line marked with the step it happened at."""
    items = "".join(f'<li class="pt-ev pt-ev-{escape(e.get("kind") or "note")}" data-step="{e["step"]}">'
                    f'{escape(e["text"])}</li>' for e in lines if e["step"] >= start)
    # Focusable, so that a keyboard can scroll it when it is taller than its box.
    return f'<ol class="pt-log" tabindex="0">{items}</ol>'
