"""The command line: ``python -m parlour list | rules | play | simulate | count | solve | examples``.

Every mistake (an unknown game, a bad option, a bad number) ends with a
one-line message and exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any, Sequence, TextIO

from . import examples as ex
from .bots import BOT_KINDS, make_bot, play_out
from .clock import DEFAULT_PACE, PACES, Clock, paces_for
from .codec import encode
from .core import CountError, Game, IllegalAction, Option, OptionError
from .limits import MAX_NAME_CHARS, checked_options, short_text
from .registry import UnknownGame, games, load, spec
from .rng import MAX_SEED, sub_seed

#: The most games one ``simulate`` may be asked for.
MAX_GAMES = 1_000_000
#: What a terminal that cannot show a character gets instead (then accents are dropped, then "?").
PLAIN_TEXT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
              "–": "-", "—": "-", "…": "...", "“": '"', "”": '"', "‘": "'", "’": "'", "×": "x",
              "→": "->", "↔": "<->", "·": "-", "★": "*"}
from .text import score_text, table_text


class CliError(Exception):
    """A user's mistake: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(message)


def _whole_number(text: str, lowest: int, highest: int, what: str) -> int:
    """``text`` as a whole number from ``lowest`` to ``highest``; argparse's error if it is not."""
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {short_text(text)}")
    if not lowest <= value <= highest:
        raise argparse.ArgumentTypeError(f"{what} must be from {lowest} to {highest}, not {value}")
    return value


def _seed(text: str) -> int:
    return _whole_number(text, 0, MAX_SEED, "a seed")


def _positive(text: str) -> int:
    return _whole_number(text, 1, MAX_GAMES, "the number of games (at least 1)")


def _seat(text: str) -> int:
    return _whole_number(text, 0, 99, "a seat")


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise CliError(f"an option is written name=value, not {pair!r}")
        name, value = pair.split("=", 1)
        options[name.strip()] = value.strip()
    return checked_options(options)


def _game(args: argparse.Namespace) -> Game:
    return load(args.game, **_options(args.option or []))


def _bots(game: Game, text: str | None, default: str, seed: int, seats: int) -> list[Any]:
    kinds = (text or default).split(",")
    if len(kinds) == 1:
        kinds = kinds * seats
    if len(kinds) != seats:
        raise CliError(f"--bots needs one kind or {seats} kinds separated by commas, not {len(kinds)}")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise CliError(f"unknown bot {kind!r}; bots: {', '.join(BOT_KINDS)}")
    return [make_bot(game, kind, sub_seed(seed, seat)) for seat, kind in enumerate(kinds)]


def cmd_list(args: argparse.Namespace, out: TextIO) -> None:
    specs = games()
    if args.json:
        rows = [{"id": s.info.id, "name": s.info.name, "family": s.info.family,
                 "players": list(s.info.players), "pack": s.info.pack, "min_age": s.info.min_age,
                 "skill": s.info.skill, "duration": s.info.duration,
                 "options": [o.as_dict() for o in s.options]} for s in specs]
        json.dump(rows, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return
    for s in specs:
        players = "1 player " if s.info.players == (1,) else f"{s.info.players_text():>5} players"
        out.write(f"{s.info.id:24} {s.info.name:24} {players:>13}  {s.info.family}\n")
        variants = [variant_text(option) for option in s.options]
        if variants:
            out.write(f"{'':25}variants: {'; '.join(variants)}\n")


def variant_text(option: Option) -> str:
    """``passing=left, right (standard)``: the values an option offers besides the house rule."""
    if option.choices is None:
        return f"{option.name}={option.minimum}–{option.maximum} (house: {option.default})"
    others = [f"{value}{' (standard)' if value == option.standard else ''}"
              for value in option.choices if value != option.default]
    return f"{option.name}={', '.join(others)}"


def cmd_rules(args: argparse.Namespace, out: TextIO) -> None:
    game = load(args.game)
    info = game.info
    out.write(f"{info.name}\n{'=' * len(info.name)}\n{info.summary}\n\n")
    out.write(f"Players: {info.players_text()}   Pack: {info.pack}   Minimum age: {info.min_age}   "
              f"Skill: {info.skill}   Time: {info.duration}\n\n")
    for line in info.short_rules:
        out.write(f"- {line}\n")
    out.write(f"\nHouse rule (the default): {info.house_rule}\nStandard rule: {info.standard_rule}\n")
    if info.readings:
        out.write("\nWhere the rules needed reading:\n")
        for reading in info.readings:
            other = f" (other reading: {reading.option}={reading.value})" if reading.option else ""
            out.write(f"- {reading.question} {reading.answer}{other}\n")
    if game.spec.options:
        out.write("\nOptions (--option name=value):\n")
        for opt in game.spec.options:
            allowed = (", ".join(f"{v!r}" for v in opt.choices) if opt.choices
                       else f"{opt.minimum} to {opt.maximum}")
            out.write(f"  {opt.name} (default {opt.default!r}; {allowed}): {opt.help}\n")
    out.write(f"\nSource: {info.source}\n")


class _Leave(Exception):
    """The reader has left the game (end of input, or quit): the command ends with status 0."""


def _reader_line(state: Any, view: dict[str, Any], out: TextIO, inp: TextIO) -> str | None:
    """Show the table and read the reader's line: the text of a move, or ``None`` when the line
    has been answered here (help, a line far too long); :class:`_Leave` when the reader leaves."""
    out.write("\n" + "\n".join(table_text(view, state.pack)) + f"\n{view['prompt']}\n> ")
    out.flush()
    line = inp.readline()
    if not line:
        out.write("\nEnd of input: the game is left unfinished.\n")
        raise _Leave
    text = line.strip()
    if len(text) > MAX_NAME_CHARS:
        out.write("Not allowed: that is far too long to be a move; 'help' lists your choices.\n")
        return None
    if text in ("quit", "exit"):
        out.write(f"Game code to come back to this game: {encode(state)}\n")
        raise _Leave
    if text in ("help", "?", ""):
        out.write("Your choices: " + ", ".join(f"{a['action']} ({a['label']})" for a in view["legal"]) + "\n")
        return None
    return text


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    game = _game(args)
    seat = args.seat
    if not 0 <= seat < game.num_players:
        raise CliError(f"--seat must be from 0 to {game.num_players - 1}")
    bots = _bots(game, args.bots, "rule", args.seed, game.num_players)
    state = game.new(args.seed)
    if state.simultaneous:
        return play_without_turns(state, seat, bots, args.pace, out, inp)
    shown = 0
    out.write(f"{game.info.name}, seed {args.seed}. You are {state.names[seat]}. "
              f"Type a card (QS, 10h, 2♣) or an action; 'help' lists your choices, 'quit' stops.\n")
    while True:
        events = state.view(seat)["log"]
        for event in events[shown:]:
            out.write(f"  {event['text']}\n")
        shown = len(events)
        mover = state.to_move()
        if mover is None:
            break
        if state.at_move_cap:
            out.write(f"{state.move_cap_reason()}\n")
            return 0
        if mover != seat:
            state.apply(bots[mover].choose(state))
            continue
        view = state.view(seat)
        try:
            text = _reader_line(state, view, out, inp)
        except _Leave:
            return 0
        if text is None:
            continue
        if text == "score":
            out.write("\n".join(score_text(view.get("score"))) + "\n")
            continue
        try:
            state.apply(text)
        except IllegalAction as error:
            out.write(f"Not allowed: {error.reason}\n")
    assert state.outcome is not None
    out.write("\n" + "\n".join(score_text(state.view(seat).get("score"))) + "\n")
    out.write(f"{state.outcome.text}\n")
    return 0


#: How long a reader at the terminal takes over a move: the computer players' moves due meanwhile land first.
READER_MS = 3000


def play_without_turns(state: Any, seat: int, bots: list[Any], pace: str, out: TextIO, inp: TextIO) -> int:
    """A game without turns at the terminal: each line typed takes the reader a few seconds of the
    simulated clock, and the computer players' moves due in that time land before it; 'wait' lets
    time pass."""
    others = {s: bot for s, bot in enumerate(bots) if s != seat}
    clock = Clock(state, others, paces_for(others, pace), seed=state.seed, reader=seat)
    shown = 0
    out.write(f"{state.game.info.name}, seed {state.seed}. You are {state.names[seat]}. Everyone plays at once: "
              f"type a move, 'wait' to let a few seconds pass, 'help' for your choices, 'quit' to stop.\n")
    while not state.is_over:
        events = state.view(seat)["log"]
        for event in events[shown:]:
            out.write(f"  {event['text']}\n")
        shown = len(events)
        if state.at_move_cap:
            out.write(f"{state.move_cap_reason()}\n")
            return 0
        try:
            text = _reader_line(state, state.view(seat), out, inp)
        except _Leave:
            return 0
        if text is None:
            continue
        clock.advance(READER_MS)
        if text == "wait" or state.is_over:
            continue
        action = state.own(seat, text)
        if state.seat_of(action) != seat:
            out.write("Not allowed: that move names another player's seat.\n")
            continue
        try:
            state.apply(action)
        except IllegalAction as error:
            out.write(f"Not allowed: {error.reason}\n")
        clock.reader_moved()
    for event in state.view(seat)["log"][shown:]:
        out.write(f"  {event['text']}\n")
    assert state.outcome is not None
    out.write("\n" + "\n".join(score_text(state.view(seat).get("score"))) + f"\n{state.outcome.text}\n")
    return 0


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> None:
    game = _game(args)
    wins = [0.0] * game.num_players
    returns = [0.0] * game.num_players
    no_winner = unfinished = 0
    actions = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = sub_seed(args.seed, g)
        state = play_out(game.new(seed), _bots(game, args.bots, "random", seed, game.num_players), pace=args.pace)
        actions += len(state.history)
        if state.outcome is None:  # stopped at the move cap: a game that would never end
            unfinished += 1
            continue
        if not state.outcome.winners:
            no_winner += 1
        for s in state.outcome.winners:
            wins[s] += 1 / len(state.outcome.winners)
        for s, r in enumerate(state.returns()):
            returns[s] += r
    elapsed = time.perf_counter() - start
    result = {"game": game.id, "options": game.changed_options(), "games": args.games, "seed": args.seed,
              "bots": (args.bots or "random"), "seconds": round(elapsed, 3),
              "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
              "actions_per_game": round(actions / args.games, 1),
              "wins": [round(w, 2) for w in wins], "mean_return": [round(r / args.games, 4) for r in returns],
              "no_winner": no_winner, "unfinished": unfinished}
    if args.json:
        json.dump(result, out)
        out.write("\n")
        return
    out.write(f"{game.info.name}: {args.games} games in {elapsed:.2f} s "
              f"({result['games_per_second']} games/s, {result['actions_per_game']} actions a game)\n")
    names = game.new(args.seed).names
    for s in range(game.num_players):
        out.write(f"  {names[s]:10} wins {wins[s]:g}  mean return {returns[s] / args.games:.3f}\n")
    if no_winner:
        out.write(f"  no winner: {no_winner}\n")
    if unfinished:
        out.write(f"  unfinished (stopped at the cap of {game.move_cap} moves): {unfinished}\n")


def cmd_count(args: argparse.Namespace, out: TextIO) -> None:
    """A game's "count my hand" helper, its inputs read from the options the game declares."""
    game_spec = spec(args.game)
    counting = game_spec.counting
    if counting is None:
        offered = ", ".join(s.info.id for s in games() if s.counting) or "none"
        raise CliError(f"{game_spec.info.name} has no counting helper; games with one: {offered}")
    inputs = _Parser(prog=f"python -m parlour count {args.game}", description=counting.title)
    for item in counting.inputs:
        flag = "--" + item.name.replace("_", "-")
        if item.kind == "flag":
            inputs.add_argument(flag, dest=item.name, action="store_true", help=item.help)
        else:
            inputs.add_argument(flag, dest=item.name, required=True, metavar=item.example or "CARDS", help=item.help)
    values = vars(inputs.parse_args(args.inputs))
    try:
        counted = counting.run(values)
    except CountError as error:
        raise CliError(str(error)) from None
    out.write("\n".join(counted.text()) + "\n")


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """A game's puzzle solved: one solution (or every one), or 'no solution' with exit status 1."""
    game_spec = spec(args.game)
    if game_spec.solve is None:
        raise CliError(f"{game_spec.info.name} has no puzzle to solve; games with one: "
                       + ", ".join(s.info.id for s in games() if s.solve is not None))
    try:
        found = game_spec.solve(args.values, args.all)
    except ValueError as error:
        raise CliError(str(error)) from None
    if not found:
        out.write("no solution\n")
        return 1
    for line in found if args.all else found[:1]:
        out.write(f"{line}\n")
    return 0


def cmd_examples(args: argparse.Namespace, out: TextIO) -> int:
    root = Path(args.dir)
    if not root.is_dir():
        raise CliError(f"no examples folder at {root} (run from the project's top folder or give --dir)")
    game = None if args.game is None else spec(args.game).info.id  # an unknown game is refused by name
    count = len(ex.spec_paths(root, game))
    if game is not None and not count:
        raise CliError(f"no examples of {game} in {root} (write specs in {root / game}/)")
    if args.regenerate:
        changed = ex.regenerate(root, game)
        out.write(f"{count} examples; {len(changed)} snapshots rewritten\n")
        for path in changed:
            out.write(f"  {path}\n")
        return 0
    stale = ex.check(root, game)
    for path in stale:
        out.write(f"stale: {path}\n")
    out.write(f"{count} examples, {len(stale)} stale\n")
    return 1 if stale else 0


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m parlour", description="Family card games: rules engines and bots.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("list", help="list the games")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("rules", help="a game's rules, options and sources")
    s.add_argument("game")
    for name, help_text in (("play", "play in the terminal against bots"),
                            ("simulate", "let bots play many games")):
        s = sub.add_parser(name, help=help_text)
        s.add_argument("game")
        s.add_argument("--seed", type=_seed, default=1)
        s.add_argument("--bots", help=f"one kind for every seat, or one per seat: {', '.join(BOT_KINDS)}")
        s.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule variant")
        s.add_argument("--pace", choices=list(PACES), default=DEFAULT_PACE,
                       help="how quickly the computer players play, in a game without turns")
        if name == "play":
            s.add_argument("--seat", type=_seat, default=0, help="your seat (0 = South)")
        else:
            s.add_argument("--games", type=_positive, default=100)
            s.add_argument("--json", action="store_true")
    s = sub.add_parser("count", help="count a hand with a game's counting helper (cribbage: the show)",
                       description="Count a hand: python -m parlour count cribbage --hand 5H,5C,5S,JD --starter 5D "
                                   "[--crib]. Each game with a counting helper declares its own inputs.")
    s.add_argument("game")
    s.add_argument("inputs", nargs=argparse.REMAINDER, help="the game's inputs, such as --hand and --starter")
    s = sub.add_parser("solve", help="solve a game's puzzle (Twenty-Four: four card values)")
    s.add_argument("game")
    s.add_argument("values", nargs="*", help="the values, such as 5 7 8 9")
    s.add_argument("--all", action="store_true", help="every distinct solution, one a line")
    s = sub.add_parser("examples", help="check or regenerate the worked examples' snapshots")
    s.add_argument("--regenerate", action="store_true")
    s.add_argument("--dir", default="docs/examples")
    s.add_argument("--game", help="only this game's examples (its id, such as hearts)")
    return p


def _plain_text(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: characters the terminal cannot show, in plain text (``Q♠`` → ``QS``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start:error.end]
    plain = [PLAIN_TEXT.get(char) or unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or "?"
             for char in chunk]
    return "".join(plain), error.end


codecs.register_error("parlour-plain", _plain_text)


def _tolerant(stream: TextIO, errors: str) -> None:
    """Let a real console stream cope with characters its encoding lacks (PYTHONIOENCODING=ascii)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors=errors)
        except (OSError, ValueError):  # a stream that cannot change now keeps its settings
            pass


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    if out is None:
        _tolerant(sys.stdout, "parlour-plain")
    if inp is None:
        _tolerant(sys.stdin, "replace")
    _tolerant(sys.stderr, "parlour-plain")
    out = out or sys.stdout
    inp = inp or sys.stdin
    err = sys.stderr
    try:
        args = parser().parse_args(argv)
        if args.command == "list":
            cmd_list(args, out)
        elif args.command == "rules":
            cmd_rules(args, out)
        elif args.command == "play":
            return cmd_play(args, out, inp)
        elif args.command == "simulate":
            cmd_simulate(args, out)
        elif args.command == "count":
            cmd_count(args, out)
        elif args.command == "solve":
            return cmd_solve(args, out)
        elif args.command == "examples":
            return cmd_examples(args, out)
        return 0
    except (CliError, UnknownGame, OptionError, ex.ExampleError) as error:
        err.write(f"error: {error}\n")
        return 2
    except SystemExit as exit_:  # argparse's --help (and nothing else) exits this way
        return exit_.code if isinstance(exit_.code, int) else 0
    except KeyboardInterrupt:
        err.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (``python -m parlour list | head``): nothing more to say.
        # Point stdout at nothing so Python's exit-time flush does not complain either.
        if out is sys.stdout:
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
        return 0
