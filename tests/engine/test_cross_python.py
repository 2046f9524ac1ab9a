"""The same seed gives the same game on every Python we can find here (CPython 3.11+; Pyodide is checked by the browser tests)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CANDIDATES = [sys.executable] + [str(p) for p in sorted(Path("/root/.pyenv/versions").glob("3.1[2-9]*/bin/python"))]

SCRIPT = """
import json, parlour
from parlour.bots import make_bot, play_out
out = {}
for game_id in ("hearts", "accordion", "beggar-my-neighbour"):
    game = parlour.load(game_id)
    state = play_out(game.new(2024), [make_bot(game, "rule", s) for s in range(game.num_players)])
    out[game_id] = [state.record()["actions"][-20:], state.outcome.text, parlour.encode(state)[:40]]
print(json.dumps(out))
"""


def run(python):
    proc = subprocess.run([python, "-c", SCRIPT], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "engine")}, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_every_python_plays_the_same_games():
    pythons = [p for p in dict.fromkeys(CANDIDATES) if Path(p).exists()]
    results = {p: run(p) for p in pythons}
    reference = results[sys.executable]
    for python, result in results.items():
        assert result == reference, f"{python} plays different games from {sys.executable}"
    # And the games are the committed ones.
    assert reference["hearts"][1] == GOLDEN_HEARTS_OUTCOME


GOLDEN_HEARTS_OUTCOME = "North wins with 24 points."
