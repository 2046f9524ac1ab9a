"""Bismarck, Sergeant Major (8-5-3) and 9-5-2 (Chambers Card Games for Families), on the shared trick play.

Bismarck (the default ``variant``): three players, sixteen cards each; the
dealer also takes the last four cards of the pack and discards four.  Each
dealer deals four deals in a row, one of each type:

1. no trumps, win tricks;
2. the last of the dealer's four extra cards is turned and fixes trumps;
3. the dealer, after discarding, names trumps;
4. no trumps, and everyone tries to *lose* tricks.

In deals 1–3 the dealer scores a point a trick over eight and each opponent
a point a trick over four; in deal 4 the dealer scores 4 minus their tricks
and each opponent 6 minus theirs.  Twelve deals make a game; most points wins.

Sergeant Major (``variant="sergeant-major"``, also called 8-5-3) and
``"9-5-2"``: every deal the dealer names trumps (a suit), discards four from
sixteen and only then picks up the four cards left face down on the table.
Targets: dealer 8 (9), eldest 5, the third player 3 (2).  Each scores
tricks minus target, everyone starting on 20.  A player over target is *up*
for the next deal, one under is *down*: before the dealer names trumps, each
up player gives each down player as many cards as the down player was
short, one at a time, and for each the down player must hand back their
highest card of the suit given (perhaps the very same card).  The game ends
as soon as someone takes twelve or more tricks in one deal.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card
from ..core import Action, GameInfo, GameSpec, Option, OptionError, Reading, ScoreSheet
from ..scoring import EndsByRule, FixedDeals, MatchScoring, names_and, plural
from ..tricks import NO_TRUMPS, TrickGameState, TrickRules

HAND_SIZE = 16
EXTRA = 4
DEALS_PER_DEALER = 4
SM_START = 20
SM_WINNING_TRICKS = 12
#: Targets (dealer, eldest, third player) for the Sergeant Major family.
TARGETS = {"sergeant-major": (8, 5, 3), "9-5-2": (9, 5, 2)}
DEAL_TYPES = {
    1: "no trumps",
    2: "trumps turned up",
    3: "dealer names trumps",
    4: "no trumps, lose tricks",
}
SUIT_LETTERS = {C.SUIT_LETTER[s]: s for s in C.FRENCH_SUITS}

INFO = GameInfo(
    id="bismarck",
    name="Bismarck",
    family="Trick-taking (three players)",
    players=(3,),
    pack="52 cards",
    min_age=10,
    skill="Medium",
    length_note="(twelve deals)",
    kinds=("trick-taking", "trick-avoiding"), deck="french52", minutes=(45, 60),
    summary="Three players, four kinds of deal: win tricks with and without trumps, then try to lose them.",
    house_rule="The book's Bismarck: each dealer deals the four kinds of deal in turn; twelve deals a game.",
    standard_rule="Sergeant Major (8-5-3) or 9-5-2: trick targets, card exchanges, start on 20, first to 12 tricks ends it.",
    source="Chambers Card Games for Families; Pagat's Sergeant Major for the exchange order.",
    short_rules=(
        "3 players, 16 cards each; the dealer also takes the last 4 and discards 4.",
        "Eldest (dealer's left) leads; follow suit if you can; trump or discard if you cannot.",
        "Each dealer deals 4 deals: 1 no trumps; 2 last extra card turned for trumps; "
        "3 dealer names trumps after discarding; 4 no trumps, lose tricks.",
        "Deals 1-3: dealer 1 point a trick over 8, opponents 1 a trick over 4.",
        "Deal 4: dealer 4 minus tricks, opponents 6 minus tricks. Twelve deals; most points wins.",
        "variant=sergeant-major / 9-5-2: targets 8-5-3 / 9-5-2, start on 20, score tricks minus target,",
        "up players exchange cards with down players (two up: one card for each trick each was up),",
        "first to take 12+ tricks in a deal ends the game.",
    ),
    readings=(
        Reading("With two players up, the book says each exchanges cards with the down player, but not "
                "how many.",
                "Each gives one card for each trick they themselves were up, as the published rules "
                "say; together they make up the down player's shortfall.",
                "two_up", "shortfall"),
        Reading("Who exchanges first when two players are up?",
                "The one with the higher target in the new deal, as the book says.",
                "exchange_order", "most-up"),
        Reading("In the third kind of deal the book's rule has the dealer discard and then name trumps, "
                "while its example names clubs before the discard.",
                "We follow the rule; nobody else sees anything in between, so it makes no difference."),
        Reading("Is the exchange made card by card, or all at once?",
                "Card by card: each card given is answered before the next is chosen, so the up player "
                "sees what came back. (For the same cards given, the hands end the same either way.)"),
        Reading("The book does not say who wins when the best totals are equal.",
                "They share the win."),
        Reading("The book has the player on the dealer's right cut the pack.",
                "The cut is not played: it does not change a shuffled pack."),
    ),
)

OPTIONS = (
    Option("variant", "bismarck", "Which game of the family to play.",
           choices={"bismarck": "Bismarck: the four kinds of deal, twelve deals (the book's main game)",
                    "sergeant-major": "Sergeant Major (8-5-3): targets 8, 5, 3 and card exchanges",
                    "9-5-2": "9-5-2: Sergeant Major with targets 9, 5, 2"}),
    Option("exchange_order", "target",
           "Sergeant Major and 9-5-2 only: when two players are up, who exchanges first.",
           choices={"target": "the one with the higher target in the new deal (the book's rule)",
                    "most-up": "the one who was more tricks up (Pagat's rule)"},
           standard="most-up"),
    Option("two_up", "own",
           "Sergeant Major and 9-5-2 only: when two players are up, how many cards each exchanges "
           "with the player who is down.",
           choices={"own": "one card for each trick they were up themselves, so together they make up "
                           "the down player's shortfall (the published rule)",
                    "shortfall": "each the down player's whole shortfall, so twice as many cards change hands"},
           standard="own"),
    Option("practice", 0, "Bismarck only: play the whole game, or a single deal of one kind to practise it.",
           choices={0: "the whole game of twelve deals",
                    1: "one deal of kind 1 (no trumps)",
                    2: "one deal of kind 2 (trumps turned up)",
                    3: "one deal of kind 3 (dealer names trumps)",
                    4: "one deal of kind 4 (no trumps, lose tricks)"}),
)


def bismarck_points(deal_type: int, tricks: list[int], dealer: int) -> list[int]:
    """A Bismarck deal's points from each seat's tricks."""
    points = []
    for seat, taken in enumerate(tricks):
        if deal_type == 4:
            points.append((4 if seat == dealer else 6) - taken)
        else:
            points.append(max(0, taken - (8 if seat == dealer else 4)))
    return points


class BismarckState(MatchScoring, TrickGameState):
    """Three players, South, West and East, clockwise."""

    face_down_piles = ("kitty",)

    #: Sergeant Major and 9-5-2 end only when someone takes twelve tricks in a deal, so their length
    #: has a long tail: rule bots average 2,129 actions, and the longest of 100 games took 16,429
    #: (tests/longest_games.py).  Bismarck itself is twelve deals, under 700 actions.
    SERGEANT_MOVE_CAP = 200_000

    @classmethod
    def move_cap_for(cls, options: dict[str, Any]) -> int:
        return cls.move_cap if options["variant"] == "bismarck" else cls.SERGEANT_MOVE_CAP

    @staticmethod
    def check_options(options: dict[str, Any]) -> None:
        if options["practice"] and options["variant"] != "bismarck":
            raise OptionError("the practice option (one deal of one kind) is for Bismarck only")

    # -- the game
    def setup(self) -> None:
        self.variant = self.options["variant"]
        self.sergeant = self.variant != "bismarck"
        if self.sergeant:
            note = ("Everyone starts on 20; the game ends when someone takes 12 or more tricks in a "
                    "deal, and the highest total wins.")
        elif self.options["practice"]:
            note = "A single practice deal: the most points wins."
        else:
            note = "Twelve deals: each player deals the four kinds once; the highest total wins."
        self.sheet = ScoreSheet(list(self.names), note=note)
        if self.sergeant:
            self.sheet.add("Start", [SM_START] * self.n)
        self.updown = [0] * self.n
        total = self.total_deals()
        # Sergeant Major ends by its own rule: twelve tricks taken in a deal.
        self.match_end = EndsByRule() if total is None else FixedDeals(total)
        super().setup()

    def choose_first_dealer(self) -> int:
        """Everyone draws a card from the spread pack; the highest deals; tied highest draw again."""
        drawing = list(range(self.n))
        #: Each round of the draw: seat -> card drawn.
        self.draws: list[dict[int, Card]] = []
        while True:
            cards = list(self.pack.cards)
            self.rng.shuffle(cards)
            drawn = {seat: cards[i] for i, seat in enumerate(drawing)}
            self.draws.append(drawn)
            shown = ", ".join(f"{self.names[s]} {C.short(c)}" for s, c in drawn.items())
            best = max(C.rank_of(c) for c in drawn.values())
            drawing = [s for s, c in drawn.items() if C.rank_of(c) == best]
            if len(drawing) == 1:
                self.say(f"Drawing for the deal: {shown}. {self.names[drawing[0]]} deals first.",
                         kind="deal")
                return drawing[0]
            self.say(f"Drawing for the deal: {shown}. {names_and([self.names[s] for s in drawing])} "
                     f"tie and draw again.", kind="deal")

    def total_deals(self) -> int | None:
        if self.sergeant:
            return None
        return 1 if self.options["practice"] else DEALS_PER_DEALER * self.n

    def targets(self) -> list[int]:
        """Each seat's target this deal (Sergeant Major family only)."""
        dealer_t, eldest_t, third_t = TARGETS[self.variant]
        out = [0] * self.n
        out[self.dealer] = dealer_t
        out[self.next_seat(self.dealer)] = eldest_t
        out[self.next_seat(self.dealer, 2)] = third_t
        return out

    # -- a deal
    def start_hand(self) -> None:
        self.new_hand_state()
        if self.sergeant:
            if self.hand_no > 1:
                self.dealer = self.next_seat(self.dealer)
            self.deal_type = 3
        elif self.options["practice"]:
            self.deal_type = self.options["practice"]
        else:
            if self.hand_no > 1 and (self.hand_no - 1) % DEALS_PER_DEALER == 0:
                self.dealer = self.next_seat(self.dealer)
            self.deal_type = (self.hand_no - 1) % DEALS_PER_DEALER + 1
        self.trump: int | None = None
        self.turned: Card | None = None
        self.kitty: list[Card] = []
        self.discards: list[Card] = []
        self.rules = NO_TRUMPS
        rest = self.deal(self.shuffled_pack(), each=HAND_SIZE)
        dealer = self.names[self.dealer]
        label = self.deal_label()
        if self.sergeant:
            self.kitty = rest
            self.target_list = self.targets()
            self.say(f"{label}: {dealer} deals 16 cards each and puts the last four face down on the "
                     f"table. Targets: " + ", ".join(f"{self.names[s]} {self.target_list[s]}"
                                                      for s in self.seats_from(self.dealer)) + ".",
                     kind="deal")
            self.exchanges = self.plan_exchanges()
            if self.exchanges:
                self.phase = "exchange"
                self.turn = self.exchanges[0][0]
                self.announce_exchange()
            else:
                if self.hand_no > 1:
                    self.say("Nobody was up last deal, so no cards are exchanged.", kind="info")
                self.phase = "trump"
                self.turn = self.dealer
            return
        self.hands[self.dealer] |= C.mask_of(rest)
        self.say(f"{label}, kind {self.deal_type} ({DEAL_TYPES[self.deal_type]}): {dealer} deals "
                 f"16 cards each and takes the last four as well.", kind="deal")
        if self.deal_type == 2:
            self.turned = rest[-1]
            self.trump = C.suit_of(self.turned)
            self.say(f"{dealer} turns up the last extra card, {C.short(self.turned)}: "
                     f"{C.SUIT_NAME[self.trump]} are trumps.", kind="info")
        self.phase = "discard"
        self.turn = self.dealer

    def deal_label(self) -> str:
        if not self.sergeant and self.options["practice"]:
            return "Practice deal"
        total = self.total_deals()
        return f"Deal {self.hand_no}" + (f" of {total}" if total else "")

    # -- Sergeant Major: the exchange
    def plan_exchanges(self) -> list[list[int]]:
        """[up, down, cards] for each exchange, in the order they happen."""
        ups = [s for s in range(self.n) if self.updown[s] > 0]
        downs = [s for s in range(self.n) if self.updown[s] < 0]
        if not ups or not downs:
            return []
        if len(ups) == 1:
            up = ups[0]
            downs.sort(key=lambda d: (d - up) % self.n if self.direction == 1 else (up - d) % self.n)
            return [[up, d, -self.updown[d]] for d in downs]
        if self.options["exchange_order"] == "most-up":
            ups.sort(key=lambda s: (-self.updown[s], -self.target_list[s]))
        else:
            ups.sort(key=lambda s: -self.target_list[s])
        down = downs[0]
        if self.options["two_up"] == "shortfall":
            return [[u, down, -self.updown[down]] for u in ups]
        return [[u, down, self.updown[u]] for u in ups]

    def announce_exchange(self) -> None:
        up, down, count = self.exchanges[0]
        cards = "one card" if count == 1 else f"{count} cards, one at a time,"
        each = "that suit" if count == 1 else "each suit given"
        self.say(f"{self.names[up]} was {self.updown[up]} up and {self.names[down]} was "
                 f"{-self.updown[down]} down last deal: "
                 f"{self.names[up]} gives {self.names[down]} {cards} and gets back "
                 f"{self.names[down]}'s highest card of {each}.", kind="info")

    def _candidates_exchange(self) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.hands[self.turn])]

    def _verify_exchange(self, action: Action) -> str | None:
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return f"{action!r} is not a card code: choose a card to give (like 5H)."
        if not self.hands[self.turn] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        return None

    def _do_exchange(self, action: Action) -> None:
        up, down, count = self.exchanges[0]
        card = self.pack.card(action)
        self.hands[up] &= ~(1 << card)
        self.hands[down] |= 1 << card
        suit = C.suit_of(card)
        back = max(C.cards_in(self.hands[down] & C.SUIT_MASKS[suit]), key=C.rank_of)
        self.hands[down] &= ~(1 << back)
        self.hands[up] |= 1 << back
        same = " — the same card" if back == card else ""
        self.say(f"{self.names[up]} gives {self.names[down]} a card and gets one back.",
                 secret=f"{self.names[up]} gives {self.names[down]} {C.short(card)}; {self.names[down]} "
                        f"must return their highest {C.SUIT_SINGULAR[suit]}, {C.short(back)}{same}.",
                 owner=up, kind="exchange")
        self.say(None, secret=f"{self.names[down]} receives {C.short(card)} and hands back "
                              f"{C.short(back)}.", owner=down, kind="exchange")
        self.exchanges[0][2] -= 1
        if self.exchanges[0][2]:
            return
        self.exchanges.pop(0)
        if self.exchanges:
            self.turn = self.exchanges[0][0]
            self.announce_exchange()
        else:
            self.phase = "trump"
            self.turn = self.dealer

    # -- naming trumps
    def _candidates_trump(self) -> list[Action]:
        return [f"trump:{C.SUIT_LETTER[s]}" for s in C.FRENCH_SUITS]

    def _verify_trump(self, action: Action) -> str | None:
        if not action.startswith("trump:") or action[6:] not in SUIT_LETTERS:
            return "Name a suit as trumps: trump:C, trump:D, trump:H or trump:S (no-trumps is not allowed)."
        return None

    def _do_trump(self, action: Action) -> None:
        self.trump = SUIT_LETTERS[action[6:]]
        self.rules = TrickRules(trump=self.trump)
        self.say(f"{self.names[self.dealer]} names {C.SUIT_NAME[self.trump]} as trumps.", kind="bid")
        if self.sergeant:
            self.phase = "discard"
        else:
            self.start_play(self.next_seat(self.dealer))

    # -- the dealer's discard
    def _candidates_discard(self) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.hands[self.dealer])]

    def _verify_discard(self, action: Action) -> str | None:
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return f"{action!r} is not a card code: choose a card to discard (like 6D)."
        if not self.hands[self.dealer] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        return None

    def _do_discard(self, action: Action) -> None:
        card = self.pack.card(action)
        self.hands[self.dealer] &= ~(1 << card)
        self.discards.append(card)
        self.discarded |= 1 << card
        dealer = self.names[self.dealer]
        self.say(None, secret=f"{dealer} discards {C.short(card)}.", owner=self.dealer, kind="discard")
        if len(self.discards) < EXTRA:
            return
        self.say(f"{dealer} has discarded four cards face down.", kind="discard")
        if self.sergeant:
            self.hands[self.dealer] |= C.mask_of(self.kitty)
            shown = " ".join(C.short(c) for c in self.display_order(self.kitty))
            self.say(f"{dealer} picks up the four cards from the table.",
                     secret=f"{dealer} picks up the four cards from the table: {shown}.",
                     owner=self.dealer, kind="discard")
            self.kitty = []
            self.start_play(self.next_seat(self.dealer))
        elif self.deal_type == 3:
            self.phase = "trump"
        else:
            self.rules = TrickRules(trump=self.trump)
            self.start_play(self.next_seat(self.dealer))

    def other_cards(self) -> list[Card]:
        return list(self.kitty)

    # -- scoring
    def hand_done(self) -> None:
        tricks = list(self.tricks_won)
        self.last_tricks = tricks
        summary = ", ".join(f"{self.names[s]} {tricks[s]}" for s in self.seats_from(self.dealer))
        self.say(f"Tricks: {summary}.", kind="score")
        label = f"Deal {self.hand_no}: {self.names[self.dealer]}"
        if self.sergeant:
            targets = self.target_list
            points = [tricks[s] - targets[s] for s in range(self.n)]
            self.updown = points
            parts = []
            for s in self.seats_from(self.dealer):
                p = points[s]
                state = f"{p} up" if p > 0 else f"{-p} down" if p < 0 else "on target"
                parts.append(f"{self.names[s]} {state} ({tricks[s]} of {targets[s]})")
            self.say("Against the targets: " + ", ".join(parts) + ".", kind="score")
            self.ended = max(tricks) >= SM_WINNING_TRICKS
            if self.ended:
                hero = max(range(self.n), key=lambda s: tricks[s])
                self.say(f"{self.names[hero]} took {tricks[hero]} tricks: that ends the game.", kind="score")
            self.score_hand(points, [f"{p:+d}" for p in points], label=label)
            return
        points = bismarck_points(self.deal_type, tricks, self.dealer)
        parts = ", ".join(f"{self.names[s]} {points[s]}" for s in self.seats_from(self.dealer))
        self.say(f"Points this deal: {parts}.", kind="score")
        self.score_hand(points, [f"{p:+d}" if p < 0 else p for p in points],
                        label=f"{label}, kind {self.deal_type}")

    def match_over(self) -> bool:
        return self.ended if self.sergeant else super().match_over()

    # -- what the reader sees
    def contract_text(self) -> str:
        if self.sergeant:
            return (f"Trumps: {C.SUIT_NAME[self.trump]}" if self.trump is not None
                    else "Trumps not named yet")
        if self.deal_type == 4:
            return "No trumps: take as few tricks as you can"
        if self.deal_type == 1:
            return "No trumps: take as many tricks as you can"
        if self.trump is None:
            return "The dealer names trumps after discarding"
        return f"Trumps: {C.SUIT_NAME[self.trump]}"

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "exchange":
            up, down, count = self.exchanges[0]
            return (f"{name}: choose a card to give {self.names[down]} ({count} more to give); "
                    f"you get back their highest card of that suit.")
        if self.phase == "trump":
            return f"{name}: name a suit as trumps."
        if self.phase == "discard":
            return f"{name}: choose a card to discard ({len(self.discards)} of 4 discarded)."
        verb = "lead" if not self.trick.plays else "play"
        return f"{name} to {verb}. {self.contract_text()}."

    def describe(self, action: Action) -> str:
        if action.startswith("trump:") and action[6:] in SUIT_LETTERS:
            return f"Name {C.SUIT_NAME[SUIT_LETTERS[action[6:]]]} as trumps"
        card = self.pack.find(action)
        if card is not None and self.phase == "discard":
            return f"Discard {C.short(card)}"
        if card is not None and self.phase == "exchange":
            return f"Give {C.short(card)}"
        return super().describe(action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            role = ("dealer" if s == self.dealer else
                    "eldest" if s == self.next_seat(self.dealer) else "")
            info = plural(self.tricks_won[s], "trick")
            if self.sergeant:
                info += f", target {self.target_list[s]}"
            seats.append(self.seat_view(s, player, self.hands[s], role=role, info=info))
        centre: list[dict[str, Any]] = []
        if self.turned is not None:
            centre.append({"kind": "cards", "label": "Turned for trumps (the dealer's)", "cards": [C.code(self.turned)]})
        if self.kitty:
            centre.append({"kind": "cards", "label": "Four cards on the table", "hidden": len(self.kitty)})
        if self.discards:
            if player is None or player == self.dealer:
                centre.append({"kind": "cards", "label": "Dealer's discards", "cards": [C.code(c) for c in self.discards]})
            else:
                centre.append({"kind": "cards", "label": "Dealer's discards", "hidden": len(self.discards)})
        kind = "" if self.sergeant else f", kind {self.deal_type} ({DEAL_TYPES[self.deal_type]})"
        status = self.deal_label() + kind + ". " + self.contract_text() + "."
        if self.phase == "exchange":
            up, down, count = self.exchanges[0]
            status += f" Exchange: {self.names[up]} gives {self.names[down]} {count} more."
        return self.table_view(seats, centre, status)


# --- the rule-based bot ---------------------------------------------------------------

def strength(hand: list[Card], suit: int) -> int:
    """How good a suit is for trumps: length, and more for high cards."""
    cards = [c for c in hand if C.suit_of(c) == suit]
    return 3 * len(cards) + sum(max(0, C.rank_of(c) - 9) for c in cards)


def suit_text(hand: list[Card], suit: int) -> str:
    """``"6 hearts, 3 of them 10 or higher"``: what :func:`strength` weighs."""
    cards = [c for c in hand if C.suit_of(c) == suit]
    high = sum(1 for c in cards if C.rank_of(c) >= 10)
    text = plural(len(cards), C.SUIT_SINGULAR[suit])
    return f"{text}, {high} of them 10 or higher" if high else text


class BismarckBot(RuleBot):
    """Keeps winners and makes voids when it wants tricks, sheds high cards when it wants to lose."""

    def choose(self, state: BismarckState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        seat = state.to_move()
        hand = C.cards_in(state.hands[seat])
        if state.phase == "trump":
            action = max(legal, key=lambda a: strength(hand, SUIT_LETTERS[a[6:]]))
            suit = SUIT_LETTERS[action[6:]]
            return self.because(action, f"names {C.SUIT_NAME[suit]}, its best suit for length and high cards: "
                                        f"{suit_text(hand, suit)}")
        if state.phase == "exchange":
            # Give low cards: the down player must hand back their best card of that suit.
            card = min(hand, key=lambda c: (C.rank_of(c), -strength(hand, C.suit_of(c))))
            down = state.names[state.exchanges[0][1]]
            return self.because(C.code(card), f"gives its lowest card, the {C.short(card)}, since {down} must "
                                              f"hand back their highest {C.SUIT_SINGULAR[C.suit_of(card)]}")
        if state.phase == "discard":
            return C.code(self.discard(state, hand))
        cards = [state.pack.card(a) for a in legal]
        if state.deal_type == 4 and not state.sergeant:
            return C.code(self.lose(state, cards))
        return C.code(self.win(state, cards))

    def discard(self, state: BismarckState, hand: list[Card]) -> Card:
        if state.deal_type == 4 and not state.sergeant:
            card = max(hand, key=lambda c: (C.rank_of(c), C.suit_of(c)))
            return self.because(card, f"discards the {C.short(card)}, its highest card, since this deal "
                                      "is for losing tricks")
        trump = state.trump
        planned = ""
        if trump is None and state.deal_type == 3:
            trump = max(C.FRENCH_SUITS, key=lambda s: strength(hand, s))
            planned = f" (it means to name {C.SUIT_NAME[trump]})"
        side = [c for c in hand if C.suit_of(c) != trump] or hand
        # Throw the lowest card, preferring short suits (to make voids for trumping).
        def keep_value(c: Card) -> tuple[int, int]:
            length = sum(1 for x in hand if C.suit_of(x) == C.suit_of(c))
            return (C.rank_of(c) + (2 * length if trump is not None else 0), C.suit_of(c))
        card = min(side, key=keep_value)
        if trump is None:
            return self.because(card, f"discards the {C.short(card)}, its lowest card, keeping its winners")
        if C.suit_of(card) == trump:
            return self.because(card, f"holds only trumps, so discards the lowest, the {C.short(card)}")
        where = self.in_suit(hand, card)
        aim = "leave a void to trump in" if where.startswith("its only") else "shorten a side suit"
        return self.because(card, f"discards the {C.short(card)}, {where}, to keep its trumps and {aim}{planned}")

    @staticmethod
    def in_suit(hand: list[Card], card: Card) -> str:
        """``"its only club"`` or ``"the lowest of its 4 clubs"``: where ``card`` stands in its suit."""
        suit = C.suit_of(card)
        length = sum(1 for x in hand if C.suit_of(x) == suit)
        if length == 1:
            return f"its only {C.SUIT_SINGULAR[suit]}"
        return f"the lowest of its {length} {C.SUIT_NAME[suit]}"

    @staticmethod
    def unseen_higher(state: BismarckState, card: Card) -> bool:
        """Could another player still hold a higher card of this suit?"""
        suit = C.suit_of(card)
        gone = state.hands[state.turn] | state.discarded if state.turn == state.dealer else state.hands[state.turn]
        for trick in state.tricks_played:
            gone |= C.mask_of(trick.cards)
        gone |= C.mask_of(state.trick.cards)
        return any(not gone >> c & 1 for c in C.cards_in(C.SUIT_MASKS[suit] & state.pack.mask) if C.rank_of(c) > C.rank_of(card))

    def win(self, state: BismarckState, cards: list[Card]) -> Card:
        rules, trick = state.rules, state.trick
        if not trick.plays:
            masters = [c for c in cards if not self.unseen_higher(state, c)]
            if masters:
                card = max(masters, key=lambda c: (C.suit_of(c) == state.trump, C.rank_of(c)))
                kind = "trump" if C.suit_of(card) == state.trump else C.SUIT_SINGULAR[C.suit_of(card)]
                return self.because(card, f"leads the {C.short(card)}, a sure winner: no higher {kind} is "
                                          "left in other hands")
            hand = C.cards_in(state.hands[state.turn])
            card = min(cards, key=lambda c: (C.rank_of(c) - sum(1 for x in hand if C.suit_of(x) == C.suit_of(c)),
                                             C.suit_of(c)))
            return self.because(card, f"has no sure winner, so leads the {C.short(card)}, "
                                      f"{self.in_suit(hand, card)}")
        led = rules.suit(trick.plays[0][1])
        best = max(rules.power(c, led) for c in trick.cards)
        top = trick.plays[rules.winning_play(trick)][1]
        winners = [c for c in cards if rules.power(c, led) > best]
        last = len(trick.plays) == state.n - 1
        if winners:
            if last:
                card = min(winners, key=lambda c: rules.power(c, led))
                return self.because(card, f"plays last and takes the trick with the {C.short(card)}, "
                                          "the cheapest card that wins")
            safe = [c for c in winners if rules.suit(c) == state.trump or not self.unseen_higher(state, c)]
            if safe:
                card = min(safe, key=lambda c: rules.power(c, led))
                if rules.suit(card) == state.trump:
                    verb = "beats" if led == state.trump else "trumps"
                    return self.because(card, f"{verb} the {C.short(top)} with the {C.short(card)}, "
                                              "its cheapest winning trump")
                return self.because(card, f"beats the {C.short(top)} with the {C.short(card)}, the cheapest "
                                          "card that cannot be beaten")
            if any(rules.suit(c) == led for c in cards):
                card = max(winners, key=lambda c: rules.power(c, led))
                return self.because(card, f"beats the {C.short(top)} with its highest "
                                          f"{C.SUIT_SINGULAR[led]}, the {C.short(card)}, its best chance of holding "
                                          "the trick")
        card = min(cards, key=lambda c: (rules.suit(c) == state.trump, C.rank_of(c)))
        return self.because(card, f"cannot beat the {C.short(top)}, so plays its lowest card, "
                                  f"the {C.short(card)}")

    def lose(self, state: BismarckState, cards: list[Card]) -> Card:
        rules, trick = state.rules, state.trick
        if not trick.plays:
            card = min(cards, key=lambda c: (C.rank_of(c), C.suit_of(c)))
            return self.because(card, f"leads its lowest card, the {C.short(card)}, to keep out of the trick")
        led = rules.suit(trick.plays[0][1])
        following = [c for c in cards if rules.suit(c) == led]
        if not following:
            card = max(cards, key=lambda c: (C.rank_of(c), C.suit_of(c)))
            return self.because(card, f"has no {C.SUIT_SINGULAR[led]}, so gets rid of its highest card, "
                                      f"the {C.short(card)}")
        best = max(rules.power(c, led) for c in trick.cards)
        top = trick.plays[rules.winning_play(trick)][1]
        under = [c for c in following if rules.power(c, led) < best]
        if under:
            card = max(under, key=C.rank_of)
            return self.because(card, f"stays under the {C.short(top)} with its highest "
                                      f"{C.SUIT_SINGULAR[led]} that does, the {C.short(card)}")
        if len(trick.plays) == state.n - 1:
            card = max(following, key=C.rank_of)
            return self.because(card, f"must take this trick anyway, so spends its highest "
                                      f"{C.SUIT_SINGULAR[led]}, the {C.short(card)}")
        card = min(following, key=C.rank_of)
        return self.because(card, f"cannot stay under the {C.short(top)}, so plays its lowest "
                                  f"{C.SUIT_SINGULAR[led]}, the {C.short(card)}, hoping the next player goes higher")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BismarckState, rule_bot=BismarckBot)
