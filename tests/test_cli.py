"""The command line: each command works, and every mistake is one line and exit status 2."""

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        code = main(list(argv), out=out, inp=io.StringIO(stdin))
    finally:
        sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_list_and_json():
    code, out, _ = run("list")
    assert code == 0 and "hearts" in out and "Accordion" in out
    code, out, _ = run("list", "--json")
    rows = json.loads(out)
    assert {r["id"] for r in rows} >= {"hearts", "accordion"}
    assert all({"players", "pack", "min_age", "options"} <= set(r) for r in rows)


def test_list_names_every_games_variants():
    _, out, _ = run("list")
    lines = out.splitlines()

    def variants_of(game_id):
        at = next(i for i, line in enumerate(lines) if line.startswith(game_id + " "))
        return lines[at + 1] if lines[at + 1].lstrip().startswith("variants:") else ""

    assert "form=double" in variants_of("dummy-whist")  # Double Dummy
    assert "variant=sergeant-major, 9-5-2" in variants_of("bismarck")
    assert "passing=rotation (standard)" in variants_of("hearts")
    assert "target=10 (standard)" in variants_of("euchre")
    assert "scoring=individual" in variants_of("partnership-hearts")
    assert "game=ten-honours, short (standard), long" in variants_of("whist")
    assert variants_of("back-alley") == ""


def test_list_into_a_closed_pipe_ends_quietly():
    """`python -m parlour list | head -1`: the reader stops reading; no traceback."""

    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    assert main(["list"], out=ClosedPipe()) == 0


@pytest.mark.parametrize("game_id", ["hearts", "partnership-hearts", "accordion", "beggar-my-neighbour", "cribbage"])
def test_rules_prints_a_summary_for_every_game(game_id):
    code, out, _ = run("rules", game_id)
    assert code == 0
    summary = [line for line in out.splitlines() if line.startswith("- ")]
    info = parlour.registry.spec(game_id).info
    assert len(summary) == len(info.short_rules) + len(info.readings) and len(info.short_rules) >= 3
    assert "Where the rules needed reading:" in out


def test_partnership_hearts_rules_line_agrees_with_the_engine_on_the_moon():
    code, out, _ = run("rules", "partnership-hearts")
    assert "26 on each opponent (never on their partner)" in out


def test_rules_shows_house_and_standard_rules():
    code, out, _ = run("rules", "hearts")
    assert code == 0 and "House rule" in out and "Standard rule" in out and "passing" in out


def test_simulate_reports_speed_and_results():
    code, out, _ = run("simulate", "hearts", "--games", "3", "--seed", "2", "--json")
    result = json.loads(out)
    assert code == 0 and result["games"] == 3 and result["games_per_second"] > 0
    assert sum(result["wins"]) == pytest.approx(3)
    code, out, _ = run("simulate", "accordion", "--games", "2", "--bots", "rule")
    assert code == 0 and "games/s" in out


def test_count_names_and_ranks_a_hand_the_way_the_game_does():
    code, out, _ = run("count", "east-west", "--hand", "KS,KH,8C,8D,8S")
    assert code == 0
    assert out.splitlines()[:2] == ["K♠ K♥ 8♣ 8♦ 8♠, in East–West's order:", "“a full house, eights over kings”"]
    assert "kind 4 of 9" in out and "flush, full house" in out and "Total" not in out
    code, out, _ = run("count", "east-west", "--hand", "7h 9h jh qh kh", "--ordinary")
    assert code == 0 and "a flush, king high" in out and "kind 4 of 9" in out and "full house, flush" in out


def test_play_answers_illegal_input_with_the_reason_and_plays_to_the_end():
    moves = "QS\n" + "\n".join(["turn"] * 2000)
    code, out, _ = run("play", "beggar-my-neighbour", "--seed", "73", stdin=moves)
    assert code == 0
    assert "Not allowed: The only thing to do is turn your top card" in out
    assert "wins" in out or "No winner" in out


def test_play_hearts_with_reasons_then_quit_gives_a_code():
    code, out, _ = run("play", "hearts", "--seed", "3", "--option", "passing=rotation", stdin="ZZ\nhelp\nquit\n")
    assert code == 0
    assert "Not allowed:" in out and "Your choices:" in out and "Game code" in out


def test_play_stops_cleanly_at_end_of_input():
    code, out, _ = run("play", "accordion", stdin="deal\n")
    assert code == 0 and "unfinished" in out


@pytest.mark.parametrize("argv,message", [
    (["play", "snap"], "no game 'snap'"),
    (["simulate", "hearts", "--games", "x"], "whole number"),
    (["simulate", "hearts", "--games", "0"], "at least 1"),
    (["simulate", "hearts", "--seed", "-3"], "seed"),
    (["simulate", "hearts", "-o", "moon=sun"], "moon"),
    (["simulate", "hearts", "-o", "moon"], "name=value"),
    (["simulate", "hearts", "--bots", "clever"], "unknown bot"),
    (["simulate", "hearts", "--bots", "rule,random"], "one kind or 4"),
    (["play", "hearts", "--seat", "9"], "seat"),
    (["rules"], "required"),
    (["frobnicate"], "invalid choice"),
    (["examples", "--dir", "/nonexistent"], "no examples folder"),
    (["examples", "--game", "snap", "--dir", str(ROOT / "docs/examples")], "no game 'snap'"),
    (["examples", "--game", "hearts", "--dir", str(ROOT / "tests")], "no examples of hearts in"),
    (["count", "east-west", "--hand", "KS,KH,8C"], "five cards, not 3"),
    (["count", "east-west", "--hand", "KS,KH,8C,8D,ZZ"], "'ZZ' is not a card"),
    (["count", "east-west", "--hand", "KS,KS,8C,8D,8S"], "named twice"),
    (["count", "hearts", "--hand", "KS"], "Hearts has no counting helper; games with one:"),
    (["count", "east-west"], "required"),
])
def test_mistakes_are_one_line_and_exit_2(argv, message):
    code, out, err = run(*argv)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_examples_for_one_game_check_and_regenerate_that_game_only(tmp_path):
    for game in ("hearts", "whist"):
        shutil.copytree(ROOT / "docs/examples" / game, tmp_path / game)
        for snapshot in (tmp_path / game).glob("*.snapshot.txt"):
            snapshot.write_text("out of date\n", encoding="utf-8")
    hearts = len(list((tmp_path / "hearts").glob("*.json")))
    code, out, _ = run("examples", "--game", "hearts", "--regenerate", "--dir", str(tmp_path))
    assert code == 0 and out.startswith(f"{hearts} examples; {hearts} snapshots rewritten")
    assert "whist" not in out
    assert run("examples", "--game", "hearts", "--dir", str(tmp_path))[:2] == (0, f"{hearts} examples, 0 stale\n")
    code, out, _ = run("examples", "--game", "whist", "--dir", str(tmp_path))
    assert code == 1 and "stale: " in out and "hearts" not in out
    for snapshot in (tmp_path / "hearts").glob("*.snapshot.txt"):
        assert snapshot.read_text(encoding="utf-8") == (ROOT / "docs/examples/hearts" / snapshot.name).read_text(
            encoding="utf-8")


def test_module_entry_point_runs_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "parlour", "rules", "nope"], cwd=ROOT / "engine",
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "no game" in proc.stderr


def test_count_prints_the_narrated_count_and_the_total():
    code, out, err = run("count", "cribbage", "--hand", "5H,5C,5S,JD", "--starter", "5D")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "5♥ 5♣ 5♠ J♦ with the starter 5♦, counted as a hand:"
    assert lines[1].startswith("“fifteen two, fifteen four,") and lines[1].endswith("and his nobs is twenty-nine”")
    assert lines[-1] == "Total: 29"


def test_count_as_a_crib_scores_a_flush_only_with_the_starter():
    assert run("count", "cribbage", "--hand", "2H 6H 10H QH", "--starter", "8C")[1].splitlines()[-1] == "Total: 4"
    code, out, _ = run("count", "cribbage", "--hand", "2H,6H,10H,QH", "--starter", "8C", "--crib")
    assert code == 0 and out.splitlines()[-1] == "Total: 0" and "nineteen" in out


@pytest.mark.parametrize("argv,message", [
    (["count", "cribbage", "--hand", "5H,5X,5S,JD", "--starter", "5D"], "'5X' is not a card"),
    (["count", "cribbage", "--hand", "5H,5C,5S", "--starter", "5D"], "four cards, not 3"),
    (["count", "cribbage", "--hand", "5H,5C,5S,JD", "--starter", "5H"], "both in the hand and the starter"),
    (["count", "cribbage", "--hand", "5H,5C,5S,5H", "--starter", "6D"], "named twice"),
    (["count", "cribbage", "--hand", "5H,5C,5S,JD"], "--starter"),
    (["count", "cribbage", "--hand", "5H,5C,5S,JD", "--starter", "5D", "--flush"], "unrecognized"),
    (["count", "hearts", "--hand", "5H"], "Hearts has no counting helper; games with one: cribbage"),
    (["count", "snap"], "no game 'snap'"),
])
def test_count_mistakes_are_one_line_and_exit_2(argv, message):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
