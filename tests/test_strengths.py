"""The strength table on every game page: its data file covers every registered game."""

import json
import sys
from pathlib import Path

import parlour

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))

import macros  # noqa: E402


def measured():
    return json.loads(macros.STRENGTHS.read_text(encoding="utf-8"))["games"]


def test_every_registered_game_has_its_strengths_measured():
    missing = [s.info.id for s in parlour.games() if s.info.id not in measured()]
    assert not missing, ("not in docs/strengths.json (measure them with "
                         f"`python tests/strengths.py --missing`): {', '.join(missing)}")


def test_each_measurement_counts_its_games_and_gives_a_rate_with_its_error():
    for game_id, entry in measured().items():
        parlour.spec(game_id)  # only games that exist
        assert entry["rows"], game_id
        for row in entry["rows"]:
            assert row["games"] > 0 and 0 <= row["win_rate"] <= 1 and row["error"] >= 0, (game_id, row)
            assert {row["side"], row["against"]} <= {"Beginner", "Family", "Strong"}


def test_the_page_table_shows_the_figures_and_a_missing_game_says_not_measured(tmp_path):
    game_id, entry = next(iter(measured().items()))
    html = macros.strengths(game_id)
    row = entry["rows"][0]
    assert f"{row['win_rate']:.0%} ± {row['error']:.0%}" in html and f"<td>{row['games']}</td>" in html
    empty = tmp_path / "strengths.json"
    empty.write_text('{"games": {}}', encoding="utf-8")
    assert "Not measured yet" in macros.strengths(game_id, empty)
    assert "Not measured yet" in macros.strengths(game_id, tmp_path / "absent.json")


def test_every_game_page_shows_the_strength_table():
    for spec in parlour.games():
        assert "How strong are the computer players?" in macros.play(spec.info.id)
