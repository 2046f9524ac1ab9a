"""The games we carry: one line per game module."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .core import Game, GameSpec

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
    "belote": "belote",
    "brus": "brus",
    "angels-and-demons": "angels_and_demons",
    "tetka": "tetka",
    "bismarck": "bismarck",
    "briscas": "briscas",
    "alcalde": "alcalde",
    "alcalde-variation": "alcalde_variation",
    "back-alley": "back_alley",
    "nine-card-don": "nine_card_don",
    "twenty-five": "twenty_five",
    "burraco": "burraco",
    "carioca": "carioca",
}

_specs: dict[str, GameSpec] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def spec(game_id: str) -> GameSpec:
    if game_id not in GAME_MODULES:
        known = ", ".join(sorted(GAME_MODULES))
        raise UnknownGame(f"there is no game {game_id!r}; games: {known}")
    if game_id not in _specs:
        _specs[game_id] = import_module(f".rulebook.{GAME_MODULES[game_id]}", __package__).SPEC
    return _specs[game_id]


def games() -> list[GameSpec]:
    """Every registered game, in index order (by name)."""
    return sorted((spec(g) for g in GAME_MODULES), key=lambda s: s.info.name.lower())


def load(game_id: str, **options: Any) -> Game:
    """A game with its options checked: ``load("hearts", passing="rotation")``."""
    return Game(spec(game_id), options)
