"""The site builds strictly: game pages with engine-drawn examples, the game finder, family pages,
the Content-Security-Policy of every page and the service worker's list of files."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

import parlour

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "hooks"))
sys.path.insert(0, str(ROOT / "docs"))
import macros  # noqa: E402
import publish  # noqa: E402


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
        texts = [info.summary, info.house_rule, info.standard_rule, info.source, *info.short_rules,
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


def test_game_pages_hold_the_search_index_and_start_no_engine_from_the_head(built):
    """A reader who only reads pays for the text: nothing in a game page's head starts the card
    engine (it starts when the reader reaches for a table), and the search index waits for the reader."""
    game_page = (built / "games" / "hearts" / "index.html").read_text(encoding="utf-8")
    head = game_page.split("</head>")[0]
    assert "new Worker" not in head and "engine-start" not in head and "pyodide" not in game_page
    # The hold on the search index is in place before the theme's script runs.
    assert game_page.index("search-on-demand.js") < game_page.index("javascripts/bundle.")
    glossary = (built / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "search-on-demand.js" not in glossary


FIRST_DEAL = re.compile(r'<script type="application/json" class="pt-first-deal">(.*?)</script>', re.S)


def test_every_live_table_carries_the_first_deal_the_engine_makes(built):
    """The table is on screen before the engine: each page holds the engine's own reply to the page's
    first "new" message (drawn by the table's script), whole, and nothing in it ends its block early."""
    from parlour import web

    for spec in parlour.games():
        game = spec.info.id
        page = (built / "games" / game / "index.html").read_text(encoding="utf-8")
        blocks = FIRST_DEAL.findall(page.split('class="pt-live"')[1])
        assert len(blocks) == 1, game
        reply = web.handle({"v": 1, "id": 9, "type": "new", "table": f"live-{game}", "game": game,
                            "seed": macros.FIRST_DEAL_SEED, "seat": 0, "strength": "family"})
        assert json.loads(blocks[0]) == {k: v for k, v in reply.items() if k not in ("v", "id")}, game
        assert "<!--" not in blocks[0]


def test_a_first_deal_block_cannot_be_ended_by_what_it_carries(monkeypatch):
    from parlour import web

    def reply(message):
        return {"v": 1, "id": 1, "type": "state", "table_html": "</script><!-- <b>", "seed": 1}

    monkeypatch.setattr(web, "handle", reply)
    block = macros.first_deal("hearts")
    inner = block.removeprefix('<script type="application/json" class="pt-first-deal">').removesuffix("</script>")
    assert "</" not in inner and "<!--" not in inner
    assert json.loads(inner)["table_html"] == "</script><!-- <b>"


def test_the_cribbage_count_box_is_on_its_page_and_says_what_it_needs_without_javascript(built):
    page = (built / "games" / "cribbage" / "index.html").read_text(encoding="utf-8")
    box = page.split('<div class="pt-count-box" data-game="cribbage">')[1].split("</div></div>")[0]
    assert '<form class="pt-count-form" hidden' in box, "the form waits for the page script"
    assert 'name="hand"' in box and 'name="starter"' in box and 'type="checkbox"' in box
    assert "needs JavaScript" in box and "python -m parlour count cribbage --hand 5H,5C,5S,JD --starter 5D" in box
    assert page.count('class="pt-example"') >= 3 and "pt-track" in page


def built_pages(built: Path) -> list[Path]:
    return sorted(built.rglob("*.html"))


def test_every_page_has_a_content_security_policy_first_with_no_inline_exception(built):
    for page in built_pages(built):
        html = page.read_text(encoding="utf-8")
        head = html.split("</head>")[0]
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', head)
        assert policy, f"{page}: no Content-Security-Policy"
        assert head.index("Content-Security-Policy") < head.index("<script"), f"{page}: the policy comes too late"
        directives = dict(part.strip().split(" ", 1) for part in policy[1].split(";"))
        # Inline style attributes only; never inline script, <style> elements or eval.
        assert [d for d, sources in directives.items() if "'unsafe-inline'" in sources] == ["style-src-attr"]
        assert directives["style-src-attr"] == "'unsafe-inline'" and "'unsafe-eval'" not in policy[1]
        assert not re.search(r"https?:|\*", policy[1]), f"{page}: another origin is allowed: {policy[1]}"
        assert directives["worker-src"] == "'self'" and "'wasm-unsafe-eval'" in directives["script-src"]
        # Every inline script of the page is allowed by its hash, and by nothing broader.
        for source in publish.inline_script_hashes(html):
            assert source in directives["script-src"]


def test_the_policy_allows_each_inline_script_by_its_own_hash_and_ignores_data_blocks():
    html = ('<meta charset="utf-8"><script>var a = 1;</script><script src="x.js"></script>'
            '<script type="application/json">{"b": 2}</script><script>var a = 1;</script>')
    assert publish.inline_script_hashes(html) == ["'sha256-+dZ6udsWxNVoGfScAq7t5IIF5UJb4F6RhjbN6oe1p4w='"]
    assert publish.with_policy(html, "page").startswith('<meta charset="utf-8">\n      <meta http-equiv=')
    with pytest.raises(ValueError, match="no <meta charset"):
        publish.with_policy("<html></html>", "page")


def test_the_service_worker_knows_every_page_and_this_builds_version(built):
    script = (built / "sw.js").read_text(encoding="utf-8")
    build = json.loads(re.search(r"^const BUILD = (.*);$", script, re.M)[1])
    assert re.fullmatch(r"[0-9a-f]{16}", build["version"])
    for page in built_pages(built):
        assert publish.address(PurePosixPath(page.relative_to(built).as_posix())) in build["shell"]
    assert "./" in build["shell"] and "games/hearts/" in build["shell"] and "search/search_index.json" in build["shell"]
    assert not [f for f in build["shell"] if f.endswith(".map") or f.startswith(("pyodide/", "examples/"))]
    if (ROOT / "build" / "pyodide").is_dir():  # made by `make site`; a bare `mkdocs build` has no runtime
        assert "pyodide/pyodide.asm.wasm" in build["engine"]
        assert any(f.startswith("pyodide/parlour-") for f in build["engine"])


#: A static import of the page script's modules (the only kind they use).
STATIC_IMPORT = re.compile(r'^import [^;]*? from "(\./[^"]+)";$', re.M)


def page_script_modules(built: Path) -> list[str]:
    """The page script and every module it imports, directly or not, as addresses from the site root."""
    found: list[str] = []
    waiting = ["assets/table.js"]
    while waiting:
        address = waiting.pop()
        if address in found:
            continue
        found.append(address)
        source = (built / address).read_text(encoding="utf-8")
        folder = PurePosixPath(address).parent
        waiting += [str(folder / target) for target in STATIC_IMPORT.findall(source)]  # "./x.js": "." drops out
    return sorted(found)


def test_the_page_script_is_a_module_whose_every_part_is_kept_for_offline_use(built):
    """The page script is split into ES modules: each is loaded from the site and precached by the
    service worker, or a table would not work offline; ``document.currentScript`` is null in one."""
    page = (built / "games" / "hearts" / "index.html").read_text(encoding="utf-8")
    assert '<script src="../../assets/table.js" type="module"></script>' in page
    build = json.loads(re.search(r"^const BUILD = (.*);$", (built / "sw.js").read_text(encoding="utf-8"), re.M)[1])
    modules = page_script_modules(built)
    on_disk = sorted(f"assets/table/{f.name}" for f in (built / "assets" / "table").glob("*.js"))
    assert modules == sorted(["assets/table.js", *on_disk]), "a module is missing, or one in assets/table/ is never used"
    for module in modules:
        assert module in build["shell"], module
        assert "document.currentScript" not in (built / module).read_text(encoding="utf-8"), module


def test_a_changed_file_makes_a_new_version(tmp_path):
    (tmp_path / "index.html").write_text("one")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "parlour.whl").write_text("engine")
    (tmp_path / "page.js.map").write_text("map")
    first = publish.build_manifest(tmp_path)
    assert first["shell"] == ["./"] and first["engine"] == ["pyodide/parlour.whl"]
    (tmp_path / "page.js.map").write_text("a map does not count")
    assert publish.build_manifest(tmp_path)["version"] == first["version"]
    (tmp_path / "pyodide" / "parlour.whl").write_text("a new engine")
    assert publish.build_manifest(tmp_path)["version"] != first["version"]


def test_site_url_comes_from_the_environment(monkeypatch):
    from mkdocs.config import load_config

    monkeypatch.setenv("SITE_URL", "https://cards.example.org/family/")
    assert load_config(str(ROOT / "mkdocs.yml"))["site_url"] == "https://cards.example.org/family/"
    monkeypatch.delenv("SITE_URL")
    assert load_config(str(ROOT / "mkdocs.yml"))["site_url"] == "http://127.0.0.1:8000/"


def links_of(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"#]+)"', html)


@pytest.mark.parametrize("page", ["index.html", "games/index.html"])
def test_the_game_finder_lists_every_game_with_its_facts_and_working_links(built, page):
    html = (built / page).read_text(encoding="utf-8")
    finder = html[html.index('<div class="pt-finder"'):html.index('</ul></div>')]
    for spec in parlour.games():
        info = spec.info
        item = re.search(rf'<li class="pt-game" data-name="{re.escape(info.name.lower())}"[^>]*>', finder)
        assert item, info.id
        assert f'data-players="{" ".join(map(str, info.players))}"' in item[0]
        assert f'data-kinds="{" ".join(info.kinds)}"' in item[0] and f'data-deck="{info.deck}"' in item[0]
    assert 'aria-label="Find a game" hidden' in finder  # the filters appear with JavaScript only
    for href in links_of(finder):
        assert (built / page).parent.joinpath(href, "index.html").resolve().is_file(), href


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_page_links_to_its_family_page_and_says_who_it_suits(built, spec):
    page = built / "games" / spec.info.id / "index.html"
    panel = page.read_text(encoding="utf-8").split('class="pt-info-panel"')[1].split("</aside>")[0]
    family = [href for href in links_of(panel) if "families/" in href]
    assert family, "no link to the page about its family of games"
    assert page.parent.joinpath(family[0], "index.html").resolve().is_file()
    assert re.search(r"Good for [a-z ,]+ players?\b", panel)


def test_family_pages_list_their_games():
    trick_games = [s.info.id for s in parlour.games() if macros.family_page(s.info)[0] == "families/trick-taking.md"]
    assert {"hearts", "whist", "euchre", "briscas"} <= set(trick_games)
    assert macros.family_page(parlour.spec("accordion").info)[0] == "families/patience-and-chance.md"
    family_of = {s.info.id: macros.family_page(s.info)[0] for s in parlour.games()}
    assert family_of["casino"] == family_of["cribbage"] == "families/fishing-and-counting.md"
    assert {family_of[g] for g in ("tuck", "one-eyed-jack", "east-west")} == {"families/boards-and-races.md"}
    assert family_of["mus"] == "families/betting-and-bluffing.md" and family_of["truc"] == "families/trick-taking.md"
    assert family_of["burraco"] == family_of["carioca"] == "families/rummy.md"


def visible_text(html: str) -> str:
    body = html.split('<div class="md-content"', 1)[1].split('<footer', 1)[0]
    return re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S))


@pytest.mark.parametrize("page", ["index.html", "games/index.html", "glossary/index.html",
                                  "spanish-pack/index.html", "families/trick-taking/index.html",
                                  "families/patience-and-chance/index.html", "families/fishing-and-counting/index.html",
                                  "families/boards-and-races/index.html", "families/betting-and-bluffing/index.html",
                                  "families/rummy/index.html"])
def test_the_pages_around_the_games_speak_no_project_jargon(built, page):
    text = visible_text((built / page).read_text(encoding="utf-8"))
    assert not re.search(r"\bseeds?\b", text, re.I)
    assert "python -m parlour" not in text and "--regenerate" not in text


def test_the_side_menu_lists_the_games_by_name(built):
    """Alcalde before Alcalde Variation, Tëtka among the Ts: the games' names, not their file names."""
    html = (built / "games" / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<a href="([a-z-]+)/" class="md-nav__link"', html)
    names = {spec.info.id: spec.info.name for spec in parlour.games()}
    in_menu = [names[game] for game in dict.fromkeys(listed) if game in names]
    assert sorted(in_menu) == sorted(names.values())
    assert in_menu.index("Alcalde") < in_menu.index("Alcalde Variation")
    assert in_menu.index("Straight Bridge") < in_menu.index("Tëtka") < in_menu.index("Truc")


def quick_reference_of(page: str) -> str:
    match = re.search(r'<section class="pt-quickref".*?</section>', page, re.S)
    assert match, "no quick reference"
    return match[0]


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda s: s.info.id)
def test_every_game_page_starts_with_a_quick_reference_of_at_most_12_lines_and_has_a_score_sheet(built, spec):
    page = (built / "games" / spec.info.id / "index.html").read_text(encoding="utf-8")
    block = quick_reference_of(page)
    lines = re.findall(r"<li>(.*?)</li>", block.split('<ul class="pt-quickref-lines">')[1].split("</ul>")[0])
    facts = re.findall(r'<p class="pt-quickref-facts">', block)
    assert 2 <= len(lines) + len(facts) <= 12
    # The engine's own short rules, so the page cannot disagree with the game played.
    assert lines == [macros.escape(line) for line in spec.info.short_rules if line.strip()]
    # At the top: before the page's first section of rules.
    article = page.split('<article class="md-content__inner md-typeset">', 1)[1]
    first_rules = re.search(r'<h2 id="(?!quick-reference)', article)
    assert first_rules and article.index('class="pt-quickref"') < first_rules.start()
    sheet = re.search(r'<table class="pt-score pt-blank-sheet">.*?</table>', block, re.S)
    assert sheet, "no score sheet"
    heads = re.findall(r'<th scope="col">', sheet[0])
    assert len(heads) == max(len(layout.columns) for layout in macros.sheet_layouts(spec.info.id).values())
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th>((?:<td></td>)+)</tr>', sheet[0])
    assert rows[0][0] == "Names" and len(rows) >= 3
    assert all(cells.count("<td>") == len(heads) for _, cells in rows)


def test_score_sheets_have_the_columns_and_rows_the_engine_keeps():
    def rows(game):
        return re.findall(r'<tr><th scope="row">([^<]*)</th>', macros.score_sheet(game))

    def heads(game):
        return re.findall(r'<th scope="col">([^<]*)</th>', macros.score_sheet(game))

    # Per player, and a match to a target: a page of hands, a name for each column, a total.
    assert heads("hearts") == ["South", "West", "North", "East"]
    assert rows("hearts") == ["Names"] + [f"Hand {k}" for k in range(1, macros.OPEN_ENDED_ROWS + 1)] + ["Total"]
    assert ('<p class="pt-sheet-note">The game ends when someone reaches 100; the lowest total wins.</p>'
            in macros.score_sheet("hearts"))
    # Per side of partners.
    assert heads("euchre") == ["South &amp; North", "West &amp; East"]
    assert "One column for each side of partners." in macros.score_sheet("euchre")
    # How many play changes the columns: numbered, and the caption says which to use.
    assert heads("cribbage") == ["1", "2", "3"]
    assert ("one column for each player (two or three players), for each side of partners (four players)"
            in macros.score_sheet("cribbage"))
    # A set number of deals, labelled as the engine labels them; a game's own word for a deal.
    assert rows("oh-hell")[1:4] == ["Hand 1 (10 cards)", "Hand 2 (9 cards)", "Hand 3 (8 cards)"]
    assert len(rows("oh-hell")) == 1 + 10 + 1
    assert rows("carioca")[1] == "Hand 1: two trios" and len(rows("carioca")) == 1 + 7 + 1
    assert rows("bango")[1:] == ["Start", "Round 1", "Round 2", "Round 3", "Round 4", "Round 5", "Total"]
    assert rows("briscas")[1] == "Deal 1"  # a match of one deal: a row for each deal played
    # No running score: a tally of games won.
    assert rows("tuck")[1] == "Game 1" and rows("tuck")[-1] == "Games won"
    assert heads("accordion") == ["Won or lost"]


def example_named(game: str, name: str):
    return macros.worked_example(macros.EXAMPLES / game / f"{name}.json")


def test_an_example_prints_its_last_position_in_place_of_its_story():
    # A hand played out, the next one dealt: the hand's summary (who took what, the score).
    final = macros.final_position(example_named("hearts", "shooting-the-moon"))
    assert '<section class="pt-example-final" hidden' in final and 'class="pt-final-summary"' in final
    assert "South took every heart and the queen of spades" in final
    # A game over, or a hand stopped part-way: the middle of the table as it ends.
    final = macros.final_position(example_named("cribbage", "pegging-out"))
    assert 'class="pt-table pt-n0 pt-middle-only"' in final and 'class="pc-card' in final
    assert 'class="pt-seat' not in final
    final = macros.final_position(example_named("casino", "sweep"))
    assert "The table at the end, after 3 moves" in final
    # A board too heavy to draw again: the engine's text picture of it.
    final = macros.final_position(example_named("one-eyed-jack", "one-eyed-jacks-and-a-dead-card"))
    assert '<pre class="pt-final-text">' in final and len(final) < macros.FINAL_PICTURE_BYTES
    # The table drawn on screen is already the last position, or the last one holds no cards: nothing more.
    assert macros.final_position(example_named("east-west", "ace-low-straight")) == ""
    assert macros.final_position(example_named("hearts", "standard-pass-left")) == ""


def test_printed_final_positions_stay_small(built):
    """What the printed last positions add to a game page (they are in the page, hidden on screen)."""
    for spec in parlour.games():
        page = (built / "games" / spec.info.id / "index.html").read_text(encoding="utf-8")
        finals = re.findall(r'<section class="pt-example-final".*?</section>', page, re.S)
        assert all(len(f) <= macros.FINAL_PICTURE_BYTES + 300 for f in finals), spec.info.id
