import re
from dataclasses import replace
from pathlib import Path

import pytest

import parlour
from parlour import cards as C
from parlour.core import GameSpec, Option, OptionError, Reading
from parlour.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_names_every_test_that_loops_over_all_games():
    """A new game meets these tests without a line of its own: "Adding a game" lists each of them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    looping = [path for path in sorted((ROOT / "tests").rglob("test_*.py"))
               if path.parent.name != "games" and re.search(r"(?<![\w.])(parlour\.)?games\(\)", path.read_text("utf-8"))]
    assert len(looping) >= 10
    assert [p.name for p in looping if p.name not in readme] == []


def test_every_game_module_page_and_example_folder_is_registered_and_the_other_way_round():
    """The list of games is the registry's alone: each module in the rulebook is registered under its
    own name, and each registered game has its page and its examples (checked against the folders)."""
    modules = {p.stem for p in (ROOT / "engine/parlour/rulebook").glob("*.py") if p.stem != "__init__"}
    assert set(GAME_MODULES.values()) == modules
    assert all(module == game_id.replace("-", "_") for game_id, module in GAME_MODULES.items())
    assert {s.info.id for s in parlour.games()} == set(GAME_MODULES)
    pages = {p.stem for p in (ROOT / "docs/games").glob("*.md") if p.stem != "index"}
    assert pages == set(GAME_MODULES)
    examples = {p.name for p in (ROOT / "docs/examples").iterdir() if p.is_dir()}
    assert examples == set(GAME_MODULES)


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_has_complete_metadata(spec):
    info = spec.info
    for field in ("name", "family", "pack", "skill", "summary", "house_rule",
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
    assert spec.info.short_rules and all(line.strip() for line in spec.info.short_rules)


def test_an_empty_rules_summary_is_refused():
    info = parlour.load("hearts").info
    with pytest.raises(ValueError, match="rules"):
        replace(info, short_rules=())
    with pytest.raises(ValueError, match="rules"):
        replace(info, short_rules=("  ",))


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


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_count_of_players_the_info_names_is_one_the_options_seat(spec):
    assert spec.possible_player_counts() == set(spec.info.players)
    for count in spec.info.players if any(o.name == "players" for o in spec.options) else ():
        assert parlour.load(spec.info.id, players=count).num_players == count


def test_a_game_whose_info_and_options_disagree_on_the_players_is_refused():
    hearts = parlour.spec("hearts")
    with pytest.raises(ValueError, match=r"hearts: GameInfo.players says \[3\] but its options seat \[4\]"):
        replace(hearts, info=replace(hearts.info, players=(3,)), players_of=lambda options: 4)
    casino = parlour.spec("casino")
    five = Option("players", 2, "How many play.", choices={2: "two", 3: "three", 4: "four", 5: "five"})
    with pytest.raises(ValueError, match=r"says \[2, 3, 4\] but its options seat \[2, 3, 4, 5\]"):
        replace(casino, options=tuple(five if o.name == "players" else o for o in casino.options))
    with pytest.raises(ValueError, match="several counts of players and no option"):
        GameSpec(info=replace(hearts.info, players=(3, 4)), options=(), state=hearts.state, rule_bot=hearts.rule_bot)


def test_a_count_that_follows_from_another_option_is_the_games_own_rule():
    assert {parlour.load("dummy-whist", form=f).num_players for f in ("algiers", "double")} == {2, 3}


def test_a_games_length_in_words_comes_from_its_minutes():
    info = parlour.spec("hearts").info
    assert info.duration == "30–60 minutes"
    assert replace(info, minutes=(60, 120), length_note="(26 hands)").duration == "1–2 hours (26 hands)"
    assert replace(info, minutes=(10, 10), length_note="a deal").duration == "10 minutes a deal"
    assert replace(info, minutes=(60, 60)).duration == "1 hour"
    assert replace(info, minutes=(10, 30), length_note=", sometimes much longer").duration == \
        "10–30 minutes, sometimes much longer"
