"""Brus, as the Carrillo family plays it (seed 000), with Gotland Bräus's cards as an option.

Brus is a Karnöffel-family game for two partnerships (South–North against
West–East) in which most of the pack can never be played.  Only the
*playable* cards and the sevens go to tricks; the rest stay in the hand, and
one of them, the tie-breaker king, can still decide a hand.

* A seven led is a trick on its own: nobody answers it, and a player on
  lead must lay down every seven first.  Sevens cannot be played to
  somebody else's trick.
* Everyone after the leader gets one turn: beat the best card in the trick
  if you can (you must), or pass — play nothing.  A trick holds one to four
  cards, so a hand has a varying number of tricks.
* A leader with nothing playable passes the lead to the next player.
* The hand ends when nobody holds a playable card.  Six tricks or more
  score 1 and 1 more a trick over six; six tricks in a row score 3 more;
  with nobody on six, five tricks plus the tie-breaker king score 1.

House rules (the defaults): the family's pack of 36 (black ace to five,
red ace to seven), black cards playable in the order A♠ A♣ K♠ K♣ … 5♠ 5♣,
K♥ the tie-breaker, game to 11.
Standard cards (option ``cards: gotland``): Pagat's Gotland Bräus — ranks 6
to ace, J♣ 8♠ K♥ then nines, aces, the other jacks and sixes playable,
K♣ the tie-breaker (the family's scoring is kept).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card, Mask, Pack
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, MatchScoring, Target, team_names, team_of
from ..tricks import PASS, Trick, TrickGameState, TrickRules

TEAMS = PARTNERS_4
SEVEN = 7
#: What a led seven is worth: more than any playable card.
SEVEN_POWER = 100
SEVENS: Mask = C.mask_of(C.make_card(suit, SEVEN) for suit in C.FRENCH_SUITS)
SIX_IN_A_ROW_BONUS = 3
TRICKS_TO_SCORE = 6


@dataclass(frozen=True)
class CardSet:
    """One way of playing Brus: its pack, its playable cards (highest first) and its tie-breaker."""

    pack: Pack
    playable: tuple[str, ...]
    tie_breaker: str
    description: str


FAMILY = CardSet(
    pack=C.FRENCH_52.without(["2C", "3C", "4C", "2S", "3S", "4S",
                              "2D", "3D", "4D", "5D", "6D", "2H", "3H", "4H", "5H", "6H"],
                             id="brus36", description="36-card Brus pack (black A–5, red A–7)"),
    playable=("AS", "AC", "KS", "KC", "QS", "QC", "JS", "JC", "10S", "10C",
              "9S", "9C", "8S", "8C", "6S", "6C", "5S", "5C"),
    tie_breaker="KH",
    description="the family's cards",
)

GOTLAND = CardSet(
    pack=C.french_pack(range(6, 15), id="french36", description="36-card pack (6 to ace)"),
    playable=("JC", "8S", "KH", "9C", "9S", "9H", "9D", "AC", "AS", "AH", "AD",
              "JS", "JH", "JD", "6C", "6S", "6H", "6D"),
    tie_breaker="KC",
    description="Gotland Bräus cards",
)

CARD_SETS = {"family": FAMILY, "gotland": GOTLAND}

INFO = GameInfo(
    id="brus",
    name="Brus",
    family="Karnöffel (plain-trick)",
    players=(4,),
    pack="36 cards (22 playable)",
    min_age=9,
    skill="Medium",
    kinds=("trick-taking",), deck="french52", minutes=(30, 45),
    summary="Beat the card before you or pass: a partnership game where most cards can never be played.",
    house_rule=("The family's cards: black A–5 and red A–7; the black cards and the sevens are playable, "
                "K♥ breaks ties; 6+ tricks score, 3 more for six in a row; game to 11."),
    standard_rule=("Gotland Bräus cards: 6 to ace, with J♣ 8♠ K♥, the nines, aces, other jacks "
                   "and sixes playable and K♣ the tie-breaker."),
    source="The Carrillo family's Brus; Pagat's Bräus (Gotland) for the standard cards.",
    short_rules=(
        "Four players, partners opposite; 36 cards, nine each in threes; the dealer's left leads first.",
        "Playable: the four sevens and the black A K Q J 10 9 8 6 5 (A♠ A♣ K♠ K♣ … 5♠ 5♣, high to low).",
        "The red cards other than sevens can never be played; K♥ is the tie-breaker.",
        "On lead: lay down every seven first (each is a trick at once), then lead a playable card.",
        "After the lead each player in turn must beat the best card in the trick, or pass if unable.",
        "A leader with nothing playable passes the lead on; the best card takes the trick and leads.",
        "The hand ends when no playable card is left.",
        "6+ tricks: 1 point and 1 a trick over six; six tricks in a row: 3 more.",
        "Nobody on six: five tricks and the tie-breaker score 1. First side to 11 wins.",
    ),
    readings=(
        Reading("Which cards leave the 52? The list is missing from our copy of the family's page.",
                "The family says 22 cards are playable — the four sevens and the black A K Q J 10 9 8 6 5 — "
                "and 14 are not — the red cards other than sevens, K♥ among them. The only 36-card pack "
                "that fits keeps the black cards down to the five and the red cards down to the seven.",
                "cards", "gotland"),
        Reading("The sevens head the family's list, but act only when led. May one be played to another "
                "player's trick?",
                "No, as in the Gotland original; and a leader puts down all their sevens before leading "
                "anything else, as the family describes."),
        Reading("Both sides take six tricks or more.",
                "Both score, as the scoring section explains."),
        Reading("The family passes the deal to the left after a hand with no score; and otherwise?",
                "To the left after every hand."),
        Reading("Both sides reach the same total of 11 or more together.",
                "Another hand is played."),
    ),
)

OPTIONS = (
    Option("cards", "family", "Which cards are in the pack, which can be played and which king breaks ties.",
           choices={"family": "black A–5 and red A–7; black cards playable A♠ A♣ K♠ … 5♣; K♥ breaks ties (house rule)",
                    "gotland": "6 to ace; J♣ 8♠ K♥, nines, aces, other jacks, sixes playable; K♣ breaks ties (Gotland Bräus)"},
           standard="gotland"),
    Option("target", 11, "The first partnership to reach this many points wins.", minimum=3, maximum=50),
)


@dataclass(frozen=True)
class BrusRules(TrickRules):
    """No suits: one ladder of playable cards; beat the best card or pass; sevens count only when led."""

    #: Playable cards other than the sevens, lowest first.
    ladder: tuple[Card, ...] = ()
    must_follow: bool = False
    must_beat: bool = True
    may_pass: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "_ladder_mask", C.mask_of(self.ladder))

    def play_power(self, card: Card, led: Card) -> int:
        if C.rank_of(card) == SEVEN:
            return SEVEN_POWER if card == led else -1
        return self.ladder.index(card) if card in self.ladder else -1

    def playable(self, card: Card) -> bool:
        return C.rank_of(card) == SEVEN or card in self.ladder

    def reason(self, hand: Mask, trick: Trick, card: Card, seat: int | None = None) -> str | None:
        if not self.playable(card):
            return f"The {C.short(card)} is an unplayable card: it never goes to a trick."
        if not trick.plays:
            sevens = [c for c in C.cards_in(hand) if C.rank_of(c) == SEVEN]
            if sevens and C.rank_of(card) != SEVEN:
                return f"Lay down your sevens first (you hold the {C.short(sevens[0])}): each one is a trick."
            return None
        if C.rank_of(card) == SEVEN:
            return "A seven counts only when you lead it: it cannot be played to another player's trick."
        return super().reason(hand, trick, card, seat)


    def allowed(self, hand: Mask, trick: Trick, seat: int | None = None) -> Mask:
        # reason() as masks: sevens first on the lead; after it, ladder cards under the duty to beat.
        sevens = hand & SEVENS
        if not trick.plays:
            return sevens or hand & self._ladder_mask  # type: ignore[attr-defined]
        ladder = hand & self._ladder_mask  # type: ignore[attr-defined]
        return ladder & self.allowed_by_following(hand, trick, seat)


class BrusState(MatchScoring, TrickGameState):
    """Four players, South–North against West–East; tricks of one to four cards."""

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> Pack:
        return CARD_SETS[options["cards"]].pack

    def setup(self) -> None:
        cards = CARD_SETS[self.options["cards"]]
        self.ladder = tuple(self.pack.card(c) for c in reversed(cards.playable))
        self.tie_breaker = self.pack.card(cards.tie_breaker)
        self.playable_mask = C.mask_of(self.ladder) | C.mask_of(
            c for c in self.pack.cards if C.rank_of(c) == SEVEN)
        self.match_end = Target(self.options["target"])
        self.sheet = ScoreSheet(team_names(self.names, TEAMS), note=self.match_end.describe())
        super().setup()

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column]

    def team_tricks(self) -> list[int]:
        return [sum(self.tricks_won[s] for s in team) for team in TEAMS]

    # -- a hand
    def start_hand(self) -> None:
        self.next_hand()
        self.deal(self.shuffled_pack(), packets=(3,))
        #: The side (0 or 1) that took each trick, in order: for six in a row.
        self.trick_sides: list[int] = []
        #: The seats that have passed the lead this hand (as a mask of seats): each held no playable
        #: card then, and a hand only shrinks, so it holds none now (for imagined deals).
        self.lead_passers = 0
        self.rules = BrusRules(ladder=self.ladder)
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals nine cards to each player, "
                 f"three at a time.", kind="deal")
        self.start_play(self.next_seat(self.dealer))

    def pass_turn(self, seat: int) -> None:
        if not self.trick.plays:
            self.lead_passers |= 1 << seat
        super().pass_turn(seat)

    def known_absences(self, player: int) -> dict[int, Mask]:
        """A seat that passed the lead holds no playable card (the trick rules see only passes in a trick)."""
        return {seat: self.playable_mask for seat in range(self.n)
                if self.lead_passers >> seat & 1 and seat != player}

    def hand_test(self, player: int) -> Callable[[int, Mask], bool] | None:
        """Imagined hands that agree with the cards played as a Family player plays them
        (:meth:`family_absences`); a seat whose own plays show it does not play so is left free."""
        absent = self.family_absences(player)
        if not absent:
            return None
        return lambda seat, hand: not hand & absent.get(seat, 0)

    def family_absences(self, player: int) -> dict[int, Mask]:
        """The ladder cards each other seat would not hold had it played this hand as BrusBot does:
        it leads its lowest playable card (so it held none lower) and beats with its cheapest card that
        does (so it held none between the best card then and the card it played).  A seat that
        later played a card it would have played instead is no Family player: none for it."""
        plays: list[tuple[int, int, int]] = []  # (seat, the card's rung on the ladder, the best rung it beat or -1)
        for trick in (*self.tricks_played, self.trick):
            for index, (seat, card) in enumerate(trick.plays):
                if C.rank_of(card) == SEVEN:
                    continue  # a seven is led before anything else, whichever seven comes first
                best = -1 if index == 0 else max(self.rules.play_power(c, trick.plays[0][1])
                                                 for _, c in trick.plays[:index])
                plays.append((seat, self.ladder.index(card), best))
        absent: dict[int, Mask] = {}
        free = {player}
        for at, (seat, rung, best) in enumerate(plays):
            skipped = C.mask_of(self.ladder[best + 1:rung])
            later = C.mask_of(self.ladder[r] for s, r, _ in plays[at + 1:] if s == seat)
            if skipped & later:
                free.add(seat)
            absent[seat] = absent.get(seat, 0) | skipped
        return {seat: mask for seat, mask in absent.items() if seat not in free and mask}

    def trick_closes_early(self, trick: Trick) -> bool:
        return C.rank_of(trick.plays[0][1]) == SEVEN

    def card_played(self, seat: int, card: Card) -> None:
        if C.rank_of(card) == SEVEN:
            self.say("A led seven cannot be beaten: it is a trick at once.", kind="info")

    def hand_over(self) -> bool:
        return not any(hand & self.playable_mask for hand in self.hands)

    def trick_done(self, winner: int, trick: Trick) -> None:
        self.trick_sides.append(team_of(winner, TEAMS))

    def longest_run(self, side: int) -> int:
        best = run = 0
        for taker in self.trick_sides:
            run = run + 1 if taker == side else 0
            best = max(best, run)
        return best

    def hand_points(self) -> list[int]:
        """Each side's points for the hand just played (and the story of why)."""
        tricks = self.team_tricks()
        names = self.sheet.columns
        points = [0, 0]
        for side in range(len(TEAMS)):
            if tricks[side] >= TRICKS_TO_SCORE:
                points[side] = 1 + tricks[side] - TRICKS_TO_SCORE
                self.say(f"{names[side]} take {tricks[side]} tricks: {points[side]} "
                         f"point{'s' if points[side] != 1 else ''}.", kind="score")
                if self.longest_run(side) >= TRICKS_TO_SCORE:
                    points[side] += SIX_IN_A_ROW_BONUS
                    self.say(f"{names[side]} took six tricks in a row: {SIX_IN_A_ROW_BONUS} more.",
                             kind="score")
        if not any(t >= TRICKS_TO_SCORE for t in tricks):
            holder = next(s for s in range(self.n) if self.hands[s] >> self.tie_breaker & 1)
            side = team_of(holder, TEAMS)
            king = C.short(self.tie_breaker)
            if tricks[side] == TRICKS_TO_SCORE - 1:
                points[side] = 1
                self.say(f"Nobody has six tricks; {names[side]} have five and {self.names[holder]} holds "
                         f"the tie-breaker {king}, which counts as their sixth: 1 point.", kind="score")
            else:
                self.say(f"Nobody has six tricks ({names[0]} {tricks[0]}, {names[1]} {tricks[1]}) and "
                         f"the tie-breaker {king} does not help: no score.", kind="score")
        return points

    def hand_done(self) -> None:
        tricks = self.team_tricks()
        self.say(f"No playable cards are left. Tricks: {self.sheet.columns[0]} {tricks[0]}, "
                 f"{self.sheet.columns[1]} {tricks[1]}.", kind="score")
        self.score_hand(self.hand_points())

    def match_over(self) -> bool:
        """Over when a side has reached the target and is alone in the lead (equal totals play on)."""
        return self.match_end.reached(self.sheet.totals) and len(self.match_end.leaders(self.sheet.totals)) == 1

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if not self.trick.plays:
            if self.hands[self.turn] & self.playable_mask:
                return f"{name} to lead (sevens first)."
            return f"{name} has nothing playable: pass the lead on."
        top = self.trick.plays[self.rules.winning_play(self.trick)][1]
        return f"{name}: beat the {C.short(top)} or pass."

    def describe(self, action: Action) -> str:
        if action == PASS:
            return "Pass the lead" if not self.trick.plays else "Pass"
        card = self.pack.find(action)
        if card is not None and C.rank_of(card) == SEVEN and not self.trick.plays:
            return f"Lay down {C.short(card)} (a trick)"
        return super().describe(action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            playable = C.count(self.hands[s] & self.playable_mask)
            won = self.tricks_won[s]
            info = f"{won} trick{'' if won == 1 else 's'}"
            if player is None or player == s:
                info += f", {playable} playable"
            seats.append(self.seat_view(s, player, self.hands[s],
                                        role="dealer" if s == self.dealer else "", info=info))
        tricks = self.team_tricks()
        status = [f"Tricks: {self.sheet.columns[0]} {tricks[0]}, {self.sheet.columns[1]} {tricks[1]}",
                  f"tie-breaker {C.short(self.tie_breaker)}"]
        if self.trick.passes:
            status.append("passed: " + ", ".join(self.names[s] for s in self.trick.passes))
        return self.table_view(seats, [], " · ".join(status))


class BrusBot(RuleBot):
    """Lays down sevens, leads its lowest card so the others must spend theirs, and beats with its
    cheapest card that does: everyone after must beat it if they can, so a cheap card makes them
    spend, while a card nothing unseen can beat wins a trick whenever it is played, so it keeps."""

    #: The Strong player (parlour.search) leaves this bot's move only for one clearly better over its
    #: imagined deals (parlour.search.clearly_better): most moves differ by under a point there.
    search_margin = 1.0

    def choose(self, state: BrusState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        cards = [state.pack.card(a) for a in legal if a != PASS]
        if not cards:
            return self.because(legal[0], "has no card that may be played, so passes")
        if len(legal) == 1:
            return self.because(legal[0], f"the {C.short(cards[0])} is its only card that may be played")
        rules, trick, me = state.rules, state.trick, state.turn
        led = trick.plays[0][1] if trick.plays else None
        by_power = sorted(cards, key=lambda c: rules.play_power(c, c if led is None else led))
        cheapest = by_power[0]
        if led is None:
            if C.rank_of(cheapest) == SEVEN:  # sevens first is enforced by the rules
                return self.because(C.code(cheapest), f"lays down the {C.short(cheapest)}: a seven led is a "
                                                      "trick on its own")
            return self.because(C.code(cheapest), f"leads its lowest playable card, the {C.short(cheapest)}, so "
                                                  "the others must spend higher ones to beat it")
        best = trick.plays[rules.winning_play(trick)][1]
        if team_of(rules.winner(trick), TEAMS) == team_of(me, TEAMS):
            return self.because(C.code(cheapest), f"must beat partner's {C.short(best)}, so spends as little "
                                                  f"as it can: the {C.short(cheapest)}")
        return self.because(C.code(cheapest), f"beats the {C.short(best)} with its cheapest card that does, the "
                                              f"{C.short(cheapest)}: whoever comes next must spend a card to beat "
                                              "it, and its higher cards keep for later tricks")


# Strong (the search bot) deals its imagined hands to agree with the play: a pass is read against the
# trick as it stood (parlour.determinise), a player who passed the lead holds nothing playable
# (BrusState.known_absences), and each hand is one that played its cards as Family would
# (BrusState.hand_test); it leaves Family's move only for one clearly better (BrusBot.search_margin).
# Measured by tests/strengths.py at 16 imagined deals a move: Strong won 58.1 % of 384 games against
# Family, interval 51.7-64.2 %: stronger (before, 53.9 %, 47.5-60.2 %).  Screened per hand (1,200 first
# hands, the same deals with Strong and with Family on South's side): Strong gained +0.14 points a hand
# over Family before, +0.25 with the play read, +0.29 with search_margin 1 too (standard errors 0.04-0.05);
# counting each trick over the other side as a tenth or three tenths of a point in the imagined hands
# gained nothing (600 hands: -0.02, 0.00, with the passes read but not Family's plays).
SPEC = GameSpec(info=INFO, options=OPTIONS, state=BrusState, rule_bot=BrusBot)
