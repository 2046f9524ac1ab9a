"""Card pictures as small, accessible SVG — the one renderer for the static pages and the live table.

Every picture carries ``role="img"``, an ``aria-label`` and a ``<title>``
with the card's name, so a screen reader says "queen of spades".  Suits are
drawn as shapes, not font glyphs, and rank is always printed, so colour is
never the only thing that tells two cards apart.  Spanish cards get their
own emblems — coins, cups, swords and batons — not French suits renamed.
"""

from __future__ import annotations

from html import escape

from . import cards as C
from .cards import Card

WIDTH, HEIGHT = 60, 84

# Shapes drawn in a 100 × 100 box.
_PATHS = {
    C.HEARTS: "M50 90C22 66 4 48 4 29C4 14 15 5 28 5C38 5 46 11 50 20C54 11 62 5 72 5C85 5 96 14 96 29C96 48 78 66 50 90Z",
    C.DIAMONDS: "M50 3L88 50L50 97L12 50Z",
    C.SPADES: ("M50 5C36 27 6 41 6 62C6 76 17 84 29 84C38 84 45 79 48 73C47 82 42 90 33 96H67"
               "C58 90 53 82 52 73C55 79 62 84 71 84C83 84 94 76 94 62C94 41 64 27 50 5Z"),
    C.CLUBS: ("M50 8A19 19 0 0 0 36 40A19 19 0 1 0 45 70C44 80 40 89 32 96H68C60 89 56 80 55 70"
              "A19 19 0 1 0 64 40A19 19 0 0 0 50 8Z"),
    C.OROS: "M50 6A44 44 0 1 0 50.1 6ZM50 22A28 28 0 1 1 49.9 22ZM50 40A10 10 0 1 0 50.1 40Z",
    C.COPAS: "M22 8H78C78 40 64 54 55 57V76L70 88V94H30V88L45 76V57C36 54 22 40 22 8Z",
    C.ESPADAS: "M46 4H54L57 66H43ZM26 66H74V74H26ZM45 74H55V88H45ZM50 88A6 6 0 1 1 49.9 88Z",
    C.BASTOS: ("M38 10C44 2 58 2 62 10C66 18 60 22 62 30C64 38 58 40 59 48L57 90C57 97 43 97 43 90"
               "L41 48C42 40 36 38 38 30C40 22 34 18 38 10Z"),
}

COLOURS = {
    C.HEARTS: "#c8102e", C.DIAMONDS: "#c8102e", C.SPADES: "#1a1a1a", C.CLUBS: "#1a1a1a",
    C.OROS: "#b8860b", C.COPAS: "#c8102e", C.ESPADAS: "#1f4e9c", C.BASTOS: "#2e7d32",
    C.JOKERS: "#6a1b9a",
}

SPANISH_COURT = {10: "Sota", 11: "Caballo", 12: "Rey"}
#: Printed ranks of Spanish cards need more contrast than the gold emblem gives on white.
TEXT_COLOURS = {C.OROS: "#7a5a00"}
#: "La pinta": Spanish cards break their frame line once for copas, twice for espadas and
#: three times for bastos (oros keep it whole), so the suit shows even without colour.
PINTA_BREAKS = {C.OROS: 0, C.COPAS: 1, C.ESPADAS: 2, C.BASTOS: 3}
#: Where the emblems of a numeral card sit (centres in the card's 60 × 84 box) and their size.
SPANISH_PIPS = {
    1: ((30, 44),),
    2: ((30, 29), (30, 59)),
    3: ((30, 24), (30, 44), (30, 64)),
    4: ((20, 30), (40, 30), (20, 58), (40, 58)),
    5: ((20, 27), (40, 27), (30, 44), (20, 61), (40, 61)),
    6: ((20, 26), (40, 26), (20, 44), (40, 44), (20, 62), (40, 62)),
    7: ((20, 24), (40, 24), (30, 35), (20, 46), (40, 46), (20, 64), (40, 64)),
}
SPANISH_PIP_SIZE = {1: 34, 2: 20, 3: 16, 4: 17, 5: 15, 6: 15, 7: 13}
FRENCH_COURT = {11: "Jack", 12: "Queen", 13: "King"}


def suit_shape_id(suit: int) -> str:
    return f"pc-suit-{suit}"


#: Every card's suit letter (the one its code ends in: H, D, C, S; O, C, E, B) is drawn only in print
#: (``display="none"``, which assets/print.css overrides for print), so that a page printed in black
#: and white tells the suits apart by letter as well as by shape.
SUIT_LETTER_CLASS = "pc-suit-letter"


def _suit_letter(suit: int, x: float, y: float, size: float, anchor: str = "middle", id: str = "") -> str:
    named = f'id="{id}" ' if id else ""
    return (f'<text {named}class="{SUIT_LETTER_CLASS}" display="none" x="{x:g}" y="{y:g}" font-size="{size:g}" '
            f'text-anchor="{anchor}" font-family="sans-serif" font-weight="bold">{C.SUIT_LETTER[suit]}</text>')


def suit_sprite() -> str:
    """Every suit's shape drawn once, for a page to hold one copy of (hooks/publish.py puts it at
    the top of every page's body): card pictures draw their suit signs as ``<use>`` of these, so a
    page of many cards does not repeat each shape three to seven times per card.

    Beside each shape: its corner sign (the shape with the suit letter under it, for a card's
    corners), its index sign (the letter at its left, for a cut card's corner on a board) and the
    letter alone (for a Spanish card, whose corners show no shape). The letters print only, and
    cost a card nothing: it names the sign it draws."""
    shapes = "".join(f'<path id="{suit_shape_id(suit)}" d="{path}" fill-rule="evenodd"/>'
                     for suit, path in _PATHS.items())
    # In the shape's 100 × 100 box: under it (a card's corner), left of it (a board's cut card).
    signs = "".join(f'<g id="pc-corner-{suit}"><use href="#{suit_shape_id(suit)}"/>{_suit_letter(suit, 50, 190, 90)}</g>'
                    f'<g id="pc-index-{suit}"><use href="#{suit_shape_id(suit)}"/>{_suit_letter(suit, -55, 100, 60)}</g>'
                    for suit in C.FRENCH_SUITS)
    letters = "".join(_suit_letter(suit, 0, 0, 8, "start", id=f"pc-letter-{suit}") for suit in C.SPANISH_SUITS)
    return (f'<svg class="pc-sprite" aria-hidden="true" focusable="false" width="0" height="0" '
            f'xmlns="http://www.w3.org/2000/svg"><defs>{shapes}{signs}{letters}</defs></svg>')


def _shape(suit: int, x: float, y: float, size: float, flip: bool = False, sign: str = "suit") -> str:
    """The suit's shape in a ``size`` square at (x, y); ``sign`` "corner" or "index" draws the sign with
    its print-only letter (see :func:`suit_sprite`)."""
    scale = size / 100
    transform = f"translate({x:g} {y:g}) scale({scale:g})"
    if flip:
        transform = f"translate({x + size:g} {y + size:g}) rotate(180) scale({scale:g})"
    # Only French suits have corner and index signs (a Spanish card prints its letter by itself).
    href = f"pc-{sign}-{suit}" if sign != "suit" and suit in C.FRENCH_SUITS else suit_shape_id(suit)
    return f'<use href="#{href}" transform="{transform}" fill="{COLOURS[suit]}"/>'


def _frame(inner: str, label: str, extra_class: str = "") -> str:
    label = escape(label)
    return (f'<svg class="pc-card{extra_class}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
            f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="4" fill="#fff" stroke="#777"/>'
            f'{inner}</svg>')


def card_svg(card: Card) -> str:
    """A face-up card."""
    suit, rank = C.suit_of(card), C.rank_of(card)
    colour = COLOURS[suit]
    if suit == C.JOKERS:
        big = rank == C.BIG_JOKER
        inner = (f'<text x="30" y="38" font-size="10" text-anchor="middle" font-family="sans-serif" '
                 f'font-weight="bold" fill="{colour}">JOKER</text>'
                 f'<text x="30" y="58" font-size="9" text-anchor="middle" font-family="sans-serif" '
                 f'fill="{colour}">{"BIG" if big else "LITTLE"}</text>'
                 f'<path d="M30 62l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="{colour if big else "#fff"}" '
                 f'stroke="{colour}"/>')
        return _frame(inner, C.name(card))
    index = C.rank_text(card)
    corner = (f'<text x="4" y="13" font-size="11" font-family="sans-serif" font-weight="bold" '
              f'fill="{colour}">{index}</text>'
              f'<text x="56" y="80" font-size="11" font-family="sans-serif" font-weight="bold" '
              f'fill="{colour}" text-anchor="end">{index}</text>')
    if suit in C.SPANISH_SUITS:
        return _spanish_svg(card)
    inner = corner + _shape(suit, 3, 15, 9, sign="corner") + _shape(suit, 48, 60, 9, flip=True, sign="corner")
    court = FRENCH_COURT.get(rank)
    if court:
        inner += (f'<rect x="14" y="18" width="32" height="48" rx="3" fill="none" stroke="{colour}"/>'
                  + _shape(suit, 21, 24, 18)
                  + f'<text x="30" y="60" font-size="8" text-anchor="middle" font-family="serif" '
                    f'fill="{colour}">{court}</text>')
    else:
        size = 30 if rank == C.ACE else 24
        inner += _shape(suit, 30 - size / 2, 42 - size / 2, size)
    return _frame(inner, C.name(card))


def _pinta(suit: int, colour: str) -> str:
    """The suit's frame line along the top and bottom edges, broken 0–3 times."""
    breaks = PINTA_BREAKS[suit]
    out = []
    for y, x0, x1 in ((3.5, 17.0, 56.0), (80.5, 4.0, 43.0)):
        gap = 3.0
        length = (x1 - x0 - gap * breaks) / (breaks + 1)
        for i in range(breaks + 1):
            a = x0 + i * (length + gap)
            out.append(f'<line x1="{a:g}" y1="{y}" x2="{a + length:g}" y2="{y}" stroke="{colour}" '
                       f'stroke-width="1.2"/>')
    return "".join(out)


def _spanish_svg(card: Card) -> str:
    """A Spanish card: its rank in two corners, the pinta, and its own suit's emblems."""
    suit, rank = C.suit_of(card), C.rank_of(card)
    colour = COLOURS[suit]
    ink = TEXT_COLOURS.get(suit, colour)
    index = C.rank_text(card)
    inner = (f'<text x="4" y="13" font-size="11" font-family="sans-serif" font-weight="bold" '
             f'fill="{ink}">{index}</text>'
             f'<text x="56" y="78" font-size="11" font-family="sans-serif" font-weight="bold" '
             f'fill="{ink}" text-anchor="end">{index}</text>'
             f'<use href="#pc-letter-{suit}" x="4" y="22" fill="{ink}"/>' + _pinta(suit, colour))
    court = SPANISH_COURT.get(rank)
    if court:
        inner += (f'<rect x="12" y="16" width="36" height="54" rx="3" fill="none" stroke="{colour}"/>'
                  + f'<circle cx="30" cy="24" r="5" fill="none" stroke="{ink}"/>'
                  + (f'<path d="M25 19V14L27.5 17L30 13L32.5 17L35 14V19Z" fill="{colour}"/>'
                     if rank == 12 else "")
                  + _shape(suit, 20, 31, 20)
                  + f'<text x="30" y="64" font-size="8" text-anchor="middle" font-family="serif" '
                    f'fill="{ink}">{court}</text>')
    else:
        size = SPANISH_PIP_SIZE[rank]
        inner += "".join(_shape(suit, x - size / 2, y - size / 2, size) for x, y in SPANISH_PIPS[rank])
    return _frame(inner, C.name(card), " pc-spanish")


def card_index_svg(card: Card | None) -> str:
    """A card cut down to its corner, as on a board made of cut cards: a square with the rank and the
    suit; ``None`` is a free space (a joker's corner)."""
    if card is None:
        inner = ('<path d="M20 6l4.1 8.4 9.2 1.3-6.6 6.5 1.6 9.2-8.3-4.4-8.3 4.4 1.6-9.2-6.6-6.5 9.2-1.3z" '
                 'fill="#6a1b9a"/><text x="20" y="38" font-size="6" text-anchor="middle" font-family="sans-serif" '
                 'fill="#6a1b9a">FREE</text>')
        label = "free corner"
    else:
        suit = C.suit_of(card)
        colour = COLOURS[suit]
        inner = (f'<text x="4" y="16" font-size="15" font-family="sans-serif" font-weight="bold" '
                 f'fill="{TEXT_COLOURS.get(suit, colour)}">{C.rank_text(card)}</text>'
                 + _shape(suit, 17, 17, 20, sign="index"))
        label = C.name(card)
    label = escape(label)
    return (f'<svg class="pc-index" viewBox="0 0 40 40" role="img" aria-label="{label}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
            f'<rect x="0.5" y="0.5" width="39" height="39" rx="3" fill="#fff" stroke="#999"/>{inner}</svg>')


def back_svg(label: str = "face-down card") -> str:
    inner = ('<rect x="4" y="4" width="52" height="76" rx="3" fill="#1f4e9c"/>'
             '<path d="M4 20L20 4M4 40L40 4M4 60L56 8M4 80L56 28M24 80L56 48M44 80L56 68" '
             'stroke="#9fb7e0" stroke-width="2"/>')
    return _frame(inner, label, " pc-back")


# --- a scoring track (a cribbage board) ---------------------------------------------

#: Peg colours and shapes per lane: the shape differs too, so colour is never the only clue.
PEG_STYLES = (("#1565c0", "circle"), ("#c62828", "square"), ("#2e7d32", "triangle"), ("#6a1b9a", "diamond"))
_HOLE, _GROUP_GAP, _STRIP, _LANE_GAP, _LEFT = 6.0, 4.0, 9.0, 6.0, 78.0


def _peg(shape: str, x: float, y: float, r: float, fill: str, stroke: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}"/>'
    if shape == "square":
        return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                f'fill="{fill}" stroke="{stroke}"/>')
    if shape == "triangle":
        return (f'<path d="M{x:.1f} {y - r * 1.2:.1f}L{x + r * 1.1:.1f} {y + r * 0.8:.1f}'
                f'L{x - r * 1.1:.1f} {y + r * 0.8:.1f}Z" fill="{fill}" stroke="{stroke}"/>')
    return (f'<path d="M{x:.1f} {y - r * 1.3:.1f}L{x + r:.1f} {y:.1f}L{x:.1f} {y + r * 1.3:.1f}'
            f'L{x - r:.1f} {y:.1f}Z" fill="{fill}" stroke="{stroke}"/>')


def track_svg(length: int, pegs: list[dict], marks: list[int], label: str) -> str:
    """A board of holes 1..``length``: each lane runs out along one strip and back along the next,
    holes in fives; the last hole is the game hole.  Each peg entry has ``label``, ``front`` and
    ``back`` (0 = not yet on the board)."""
    half = (length - 1 + 1) // 2  # holes out along the first strip, the rest back along the second

    def column_x(i: int) -> float:  # i counts from 0 along a strip
        return _LEFT + i * _HOLE + (i // 5) * _GROUP_GAP

    def hole_xy(lane: int, hole: int) -> tuple[float, float]:
        top = 14 + lane * (2 * _STRIP + _LANE_GAP)
        if hole <= 0:
            return _LEFT - 10, top + _STRIP / 2
        if hole >= length:
            return column_x(half) + 8, top + _STRIP
        if hole <= half:
            return column_x(hole - 1), top + _STRIP / 2
        return column_x(2 * half - hole), top + _STRIP * 1.5

    width = column_x(half) + 20
    height = 14 + len(pegs) * (2 * _STRIP + _LANE_GAP) + 4
    out = [f'<rect x="1" y="1" width="{width - 2:.1f}" height="{height - 2:.1f}" rx="6" fill="#c9a26b" '
           f'stroke="#7a5a2b"/>']
    for mark in marks:
        # A line just before hole ``mark``, across that hole's strip in every lane.
        out_strip = mark <= half
        x = column_x(mark - 1) - _HOLE / 2 if out_strip else column_x(2 * half - mark) + _HOLE / 2
        for lane in range(len(pegs)):
            top = 14 + lane * (2 * _STRIP + _LANE_GAP) + (0 if out_strip else _STRIP)
            out.append(f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{top + _STRIP:.1f}" '
                       f'stroke="#5d3a0f" stroke-width="0.8"/>')
        out.append(f'<text x="{x:.1f}" y="10" font-size="6" text-anchor="middle" fill="#2b1a05">{mark}</text>')
    spoken = []
    for lane, peg in enumerate(pegs):
        colour, shape = PEG_STYLES[lane % len(PEG_STYLES)]
        top = 14 + lane * (2 * _STRIP + _LANE_GAP)
        name = escape(str(peg["label"]))
        out.append(f'<text x="4" y="{top + _STRIP + 2:.1f}" font-size="7" fill="#2b1a05">{name}</text>')
        out.append(f'<text x="4" y="{top + _STRIP + 10:.1f}" font-size="7" font-weight="bold" '
                   f'fill="#2b1a05">{int(peg["front"])}</text>')
        for hole in range(1, length):
            x, y = hole_xy(lane, hole)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.1" fill="#5d3a0f"/>')
        gx, gy = hole_xy(lane, length)
        out.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="2.2" fill="#5d3a0f"/>')
        bx, by = hole_xy(lane, int(peg["back"]))
        out.append(_peg(shape, bx, by, 2.4, "#fff", colour))
        fx, fy = hole_xy(lane, int(peg["front"]))
        out.append(_peg(shape, fx, fy, 2.8, colour, "#fff"))
        spoken.append(f"{peg['label']} on {int(peg['front'])}"
                      + (f" (back peg on {int(peg['back'])})" if peg["back"] else ""))
    title = escape(f"{label}: " + "; ".join(spoken) + f"; {length} wins")
    return (f'<svg class="pt-track" viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{title}">'
            f'<title>{title}</title>{"".join(out)}</svg>')


# --- a race board (Tuck) -------------------------------------------------------------

_SPACE_RADIUS = {"track": 1.3, "start": 1.9, "home": 1.6, "nest": 1.6}


def move_path_svg(points: list[tuple[float, float]], owner: int) -> str:
    """The way a piece just went, over a board (the same 100 × 100 box): a broad line in its owner's colour
    through every space it passed, a ring where it started and a dot on each space on the way."""
    colour = PEG_STYLES[owner % len(PEG_STYLES)][0]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    (x0, y0) = points[0]
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="0.9" fill="#fff" stroke="{colour}" stroke-width="0.4"/>'
                   for x, y in points[1:-1])
    return (f'<svg class="pt-board-path" viewBox="0 0 100 100" aria-hidden="true">'
            f'<polyline points="{line}" fill="none" stroke="#fff" stroke-width="3.4" stroke-opacity="0.8" '
            f'stroke-linejoin="round" stroke-linecap="round"/>'
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.8" '
            f'stroke-linejoin="round" stroke-linecap="round"/>{dots}'
            f'<circle cx="{x0:.1f}" cy="{y0:.1f}" r="2.3" fill="none" stroke="{colour}" stroke-width="0.8" '
            f'stroke-dasharray="1 0.6"/></svg>')


def board_svg(spaces: list[dict], lines: list[list[str]], owners: list[str], summary: str) -> str:
    """A race board drawn in a 100 × 100 box: the paths, then every space — track holes small and dark,
    each owner's start hole ringed, home holes filled and start-area spots dashed in the owner's colour.
    Pieces are drawn over it by the caller, so they can move."""
    at = {space["id"]: space for space in spaces}
    out = ['<rect x="0.5" y="0.5" width="99" height="99" rx="3" fill="#d9b77e" stroke="#7a5a2b"/>']
    for line in lines:
        points = " ".join(f'{at[i]["x"]:.1f},{at[i]["y"]:.1f}' for i in line if i in at)
        out.append(f'<polyline points="{points}" fill="none" stroke="#a8834b" stroke-width="2.6" '
                   f'stroke-linejoin="round" stroke-linecap="round"/>')
    for space in spaces:
        x, y, kind = space["x"], space["y"], space["kind"]
        colour = PEG_STYLES[space["owner"] % len(PEG_STYLES)][0] if "owner" in space else "#5d3a0f"
        r = _SPACE_RADIUS.get(kind, 1.3)
        if kind == "start":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#5d3a0f" stroke="{colour}" '
                       f'stroke-width="1"/>')
        elif kind == "home":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" fill-opacity="0.35" '
                       f'stroke="{colour}" stroke-width="0.5"/>')
        elif kind == "nest":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="none" stroke="{colour}" '
                       f'stroke-width="0.5" stroke-dasharray="0.8 0.6"/>')
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#5d3a0f"/>')
        if space.get("tag"):
            # A tag sits where the board says, else toward the middle of the board, clear of the hole; a
            # tag with a letter ("S5", the side's name) is the landmark to count from, so it stands out.
            tag = str(space["tag"])
            tx, ty = space.get("tag_at") or (x + (50 - x) * 0.09, y + (50 - y) * 0.09)
            plain = tag.isdigit()
            weight = "" if plain else ' font-weight="bold"'
            size = 2.1 if plain else 2.7
            # (A phone's small board keeps only the landmarks, larger: the classes let the page choose.)
            out.append(f'<text class="{"pt-tag-plain" if plain else "pt-tag-mark"}" x="{tx:.1f}" '
                       f'y="{ty + size * 0.36:.1f}" font-size="{size}" text-anchor="middle" '
                       f'fill="#2b1a05"{weight}>{escape(tag)}</text>')
    label = escape(summary)
    return (f'<svg class="pt-board-svg" viewBox="0 0 100 100" role="img" aria-label="{label}">'
            f'<title>{label}</title>{"".join(out)}</svg>')
