"""The strength table on every game page: its data file covers every registered game, each figure
carries its 95 % interval, and a page says "stronger" only where the interval lies above par.
The measuring script (tests/strengths.py): its interval, its stopping rule, parallel runs equal to
serial ones, and kept partial results."""

import json
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from html import unescape
from pathlib import Path

import pytest

import parlour
import strengths as S
from helpers import withhold_strong

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))

import macros  # noqa: E402

LABELS = {"Beginner", "Family", "Strong"}


def measured():
    return json.loads(macros.STRENGTHS.read_text(encoding="utf-8"))["games"]


def page_rows(html: str) -> list[list[str]]:
    """The cells of each body row of a rendered strength table."""
    body = re.search(r"<tbody>(.*)</tbody>", html, re.S)[1]
    return [[unescape(cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_every_registered_game_has_its_strengths_measured():
    missing = [s.info.id for s in parlour.games() if s.info.id not in measured()]
    assert not missing, ("not in docs/strengths.json (measure them with "
                         f"`python tests/strengths.py --missing`): {', '.join(missing)}")


def test_each_row_gives_its_rate_with_the_interval_of_its_rule_and_the_verdict_it_allows():
    for game_id, entry in measured().items():
        parlour.spec(game_id)  # only games that exist
        assert entry.get("method"), f"{game_id}: measured before the intervals (python tests/strengths.py --game {game_id})"
        assert 0 < entry["par"] < 1 and entry["rows"], game_id
        for row in entry["rows"]:
            where = (game_id, row)
            method = row.get("method", entry["method"])  # a row kept from an older measurement has its own
            looks = method["looks"]
            assert method["confidence"] == 0.95
            assert method["z"] == pytest.approx(S.z_for(max(1, len(looks))), abs=1e-4), where
            assert {row["side"], row["against"]} <= LABELS, where
            assert row["games"] > 0 and 0 <= row["low"] <= row["win_rate"] <= row["high"] <= 1, where
            low, high = S.wilson(row["win_rate"], row["games"], method["z"])
            assert (row["low"], row["high"]) == pytest.approx((low, high), abs=2e-4), where
            assert row["verdict"] == S.verdict(row["low"], row["high"], entry["par"]), where
            if looks:  # played by the evidence rule: it stopped at a look, early only on a clear answer
                assert row["games"] in looks, where
                assert row["games"] == looks[-1] or row["verdict"] != "no measurable difference", where


def test_every_stronger_on_a_page_is_backed_by_an_interval_above_par():
    for spec in parlour.games():
        entry = measured()[spec.info.id]
        rows = page_rows(macros.strengths(spec.info.id))
        assert len(rows) == len(entry["rows"]), spec.info.id  # no row hidden
        for cells, row in zip(rows, entry["rows"]):
            shows = cells[-1]
            assert cells[3] == f"{row['low']:.0%} to {row['high']:.0%}", (spec.info.id, cells)  # printed
            if "stronger" in shows:
                assert row["low"] > entry["par"], (spec.info.id, cells)
            elif row["low"] <= entry["par"] <= row["high"]:
                assert shows == "no measurable difference", (spec.info.id, cells)
        # The page's own words: a sentence calling a computer player stronger needs a row that shows it.
        page = ROOT / "docs" / "games" / f"{spec.info.id}.md"
        for label in re.findall(r"\b(Strong|Family|Beginner)\b[^.\n]*\bstronger\b", page.read_text(encoding="utf-8")):
            assert any(r["side"] == label and r["verdict"] == "stronger" for r in entry["rows"]), (
                f"{spec.info.id}: the page calls {label} stronger, and no measured row shows it")


def test_the_page_table_prints_the_interval_and_the_rule_and_a_missing_game_says_not_measured(tmp_path):
    game_id, entry = next(iter(measured().items()))
    html = macros.strengths(game_id)
    row = entry["rows"][0]
    assert f"<td>{row['win_rate']:.0%}</td><td>{row['low']:.0%} to {row['high']:.0%}</td>" in html
    assert f"<td>{row['games']}</td>" in html and "95 % interval" in html
    empty = tmp_path / "strengths.json"
    empty.write_text('{"games": {}}', encoding="utf-8")
    assert "Not measured yet" in macros.strengths(game_id, empty)
    assert "Not measured yet" in macros.strengths(game_id, tmp_path / "absent.json")


def test_a_row_without_an_advantage_says_no_measurable_difference(tmp_path):
    entry = {"players": 4, "par": 0.5, "sides": 2, "strong_budget": None, "site_budget": None,
             "method": {"looks": list(S.LOOKS), "confidence": 0.95, "z": round(S.z_for(4), 4), "seats_rotated": True},
             "rows": [{"side": "Family", "against": "Beginner", "games": 384, "win_rate": 0.53,
                       "low": 0.4677, "high": 0.5913, "verdict": "no measurable difference"}]}
    file = tmp_path / "strengths.json"
    file.write_text(json.dumps({"games": {"whist": entry}}), encoding="utf-8")
    html = macros.strengths("whist", file)
    assert page_rows(html) == [["Family", "Beginner", "53%", "47% to 59%", "384", "no measurable difference"]]
    assert "48 games and went on to 96, 192 and at most 384" in html


def test_every_game_page_shows_the_strength_table():
    for spec in parlour.games():
        assert "How strong are the computer players?" in macros.play(spec.info.id)


# The measuring script.

def test_the_interval_is_wilsons_and_four_looks_widen_it():
    assert S.z_for(1) == pytest.approx(1.96, abs=1e-3)
    assert S.z_for(4) == pytest.approx(2.498, abs=1e-3)
    assert S.wilson(1.0, 40, 1.96) == pytest.approx((0.9124, 1.0), abs=1e-4)  # all won: still an interval
    low, high = S.wilson(0.5, 100, 1.96)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert S.verdict(0.51, 0.7, 0.5) == "stronger" and S.verdict(0.3, 0.49, 0.5) == "weaker"
    assert S.verdict(0.4, 0.6, 0.5) == "no measurable difference"


class Scripted:
    """An executor that returns fixed records instead of playing (and counts what it was asked)."""

    def __init__(self, result):
        self.result, self.asked = result, 0

    def map(self, fn, tasks, chunksize=1):
        for plan, pairing, index, budget in tasks:
            self.asked += 1
            yield [self.result(index)]


def whist_plan():
    return S.plan_for(parlour.load("whist"))


def test_a_row_stops_at_the_first_look_whose_interval_excludes_par(tmp_path):
    plan = whist_plan()
    clear = Scripted(lambda i: 1.0)
    partial = S.Partial(tmp_path, "whist", "stamp")
    records = S.play_row(plan, ("rule", "random"), {}, S.Runner(clear, 1), partial, S.LOOKS, S.z_for(4))
    assert len(records) == S.LOOKS[0] == clear.asked
    even = Scripted(lambda i: float(i % 2))  # won every other game: never clear, so it plays to the cap
    partial = S.Partial(tmp_path / "even", "whist", "stamp")
    records = S.play_row(plan, ("rule", "random"), {}, S.Runner(even, 1), partial, S.LOOKS, S.z_for(4))
    assert len(records) == S.LOOKS[-1] == even.asked


def test_every_deal_is_played_with_the_first_kind_on_each_side():
    plan = whist_plan()
    assert plan.sides == ((0, 2), (1, 3)) and plan.par == 0.5
    # Beggar My Neighbour has no choices: the same deal with the sides swapped gives exactly par.
    beggar = S.plan_for(parlour.load("beggar-my-neighbour"))
    pair = [S.result_of(S.record(beggar, ("rule", "random"), i, {})) for i in (0, 1)]
    assert sum(pair) == 1.0


def test_a_game_for_one_player_compares_the_two_kinds_on_the_same_deal():
    plan = S.plan_for(parlour.load("accordion"))
    assert plan.solo and plan.par == 0.5
    assert S.result_of([0.9, 0.7]) == 1.0 and S.result_of([0.7, 0.9]) == 0.0 and S.result_of([1.0, 1.0]) == 0.5
    first, second = S.record(plan, ("rule", "random"), 3, {})
    assert S.record(plan, ("rule", "rule"), 3, {}) == [first, first]


def test_a_parallel_run_gives_exactly_the_serial_results(tmp_path):
    plan = whist_plan()
    looks = (24,)
    serial = S.play_row(plan, ("rule", "random"), {}, S.Runner(S.SerialExecutor(), 1),
                        S.Partial(tmp_path / "serial", "whist", "stamp"), looks, S.z_for(1))
    with ProcessPoolExecutor(2) as pool:
        parallel = S.play_row(plan, ("rule", "random"), {}, S.Runner(pool, 2),
                              S.Partial(tmp_path / "parallel", "whist", "stamp"), looks, S.z_for(1))
    assert serial == parallel and len(serial) == 24


def test_a_killed_run_continues_from_its_kept_results_and_a_changed_engine_starts_afresh(tmp_path):
    plan = whist_plan()
    kept = S.Partial(tmp_path, "whist", "engine-1")
    kept.results("rule-random").extend([[0.0]] * 30)  # as a run killed after 30 games left them
    kept.save(force=True)
    resumed = Scripted(lambda i: 1.0)
    records = S.play_row(plan, ("rule", "random"), {}, S.Runner(resumed, 1), S.Partial(tmp_path, "whist", "engine-1"),
                         (48,), S.z_for(1))
    assert records == [[0.0]] * 30 + [[1.0]] * 18 and resumed.asked == 18
    assert len(json.loads((tmp_path / "whist.json").read_text())["rows"]["rule-random"]) == 48
    assert S.Partial(tmp_path, "whist", "engine-2").results("rule-random") == []
    (tmp_path / "whist.json").write_text('{"fingerprint": "engine-1", "rows": {"rule-ra', encoding="utf-8")
    assert S.Partial(tmp_path, "whist", "engine-1").results("rule-random") == []  # cut short by a kill


def test_the_fingerprint_follows_the_engine_source_and_the_budget():
    assert S.fingerprint({"iterations": 16}) == S.fingerprint({"iterations": 16})
    assert S.fingerprint({"iterations": 16}) != S.fingerprint({"iterations": 8})


@pytest.mark.parametrize("args, message", [
    (["--game", "snap"], "unknown game snap"),
    (["--jobs", "0"], "must be at least 1"),
    (["--deals", "x"], "invalid positive value"),
])
def test_bad_arguments_get_a_clear_error(args, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as stop:
        S.main(args + ["--out", str(tmp_path / "out.json")])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_file_that_is_not_json_gets_a_clear_error(capsys, tmp_path):
    broken = tmp_path / "out.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(SystemExit):
        S.main(["--game", "whist", "--out", str(broken)])
    assert "is not JSON" in capsys.readouterr().err


def test_missing_means_not_in_the_file_or_measured_before_the_rule_and_upgrading_gives_fixed_intervals():
    old = {"players": 4, "par": 0.5, "rows": [{"side": "Family", "against": "Beginner", "games": 40,
                                               "win_rate": 1.0, "error": 0.0}]}
    upgraded = S.with_fixed_intervals(old)
    row = upgraded["rows"][0]
    assert (row["low"], row["high"], row["verdict"]) == (0.9124, 1.0, "stronger") and "error" not in row
    assert upgraded["method"]["looks"] == [] and upgraded["method"]["z"] == pytest.approx(1.96, abs=1e-3)
    assert not S.measured_by_the_rule({}) and not S.measured_by_the_rule(old)
    assert not S.measured_by_the_rule(upgraded)
    assert S.measured_by_the_rule(upgraded | {"method": upgraded["method"] | {"looks": list(S.LOOKS)}})


def test_strong_is_measured_where_offered_and_where_withheld_only_when_asked(tmp_path, monkeypatch):
    # A Strong withheld by measurement (no better than Family): a run skips it unless asked (--withheld).
    withhold_strong(monkeypatch, "carioca")
    sides = [[row["side"] for row in S.measure(game, {"iterations": 1}, S.Runner(Scripted(lambda i: 1.0), 1),
                                               tmp_path / game / str(asked), (12,), withheld=asked)["rows"]]
             for game, asked in (("carioca", False), ("carioca", True), ("whist", False))]
    assert sides == [["Family"], ["Family", "Strong"], ["Family", "Strong"]]


def test_family_only_measures_one_row_and_keeps_the_others_with_the_method_they_were_measured_by(tmp_path):
    old_method = {"looks": [], "confidence": 0.95, "z": 1.96, "seats_rotated": False}
    strong = {"side": "Strong", "against": "Family", "games": 10, "win_rate": 0.8, "low": 0.4902,
              "high": 0.9433, "verdict": "no measurable difference"}
    old = {"players": 4, "par": 0.5, "strong_budget": {"iterations": 4}, "method": old_method,
           "rows": [{"side": "Family", "against": "Beginner", "games": 40, "win_rate": 0.475, "low": 0.3294,
                     "high": 0.625, "verdict": "no measurable difference"}, strong]}
    out = tmp_path / "out.json"
    out.write_text(json.dumps({"games": {"whist": old}}), encoding="utf-8")
    S.main(["--game", "whist", "--family-only", "--jobs", "1", "--out", str(out), "--partial", str(tmp_path / "p")])
    entry = json.loads(out.read_text(encoding="utf-8"))["games"]["whist"]
    family, kept = entry["rows"]
    assert family["side"] == "Family" and family["games"] in S.LOOKS and "method" not in family
    assert entry["method"]["looks"] == list(S.LOOKS) and entry["method"]["seats_rotated"]
    assert kept == strong | {"method": old_method} and entry["strong_budget"] == {"iterations": 4}
    assert not S.measured_by_the_rule(entry)  # --missing measures the whole game again
    # The page says how the older row was measured.
    json_file = tmp_path / "strengths.json"
    json_file.write_text(json.dumps({"games": {"whist": entry}}), encoding="utf-8")
    html = macros.strengths("whist", json_file)
    assert "The Family row played 48 games and went on to 96, 192 and at most 384" in html
    assert "The Strong row is older: a number of games fixed in advance, with Strong always South" in html
    assert "The Family row is older" not in html
