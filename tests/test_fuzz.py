"""Fuzzing every way into the engine: CLI arguments, `play` input, example spec folders, records
and codes, and every worker message.

Whatever comes in, the answer is one of the documented errors — an exit status of 2 with one line
(the CLI), :class:`CodeError` (records, codes), :class:`ExampleError` (specs), an ``illegal`` or
``refused`` reply (the worker) — never a traceback and never a ``bug`` reply.  Every input also
finishes: the work any one can ask for is capped in the engine itself (each game's move cap,
JSON measured before it is parsed, codes bounded before they are unpacked), so no test here
times anything.  Runs are derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import contextlib
import io
import json
import string
import sys
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import cli, web
from parlour import examples as ex
from parlour.codec import CodeError, decode, encode, from_json, restore
from parlour.rng import MAX_SEED

from helpers import TYPED_WORDS, part_played, raw_code

ROOT = Path(__file__).resolve().parent.parent


def fuzz(examples: int) -> Any:
    """Hypothesis settings for this suite: a fixed budget, no deadline, the same examples every run."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


GAMES = [spec.info.id for spec in parlour.games()]
HUGE = [MAX_SEED, MAX_SEED + 1, 2**53, 2**64, 2**80, -1, -(2**63), 10**400]
WORDS = TYPED_WORDS


def nested(depth: int, inner: Any = 1) -> Any:
    """``depth`` lists inside each other, built without recursion."""
    for _ in range(depth):
        inner = [inner]
    return inner


# Numbers past Python's 4,300-digit printing limit are made on demand (Hypothesis prints its strategies).
huge_ints = st.sampled_from(HUGE) | st.sampled_from([4301, 5000]).map(lambda digits: -(10**digits))
scalars = st.none() | st.booleans() | st.integers() | huge_ints | st.floats(allow_nan=False) | st.text(max_size=12)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
# Past MAX_JSON_DEPTH, past Python's recursion limit, and far past it.
deep_values = st.sampled_from([25, 300, 1_500, 5_000]).map(nested)
odd_values = json_values | deep_values
words = st.sampled_from(WORDS) | st.text(max_size=16)
# Strategies are built once, here: building one inside a draw makes Hypothesis check it every time.
SEEDS = st.integers(0, MAX_SEED) | huge_ints
BOMB_SIZES = st.sampled_from([20_001, 25_001, 40_001, 60_001, 100_001, 10**6])
OPTION_NAMES = st.text(max_size=10) | st.sampled_from(["target", "game_id", "players"])


#: A real record and code of every game, a few moves in: the material mutations start from.
BASES = [part_played(game_id, moves=12) for game_id in GAMES]
BASE_RECORDS = [state.record() for state in BASES]
BASE_CODES = [encode(state) for state in BASES]


# --- records ---------------------------------------------------------------------------------------

@st.composite
def records(draw: st.DrawFn) -> Any:
    """A real record, then some of: a field dropped, replaced by an odd value, the moves cut short,
    shuffled or padded, a huge seed, a move bomb, an unknown field."""
    record = json.loads(json.dumps(draw(st.sampled_from(BASE_RECORDS))))
    for _ in range(draw(st.integers(0, 3))):
        change = draw(st.sampled_from(["drop", "replace", "truncate", "insert", "seed", "bomb", "extra", "option"]))
        key = draw(st.sampled_from(["game", "options", "seed", "actions", "deck"]))
        actions = record.get("actions") if isinstance(record.get("actions"), list) else []
        if change == "drop":
            record.pop(key, None)
        elif change == "replace":
            record[key] = draw(odd_values)
        elif change == "truncate":
            record["actions"] = actions[:draw(st.integers(0, len(actions)))]
        elif change == "insert":
            at = draw(st.integers(0, len(actions)))
            record["actions"] = actions[:at] + [draw(words)] + actions[at:]
        elif change == "seed":
            record["seed"] = draw(SEEDS)
        elif change == "bomb":
            record["actions"] = [draw(st.sampled_from(["pass", "deal", "turn"]))] * draw(BOMB_SIZES)
        elif change == "extra":
            record[draw(st.text(max_size=8))] = draw(json_values)
        else:
            record["options"] = {draw(OPTION_NAMES): draw(odd_values)}
    return draw(odd_values) if draw(st.integers(0, 9)) == 0 else record


@fuzz(150)
@given(records())
def test_any_record_restores_or_is_a_code_error(record: Any) -> None:
    try:
        state = restore(record)
    except CodeError as error:
        assert str(error) and len(str(error)) < 500
        return
    assert restore(state.record()).record() == state.record()


@fuzz(80)
@given(st.one_of(records().map(lambda r: _dumps(r)), st.text(max_size=60),
                 st.integers(1, 30_000).map(lambda n: '{"game": "hearts", "options": ' + "[" * n),
                 st.integers(4300, 6000).map(lambda n: '{"game": "hearts", "seed": ' + "7" * n + "}")))
def test_any_json_text_restores_or_is_a_code_error(text: str) -> None:
    try:
        from_json(text)
    except CodeError as error:
        assert str(error)


def _dumps(value: Any) -> str:
    """JSON text for a value; a number too long for Python to print becomes its digits' worth of 9s."""
    try:
        return json.dumps(value)
    except (ValueError, RecursionError):
        return "[" * 5000 + "9" * 5000


# --- codes -----------------------------------------------------------------------------------------

CODE_CHARS = string.ascii_letters + string.digits + "-_"


@st.composite
def mutated_codes(draw: st.DrawFn) -> str:
    """A real code cut short, with characters changed, dropped, added — or pasted twice."""
    code = draw(st.sampled_from(BASE_CODES))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(code)))
        change = draw(st.sampled_from(["cut", "change", "drop", "add", "double", "space"]))
        char = draw(st.sampled_from(CODE_CHARS + "=+/ é"))
        code = {"cut": code[:at], "change": code[:at] + char + code[at + 1:], "drop": code[:at] + code[at + 1:],
                "add": code[:at] + char + code[at:], "double": code + code, "space": f" {code}\n"}[change]
    return code


@st.composite
def crafted_codes(draw: st.DrawFn) -> str:
    """A code laid out byte by byte with any fields: other versions, unknown games, options that
    nest or are not JSON, huge seeds, odd decks, moves that do not exist, and move bombs."""
    return raw_code(draw(CODE_GAMES), draw(CODE_OPTIONS), draw(st.integers(0, 2**70)), draw(CODE_MOVES),
                    draw(CODE_DECKS), draw(st.sampled_from([1, 1, 1, 0, 2, 2**40])), draw(CODE_COUNTS))


CODE_GAMES = st.sampled_from(GAMES) | st.text(max_size=12)
CODE_OPTIONS = st.sampled_from(["{}", '{"target": 10}', '{"players": 3}', '{"game_id": 1}', "[]", "", "{",
                                '{"a": ' * 40 + "1" + "}" * 40, "[" * 5000, '{"target": ' + "9" * 5000 + "}"]) \
    | json_values.map(lambda value: _dumps(value))
CODE_MOVES = st.lists(st.integers(0, 3), max_size=40) | st.integers(0, 2000).map(lambda n: [0] * n)
CODE_COUNTS = st.none() | st.integers(0, 10**7) | st.sampled_from([20_001, 10**6, 2**40])
CODE_DECKS = st.lists(st.integers(0, 60), max_size=60)


@fuzz(200)
@given(mutated_codes() | crafted_codes() | st.text(max_size=80) | st.text(alphabet=CODE_CHARS, max_size=300))
def test_any_code_decodes_or_is_a_code_error(code: str) -> None:
    try:
        state = decode(code)
    except CodeError as error:
        assert str(error) and len(str(error)) < 500
        return
    assert len(state.history) <= state.move_cap
    assert decode(encode(state)).record() == state.record()


# --- worker messages -------------------------------------------------------------------------------

FIELD_VALUES: dict[str, Any] = {
    "table": st.sampled_from(["t", "u", "", "x" * 65, "x" * 10_000]) | st.text(max_size=6),
    "game": st.sampled_from(GAMES) | st.sampled_from(["snap", "", "x" * 100]) | st.text(max_size=8),
    "options": st.sampled_from([{}, {"target": 10}, {"target": 10**400}, {"players": 3}, {"players": "3"},
                                {"game_id": "x"}, {"passing": "rotation"}, {"max_cards": 100}])
    | st.dictionaries(st.text(max_size=8), odd_values, max_size=3),
    "seed": st.integers(0, MAX_SEED) | huge_ints,
    "seat": st.integers(-2, 9) | huge_ints,
    "code": st.sampled_from(BASE_CODES) | mutated_codes() | st.text(max_size=30),
    "record": records(),
    "action": words,
    "step": st.integers(-3, 60) | huge_ints,
}


MESSAGE_TYPES = st.sampled_from(list(web.FIELDS)) | st.text(max_size=8)


@st.composite
def messages(draw: st.DrawFn, legal: list[str]) -> Any:
    """A message of any type with some of its fields (any values), sometimes a wrong envelope."""
    kind = draw(MESSAGE_TYPES)
    names = list(web.FIELDS.get(kind, {})) + ["extra"]
    message: dict[Any, Any] = {"v": 1, "id": draw(st.integers(0, 10**6)), "type": kind}
    for name in draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names))):
        if name == "action" and legal and draw(st.booleans()):
            message[name] = draw(st.sampled_from(legal))
        else:
            message[name] = draw(FIELD_VALUES.get(name, odd_values))
    if draw(st.integers(0, 7)) == 0:
        message[draw(st.sampled_from(["v", "id", "type"]))] = draw(odd_values)
    if draw(st.integers(0, 15)) == 0:
        return draw(odd_values)
    return message


def check_reply(reply: Any) -> None:
    assert isinstance(reply, dict) and reply["v"] == 1
    assert reply["type"] in {"state", "reason", "code", "replay", "error"}, reply
    if reply["type"] == "error":
        assert reply["kind"] in ("illegal", "refused"), reply
        assert isinstance(reply["message"], str) and reply["message"]
    json.dumps(reply)


@fuzz(80)
@given(st.sampled_from(GAMES), st.integers(0, MAX_SEED), st.data())
def test_any_message_sequence_gets_a_documented_answer(game_id: str, seed: int, data: st.DataObject) -> None:
    web._tables.clear()
    check_reply(web.handle({"v": 1, "id": 0, "type": "new", "table": "t", "game": game_id, "seed": seed}))
    for _ in range(data.draw(st.integers(1, 5))):
        table = web._tables.get("t")
        legal = table.state.legal_actions() if table else []
        message = data.draw(messages(legal))
        check_reply(web.handle(message))
        text = _dumps(message)
        check_reply(json.loads(web.handle_json(text)))


@fuzz(100)
@given(st.text(max_size=200) | st.integers(1, 30_000).map(lambda n: '{"v": 1, "id": 1, "type": ' + "[" * n)
       | st.integers(4300, 6000).map(lambda n: '{"v": 1, "id": ' + "1" * n + ', "type": "view", "table": "t"}'))
def test_any_text_to_the_worker_gets_a_documented_answer(text: str) -> None:
    check_reply(json.loads(web.handle_json(text)))


# --- the command line ------------------------------------------------------------------------------

CLI_TOKENS = ["list", "rules", "play", "simulate", "examples", "--json", "--seed", "--bots", "--option", "-o",
              "--seat", "--games", "--dir", "--regenerate", "--help", "-h", *GAMES, "snap", "1", "0", "2", "3",
              "-3", "9223372036854775807", "9223372036854775808", "1" + "0" * 60, "9" * 5000, "x", "rule",
              "random", "rule,random", "rule,rule,rule,rule", "passing=rotation", "target=10", "target=9999999999",
              "players=3", "max_cards=100", "game_id=1", "moon", "=", "é", "♣", "/nonexistent", "."]


def safe_token(token: str) -> bool:
    """No path that leads out of the test's own folder (``examples --regenerate`` writes files)."""
    return token == "/nonexistent" or not any(part in token for part in ("/", "\\", "..", "~"))


def run_cli(argv: list[str], stdin: str) -> tuple[int, str]:
    """Run the CLI; its exit status, and stderr (one line when the status is 2)."""
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stderr", err), mock.patch.object(sys, "stdout", io.StringIO()):
        code = cli.main(argv, out=out, inp=io.StringIO(stdin))
    assert code in (0, 1, 2), (argv, code)
    if code == 2:
        assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
    return code, err.getvalue()


@fuzz(100)
@given(st.lists(st.sampled_from(CLI_TOKENS) | st.text(max_size=10), max_size=7).filter(lambda a: all(map(safe_token, a))),
       st.lists(words, max_size=8).map("\n".join))
def test_any_command_line_exits_with_a_documented_status(tmp_path_factory: Any, argv: list[str], stdin: str) -> None:
    # `simulate` may be asked for a million games; here a few are the most, so each run is short.
    with contextlib.chdir(tmp_path_factory.mktemp("cli")), mock.patch.object(cli, "MAX_GAMES", 3):
        run_cli(argv, stdin)


@fuzz(80)
@given(st.sampled_from(GAMES), st.integers(0, MAX_SEED), st.integers(0, 3),
       st.lists(words | st.sampled_from(["deal", "pass", "turn"]), max_size=25))
def test_any_play_input_keeps_the_game_going(game_id: str, seed: int, seat: int, lines: list[str]) -> None:
    code, err = run_cli(["play", game_id, "--seed", str(seed), "--seat", str(seat)], "\n".join(lines) + "\n")
    assert code == 0 or "--seat must be from 0" in err


# --- example spec folders --------------------------------------------------------------------------

#: Specs that build quickly, as the starting points of mutated ones.
SPEC_BASES = [json.loads(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "docs" / "examples").glob("*/*.json"))
              if path.parent.name in ("accordion", "briscas", "euchre", "tute", "truc")]
SPEC_KEYS = sorted(ex.SPEC_KEYS)


SPEC_VALUES = odd_values | st.sampled_from([-1, "x", "play_start"])
AUTOPLAY_SEEDS = st.integers(0, 100) | huge_ints
AUTOPLAY_UNTIL = (st.sampled_from(["game_end", "hand_end", "play_start", "never"])
                  | st.integers(0, 400).map(lambda n: {"steps": n}) | odd_values)
PROBE_STEPS = st.integers(-1, 40) | huge_ints


@st.composite
def spec_files(draw: st.DrawFn) -> bytes:
    """A real spec with fields dropped, replaced, added; or bytes that are not a spec at all."""
    spec = json.loads(json.dumps(draw(st.sampled_from(SPEC_BASES))))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(SPEC_KEYS + ["colour"]))
        change = draw(st.sampled_from(["drop", "replace", "autoplay", "probe"]))
        if change == "drop":
            spec.pop(key, None)
        elif change == "replace":
            spec[key] = draw(SPEC_VALUES)
        elif change == "autoplay":
            spec["autoplay"] = {"bot": draw(st.sampled_from(["rule", "random", "clever"])),
                                "seed": draw(AUTOPLAY_SEEDS), "until": draw(AUTOPLAY_UNTIL)}
        else:
            spec["probes"] = [{"step": draw(PROBE_STEPS), "action": draw(words)}]
    text = _dumps(spec).encode("utf-8")
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.binary(max_size=60))
    if kind == 1:
        return text[:draw(st.integers(0, len(text)))]
    return text


@fuzz(40)
@given(st.lists(spec_files(), min_size=1, max_size=3))
def test_any_example_folder_builds_or_names_the_broken_file(tmp_path_factory: Any, files: list[bytes]) -> None:
    root = tmp_path_factory.mktemp("examples")
    (root / "game").mkdir()
    for number, content in enumerate(files):
        (root / "game" / f"spec-{number}.json").write_bytes(content)
    for argv in (["examples", "--dir", str(root)], ["examples", "--dir", str(root), "--regenerate"]):
        run_cli(argv, "")
    for path in ex.spec_paths(root):
        try:
            ex.build(path)
        except ex.ExampleError as error:
            assert str(error).startswith(str(path))
