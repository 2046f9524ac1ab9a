"""Every spelling the engine accepts is recorded as the move it lists: a sweep over every game.

``why_illegal`` takes what a person types — a move in any case, with spaces round its separators, a
card as ``q♠`` or ``T♥``, the copy of a card that the rules treat alike — and ``canonical`` must turn
each such spelling into the one form ``legal_actions`` lists, because records and share codes hold
only that form (a code stores a move as its index in the list).  Positions come from seeded random
games; the spellings are each listed move written other ways, and the words the fuzz suite types.
"""

from __future__ import annotations

import re
from typing import Iterator

import pytest

import parlour
from parlour import cards as C
from parlour.bots import make_bot
from parlour.core import State
from parlour.simultaneous import split, tag

from helpers import TYPED_WORDS

#: Every game with its default options, and the set-ups with a grammar or pack of their own.
TABLES = [(spec.info.id, {}) for spec in parlour.games()] + [
    ("bango", {"players": 20}), ("bango", {"players": 3, "matching": "automatic"}),
    ("twenty-four", {"players": 4}), ("nuts", {"players": 6}),
]
#: The positions looked at in each game: after so many random moves.
STEPS = (0, 6, 25, 60)
#: The listed moves of a position whose spellings are tried (spread over the list).
MOVES_TRIED = 10
SEPARATORS = re.compile(r"([:>+,\s])")


def positions(game_id: str, options: dict[str, object], seed: int) -> Iterator[State]:
    """The same seeded random game, seen at each of :data:`STEPS`."""
    state = parlour.load(game_id, **options).new(seed)
    bot = make_bot(state.game, "random", seed)
    done = 0
    for step in STEPS:
        while done < step and not state.is_over and not state.at_move_cap:
            state.apply(bot.choose(state))
            done += 1
        if state.is_over:
            return
        yield state


def card_spellings(state: State, piece: str) -> list[str]:
    """Other ways to write the card ``piece`` names: its picture, lower case, T for 10, and its code
    without the copy mark (another copy of the same card)."""
    card = state.pack.find(piece)
    if card is None or C.code(card) != piece:
        return []
    ways = [C.short(card), piece.lower(), piece.replace("10", "T"), piece.rstrip("'")]
    return [way for way in ways if way != piece]


def spellings(state: State, action: str) -> set[str]:
    """``action`` written the ways a person might type it."""
    out = {action.lower(), action.upper(), f"  {action} ", SEPARATORS.sub(r" \1 ", action).replace("   ", " "),
           re.sub(r"([:>+,])", r"\1 ", action)}
    pieces = SEPARATORS.split(action)
    for i, piece in enumerate(pieces):
        for way in card_spellings(state, piece):
            out.add("".join(pieces[:i] + [way] + pieces[i + 1:]))
    out.discard(action)
    return out


def typed_words(state: State) -> list[str]:
    """The fuzz suite's words, as each player who may act would send them."""
    if not state.simultaneous:
        return list(TYPED_WORDS)
    return [tag(seat, word) for seat in state.actors() for word in TYPED_WORDS]  # type: ignore[attr-defined]


def tried(state: State) -> list[str]:
    legal = state.legal_actions()
    picked = legal[::max(1, len(legal) // MOVES_TRIED)][:MOVES_TRIED]
    return sorted({s for action in picked for s in spellings(state, action)}) + typed_words(state)


def accepted_but_not_listed(state: State) -> list[tuple[str, str | None]]:
    """Every tried spelling ``why_illegal`` accepts whose canonical form is not a listed move, or is
    not what ``apply`` records."""
    legal = set(state.legal_actions())
    wrong = []
    for spelling in tried(state):
        if state.why_illegal(spelling) is not None:
            continue
        form = state.canonical(spelling)
        if form not in legal:
            wrong.append((spelling, form))
            continue
        played = state.clone()
        played.apply(spelling)
        if played.history[-1] != form:
            wrong.append((spelling, played.history[-1]))
    return wrong


@pytest.mark.parametrize("game_id,options", TABLES, ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "default")
def test_every_accepted_spelling_is_canonicalised_to_a_listed_move(game_id, options):
    for seed in (1, 300010):
        for state in positions(game_id, options, seed):
            assert accepted_but_not_listed(state) == [], f"{game_id} seed {seed} after {len(state.history)} moves"


def test_bango_a_card_named_by_its_other_copy_is_recorded_as_the_listed_copy():
    """Issue 24, item 21: with three packs a row may hold both copies of a card; "KS" turns it down
    like the listed "KS'", and is recorded so."""
    state = parlour.load("bango", players=20).new(300010)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    assert "16:KS'" in state.legal_actions()
    assert state.why_illegal("16:KS") is None and state.canonical("16:KS") == "16:KS'"
    state.apply("16:KS")
    assert state.history[-1] == "16:KS'"


def test_twenty_four_a_move_with_spaces_round_its_separators_is_recorded_as_listed():
    """Issue 24, item 21: "0: pass: 5C" is the listed "0:pass:5C"."""
    state = parlour.load("twenty-four").new(1)
    listed = next(a for a in state.legal_actions() if a.startswith("0:pass:"))
    seat, move = split(listed)  # type: ignore[misc]
    spaced = f"{seat}: pass: {move.partition(':')[2]}"
    assert state.canonical(spaced) == listed
    state.apply(spaced)
    assert state.history[-1] == listed
