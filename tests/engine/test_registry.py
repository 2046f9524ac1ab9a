from dataclasses import replace

import pytest

import parlour
from parlour import cards as C
from parlour.core import OptionError, Reading

#: Every game the site promises; the registry must carry all of them.
EXPECTED_GAMES = {"hearts", "partnership-hearts", "accordion", "beggar-my-neighbour", "whist", "dummy-whist",
                  "straight-bridge", "euchre", "euchridge", "tute", "truc", "belote", "brus",
                  "angels-and-demons", "tetka", "bismarck", "briscas", "alcalde", "alcalde-variation",
                  "back-alley", "oh-hell", "nine-card-don", "twenty-five",
                  "burraco", "carioca"}


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


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_gives_the_finder_its_kinds_pack_time_and_skill(spec):
    assert spec.info.finder_problems() == []


def test_the_finder_refuses_a_missing_or_unknown_kind_and_unreadable_facts():
    info = parlour.spec("hearts").info
    assert "no kinds" in replace(info, kinds=()).finder_problems()[0]
    assert "unknown kind 'trick-tacking'" in replace(info, kinds=("trick-tacking",)).finder_problems()[0]
    assert "deck ''" in replace(info, deck="").finder_problems()[0]
    assert "minutes (0, 0)" in replace(info, minutes=(0, 0)).finder_problems()[0]
    assert "minutes (40, 20)" in replace(info, minutes=(40, 20)).finder_problems()[0]
    assert "skill 'Tricky'" in replace(info, skill="Tricky").finder_problems()[0]


def test_skill_words_become_levels():
    info = parlour.spec("hearts").info
    assert replace(info, skill="Low to medium").skill_levels() == (1, 2)
    assert replace(info, skill="Medium–high").skill_levels() == (2, 3)
    assert replace(info, skill="None (pure luck)").skill_levels() == (0,)
    assert replace(info, skill="Medium: sums for the young").skill_levels() == (2,)


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_says_its_rules_in_short(spec):
    assert spec.info.rules and all(line.strip() for line in spec.info.rules)


def test_an_empty_rules_summary_is_refused():
    info = parlour.load("hearts").info
    with pytest.raises(ValueError, match="rules"):
        replace(info, rules=())
    with pytest.raises(ValueError, match="rules"):
        replace(info, rules=("  ",))


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_says_where_its_rules_needed_reading(spec):
    assert spec.info.readings, "every game page lists at least one reading"
    for reading in spec.info.readings:
        if reading.option is None:
            continue
        option = spec.option(reading.option)
        value = option.validate(reading.value)
        assert value == reading.value and type(value) is type(reading.value)
        assert value != option.default, "the other reading is a value besides the default"
        if option.choices is not None:
            assert value in option.choices


def test_a_reading_names_both_option_and_value_or_neither():
    with pytest.raises(ValueError, match="both"):
        Reading("Who deals?", "The winner.", option="dealer")
    with pytest.raises(ValueError, match="both"):
        Reading("", "The winner.")


def test_unknown_game_suggests_close_names_and_where_to_find_them_all():
    with pytest.raises(parlour.UnknownGame, match="did you mean hearts"):
        parlour.load("heart")
    with pytest.raises(parlour.UnknownGame, match="`python -m parlour list` names them all"):
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


def test_every_spanish_pack_game_offers_the_52_card_substitute():
    spanish_games = [s for s in parlour.games() if "Spanish" in s.info.pack]
    assert {s.info.id for s in spanish_games} == {"briscas", "alcalde", "alcalde-variation", "tute", "truc",
                                                "mus"}
    for spec in spanish_games:
        assert spec.option("pack").choices.keys() == {"spanish", "french"}
        french = parlour.load(spec.info.id, pack="french").new(0)
        assert all(not C.is_spanish(c) for c in french.pack.cards)
