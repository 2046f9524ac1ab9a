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
from .scoring import plural
from .svg import back_svg, board_svg, card_index_svg, card_svg, move_path_svg, track_svg
from .view import board_summary, clickable

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
         label: str | None = None, part: str | None = None, drawn: bool = False) -> str:
    """One card; with ``action`` it is a button the reader can press, with ``part`` one they can pick
    as part of a move made of several cards; ``drawn``: the card just drawn into the hand, marked."""
    picture = card_svg(pack.card(code))
    if drawn:
        picture += '<span class="pt-sr-only"> (just drawn)</span>'
    slot = "pc-slot pc-drawn" if drawn else "pc-slot"
    if part is not None:
        return _part_button(part, picture, None, slot)
    if action is None:
        return f'<span class="{slot}">{picture}</span>'
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


def _part_button(part: str, content: str, name: str | None, cls: str = "pc-slot") -> str:
    """Something the reader picks (toggles) while making a move of several parts; without ``name``
    it is named by its content (a card's picture), as a card played with one click is."""
    label = f' aria-label="{escape(name)}"' if name is not None else ""
    return (f'<button type="button" class="{cls} pc-button pc-part" data-part="{escape(part)}" '
            f'aria-pressed="false"{label}>{content}</button>')


def cards_row(codes: Iterable[str], pack: Pack, cls: str = "pc-row", parts: frozenset[str] = frozenset(),
              drawn: frozenset[str] = frozenset()) -> str:
    return f'<div class="{cls}">' + "".join(card(c, pack, part=c if c in parts else None, drawn=c in drawn)
                                            for c in codes) + "</div>"


def backs(count: int, label: str) -> str:
    if count <= 0:
        return '<div class="pc-row pc-empty">no cards</div>'
    shown = min(count, 3)
    # One picture for a screen reader: the row, named with the count; the backs are decoration.
    pictures = "".join(f'<span class="pc-slot" aria-hidden="true">{back_svg(label)}</span>' for _ in range(shown))
    return (f'<div class="pc-row pc-backs" role="img" aria-label="{escape(label)}">{pictures}'
            f'<span class="pc-count" aria-hidden="true">{count}</span></div>')


def _parts(view: dict[str, Any]) -> frozenset[str]:
    """What the reader may pick, when a legal move is made of several parts, the game offers verbs to
    try on a pick (a rummy's meld, add, discard), or a pick makes the move (a race's placing table) — else
    nothing, and cards are played by a click."""
    legal = view.get("legal", [])
    picking = view.get("compose") or view.get("play_on_pick")
    if not picking and not any(len(a.get("parts", ())) > 1 for a in legal):
        return frozenset()
    parts = frozenset(p for a in legal for p in a.get("parts", ()))
    if view.get("compose") and not view.get("play_on_pick"):
        # Verbs to try: every card in the reader's hand and every item on the table can be picked, so a
        # pick no move uses (a wrong sum) can be tried and gets the rule's reason, not a dead card.
        parts |= _pickable_anyway(view)
    places = _places(view)
    if view.get("play_on_pick") and not view.get("compose") and places and parts:
        # A card and a place on a board (a space of a board of cards, a hole, a row): any of them, so a
        # place the card cannot go to is answered with the rule's reason (the page spells the pick as a
        # listed move of the same kind, or as card:place).
        parts |= _pickable_anyway(view) | places
    return parts


def _places(view: dict[str, Any]) -> frozenset[str]:
    """Every place on the table's boards a card could be put: a grid's spaces, a board's holes, the rows."""
    places: set[str] = set()
    for zone in view.get("centre", []):
        if zone["kind"] == "grid":
            places.update(cell["id"] for cell in zone["cells"])
        elif zone["kind"] == "board":
            places.update(space["id"] for space in zone["spaces"])
        elif zone["kind"] == "rows":
            places.update(row["id"] for row in zone["rows"] if row.get("id"))
    return frozenset(places)


def _pickable_anyway(view: dict[str, Any]) -> frozenset[str]:
    """The reader's hand and the table's items and melds: what a reader may try a verb on."""
    seats = view.get("seats", [])
    me = view.get("perspective") or 0
    hand = (seats[me].get("hand") or []) if me < len(seats) else []
    items = [item["id"] for zone in view.get("centre", []) if zone["kind"] in ("layout", "melds")
             for item in zone.get("items", zone.get("melds", []))]
    return frozenset(hand) | frozenset(items)


def _seat(view: dict[str, Any], seat: int, pos: Pos, pack: Pack, interactive: bool) -> str:
    entry = view["seats"][seat]
    parts = _parts(view) if interactive else frozenset()
    legal_cards = {} if parts else {code: a for a in view.get("legal", []) if (code := _hand_card(a))}
    mine = interactive and seat in view.get("controls", [view.get("perspective")])
    name = escape(entry["name"])
    role = f' <span class="pt-role">({escape(entry["role"])})</span>' if entry.get("role") else ""
    turn = view.get("to_move") is not None and _controls(view, seat)
    classes = f"pt-seat pt-pos-{pos}" + (" pt-turn" if turn else "")
    if entry.get("hand") is not None:
        if mine and parts:
            hand = cards_row(entry["hand"], pack, "pc-row pc-hand", parts, frozenset(entry.get("drawn", ())))
        elif mine:
            # A card's move is the legal action naming it (in a game without turns, tagged with the seat).
            hand = '<div class="pc-row pc-hand">' + "".join(
                card(code, pack, action=legal_cards[code]["action"] if code in legal_cards else code,
                     legal=code in legal_cards,
                     label=legal_cards[code]["label"] if code in legal_cards else None)
                for code in entry["hand"]) + "</div>"
        else:
            hand = cards_row(entry["hand"], pack, "pc-row pc-hand")
    else:
        hand = backs(entry.get("count", 0), f"{entry['name']}'s {plural(entry.get('count', 0), 'face-down card')}")
    if entry.get("down"):
        hand += backs(entry["down"], f"{entry['name']}'s {plural(entry['down'], 'card')} turned face down")
    info = f'<div class="pt-info">{escape(entry["info"])}</div>' if entry.get("info") else ""
    aside = ""
    if entry.get("aside"):
        aside = '<div class="pt-aside"><span>Set aside:</span>' + cards_row(entry["aside"], pack) + "</div>"
    # A group, not a landmark: a page shows several tables, each with a "South".
    return (f'<div class="{classes}" data-seat="{seat}" role="group" aria-label="{name}">'
            f'<h4 class="pt-name">{name}{role}{" — to play" if turn else ""}</h4>{hand}{aside}{info}</div>')


def _hand_card(action: dict[str, Any]) -> str | None:
    """The one card a move is made with: the card played, or the single part of a move such as
    ``crib:5H`` (laying one card away), so that clicking the card makes the move."""
    if action.get("card"):
        return action["card"]
    parts = action.get("parts") or []
    return parts[0] if len(parts) == 1 else None


def _controls(view: dict[str, Any], seat: int) -> bool:
    if "actors" in view:  # a game without turns: marked only when this seat alone may act
        return view["actors"] == [seat]
    return view.get("turn_seat", view.get("to_move")) == seat


def _played(view: dict[str, Any], plays: list[dict[str, Any]], pack: Pack, pos: list[Pos],
            winner: int | None = None) -> str:
    """Cards played to a trick, each at its player's side of the table; the taker's is marked."""
    out = []
    for play in plays:
        name = escape(view["seats"][play["seat"]]["name"])
        taker = play["seat"] == winner
        mark = " pt-taker" if taker else ""
        caption = f"{name} takes it" if taker else name
        out.append(f'<figure class="pt-played pt-pos-{pos[play["seat"]]}{mark}">{card(play["card"], pack)}'
                   f"<figcaption>{caption}</figcaption></figure>")
    return "".join(out)


def trick_finished(view: dict[str, Any]) -> bool:
    """Whether the table shows a trick just finished (with its taker) rather than one in play."""
    return bool(view.get("last_trick")) and not view.get("trick")


def _trick(view: dict[str, Any], pack: Pack, pos: list[Pos]) -> str:
    """The trick in play; between tricks, the one just finished with its taker marked (a learner sees
    every trick before it is gathered), and during a trick the last one folded away to look at again."""
    trick = view.get("trick") or []
    last = view.get("last_trick") or []
    row = " pt-trick-row" if len(view.get("seats", [])) > 4 else ""
    winner = view.get("last_winner")
    taker = view["seats"][winner]["name"] if winner is not None and winner < len(view["seats"]) else None
    taken = f"taken by {taker}" if taker else "drawn: nobody takes it"
    if trick_finished(view):
        return (f'<div class="pt-trick pt-trick-done{row}" role="group" aria-label="the trick just played, {escape(taken)}">'
                f"{_played(view, last, pack, pos, winner)}</div>"
                f'<p class="pt-trick-note">Trick {escape(taken)}.</p>')
    current = (f'<div class="pt-trick{row}" role="group" aria-label="cards played to this trick">'
               f"{_played(view, trick, pack, pos)}</div>")
    if not last:
        return current
    cards = "".join(card(play["card"], pack) for play in last)
    return (current + f'<details class="pt-last-trick" data-keep="last-trick"><summary>Last trick</summary>'
            f'<span class="pc-row pc-fan">{cards}</span> <span>{escape(taken)}</span></details>')


def _cards_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    body = cards_row(zone["cards"], pack, parts=parts) if zone.get("cards") else ""
    if zone.get("hidden"):
        body += backs(zone["hidden"], f"{zone['hidden']} face-down cards")
    return body or '<div class="pc-row pc-empty">no cards yet</div>'


def _piles_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    return '<ol class="pc-piles">' + "".join(
        f'<li class="pc-pile">{card(p[-1], pack)}<span class="pc-count">{len(p)}</span></li>'
        for p in zone["piles"]) + "</ol>"


def _items(items: list[dict[str, Any]], pack: Pack, parts: frozenset[str], cls: str) -> str:
    """Layout items or melds: each a group of cards, pickable as a whole when it is a part."""
    out = []
    for item in items:
        label = item.get("label", "")
        cards = "".join(card(c, pack) for c in item["cards"])
        caption = f'<span class="pt-item-label">{escape(label)}</span>' if label else ""
        content = f'<span class="pc-row pc-fan">{cards}</span>{caption}'
        if item["id"] in parts:
            # Named by what it shows: its cards' names, then its caption ("build of 8").
            out.append(f'<li class="{cls}">' + _part_button(item["id"], content, None) + "</li>")
        else:
            out.append(f'<li class="{cls}">{content}</li>')
    return "".join(out)


def _layout_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    if not zone["items"]:
        return '<div class="pc-row pc-empty">nothing on the table</div>'
    return f'<ul class="pt-items">{_items(zone["items"], pack, parts, "pt-item")}</ul>'


def _melds_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    if not zone["melds"]:
        return '<div class="pc-row pc-empty">no melds yet</div>'
    return f'<ul class="pt-items pt-melds">{_items(zone["melds"], pack, parts, "pt-item pt-meld")}</ul>'


def _grid_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    """A board of cut cards: each space shows its card's corner (a star for a free corner), any marker on it
    (each side's marker has its own colour and shape), and a line through each finished row, drawn in its
    side's own style (solid, dashed, dotted), not only its colour. Rows and columns are labelled if the
    zone names them, as the game's words do ("row 3, column 4")."""
    markers = zone.get("markers", [])
    row_labels, col_labels = zone.get("row_labels"), zone.get("col_labels")
    cols = int(zone["cols"])
    owner_of = lambda m: markers[m] if m < len(markers) else f"side {m + 1}"  # noqa: E731
    cells = []
    if col_labels:
        corner = '<span class="pt-grid-label" aria-hidden="true"></span>' if row_labels else ""
        cells.append(corner + "".join(f'<span class="pt-grid-label" aria-hidden="true">{escape(c)}</span>'
                                      for c in col_labels))
    for index, cell in enumerate(zone["cells"]):
        row_no, col_no = divmod(index, cols)
        if row_labels and col_no == 0:
            cells.append(f'<span class="pt-grid-label" aria-hidden="true">{escape(row_labels[row_no])}</span>')
        marker = cell.get("marker")
        face = card_index_svg(pack.card(cell["card"]) if cell["card"] else None)
        peg = (f'<span class="pt-marker pt-marker-{marker}" aria-hidden="true"></span>'
               if marker is not None else "")
        lines = cell.get("lines", [])
        drawn = "".join(_row_line(line) for line in lines)
        name = C.name(pack.card(cell["card"])) if cell["card"] else "free corner"
        owner = f", marker of {markers[marker]}" if marker is not None and marker < len(markers) else ""
        if lines:
            row = "".join(f", in a finished row of {owner_of(line['owner'])}" for line in lines)
        else:
            row = ", in a finished row" if cell.get("highlight") else ""
        place = (f", row {row_labels[row_no]}, column {col_labels[col_no]}"
                 if row_labels and col_labels else "")
        said = name + owner + row + place
        classes = "pt-cell" + (" pt-cell-row" if cell.get("highlight") or lines else "")
        if cell["id"] in parts:
            cells.append(f'<div class="{classes}">' + _part_button(cell["id"], face + peg + drawn, said) + "</div>")
        else:
            cells.append(f'<div class="{classes}" role="img" aria-label="{escape(said)}">{face}{peg}{drawn}</div>')
    drawn_for = {line["owner"] for cell in zone["cells"] for line in cell.get("lines", [])}
    key = "".join(f'<li><span class="pt-marker pt-marker-{i}" aria-hidden="true"></span>{escape(name)}'
                  + (f'<span class="pt-row-sample">{_row_line({"owner": i, "direction": "across"})}</span>'
                     f"finished row" if i in drawn_for else "") + "</li>"
                  for i, name in enumerate(markers))
    legend = f'<ul class="pt-marker-key" aria-label="markers">{key}</ul>' if key else ""
    labelled = " pt-grid-labelled" if row_labels else ""
    return (f'<div class="pt-grid{labelled}" style="--cols: {cols}">' + "".join(cells) + "</div>" + legend)


#: Where a finished row's line crosses a space (x1, y1, x2, y2 in a 100 × 100 box stretched over it).
ROW_LINE_ENDS = {"across": (0, 50, 100, 50), "down": (50, 0, 50, 100), "diagonal": (0, 0, 100, 100),
                 "antidiagonal": (100, 0, 0, 100)}


def _row_line(line: dict[str, Any]) -> str:
    """A finished row's stroke through one space, in its owner's style (class pt-row-line-N)."""
    x1, y1, x2, y2 = ROW_LINE_ENDS[line["direction"]]
    ends = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
    return (f'<svg class="pt-row-line pt-row-line-{int(line["owner"]) % 3}" viewBox="0 0 100 100" '
            f'preserveAspectRatio="none" aria-hidden="true"><line class="pt-row-under" {ends}/>'
            f'<line class="pt-row-over" {ends}/></svg>')


def _rows_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    names = zone.get("sides", [])
    shown = zone.get("show_hands", False)
    rows = []
    for row in zone["rows"]:
        hands = row.get("hands", []) if shown else []
        sides = [_row_side(side, names[i] if i < len(names) else f"side {i + 1}", pack,
                           hands[i] if i < len(hands) else None)
                 for i, side in enumerate(row["sides"])]
        board = card(row["board"], pack) if row["board"] else ""
        label = f'<span class="pt-item-label">{escape(row["label"])}</span>' if row.get("label") else ""
        middle = f'<div class="pt-row-board">{board}{label}</div>'
        content = (sides[0] if sides else "") + middle + "".join(sides[1:])
        # A pickable row is named by what it shows ("West: 7 of hearts, ace of spades, Row 1, East: …").
        if row.get("id") in parts:
            rows.append(_part_button(row["id"], content, None, "pt-row"))
        else:
            rows.append(f'<div class="pt-row">{content}</div>')
    panel = "" if shown else _row_hands(zone, names)
    return f'<div class="pt-rows{" pt-rows-shown" if shown else ""}">' + "".join(rows) + "</div>" + panel


def _row_side(codes: list[str], who: str, pack: Pack, hand: str | None = None) -> str:
    """One side's cards in a row, with whose they are for a screen reader; with ``hand``, what they make
    written under them (a showdown)."""
    said = f"{who}: " + ("" if codes else "no cards, ")
    cards = (f'<div class="pc-row pt-row-side"><span class="pt-sr-only">{escape(said)}</span>'
             + "".join(card(c, pack) for c in codes) + "</div>")
    if hand is None:
        return cards
    return f'<div class="pt-row-sidebox">{cards}<span class="pt-row-hand">{escape(hand)}</span></div>'


def _row_hands(zone: dict[str, Any], names: list[str]) -> str:
    """A panel that names what each side's cards make in each row, shut until the reader opens it."""
    if not any(row.get("hands") for row in zone["rows"]):
        return ""
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    body = "".join(f'<tr><th scope="row">{escape(row.get("label") or f"Row {i + 1}")}</th>'
                   + "".join(f"<td>{escape(h)}</td>" for h in row.get("hands", [])) + "</tr>"
                   for i, row in enumerate(zone["rows"]))
    return (f'<details class="pt-row-hands" data-keep="row-hands"><summary>Show each row\'s hand</summary>'
            f'<table class="pt-score"><thead><tr><th scope="col">Row</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></details>")


def _track_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    """The board, and under it the pegs in words (a long board is drawn small on a phone)."""
    legend = " · ".join(f"{p['label']} {p['front']}" + (f" (+{p['front'] - p['back']})" if p["back"] else "")
                        for p in zone["pegs"])
    return (track_svg(zone["length"], zone["pegs"], zone.get("marks", []), zone["label"])
            + f'<p class="pt-track-legend">{escape(legend)} — {zone["length"]} wins</p>')


def _notes_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    lines = []
    for line in zone["notes"]:
        cards = cards_row(line["cards"], pack, "pc-row pt-note-cards") if line.get("cards") else ""
        current = " pt-note-current" if line.get("current") else ""
        lines.append(f'<div class="pt-note{current}"><dt>{escape(line["label"])}</dt>'
                     f'<dd>{cards}<span>{escape(line["text"])}</span></dd></div>')
    return '<dl class="pt-notes">' + "".join(lines) + "</dl>"


def _stack_part(part: str, label: str) -> str:
    """An empty place in a stacks zone the reader may pick (to put a card there)."""
    return _part_button(part, f'<span class="pt-gap">{escape(label)}</span>', label)


def _stacks_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    out = []
    for stack in zone["stacks"]:
        cards, hidden, spread = stack["cards"], stack.get("hidden", 0), stack.get("spread")
        shown = cards if spread else cards[-1:]
        body = ""
        label = stack.get("label", "")
        if hidden and not shown and stack["id"] in parts:
            # A face-down pile the reader picks as a whole (a stock to turn).
            body += _part_button(stack["id"], f'<span class="pc-slot" aria-hidden="true">{back_svg("")}</span>',
                                 f"{label or 'pile'}: {hidden} face down")
        elif hidden and (spread or not shown):
            # A picture only: the pile's count says how many cards it holds.
            body += f'<span class="pc-slot pc-under" aria-hidden="true">{back_svg("")}</span>'
        body += "".join(card(c, pack, part=c if c in parts else None) for c in shown)
        if not cards and not hidden:
            body += (_stack_part(stack["id"], label or "empty") if stack["id"] in parts
                     else f'<span class="pt-gap">{escape(label or "empty")}</span>')
        elif stack["id"] in parts and stack["id"] not in cards and shown:
            body += _stack_part(stack["id"], label or "here")
        total = len(cards) + hidden
        count = f'<span class="pc-count">{total}</span>' if total > 1 else ""
        caption = f'<span class="pt-item-label">{escape(label)}</span>' if label and (cards or hidden) else ""
        spread_class = f" pt-spread-{spread}" if spread else ""
        out.append(f'<li class="pt-stack{spread_class}" data-stack="{escape(stack["id"])}">'
                   f'<span class="pt-stack-cards">{body}</span>{count}{caption}</li>')
    return f'<ul class="pt-stacks">{"".join(out)}</ul>'


def _board_zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str]) -> str:
    """The board drawn once, then the pieces and the spaces a reader can pick laid over it, placed in per
    cent so they line up at any size (and a piece can glide along its ``trail``)."""
    at = {space["id"]: space for space in zone["spaces"]}
    summary = f"{zone['label']}: {board_summary(zone)}"
    owners = zone["owners"]
    pieces, paths, moves = [], [], []
    for piece in zone["pieces"]:
        space = at[piece["space"]]
        passed = [at[s] for s in piece.get("trail", []) if s in at]
        trail = " ".join(f'{s["x"]:.1f},{s["y"]:.1f}' for s in passed)
        moved = " pt-peg-moved" if passed else ""
        pieces.append(f'<span class="pt-peg pt-peg-{int(piece["owner"]) % 4}{moved}" data-piece="{escape(piece["id"])}" '
                      f'style="left:{space["x"]:.1f}%;top:{space["y"]:.1f}%"'
                      + (f' data-trail="{trail}"' if trail else "") + ' aria-hidden="true"></span>')
        if passed:
            # The last move stays drawn: where the peg started, the holes it passed, where it stands.
            if len(passed) > 1:
                paths.append(move_path_svg([(s["x"], s["y"]) for s in passed], int(piece["owner"])))
            moves.append(_piece_move(owners[piece["owner"]] if piece["owner"] < len(owners) else "a player",
                                     [s["label"] for s in passed]))
    occupant = {piece["space"]: owners[piece["owner"]] for piece in zone["pieces"] if piece["owner"] < len(owners)}
    buttons = []
    for space in zone["spaces"]:
        if space["id"] not in parts:
            continue
        name = space["label"] + (f", {occupant[space['id']]}'s peg" if space["id"] in occupant else "")
        buttons.append(f'<button type="button" class="pt-space pc-button pc-part" data-part="{escape(space["id"])}" '
                       f'style="left:{space["x"]:.1f}%;top:{space["y"]:.1f}%" aria-pressed="false" '
                       f'aria-label="{escape(name)}"></button>')
    told = f'<p class="pt-board-move">{escape(". ".join(moves))}</p>' if moves else ""
    return (f'<div class="pt-board">{board_svg(zone["spaces"], zone.get("lines", []), owners, summary)}'
            f'{"".join(paths)}{"".join(buttons)}{"".join(pieces)}</div>{told}')


def _piece_move(owner: str, labels: list[str]) -> str:
    """A piece's last move in words, as its path is drawn: "Moved: East's peg (purple diamonds), S1 → S9
    (8 holes)"; a piece put back with no path, where it now is."""
    name, _, look = owner.partition(" (")
    peg = f"{name}'s peg" + (f" ({look}" if look else "")
    if len(labels) == 1:
        return f"Sent back: {peg}, to {labels[0]}"
    steps = len(labels) - 1
    return f"Moved: {peg}, {labels[0]} → {labels[-1]} ({steps} {'hole' if steps == 1 else 'holes'})"


ZONE_RENDERERS = {"cards": _cards_zone, "piles": _piles_zone, "layout": _layout_zone, "melds": _melds_zone,
                  "grid": _grid_zone, "rows": _rows_zone, "track": _track_zone, "notes": _notes_zone,
                  "board": _board_zone, "stacks": _stacks_zone}


def _zone(zone: dict[str, Any], pack: Pack, parts: frozenset[str], cls: str = "", perspective: int = 0) -> str:
    body = ZONE_RENDERERS[zone["kind"]](zone, pack, parts)
    # A zone that belongs to a player (their layout) is drawn large for the reader, small for the others.
    owner = zone.get("owner")
    if owner is not None:
        cls += " pt-zone-own" if owner == perspective else " pt-zone-small"
    return f'<div class="pt-zone pt-zone-{zone["kind"]}{cls}"><h4>{escape(zone["label"])}</h4>{body}</div>'


def _centre(view: dict[str, Any], pack: Pack, pos: list[Pos], parts: frozenset[str] = frozenset()) -> str:
    parts_html = []
    if view.get("trick") or (view.get("seats") and "trick" in view):
        parts_html.append(_trick(view, pack, pos))
    # A scoring track lies along the whole table (see table()), not in the middle.
    me = view.get("perspective") or 0
    parts_html += [_zone(zone, pack, parts, perspective=me) for zone in view.get("centre", [])
                   if zone["kind"] != "track"]
    status = f'<p class="pt-status">{escape(view["status"])}</p>' if view.get("status") else ""
    return f'<div class="pt-middle">{"".join(parts_html)}{status}</div>'


def seat_positions(view: dict[str, Any]) -> list[Pos]:
    """Where each seat of the view sits, the reader's own seat at the bottom."""
    n = len(view.get("seats", []))
    me = view.get("perspective") or 0
    pos = ["bottom"] * n
    if n:
        order = positions(n)
        for k in range(n):
            pos[(me + k) % n] = order[k]
    return pos


def middle(view: dict[str, Any], pack: Pack) -> str:
    """The table without its seats (and without a scoring board, which a score sheet repeats): the trick
    and the other zones in the middle — a compact picture of a position (a worked example's last one,
    printed on paper)."""
    return f'<div class="pt-table pt-n0 pt-middle-only">{_centre(view, pack, seat_positions(view))}</div>'


def table(view: dict[str, Any], pack: Pack, *, interactive: bool = False) -> str:
    """The whole table: seats around, the trick and other zones in the middle."""
    seats = view.get("seats", [])
    n = len(seats)
    me = view.get("perspective") or 0
    pos = seat_positions(view)
    seats_html = [_seat(view, s, pos[s], pack, interactive) for s in range(n)]
    if n > 4:
        # Everyone but the reader shares the top row, side by side.
        others = [seats_html[s] for s in sorted(range(n), key=lambda s: (s - me) % n) if pos[s] == "top"]
        body = seats_html[me] + f'<div class="pt-pos-top pt-seat-row">{"".join(others)}</div>'
    else:
        body = "".join(seats_html)
    parts = _parts(view) if interactive else frozenset()
    actions = ""
    entry = view.get("entry") if interactive else None
    if interactive:
        # Moves made of parts are put together by picking (the page lists the matching moves);
        # moves written out in the entry are not offered as buttons (they would give sums away).
        # Moves that name an amount, when there are too many for a button each, are one control.
        controls = view.get("amounts", [])
        boxed = {c["verb"] for c in controls}
        buttons = [a for a in clickable(view) if not a.get("card") and not a.get("parts")
                   and not ("amount" in a and a["action"].partition(":")[0] in boxed)]
        if buttons or controls:
            labels = {a["action"]: a["label"] for a in view.get("legal", [])}
            actions = ('<div class="pt-actions">' + "".join(_action_button(a["action"], a["label"]) for a in buttons)
                       + "".join(_amount_control(c, labels) for c in controls) + "</div>")
    placing = ' data-play-on-pick="true"' if view.get("play_on_pick") else ""
    composer = f'<div class="pt-composer" aria-live="polite"{placing}></div>' if parts else ""
    # A scoring board (a cribbage board) is long and thin: it gets the table's whole width, on top.
    boards = "".join(_zone(z, pack, parts, " pt-scoreboard") for z in view.get("centre", []) if z["kind"] == "track")
    with_board = " pt-with-scoreboard" if boards else ""
    return (f'<div class="pt-table pt-n{n}{with_board}"{placing}>{boards}{body}{_centre(view, pack, pos, parts)}</div>'
            f'{composer}{_entry(entry) if entry else ""}{actions}')


def _action_button(action: str, label: str) -> str:
    return (f'<button type="button" class="pt-action" data-action="{escape(action)}" '
            f'data-legal="true">{escape(label)}</button>')


def _amount_control(control: dict[str, Any], labels: dict[str, str]) -> str:
    """The usual amounts as buttons, then a labelled number box for any other (arrow keys step it,
    Enter makes the move); the page asks the engine why an amount it refuses is refused, so the box
    does not check its own bounds (``novalidate``)."""
    verb = escape(control["verb"])
    usual = "".join(_action_button(action, labels[action]) for action in control["usual"])
    usual_box = f'<span class="pt-amount-usual">{usual}</span>' if usual else ""
    return (f'<form class="pt-amount" data-verb="{verb}" novalidate>{usual_box}'
            f'<label class="pt-amount-label">{escape(control["label"])} '
            f'<input type="number" name="amount" class="pt-amount-number" inputmode="numeric" step="1" '
            f'min="{control["min"]}" max="{control["max"]}" value="{control["min"]}"></label>'
            f'<button type="submit" class="pt-action pt-amount-play">{escape(control["submit"])}</button></form>')


def _entry(entry: dict[str, Any]) -> str:
    """A move the reader writes out: a text field, buttons that add to it, check, hint and play."""
    tokens = "".join(f'<button type="button" class="pt-token" data-token="{escape(t["text"])}" '
                     f'aria-label="{escape(t.get("name", t["label"]))}">{escape(t["label"])}</button>'
                     for t in entry["tokens"])
    hint_move = f' data-move="{escape(entry["hint_move"])}"' if entry.get("hint_move") else ""
    extra = "".join(f'<button type="button" class="pt-control" data-entry="{kind}"'
                    f'{hint_move if kind == "hint" else ""}>{escape(entry[kind])}</button>'
                    for kind in ("check", "hint") if entry.get(kind))
    key = f' data-key="{escape(entry["key"])}"' if entry.get("key") else ""
    return (f'<form class="pt-entry" data-verb="{escape(entry["verb"])}"{key}>'
            f'<label class="pt-entry-label">{escape(entry["label"])} '
            f'<input type="text" name="entry" class="pt-entry-text" autocomplete="off" spellcheck="false"></label>'
            f'<div class="pt-tokens">{tokens}'
            f'<button type="button" class="pt-token" data-entry="back" aria-label="rub out the last sign">⌫</button>'
            f'<button type="button" class="pt-token" data-entry="clear" aria-label="clear">C</button></div>'
            f'<div class="pt-entry-buttons"><button type="submit" class="pt-action pt-entry-play">'
            f'{escape(entry["submit"])}</button>{extra}</div></form>')


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
    # Many players make a wide sheet: it scrolls sideways in its own box (focusable, so a keyboard
    # can scroll it too) rather than making a phone's whole page wider than the screen.
    return (f'<div class="pt-score-wrap" tabindex="0" role="group" aria-label="score sheet">'
            f'<table class="pt-score">{note}<thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{rows}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table></div>')


def score_line(sheet: dict[str, Any] | None) -> str:
    """The score sheet's totals in one line ("Score: South 12 · West 30"), to keep in view beside the
    prompt while the whole sheet sits lower down; "" for a game without a score sheet."""
    if not sheet:
        return ""
    return "Score: " + " · ".join(f"{column} {total}" for column, total in zip(sheet["columns"], sheet["totals"]))


def story(lines: Iterable[dict[str, Any]], *, start: int = 0) -> str:
    """The narrative as a list, each line marked with the step it happened at."""
    items = "".join(f'<li class="pt-ev pt-ev-{escape(e.get("kind") or "note")}" data-step="{e["step"]}">'
                    f'{escape(e["text"])}</li>' for e in lines if e["step"] >= start)
    # Focusable, so that a keyboard can scroll it when it is taller than its box.
    return f'<ol class="pt-log" tabindex="0">{items}</ol>'
