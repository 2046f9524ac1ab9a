"""Comparing two choices at one decision (parlour.choices), per family: a trick game's card by the trick
it leads to, Cribbage's pegging by the points pegged at once, Casino's moves by what they capture;
and the worked examples played as quizzes (parlour.quiz)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import trick_position

from parlour import cards as C
from parlour import examples as ex
from parlour.choices import compare, measure_of, outcome
from parlour.quiz import MOST_CHOICES, MOST_QUESTIONS
from parlour.registry import load

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def hearts_trick(east: list[str]):
    """South leads 3♣, West (void in clubs) throws 5♥, North plays 9♣: East to play, holding ``east``."""
    state = load("hearts").new(0)
    trick_position(state, [["3C", "AS"], ["5H", "2D"], ["9C", "3D"], east], leader=0, tricks_before=1)
    for card in ("3C", "5H", "9C"):
        state.apply(card)
    return state


def test_trick_same_card_is_the_same() -> None:
    state = hearts_trick(["KC", "4C"])
    assert compare(state, "4C", "4C").verdict == "same"


def test_trick_as_good_when_the_same_seat_takes_the_trick_with_the_same_points() -> None:
    state = hearts_trick(["2C", "4C"])
    result = compare(state, "2C", "4C")
    assert result.verdict == "as good"
    assert "North takes the trick with 9♣, with 1 point in it" in result.words


def test_trick_hearts_taking_the_points_is_worse_and_ducking_is_better() -> None:
    state = hearts_trick(["KC", "4C"])
    worse = compare(state, "KC", "4C")
    assert worse.verdict == "worse"
    assert "East takes the trick with K♣, with 1 point in it" in worse.words
    assert compare(state, "4C", "KC").verdict == "better"


def test_trick_whist_the_side_that_takes_it_decides_better_or_worse() -> None:
    state = load("whist").new(0)
    # South leads 3♣, West plays 5♣, North 9♣: East takes it with K♣ or lets North's 9♣ stand.
    trick_position(state, [["3C", "AS"], ["5C", "2D"], ["9C", "3D"], ["KC", "4C"]], leader=0)
    for card in ("3C", "5C", "9C"):
        state.apply(card)
    assert compare(state, "KC", "4C").verdict == "better"  # East's side takes the trick
    assert compare(state, "4C", "KC").verdict == "worse"


def test_trick_played_out_with_the_examples_later_moves_while_they_are_legal() -> None:
    state = load("whist").new(0)
    trick_position(state, [["3C", "QC"], ["5C", "2D"], ["9C", "3D"], ["KC", "4C"]], leader=0)
    # The example went on 5♣, 9♣, 4♣: both leads are followed by those moves, so who takes the trick
    # is decided by South's card alone.
    assert outcome(state, "QC", ["5C", "9C", "4C"]).words == "South takes the trick with Q♣"
    assert outcome(state, "3C", ["5C", "9C", "4C"]).words == "North takes the trick with 9♣"
    # North is South's partner: both leads win the trick for South's side.
    assert compare(state, "3C", "QC", ["5C", "9C", "4C"]).verdict == "different"


def test_no_measure_outside_the_measured_phase_says_another_choice() -> None:
    state = load("hearts").new(3)
    assert state.phase == "pass" and measure_of(state) is None
    first, second = state.legal_actions()[:2]
    assert compare(state, first, second).verdict == "another"


def cribbage_count_at(count_cards: list[str], north: list[str]):
    """Two-handed Cribbage, North dealing: South leads; ``count_cards`` are played alternately."""
    state = load("cribbage").new(0)
    south = ["5S", "2C", "3C", "4C"]
    state.start_position([south, north], starter="JH", dealer=1)
    for card in count_cards:
        state.apply(card)
    return state


def test_pegging_as_good_when_both_cards_peg_the_same() -> None:
    state = cribbage_count_at(["5S"], ["10H", "KD", "8C", "7D"])
    assert measure_of(state) == "points-now"
    result = compare(state, "KD", "10H")  # both make fifteen
    assert result.verdict == "as good"
    assert "North scores 2 points" in result.words


def test_pegging_a_card_that_pegs_less_is_worse() -> None:
    state = cribbage_count_at(["5S"], ["10H", "KD", "8C", "7D"])
    result = compare(state, "8C", "10H")
    assert result.verdict == "worse"
    assert "North scores nothing" in result.words
    assert compare(state, "10H", "8C").verdict == "better"


def casino_position():
    state = load("casino").new(0)
    state.set_position([["8S", "9C"], ["2H", "KD"]], table=["8C", "8D", "5H", "3C"], turn=0)
    return state


def test_captures_taking_more_is_better_and_two_trails_are_as_good() -> None:
    state = casino_position()
    assert measure_of(state) == "captures"
    legal = state.legal_actions()
    best = max(legal, key=lambda action: outcome(state, action).value)
    assert outcome(state, best).key == (1, 5, 1)  # the sweep, 5 cards, 1 spade
    assert compare(state, "9C", best).verdict == "worse"
    assert compare(state, best, "9C").verdict == "better"
    assert compare(state, "9C", "8S").verdict == "as good"


def test_captures_the_same_worth_is_as_good() -> None:
    state = casino_position()
    eights = [a for a in state.legal_actions() if outcome(state, a).key == (0, 2, 1)]
    assert len(eights) == 2  # 8♠ takes 8♣, or 8♦: two cards, one spade, no points either way
    assert compare(state, eights[0], eights[1]).verdict == "as good"


# -- the quiz of a worked example ---------------------------------------------------------------


def write_spec(tmp_path: Path, **spec: object) -> Path:
    path = tmp_path / "hearts" / "quiz.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"game": "hearts", "seed": 4, "caption": "The example's words.",
                                "autoplay": {"bot": "rule", "seed": 4, "until": {"steps": 30}}, **spec}))
    return path


def test_quiz_asks_by_default_every_decision_of_the_seat_with_more_than_one_legal_move(tmp_path: Path) -> None:
    example = ex.build(write_spec(tmp_path))
    state = load("hearts").new(4)
    expected = []
    for step, action in enumerate(example.state.history):
        if state.to_move() == 0 and 1 < len(state.legal_actions()) <= MOST_CHOICES:
            expected.append(step)
        state.apply(action)
    quiz = example.quiz()
    assert quiz is not None and quiz.name == "South"
    assert [q.step for q in quiz.questions] == expected[:MOST_QUESTIONS]


def test_quiz_follows_the_seat_and_the_steps_the_spec_names(tmp_path: Path) -> None:
    full = ex.build(write_spec(tmp_path, quiz={"seat": 2})).quiz()
    assert full is not None and full.name == "North"
    steps = [q.step for q in full.questions][1:3]
    quiz = ex.build(write_spec(tmp_path, quiz={"seat": 2, "steps": steps})).quiz()
    assert [q.step for q in quiz.questions] == steps


def test_quiz_refuses_a_step_where_the_seat_has_no_choice(tmp_path: Path) -> None:
    example = ex.build(write_spec(tmp_path, quiz={"seat": 0, "steps": [3]}))  # West's pass
    with pytest.raises(ex.ExampleError, match="quiz step 3: South has no choice to make there"):
        example.quiz()


@pytest.mark.parametrize("value", [True, {"seat": -1}, {"steps": ["1"]}, {"seat": 0, "who": 1}, []])
def test_quiz_spec_of_the_wrong_shape_is_refused_by_name(tmp_path: Path, value: object) -> None:
    with pytest.raises(ex.ExampleError, match="'quiz' must be false or an object"):
        ex.build(write_spec(tmp_path, quiz=value))


def test_quiz_false_and_games_without_turns_have_none(tmp_path: Path) -> None:
    assert ex.build(write_spec(tmp_path, quiz=False)).quiz() is None
    assert ex.build(EXAMPLES / "nuts" / "the-race-begins.json").quiz() is None


def test_quiz_offers_every_card_and_refuses_a_forbidden_one_with_the_engines_reason() -> None:
    example = ex.build(EXAMPLES / "hearts" / "centre-mixer-hand.json")
    question = next(q for q in example.quiz().questions if any(not c.legal for c in q.choices))
    before = example.state_at(question.step)
    refused = next(c for c in question.choices if not c.legal)
    code = next(code for code in before.view(0)["seats"][0]["hand"]
                if refused.label.endswith(before.describe(code).split()[-1]))
    assert refused.words == before.why_illegal(code)
    assert len([c for c in question.choices if c.label.startswith("Play ")]) == len(before.view(0)["seats"][0]["hand"])


@pytest.mark.parametrize("path", ex.spec_paths(EXAMPLES), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_examples_quiz_builds_with_the_played_move_among_its_choices(path: Path) -> None:
    quiz = ex.build(path).quiz()
    for question in quiz.questions if quiz else []:
        same = [c for c in question.choices if c.verdict == "same"]
        assert [c.action for c in same] == [question.played]
        assert all(c.words for c in question.choices)


def test_quiz_with_no_steps_named_or_no_moves_asks_nothing(tmp_path: Path) -> None:
    assert ex.build(write_spec(tmp_path, quiz={"steps": []})).quiz() is None
    assert ex.build(write_spec(tmp_path, autoplay={"until": {"steps": 0}}, quiz={"steps": []})).quiz() is None
    with pytest.raises(ex.ExampleError, match=r"a quiz step \(40\) past the example's last move \(29\)"):
        ex.build(write_spec(tmp_path, quiz={"steps": [40]})).quiz()


def test_trick_points_are_the_games_own_card_points() -> None:
    """Belote's cards hold 152 with trumps (162 less the last trick's 10); a Spanish pack 120."""
    belote = load("belote").new(0)
    belote.set_trumps(C.HEARTS)
    assert belote.points_in_trick(C.mask_of(belote.pack.cards)) == 152
    for game in ("briscas", "tute"):
        state = load(game).new(0)
        assert state.points_in_trick(C.mask_of(state.pack.cards)) == 120


def test_trick_giving_away_points_in_a_point_game_is_worse() -> None:
    """Two-handed Briscas, bastos trumps: North leads the 12 of copas (worth 4); South, holding only oros,
    cannot take it, so throwing the ace of oros (11 more points to North) is worse than the 2."""
    state = load("briscas").new(0)
    trick_position(state, [["1O", "2O"], ["12C", "4E"]], leader=1, trump="B")
    state.apply("12C")
    result = compare(state, "1O", "2O")
    assert result.verdict == "worse"
    assert "North takes the trick with 12 of copas" in result.words
    assert "15 points" in result.words and "4 points" in result.words


def test_quiz_leaves_out_by_default_a_decision_with_too_many_moves_for_buttons() -> None:
    path = EXAMPLES / "one-eyed-jack" / "three-players.json"
    example = ex.build(path)
    quiz = example.quiz()
    for question in quiz.questions if quiz else []:
        assert len(example.state_at(question.step).legal_actions()) <= MOST_CHOICES
    crowded = next(step for step in range(len(example.state.history))
                   if example.state_at(step).to_move() == 0 and len(example.state_at(step).legal_actions()) > MOST_CHOICES)
    spec = dict(example.spec, quiz={"steps": [crowded]})
    named = ex.build_quiz(spec, example.state)
    assert [q.step for q in named.questions] == [crowded]  # a spec may still ask it
