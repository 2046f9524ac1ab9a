"""Worked examples: committed specs, replayed by the engine, checked against snapshots.

A spec (``docs/examples/<game>/<name>.json``) names a game, its options, a
seed (or a stacked ``deck`` for a book's example), the actions to take, and
optionally lets bots play on (``"autoplay"``).  ``"probes"`` ask the engine
why a move would be illegal at a given step, so a page can show real
reasons.  The transcript of the result — deal, story, probes, scores — is
the snapshot (``<name>.snapshot.txt``): ``python -m parlour examples
--regenerate`` rewrites snapshots, and the tests fail when the engine no
longer produces what is committed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import make_bot, play_out
from .core import State
from .registry import load
from .text import score_text, table_text

SPEC_KEYS = {"title", "game", "options", "seed", "deck", "actions", "autoplay", "probes",
             "show_table_at", "caption", "player"}


class ExampleError(ValueError):
    pass


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


def build(path: Path) -> Example:
    """Replay a spec file into an :class:`Example`."""
    spec = json.loads(path.read_text(encoding="utf-8"))
    unknown = set(spec) - SPEC_KEYS
    if unknown:
        raise ExampleError(f"{path}: unknown keys {sorted(unknown)}")
    game = load(spec["game"], **spec.get("options", {}))
    state = game.replay(spec.get("seed", 0), spec.get("actions", []), spec.get("deck"))
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
    at = spec.get("show_table_at", 0)
    if at == "play_start":
        replay = game.new(spec.get("seed", 0), spec.get("deck"))
        for action in state.history:
            if replay.phase == "play":
                break
            replay.apply(action)
        table_step = len(replay.history)
    else:
        table_step = int(at)
    example = Example(path, spec, state, table_step)
    for probe in spec.get("probes", []):
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


def check(root: Path) -> list[str]:
    """Specs whose snapshot is missing or no longer matches the engine's output."""
    stale = []
    for path in spec_paths(root):
        example = build(path)
        snap = example.snapshot_path
        if not snap.exists() or snap.read_text(encoding="utf-8") != transcript(example):
            stale.append(str(path))
    return stale


def regenerate(root: Path) -> list[str]:
    """Rewrite every snapshot; return the ones that changed."""
    changed = []
    for path in spec_paths(root):
        example = build(path)
        text = transcript(example)
        snap = example.snapshot_path
        if not snap.exists() or snap.read_text(encoding="utf-8") != text:
            snap.write_text(text, encoding="utf-8")
            changed.append(str(snap))
    return changed
