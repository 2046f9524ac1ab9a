"""Macros for the site: every card, deal, story and score on a page comes from the engine.

mkdocs-macros calls :func:`define_env` at build time.  The macros only
arrange what ``parlour`` produces (views, SVG cards, narrative, reasons,
score sheets); no game fact is written here.
"""

from __future__ import annotations

import json
import sys
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour import cards as C  # noqa: E402
from parlour import examples as ex  # noqa: E402
from parlour import render  # noqa: E402
from parlour.registry import spec  # noqa: E402
from parlour.svg import card_svg  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
#: How the computer players fare against each other, per game (written by `make strengths`).
STRENGTHS = ROOT / "docs" / "strengths.json"


def info_panel(game_id: str) -> str:
    """The panel at the top of a game page: players, pack, age, skill, time, rules' sources."""
    info = spec(game_id).info
    rows = [("Players", info.players_text()), ("Pack", info.pack), ("Minimum age", str(info.min_age)),
            ("Skill", info.skill), ("Time", info.duration), ("Family", info.family)]
    cells = "".join(f"<div><dt>{k}</dt><dd>{escape(v)}</dd></div>" for k, v in rows)
    return (f'<aside class="pt-info-panel" aria-label="{escape(info.name)} at a glance">'
            f'<p class="pt-summary">{escape(info.summary)}</p><dl>{cells}</dl></aside>')


def games_index() -> str:
    """A table of every game we carry."""
    rows = []
    for s in parlour.games():
        i = s.info
        rows.append(f'<tr><td><a href="{i.id}/">{escape(i.name)}</a></td><td>{i.players_text()}</td>'
                    f"<td>{escape(i.pack)}</td><td>{escape(i.family)}</td><td>{i.min_age}+</td>"
                    f"<td>{escape(i.duration)}</td></tr>")
    return ('<table class="pt-index"><thead><tr><th>Game</th><th>Players</th><th>Pack</th>'
            "<th>Family</th><th>Age</th><th>Time</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


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
        probes = f'<div class="pt-probes"><h4>Why not another card?</h4><ul>{items}</ul></div>'
    outcome = f'<p class="pt-outcome">{escape(state.outcome.text)}</p>' if state.outcome else ""
    record = escape(json.dumps(state.record(), separators=(",", ":")))
    return (f'<div class="pt-example" data-record="{record}" data-table-step="{worked.table_step}">'
            f'<h3 class="pt-example-title">{title}</h3>'
            + (f"<p>{escape(caption)}</p>" if caption else "")
            + f'<div class="pt-example-table" aria-label="the table {step_note}">'
              f'<p class="pt-example-note">The table {step_note}:</p>{table}</div>'
            + f'<details class="pt-story" open><summary>The play, step by step</summary>'
              f'{render.story(view["log"])}</details>'
            + probes + render.score(view.get("score")) + outcome + "</div>")


def play(game_id: str) -> str:
    """The live table's place on the page: the browser fills it (parlour in Pyodide); without JavaScript it says so."""
    options = json.dumps([o.as_dict() for o in spec(game_id).options], separators=(",", ":"))
    return (f'<div class="pt-live" data-game="{escape(game_id)}" data-options="{escape(options)}">'
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
    note = (f" Strong here imagines {strong} deals a move; at the table it thinks for up to half a second."
            if strong else " In this game Strong plays as Family: it cannot imagine the hidden cards yet.")
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
    """The seed's individual-scoring example, decided by the engine's own rule."""
    from parlour.rulebook.partnership_hearts import TEAMS, team_totals, winning_teams

    names = ["You (South)", "West", "Your partner (North)", "East"]
    totals = [105, 78, 34, 69]
    combined = team_totals(totals)
    best = winning_teams(totals)
    rows = "".join(f"<tr><td>{' + '.join(names[s] for s in team)}</td>"
                   f"<td>{' + '.join(str(totals[s]) for s in team)} = {combined[t]}</td>"
                   f"<td>{'wins' if t in best else ''}</td></tr>" for t, team in enumerate(TEAMS))
    return ('<table class="pt-score"><caption>Checked by the engine</caption><thead><tr><th>Partnership</th>'
            f"<th>Total</th><th></th></tr></thead><tbody>{rows}</tbody></table>")


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


def define_env(env: Any) -> None:
    for function in (info_panel, games_index, options_table, readings, card, example, play, count_box,
                     partnership_example, hand_counts, strengths):
        env.macro(function)
