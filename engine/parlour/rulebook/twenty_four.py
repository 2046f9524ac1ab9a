"""Twenty-Four: race to make 24 from four cards (the rules article's game), for two or four players.

The 40 number cards (ace = 1) are dealt out face down: 20 each for two players, 10 each for four.
For each set, two players turn two cards each, four players one each, into the middle.  Everyone
looks for a sum worth exactly 24 using the four values once each, with + − × ÷ and brackets.

- Two players: the first to slap states a sum.  Right, the slapper wins the set; wrong, the other
  player does.  The loser takes the four cards under their stack.
- Four players: each slaps when they have a sum.  When three have slapped, the last player left
  chooses one of them to state their sum; right, the chooser takes the four cards; wrong, the one
  who stated it does.
- Nobody sees a way: each player takes back a card they turned (two players choose which) to the
  bottom of their stack and turns a new one.
- The first player whose stack is empty once a set is settled wins.

Nobody waits for a turn: this is a game without turns (:mod:`parlour.simultaneous`).  Actions:
``slap:<sum>`` (``"0:slap:8*5-(7+9)"``), ``pass:<card>`` (two players: no solution, taking back that
card) or ``pass`` (four players), ``choose:<seat>`` (the last player left picks who explains), and
``show:<set>`` (a learner asks to be shown a solution of set number ``<set>``: the set ends there,
for everyone, with no winner).
Sums are worked out exactly by :mod:`parlour.sums`, which also solves every set.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from .. import cards as C
from .. import sums
from ..bots import RuleBot
from ..cardgame import CardGameState
from ..cards import ACE, Card
from ..clock import STRONG_THINK_PERCENT
from ..core import Action, GameInfo, GameSpec, Option, Reading
from ..scoring import names_and
from ..simultaneous import SimultaneousPlay, split, tag
from ..view import note, notes_zone

PACK = C.french_pack((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10), id="french40-numbers",
                     description="40-card pack of aces to tens")
SLAPS_TO_CLOSE = 3  # four players: when three have slapped, the fourth chooses who explains
#: How long a person takes (ms, at the family's pace) to find a sum of each difficulty, to slap a
#: wrong one, to give up, and to choose who explains.
FIND_MS = {1: 6000, 2: 11000, 3: 20000}
WRONG_MS = 5000
GIVE_UP_MS = 30000
CHOOSE_MS = 2500
OPERATOR_TOKENS = ((" + ", "+", "plus"), (" − ", "−", "minus"), (" × ", "×", "times"), (" ÷ ", "÷", "divided by"),
                   ("(", "(", "open bracket"), (")", ")", "close bracket"))

INFO = GameInfo(
    id="twenty-four",
    name="Twenty-Four",
    family="Arithmetic racing games",
    players=(2, 4),
    pack="40 cards: aces to tens (take out the court cards)",
    min_age=8,
    skill="Medium: mental arithmetic and speed",
    kinds=("race", "counting"), deck="french40", minutes=(10, 20),
    summary="Four cards in the middle: be the first to make exactly 24 from them with + − × ÷.",
    house_rule="The rules article's game: the first to slap states a sum (two players), or the last of "
               "four to find one chooses who explains; a set nobody can solve is changed by taking "
               "cards back; the first out of cards wins.",
    standard_rule="Played the same way in most descriptions; some let the solver take the cards and "
                  "count them at the end instead.",
    source="The playing-card maker's Twenty-Four article; Wikipedia's 24 (puzzle) for the puzzle's history.",
    short_rules=(
        "Two or four players; the 40 cards ace to 10 (ace = 1) dealt out face down: 20 or 10 each.",
        "Each set: two players turn two cards each, four players one each, into the middle.",
        "Make exactly 24 using each of the four values once, with + − × ÷ and brackets.",
        "Two players: the first to slap states a sum; right wins the set, wrong loses it. "
        "The loser puts the four cards under their stack.",
        "Four players: when three have slapped, the last one left chooses who states their sum; "
        "right, the chooser takes the cards; wrong, the one who stated it does.",
        "No solution: each takes back a card they turned (two players choose which) and turns a new one.",
        "The first player with no cards left once a set is settled wins.",
    ),
    readings=(
        Reading("When four play and one of the three slappers is chosen but is wrong, who takes the cards?",
                "The player who stated the wrong sum; the chooser wins the set."),
        Reading("When four play, what if some players give up before three have slapped?",
                "The set closes once every player has slapped or given up; the last to give up is the "
                "player left, and chooses one of the slappers to explain, as when three slap."),
        Reading("May a player who said there is no solution still slap?",
                "Yes, until everyone has given up: the cards change only when nobody has slapped."),
        Reading("When two play and one has only one card left, how is the set made?",
                "The other player turns three, so that there are always four cards."),
        Reading("A set that nobody can solve may come round again and again.",
                "The game stops with no winner after 500 sets (an option sets the number).",
                "max_sets", 2000),
        Reading("What happens when a player asks to be shown a solution (the live table's "
                "\"Show me a solution\")?",
                "The set ends there for everyone, with no winner: each player takes back the cards they "
                "turned, to the bottom of their stack, and a new set is turned. Nobody may slap with the "
                "sum just shown."),
        Reading("How is a sum checked?",
                "Exactly, with fractions (8 ÷ (3 − 8 ÷ 3) is 24, not nearly 24); it must use the four values "
                "once each, and may not divide by nothing."),
    ),
)

OPTIONS = (
    Option("players", 2, "How many play.", choices={2: "two players, 20 cards each, two cards a set",
                                                    4: "four players, 10 cards each, one card a set"}),
    Option("max_sets", 500, "Stop with no winner after this many sets.", minimum=20, maximum=10000),
)


@lru_cache(maxsize=1024)
def slaps_for(values: tuple[int, ...]) -> tuple[Action, ...]:
    """The slaps a player might make on a set: each distinct solution, and the plain total (the first
    sum that comes to mind, usually wrong)."""
    moves = [f"slap:{sums.write(expr)}" for expr in sums.solutions(values)]
    plain = "+".join(map(str, values))
    if f"slap:{plain}" not in moves:
        moves.append(f"slap:{plain}")
    return tuple(moves)


def card_value(card: Card) -> int:
    """Ace 1, the others their number."""
    rank = C.rank_of(card)
    return 1 if rank == ACE else rank


def token_name(card: Card) -> str:
    """A card button's spoken name. It begins with what the button shows, so that a reader who
    says "click A" reaches it; an ace also says it counts 1."""
    if C.rank_of(card) == ACE:
        return f"A, {C.name(card)}, worth 1"
    return C.name(card)


class TwentyFourState(SimultaneousPlay, CardGameState):
    """Face-down stacks (top card first), the set in the middle, and who has slapped or given up."""

    pack = PACK
    example_move = "slap:8*5-(7+9)"
    lists_every_move = False  # a typed sum that makes 24 is legal, though only some sums are listed
    # A learner's pace first: the computer players wait for the reader's first move, then make one
    # move each after each of the reader's (as at Nuts).
    paces = ("practice", "beginner", "family", "fast")

    # -- the deal and the sets
    def start_hand(self) -> None:
        self.new_hand_state()
        self.stacks: list[list[Card]] = self.deal_piles()
        self.set_no = 0
        self.board: list[tuple[int, Card]] = []
        self.previous: list[int] = []
        self.previous_cards: list[Card] = []
        self.result = ""
        self.say(f"{self.names[self.dealer]} deals out the 40 cards face down: {len(self.stacks[0])} each.",
                 kind="deal")
        self.start_set()

    def start_set(self, kept: list[tuple[int, Card]] | None = None) -> None:
        """Turn the cards of a new set (``kept``: those left in the middle after a take-back)."""
        self.set_no += 1
        self.phase = "set"
        self.slaps: list[tuple[int, str]] = []
        self.passed: list[int] = []
        self.taking: dict[int, Card] = {}
        self.chooser: int | None = None
        self.board = list(kept or [])
        each = 2 if self.n == 2 else 1
        for seat in range(self.n):
            for _ in range(each - sum(1 for s, _ in self.board if s == seat)):
                if self.stacks[seat]:
                    self.board.append((seat, self.stacks[seat].pop(0)))
        # Two players: one short of cards, the other makes up the four.
        for seat in range(self.n):
            while len(self.board) < 4 and self.stacks[seat]:
                self.board.append((seat, self.stacks[seat].pop(0)))
        self.board.sort(key=lambda item: item[0])
        self.set_values = tuple(card_value(c) for _, c in self.board)
        turned = "; ".join(f"{self.names[s]} {self.cards_text([c for t, c in self.board if t == s])}"
                           for s in range(self.n) if any(t == s for t, _ in self.board))
        self.say(f"Set {self.set_no}: {turned}. Make 24 from {self.values_text()}.", kind="deal")

    def start_position(self, stacks: Sequence[Sequence[str]], board: Sequence[Sequence[str]]) -> None:
        """A set from these stacks (top first) and cards in the middle (each seat's), for rule tests;
        whatever else the deal held is left out."""
        self.stacks = [[self.pack.card(code) for code in stack] for stack in stacks]
        self.set_no -= 1
        self.start_set([(seat, self.pack.card(code)) for seat, codes in enumerate(board) for code in codes])

    def cards_text(self, cards: list[Card]) -> str:
        return " and ".join(C.short(c) for c in cards)

    def values(self) -> list[int]:
        return list(self.set_values)

    def values_text(self) -> str:
        values = [str(v) for v in self.values()]
        return ", ".join(values[:-1]) + " and " + values[-1]

    # -- who may act
    def actors(self) -> list[int]:
        if self.is_over:
            return []
        if self.phase == "explain":
            return [] if self.chooser is None else [self.chooser]
        slapped = {s for s, _ in self.slaps}
        return [s for s in range(self.n) if s not in slapped]

    def waiting(self, seat: int) -> bool:
        return self.phase == "set" and (seat in self.passed or any(s == seat for s, _ in self.slaps))

    def idle_reason(self, seat: int, move: str) -> str:
        if self.phase == "explain":
            return f"{self.names[self.chooser]} is choosing who explains." if self.chooser is not None else ""
        return "You have slapped: wait until the set is settled."

    # -- the set: slap, or give up
    def _candidates_set(self, seat: int) -> list[Action]:
        moves = list(slaps_for(self.set_values))
        if seat not in self.passed:
            moves += self.pass_moves(seat)
        return moves + [self.show_move()]

    def show_move(self) -> Action:
        """Asking to be shown a solution of this set (it names the set, so that a request that arrives
        after the set has been settled does not end the next one)."""
        return f"show:{self.set_no}"

    def pass_moves(self, seat: int) -> list[Action]:
        if self.n == 2:
            return [f"pass:{C.code(c)}" for s, c in self.board if s == seat]
        return ["pass"]

    def _verify_set(self, seat: int, move: str) -> str | None:
        verb, colon, rest = move.partition(":")
        if verb == "slap" and colon:
            return self.slap_reason(rest)
        if verb == "show":
            if rest == str(self.set_no):
                return None
            if rest.isascii() and rest.isdigit() and int(rest) < self.set_no and self.result:
                return f"Too late: {self.result} Now make 24 from {self.values_text()}."
            return f"Say which set you want to see solved: {self.show_move()} (this set)."
        if verb == "pass":
            if seat in self.passed:
                return "You have already said you see no solution: wait for the others, or slap if you find one."
            if self.n == 2:
                card = self.pack.find(rest) if colon else None
                mine = [c for s, c in self.board if s == seat]
                if card is not None and card not in mine and card in self.previous_cards:
                    return f"Too late: {self.result} Now make 24 from {self.values_text()}."
                if card is None or card not in mine:
                    choices = " or ".join(f"pass:{C.code(c)}" for c in mine)
                    return f"Say which of your cards you would take back: {choices}."
            elif colon:
                return "With four players each takes back the one card they turned: write just pass."
            return None
        return (f"Slap with your sum (slap:8*5-(7+9)) or, if you see no solution, "
                f"{'pass:<one of your cards>' if self.n == 2 else 'pass'} (or {self.show_move()} to be shown one).")

    def slap_reason(self, text: str) -> str | None:
        try:
            sums.check(text, self.values())
        except sums.SumError as error:
            late = self.too_late(text)
            return late or str(error)
        return None

    def too_late(self, text: str) -> str | None:
        """A sum for the set just settled, arriving after it: say what happened."""
        if not self.previous:
            return None
        try:
            sums.check(text, self.previous)
        except sums.SumError:
            return None
        return f"Too late: {self.result} Now make 24 from {self.values_text()}."

    def _do_set(self, seat: int, move: str) -> None:
        verb, _, rest = move.partition(":")
        name = self.names[seat]
        if verb == "show":
            return self.show_solution(seat)
        if verb == "slap":
            expr = sums.parse(rest)
            self.slaps.append((seat, rest))
            if self.n == 2:
                self.say(f"{name} slaps and says {sums.write(expr, pretty=True)}.", kind="play")
                self.explain(seat, rest, others=[s for s in range(self.n) if s != seat])
                return
            place = ("first", "second", "third")[len(self.slaps) - 1]
            self.say(f"{name} slaps, {place}.", secret=f"{name} slaps, {place}, with {sums.write(expr, pretty=True)}.",
                     owner=seat, kind="play")
        else:
            self.passed.append(seat)
            if self.n == 2:
                card = self.pack.card(rest)
                self.taking[seat] = card
                self.say(f"{name} sees no solution (and would take back {C.short(card)}).", kind="play")
            else:
                self.say(f"{name} sees no solution.", kind="play")
        self.maybe_close()

    def maybe_close(self) -> None:
        """Close the set when three have slapped, or everyone has slapped or given up."""
        slapped = [s for s, _ in self.slaps]
        settled = all(s in slapped or s in self.passed for s in range(self.n))
        if not self.slaps:
            if settled:
                self.take_back()
            return
        if len(slapped) >= SLAPS_TO_CLOSE or settled:
            left = [s for s in range(self.n) if s not in slapped]
            # The last player left: the one who has not slapped, or the last to give up.
            self.chooser = left[0] if len(left) == 1 else [s for s in self.passed if s in left][-1]
            self.phase = "explain"
            self.say(f"{self.names[self.chooser]} is the last player left and chooses who explains.", kind="info")

    def take_back(self) -> None:
        """Nobody can make 24: each takes back a card they turned, to the bottom, and turns a new one."""
        kept, returned = [], []
        for seat, card in self.board:
            if self.taking.get(seat, card) == card:  # four players: their one card; two: the one they named
                self.stacks[seat].append(card)
                returned.append(f"{self.names[seat]} {C.short(card)}")
            else:
                kept.append((seat, card))
        self.say(f"Nobody sees a solution. Each takes back a card to the bottom of their stack "
                 f"({', '.join(returned)}) "
                 f"and turns a new one.", kind="trick")
        self.remember_set()
        self.result = "everyone agreed there was no solution."
        if self.set_no >= self.options["max_sets"]:
            return self.stop()
        self.start_set(kept)

    def show_solution(self, seat: int) -> None:
        """A solution shown ends the set for everyone (nobody may win it with the sum just shown): each
        player takes back every card they turned, to the bottom of their stack, and a new set is turned."""
        name = self.names[seat]
        solution = sums.solve(self.values())
        shown = (f"{sums.write(solution, pretty=True)} = {sums.TARGET}" if solution is not None
                 else f"there is none: {self.values_text()} cannot make {sums.TARGET}")
        self.say(f"{name} asks to see a solution: {shown}.", kind="play")
        for owner, card in self.board:
            self.stacks[owner].append(card)
        self.say(f"Set {self.set_no} ends with no winner: each player takes back the cards they turned, "
                 f"to the bottom of their stack.", kind="trick")
        self.remember_set()
        self.result = f"{name} was shown a solution of set {self.set_no}: {shown}. Nobody won it."
        if self.set_no >= self.options["max_sets"]:
            return self.stop()
        self.start_set()

    # -- four players: who explains
    def _candidates_explain(self, seat: int) -> list[Action]:
        return [f"choose:{s}" for s, _ in self.slaps]

    def _verify_explain(self, seat: int, move: str) -> str | None:
        verb, _, rest = move.partition(":")
        slappers = [s for s, _ in self.slaps]
        names = " or ".join(f"choose:{s} ({self.names[s]})" for s in slappers)
        if verb != "choose" or not rest.isdigit() or int(rest) not in slappers:
            return f"Choose one of the players who slapped to explain: {names}."
        return None

    def _do_explain(self, seat: int, move: str) -> None:
        chosen = int(move.partition(":")[2])
        text = next(t for s, t in self.slaps if s == chosen)
        self.say(f"{self.names[seat]} asks {self.names[chosen]} to explain: "
                 f"{sums.write(sums.parse(text), pretty=True)}.", kind="play")
        self.explain(chosen, text, others=[seat])

    def explain(self, explainer: int, text: str, others: list[int]) -> None:
        """The sum is stated: right, the others (the other player, or the chooser) lose the set;
        wrong, the one who stated it does."""
        expr = sums.parse(text)
        worth = sums.value(expr)
        shown = str(worth) if worth.denominator == 1 else f"{worth.numerator}/{worth.denominator}"
        right = worth == sums.TARGET
        loser = others[0] if right else explainer
        winner = explainer if right else others[0]
        verdict = "makes 24: right!" if right else f"makes {shown}, not 24."
        self.say(f"{sums.write(expr, pretty=True)} {verdict} {self.names[winner]} wins the set; "
                 f"{self.names[loser]} takes the four cards.", kind="trick")
        self.remember_set()
        said = sums.write(expr, pretty=True)
        how = "slapped first with" if self.n == 2 else "explained"
        self.result = (f"{self.names[explainer]} {how} {said} and won set {self.set_no}." if right else
                       f"{self.names[explainer]} {how} {said}, which makes {shown}: "
                       f"{self.names[winner]} won set {self.set_no}.")
        self.stacks[loser].extend(c for _, c in self.board)
        self.board = []
        self.set_values = ()
        self.chooser = None
        out = [s for s in range(self.n) if not self.stacks[s]]
        if out:
            self.end(tuple(out), f"{names_and([self.names[s] for s in out])} "
                                 f"{'has' if len(out) == 1 else 'have'} no cards left and "
                                 f"{'wins' if len(out) == 1 else 'win together'}.")
        elif self.set_no >= self.options["max_sets"]:
            self.stop()
        else:
            self.say("Cards left: " + ", ".join(f"{self.names[s]} {len(self.stacks[s])}" for s in range(self.n)) + ".",
                     kind="score")
            self.start_set()

    def remember_set(self) -> None:
        """Keep the set just settled, so a move for it arriving late is told what happened."""
        self.previous = self.values()
        self.previous_cards = [c for _, c in self.board]

    def stop(self) -> None:
        self.end((), f"No winner after {self.set_no} sets: the game stops here.")

    # -- moves in words, thinking times, the learner's hint
    def canonical_move(self, seat: int, move: str) -> str:
        verb, colon, rest = move.partition(":")
        if verb == "slap" and colon:
            try:
                return f"slap:{sums.write(sums.parse(rest))}"
            except sums.SumError:
                return move
        return move

    def describe_move(self, seat: int, move: str) -> str:
        verb, _, rest = move.partition(":")
        if verb == "slap":
            try:
                expr = sums.parse(rest)
                worth = sums.value(expr)
            except (sums.SumError, ZeroDivisionError):
                return f"Slap: {rest}"
            shown = str(worth) if worth.denominator == 1 else f"{worth.numerator}/{worth.denominator}"
            return f"Slap: {sums.write(expr, pretty=True)} = {shown}"
        if verb == "pass":
            card = self.pack.find(rest)
            return f"No solution: take back {C.short(card)}" if card is not None else "No solution"
        if verb == "show":
            return "Show me a solution (this set ends, with no winner)"
        if verb == "choose" and rest.isdigit() and int(rest) < self.n:
            return f"{self.names[int(rest)]} explains"
        return move

    def think_ms(self, seat: int, action: Action) -> int:
        move = split(action)[1] if split(action) else action
        verb, _, rest = move.partition(":")
        if verb == "choose":
            return CHOOSE_MS
        if verb in ("pass", "show"):
            return GIVE_UP_MS
        try:
            right = sums.value(sums.parse(rest)) == sums.TARGET
        except (sums.SumError, ZeroDivisionError):
            right = False
        return FIND_MS[sums.difficulty(self.values())] if right else WRONG_MS

    def hint(self, player: int) -> str | None:
        if self.is_over or not self.board:
            return "The game is over." if self.is_over else None
        solution = sums.solve(self.values())
        if solution is None:
            return f"{self.values_text()} cannot make 24: say you see no solution."
        count = len(sums.solutions(self.values()))
        more = f" ({count} different ways in all)" if count > 1 else ""
        return f"One way: {sums.write(solution, pretty=True)} = 24{more}."

    def prompt_for(self, player: int | None) -> str:
        if self.is_over:
            return ""
        if self.phase == "explain":
            if player == self.chooser:
                return "You are the last player left: choose who explains their sum."
            return f"{self.names[self.chooser]} is choosing who explains." if self.chooser is not None else ""
        if player is not None and any(s == player for s, _ in self.slaps):
            return "You have slapped: wait for the others."
        if player is not None and player in self.passed:
            return "You see no solution: wait for the others, or slap if you find one after all."
        return f"Make 24 from {self.values_text()}: write your sum and slap, or say there is no solution."

    # -- the table
    def other_cards(self) -> list[Card]:
        return [c for stack in self.stacks for c in stack] + [c for _, c in self.board]

    def _view(self, player: int | None) -> dict[str, Any]:
        slapped = [s for s, _ in self.slaps]
        seats = []
        for s in range(self.n):
            doing = ("has slapped" if s in slapped else "sees no solution" if s in self.passed else "")
            seats.append({"name": self.names[s], "count": len(self.stacks[s]), "hand": None, "info": doing,
                          "role": "dealer" if s == self.dealer else ""})
        centre: list[Any] = [{"kind": "cards", "label": f"Set {self.set_no}: make 24",
                              "cards": [C.code(c) for _, c in self.board]}]
        notes = [note(self.names[s], "slapped " + ("first", "second", "third")[i]
                      + (f": {sums.write(sums.parse(t), pretty=True)}" if player is None or player == s else ""))
                 for i, (s, t) in enumerate(self.slaps)]
        notes += [note(self.names[s], "sees no solution") for s in self.passed]
        if self.result:
            notes.append(note("Last set", self.result))
        if notes:
            centre.append(notes_zone("At the table", notes))
        view: dict[str, Any] = {"seats": seats, "centre": centre,
                                "status": f"Set {self.set_no}. The first with no cards left wins."}
        if player is not None and self.phase == "set" and player in self.actors() and self.board:
            view["entry"] = self.entry()
        return view

    def entry(self) -> dict[str, Any]:
        """The sum a reader builds: a button for each card (its value), the signs and the brackets."""
        cards = [{"text": str(card_value(c)), "label": C.short(c), "name": token_name(c)} for _, c in self.board]
        signs = [{"text": text, "label": label, "name": name} for text, label, name in OPERATOR_TOKENS]
        return {"verb": "slap", "label": "Your sum:", "submit": "Slap!", "tokens": cards + signs,
                "check": "What does it make?", "hint": "Show me a solution", "key": str(self.set_no),
                "hint_move": self.show_move()}


class TwentyFourBot(RuleBot):
    """Slaps with the easiest sum it finds, gives up only when there is none, and picks who explains
    at random (it cannot see the others' sums)."""

    def choose(self, state: TwentyFourState, seat: int | None = None) -> Action | None:  # type: ignore[override]
        seat = state.to_move() if seat is None else seat
        if seat is None or seat not in state.actors():
            return None
        if state.phase == "explain":
            action = self.rng.choice(state.legal_actions(seat))
            chosen = state.names[int(action.rpartition(":")[2])]
            return self.because(action, f"asks {chosen} at random: a slapper's sum is secret until stated")
        solution = sums.solve(state.values())
        if solution is not None:
            return self.because(tag(seat, f"slap:{sums.write(solution)}"),
                                f"slaps: {sums.write(solution, pretty=True)} = {sums.TARGET}")
        if seat in state.passed:
            return None
        none = f"finds no way to make {sums.TARGET} from {state.values_text()}"
        if state.n != 2:
            return self.because(tag(seat, "pass"), f"{none}, so says there is no solution")
        # Take back the card that spoils most sets: the larger of our two.
        mine = sorted((c for s, c in state.board if s == seat), key=card_value)
        which = ("the only card it turned" if len(mine) == 1
                 else "the higher of its two cards" if card_value(mine[0]) != card_value(mine[-1])
                 else f"one of its two {card_value(mine[-1])}s")
        return self.because(tag(seat, f"pass:{C.code(mine[-1])}"),
                            f"{none}, so takes back the {C.short(mine[-1])}, {which}")


class TwentyFourStrongBot(TwentyFourBot):
    """Strong: Family already finds every sum there is, so Strong is the practised player — it sees its
    sums and gives up sooner (:data:`parlour.clock.STRONG_THINK_PERCENT` of Family's time at the same
    pace) — and, the last player left, it asks the first to slap to explain: a wrong sum costs the one
    who states it the set, and the quickest slap is the likeliest to have been rushed."""

    think_percent = STRONG_THINK_PERCENT
    summary = ("a practised player: it finds every sum there is, as Family does, but sees it and gives up sooner, "
               f"in {STRONG_THINK_PERCENT} % of Family's time at the same pace; the last player left, it asks the "
               "first to slap to explain, the likeliest to have rushed a wrong sum")

    def choose(self, state: TwentyFourState, seat: int | None = None) -> Action | None:  # type: ignore[override]
        seat = state.to_move() if seat is None else seat
        if seat is not None and seat in state.actors() and state.phase == "explain" and state.slaps:
            first = state.slaps[0][0]
            return self.because(tag(seat, f"choose:{first}"),
                                f"asks {state.names[first]}, who slapped first: the quickest slap is the likeliest "
                                f"to be wrong, and a wrong sum gives {state.names[first]} the cards")
        return super().choose(state, seat)


def solve_values(typed: Sequence[str], every: bool) -> list[str]:
    """``python -m parlour solve twenty-four 5 7 8 9``: the easiest solution (or every distinct one),
    in ordinary notation; none if there is no solution."""
    if len(typed) != 4:
        raise ValueError(f"Twenty-Four needs four card values (1 to 10, or A for an ace), not {len(typed)}.")
    values = []
    for text in typed:
        text = text.strip()
        value = 1 if text.upper() == "A" else int(text) if text.isascii() and text.isdigit() else 0
        if not 1 <= value <= 10:
            raise ValueError(f"{text!r} is not a card value: use 1 to 10, or A for an ace.")
        values.append(value)
    found = sums.solutions(values)
    return [f"{sums.write(expr, pretty=True)} = {sums.TARGET}" for expr in (found if every else found[:1])]


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TwentyFourState, rule_bot=TwentyFourBot,
                strong_bot=TwentyFourStrongBot, solve=solve_values)
