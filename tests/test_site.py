"""The site builds strictly, and every game page carries engine-drawn examples."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import parlour

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    mkdocs = shutil.which("mkdocs") or str(Path(sys.executable).parent / "mkdocs")
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run([mkdocs, "build", "--strict", "-q", "-d", str(out)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_page_has_panel_examples_cards_and_a_table(built, spec):
    page = (built / "games" / spec.info.id / "index.html").read_text(encoding="utf-8")
    assert 'class="pt-info-panel"' in page
    assert page.count('class="pt-example"') >= 2
    assert re.search(r'<svg class="pc-card[^"]*" viewBox="[^"]+" role="img" aria-label="[^"]+"', page)
    assert 'class="pt-log"' in page
    assert f'data-game="{spec.info.id}"' in page


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_page_says_where_the_rules_needed_reading(built, spec):
    page = (built / "games" / spec.info.id / "index.html").read_text(encoding="utf-8")
    assert page.count('class="admonition question pt-readings"') == 1
    assert "Where the rules needed reading" in page
    for reading in spec.info.readings:
        if reading.option is not None:
            assert f"<code>{reading.option}: {reading.value}</code>" in page


def test_user_facing_text_names_sources_as_readers_know_them():
    """No page, info panel or option label calls a source "seed 001" or a "seed file"."""
    jargon = re.compile(r"\bseeds?\b", re.IGNORECASE)
    for page in (ROOT / "docs").rglob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            assert not re.search(r"\bseeds? ?(file|00\d|'s|’s)|\bthe seeds?\b", line, re.IGNORECASE), (page, line)
    for spec in parlour.games():
        info = spec.info
        texts = [info.summary, info.house_rule, info.standard_rule, info.source, *info.rules,
                 *(r.question + r.answer for r in info.readings)]
        texts += [opt.help for opt in spec.options]
        texts += [label for opt in spec.options for label in (opt.choices or {}).values()]
        for text in texts:
            assert not jargon.search(text), (spec.info.id, text)


def test_the_glossary_says_contrafallar_differs_in_common_spanish_usage():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    entry = text.split("### contrafallar")[1].split("###")[0]
    assert "does not trump and does not overtrump" in entry      # the family's meaning, kept
    assert "overtrump a ruff" in entry                           # and the usual one, named


def test_games_index_lists_every_game(built):
    page = (built / "games" / "index.html").read_text(encoding="utf-8")
    for spec in parlour.games():
        assert spec.info.name in page


def test_pages_with_tables_start_the_engine_from_the_head_and_others_do_not(built):
    """Pyodide takes seconds to start: game pages begin before their styles and scripts load."""
    game_page = (built / "games" / "hearts" / "index.html").read_text(encoding="utf-8")
    head = game_page.split("</head>")[0]
    assert 'new Worker("../../assets/worker.js", { type: "module" })' in head
    assert head.index("parlourEarlyWorker") < head.index('rel="stylesheet"')
    glossary = (built / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "parlourEarlyWorker" not in glossary


def test_the_cribbage_count_box_is_on_its_page_and_says_what_it_needs_without_javascript(built):
    page = (built / "games" / "cribbage" / "index.html").read_text(encoding="utf-8")
    box = page.split('<div class="pt-count-box" data-game="cribbage">')[1].split("</div></div>")[0]
    assert '<form class="pt-count-form" hidden' in box, "the form waits for the page script"
    assert 'name="hand"' in box and 'name="starter"' in box and 'type="checkbox"' in box
    assert "needs JavaScript" in box and "python -m parlour count cribbage --hand 5H,5C,5S,JD --starter 5D" in box
    assert page.count('class="pt-example"') >= 3 and "pt-track" in page
