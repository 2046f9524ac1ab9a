"""A game's counting helper (GameSpec.counting): its inputs are checked once, for the CLI and the page alike."""

import re

import pytest

from parlour.cards import FRENCH_52
from parlour.core import Counted, CountError, CountInput, Counting, cards_from_text
from parlour.registry import games, spec


def echo(values):
    cards = cards_from_text(FRENCH_52, values["cards"], "cards")
    return Counted("heading", "said", (f"{len(cards)} cards",), len(cards) + values["double"])


COUNTER = Counting("Count", (CountInput("cards", "Cards", "some cards", "cards", "5H"),
                             CountInput("double", "Double", "a flag", "flag")), echo)


def test_inputs_are_passed_on_with_flags_defaulting_to_no():
    assert COUNTER.run({"cards": "5H, 6D+7S"}).total == 3
    assert COUNTER.run({"cards": "5H", "double": True}).total == 2
    assert Counted("h", "s", ("a",), 1).text() == ["h", "“s”", "  a", "Total: 1"]


@pytest.mark.parametrize("values,message", [
    ({}, "Cards is missing (for example 5H)"),
    ({"cards": "  "}, "Cards is missing"),
    ({"cards": 5}, "Cards is missing"),
    ({"cards": "5H", "double": "no"}, "Double is yes or no"),
    ({"cards": "5H", "triple": True}, "unknown input 'triple'; this counter takes cards, double"),
    ({"cards": "5H 5H"}, "the 5 of hearts is named twice"),
    ({"cards": "5H 1Z"}, "'1Z' is not a card"),
    ({"cards": "5H" * 200}, "far too long"),
])
def test_bad_inputs_get_a_one_line_reason(values, message):
    with pytest.raises(CountError, match=re.escape(message)):
        COUNTER.run(values)


def test_cribbage_and_east_west_declare_counting_helpers_and_most_games_none():
    assert spec("cribbage").counting is not None
    assert [s.info.id for s in games() if s.counting] == ["cribbage", "east-west"]
