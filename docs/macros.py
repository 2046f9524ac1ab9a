"""Macros for the site: every card, deal, story and score on a page comes from the engine.

mkdocs-macros calls :func:`define_env` at build time.  The macros only
arrange what ``parlour`` produces (views, SVG cards, narrative, reasons,
score sheets); no game fact is written here.
"""

from __future__ import annotations

import json
import re
import sys
from html import escape
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, Callable

from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour import cards as C  # noqa: E402
from parlour import examples as ex  # noqa: E402
from parlour import render  # noqa: E402
from parlour.clock import PACES  # noqa: E402
from parlour.registry import GAME_MODULES, spec  # noqa: E402
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
SORT_CHOICES = {"name": "Name", "players": "Fewest players", "age": "Youngest age",
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


def example(game_id: str, name: str) -> str:
    """A worked example: the deal drawn, the play step by step, reasons, the score."""
    path = EXAMPLES / game_id / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(f"no example spec {path}")
    worked = ex.build(path)
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
    # The site search indexes the title and caption; the cards, the story and the scores would
    # swamp the rules text in the index (and in every page's download of it).
    return (f'<div class="pt-example" data-record="{record}" data-table-step="{worked.table_step}">'
            f'<h3 class="pt-example-title">{title}</h3>'
            + (f"<p>{escape(caption)}</p>" if caption else "")
            # A <section>, because the search index's exclusion only works on a tag that does not
            # occur inside (the table is made of <div>s).
            + f'<section class="pt-example-table" role="group" aria-label="the table {step_note}" data-search-exclude>'
              f'<p class="pt-example-note">The table {step_note}:</p>{table}</section>'
            + f'<details class="pt-story" open data-search-exclude><summary>The play, step by step</summary>'
              f'{render.story(view["log"])}</details>'
            + probes + f'<div data-search-exclude>{render.score(view.get("score"))}</div>' + outcome + "</div>")


def play(game_id: str) -> str:
    """The live table's place on the page: the browser fills it (parlour in Pyodide); without JavaScript it says so."""
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
    # The strengths the table offers (no Strong where the search bot cannot search: web.strengths_offered).
    offered = f' data-strengths="{escape(" ".join(strengths_offered(state)))}"'
    return (f'<h3 class="pt-sr-only">The live table</h3>'
            f'<div class="pt-live" id="live-table" data-game="{escape(game_id)}" data-name="{escape(info.name)}"'
            f' data-options="{escape(options)}"{realtime}{solo}{tricks}{offered}>'
            f'<p class="pt-live-note">The live table loads Python and the card engine into this page; '
            f"it needs JavaScript and takes a few seconds the first time.</p>"
            f'<noscript>The live table needs JavaScript; the worked examples above work without it.</noscript>'
            f"</div>" + strengths(game_id))


def strengths(game_id: str, file: Path = STRENGTHS) -> str:
    """How strong the computer players are: their measured win rates against each other (from
    docs/strengths.json, made by `make strengths`), or "not measured yet" for a game not in it."""
    data = json.loads(file.read_text(encoding="utf-8")) if file.exists() else {}
    entry = data.get("games", {}).get(game_id)
    title = "<strong>How strong are the computer players?</strong>"
    if entry is None:
        return (f'<p class="pt-strengths">{title} Not measured yet for this game '
                f"(<code>make strengths</code> measures it).</p>")
    alone = entry["players"] == 1
    rows = "".join(
        f"<tr><td>{escape(row['side'])}</td>" + ("" if alone else f"<td>{escape(row['against'])}</td>")
        + f"<td>{row['win_rate']:.0%} ± {row['error']:.0%}</td><td>{row['games']}</td></tr>"
        for row in entry["rows"])
    who = ("the share of games won, ± one standard error" if alone else
           f"the share of games won by the first player (South{'' if entry['par'] * entry['players'] == 1 else ' and partner'}) "
           f"against the second in every other seat, ± one standard error; an even share would be {entry['par']:.0%}")
    against = "" if alone else "<th>against</th>"
    strong = (entry.get("strong_budget") or {}).get("iterations")
    game = spec(game_id)
    if game.no_choice:
        note = f" No choice changes how this game turns out: {game.no_choice}. So no Strong player is offered."
    elif searches(game.state):
        note = (f" Strong here imagines {strong} deals a move; at the table it thinks for up to half a second."
                if strong else " Strong is not measured yet.")
    else:
        note = " No Strong player is offered here yet: " + (
            "everyone plays at once, so there are no turns to think ahead through."
            if game.state.simultaneous else "it cannot imagine the hidden cards yet, so it would play as Family.")
    return (f'<table class="pt-score pt-strengths"><caption>{title} Beginner plays any legal card, Family '
            f"is the rule bot, Strong tries every move in many imagined deals. Figures: {who}.{note}</caption>"
            f"<thead><tr><th>computer player</th>{against}<th>won</th>"
            f"<th>games</th></tr></thead><tbody>{rows}</tbody></table>")


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
                     strengths, twenty_four_share):
        env.macro(function)
    # These link to other pages, so they are given the page being built.
    for function in (info_panel, game_finder, family_games):
        env.macro(partial(_on_page, env, function), function.__name__)


def _on_page(env: Any, function: Callable[..., str], *args: Any) -> str:
    return function(env.page, *args)
