"""Every hand's summary: who took what, the game's own lines on how the score moved, the score
sheet's new rows and the totals — written once in the shared core, read at the end of each hand.

Seeded games of every registered game are played by the rule bots; each time a hand ends its
summary is checked against the score sheet as it stands at that moment."""

import re

import pytest

import parlour
from parlour.bots import make_bot, play_out

#: Games with no summary, and why: nothing is scored hand by hand.
NO_SUMMARY = {
    "accordion": "a patience: won or lost, no score sheet",
    "beggar-my-neighbour": "no score sheet: one game turned card by card",
    "one-eyed-jack": "no score sheet: rows of five on a board",
    "tuck": "no score sheet: a race of pegs",
    "twenty-four": "no score sheet: a race to run out",
}
#: Summaries named otherwise than for their first score-sheet row, and their title.
TITLES = {"east-west": "The showdown: what happened"}  # one deal: its rows are the sheet's rows
HANDS = 3  # summaries checked per game, at most
SEEDS = (1, 2)
#: A count of tricks that disagrees with its noun: "1 tricks", "2 trick".
WRONG_NOUN = re.compile(r"(?<![\d.])(?:1 tricks|(?:0|[2-9]|\d\d+) trick)\b")


def summaries_of(game_id, seed):
    """(summary, the score sheet's rows, its totals, the game's step) at each hand's end."""
    game = parlour.load(game_id)
    state = game.new(seed)
    seen = []

    def hand_ended(state):
        end = state.last_hand_end
        if end is not None and (not seen or seen[-1][0].step != end.step):
            sheet = state.scoresheet()
            seen.append((state.hand_summary(0), [(label, list(values)) for label, values in sheet.rows],
                         list(sheet.totals), len(state.history)))
        return len(seen) >= HANDS

    play_out(state, [make_bot(game, "rule", seed * 10 + s) for s in range(game.num_players)], hand_ended)
    hand_ended(state)  # the move that ended the game may have ended a hand
    return seen


@pytest.mark.parametrize("game_id", [spec.info.id for spec in parlour.games()])
def test_each_hand_ends_with_a_summary_that_agrees_with_the_score_sheet(game_id):
    found = [summary for seed in SEEDS for summary in summaries_of(game_id, seed)]
    if game_id in NO_SUMMARY:
        assert not found, f"{game_id} now has hand summaries: take it off NO_SUMMARY"
        return
    assert found, f"{game_id}: no hand ended with a summary"
    rows_before = 0
    for summary, rows, totals, step in found:
        assert summary.step == step  # read straight after the move that ended the hand
        label = summary.rows[0][0]
        assert summary.title == TITLES.get(game_id, f"{label}{' —' if ':' in label else ':'} what happened")
        assert list(summary.totals) == totals
        # The summary's rows are the sheet's last rows, exactly as the sheet shows them.
        assert [(label, list(values)) for label, values in summary.rows] == rows[len(rows) - len(summary.rows):]
        text = "\n".join(summary.lines)
        for column, total in zip(summary.columns, totals):
            assert f"{column} {total}" in summary.lines[-1], (column, summary.lines[-1])
        for label, values in summary.rows:
            for column, value in zip(summary.columns, values):
                if str(value).strip():
                    assert f"{column} {value}" in text, (label, column, value, text)
        assert not WRONG_NOUN.search(text), text
        rows_before = len(rows)
    assert rows_before


def test_a_trick_game_says_how_many_tricks_each_took_and_why_the_score_moved():
    summary, rows, totals, _ = summaries_of("hearts", 1)[0]
    taken = re.findall(r"(South|West|North|East)(?: took)? (\d+) tricks?", summary.lines[0])
    assert [name for name, _ in taken] == ["South", "West", "North", "East"]
    assert sum(int(count) for _, count in taken) == 13
    assert summary.lines[1].startswith("Points this hand:")  # the game's own line on the scoring
    assert summary.lines[-2] == "Score sheet, Hand 1: " + ", ".join(
        f"{name} {points}" for name, points in zip(summary.columns, rows[0][1])) + "."
    assert summary.lines[-1] == "Totals now: " + ", ".join(
        f"{name} {points}" for name, points in zip(summary.columns, totals)) + "."


def test_partnerships_are_counted_together():
    summary = summaries_of("whist", 1)[0][0]
    assert summary.lines[0].startswith("South & North took ")
    assert " and West & East " in summary.lines[0]


def test_a_hand_cut_short_by_reaching_the_target_is_summarised_too():
    game = parlour.load("cribbage")
    for seed in range(1, 6):
        state = play_out(game.new(seed), [make_bot(game, "rule", s) for s in range(2)])
        if state.scoresheet().rows[-1][0].endswith("(stopped)"):
            break
    else:
        pytest.fail("no seed ended a cribbage game mid-hand")
    summary = state.hand_summary(0)
    assert summary.step == len(state.history)
    assert summary.rows[-1][0].endswith("(stopped)")
    assert any("play stops at once" in line for line in summary.lines)


def test_the_summary_of_the_last_hand_is_only_the_hands_own_lines():
    """The totals line of the hand before is told after that hand's summary was made: never retold."""
    for summary, *_ in summaries_of("hearts", 2)[1:]:
        assert not any(line.startswith("Totals:") for line in summary.lines)


def test_the_page_gets_the_summary_of_the_hand_just_ended_even_amid_the_computer_players_moves():
    from parlour import web

    def send(**fields):
        reply = web.handle({"v": 1, "id": 1, "table": "summary", **fields})
        assert reply["type"] == "state", reply
        return reply

    reply = send(type="new", game="hearts", seed=2)
    assert reply["hand_summary"] is None  # no hand has ended yet
    while True:
        reply = send(type="bots")
        if reply["hand_summary"] is not None:
            break
        reply = send(type="apply", action=reply["legal"][0]["action"])
        assert reply["hand_summary"] is None  # on this deal a computer player ends the hand
    summary = reply["hand_summary"]
    assert summary["title"] == "Hand 1: what happened"
    # The hand ended part-way through the computer players' moves: the next deal was dealt and
    # they played on in it up to the reader's turn.
    assert summary["step"] < reply["step"] and reply["human_turn"]
    # Told to the reader, as the rest of the page is: their seat is "you".
    assert summary["columns"][0] == "You" and summary["lines"][0].startswith("You took ")
    assert summary["lines"][-1] == "Totals now: " + ", ".join(
        f"{name} {total}" for name, total in zip(["you", *summary["columns"][1:]], summary["totals"])) + "."
    # The next deal is already under way (computer players may have played on in it), and the summary
    # stays the same until the next hand ends.
    again = send(type="view")
    assert again["hand_summary"] == summary
