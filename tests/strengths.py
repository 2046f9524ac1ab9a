"""`make strengths`: how the computer players fare against each other, for the table on every game page.

What is played.  For each game (default options) and each pairing below (Family against Beginner,
Strong against Family), whole games are played from seeded deals: the first kind of bot takes one
side (a seat, or a partnership) and the second kind every other seat.  Each deal is played once
with the first kind on every side in turn (South, then West, ...; in a partnership game both
partnerships), so the luck of the deal and of the seat is the same for both kinds.  A game's
result is the first kind's share of the win (a shared win counts its share; a game stopped by its
move cap is nobody's win).  "Par" is the share an even side would get: 1 / the number of sides.
In a game for one player the two kinds play the same deals, and the result of a deal is 1 if the
first did better (by the game's own measure: Accordion counts the piles left), 0 if worse, 1/2 if
they did as well (par 1/2); the share of the deals each won outright is kept too.

How many games: the evidence rule.  A row is played in looks of 48, 96, 192 and 384 games; after
each look it stops if its interval already lies wholly above or below par, and otherwise goes on,
up to 384.  The interval is Wilson's score interval for the mean result, at z = 2.50 rather than
1.96: 5 % split over the four looks (Bonferroni), so that looking four times and stopping at the
first clear answer still leaves at least 95 % confidence that the true rate is inside it.  The
page prints it as the 95 % interval and says "stronger" only when its low end is above par,
"weaker" when its high end is below, and "no measurable difference" otherwise (never hidden).

Strong's budget.  The site's Strong (parlour.web.STRONG_BUDGET) imagines up to 400 deals of the
hidden cards a move or thinks for half a second, whichever ends first.  A clock would make a run
depend on the machine and on what else it is doing, so here Strong imagines a fixed number of
deals a move (--deals, default 16), about what the site's Strong reaches in half a second in the
browser: `make bench` prints the median per game (on a busy two-core machine, 6 in Dummy Whist,
10-11 in Bismarck and Belote, 17-19 in Tute and Whist, 20 to 210 in the other games; about twice
as many on a quiet one; a slow phone reaches fewer).  The file records both budgets.

Runs.  The games of a row are shared out over --jobs processes (default: every core); results are
taken in the order of the games, and a row stops only at a look, so a parallel run gives exactly
the figures of a serial one.  Each game's results so far are kept in build/strengths/<game>.json
as they come in (with a fingerprint of the engine's source and the budget): a killed run started
again continues where it stopped; a changed engine starts afresh.  Each finished game replaces
its entry in docs/strengths.json:

    python tests/strengths.py --game hearts            # one game (repeat --game for more)
    python tests/strengths.py --missing                # the games not in the file yet (or
                                                       # measured before the evidence rule)
    python tests/strengths.py                          # every game (make strengths)
    python tests/strengths.py --game casino --withheld # Strong too where it is withheld
    python tests/strengths.py --game tute --family-only  # only Family against Beginner (quick); the
                                                       # other rows are kept, each with its own method

Races (games without turns: Nuts, Twenty-Four) have a Strong player of their own (GameSpec.strong_bot),
which imagines no deals: it chooses better than Family and thinks quicker.  Its row plays every bot at
the table's default pace (Family), on the clocks, and each bot's own think_percent scales its times
(parlour.clock), so the row measures what the table offers: Strong's choices and its speed together.
A race's entry records no Strong budget.

Strong is measured only where the table offers it: not where it cannot imagine deals, nor where an
earlier measurement withheld it (GameSpec.strong_withheld: no stronger than Family, or too slow to
imagine enough deals at the table, which also makes it too slow for a whole run), unless --withheld.

docs/macros.py draws the table from the file; a game missing from it says "not measured yet".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any, Iterable, Iterator

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
sys.path.insert(0, str(ENGINE))

import parlour  # noqa: E402
from parlour.bots import make_bot, play_out  # noqa: E402
from parlour.rng import sub_seed  # noqa: E402
from parlour.search import side_of as seats_with  # noqa: E402
from parlour.search import has_strong  # noqa: E402
from parlour.web import STRONG_BUDGET, strengths_offered  # noqa: E402

FILE = ROOT / "docs" / "strengths.json"
PARTIAL = ROOT / "build" / "strengths"
#: The names the browser gives the bots (parlour.web.STRENGTHS).
LABELS = {"random": "Beginner", "rule": "Family", "search": "Strong"}
#: (the first kind, the second): the pairings measured.
PAIRINGS = (("rule", "random"), ("search", "rule"))
#: The game counts at which a row may stop (each a multiple of 12, so that every deal is played
#: on every side in a game of 1, 2, 3 or 4 sides).
LOOKS = (48, 96, 192, 384)
CONFIDENCE = 0.95
#: The deals the table's Strong imagines a move (see the module's notes).
DEALS = 16
#: Changed whenever the way a game index becomes a deal, seats and bot seeds changes: kept
#: partial results from another scheme are not reused.
SCHEME = 2
DEAL_SEED = 100_000


def z_for(looks: int, confidence: float = CONFIDENCE) -> float:
    """The two-sided z that keeps ``confidence`` over ``looks`` looks (Bonferroni)."""
    return NormalDist().inv_cdf(1 - (1 - confidence) / (2 * looks))


def wilson(rate: float, games: int, z: float) -> tuple[float, float]:
    """Wilson's score interval for a mean result ``rate`` in [0, 1] over ``games`` games.  Results
    that are shares (1/2, 1/3) vary less than wins and losses, so the interval is if anything wide."""
    if games <= 0:
        return 0.0, 1.0
    z2n = z * z / games
    centre = (rate + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(rate * (1 - rate) / games + z2n / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def verdict(low: float, high: float, par: float) -> str:
    """What a row may say: its whole interval above par, below it, or neither."""
    if low > par:
        return "stronger"
    if high < par:
        return "weaker"
    return "no measurable difference"


@dataclass(frozen=True)
class Plan:
    """How one game is measured: its sides and whether it is a game for one player."""

    game_id: str
    players: int
    sides: tuple[tuple[int, ...], ...]

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def par(self) -> float:
        return 0.5 if self.solo else len(self.sides[0]) / self.players


def plan_for(game: parlour.Game) -> Plan:
    state = game.new(0)
    sides = tuple(sorted({tuple(seats_with(state, seat)) for seat in range(game.num_players)}))
    if len({len(side) for side in sides}) != 1:
        raise ValueError(f"{game.id}: sides of different sizes ({sides}) have no single par")
    return Plan(game.id, game.num_players, sides)


_games: dict[str, parlour.Game] = {}


def _game(game_id: str) -> parlour.Game:
    """The game, loaded once per process."""
    if game_id not in _games:
        _games[game_id] = parlour.load(game_id)
    return _games[game_id]


def _whole_game(game: parlour.Game, deal: int, kinds: list[str], budget: dict[str, Any]) -> list[float]:
    """Each seat's share of the win in one whole game of ``deal`` with a bot of ``kinds[seat]`` in
    each seat.  play_out seats the bots by turn, or on their clocks in a game without turns (all at
    one pace, so only their choices differ)."""
    seed = DEAL_SEED + deal
    bots = [make_bot(game, kind, sub_seed(seed, seat), **(budget if kind == "search" else {}))
            for seat, kind in enumerate(kinds)]
    return play_out(game.new(seed), bots).returns()


def record(plan: Plan, pairing: tuple[str, str], index: int, budget: dict[str, Any]) -> list[float]:
    """What game ``index`` of a row gives: the first kind's share of the win, or in a game for one
    player each kind's own result on the deal (see the module's notes)."""
    mine, theirs = pairing
    game = _game(plan.game_id)
    if plan.solo:
        return [_whole_game(game, index, [kind], budget)[0] for kind in pairing]
    deal, side = divmod(index, len(plan.sides))
    seats = plan.sides[side]
    kinds = [mine if seat in seats else theirs for seat in range(plan.players)]
    returns = _whole_game(game, deal, kinds, budget)
    return [sum(returns[seat] for seat in seats)]


def result_of(kept: list[float]) -> float:
    """A game's result in [0, 1]: the share of the win, or (one player) which kind did better."""
    if len(kept) == 1:
        return kept[0]
    first, second = kept
    return 1.0 if first > second else 0.0 if first < second else 0.5


def _record_task(task: tuple[Plan, tuple[str, str], int, dict[str, Any]]) -> list[float]:
    return record(*task)


class SerialExecutor:
    """The same map as a process pool's, in this process (--jobs 1)."""

    def map(self, fn: Any, tasks: Iterable[Any], chunksize: int = 1) -> Iterator[Any]:
        return map(fn, tasks)


def fingerprint(budget: dict[str, Any]) -> str:
    """The engine's source, the Strong budget and the scheme: kept results are reused only if all match."""
    digest = hashlib.sha256(f"{SCHEME} {json.dumps(budget, sort_keys=True)}".encode())
    for path in sorted((ENGINE / "parlour").rglob("*.py")):
        digest.update(path.relative_to(ENGINE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


class Partial:
    """A game's results so far (build/strengths/<game>.json), written as they come in."""

    def __init__(self, folder: Path, game_id: str, stamp: str) -> None:
        self.path = folder / f"{game_id}.json"
        self.stamp = stamp
        kept: dict[str, Any] = {}
        if self.path.exists():
            try:
                kept = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                kept = {}  # a file cut short by a kill: start the game afresh
        self.rows: dict[str, list[list[float]]] = kept.get("rows", {}) if kept.get("fingerprint") == stamp else {}
        self.saved_at = 0.0

    def results(self, key: str) -> list[list[float]]:
        return self.rows.setdefault(key, [])

    def save(self, force: bool = False) -> None:
        """Write the file (at most every few seconds, unless ``force``), replacing it whole."""
        if not force and time.monotonic() - self.saved_at < 5:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        scratch = self.path.with_suffix(".tmp")
        scratch.write_text(json.dumps({"fingerprint": self.stamp, "rows": self.rows}), encoding="utf-8")
        os.replace(scratch, self.path)
        self.saved_at = time.monotonic()

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass
class Runner:
    """Where the games are played: a process pool of ``jobs``, or this process alone."""

    executor: Executor | SerialExecutor
    jobs: int


def play_row(plan: Plan, pairing: tuple[str, str], budget: dict[str, Any], runner: Runner,
             partial: Partial, looks: tuple[int, ...], z: float) -> list[list[float]]:
    """The row's records, game by game, up to the look at which it stops (the module's notes)."""
    records = partial.results("-".join(pairing))
    for look in looks:
        if len(records) < look:
            tasks = [(plan, pairing, index, budget) for index in range(len(records), look)]
            # A search game takes seconds: one at a time; the quick ones in chunks.
            chunk = 1 if "search" in pairing else max(1, len(tasks) // (runner.jobs * 8))
            for kept in runner.executor.map(_record_task, tasks, chunksize=chunk):
                records.append(kept)
                partial.save()
            partial.save(force=True)
        low, high = wilson(statistics.fmean(result_of(r) for r in records[:look]), look, z)
        if not low <= plan.par <= high:
            return records[:look]
    return records[:looks[-1]]


def row_entry(plan: Plan, pairing: tuple[str, str], records: list[list[float]], z: float,
              seconds: float) -> dict[str, Any]:
    rate = statistics.fmean(result_of(r) for r in records)
    low, high = wilson(rate, len(records), z)
    row: dict[str, Any] = {"side": LABELS[pairing[0]], "against": LABELS[pairing[1]], "games": len(records),
                           "win_rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4),
                           "verdict": verdict(low, high, plan.par)}
    if plan.solo:  # the share of the deals each kind won outright, for the page
        row["deals_won"] = {LABELS[kind]: round(statistics.fmean(r[k] >= 1 for r in records), 4)
                            for k, kind in enumerate(pairing)}
    print(f"  {plan.game_id:22} {row['side']:8} vs {row['against']:8} {rate:6.1%} "
          f"[{low:.1%}, {high:.1%}] over {len(records)} games: {row['verdict']} ({seconds:.0f} s)", flush=True)
    return row


def measure(game_id: str, budget: dict[str, Any], runner: Runner,
            folder: Path = PARTIAL, looks: tuple[int, ...] = LOOKS, withheld: bool = False,
            pairings: tuple[tuple[str, str], ...] = PAIRINGS) -> dict[str, Any]:
    """A game's entry for docs/strengths.json (its kept partial results reused, then discarded);
    ``withheld``: Strong measured also where measurement withheld it (GameSpec.strong_withheld);
    ``pairings``: the rows to play (the others are left to :func:`keep_other_rows`)."""
    game = _game(game_id)
    plan = plan_for(game)
    z = z_for(len(looks))
    # Strong is measured where the table offers it; where an earlier measurement withheld it (some
    # are too slow to measure in a whole run) only when asked, to see whether it still should be.
    strong_searches = "strong" in strengths_offered(game.spec) or (withheld and has_strong(game.spec))
    partial = Partial(folder, game_id, fingerprint(budget))
    rows = []
    for pairing in pairings:
        if "search" in pairing and not strong_searches:
            continue  # Strong plays as Family in this game: nothing to measure
        start = time.perf_counter()
        records = play_row(plan, pairing, budget, runner, partial, looks, z)
        rows.append(row_entry(plan, pairing, records, z, time.perf_counter() - start))
    partial.discard()
    return {"players": plan.players, "par": round(plan.par, 4), "sides": len(plan.sides),
            "method": {"looks": list(looks), "confidence": CONFIDENCE, "z": round(z, 4), "seats_rotated": True},
            "strong_budget": (budget if any(row["side"] == "Strong" for row in rows) and game.spec.strong_bot is None
                              else None),
            "site_budget": STRONG_BUDGET, "rows": rows}


def keep_other_rows(entry: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """``entry`` (some pairings just measured) with the old entry's rows of the other pairings, in
    the table's order, each stamped with the method it was measured by (a row's own "method" overrides its
    entry's), and the old Strong budget if a kept row was Strong's."""
    if not old:
        return entry
    fresh = {(row["side"], row["against"]) for row in entry["rows"]}
    kept = [{"method": old.get("method")} | row for row in old["rows"] if (row["side"], row["against"]) not in fresh]
    order = [(LABELS[a], LABELS[b]) for a, b in PAIRINGS]
    rows = sorted(entry["rows"] + kept, key=lambda row: order.index((row["side"], row["against"])))
    budget = old.get("strong_budget") if any(row["side"] == "Strong" for row in kept) else entry["strong_budget"]
    return entry | {"rows": rows, "strong_budget": budget}


def measured_by_the_rule(entry: dict[str, Any]) -> bool:
    """Played by the evidence rule (not a row of a fixed count from before it, nor absent)."""
    return (bool(entry.get("method", {}).get("looks")) and all("low" in row for row in entry["rows"])
            and not any("method" in row for row in entry["rows"]))


def with_fixed_intervals(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry measured before the intervals (a fixed number of games per row, South always the
    first kind): each row given the plain 95 % interval of its own count, and its verdict."""
    z = z_for(1)
    rows = []
    for row in entry["rows"]:
        low, high = wilson(row["win_rate"], row["games"], z)
        kept = {k: v for k, v in row.items() if k != "error"}
        rows.append(kept | {"low": round(low, 4), "high": round(high, 4),
                            "verdict": verdict(low, high, entry["par"])})
    method = {"looks": [], "confidence": CONFIDENCE, "z": round(z, 4), "seats_rotated": False}
    return entry | {"method": method, "rows": rows}


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable); default: every game")
    parser.add_argument("--missing", action="store_true",
                        help="only the games not in the file yet, or measured before the evidence rule")
    parser.add_argument("--upgrade", action="store_true",
                        help="give rows measured before the intervals the 95 %% interval of their own "
                             "fixed count (nothing is played)")
    parser.add_argument("--deals", type=positive, default=DEALS, help="the Strong bot's imagined deals a move")
    parser.add_argument("--withheld", action="store_true",
                        help="also measure Strong where measurement withheld it (GameSpec.strong_withheld)")
    parser.add_argument("--family-only", action="store_true",
                        help="measure only Family against Beginner; the other rows are kept as they were")
    parser.add_argument("--jobs", type=positive, default=os.cpu_count() or 1, help="processes to play in")
    parser.add_argument("--out", type=Path, default=FILE, help="the file to update")
    parser.add_argument("--partial", type=Path, default=PARTIAL, help="the folder of kept partial results")
    args = parser.parse_args(argv)
    try:
        data: dict[str, Any] = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    except ValueError as error:
        parser.error(f"{args.out} is not JSON ({error}); move it away to start a new file")
    data.setdefault("games", {})
    budget = {"iterations": min(args.deals, STRONG_BUDGET["iterations"])}
    known = {s.info.id for s in parlour.games()}
    unknown = [g for g in args.game or [] if g not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(sorted(known))}")
    ids = args.game or [s.info.id for s in parlour.games()]
    if args.upgrade:
        old = [g for g in ids if g in data["games"] and "method" not in data["games"][g]]
        for game_id in old:
            data["games"][game_id] = with_fixed_intervals(data["games"][game_id])
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(old)} games given the intervals of their fixed counts: {', '.join(old) or 'none'}")
        return
    if args.missing:
        ids = [g for g in ids if not measured_by_the_rule(data["games"].get(g, {}))]
    runner = Runner(ProcessPoolExecutor(args.jobs) if args.jobs > 1 else SerialExecutor(), args.jobs)
    start = time.perf_counter()
    try:
        for game_id in ids:
            if args.family_only:
                entry = measure(game_id, budget, runner, args.partial, pairings=PAIRINGS[:1])
                data["games"][game_id] = keep_other_rows(entry, data["games"].get(game_id))
            else:
                data["games"][game_id] = measure(game_id, budget, runner, args.partial, withheld=args.withheld)
            data["games"] = dict(sorted(data["games"].items()))
            # Written after every game: an interrupted run keeps what it measured.
            args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    finally:
        if isinstance(runner.executor, ProcessPoolExecutor):
            runner.executor.shutdown(cancel_futures=True)
    print(f"{len(ids)} games measured in {time.perf_counter() - start:.0f} s on {args.jobs} processes", flush=True)


if __name__ == "__main__":
    main()
