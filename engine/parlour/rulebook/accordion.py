"""Accordion: the one-line patience (seed 002).

Cards are turned one at a time onto the end of a line.  A pile may be moved,
whole, onto the pile next to it on the left or onto the pile three places
to its left, when the top cards match in suit or rank.  A move must be made
whenever one is possible; when two are, the player chooses.  The game is won
if the whole pack ends in a single pile.

Actions: ``"deal"`` turns the next card (only when no move is possible);
``"9C>7C"`` moves the pile topped by the 9♣ onto the pile topped by the 7♣.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card
from ..cardgame import CardGameState
from ..core import Action, GameInfo, GameSpec, Outcome, Reading
from ..scoring import plural

INFO = GameInfo(
    id="accordion",
    name="Accordion",
    family="Patience",
    players=(1,),
    pack="52 cards",
    min_age=7,
    skill="Low",
    kinds=("patience", "matching"), deck="french52", minutes=(5, 10),
    summary="Squeeze a line of cards into one pile by matching suits or ranks.",
    house_rule="None: the book's rules, with moves compulsory whenever one exists.",
    standard_rule="Some players allow a move to be skipped; here a possible move must be made.",
    source="Chambers Card Games for Families.",
    short_rules=(
        "One player; 52 cards turned one at a time into a line, left to right.",
        "A pile moves whole onto the pile next to it on the left, or onto the pile three places "
        "left, when their top cards match in suit or rank; the piles to its right close up.",
        "A possible move must be made before the next card is turned; with two open, you choose.",
        "Won if the whole pack ends in one pile.",
    ),
    readings=(
        Reading("The book's worked example shows its five starting piles in a picture that is missing "
                "from our copy.",
                "We rebuilt the five piles from the example's words (the 9♣ goes onto the 7♣, that pile "
                "onto the 9♦, then the K♣ onto the 9♣ and onto the K♠, leaving two piles)."),
        Reading("The book says the game ends when every card has been dealt; may the moves the last "
                "card opens still be made?",
                "Yes: moves stay compulsory after the last card, and the game ends when none is left."),
    ),
)

#: A pile may jump onto the next pile to its left, or onto the one three places left.
REACHES = (1, 3)


def matches(a: Card, b: Card) -> bool:
    return C.suit_of(a) == C.suit_of(b) or C.rank_of(a) == C.rank_of(b)


def moves_in(piles: list[list[Card]]) -> list[tuple[int, int]]:
    """Every legal move as (from pile index, onto pile index), left to right."""
    out = []
    for i, pile in enumerate(piles):
        for reach in REACHES:
            j = i - reach
            if j >= 0 and matches(pile[-1], piles[j][-1]):
                out.append((i, j))
    return out


def moved(piles: list[list[Card]], move: tuple[int, int]) -> list[list[Card]]:
    """The line after ``move``; piles to the right close up the gap."""
    i, j = move
    line = [list(p) for p in piles]
    line[j].extend(line[i])
    del line[i]
    return line


class AccordionState(CardGameState):
    """One player, no hands: a stock turned card by card onto a line of piles."""

    def choose_first_dealer(self) -> int:
        return 0  # a patience: the player deals to themselves, and the seed goes to the shuffle

    def start_hand(self) -> None:
        self.new_hand_state()
        self.stock = self.shuffled_pack()
        self.piles: list[list[Card]] = []
        self.phase = "play"
        self.say("The pack is shuffled and held face down; turn the cards one by one.", kind="deal")

    def to_move(self) -> int | None:
        return None if self.is_over else 0

    def move_code(self, move: tuple[int, int]) -> Action:
        i, j = move
        return f"{C.code(self.piles[i][-1])}>{C.code(self.piles[j][-1])}"

    def canonical(self, action: Action) -> Action | None:
        """``"qc > 8♣"`` is the move ``QC>8C``: each side of the ``>`` is read as a card code."""
        parts = action.split(">") if isinstance(action, str) else []
        cards = [self.pack.find(part) for part in parts]
        if len(cards) == 2 and None not in cards:
            action = ">".join(C.code(card) for card in cards if card is not None)
        return super().canonical(action)

    def _candidates_play(self) -> list[Action]:
        return [self.move_code(m) for m in moves_in(self.piles)] + ["deal"]

    def _verify_play(self, action: Action) -> str | None:
        moves = moves_in(self.piles)
        if action == "deal":
            if moves:
                return "A move is possible, and a possible move must be made before the next card is turned."
            return None
        parts = action.split(">")
        if len(parts) != 2 or any(self.pack.find(p) is None for p in parts):
            return f"{action!r} is not a move: write it like 9C>7C (the pile topped by 9♣ onto the 7♣), or deal."
        mover, target = (self.pack.card(p) for p in parts)
        tops = {pile[-1]: index for index, pile in enumerate(self.piles)}
        if mover not in tops:
            return f"The {C.name(mover)} is not on top of a pile in the line."
        if target not in tops:
            return f"The {C.name(target)} is not on top of a pile in the line."
        distance = tops[mover] - tops[target]
        if distance not in REACHES:
            return ("A pile may only move onto the pile next to it on the left, "
                    "or onto the pile three places to its left.")
        if not matches(mover, target):
            return f"{C.short(mover)} and {C.short(target)} share neither suit nor rank."
        return None

    def _do_play(self, action: Action) -> None:
        if action == "deal":
            card = self.stock.pop(0)
            self.piles.append([card])
            self.say(f"You turn {C.short(card)}.", kind="deal")
        else:
            mover, target = (self.pack.card(p) for p in action.split(">"))
            tops = {pile[-1]: index for index, pile in enumerate(self.piles)}
            i, j = tops[mover], tops[target]
            where = "next to it" if i - j == 1 else "three to its left"
            size = len(self.piles[i])
            pile = "" if size == 1 else f" (a pile of {size})"
            self.piles = moved(self.piles, (i, j))
            self.say(f"{C.short(mover)}{pile} goes onto {C.short(target)}, {where}.", kind="play")
        if not self.stock and not moves_in(self.piles):
            self.finish()

    def finish(self) -> None:
        piles = len(self.piles)
        if piles == 1:
            self.outcome = Outcome((0,), "Won: all 52 cards are in one pile.")
        else:
            self.outcome = Outcome((), f"Lost: the pack is used up with {piles} piles left.")
        self.say(self.outcome.text, kind="end")

    def other_cards(self) -> list[Card]:
        return self.stock + [c for pile in self.piles for c in pile]

    def returns(self) -> list[float]:
        """1 for a win, less for each extra pile (so benchmarks can tell near-misses apart)."""
        return [(52 - len(self.piles)) / 51]

    def prompt(self) -> str:
        moves = moves_in(self.piles)
        if not moves:
            return "No move is possible: turn the next card."
        if len(moves) == 1:
            return "A move is possible, so it must be made."
        return "Choose which move to make."

    def describe(self, action: Action) -> str:
        if action == "deal":
            return "Turn the next card"
        mover, target = (self.pack.card(p) for p in action.split(">"))
        return f"Move {C.short(mover)} onto {C.short(target)}"

    def _view(self, player: int | None) -> dict[str, Any]:
        line = {"kind": "piles", "label": "The line", "piles": [[C.code(c) for c in pile] for pile in self.piles]}
        stock = {"kind": "cards", "label": "Still to turn", "hidden": len(self.stock)}
        return {"seats": [], "centre": [line, stock],
                "status": f"{plural(len(self.piles), 'pile')}, {plural(len(self.stock), 'card')} to turn"}


def settle(piles: list[list[Card]], budget: int = 400) -> int:
    """The fewest piles reachable by moves alone (no more cards turned), searching a bounded tree."""
    best = len(piles)
    stack = [piles]
    seen: set[tuple[Card, ...]] = set()
    while stack and budget > 0:
        budget -= 1
        line = stack.pop()
        best = min(best, len(line))
        for move in moves_in(line):
            after = moved(line, move)
            key = tuple(p[-1] for p in after) + (len(after),)
            if key not in seen:
                seen.add(key)
                stack.append(after)
    return best


class AccordionBot(RuleBot):
    """Looks ahead through the moves the line allows now and picks the one that shrinks it most."""

    def choose(self, state: AccordionState) -> Action:  # type: ignore[override]
        moves = moves_in(state.piles)
        if not moves:
            return self.because("deal", "no pile can move, so turns the next card")

        def score(move: tuple[int, int]) -> tuple[int, int]:
            after = moved(state.piles, move)
            # Fewest piles first; then prefer keeping more moves open for the cards to come.
            return settle(after), -len(moves_in(after))

        scores = {move: score(move) for move in moves}
        choice = min(moves, key=scores.__getitem__)
        action = state.move_code(choice)
        return self.because(action, self.why(state, choice, scores))

    @staticmethod
    def why(state: AccordionState, choice: tuple[int, int], scores: dict[tuple[int, int], tuple[int, int]]) -> str:
        i, j = choice
        mover, target = state.piles[i][-1], state.piles[j][-1]
        shared = "suit" if C.suit_of(mover) == C.suit_of(target) else "rank"
        piles, open_moves = scores[choice][0], -scores[choice][1]
        move = f"{C.short(mover)} onto {C.short(target)} (same {shared})"
        if len(scores) == 1:
            return f"puts {move}, the only move there is"
        others = [s for m, s in scores.items() if m != choice]
        if all(s[0] > piles for s in others):
            return f"puts {move}: the line can then close up to {plural(piles, 'pile')}, fewer than after any other move"
        if all(s != scores[choice] for s in others):
            moves = "move" if open_moves == 1 else "moves"
            return f"puts {move}: as few piles after as the best other move, with {open_moves} {moves} left open"
        return f"puts {move}: no move leaves fewer piles or more moves open, so takes the leftmost"


SPEC = GameSpec(info=INFO, options=(), state=AccordionState, rule_bot=AccordionBot)
