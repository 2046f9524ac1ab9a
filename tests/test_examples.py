"""Every worked example replays to exactly its committed snapshot."""

from pathlib import Path

import pytest

import parlour
from parlour import examples as ex

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SPECS = ex.spec_paths(EXAMPLES)


@pytest.mark.parametrize("path", SPECS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_snapshot_matches_the_engine(path):
    example = ex.build(path)
    snapshot = example.snapshot_path
    assert snapshot.exists(), "missing snapshot: run python -m parlour examples --regenerate"
    assert snapshot.read_text(encoding="utf-8") == ex.transcript(example), (
        "the engine's output changed: check the change, then run "
        "'python -m parlour examples --regenerate' and commit the snapshots")


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_has_at_least_two_examples(spec):
    assert len(ex.spec_paths(EXAMPLES, spec.info.id)) >= 2


def test_a_changed_engine_output_is_caught(tmp_path):
    source = EXAMPLES / "hearts" / "centre-mixer-hand.json"
    copy = tmp_path / "hearts" / source.name
    copy.parent.mkdir()
    copy.write_text(source.read_text())
    snapshot = copy.with_name(copy.stem + ".snapshot.txt")
    snapshot.write_text(source.with_name(source.stem + ".snapshot.txt").read_text().replace("South", "Sud", 1))
    assert ex.check(tmp_path) == [str(copy)]
    assert ex.regenerate(tmp_path) == [str(snapshot)]
    assert ex.check(tmp_path) == []
