"""Macros for the site: every card, deal, story and score on a page comes from the engine.

mkdocs-macros calls :func:`define_env` at build time.  The macros only
arrange what ``parlour`` produces (views, SVG cards, narrative, reasons,
score sheets); no game fact is written here.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from html import escape
from functools import lru_cache, partial
from pathlib import Path, PurePosixPath
from typing import Any, Callable

from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour import cards as C  # noqa: E402
from parlour import examples as ex  # noqa: E402
from parlour import render, text, web  # noqa: E402
from parlour.clock import PACES  # noqa: E402
from parlour.core import State  # noqa: E402
from parlour.deals import HandSizes  # noqa: E402
from parlour.registry import GAME_MODULES, load, spec  # noqa: E402
from parlour.scoring import MatchScoring  # noqa: E402
from parlour.search import searches  # noqa: E402
from parlour.svg import card_svg  # noqa: E402
from parlour.tricks import TrickGameState  # noqa: E402
from parlour.web import strengths_offered  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
#: How the computer players fare against each other, per game (written by `make strengths`).
STRENGTHS = ROOT / "docs" / "strengths.json"


#: The pages that teach a family of games and the kinds of play each covers; a game links to the
#: first page that covers one of its kinds (in the order of its kinds).
FAMILY_PAGES: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("families/trick-taking.md", "How trick-taking games work",
     frozenset({"trick-taking", "trick-avoiding", "point-trick", "bidding"})),
    ("families/patience-and-chance.md", "How patience and chance games work",
     frozenset({"patience", "capturing", "matching"})),
    ("families/fishing-and-counting.md", "How fishing and counting games work",
     frozenset({"fishing", "counting"})),
    ("families/boards-and-races.md", "How board and race games with cards work",
     frozenset({"board", "race", "poker"})),
    ("families/betting-and-bluffing.md", "How betting and bluffing games work", frozenset({"betting"})),
    ("families/rummy.md", "How rummy games work", frozenset({"rummy", "shedding"})),
)

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty")
#: The finder's time choices: a game fits if its shortest typical length fits in the time.
TIME_CHOICES = {15: "15 minutes", 30: "half an hour", 60: "an hour", 120: "two hours"}
SKILL_NAMES = ("Pure luck", "Low", "Medium", "High")
SORT_CHOICES = {"fit": "Best fit", "name": "Name", "players": "Fewest players", "age": "Youngest age",
                "time": "Shortest game", "skill": "Least skill"}


def page_url(src_path: str) -> str:
    """The address MkDocs gives a page of docs/ (directory URLs): "games/hearts.md" → "games/hearts/"."""
    path = PurePosixPath(src_path)
    folder = path.parent if path.stem == "index" else path.with_suffix("")
    return "" if str(folder) == "." else f"{folder}/"


def link(page: Any, src_path: str) -> str:
    """A relative link from the page being built to another page of docs/."""
    return get_relative_url(page_url(src_path), page.url)


def family_page(info: parlour.GameInfo) -> tuple[str, str] | None:
    """(docs path, title) of the page that teaches this game's family, if there is one yet."""
    for kind in info.kinds:
        for path, title, kinds in FAMILY_PAGES:
            if kind in kinds:
                return path, title
    return None


def in_words(numbers: tuple[int, ...]) -> str:
    """(2, 3, 4) → "two, three or four"; (3, 4, …, 9) → "three to nine"."""
    words = [NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n) for n in numbers]
    if len(words) > 3 and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{words[0]} to {words[-1]}"
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def good_for(info: parlour.GameInfo) -> str:
    """Who the game suits, in the words people search with ("two players", "solitaire", "kids")."""
    players = ("one player on their own (a solitaire)" if info.players == (1,)
               else f"{in_words(info.players)} players")
    age = (f"kids and children from age {info.min_age}" if info.min_age <= 8
           else f"older children from age {info.min_age}, and grown-ups")
    return f"Good for {players}; {age}."


def search_words(info: parlour.GameInfo) -> list[str]:
    """What the site search should find a game by, as Material's search tags (which outrank the
    page text): "two players", "solitaire", "kids" — the facts the info panel shows in words."""
    words = ["solitaire" if n == 1 else f"{in_words((n,))} players" for n in info.players]
    if "patience" in info.kinds and "solitaire" not in words:
        words.append("solitaire")
    words += (["kids", "children"] if info.min_age <= 8 else []) + [f"from age {info.min_age}"]
    return words


def kinds_text(info: parlour.GameInfo) -> str:
    text = ", ".join(info.KINDS[k] for k in info.kinds)
    return text[:1] + text[1:].lower()


def info_panel(page: Any, game_id: str) -> str:
    """The panel at the top of a game page: players, pack, age, skill, time, kind and family, who
    it suits, and the family page where a learner starts."""
    info = spec(game_id).info
    rows = [("Players", info.players_text()), ("Pack", info.pack), ("Minimum age", str(info.min_age)),
            ("Skill", info.skill), ("Time", info.duration), ("Kind of game", kinds_text(info)),
            ("Family", info.family)]
    cells = "".join(f"<div><dt>{k}</dt><dd>{escape(v)}</dd></div>" for k, v in rows)
    family = family_page(info)
    learn = (f'<p class="pt-learn">New to games like this? <a href="{link(page, family[0])}">'
             f"{escape(family[1])}</a> explains what they have in common.</p>" if family else "")
    against = "on your own" if info.players == (1,) else "against computer players"
    # The way to the table from the top of the page (it is many screens down, after the rules).
    play_now = (f'<p class="pt-play-now"><a class="md-button md-button--primary" href="#live-table">'
                f"Play {escape(info.name)}</a> {against}, right here; the rules stay on this page.</p>")
    return (f'<aside class="pt-info-panel" aria-label="{escape(info.name)} at a glance">'
            f'<p class="pt-summary">{escape(info.summary)}</p>{play_now}<dl>{cells}</dl>'
            f'<p class="pt-good-for">{escape(good_for(info))}</p>{learn}</aside>')


def _select(name: str, label: str, choices: dict[str, str], anything: str) -> str:
    options = f'<option value="">{escape(anything)}</option>' + "".join(
        f'<option value="{escape(value)}">{escape(text)}</option>' for value, text in choices.items())
    return (f'<label class="pt-finder-field">{escape(label)} '
            f'<select name="{name}" data-filter="{name}">{options}</select></label>')


def _finder_item(page: Any, info: parlour.GameInfo) -> str:
    facts = [("Players", info.players_text()), ("Age", f"{info.min_age}+"), ("Time", info.duration),
             ("Kind", kinds_text(info)), ("Pack", info.pack), ("Skill", info.skill)]
    # No <div> inside: the search index's exclusion of the finder only works without nested <div>s.
    cells = "".join(f"<dt>{k}</dt><dd>{escape(v)}</dd>" for k, v in facts)
    data = {"name": info.name.lower(), "players": " ".join(map(str, info.players)), "age": str(info.min_age),
            "minutes": " ".join(map(str, info.minutes)), "kinds": " ".join(info.kinds), "deck": info.deck,
            "skill": " ".join(map(str, info.skill_levels()))}
    attributes = " ".join(f'data-{k}="{escape(v)}"' for k, v in data.items())
    return (f'<li class="pt-game" {attributes}>'
            f'<a class="pt-game-name" href="{link(page, f"games/{info.id}.md")}">{escape(info.name)}</a>'
            f'<p class="pt-game-summary">{escape(info.summary)}</p>'
            f'<p class="pt-game-why" hidden></p>'
            f'<dl class="pt-game-facts">{cells}</dl></li>')


def game_finder(page: Any) -> str:
    """Every game we carry as a plain list, which works without JavaScript; assets/finder.js adds
    the filters (players, age, time, kind, pack, skill) and the sorting, from the items' data-*."""
    infos = [s.info for s in parlour.games()]
    for info in infos:
        problems = info.finder_problems()
        if problems:
            raise ValueError(f"{info.id}: the game finder cannot list it: {'; '.join(problems)}")
    players = sorted({n for i in infos for n in i.players})
    ages = range(min(i.min_age for i in infos), max(i.min_age for i in infos) + 1)
    kinds = {k: label for k, label in parlour.GameInfo.KINDS.items() if any(k in i.kinds for i in infos)}
    decks = {d: label for d, label in parlour.GameInfo.DECKS.items() if any(i.deck == d for i in infos)}
    skills = sorted({level for i in infos for level in i.skill_levels()})
    fields = (_select("players", "Players", {str(n): str(n) for n in players}, "any number")
              + _select("age", "Youngest player's age", {str(a): str(a) for a in ages}, "any age")
              + _select("time", "Time you have", {str(m): t for m, t in TIME_CHOICES.items()}, "any time")
              + _select("kind", "Kind of game", kinds, "any kind")
              + _select("deck", "Pack", decks, "any pack")
              + _select("skill", "Skill", {str(s): SKILL_NAMES[s] for s in skills}, "any skill"))
    sort = "".join(f'<option value="{v}">{escape(t)}</option>' for v, t in SORT_CHOICES.items())
    form = (f'<form class="pt-finder-form" aria-label="Find a game" hidden>{fields}'
            f'<label class="pt-finder-field">Sort by <select name="sort" data-sort>{sort}</select></label>'
            f'<button type="reset" class="pt-control">Show every game</button></form>')
    return (f'<div class="pt-finder" data-search-exclude>{form}'
            f'<p class="pt-finder-count" role="status">{len(infos)} games</p>'
            f'<ul class="pt-finder-list">{"".join(_finder_item(page, i) for i in infos)}</ul></div>')


def family_games(page: Any, family: str) -> str:
    """The games whose family page this is, as links with their one-line summaries."""
    items = [f'<li><a href="{link(page, f"games/{s.info.id}.md")}">{escape(s.info.name)}</a> — '
             f"{escape(s.info.summary)}</li>"
             for s in parlour.games() if (family_page(s.info) or ("",))[0] == family]
    if not items:
        raise ValueError(f"no game has {family} as its family page")
    return f'<ul class="pt-family-games">{"".join(items)}</ul>'


def options_table(game_id: str) -> str:
    """The game's rule variants: which value is the house rule (default) and which the standard."""
    s = spec(game_id)
    if not s.options:
        return "<p>This game has no rule options.</p>"
    rows = []
    for opt in s.options:
        if opt.choices:
            values = "<ul>" + "".join(
                f"<li><code>{escape(str(v))}</code> — {escape(label)}"
                f"{' <strong>(default)</strong>' if v == opt.default else ''}</li>"
                for v, label in opt.choices.items()) + "</ul>"
        else:
            values = f"a number from {opt.minimum} to {opt.maximum}; default <code>{opt.default}</code>"
        rows.append(f"<tr><td><code>{escape(opt.name)}</code></td><td>{escape(opt.help)}</td><td>{values}</td></tr>")
    return ('<table class="pt-options"><thead><tr><th>Option</th><th>What it changes</th>'
            "<th>Values</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def readings(game_id: str) -> str:
    """The box of places where the rules needed reading: the engine's own list, with the option for the other reading."""
    s = spec(game_id)
    items = []
    for reading in s.info.readings:
        other = ""
        if reading.option is not None:
            option = s.option(reading.option)
            value = option.validate(reading.value)
            other = (f' <span class="pt-other-reading">The other reading is the option '
                     f"<code>{escape(option.name)}: {escape(str(value))}</code> "
                     f"({escape(option.describe(value))}).</span>")
        items.append(f"<li><p><strong>{escape(reading.question)}</strong> {escape(reading.answer)}{other}</p></li>")
    return ('<div class="admonition question pt-readings">'
            '<p class="admonition-title">Where the rules needed reading</p>'
            "<p>Where our sources are unclear or say nothing, the engine had to choose. These are its "
            "choices; where the other reading is offered, the option that plays it is named.</p>"
            f'<ul>{"".join(items)}</ul></div>')


def card(code: str, pack: str = "french52") -> str:
    """One card picture inline in the text."""
    packs = {"french52": C.FRENCH_52, "french54": C.FRENCH_54, "spanish40": C.SPANISH_40}
    return f'<span class="pc-inline">{card_svg(packs[pack].card(code))}</span>'


def worked_example(path: Path) -> ex.Example:
    """An example spec replayed by the engine, once per version of the file (a page and its score sheet
    both read it; `mkdocs serve` rebuilds in the same process)."""
    return _replayed(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=None)
def _replayed(path: Path, version: int) -> ex.Example:
    return ex.build(path)


def game_examples(game_id: str) -> list[ex.Example]:
    return [worked_example(path) for path in ex.spec_paths(EXAMPLES, game_id)]


def example(game_id: str, name: str) -> str:
    """A worked example: the deal drawn, the play step by step, reasons, the score; on paper, its last
    position instead of the step-by-step story (see :func:`final_position`)."""
    path = EXAMPLES / game_id / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(f"no example spec {path}")
    worked = worked_example(path)
    state = worked.state
    at = worked.state_at(worked.table_step)
    title = escape(worked.spec.get("title", name))
    caption = worked.spec.get("caption", "")
    table = render.table(at.view(None), state.pack)
    view = state.view(None)
    step_note = (f"after {worked.table_step} moves" if worked.table_step else "as dealt")
    probes = ""
    if worked.probes:
        items = "".join(
            f"<li>Before move {step + 1}, had the player tried <strong>{escape(worked.state_at(step).describe(action))}</strong>, "
            f"the engine would have said: "
            f"<q>{escape(reason or 'that is legal')}</q></li>"
            for step, action, reason in worked.probes)
        probes = f'<div class="pt-probes" data-search-exclude><h4>Why not another card?</h4><ul>{items}</ul></div>'
    outcome = f'<p class="pt-outcome">{escape(state.outcome.text)}</p>' if state.outcome else ""
    record = escape(json.dumps(state.record(), separators=(",", ":")))
    # The example as a quiz ("What would you play?"), asked by the page script at the seat it follows.
    quiz = worked.quiz()
    quiz_data = (f' data-quiz="{escape(json.dumps(quiz.as_dict(), separators=(",", ":"), ensure_ascii=False))}"'
                 if quiz else "")
    # The site search indexes the title and caption; the cards, the story and the scores would
    # swamp the rules text in the index (and in every page's download of it).
    return (f'<div class="pt-example" data-record="{record}" data-table-step="{worked.table_step}"{quiz_data}>'
            f'<h3 class="pt-example-title">{title}</h3>'
            + (f"<p>{escape(caption)}</p>" if caption else "")
            # A <section>, because the search index's exclusion only works on a tag that does not
            # occur inside (the table is made of <div>s).
            + f'<section class="pt-example-table" role="group" aria-label="the table {step_note}" data-search-exclude>'
              f'<p class="pt-example-note">The table {step_note}:</p>{table}</section>'
            + final_position(worked)
            + f'<details class="pt-story" open data-search-exclude><summary>The play, step by step</summary>'
              f'{render.story(view["log"])}</details>'
            + probes + f'<div data-search-exclude>{render.score(view.get("score"))}</div>' + outcome + "</div>")


#: The most a final position's picture may add to a page; a heavier one (a whole board of cut cards,
#: a race's layouts) is printed as the engine's plain-text picture of it instead.
FINAL_PICTURE_BYTES = 8000


def final_position(worked: ex.Example) -> str:
    """What a printed page shows of an example in place of its story: its last position, compactly —
    the middle of the table (a trick, the cards on the table) — or, when its last move ended a hand and
    the next was dealt, that hand's summary (what each took and how it scored). Hidden on screen
    (print.css shows it on paper). Nothing when the table drawn is already the last position, or when
    the last position's middle holds no cards (the drawn table then stays the example's picture)."""
    state = worked.state
    steps = len(state.history)
    if worked.table_step == steps:
        return ""
    ended = getattr(state, "last_hand_end", None)
    summary = state.hand_summary(None) if ended is not None and ended.step == steps and not state.is_over else None
    if summary is not None:
        # Its last lines repeat the score sheet's new rows and totals, which the example prints below.
        said = summary.lines[:len(summary.lines) - len(summary.rows) - 1]
        lines = "".join(f"<li>{escape(line)}</li>" for line in said)
        body = f'<p class="pt-example-note">{escape(summary.title)}</p><ul class="pt-final-summary">{lines}</ul>'
    else:
        view = state.view(None)
        picture = render.middle(view, state.pack)
        if "<svg" not in picture:
            return ""
        if len(picture) > FINAL_PICTURE_BYTES:
            picture = f'<pre class="pt-final-text">{escape(chr(10).join(text.middle_text(view, state.pack)))}</pre>'
        body = f'<p class="pt-example-note">The table at the end, after {steps} moves:</p>{picture}'
    return f'<section class="pt-example-final" hidden data-search-exclude>{body}</section>'


#: The most lines a quick reference may have (its facts line and the engine's short rules): it must
#: print on one page by itself, in type a family can read across the table.
QUICK_REFERENCE_LINES = 12
#: Rows on a blank score sheet for a game without a set number of deals: a page's worth.
OPEN_ENDED_ROWS = 24


def quick_reference(game_id: str) -> str:
    """The block at the top of a rules page: the game's facts and its rules in a few short lines, as the
    engine has them (``GameInfo.rules``, what ``python -m parlour rules`` prints), so it cannot disagree
    with the game played; buttons (assets/print.js) print it, or a blank score sheet, on a page by itself."""
    info = spec(game_id).info
    lines = [line for line in info.short_rules if line.strip()]
    if len(lines) + 1 > QUICK_REFERENCE_LINES:
        raise ValueError(f"{game_id}: {len(lines)} rule lines are too many for a quick reference "
                         f"(at most {QUICK_REFERENCE_LINES - 1} besides the facts line)")
    facts = f"Players: {info.players_text()} · Pack: {info.pack} · Time: {info.duration}"
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    name = escape(info.name)
    # The buttons need the script; without it the reader prints the page (the quick reference comes first).
    buttons = ('<p class="pt-print-buttons" hidden>'
               '<button type="button" class="pt-control" data-print-part="quickref">Print the quick reference</button>'
               '<button type="button" class="pt-control" data-print-part="sheet">Print a score sheet</button></p>')
    return (f'<section class="pt-quickref" aria-labelledby="quick-reference" data-search-exclude>'
            f'<h2 id="quick-reference">Quick reference<span class="pt-print-only">: {name}</span></h2>'
            f'<p class="pt-quickref-facts">{escape(facts)}</p><ul class="pt-quickref-lines">{items}</ul>{buttons}'
            f'<details class="pt-sheet"><summary>A score sheet, for playing with a real pack</summary>'
            f'<p class="pt-print-only pt-sheet-title">{name}: score sheet</p>{score_sheet(game_id)}</details></section>')


def score_sheet(game_id: str) -> str:
    """A blank score sheet to print: a column for each player or side, as the engine keeps the game's
    score (a tally of games won where it keeps none), the rows its match needs, and a row of names."""
    layouts = sheet_layouts(game_id)
    default = layouts[spec_default_players(game_id)]
    state = default.state
    sheet = state.scoresheet()
    several = len({len(layout.columns) for layout in layouts.values()}) > 1 or len(layouts) > 1 and any(
        layout.sides for layout in layouts.values())
    width = max(len(layout.columns) for layout in layouts.values())
    if several:  # the columns depend on how many play: numbered, and the caption says which to use
        heads = [str(i + 1) for i in range(width)]
    else:
        heads = default.columns
    rows = sheet_rows(game_id, state)
    notes = [sheet.note] if sheet is not None and sheet.note else []
    if sheet is None:
        notes.append("Mark the winner of each game." if state.n > 1 else "Mark each game won or lost.")
    notes.append(columns_note(layouts, several))
    if several and len({tuple(sheet_rows(game_id, layout.state)) for layout in layouts.values()}) > 1:
        notes.append(f"The rows are for {default.players} players, the game as it is usually set.")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    blanks = "<td></td>" * width
    body = "".join(f'<tr><th scope="row">{escape(label)}</th>{blanks}</tr>' for label in rows)
    caption = " ".join(note for note in notes if note)
    # Many players make a wide sheet: on a phone it scrolls sideways in its own box, as score sheets do.
    return (f'<p class="pt-sheet-note">{escape(caption)}</p>'
            f'<div class="pt-score-wrap" tabindex="0" role="group" aria-label="blank score sheet">'
            f'<table class="pt-score pt-blank-sheet">'
            f'<thead><tr><td></td>{head}</tr><tr><th scope="row">Names</th>{blanks}</tr></thead>'
            f'<tbody>{body}</tbody><tfoot><tr><th scope="row">{"Total" if sheet is not None else "Games won"}</th>'
            f"{blanks}</tr></tfoot></table></div>")


class SheetLayout:
    """The columns of a game's score sheet for one number of players."""

    def __init__(self, players: int, state: State) -> None:
        self.players, self.state = players, state
        sheet = state.scoresheet()
        teams = [t for t in getattr(state, "teams", None) or () if len(t) > 1]
        seat_names = [seat["name"] for seat in state.view(None).get("seats", [])]
        if sheet is not None:
            self.columns = list(sheet.columns)
            self.sides = isinstance(state, MatchScoring) and any(
                len(state.column_seats(c)) > 1 for c in range(len(self.columns)))
        elif teams:
            self.columns, self.sides = [" & ".join(seat_names[s] for s in team) for team in teams], True
        else:
            self.columns, self.sides = seat_names or ["Won or lost"], False


def spec_default_players(game_id: str) -> int:
    option = next((o for o in spec(game_id).options if o.name == "players"), None)
    return option.default if option is not None else load(game_id).num_players


@lru_cache(maxsize=None)
def sheet_layouts(game_id: str) -> dict[int, SheetLayout]:
    """The score sheet's columns for each number of players the game offers (its ``players`` option)."""
    option = next((o for o in spec(game_id).options if o.name == "players"), None)
    if option is None or not option.choices:
        game = load(game_id)
        return {game.num_players: SheetLayout(game.num_players, game.new(0))}
    return {n: SheetLayout(n, load(game_id, players=n).new(0)) for n in option.choices}


def columns_note(layouts: dict[int, SheetLayout], several: bool) -> str:
    """What the columns are for: "One column for each player (2 or 3 players), for each side of
    partners (4 players)."; for a game of one layout only the partnerships need saying."""
    if not several:
        return "One column for each side of partners." if next(iter(layouts.values())).sides else ""
    by_kind: dict[str, list[int]] = {}
    for n, layout in sorted(layouts.items()):
        by_kind.setdefault("side of partners" if layout.sides else "player", []).append(n)
    parts = [f"for each {kind} ({in_words(tuple(counts))} players)" for kind, counts in by_kind.items()]
    return "Write names at the head of the columns: one column " + ", ".join(parts) + "."


#: A score sheet's row of a numbered hand, deal or round ("Hand 3", "Deal 2 (West Alcalde)", "Round 1").
NUMBERED_ROW = re.compile(r"(\w+) \d+\b")


def sheet_rows(game_id: str, state: State) -> list[str]:
    """The rows of a blank sheet: one for each deal of a match of set deals (labelled as the engine labels
    them: the cards each in Oh Hell, the contract in Carioca), else a page's worth (a match of one deal
    gets a row for each deal played), named with the word the game's own sheets use ("Hand", "Deal",
    "Round") after any rows they begin with (Bango's "Start"); a game of set rows keeps them. A game
    without a score sheet gets a row a game."""
    if state.scoresheet() is None:
        return [f"Game {k}" for k in range(1, OPEN_ENDED_ROWS + 1)]
    seen = [[str(row[0]) for row in score["rows"]] for worked in game_examples(game_id)
            if (score := worked.state.view(None).get("score")) and score["rows"]]
    end = state.match_end if isinstance(state, MatchScoring) else None
    if end is None and seen and all(rows == seen[0] for rows in seen):
        return seen[0]
    starts = {tuple(itertools.takewhile(lambda label: not NUMBERED_ROW.match(label), rows)) for rows in seen
              if any(NUMBERED_ROW.match(label) for label in rows)}
    leading = list(starts.pop()) if len(starts) == 1 else []
    deals = getattr(end, "deals", 0)
    count = deals if deals > 1 else OPEN_ENDED_ROWS
    schedule = getattr(state, "schedule", None) or getattr(sys.modules[type(state).__module__], "SCHEDULE", None)
    if isinstance(schedule, HandSizes):
        return leading + [schedule.label(k) for k in range(1, count + 1)]
    if isinstance(state, MatchScoring) and type(state).hand_label is not MatchScoring.hand_label:
        return leading + [_hand_label(state, k) for k in range(1, count + 1)]
    numbered = [match[1] for rows in seen for label in rows if (match := NUMBERED_ROW.match(label))]
    words = numbered or [label.split()[0] for rows in seen for label in rows if label.split()]
    return leading + [f"{words[0] if words else 'Hand'} {k}" for k in range(1, count + 1)]


def _hand_label(state: MatchScoring, hand_no: int) -> str:
    """A game's own label for hand ``hand_no`` (Carioca's contract), asked of the fresh state moved on."""
    saved = state.hand_no
    state.hand_no = hand_no
    try:
        return state.hand_label()
    finally:
        state.hand_no = saved


#: The deal a reader's first visit to a live table starts with (docs/assets/table/live-table.js asks
#: the engine for it): the build draws it into the page, so the table is there before the engine.
FIRST_DEAL_SEED = 1


def first_deal(game_id: str) -> str:
    """The engine's reply to the page's first "new" message (the first deal, the reader in seat 0, the
    default strength) as a JSON data block: the page draws it with the live table's own drawing code
    while the engine loads. Escaped so that no "</script>" or "<!--" inside it ends the block."""
    reply = web.handle({"v": web.PROTOCOL_VERSION, "id": 1, "type": "new", "table": f"live-{game_id}",
                        "game": game_id, "seed": FIRST_DEAL_SEED, "seat": 0, "strength": web.DEFAULT_STRENGTH})
    if reply["type"] != "state":
        raise ValueError(f"{game_id}: the engine could not deal the first deal: {reply}")
    data = json.dumps({k: v for k, v in reply.items() if k not in ("v", "id")}, separators=(",", ":"))
    data = data.replace("</", "<\\/").replace("<!--", "\\u003c!--")
    return f'<script type="application/json" class="pt-first-deal">{data}</script>'


def play(game_id: str) -> str:
    """The live table's place on the page: the browser fills it (parlour in Pyodide), drawing the first
    deal (``first_deal``) at once; without JavaScript it says so."""
    options = json.dumps([o.as_dict() for o in spec(game_id).options], separators=(",", ":"))
    state = spec(game_id).state
    realtime = ""
    if state.simultaneous:  # a table without turns: the computer players' paces it offers
        paces = json.dumps([PACES[p].as_dict() for p in state.paces], separators=(",", ":"))
        realtime = f' data-realtime="true" data-paces="{escape(paces)}"'
    # The hidden heading keeps the headings in order: the seats inside the table are <h4>.
    info = spec(game_id).info
    solo = ' data-solo="true"' if info.players == (1,) else ""
    # A game of tricks offers the pace that waits for the reader after each one.
    tricks = ' data-tricks="true"' if issubclass(state, TrickGameState) else ""
    # The strengths the table offers (no Strong where it cannot search or was withheld: web.strengths_offered).
    offered = f' data-strengths="{escape(" ".join(strengths_offered(spec(game_id))))}"'
    return (f'<h3 class="pt-sr-only">The live table</h3>'
            f'<div class="pt-live" id="live-table" data-game="{escape(game_id)}" data-name="{escape(info.name)}"'
            f' data-options="{escape(options)}"{realtime}{solo}{tricks}{offered}>'
            f'<p class="pt-live-note">The live table loads Python and the card engine into this page; '
            f"it needs JavaScript and takes a few seconds the first time.</p>"
            f'<noscript>The live table needs JavaScript; the worked examples above work without it.</noscript>'
            f"{first_deal(game_id)}</div>" + strengths(game_id))


def strengths(game_id: str, file: Path = STRENGTHS) -> str:
    """How strong the computer players are: their measured results against each other with each
    figure's 95 % interval and what it shows (from docs/strengths.json, made by `make strengths`,
    whose notes give the rule), or "not measured yet" for a game not in it."""
    data = json.loads(file.read_text(encoding="utf-8")) if file.exists() else {}
    entry = data.get("games", {}).get(game_id)
    title = "<strong>How strong are the computer players?</strong>"
    if entry is None:
        return (f'<p class="pt-strengths">{title} Not measured yet for this game '
                f"(<code>make strengths</code> measures it).</p>")
    alone = entry["players"] == 1
    rows = "".join(_strength_row(row) for row in entry["rows"])
    # A race's Strong is a practised player of its own (its note says how); elsewhere Strong searches.
    strong_is = ("Strong is a practised player (see below)." if spec(game_id).strong_bot is not None else
                 "Strong plays its moves out in many imagined deals of the cards it cannot see.")
    head = ("<th>computer player</th><th>compared with</th><th>did better</th>" if alone else
            "<th>computer player</th><th>against</th><th>won</th>")
    # In a box of its own that scrolls sideways, as the score sheets do: six columns are wider than a phone.
    return (f'<div class="pt-score-wrap" tabindex="0" role="group" aria-label="strength table">'
            f'<table class="pt-score pt-strengths"><caption>{title} Beginner plays any legal card, Family '
            f"is the rule bot, {strong_is} {_strength_figures(entry)}"
            f"{_strength_rule(entry)}{_strong_note(game_id, entry)}</caption>"
            f"<thead><tr>{head}<th>95 % interval</th><th>{'deals' if alone else 'games'}</th>"
            f"<th>what it shows</th></tr></thead><tbody>{rows}</tbody></table></div>")


def _strength_row(row: dict[str, Any]) -> str:
    """One pairing: the figure, its interval and its verdict in words (a row measured before the
    intervals has none, and claims nothing)."""
    if "low" in row:
        interval = f"{row['low']:.0%} to {row['high']:.0%}"
        shows = {"stronger": f"{row['side']} is stronger", "weaker": f"{row['side']} is weaker",
                 "no measurable difference": "no measurable difference"}[row["verdict"]]
    else:
        interval, shows = "not measured", "not measured with an interval yet"
    return (f"<tr><td>{escape(row['side'])}</td><td>{escape(row['against'])}</td>"
            f"<td>{row['win_rate']:.0%}</td><td>{interval}</td><td>{row['games']}</td>"
            f"<td>{escape(shows)}</td></tr>")


def _strength_figures(entry: dict[str, Any]) -> str:
    """What the figures are, for this game's number of players and sides."""
    if entry["players"] == 1:
        won = "".join(f" {row['side']} won {row['deals_won'][row['side']]:.0%} of its deals outright, "
                      f"{row['against']} {row['deals_won'][row['against']]:.0%} of the same deals."
                      for row in entry["rows"] if "deals_won" in row)
        return ("Figures: both kinds of player play the same deals, and the share is how often the first "
                f"did better than the second (as well counts half); an even share would be 50%.{won}")
    partner = "" if entry["par"] * entry["players"] == 1 else " (a partnership)"
    if entry.get("method", {}).get("seats_rotated"):
        seats = (f"taking one side{partner} with the second in every other seat, each deal played with "
                 f"the first kind on every side in turn")
    else:
        seats = f"sitting South{partner} with the second in every other seat"
    return (f"Figures: the share of games won by the first kind of player, {seats}; "
            f"an even share would be {entry['par']:.0%}.")


def _strength_rule(entry: dict[str, Any]) -> str:
    """How many games a row played, and what its interval and its verdict mean."""
    method = entry.get("method")
    if method is None:
        return " These figures were measured before the intervals: they claim nothing."
    meaning = (" The 95 % interval is where the true share lies, with 95 % confidence; a row says "
               "“stronger” only when its whole interval is above the even share (“weaker” when below), "
               "and “no measurable difference” when the interval includes it.")
    looks = [str(n) for n in method["looks"]]
    if len(looks) < 2:
        return meaning + " Each row played a number of games fixed in advance."
    more = ", ".join(looks[1:-1])
    fresh = [row["side"] for row in entry["rows"] if row.get("method", method) == method]
    subject = "Each row" if len(fresh) == len(entry["rows"]) else f"The {' and '.join(fresh)} row"
    return (meaning + f" {subject} played {looks[0]} games and went on to {more + ' and ' if more else ''}at most "
            f"{looks[-1]} while its interval still included the even share; the interval is widened "
            f"(z = {method['z']:.2f} rather than 1.96) so that looking {NUMBER_WORDS[len(looks)]} times "
            f"does not overstate it.{_older_rows(entry)}")


def _older_rows(entry: dict[str, Any]) -> str:
    """The rows kept from an earlier measurement (`strengths.py --family-only` re-measures one row
    and keeps the others, each with its own method): how they were played."""
    older = [row for row in entry["rows"] if "method" in row and row["method"] != entry["method"]]
    words = []
    for row in older:
        method = row["method"]
        seat = "on every side in turn" if method.get("seats_rotated") else "always South"
        games = ("a number of games fixed in advance" if len(method["looks"]) < 2
                 else "games by the rule above, in an earlier run")
        words.append(f" The {row['side']} row is older: {games}, with {row['side']} {seat}, and its interval "
                     f"at z = {method['z']:.2f}.")
    return "".join(words)


def _strong_note(game_id: str, entry: dict[str, Any]) -> str:
    """How hard the measured Strong thought, or why this game has no Strong row."""
    strong = (entry.get("strong_budget") or {}).get("iterations")
    game = spec(game_id)
    if game.no_choice:
        return f" No choice changes how this game turns out: {game.no_choice}. So no Strong player is offered."
    if game.strong_withheld:
        return f" No Strong player is offered here: {game.strong_withheld}."
    if game.strong_bot is not None:  # a race's own Strong player (GameSpec.strong_bot)
        summary = getattr(game.strong_bot(0), "summary", "")
        return (f" Strong here imagines no deals: it is {summary}. Its games were played on the clocks at the "
                f"Family pace, so its speed counts as it does at the table.")
    if not searches(game.state):
        return " No Strong player is offered here yet: " + (
            "everyone plays at once, so there are no turns to think ahead through."
            if game.state.simultaneous else "it cannot imagine the hidden cards yet, so it would play as Family.")
    if strong:
        site = entry.get("site_budget")
        seconds = site and ("half a second" if site["seconds"] == 0.5 else f"{site['seconds']:g} seconds")
        table = (f"; at the table it imagines up to {site['iterations']} or thinks for {seconds}, "
                 f"whichever comes first" if site else "")
        whose = "its own" if game.strong_judgement else "Family's"
        cut = (f" A game here is too long to play each imagined deal to its end, so Strong tries only {whose} "
               f"few best moves and plays each on for {game.playout_horizon} moves, then judges the position "
               f"by the game's own measure." if game.playout_horizon else
               " Strong here plays no move on: right after each move it tries, it judges each side's chances "
               "by the game's own reckoning." if game.playout_horizon == 0 else "")
        return f" Strong here imagines {strong} deals a move{table}.{cut}{_strong_judgement(game)}"
    return " Strong is not measured yet."


def _strong_judgement(game: Any) -> str:
    """Where Strong starts from a keener rule bot than Family's (GameSpec.strong_judgement): how it judges."""
    if game.strong_judgement is None:
        return ""
    summary = getattr(game.strong_judgement(0), "summary", "")
    return (f" Its first choice, kept unless the imagined deals find a clearly better move, is not Family's: "
            f"it is {summary}. Its imagined deals are still played out by Family players.")


def count_box(game_id: str) -> str:
    """A "count my hand" box for a game's counting helper: the page script (table.js) sends what the
    reader types to the engine in the browser; without JavaScript the box says so and names the command."""
    counting = spec(game_id).counting
    if counting is None:
        raise ValueError(f"{game_id} declares no counting helper")
    fields = []
    command = [f"python -m parlour count {game_id}"]
    for item in counting.inputs:
        name = f"pt-count-{game_id}-{item.name}"
        if item.kind == "flag":
            fields.append(f'<label class="pt-count-flag" for="{name}"><input type="checkbox" id="{name}" '
                          f'name="{escape(item.name)}"> {escape(item.label)}</label>')
            command.append(f"[--{item.name.replace('_', '-')}]")
        else:
            fields.append(f'<label for="{name}">{escape(item.label)} <input type="text" id="{name}" '
                          f'name="{escape(item.name)}" value="{escape(item.example)}" autocomplete="off" '
                          f'spellcheck="false" aria-describedby="{name}-help"></label>'
                          f'<span class="pt-count-help" id="{name}-help">{escape(item.help)}</span>')
            command.append(f"--{item.name.replace('_', '-')} {item.example}")
    return (f'<div class="pt-count-box" data-game="{escape(game_id)}">'
            f'<form class="pt-count-form" hidden aria-label="{escape(counting.title)}">{"".join(fields)}'
            f'<button type="submit" class="pt-control">Count</button></form>'
            f'<div class="pt-count-result" aria-live="polite"></div>'
            f'<p class="pt-count-note">This box counts in the page with the card engine, which needs '
            f'JavaScript. Without it, the same count is one command away: '
            f'<code>{escape(" ".join(command))}</code></p></div>')


def partnership_example() -> str:
    """The Carrillo family's individual-scoring example, decided by the engine's own rule."""
    from parlour.rulebook.partnership_hearts import TEAMS, team_totals, winning_teams

    names = ["You (South)", "West", "Your partner (North)", "East"]
    totals = [105, 78, 34, 69]
    combined = team_totals(totals)
    best = winning_teams(totals)
    rows = "".join(f"<tr><td>{' + '.join(names[s] for s in team)}</td>"
                   f"<td>{' + '.join(str(totals[s]) for s in team)} = {combined[t]}</td>"
                   f"<td>{'wins' if t in best else ''}</td></tr>" for t, team in enumerate(TEAMS))
    return ('<table class="pt-score"><caption>Checked by the engine</caption><thead><tr><th>Partnership</th>'
            f"<th>Total</th><th>Result</th></tr></thead><tbody>{rows}</tbody></table>")


def on_pre_page_macros(env: Any) -> None:
    """Give each game page its search words (mkdocs-macros calls this before a page's macros)."""
    game = re.fullmatch(r"games/([a-z0-9-]+)\.md", env.page.file.src_uri)
    if game and game[1] in GAME_MODULES:
        env.page.meta["tags"] = search_words(spec(game[1]).info)


def hand_counts() -> str:
    """How many five-card hands of each kind the 32-card and 52-card packs hold, counted by the engine,
    in East–West's order (highest first)."""
    from parlour.poker import HandOrder, category_counts
    from parlour.rulebook.east_west import RANKS_32

    order = HandOrder(RANKS_32, ace_low=True, flush_beats_full_house=True)
    short = category_counts(RANKS_32, order=order)
    high_only = category_counts(RANKS_32, order=HandOrder(RANKS_32, ace_low=False))
    full = category_counts(range(2, 15))
    rows = "".join(f"<tr><th scope=\"row\">{escape(kind)}</th><td>{short[kind]:,}</td><td>{high_only[kind]:,}</td>"
                   f"<td>{full[kind]:,}</td></tr>" for kind in reversed(order.categories))
    totals = (f"<tr><th scope=\"row\">all hands</th><td>{sum(short.values()):,}</td>"
              f"<td>{sum(high_only.values()):,}</td><td>{sum(full.values()):,}</td></tr>")
    return ('<table class="pt-score pt-counts"><caption>Counted by the engine over every five-card hand</caption>'
            '<thead><tr><th scope="col">Kind of hand (East–West\'s order, highest first)</th>'
            '<th scope="col">32-card pack</th><th scope="col">32 cards, ace only high</th>'
            f'<th scope="col">52-card pack</th></tr></thead><tbody>{rows}</tbody><tfoot>{totals}</tfoot></table>')


def twenty_four_share() -> str:
    """How many Twenty-Four sets can make 24, worked out by the engine's exact solver, against the
    rules article's four in five."""
    from parlour import sums

    share = sums.solvable_share()
    by_values = share["solvable_sets"] / share["sets"]
    by_cards = share["solvable_card_sets"] / share["card_sets"]
    rows = (("different sets of four values (1 to 10)", share["sets"], share["solvable_sets"], by_values),
            ("sets of four cards dealt from the 40-card pack", share["card_sets"], share["solvable_card_sets"],
             by_cards))
    body = "".join(f"<tr><td>{label}</td><td>{total:,}</td><td>{good:,}</td><td>{fraction:.1%}</td></tr>"
                   for label, total, good, fraction in rows)
    return ('<table class="pt-score pt-share-table"><caption>Worked out by the engine: every set tried</caption>'
            "<thead><tr><th>Counting</th><th>Sets</th><th>Can make 24</th><th>Share</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")


def define_env(env: Any) -> None:
    for function in (options_table, readings, card, example, play, count_box, partnership_example, hand_counts,
                     strengths, twenty_four_share, quick_reference):
        env.macro(function)
    # These link to other pages, so they are given the page being built.
    for function in (info_panel, game_finder, family_games):
        env.macro(partial(_on_page, env, function), function.__name__)


def _on_page(env: Any, function: Callable[..., str], *args: Any) -> str:
    return function(env.page, *args)
