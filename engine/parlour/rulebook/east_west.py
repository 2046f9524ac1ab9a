"""East–West (seed 004): Reiner Knizia's two-player placing game of poker hands.

Three cards from the 32-card pack are laid face up in a column: the board cards.
The players take turns, the non-dealer first, to draw the top card of the stock and
place it beside one of the board cards on their own side — West on the left, East on
the right — at most four cards beside each board card.  When both players have
placed twelve cards, each row makes two five-card poker hands (the shared board
card and each side's four); the better hand wins the row, and whoever wins more
rows — two of the three — wins the game.

The seed does not say how hands rank in a 32-card pack.  Here a flush beats a full
house, as in short-pack poker (a flush is the rarer hand: 204 against 1,344), and
A-7-8-9-10 is the lowest straight, the ace below the seven; the ordinary order and
an ace that is only high are options.  Hands are ranked by :mod:`parlour.poker`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card
from ..cardgame import CardGameState
from ..core import (Action, Counted, CountError, CountInput, Counting, GameInfo, GameSpec, HandSummary, Option,
                    Outcome, Reading, ScoreSheet, cards_from_text)
from ..poker import FLUSH, FULL_HOUSE, RANK_WORD, HandOrder, HandValue, category_counts, evaluate, hand_key
from ..rng import Rng
from ..walkthrough import CountedHand, CountStep

ROWS = 3
PER_ROW = 4
SIDES = ("West", "East")
RANKS_32 = tuple(range(7, 15))

INFO = GameInfo(
    id="east-west",
    name="East–West",
    family="Poker placing",
    players=(2,),
    pack="32 cards (7 to ace)",
    min_age=8,
    skill="Medium",
    kinds=("poker", "board"), deck="french32", minutes=(10, 15),
    summary="Build three poker hands beside three shared cards, one drawn card at a time; win two rows of three.",
    house_rule="None in our source. This site ranks a flush above a full house and counts A-7-8-9-10 as a "
               "straight, as short-pack poker games do.",
    standard_rule="The ordinary poker order (a full house above a flush) and an ace that is only high are options.",
    source="A playing-card maker's article on Reiner Knizia's game; the hand order follows "
           "short-pack poker (short-deck hold'em, 32-card draw poker).",
    short_rules=(
        "2 players, the 32-card pack (A K Q J 10 9 8 7); three board cards face up in a column.",
        "Non-dealer first: draw the top card of the stock and place it beside a board card on your side.",
        "At most four of your cards beside each board card; a row of five is finished.",
        "After 24 cards, each row is two poker hands (board card + each side's four): the better wins the row.",
        "Win two of the three rows.",
    ),
    readings=(
        Reading("The article does not say which poker order the rows use, and in a 32-card pack a flush is "
                "rarer than a full house.",
                "A flush beats a full house, as in short-deck hold'em and 32-card draw poker.",
                "flush", "below-full-house"),
        Reading("Is A-7-8-9-10 a straight?",
                "Yes, the lowest one (ten high), as short-deck games count A-6-7-8-9.", "low_straight", "no"),
        Reading("What happens when a row's two hands are equal?",
                "Nobody wins that row; if both players win the same number of rows the game is drawn."),
    )
)

OPTIONS = (
    Option("flush", "above-full-house", "Which is higher, a flush or a full house.",
           choices={"above-full-house": "a flush beats a full house (short-pack order)",
                    "below-full-house": "a full house beats a flush (the ordinary 52-card order)"},
           standard="below-full-house"),
    Option("low_straight", "yes", "Whether A-7-8-9-10 counts as a straight, the ace below the seven.",
           choices={"yes": "A-7-8-9-10 is the lowest straight",
                    "no": "the ace is only high: A-7-8-9-10 is no straight"},
           standard="yes"),
)


def hand_order(options: dict[str, Any]) -> HandOrder:
    """The ranking these options call for, over the 32-card pack."""
    return HandOrder(RANKS_32, ace_low=options["low_straight"] == "yes",
                     flush_beats_full_house=options["flush"] == "above-full-house")


def row_id(row: int) -> str:
    return f"row{row + 1}"


def parse_row(action: Action) -> int | None:
    """The row index of ``"row2"`` (1), or ``None``."""
    if action.startswith("row") and action[3:].isdigit():
        row = int(action[3:]) - 1
        return row if 0 <= row < ROWS else None
    return None


#: Random fillings of the rows that judge a position in one of Strong's imagined deals (imagining
#: a deal costs more than filling the rows, so each deal is filled several times).
ESTIMATE_FILLS = 8


class EastWestState(CardGameState):
    """Two seats (West, East), three board cards and the cards placed beside them; the mover holds the drawn card."""

    determinisable = True  # placed cards are face up: only the stock is hidden

    pack = C.FRENCH_32

    def setup(self) -> None:
        self.names = list(SIDES)
        self.order = hand_order(self.options)
        super().setup()

    def start_hand(self) -> None:
        self.new_hand_state()
        cards = self.shuffled_pack()
        self.board: list[Card] = cards[:ROWS]
        self.stock: list[Card] = cards[ROWS:]
        self.rows: list[list[list[Card]]] = [[[] for _ in SIDES] for _ in range(ROWS)]
        self.row_winners: list[int | None] = []
        board = ", ".join(C.short(c) for c in self.board)
        self.say(f"{self.names[self.dealer]} deals. The board cards, top to bottom: {board}.", kind="deal")
        self.turn = self.next_seat(self.dealer)
        self.phase = "place"
        self.draw()

    def draw(self) -> None:
        card = self.stock.pop(0)
        self.hands[self.turn] = C.bit(card)
        self.say(f"{self.names[self.turn]} draws {C.short(card)}.", kind="deal")

    @property
    def drawn(self) -> Card:
        return C.cards_in(self.hands[self.turn])[0]

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    def placed(self, seat: int) -> int:
        return sum(len(row[seat]) for row in self.rows)

    # -- placing the drawn card
    def _candidates_place(self) -> list[Action]:
        return [row_id(r) for r in range(ROWS)]

    def _verify_place(self, action: Action) -> str | None:
        row = parse_row(action)
        if row is None:
            return f"{action!r} is not a row: choose row1, row2 or row3 (top to bottom)."
        if len(self.rows[row][self.turn]) >= PER_ROW:
            return (f"Row {row + 1} already has four of your cards beside the {C.short(self.board[row])}: "
                    f"its hand is finished.")
        return None

    def _do_place(self, action: Action) -> None:
        row, seat, card = parse_row(action), self.turn, self.drawn
        assert row is not None
        self.rows[row][seat].append(card)
        self.hands[seat] = 0
        so_far = self.row_value(row, seat)
        done = " — that hand is finished" if len(self.rows[row][seat]) == PER_ROW else " so far"
        self.say(f"{self.names[seat]} puts {C.short(card)} in row {row + 1}, beside the "
                 f"{C.short(self.board[row])}: {so_far.words}{done}.", kind="play")
        if all(self.placed(s) == ROWS * PER_ROW for s in range(self.n)):
            self.compare_rows()
            return
        self.turn = self.next_seat(seat)
        self.draw()

    def row_cards(self, row: int, seat: int) -> list[Card]:
        return [self.board[row], *self.rows[row][seat]]

    def row_value(self, row: int, seat: int) -> HandValue:
        return evaluate(self.row_cards(row, seat), self.order)

    # -- the showdown
    def compare_rows(self) -> None:
        self.hands = [0] * self.n
        sheet = ScoreSheet(list(self.names), note="One point for each row won; two rows win the game.")
        for row in range(ROWS):
            values = [self.row_value(row, s) for s in range(self.n)]
            hands = "; ".join(f"{self.names[s]} {values[s].words}" for s in range(self.n))
            if values[0] == values[1]:
                winner = None
                verdict = "a tie: nobody wins the row"
            else:
                winner = 0 if values[0] > values[1] else 1
                verdict = f"{self.names[winner]} wins the row"
            self.row_winners.append(winner)
            self.say(f"Row {row + 1} (board card {C.short(self.board[row])}): {hands}. {verdict.capitalize()}.",
                     kind="score")
            sheet.add(f"Row {row + 1}", [1 if winner == s else 0 for s in range(self.n)])
        self.sheet = sheet
        self.hand_ended()  # the one deal's showdown gets the shared hand summary, its rows walked through
        won = sheet.totals
        if won[0] == won[1]:
            self.end((), f"A draw: each side wins {won[0]} {'row' if won[0] == 1 else 'rows'}.")
            return
        winner = 0 if won[0] > won[1] else 1
        self.end((winner,), f"{self.names[winner]} wins {won[winner]} {'row' if won[winner] == 1 else 'rows'} "
                            f"to {won[1 - winner]}.")

    # -- the showdown walked through, row by row (the summary panel draws each row's two hands)
    def count_noted(self) -> tuple[tuple[Card, tuple[Card, ...], tuple[Card, ...]], ...]:
        """Each row as the showdown found it: its board card and each side's four cards."""
        return tuple((self.board[r], tuple(self.rows[r][0]), tuple(self.rows[r][1])) for r in range(ROWS))

    def count_walkthrough(self, noted: tuple[tuple[Card, tuple[Card, ...], tuple[Card, ...]], ...],
                          player: int | None) -> list[CountedHand]:
        return showdown_walkthrough(noted, self.names, self.order)

    def hand_summary(self, player: int | None = None) -> HandSummary | None:
        """The one deal's summary, named for its showdown (the shared title would name its first row)."""
        summary = super().hand_summary(player)
        return summary and replace(summary, title="The showdown: what happened")

    def end(self, winners: tuple[int, ...], text: str) -> None:
        self.phase = "over"
        super().end(winners, text)

    def playout_estimate(self) -> list[float] | None:
        """Strong's judgement of a position in one imagined deal (the stock's order imagined): the
        rest of the deal filled in at random, as the Family player does, and each side's share of
        that game's win.  The random placing is seeded by the stock's order, so every move tried in
        the same imagined deal meets the same luck."""
        if self.is_over:
            return None
        unseen = [self.drawn, *self.stock]
        seed = stock_seed(unseen)
        west = 0.0
        for fill in range(ESTIMATE_FILLS):
            rows = [[list(side) for side in row] for row in self.rows]
            won = random_fill(self.board, rows, unseen, self.turn, self.order, seed + fill)
            west += 1.0 if won[0] > won[1] else 0.5 if won[0] == won[1] else 0.0
        west /= ESTIMATE_FILLS
        return [west, 1.0 - west]

    def other_cards(self) -> list[Card]:
        return self.board + self.stock + [c for row in self.rows for side in row for c in side]

    # -- what the reader sees
    def action_parts(self, action: Action) -> list[str]:
        """A placement is the drawn card and the row it goes to (picking the row is enough)."""
        if parse_row(action) is not None and not self.is_over:
            return [C.code(self.drawn), action]
        return super().action_parts(action)

    def prompt(self) -> str:
        return (f"{self.names[self.turn]}: you drew {C.short(self.drawn)}. Place it beside a board card "
                f"on your side (pick a row).")

    def describe(self, action: Action) -> str:
        row = parse_row(action)
        if row is not None and not self.is_over:
            return f"Place {C.short(self.drawn)} in row {row + 1} (beside {C.short(self.board[row])})"
        return super().describe(action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = [self.seat_view(s, player, self.hands[s], face_up=True,
                                info=f"{self.placed(s)} of {ROWS * PER_ROW} cards placed",
                                role="dealer" if s == self.dealer else "")
                 for s in range(self.n)]
        rows = []
        for r in range(ROWS):
            label = f"Row {r + 1}"
            if self.row_winners:
                winner = self.row_winners[r]
                label += ": tie" if winner is None else f": {self.names[winner]} wins"
            rows.append({"id": row_id(r), "board": C.code(self.board[r]),
                         "sides": [[C.code(c) for c in self.rows[r][s]] for s in range(self.n)],
                         "label": label, "hands": [self.row_value(r, s).words for s in range(self.n)]})
        # At the showdown each row's hands are named under their cards, for everyone to read at once.
        centre = [{"kind": "rows", "label": "The board: West's cards on the left, East's on the right",
                   "rows": rows, "sides": list(self.names), "show_hands": bool(self.row_winners)},
                  {"kind": "cards", "label": "Stock", "hidden": len(self.stock)}]
        status = " · ".join(f"{self.names[s]} {self.placed(s)}/{ROWS * PER_ROW}" for s in range(self.n))
        return {"seats": seats, "centre": centre, "status": status, "play_on_pick": True}


def showdown_walkthrough(rows: Sequence[tuple[Card, Sequence[Card], Sequence[Card]]], names: Sequence[str],
                         order: HandOrder) -> list[CountedHand]:
    """Each row's two hands side by side — West's four, the board card both share, East's four — and
    one step for the row's winner (its five cards marked, the point, the rows each side has won so
    far); a tie scores no step, its words say why."""
    won = [0] * len(names)
    counted = []
    for r, (board, west, east) in enumerate(rows):
        values = [evaluate([board, *west], order), evaluate([board, *east], order)]
        groups = ((f"{names[0]}: {values[0].words}", len(west)), ("in both hands", 1),
                  (f"{names[1]}: {values[1].words}", len(east)))
        steps: tuple[CountStep, ...] = ()
        if values[0] != values[1]:
            winner = 0 if values[0] > values[1] else 1
            won[winner] += 1
            so_far = "rows won so far: " + ", ".join(f"{name} {n}" for name, n in zip(names, won))
            why = beats(values[winner], values[1 - winner], order)
            steps = (CountStep(f"{why}: {names[winner]} wins row {r + 1}", (board, *(west, east)[winner]), 1, 1,
                               so_far),)
        counted.append(CountedHand(f"Row {r + 1} (board card {C.short(board)})", (*west, board, *east), steps,
                                   len(steps), nothing=f"Both hands are {values[0].words}, rank for rank: a tie, "
                                                       f"and nobody wins row {r + 1}.", groups=groups))
    return counted


def beats(better: HandValue, worse: HandValue, order: HandOrder) -> str:
    """Why one five-card hand beats another, in words: "three eights beat a pair of kings"."""
    verb = "beat" if better.words.startswith(("two ", "three ", "four ")) else "beats"
    if better.words != worse.words:
        why = f"{better.words} {verb} {worse.words}"
        if {better.category, worse.category} == {FLUSH, FULL_HOUSE}:
            # The one place this game's order may differ from what a family knows.
            why += (" (with 32 cards a flush is the rarer hand, so it ranks higher)" if order.flush_beats_full_house
                    else " (the ordinary order: a full house above a flush)")
        return why
    # The same hand in words: the ranks not named yet decide, highest first.
    mine, theirs = next((a, b) for a, b in zip(better.ranks, worse.ranks) if a != b)
    return f"both are {better.words}; {a_rank(mine)} beats {a_rank(theirs)}, the highest cards not yet compared"


def a_rank(rank: int) -> str:
    """"an ace", "a queen"."""
    word = RANK_WORD[rank]
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


# --- the rule bot ---------------------------------------------------------------

class EastWestBot(RuleBot):
    """Tries each row for the drawn card and plays out the rest of the deal many times over (the unseen
    cards shuffled, both sides placing at random), keeping the row whose games it wins most often."""

    rollouts = 24

    def choose(self, state: EastWestState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        me, card = state.turn, state.drawn
        if len(legal) == 1:
            return self.because(legal[0], f"places the {C.short(card)} in the only row with room left")
        deals = []
        for _ in range(self.rollouts):
            unseen = list(state.stock)
            self.rng.shuffle(unseen)
            deals.append((unseen, self.rng.below(1 << 30)))
        best, best_score, best_wins = legal[0], -1.0, 0
        runner_up = 0  # games won by the best of the other rows, for the reason
        for action in legal:
            row = parse_row(action)
            assert row is not None
            score, wins = 0.0, 0
            for unseen, seed in deals:
                rows = [[list(side) for side in r] for r in state.rows]
                rows[row][me].append(card)
                result = playout(state.board, rows, unseen, 1 - me, me, state.order, seed)
                score += result
                wins += result >= 1.0
            if score > best_score:
                runner_up = max(runner_up, best_wins) if best_score >= 0 else runner_up
                best, best_score, best_wins = action, score, wins
            else:
                runner_up = max(runner_up, wins)
        row = parse_row(best)
        assert row is not None
        plan = row_plan([state.board[row], *state.rows[row][me]], card, state.order)
        return self.because(best, f"places the {C.short(card)} in row {row + 1}{plan}: "
                                  f"{odds_words(best_wins, runner_up, self.rollouts)}")


def playout(board: Sequence[Card], rows: list[list[list[Card]]], unseen: Sequence[Card], mover: int, me: int,
            order: HandOrder, seed: int) -> float:
    """Fill every row at random from ``unseen`` (``mover`` first); ``me``'s result: 1 a win, ½ a draw, 0 a loss,
    plus a little for each row won so that near things count."""
    won = random_fill(board, rows, unseen, mover, order, seed)
    mine, theirs = won[me], won[1 - me]
    result = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return result + 0.1 * mine


def random_fill(board: Sequence[Card], rows: list[list[list[Card]]], unseen: Sequence[Card], mover: int,
                order: HandOrder, seed: int) -> list[int]:
    """Fill every row at random from ``unseen``, in that order (``mover`` places first, then turn
    about); the rows each side wins."""
    rng = Rng(seed)
    deck = iter(unseen)
    while True:
        open_rows = [r for r in range(ROWS) if len(rows[r][mover]) < PER_ROW]
        if not open_rows:
            other = 1 - mover
            if not any(len(rows[r][other]) < PER_ROW for r in range(ROWS)):
                break
            mover = other
            continue
        rows[open_rows[rng.below(len(open_rows))]][mover].append(next(deck))
        mover = 1 - mover
    won = [0, 0]
    for r in range(ROWS):
        west = hand_key([board[r], *rows[r][0]], order)
        east = hand_key([board[r], *rows[r][1]], order)
        if west != east:
            won[0 if west > east else 1] += 1
    return won


def stock_seed(cards: Sequence[Card]) -> int:
    """A seed that depends only on the order of ``cards``."""
    seed = 0
    for card in cards:
        seed = (seed * 131 + card + 1) % (1 << 30)
    return seed


def row_plan(cards: Sequence[Card], card: Card, order: HandOrder) -> str:
    """What ``card`` does for a row's cards (the board card first), for the reason: ", making a pair of tens"."""
    value = evaluate([*cards, card], order)
    if len(cards) == PER_ROW:
        return f" to finish {value.words}"
    if value.category != evaluate(cards, order).category:
        return f", making {value.words}"
    if value.category == "high card" and len({C.suit_of(c) for c in [*cards, card]}) == 1:
        return f", keeping a flush in {C.SUIT_NAME[C.suit_of(card)]} open"
    return f" beside the {C.short(cards[0])}"


def odds_words(wins: int, runner_up: int, games: int) -> str:
    """How the chosen row fared in the games played out at random, against the best other row."""
    if wins == 0:
        return f"no row wins any of {games} random play-outs; this one comes closest"
    if wins > runner_up:
        return f"it wins {wins} of {games} random play-outs, more than any other row"
    return f"it wins {wins} of {games} random play-outs; no row does better counting draws and rows won"


# --- counting a hand from the command line ------------------------------------------

def count_hand(values: dict[str, Any]) -> Counted:
    """Name and rank five cards the way this game does (``python -m parlour count east-west --hand …``,
    and the count box on the page)."""
    cards = cards_from_text(C.FRENCH_32, values["hand"], "Hand")
    if len(cards) != 5:
        raise CountError(f"Hand: a poker hand is five cards, not {len(cards)}")
    order = hand_order({"flush": "below-full-house" if values["ordinary"] else "above-full-house",
                        "low_straight": "no" if values["high_ace"] else "yes"})
    value = evaluate(cards, order)
    counts = category_counts(RANKS_32, order=order)
    place = len(order.categories) - order.strength(value.category)
    return Counted(
        heading=f"{' '.join(C.short(c) for c in cards)}, in East–West's order:",
        spoken=value.words,
        lines=(f"A {value.category}: kind {place} of {len(order.categories)}, highest first ({order.describe()}).",
               f"{counts[value.category]:,} of the {sum(counts.values()):,} five-card hands of the 32-card pack "
               f"are of this kind."),
        total=None)


COUNTING = Counting(
    title="Name and rank a poker hand of the 32-card pack",
    inputs=(CountInput("hand", "Hand", "five cards of the 32-card pack (7 to ace)", "cards", "KS,KH,8C,8D,8S"),
            CountInput("ordinary", "Ordinary order", "a full house beats a flush, as with 52 cards", "flag"),
            CountInput("high_ace", "Ace high only", "A-7-8-9-10 is no straight", "flag")),
    count=count_hand,
)


# Strong judges each row by filling the rest of its imagined deal at random (ESTIMATE_FILLS times a
# deal), as Family does for its 24 play-outs, but over many more: measured by tests/strengths.py with
# 48 imagined deals a move (384 fillings a row; about what the table's half second gives in a browser),
# Strong won 57.8 % of 384 games against Family, interval 51.4-63.9 %: stronger, so it is offered.
# (Before, Strong played each imagined deal out with Family players: 4 deals a move, 44 % of 48 games.)
SPEC = GameSpec(info=INFO, options=OPTIONS, state=EastWestState, rule_bot=EastWestBot, counting=COUNTING,
                playout_horizon=0)
