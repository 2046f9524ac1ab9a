"""The games we carry: one line per game module."""

from __future__ import annotations

import difflib
from importlib import import_module
from typing import Any

from .core import Game, GameSpec
from .limits import short_text

#: Game id → module in parlour.rulebook.  Adding a game is adding its line here.
GAME_MODULES: dict[str, str] = {
    "hearts": "hearts",
    "partnership-hearts": "partnership_hearts",
    "accordion": "accordion",
    "beggar-my-neighbour": "beggar_my_neighbour",
    "whist": "whist",
    "dummy-whist": "dummy_whist",
    "straight-bridge": "straight_bridge",
    "euchre": "euchre",
    "euchridge": "euchridge",
    "tute": "tute",
    "truc": "truc",
    "mus": "mus",
    "belote": "belote",
    "brus": "brus",
    "angels-and-demons": "angels_and_demons",
    "tetka": "tetka",
    "bismarck": "bismarck",
    "briscas": "briscas",
    "alcalde": "alcalde",
    "alcalde-variation": "alcalde_variation",
    "back-alley": "back_alley",
    "oh-hell": "oh_hell",
    "nine-card-don": "nine_card_don",
    "twenty-five": "twenty_five",
    "cribbage": "cribbage",
    "casino": "casino",
    "east-west": "east_west",
    "one-eyed-jack": "one_eyed_jack",
    "tuck": "tuck",
    "burraco": "burraco",
    "carioca": "carioca",
    "twenty-four": "twenty_four",
    "bango": "bango",
    "nuts": "nuts",
}

_specs: dict[str, GameSpec] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def spec(game_id: str) -> GameSpec:
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        near = difflib.get_close_matches(game_id, list(GAME_MODULES), n=3) if isinstance(game_id, str) else []
        hint = f"did you mean {' or '.join(near)}? " if near else ""
        raise UnknownGame(f"there is no game {short_text(game_id)}; {hint}`python -m parlour list` names them all")
    if game_id not in _specs:
        _specs[game_id] = import_module(f".rulebook.{GAME_MODULES[game_id]}", __package__).SPEC
    return _specs[game_id]


def games() -> list[GameSpec]:
    """Every registered game, in index order (by name)."""
    return sorted((spec(g) for g in GAME_MODULES), key=lambda s: s.info.name.lower())


def load(game_id: str, /, **options: Any) -> Game:
    """A game with its options checked: ``load("hearts", passing="rotation")``.  (``game_id`` is
    positional-only, so an option that happens to be called ``game_id`` is refused as unknown.)"""
    return Game(spec(game_id), options)
