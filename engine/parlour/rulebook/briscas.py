"""Briscas, as José's family plays it in Puerto Rico.

Two or three play alone, four in two partnerships (partners face each other).
Everything goes to the right — counter-clockwise: the deal, the play and the
draw.  Three cards each; the next card is turned face up under the stock and
fixes trumps.  Nobody has to follow suit.  After each trick the winner draws
first and the others follow round the table; the last card drawn is the
turned-up trump card.  When the hands are played out, the card points in the
tricks decide: highest wins, and a draw is possible.  With three players a
four is taken out (this engine takes out the 4 of oros): 39 cards, still
120 card points, since a four scores nothing.

Options: the trump-card exchange — off (the plain game), the family's rule
from seed 001, or the common Spanish rule; the 52-card substitute pack; and
a game of several deals with the card points added up.

:class:`BriscasState` is also the base of Alcalde and its variation, which
change the deal, the draw and who plays how many cards to a trick.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from .. import spanish
from ..cards import Card
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, FixedDeals, MatchScoring, names_and, plural, team_names
from ..stock import StockDraw
from ..tricks import Trick, TrickGameState, TrickRules

#: Trump cards of these face values are "10 or better": the 7 may take them.
HIGH_VALUES = frozenset({10, 11, 12, 1, 3})
#: Trump cards of these face values are "7 or lower": the 2 may take them.
LOW_VALUES = frozenset({4, 5, 6, 7})
EXCHANGES = ("exchange:2", "exchange:7")

INFO = GameInfo(
    id="briscas",
    name="Briscas",
    family="Point-trick (Spanish pack)",
    players=(2, 3, 4),
    pack="40-card Spanish pack (or a 52-card pack without 8s, 9s and 10s)",
    min_age=7,
    skill="Low to medium",
    length_note="a deal",
    kinds=("trick-taking", "point-trick"), deck="spanish40", minutes=(10, 15),
    summary="Catch the aces and threes in your tricks; no need to follow suit, and everyone draws "
            "from the stock after each trick.",
    house_rule="Played to the right; three-handed without a four; no exchange of the turned-up trump card "
               "unless agreed (the family's optional rule: the 7 for a high card, the 2 before the first "
               "trick or for a low card).",
    standard_rule="The common Spanish exchange: on your turn, once you have won a trick, the 7 takes a "
                  "high trump card and the 2 a low one.",
    source="José's page of Spanish-pack games from Puerto Rico and the same family's card-games page; "
           "Ludoteka's and VIP Games' Brisca descriptions for the common exchange rule.",
    short_rules=(
        "Spanish pack of 40: 1 3 12 11 10 7 6 5 4 2 in each suit; 1 = 11 points, 3 = 10, 12 = 4, 11 = 3, 10 = 2.",
        "2 or 3 players alone (3: a four is taken out), 4 as two partnerships facing each other.",
        "Deal, play and draw go to the right (counter-clockwise). Three cards each.",
        "The next card is turned face up under the stock: its suit is trumps.",
        "The dealer's right leads. Play any card: there is no need to follow suit.",
        "Highest trump wins the trick, else the highest card of the suit led.",
        "The winner draws first, then the others to the right; the last card drawn is the trump card.",
        "When all cards are played, the side with most card points (120 in all) wins; 60-60 is a draw.",
        "Option exchange (off unless agreed): the 7 of trumps takes a trump card of 10 or better; the 2 "
        "takes it before the first trick (before the 7) or, when it is 7 or lower, at any time.",
    ),
    readings=(
        Reading("\"The use of this rule is optional\": is the exchange of the trump card played?",
                "Not unless the players agree, so the default is the plain game without it; the family's "
                "exchange and the common Spanish one are options.",
                "exchange", "family"),
        Reading("Three players take out \"a four (of any suit)\"; which one?",
                "Always the 4 of oros (the 4♦ of the 52-card substitute), so everyone knows which card is "
                "missing."),
        Reading("The family's exchange may be made \"at any time\"; when exactly?",
                "On your own turn; before the first trick the engine asks round the table, so that the "
                "2's precedence over the 7 can be honoured."),
        Reading("A trump card of \"7 or less (4, 5 or 6)\" and \"10 or better (11, 12, 1 or 3)\": are "
                "the 7 and the 10 themselves included?",
                "Yes, both limits are included, so a turned 7 can be taken by the 2."),
        Reading("Which Spanish suit does each French suit stand for in the 52-card pack? The family does "
                "not pair them.",
                "Oros–diamonds, copas–hearts, espadas–spades, bastos–clubs; it only matters for which "
                "four leaves the three-handed pack."),
        Reading("The family describes a single deal.",
                "A game of several deals (an option) adds the card points up, and the deal passes to the "
                "right.",
                "deals", 3),
    ),
)

PLAYERS_OPTION = Option(
    "players", 2, "How many play.",
    choices={2: "two, each alone", 3: "three, each alone (the 4 of oros is taken out: 39 cards)",
             4: "four, two against two as partners"})

EXCHANGE_OPTION = Option(
    "exchange", "off", "Whether the turned-up trump card may be exchanged.",
    choices={"off": "no exchange: the plain game (the family's rule is optional, agreed before play)",
             "family": "the family's optional rule: the 7 of trumps takes a trump card of 10 or better at any "
                       "time; the 2 takes it before the first trick, ahead of the 7; the 2 takes a trump card of "
                       "7 or lower at any time",
             "standard": "the common Spanish rule: on your turn before you play, once you have won a trick, the 7 "
                         "takes a trump card of 10 or better and the 2 one of 7 or lower; one exchange a turn"},
    standard="standard")

DEALS_OPTION = Option(
    "deals", 1, "How many deals make a game; card points add up from deal to deal.",
    choices={1: "one deal (the family's game)", 3: "three deals", 5: "five deals"})

OPTIONS = (PLAYERS_OPTION, EXCHANGE_OPTION, spanish.PACK_OPTION, DEALS_OPTION)


class BriscasState(StockDraw, MatchScoring, TrickGameState):
    """Seats South, West, North, East clockwise; everything moves the other way (``direction = -1``)."""

    direction = -1
    pack = C.SPANISH_40
    point_tricks = True  # the summary walks through the counting cards each side took

    def card_points(self, card: Card) -> int:
        return spanish.points(card)

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        if options.get("players") == 3:
            return spanish.pack_for(options, without=spanish.THREE_HANDED_REMOVED)
        return spanish.pack_for(options)

    def setup(self) -> None:
        self.match_end = FixedDeals(self.options["deals"])
        self.sheet = ScoreSheet(self.score_columns(), note=self.score_note())
        self.upcard = None
        self.stock = []
        super().setup()

    # -- sides and columns (Alcalde changes them)
    def sides(self) -> list[tuple[int, ...]]:
        """Who plays with whom this deal: a tuple of seats per side."""
        if self.n == 4:
            return [tuple(t) for t in PARTNERS_4]
        return [(s,) for s in range(self.n)]

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides()) if seat in side)

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of(a) == self.side_of(b)

    def side_names(self) -> list[str]:
        return team_names(self.names, self.sides())

    def score_columns(self) -> list[str]:
        return self.side_names()

    def column_seats(self, column: int) -> tuple[int, ...]:
        return self.sides()[column]

    def score_note(self) -> str:
        deals = self.options["deals"]
        if deals == 1:
            return "Card points in the tricks won: the higher total wins; equal totals are a draw."
        return f"Card points over {deals} deals: the higher total wins; equal totals are a draw."

    # -- the deal
    def start_hand(self) -> None:
        self.new_hand_state()
        if self.hand_no > 1:
            self.dealer = self.next_dealer()
        self.exchanged_this_turn = False
        cards = self.shuffled_pack()
        rest = self.deal_hands(cards)
        self.say(self.deal_text(), kind="deal")
        self.trump = C.suit_of(self.turn_up(rest))
        self.rules = TrickRules(trump=self.trump, ranking=spanish.ranking(self.pack), must_follow=False)
        self.say(f"The next card, the {C.name(self.upcard)}, is turned face up under the stock: "
                 f"{C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        self.leader = self.next_seat(self.dealer)
        self.start_play(self.leader)
        if self.options["exchange"] == "family" and spanish.number(self.upcard) in HIGH_VALUES:
            self.phase = "exchange"
            self.claims: dict[int, int] = {}
            self.asked = 0

    def next_dealer(self) -> int:
        """The deal passes to the right, to the player who led first."""
        return self.next_seat(self.dealer)

    def deal_hands(self, cards: list[Card]) -> list[Card]:
        """Deal the hands from the shuffled pack; return the undealt rest, top first."""
        return self.deal(cards, each=3)

    def deal_text(self) -> str:
        return (f"{self.deal_label()}: {self.names[self.dealer]} deals three cards to each player, one at a "
                f"time, to the right.")

    def deal_label(self) -> str:
        return "Deal" if self.options["deals"] == 1 else f"Deal {self.hand_no}"

    # -- the draw
    def trick_done(self, winner: int, trick: Trick) -> None:
        self.exchanged_this_turn = False
        self.draw_round(winner)

    def other_cards(self) -> list[Card]:
        return self.stock_cards()

    # -- the trump-card exchange
    def exchange_card(self, action: Action) -> Card:
        return spanish.card_of(self.trump, int(action.split(":", 1)[1]))

    def exchange_reason(self, seat: int, action: Action, before_play: bool) -> str | None:
        """Why ``seat`` may not make this exchange now (``None``: it may)."""
        mode = self.options["exchange"]
        if mode == "off":
            return "This game is played without exchanging the trump card (see the exchange option)."
        if self.upcard is None:
            return "The trump card has already been drawn: there is nothing to exchange."
        own = self.exchange_card(action)
        if not self.hands[seat] >> own & 1:
            return f"You do not hold the {C.name(own)}."
        showing = spanish.number(self.upcard)
        shown = C.name(self.upcard)
        if action == "exchange:7":
            if showing not in HIGH_VALUES:
                return f"The 7 may only take a trump card of 10 or better, and the trump card is the {shown}."
            if before_play and 2 in self.claims:
                return "The 2 of trumps has claimed the trump card already, and the 2 comes before the 7."
        else:
            if showing in HIGH_VALUES and not before_play:
                if mode == "family":
                    return (f"The 2 may take a trump card of 10 or better (the {shown}) only before the "
                            f"first trick.")
                return f"The 2 may only take a trump card of 7 or lower; the {shown} needs the 7."
        if mode == "standard":
            if not self.tricks_won[seat]:
                return "You may exchange the trump card only after you have won a trick."
            if self.exchanged_this_turn:
                return "Only one exchange a turn."
            if any(s == seat for s, _ in self.trick.plays):
                return "Exchange before you play your card to this trick, not after."
            if not self.stock:
                return "The stock has no face-down card left: the trump card can no longer be exchanged."
        return None

    def exchange(self, seat: int, action: Action) -> None:
        own, old = self.exchange_card(action), self.upcard
        assert old is not None
        self.hands[seat] = self.hands[seat] & ~(1 << own) | 1 << old
        self.upcard = own
        self.exchanged_this_turn = True
        self.say(f"{self.names[seat]} exchanges the {C.name(own)} for the trump card, the {C.name(old)}.",
                 kind="exchange")

    # the phase before the first trick (family rule, trump card 10 or better)
    def _candidates_exchange(self) -> list[Action]:
        return [*EXCHANGES, "keep"]

    def _verify_exchange(self, action: Action) -> str | None:
        if action == "keep":
            return None
        if action not in EXCHANGES:
            return "Before the first trick: exchange:2, exchange:7 or keep."
        return self.exchange_reason(self.turn, action, before_play=True)

    def _do_exchange(self, action: Action) -> None:
        seat = self.turn
        if action != "keep":
            value = int(action.split(":", 1)[1])
            self.claims[value] = seat
            self.say(f"{self.names[seat]} claims the trump card with the {value} of trumps.", kind="exchange")
        self.asked += 1
        if self.asked < len(self.playing_seats()):
            self.turn = self.next_seat(seat)
            return
        if not self.claims:
            self.say("Nobody exchanges the trump card.", kind="exchange")
        elif 2 in self.claims:
            if 7 in self.claims:
                self.say("The 2 comes before the 7.", kind="exchange")
            self.exchange(self.claims[2], "exchange:2")
        else:
            self.exchange(self.claims[7], "exchange:7")
        self.exchanged_this_turn = False
        self.phase = "play"
        self.turn = self.leader

    # the play: a card, or an exchange first
    def _candidates_play(self) -> list[Action]:
        cards = super()._candidates_play()
        if self.options["exchange"] == "off" or self.upcard is None:
            return cards
        return cards + list(EXCHANGES)

    def _legal_play(self) -> list[Action]:
        cards = super()._legal_play()
        if self.options["exchange"] == "off" or self.upcard is None:
            return cards
        return cards + [a for a in EXCHANGES if self._verify_play(a) is None]

    def _verify_play(self, action: Action) -> str | None:
        if action in EXCHANGES:
            return self.exchange_reason(self.turn, action, before_play=False)
        return super()._verify_play(action)

    def _do_play(self, action: Action) -> None:
        if action in EXCHANGES:
            self.exchange(self.turn, action)
            return
        self.exchanged_this_turn = False
        super()._do_play(action)

    # -- scoring
    def seat_points(self, seat: int) -> int:
        return spanish.mask_points(self.won[seat])

    def side_points(self) -> list[int]:
        return [sum(self.seat_points(s) for s in side) for side in self.sides()]

    def hand_done(self) -> None:
        points = self.side_points()
        names = self.side_names()
        detail = ", ".join(f"{names[i]} {p}" for i, p in enumerate(points))
        best = max(points)
        top = [names[i] for i, p in enumerate(points) if p == best]
        verdict = (f"{top[0]} take{'s' if len(self.sides()[points.index(best)]) == 1 else ''} the deal"
                   if len(top) == 1 else f"the deal is drawn between {names_and(top)}")
        self.say(f"Card points: {detail} — {verdict}.", kind="score")
        self.score_hand(points, label=self.deal_label())

    def finish(self) -> None:
        totals = self.sheet.totals
        best = max(totals)
        columns = [c for c, t in enumerate(totals) if t == best]
        winners = tuple(sorted(s for c in columns for s in self.column_seats(c)))
        names = self.sheet.columns
        if len(columns) > 1:
            self.end(winners, f"A draw: {names_and([names[c] for c in columns])} have {best} card points each.")
            return
        others = ", ".join(f"{names[c]} {t}" for c, t in enumerate(totals) if c != columns[0])
        verb = "win" if len(winners) > 1 else "wins"
        self.end(winners, f"{names[columns[0]]} {verb} with {best} card points ({others}).")

    # -- what the reader sees
    def display_order(self, cards: list[Card]) -> list[Card]:
        """By suit, trumps first, each suit from its best card down."""
        order = spanish.HIGH_TO_LOW
        trump = getattr(self, "trump", None)
        return sorted(cards, key=lambda c: (C.suit_of(c) != trump, C.suit_of(c), order.index(spanish.number(c))))

    def seat_role(self, seat: int) -> str:
        return "dealer" if seat == self.dealer else ""

    def seat_info(self, seat: int) -> str:
        tricks = self.tricks_won[seat]
        return f"{tricks} trick{'' if tricks == 1 else 's'}, {self.seat_points(seat)} card points"

    def hand_visible(self, seat: int, player: int | None) -> bool:
        """Whether ``player`` sees ``seat``'s hand besides their own (Alcalde's partners)."""
        return False

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            shown = player is not None and player != s and self.hand_visible(s, player)
            entry = self.seat_view(s, player, self.hands[s], role=self.seat_role(s), info=self.seat_info(s),
                                   face_up=shown)
            if shown:
                entry["face_up"] = True
            seats.append(entry)
        centre: list[dict[str, Any]] = []
        if self.upcard is not None:
            centre.append(self.upcard_zone("Trump card (under the stock)"))
        centre.append({"kind": "cards", "label": "Stock", "hidden": len(self.stock)})
        status = f"Trumps: {C.SUIT_NAME[self.trump]}. No need to follow suit."
        if self.stock_size():
            status += f" {plural(self.stock_size(), 'card')} to draw."
        return self.table_view(seats, centre, status)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "exchange":
            return (f"{name}: before the first trick, exchange the trump card ({C.name(self.upcard)}) "
                    f"with the 2 or the 7 of {C.SUIT_NAME[self.trump]}, or leave it?")
        return f"{name} to lead." if not self.trick.plays else f"{name} to play."

    def describe(self, action: Action) -> str:
        if action == "keep":
            return "Leave the trump card"
        if action in EXCHANGES:
            taken = f"the {C.name(self.upcard)}" if self.upcard is not None else "the trump card"
            return f"Exchange your {C.name(self.exchange_card(action))} for {taken}"
        return super().describe(action)


class BriscasBot(RuleBot):
    """Exchanges whenever it may, leads its cheapest card, takes points cheaply, feeds a winning partner."""

    def choose(self, state: BriscasState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        for action in EXCHANGES:
            if action in legal:
                taken = C.short(state.upcard) if state.upcard is not None else "the trump card"
                return self.because(action, f"takes the turned-up {taken} with the "
                                            f"{C.short(state.exchange_card(action))}, a cheaper trump")
        if state.phase == "exchange":
            return self.because("keep", "holds no trump that may take the turned-up card")
        cards = [state.pack.card(a) for a in legal]
        return C.code(self.play(state, cards))

    @staticmethod
    def cost(state: BriscasState, card: Card) -> int:
        """What playing a card gives away: its points, and much more for a trump."""
        rules = state.rules
        trump = 15 + 2 * rules.order(card) if rules.suit(card) == rules.trump else 0
        return spanish.points(card) + trump

    def play(self, state: BriscasState, cards: list[Card]) -> Card:
        rules, trick, seat = state.rules, state.trick, state.turn
        cost = lambda c: (self.cost(state, c), c)  # noqa: E731
        is_trump = lambda c: rules.suit(c) == rules.trump  # noqa: E731
        if not trick.plays:
            card = min(cards, key=cost)
            if is_trump(card):
                return self.because(card, f"holds only trumps, so leads the lowest, the {C.short(card)}")
            if spanish.points(card) and all(is_trump(c) for c in cards if c != card):
                return self.because(card, f"leads the {C.short(card)} and its {plural(spanish.points(card), 'point')} "
                                          "rather than give up one of its trumps")
            worth = plural(spanish.points(card), "point") if spanish.points(card) else "no points"
            return self.because(card, f"leads the {C.short(card)}, its cheapest card ({worth}, not a trump)")
        led = rules.suit(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best = rules.power(best_card, led)
        later = state.trick_size() - len(trick) - 1
        stake = sum(spanish.points(c) for c in trick.cards)
        on_table = plural(stake, "point")
        plain = [c for c in cards if not is_trump(c)]
        if state.same_side(best_seat, seat):
            holder = "its own" if best_seat == seat else "partner's"
            if later == 0 and plain:
                card = max(plain, key=lambda c: (spanish.points(c), -c))
                if not spanish.points(card):
                    return self.because(card, f"{holder} {C.short(best_card)} takes the trick; no points to add, "
                                              f"so plays the {C.short(card)}")
                return self.because(card, f"{holder} {C.short(best_card)} takes the trick, so adds the "
                                          f"{C.short(card)} and its {plural(spanish.points(card), 'point')}")
            card = min(cards, key=cost)
            return self.because(card, f"{holder} {C.short(best_card)} is winning but others play after, "
                                      f"so gives only the {C.short(card)}")
        winners = [c for c in cards if rules.power(c, led) > best]
        plain_winners = [c for c in winners if not is_trump(c)]
        if plain_winners and (later == 0 or stake >= 4):
            if later == 0:
                card = max(plain_winners, key=lambda c: (spanish.points(c), -c))
                won = stake + spanish.points(card)
                return self.because(card, f"plays last and beats the {C.short(best_card)} with the "
                                          f"{C.short(card)}, taking {plural(won, 'point')}")
            card = min(plain_winners, key=cost)
            return self.because(card, f"takes the {on_table} on the table with the {C.short(card)}, "
                                      "without spending a trump")
        trumps = [c for c in winners if is_trump(c)]
        if trumps and stake >= (4 if later == 0 else 10):
            card = min(trumps, key=cost)
            return self.because(card, f"wins the {on_table} on the table with the {C.short(card)}, "
                                      "its cheapest winning trump")
        card = min(cards, key=cost)
        if not winners:
            return self.because(card, f"cannot beat the {C.short(best_card)}, so throws the {C.short(card)}, "
                                      "its cheapest card")
        if not stake:
            return self.because(card, f"no points on the table to win, so throws the {C.short(card)}")
        return self.because(card, f"only {on_table} on the table, not worth a winning card: "
                                  f"throws the {C.short(card)}")


class BriscasPlayBot(BriscasBot):
    """Briscas's own rule bot: it chooses exactly as :class:`BriscasBot` (which Alcalde shares), and tells
    the Strong player (:mod:`parlour.search`) to judge its imagined deals by the card points a move gains
    rather than by who wins: the card points decide the game, and their margin over a few dozen
    imagined deals varies far less than a win's all or nothing, so the better move shows sooner."""

    search_win_weight = 0.0
    search_averaged_in = "card points"


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BriscasState, rule_bot=BriscasPlayBot)
