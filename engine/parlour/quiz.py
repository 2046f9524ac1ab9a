"""A worked example played as a quiz: "What would you play?" at the decisions of one seat.

The spec's ``"quiz"`` key names the seat the quiz follows and the decisions it asks about (the steps,
counted in moves before the decision); by default the seat is the one the page shows (``player``)
and every decision of that seat with more than one legal move (and at most :data:`MOST_CHOICES`) is
asked, up to :data:`MOST_QUESTIONS`.
``"quiz": false`` leaves an example without one (a game without turns never has one).

For each question the page gets everything it needs without asking the engine again: each legal
choice with how it compares with the move played (:func:`parlour.choices.compare`), each card of
the seat's hand that no legal move plays with the engine's reason (``why_illegal``), the move
played, and why (the rule bot's reason when the rule bot, seeded as the example's, plays the same;
otherwise the example's caption).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from . import cards as C
from .bots import explain, make_bot
from .choices import compare
from .core import State

#: The most questions a quiz asks by default (an example that plays a whole game would otherwise
#: ask a hundred); a spec that names its steps may ask more.
MOST_QUESTIONS = 16
#: The most legal moves a decision may offer to be asked by default: a placing game's hundred
#: card-and-space moves (One-Eyed Jack) or Mus's forty discards are no question for a row of buttons
#: (and would weigh down the page); a spec that names its steps may still ask one.
MOST_CHOICES = 30


class QuizError(ValueError):
    """A quiz spec that does not fit its example (a step where the seat has no decision)."""


@dataclass
class Choice:
    label: str                 # what the reader's button says ("Q♠", "Take 7♥ with 7♣")
    action: str = ""           # the legal move it makes ("" for a card no legal move plays)
    verdict: str = ""          # how it compares with the move played (parlour.choices.VERDICTS)
    words: str = ""            # the verdict, or the reason the card cannot be played, in words
    legal: bool = True


@dataclass
class Question:
    step: int                  # the moves made before the decision
    prompt: str                # what the seat is asked ("South to lead.")
    played: str                # the move the example made
    played_label: str
    why: str                   # why it was played (the bot's reason or the caption)
    choices: list[Choice] = field(default_factory=list)


@dataclass
class Quiz:
    seat: int
    name: str
    questions: list[Question]

    def as_dict(self) -> dict[str, Any]:
        """For the page: a choice leaves out what goes without saying (legal, no action or verdict)."""
        data = asdict(self)
        for question in data["questions"]:
            question["choices"] = [{key: value for key, value in choice.items()
                                    if value not in ("", True)} for choice in question["choices"]]
        return data


def quiz_spec_problem(value: Any) -> str | None:
    """What is wrong with a spec's ``"quiz"`` value, or ``None``."""
    if value is False:
        return None
    problem = ("'quiz' must be false or an object with 'seat' (a seat number) and/or 'steps' "
               "(the numbers of moves before each decision asked)")
    if not isinstance(value, dict) or not set(value) <= {"seat", "steps"}:
        return problem
    seat = value.get("seat", 0)
    steps = value.get("steps", [])
    whole = lambda n: isinstance(n, int) and not isinstance(n, bool) and n >= 0  # noqa: E731
    if not whole(seat) or seat > 99 or not isinstance(steps, list) or not all(whole(s) for s in steps):
        return problem
    return None


def _hand_codes(state: State, seat: int) -> list[str]:
    """The cards the seat holds, as the table shows them."""
    seats = state.view(seat).get("seats") or []
    hand = seats[seat].get("hand") if seat < len(seats) else None  # a patience has no seats drawn
    return [code for code in hand or [] if isinstance(code, str)]


def _card_label(state: State, code: str) -> str:
    try:
        return C.short(state.pack.card(code))
    except KeyError:
        return code


def _choices(state: State, played: str, continuation: list[str]) -> list[Choice]:
    """The choices offered: where the game plays single cards, every card of the hand (the legal ones
    with their verdicts, the others with the engine's refusal, all labelled alike so the labels do
    not give the rules away); then the legal moves that are not a single card (captures, builds)."""
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_actions()
    hand = _hand_codes(state, seat)
    single = [code for code in hand if code in legal]
    # "Play {card}" (or "Trail {card}"): the game's own words for a single card, for every card.
    template = state.describe(single[0]).replace(_card_label(state, single[0]), "{card}") if single else ""
    out: list[Choice] = []
    for code in hand if single else []:
        label = template.replace("{card}", _card_label(state, code))
        if code in legal:
            verdict = compare(state, code, played, continuation)
            out.append(Choice(label, code, verdict.verdict, verdict.words))
        else:
            reason = state.why_illegal(code) or "That card cannot be played just now."
            out.append(Choice(label, words=reason, legal=False))
    shown = {choice.action for choice in out}
    for action in legal:
        if action not in shown:
            verdict = compare(state, action, played, continuation)
            out.append(Choice(state.describe(action), action, verdict.verdict, verdict.words))
    return out


def _why(state: State, played: str, spec: dict[str, Any], step: int, seat: int) -> str:
    """The rule bot's reason if it, seeded as the example's bots, makes the same move; else the caption."""
    auto = spec.get("autoplay") or {}
    seed = auto.get("seed", 0) * 10 + seat if step >= len(spec.get("actions", [])) else seat
    action, reason = explain(make_bot(state.game, "rule", seed), state.clone())
    if action is not None and reason and state.canonical(action) == played:
        return reason
    return spec.get("caption", "")


def build_quiz(spec: dict[str, Any], final: State) -> Quiz | None:
    """The quiz of an example whose game ended as ``final``; ``None`` when it asks nothing."""
    asked = spec.get("quiz", {})
    if asked is False or final.simultaneous:
        return None
    seat = asked.get("seat", spec.get("player", 0))
    if seat >= final.game.num_players:
        raise QuizError(f"the quiz follows seat {seat}, but the game has {final.game.num_players} seats")
    history = list(final.history)
    steps = asked.get("steps")
    wanted = set(steps) if steps is not None else None
    if wanted and max(wanted) >= len(history):
        raise QuizError(f"a quiz step ({max(wanted)}) past the example's last move ({len(history) - 1})")
    state = final.game.new(final.seed, final.deck_codes)
    questions: list[Question] = []
    for step, played in enumerate(history):
        moves = len(state.legal_actions()) if state.to_move() == seat else 0
        real_choice = moves > 1
        if wanted is not None and step in wanted and not real_choice:
            raise QuizError(f"quiz step {step}: {state.names[seat]} has no choice to make there")
        ask = (step in wanted if wanted is not None
               else real_choice and moves <= MOST_CHOICES and len(questions) < MOST_QUESTIONS)
        if ask:
            questions.append(Question(step, state.prompt(), played, state.describe(played),
                                      _why(state, played, spec, step, seat),
                                      _choices(state, played, history[step + 1:])))
        state.apply(played)
    if not questions:
        return None
    return Quiz(seat, final.names[seat], questions)
