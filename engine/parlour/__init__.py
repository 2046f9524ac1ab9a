"""parlour — card game rules engines for the family card-games site.

>>> import parlour
>>> game = parlour.load("hearts", passing="rotation")
>>> state = game.new(seed=7)
>>> state.to_move() in range(4)
True
"""

from .core import Action, Event, Game, GameInfo, IllegalAction, Option, OptionError, Outcome, State
from .registry import UnknownGame, games, load, spec
from .codec import CodeError, decode, encode, from_json, to_json, restore

__all__ = ["Action", "Event", "Game", "GameInfo", "IllegalAction", "Option", "OptionError",
           "Outcome", "State", "UnknownGame", "games", "load", "spec", "CodeError", "decode",
           "encode", "from_json", "to_json", "restore"]
__version__ = "0.1.0"
