import pytest

import parlour
from parlour.core import OptionError

#: Every game the site promises; the registry must carry all of them.
EXPECTED_GAMES = {"hearts", "partnership-hearts", "accordion", "beggar-my-neighbour", "burraco", "carioca"}


def test_registry_lists_every_promised_game():
    ids = {s.info.id for s in parlour.games()}
    assert EXPECTED_GAMES <= ids


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_has_complete_metadata(spec):
    info = spec.info
    for field in ("name", "family", "pack", "skill", "duration", "summary", "house_rule",
                  "standard_rule", "source"):
        assert getattr(info, field).strip(), field
    assert info.players and 5 <= info.min_age <= 14
    game = parlour.load(info.id)
    assert game.num_players in info.players


def test_unknown_game_names_the_known_ones():
    with pytest.raises(parlour.UnknownGame, match="hearts"):
        parlour.load("snap")


def test_unknown_option_names_the_allowed_options():
    with pytest.raises(OptionError, match="passing, moon, target"):
        parlour.load("hearts", colour="red")


def test_bad_option_value_names_the_allowed_values():
    with pytest.raises(OptionError, match="'centre', 'rotation'"):
        parlour.load("hearts", passing="sideways")
    with pytest.raises(OptionError, match="from 10 to 500"):
        parlour.load("hearts", target=5)
    with pytest.raises(OptionError, match="whole number"):
        parlour.load("hearts", target="lots")


def test_options_from_text_are_converted():
    assert parlour.load("hearts", target="50").options["target"] == 50
    assert parlour.load("beggar-my-neighbour", players="5").num_players == 5


def test_options_default_to_the_house_rule_and_name_the_standard():
    game = parlour.load("hearts")
    assert game.options == {"passing": "centre", "moon": "choice", "target": 100}
    standard = {o.name: o.standard for o in game.spec.options}
    assert standard["passing"] == "rotation" and standard["moon"] == "others"
