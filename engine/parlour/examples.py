"""Worked examples: committed specs, replayed by the engine, checked against snapshots.

A spec (``docs/examples/<game>/<name>.json``) names a game, its options, a
seed (or a stacked ``deck`` for a book's example), the actions to take, and
optionally lets bots play on (``"autoplay"``).  ``"probes"`` ask the engine
why a move would be illegal at a given step, so a page can show real
reasons.  The transcript of the result — deal, story, probes, scores — is
the snapshot (``<name>.snapshot.txt``): ``python -m parlour examples
--regenerate`` rewrites snapshots (``--game hearts``: one game's only), and the
tests fail when the engine no longer produces what is committed.

A spec's keys (:data:`SPEC_KEYS`): ``game`` (required), ``title``, ``caption``
(the page's words under it), ``options``, ``seed`` (default 0), ``deck`` (card
codes, top first: a stacked pack), ``actions`` (the moves, in any spelling the
game accepts), ``player`` (the seat whose view the page shows), ``show_table_at``
(the table drawn after this many moves, or ``"play_start"``), ``probes``
(``{"step": N, "action": "QS"}``: why that move would be illegal after N moves)
and ``autoplay`` (``bot``: random, rule or search; ``seed``, the bots seeded
``seed * 10 + seat``; ``until``: ``"hand_end"`` (default), ``"game_end"``,
``"play_start"`` or ``{"steps": N}``; ``pace`` in a game without turns), and ``quiz``
(``{"seat": N, "steps": [...]}`` or ``false``: the example played as a quiz, :mod:`parlour.quiz`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import BOT_KINDS, make_bot, play_out
from .clock import PACES
from .core import IllegalAction, OptionError, State
from .limits import JsonRefused, checked_options, is_name, load_json, short_text
from .quiz import Quiz, QuizError, build_quiz, quiz_spec_problem
from .registry import UnknownGame, load
from .rng import MAX_SEED
from .text import score_text, table_text

SPEC_KEYS = {"title", "game", "options", "seed", "deck", "actions", "autoplay", "probes",
             "show_table_at", "caption", "player", "quiz"}
AUTOPLAY_KEYS = {"bot", "seed", "until", "pace"}
UNTIL_WORDS = ("game_end", "hand_end", "play_start")
#: The largest autoplay seed: the bots are seeded ``seed * 10 + seat`` (the committed examples'
#: captions describe what those bots did), so this keeps every bot's seed a valid one.
MAX_AUTOPLAY_SEED = (MAX_SEED - 9) // 10


class ExampleError(ValueError):
    """A spec that cannot be built; the message names the file and what is wrong with it."""


@dataclass
class Example:
    """A spec and the game it produces."""

    path: Path
    spec: dict[str, Any]
    state: State
    table_step: int
    probes: list[tuple[int, str, str | None]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def game_id(self) -> str:
        return self.spec["game"]

    def quiz(self) -> Quiz | None:
        """The example as a quiz (built on first asking: the transcript does not hold it);
        :class:`ExampleError` naming the file if its ``quiz`` does not fit the example."""
        if not hasattr(self, "_quiz"):
            try:
                self._quiz = build_quiz(self.spec, self.state)
            except QuizError as error:
                raise ExampleError(f"{self.path}: {error}") from None
        return self._quiz

    @property
    def snapshot_path(self) -> Path:
        return self.path.with_name(self.path.stem + ".snapshot.txt")

    def state_at(self, step: int) -> State:
        """The game after ``step`` actions."""
        rec = self.state.record()
        return self.state.game.replay(rec["seed"], rec["actions"][:step], rec.get("deck"))


def _autoplay_done(state: State, until: Any, start_hand: int) -> bool:
    if state.is_over:
        return True
    if until == "game_end":
        return False
    if until == "hand_end":
        return getattr(state, "hand_no", 0) != start_hand
    if until == "play_start":
        return state.phase == "play"
    if isinstance(until, dict) and "steps" in until:
        return len(state.history) >= until["steps"]
    raise ExampleError(f"unknown autoplay 'until': {until!r}")


def _whole(value: Any, highest: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= highest


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(is_name(item) for item in value)


def _spec_problem(spec: Any) -> str | None:
    """What is wrong with a spec's shape (before any of it reaches the engine), or ``None``."""
    if not isinstance(spec, dict):
        return "a spec must be a JSON object"
    unknown = [key for key in spec if key not in SPEC_KEYS]
    if unknown:
        return f"unknown keys {', '.join(short_text(key) for key in unknown[:5])}; keys: {', '.join(sorted(SPEC_KEYS))}"
    if not is_name(spec.get("game")):
        return "'game' must name a game, such as \"hearts\""
    for key in ("title", "caption"):
        if not isinstance(spec.get(key, ""), str):
            return f"{key!r} must be text"
    if not _whole(spec.get("seed", 0), MAX_SEED):
        return f"'seed' must be a whole number from 0 to {MAX_SEED}"
    for key in ("actions", "deck"):
        if key in spec and not _texts(spec[key]):
            return f"{key!r} must be a list of texts (moves or card codes)"
    if not _whole(spec.get("player", 0), 99):
        return "'player' must be a seat number"
    at = spec.get("show_table_at", 0)
    if at != "play_start" and not _whole(at, MAX_SEED):
        return "'show_table_at' must be a number of moves, or \"play_start\""
    probes = spec.get("probes", [])
    if not isinstance(probes, list) or not all(
            isinstance(p, dict) and set(p) == {"step", "action"} and _whole(p["step"], MAX_SEED)
            and is_name(p["action"]) for p in probes):
        return "'probes' must be a list of {\"step\": a number of moves, \"action\": a move}"
    if "quiz" in spec and (problem := quiz_spec_problem(spec["quiz"])) is not None:
        return problem
    auto = spec.get("autoplay")
    if auto is None:
        return None
    if not isinstance(auto, dict) or not set(auto) <= AUTOPLAY_KEYS:
        return f"'autoplay' must be an object with some of: {', '.join(sorted(AUTOPLAY_KEYS))}"
    if auto.get("bot", "rule") not in BOT_KINDS:
        return f"the autoplay 'bot' must be one of: {', '.join(BOT_KINDS)}"
    if not _whole(auto.get("seed", 0), MAX_AUTOPLAY_SEED):
        return f"the autoplay 'seed' must be a whole number from 0 to {MAX_AUTOPLAY_SEED}"
    if auto.get("pace", "family") not in PACES:
        return f"the autoplay 'pace' must be one of: {', '.join(PACES)}"
    until = auto.get("until", "hand_end")
    if until not in UNTIL_WORDS and not (isinstance(until, dict) and set(until) == {"steps"}
                                         and _whole(until["steps"], MAX_SEED)):
        return f"the autoplay 'until' must be one of {', '.join(UNTIL_WORDS)} or {{\"steps\": N}}"
    return None


def read_spec(path: Path) -> dict[str, Any]:
    """The spec in ``path``, its shape checked; :class:`ExampleError` naming the file if not."""
    try:
        text = path.read_bytes().decode("utf-8")
        spec = load_json(text)
    except OSError as error:
        raise ExampleError(f"{path}: cannot be read ({error.strerror})") from None
    except UnicodeDecodeError:
        raise ExampleError(f"{path}: is not UTF-8 text") from None
    except JsonRefused as error:
        raise ExampleError(f"{path}: cannot be read as JSON: {error}") from None
    problem = _spec_problem(spec)
    if problem is not None:
        raise ExampleError(f"{path}: {problem}")
    return spec


def build(path: Path) -> Example:
    """Replay a spec file into an :class:`Example`; :class:`ExampleError` (naming the file) if it cannot."""
    spec = read_spec(path)
    try:
        return _build(path, spec)
    except (UnknownGame, OptionError, IllegalAction, ValueError) as error:
        raise ExampleError(f"{path}: {error}") from None
    except KeyError as error:  # a card code the pack does not have, in the deck
        raise ExampleError(f"{path}: {error.args[0] if error.args else error}") from None


def _build(path: Path, spec: dict[str, Any]) -> Example:
    game = load(spec["game"], **checked_options(spec.get("options", {})))
    actions = spec.get("actions", [])
    if len(actions) > game.move_cap:
        raise ExampleError(f"{path}: {len(actions)} actions, more than a game may hold ({game.move_cap})")
    state = game.replay(spec.get("seed", 0), actions, spec.get("deck"))
    table_step = 0
    auto = spec.get("autoplay")
    if auto:
        bots = [make_bot(game, auto.get("bot", "rule"), auto.get("seed", 0) * 10 + seat)
                for seat in range(game.num_players)]
        start_hand = getattr(state, "hand_no", 0)
        until = auto.get("until", "hand_end")
        # A game without turns plays on simulated clocks, at the spec's pace, timed from its seed.
        play_out(state, bots, until=lambda s: _autoplay_done(s, until, start_hand),
                 pace=auto.get("pace", "family"), clock_seed=auto.get("seed", 0))
        if not _autoplay_done(state, until, start_hand):
            raise ExampleError(f"{path}: the autoplay reached the move cap ({game.move_cap}) "
                               f"before {until!r}")
    at = spec.get("show_table_at", 0)
    if at == "play_start":
        replay = game.new(spec.get("seed", 0), spec.get("deck"))
        for action in state.history:
            if replay.phase == "play":
                break
            replay.apply(action)
        table_step = len(replay.history)
    else:
        table_step = at
    steps = len(state.history)
    if table_step > steps:
        raise ExampleError(f"{path}: 'show_table_at' is {table_step}, but the example has only {steps} moves")
    example = Example(path, spec, state, table_step)
    for probe in spec.get("probes", []):
        if probe["step"] > steps:
            raise ExampleError(f"{path}: a probe at step {probe['step']}, but the example has only {steps} moves")
        before = example.state_at(probe["step"])
        example.probes.append((probe["step"], probe["action"], before.why_illegal(probe["action"])))
    return example


def transcript(example: Example) -> str:
    """The snapshot text: everything a reader is shown, in a diff-friendly form."""
    state = example.state
    rec = state.record()
    lines = [f"# {example.game_id}/{example.name}: {example.spec.get('title', '')}",
             f"options: {json.dumps(rec['options'], sort_keys=True)}",
             f"seed: {rec['seed']}"]
    if "deck" in rec:
        lines.append(f"deck: {' '.join(rec['deck'])}")
    lines.append(f"actions ({len(rec['actions'])}): {' '.join(rec['actions'])}")
    lines.append(f"--- table after {example.table_step} actions")
    at = example.state_at(example.table_step)
    lines += table_text(at.view(None), at.pack)
    lines.append("--- story")
    lines += [f"[{e.step}] {text}" for e in state.log if (text := e.for_player(None)) is not None]
    if example.probes:
        lines.append("--- probes")
        for step, action, reason in example.probes:
            lines.append(f"after {step} actions, {action}: {reason or 'legal'}")
    score = score_text(state.view(None).get("score"))
    if score:
        lines.append("--- score")
        lines += score
    if state.outcome:
        lines.append(f"--- outcome: {state.outcome.text}")
    return "\n".join(lines) + "\n"


def spec_paths(root: Path, game: str | None = None) -> list[Path]:
    pattern = f"{game}/*.json" if game else "*/*.json"
    return sorted(p for p in root.glob(pattern) if not p.name.endswith(".snapshot.json"))


def _snapshot(path: Path) -> str | None:
    """The committed snapshot's text; ``None`` if it is missing or unreadable (so it is stale)."""
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def check(root: Path, game: str | None = None) -> list[str]:
    """Specs (of every game, or of ``game``) whose snapshot is missing or no longer matches the
    engine's output."""
    stale = []
    for path in spec_paths(root, game):
        example = build(path)
        if _snapshot(example.snapshot_path) != transcript(example):
            stale.append(str(path))
    return stale


def regenerate(root: Path, game: str | None = None) -> list[str]:
    """Rewrite every snapshot (or ``game``'s); return the ones that changed."""
    changed = []
    for path in spec_paths(root, game):
        example = build(path)
        text = transcript(example)
        snap = example.snapshot_path
        if _snapshot(snap) != text:
            try:
                snap.write_text(text, encoding="utf-8")
            except OSError as error:
                raise ExampleError(f"{snap}: cannot be written ({error.strerror})") from None
            changed.append(str(snap))
    return changed
