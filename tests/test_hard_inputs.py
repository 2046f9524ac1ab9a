"""Issue 18, item by item: each input that once gave a traceback, a hang or a `bug` reply, kept fixed.

The Hypothesis suite (tests/test_fuzz.py) searches the same surfaces at random; these are the
named cases it grew from.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour import limits, web
from parlour.bots import RandomBot, make_bot, play_out
from parlour.cli import main
from parlour.codec import MAX_CODE_BYTES, MAX_CODE_CHARS, CodeError, decode, encode, from_json, restore
from parlour.core import State
from parlour.rng import MAX_SEED, sub_seed

from helpers import raw_code

ROOT = Path(__file__).resolve().parent.parent
GAMES = [spec.info.id for spec in parlour.games()]


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old, sys.stderr = sys.stderr, err
    try:
        code = main(list(argv), out=out, inp=io.StringIO(stdin))
    finally:
        sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def send(**fields: object) -> dict:
    return web.handle({"v": 1, "id": 1, **fields})


# --- item 1: only canonical actions are stored -------------------------------------------------

def test_item1_accordion_stores_the_canonical_move_for_any_spelling() -> None:
    state = parlour.load("accordion").new(1)
    for _ in range(3):
        state.apply("deal")
    assert state.legal_actions() == ["QC>8C"]
    for spelling in ("qc>8c", "QC > 8C", " q♣>8♣ ", "Qc >8c"):
        assert state.canonical(spelling) == "QC>8C" and state.why_illegal(spelling) is None
    state.apply("qc>8c")
    assert state.history[-1] == "QC>8C"
    assert decode(encode(state)).record() == state.record()


def test_item1_accordion_spellings_through_the_cli_and_the_worker() -> None:
    code, out, err = run("play", "accordion", "--seed", "1", stdin="deal\ndeal\ndeal\nQC > 8C\nquit\n")
    assert code == 0 and "Traceback" not in out + err and "Game code" in out
    send(type="new", table="acc", game="accordion", seed=1)
    for _ in range(3):
        send(type="apply", table="acc", action="deal")
    reply = send(type="apply", table="acc", action="QC > 8C")
    assert reply["type"] == "state" and reply["record"]["actions"][-1] == "QC>8C"
    assert send(type="code", table="acc")["type"] == "code"


def spellings(action: str) -> list[str]:
    """Ways a person might type ``action``: other cases, spaces, suit symbols, T for ten."""
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    out = [action.lower(), action.upper(), f"  {action} ", action.swapcase()]
    if action[-1:] in symbols:
        out.append(action[:-1] + symbols[action[-1]])
    if action.startswith("10"):
        out.append("T" + action[2:])
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_item1_every_accepted_spelling_is_stored_as_a_legal_action(game_id: str) -> None:
    """For every game: whatever spelling apply accepts, the history gets a member of legal_actions()."""
    game = parlour.load(game_id)
    state = game.new(5)
    bot = RandomBot(5)
    for turn in range(150):
        if state.is_over:
            break
        legal = state.legal_actions()
        for action in legal:
            for spelling in spellings(action):
                if state.why_illegal(spelling) is None:
                    assert state.canonical(spelling) in legal, (spelling, legal)
        choice = bot.choose(state)
        typed = spellings(choice)[turn % len(spellings(choice))]
        if state.why_illegal(typed) is None:
            state.apply(typed)
        else:
            state.apply(choice)
        assert state.history[-1] in legal
    again = game.replay(5, state.history)
    assert decode(encode(state)).record() == again.record() == state.record()


# --- item 2: large valid seeds --------------------------------------------------------------------

@pytest.mark.parametrize("seed", [MAX_SEED, MAX_SEED - 1, 92233720368547759])
def test_item2_the_largest_seeds_work_in_the_cli_the_worker_and_saves(seed: int) -> None:
    code, out, err = run("play", "briscas", "--seed", str(seed), stdin="")
    assert code == 0 and "unfinished" in out and not err
    code, out, err = run("simulate", "briscas", "--games", "2", "--seed", str(seed), "--bots", "rule")
    assert code == 0 and "games/s" in out and not err
    reply = send(type="new", table="big", game="briscas", seed=seed)
    assert reply["type"] == "state" and reply["seed"] == seed
    reply = send(type="bots", table="big")
    again = send(type="restore", table="big2", record=reply["record"])
    assert again["type"] == "state" and again["record"] == reply["record"]


def test_item2_sub_seeds_mix_and_stay_in_range() -> None:
    for seed in (0, 1, MAX_SEED - 1, MAX_SEED):
        seeds = {sub_seed(seed, index) for index in range(64)}
        assert len(seeds) == 64 and all(0 <= s <= MAX_SEED for s in seeds)
    assert sub_seed(1, 0) != sub_seed(0, 1)


# --- item 3: broken example specs -----------------------------------------------------------------

GOOD_SPEC = {"title": "t", "game": "hearts", "seed": 3, "actions": []}
BROKEN_SPECS: dict[str, bytes] = {
    "broken-json": b'{"game": "hearts",',
    "no-game": json.dumps({"seed": 1}).encode(),
    "illegal-action": json.dumps({**GOOD_SPEC, "actions": ["ZZ"]}).encode(),
    "negative-seed": json.dumps({**GOOD_SPEC, "seed": -1}).encode(),
    "json-array": b"[1, 2, 3]",
    "not-utf8": b'{"game": "hearts", "title": "\xff\xfe"}',
    "bad-deck": json.dumps({**GOOD_SPEC, "deck": ["AS", "ZZ"]}).encode(),
    "table-at-x": json.dumps({**GOOD_SPEC, "show_table_at": "x"}).encode(),
    "unknown-key": json.dumps({**GOOD_SPEC, "colour": "red"}).encode(),
    "deep-nesting": b'{"game": "hearts", "options": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "bad-autoplay": json.dumps({**GOOD_SPEC, "autoplay": {"bot": "clever"}}).encode(),
    "probe-past-the-end": json.dumps({**GOOD_SPEC, "probes": [{"step": 9, "action": "2C"}]}).encode(),
    "unknown-game": json.dumps({**GOOD_SPEC, "game": "snap"}).encode(),
    "bad-option": json.dumps({**GOOD_SPEC, "options": {"passing": ["left"]}}).encode(),
    "huge-number": b'{"game": "hearts", "seed": 1' + b"0" * 5000 + b"}",
}


@pytest.mark.parametrize("name", BROKEN_SPECS)
def test_item3_a_broken_example_spec_names_the_file_and_the_problem(name: str, tmp_path: Path) -> None:
    folder = tmp_path / "hearts"
    folder.mkdir()
    (folder / f"{name}.json").write_bytes(BROKEN_SPECS[name])
    for extra in ((), ("--regenerate",)):
        code, out, err = run("examples", "--dir", str(tmp_path), *extra)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
        assert f"{name}.json" in err and len(err) < 400
    assert not (folder / f"{name}.snapshot.txt").exists()


# --- item 4: records raise only CodeError ---------------------------------------------------------

@pytest.mark.parametrize("record", [
    {"game": "tute", "seed": 1, "actions": [], "options": {"game_id": 1}},
    {"game": "tute", "seed": 1, "actions": [], "options": {"hands": [[[]]]}},
    {"game": "tute", "seed": 1, "actions": [], "options": {"hands": 10**5000}},
    {"game": "tute", "seed": 10**5000, "actions": []},
    {"game": ["tute"], "seed": 1, "actions": []},
    {"game": "x" * 10**6, "seed": 1, "actions": []},
    {"game": "tute", "seed": 1, "actions": ["x" * 10**6]},
    {"game": "tute", "seed": 1, "actions": [], 7: 1, (1, 2): 3},
    {"game": "tute", "seed": 1, "actions": [], "deck": ["AS"] * 100_000},
], ids=["option-game_id", "nested-option", "huge-option", "huge-seed", "list-game", "huge-game",
        "huge-action", "odd-keys", "huge-deck"])
def test_item4_a_bad_record_is_a_code_error(record: dict) -> None:
    with pytest.raises(CodeError) as info:
        restore(record)
    assert len(str(info.value)) < 300
    for kind, fields in (("restore", {"table": "r"}), ("replay", {"step": 0})):
        reply = send(type=kind, record=record, **fields)
        assert reply["type"] == "error" and reply["kind"] == "refused", reply


@pytest.mark.parametrize("text", [
    '{"game": "tute", "seed": 1, "actions": [], "options": ' + "[" * 20000 + "]" * 20000 + "}",
    '{"game": "tute", "seed": 1, "actions": [], "options": {"hands": ' + "9" * 5000 + "}}",
    '{"game": "tute", "seed": 1, "actions": [], "options": {"hands": "' + "[" * 30 + '"}}',
])
def test_item4_nested_or_huge_json_is_a_code_error(text: str) -> None:
    with pytest.raises(CodeError):
        from_json(text)


@pytest.mark.parametrize("text", [
    '{"v": 1, "id": ' + "7" * 5000 + ', "type": "view", "table": "t"}',
    '{"v": 1, "id": 123456789012345678901234567890, "type": "view", "table": "t"}',
    "[" * 20000 + "]" * 20000,
    '{"v": 1, "id": 1, "type": "new", "table": "t", "game": "hearts", "options": ' + "{\"a\":" * 5000 + "1" + "}" * 5001,
    '{"v": 1, "id": 2, "type": "new", "table": "t", "game": "hearts", "options": {"target": ' + "9" * 5000 + "}}",
])
def test_item4_handle_json_answers_deep_or_huge_messages(text: str) -> None:
    reply = json.loads(web.handle_json(text))
    assert reply["type"] == "error" and reply["kind"] == "refused" and reply["message"]


# --- item 5: a short link that nests deep ---------------------------------------------------------

def test_item5_a_deeply_nested_link_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the options were parsed")

    for options in ("[" * 5000, "[" * 5000 + "]" * 5000, '{"a":' * 300 + "1" + "}" * 300):
        code = raw_code("hearts", options)
        assert len(code) < 200
        monkeypatch.setattr(limits.json, "loads", no_parsing)
        with pytest.raises(CodeError):
            decode(code)
        monkeypatch.undo()
        reply = send(type="restore", table="n", code=code)
        assert reply["kind"] == "refused"


def test_item5_nesting_is_measured_without_recursion() -> None:
    deep = "[" * 1_000_000
    assert limits.nesting_depth(deep) == limits.MAX_JSON_DEPTH + 1
    assert limits.nesting_depth('["[[[[", {"a": "]]]\\"[["}]') == 2
    assert limits.nesting_depth('"\\\\"[[]]') == 2


# --- item 6: move bombs and games that never end --------------------------------------------------

@pytest.mark.parametrize("game_id", ["euchre", "euchridge", "back-alley"])
@pytest.mark.parametrize("moves", [100_000, 1_000_000])
def test_item6_a_move_bomb_is_refused_before_any_move_is_replayed(
        game_id: str, moves: int, monkeypatch: pytest.MonkeyPatch) -> None:
    code = raw_code(game_id, moves=[0] * moves)
    assert len(code) < 1500  # a short link: 191 characters held 100,000 moves
    applied: list[str] = []
    original = State.apply
    monkeypatch.setattr(State, "apply", lambda self, action: (applied.append(action), original(self, action)))
    with pytest.raises(CodeError, match="cannot be a real|far more than any game"):
        decode(code)
    record = {"game": game_id, "seed": 1, "actions": ["pass"] * moves}
    with pytest.raises(CodeError, match="cannot be a real"):
        restore(record)
    assert applied == []


def test_item6_a_code_cannot_unpack_into_megabytes() -> None:
    code = raw_code("hearts", moves=[0] * (MAX_CODE_BYTES + 10), move_count=3)
    assert len(code) < MAX_CODE_CHARS
    with pytest.raises(CodeError, match="far more than any game"):
        decode(code)


class AlwaysPass:
    """The move-0 bomb as a bot: pass whenever passing is allowed."""

    name = "pass"

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        return "pass" if "pass" in legal else legal[0]


#: A lower cap for these tests, so that reaching it is quick; it works the same as the real one.
TEST_CAP = 500


@pytest.mark.parametrize("game_id", ["euchre", "euchridge", "back-alley"])
def test_item6_endless_redeals_stop_at_the_move_cap(game_id: str) -> None:
    game = parlour.load(game_id)
    assert game.move_cap == State.move_cap
    state = game.new(1)
    state.move_cap = TEST_CAP
    play_out(state, [AlwaysPass()] * game.num_players)
    assert not state.is_over and state.at_move_cap and len(state.history) == TEST_CAP
    assert state.legal_actions() == []
    assert "the most one game may hold" in (state.why_illegal("pass") or "")
    assert decode(encode(state)).record() == state.record()  # the longest game there can be still reopens


def test_item6_a_stalled_table_says_so_and_its_bots_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = send(type="new", table="cap", game="euchre", seed=1)
    table = web._tables["cap"]
    table.state.move_cap = TEST_CAP
    play_out(table.state, [AlwaysPass()] * 4)
    reply = send(type="bots", table="cap")
    assert reply["type"] == "state" and reply["stalled"] and not reply["human_turn"]
    assert "start a new deal" in reply["prompt"]
    assert send(type="bot", table="cap")["kind"] == "refused"
    monkeypatch.setattr(parlour.spec("euchre").state, "move_cap", 3)
    code, out, _ = run("play", "euchre", "--seed", "1", stdin="pass\n" * 60)
    assert code == 0 and "This game has reached 3 moves, the most one game may hold" in out


def test_item6_caps_are_stated_per_game_far_above_the_longest_games() -> None:
    """The numbers tests/longest_games.py measured (200 deals a variant, random and rule bots)."""
    longest = {("bismarck", "variant", "sergeant-major"): 16_429, ("dummy-whist", "target", 200): 3_328,
               ("angels-and-demons", "target", 50): 2_037, ("hearts", "target", 500): 5_961,
               ("partnership-hearts", "target", 500): 4_560, ("bismarck", "variant", "bismarck"): 627,
               ("burraco", "max_deals", "none"): 14_778, ("carioca", "players", 2): 4_134}
    for (game_id, option, value), length in longest.items():
        assert parlour.load(game_id, **{option: value}).move_cap >= 10 * length, game_id
    beggar = parlour.load("beggar-my-neighbour", max_cards=100_000)
    assert beggar.move_cap >= 100_000  # the game's own rule stops it at max_cards turns


# --- item 7: an ASCII terminal ------------------------------------------------------------------

@pytest.mark.parametrize("argv,stdin", [
    (["list"], ""), (["rules", "brus"], ""), (["rules", "accordion"], ""),
    (["play", "hearts", "--seed", "3"], "2♣\nhelp\nscore\nquit\n"),
    (["play", "accordion", "--seed", "1"], "deal\nzz–\nquit\n"),
])
def test_item7_an_ascii_terminal_gets_plain_text(argv: list[str], stdin: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT / "engine")}
    proc = subprocess.run([sys.executable, "-m", "parlour", *argv], input=stdin.encode("utf-8"), env=env,
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr and proc.stdout.isascii() and proc.stderr.isascii()
    if argv[0] == "list":
        assert b"3-7 players" in proc.stdout or b"2-4 players" in proc.stdout
    if argv[0] == "play" and argv[1] == "hearts":
        assert re.search(rb"\b(10|[2-9JQKA])[CDHS]\b", proc.stdout)  # cards as codes, not "?"


# --- item 8 and issue 10: links and internal errors -----------------------------------------------

def test_item8_the_page_warns_about_share_links_and_offers_a_challenge() -> None:
    script = (ROOT / "docs" / "assets" / "table" / "saves.js").read_text(encoding="utf-8")
    assert "can see every hand" in script and "Challenge a friend" in script
    assert 'new URLSearchParams({ deal: String(seed) })' in script  # the deal number and options only


def test_issue10_an_internal_error_reaches_the_page_as_a_plain_message(monkeypatch: pytest.MonkeyPatch) -> None:
    send(type="new", table="oops", game="hearts", seed=2)

    def broken(message: dict) -> dict:
        raise ZeroDivisionError("the detail the console gets")

    monkeypatch.setitem(web.HANDLERS, "view", broken)
    reply = send(type="view", table="oops")
    assert reply["kind"] == "bug" and reply["message"] == web.SOMETHING_WENT_WRONG
    assert reply["detail"] == "ZeroDivisionError: the detail the console gets"


def test_the_page_bounds_match_the_engines() -> None:
    """The page checks a payload against the same numbers before the engine ever sees it."""
    script = "\n".join((ROOT / "docs" / "assets" / "table" / name).read_text(encoding="utf-8")
                       for name in ("bounds.js", "engine.js"))

    def constant(name: str) -> str:
        found = re.search(rf"const {name} = (.+);", script)
        assert found, name
        return found.group(1)

    assert int(constant("MAX_JSON_CHARS")) == limits.MAX_JSON_CHARS
    assert int(constant("MAX_NAME_CHARS")) == limits.MAX_NAME_CHARS
    assert int(constant("MAX_OPTIONS")) == limits.MAX_OPTIONS
    assert int(constant("MAX_CODE_CHARS")) == MAX_CODE_CHARS
    assert json.loads(constant("SOMETHING_WENT_WRONG")) == web.SOMETHING_WENT_WRONG
    caps = [parlour.load(s.info.id, **{o.name: o.maximum for o in s.options if o.maximum}).move_cap
            for s in parlour.games()]
    assert int(constant("MAX_RECORD_ACTIONS")) >= max(caps)


def test_the_rule_bots_of_every_game_take_legal_spellings_only() -> None:
    """Bots choose canonical actions already: the history they make is exactly what they chose."""
    for game_id in GAMES:
        game = parlour.load(game_id)
        state = game.new(8)
        bots = [make_bot(game, "rule", sub_seed(8, s)) for s in range(game.num_players)]
        for _ in range(60):
            if state.is_over:
                break
            choice = bots[state.to_move()].choose(state)
            state.apply(choice)
            assert state.history[-1] == choice
