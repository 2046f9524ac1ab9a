"""Helpers shared by the rule tests: stacked deals and quick play."""

from __future__ import annotations

from typing import Iterator, Sequence

import parlour
from parlour import cards as C
from parlour.bots import make_bot
from parlour.core import Game, State
from parlour.tricks import TrickGameState


#: What people (and the fuzz suite) type as a move: words of many games, cards in several spellings,
#: and junk.
TYPED_WORDS = ["pass", "deal", "turn", "order", "alone", "bid:3", "bid:1", "board", "trump:C", "trump:S",
               "alone:H", "take", "keep", "moon:self", "moon:others", "QS", "qs", "10h", "T♥", "2♣", "2C",
               "AS", "KH", "JD", "5B", "1O", "QC>8C", "qc > 8c", "help", "score", "quit", "?", "", " ",
               "\x00", "é", "♠", "\ufffd", "x" * 200, "9" * 5000, "[" * 3000]


def deck_for_hands(game: Game, seed: int, hands: Sequence[Sequence[str]], first: int | None = None,
                   rest: Sequence[str] = ()) -> list[str]:
    """A stacked deck that deals ``hands[seat]`` to each seat, dealing one card at a time.

    The deal starts at ``first`` (default: the seat after the dealer the seed picks) and
    goes round the table in play order; cards in ``rest`` (then any unlisted ones) follow.
    """
    probe = game.new(seed)
    start = probe.next_seat(probe.dealer) if first is None else first
    order = [start]
    while len(order) < len(hands):
        order.append(probe.next_seat(order[-1]))
    size = len(hands[0])
    assert all(len(h) == size for h in hands), "hands must be the same size"
    deck = [hands[seat][i] for i in range(size) for seat in order]
    used = set(deck) | set(rest)
    leftover = [C.code(c) for c in probe.pack.cards if C.code(c) not in used]
    return deck + list(rest) + leftover


def stacked(game_id: str, hands: Sequence[Sequence[str]], seed: int = 0, **options: object) -> State:
    game = parlour.load(game_id, **options)
    return game.new(seed, deck_for_hands(game, seed, hands))


def trick_position(state: TrickGameState, hands: Sequence[Sequence[str]], leader: int,
                   trump: str | None = None, tricks_before: int = 0) -> TrickGameState:
    """``state``'s play from these hands (codes, seat by seat), ``leader`` to lead, ``trump`` (a suit
    letter of the game's pack, "S" or "B"; ``None`` for no trumps) as trumps, as if ``tricks_before``
    tricks had been played: through the trick layer's own ``set_trumps`` and ``start_position``, so
    a test need not set the rules, the hands or the turn by hand."""
    suits = {C.SUIT_LETTER[C.suit_of(card)]: C.suit_of(card) for card in state.pack.cards}
    if trump is not None and trump not in suits:
        raise ValueError(f"no suit {trump!r} in the {state.pack.description}; suits: {', '.join(suits)}")
    state.set_trumps(None if trump is None else suits[trump])
    state.start_position(hands, leader, tricks_before)
    return state


def mask(state: State, codes: Sequence[str]) -> int:
    """The cards named by ``codes`` as a hand mask of ``state``'s pack (for setting hands by hand)."""
    return C.mask_of(state.pack.card(c) for c in codes)


def hand_codes(state: State, seat: int) -> set[str]:
    return {C.code(c) for c in C.cards_in(state.hands[seat])}


def suit_hand(suit: str, ranks: str) -> list[str]:
    """``suit_hand("H", "A K Q")`` → ``["AH", "KH", "QH"]``."""
    return [f"{r}{suit}" for r in ranks.split()]


def play(state: State, *actions: str) -> State:
    """Apply ``actions`` in order (each must be legal); return the state."""
    for action in actions:
        state.apply(action)
    return state


def last_trick_winner(state: State) -> str:
    """The narrative line of the most recent trick's winner."""
    return next(line for line in reversed(state.narrative()) if "wins the trick" in line)


def finish_hand(state: State, kind: str = "rule") -> State:
    """Let bots of ``kind`` (one per seat, seeded by seat) play until this hand or the game ends."""
    bots = [make_bot(state.game, kind, seat) for seat in range(state.game.num_players)]
    hand_no = state.hand_no
    while state.hand_no == hand_no and not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    return state


def part_played(game_id: str, options: dict[str, object] | None = None, seed: int = 3, moves: int = 70) -> State:
    """A game ``moves`` random-bot moves in (fewer if it ends first)."""
    state = parlour.load(game_id, **(options or {})).new(seed)
    bot = make_bot(state.game, "random", seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


def raw_code(game: str, options_text: str = "{}", seed: int = 1, moves: Sequence[int] = (),
             deck: Sequence[int] = (), version: int = 1, move_count: int | None = None,
             written: str | None = None) -> str:
    """A game code built by hand, byte by byte, as :func:`parlour.codec.encode` lays one out — so a
    test can write codes no real game makes (nested options, a million moves, a wrong count).
    ``written`` is the text of a move written out after the last index (one past a listed move)."""
    import base64
    import binascii
    import zlib

    from parlour.codec import _varint

    out = bytearray(_varint(version))
    for text in (game, options_text):
        raw = text.encode("utf-8")
        out += _varint(len(raw)) + raw
    out += _varint(seed) + _varint(len(deck)) + b"".join(_varint(i) for i in deck)
    out += _varint(len(moves) if move_count is None else move_count)
    out += b"".join(_varint(i) for i in moves) if len(set(moves)) != 1 else _varint(moves[0]) * len(moves)
    if written is not None:
        out += _varint(len(written.encode("utf-8"))) + written.encode("utf-8")
    body = zlib.compress(bytes(out), 9)
    return base64.urlsafe_b64encode(body + binascii.crc32(body).to_bytes(4, "big")).decode("ascii").rstrip("=")


def withhold_strong(monkeypatch, game_id: str, why: str = "it showed no advantage in the hands measured") -> str:
    """Make ``game_id``'s Strong withheld by measurement for one test (GameSpec.strong_withheld), whether or
    not any game withholds it today; returns the reason."""
    import dataclasses

    from parlour import registry
    monkeypatch.setitem(registry._specs, game_id, dataclasses.replace(registry.spec(game_id), strong_withheld=why))
    return why


def check_search_margin(monkeypatch, game: Game, state: State) -> None:
    """Strong (:class:`parlour.search.SearchBot`) keeps its own first choice at ``state`` (Family's move,
    or its game's Strong judgement's: GameSpec.strong_judgement) when another is ahead on average over the
    imagined deals but by less than a standard error of its swings (``RuleBot.search_margin``), and leaves
    it for one with a steady lead.  The playouts' results are replaced by fixed ones, so the test sees the
    margin alone."""
    from parlour.search import SearchBot
    strong = SearchBot(game, 1, iterations=16)
    preferred = strong.fallback.choose(state)
    deal = iter(range(1_000))

    def swinging(self, world, legal, me, deadline):  # another move ahead by 1, give or take 9
        swing = 10.0 if next(deal) % 2 else -8.0
        return [0.0 if a == preferred else swing for a in legal]

    monkeypatch.setattr(SearchBot, "gains", swinging)
    assert strong.choose(state) == preferred
    assert "none came out clearly better" in strong.reason
    monkeypatch.setattr(SearchBot, "gains", lambda self, world, legal, me, deadline:
                        [0.0 if a == preferred else 3.0 for a in legal])
    assert strong.choose(state) != preferred


def walk(game: Game, seed: int, max_steps: int = 400) -> Iterator[tuple[int, State, list]]:
    """A seeded game played through, random moves mixed with the rule bot's so hands get finished:
    yields (move number, state, rule bots) before every move and once at the end."""
    from parlour.rng import Rng

    state = game.new(seed)
    rng = Rng(seed)
    rule_bots = [make_bot(game, "rule", seed * 10 + s) for s in range(game.num_players)]
    step = 0
    while not state.is_over and not state.at_move_cap and step < max_steps:
        yield step, state, rule_bots
        legal = state.legal_actions()
        if state.simultaneous or rng.below(2):
            action = rng.choice(legal)
        else:
            action = rule_bots[state.to_move()].choose(state)
        state.apply(action)
        step += 1
    yield step, state, rule_bots
