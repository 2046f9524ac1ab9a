"""Tute for four players in two partnerships (seed 003), with capote from seed 001's glossary.

The Spanish 40-card pack; play goes counter-clockwise (to the right).  The
last card dealt — the dealer's — fixes trumps.  Following is strict: follow
suit and beat the best card if you can; with no card of the suit led, trump
(and overtrump if you can); only with neither may you throw another suit.

After winning a trick, and before leading to the next, the winner may sing
one marriage: *las cuarenta* (king and horse of trumps, 40) or *las veinte*
(king and horse of another suit, 20).  Once a player has sung a twenty they
can no longer sing the forty.  Four kings (*tute*) sung the same way win
the hand at once.  The last trick is worth 10; the side with more points
wins the hand, and a match is a fixed number of hands.

Option ``capote``: the player about to lead may call *capote* — their side
will take every remaining trick.  If it does, it wins the hand whatever the
points; if it loses a trick, it loses the hand on the spot.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card, Suit
from ..core import Action, GameInfo, GameSpec, Option, ScoreSheet
from ..scoring import PARTNERS_4, PartnershipScoring, Target, names_and
from ..tricks import Trick, TrickGameState, TrickRules

TEAMS = PARTNERS_4
KING, HORSE, JACK = 12, 11, 10
#: Low to high: 2 4 5 6 7 sota caballo rey 3 ace.
RANKING = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
CARD_POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
PACK_POINTS = 120
LAST_TRICK = 10
CUARENTA, VEINTE = 40, 20
SUIT_BY_LETTER = {C.SUIT_LETTER[s]: s for s in C.SPANISH_SUITS}

INFO = GameInfo(
    id="tute",
    name="Tute",
    family="Point-trick (Spanish pack)",
    players=(4,),
    pack="Spanish 40 cards",
    min_age=10,
    skill="Medium",
    duration="10 minutes a hand",
    kinds=("trick-taking", "point-trick"), deck="spanish40", minutes=(10, 10),
    summary="Partners race for aces and threes, and sing their kings and horses for 20 or 40.",
    house_rule="Strict following (follow, beat, trump, overtrump); marriages sung after winning a trick; "
               "four kings win the hand; 10 for the last trick.",
    standard_rule="Capote (option): the leader's side may stake the hand on taking every remaining trick.",
    source="Seed 003 (a playing-card maker's Tute article); seed 001's glossary for capote.",
    rules=(
        "Four players, partners opposite; Spanish 40-card pack; play goes to the right.",
        "Ten cards each; the dealer's last card is shown and fixes trumps.",
        "Follow suit and beat the trick if you can; void: trump, overtrump if you can.",
        "Cards: ace 11, three 10, rey 4, caballo 3, sota 2 (120 in the pack); last trick 10.",
        "After winning a trick you may sing one marriage: rey+caballo of trumps 40, of another suit 20.",
        "Sing the forty first or never; all four reyes (tute) win the hand at once.",
        "More points wins the hand; a match is a fixed number of hands.",
    ),
)

OPTIONS = (
    Option("hands", 1, "How many hands make the match (the side that wins more hands wins).",
           choices={1: "one hand (the seed's game)", 3: "three hands", 5: "five hands"}),
    Option("capote", "off", "Capote: the player about to lead may stake the hand on taking every remaining trick.",
           choices={"off": "no capote (seed 003)",
                    "on": "capote may be called (seed 001's glossary)"}, standard="on"),
)


def card_points(mask: int) -> int:
    return sum(CARD_POINTS.get(C.rank_of(c), 0) for c in C.cards_in(mask))


def suit_letter(suit: Suit) -> str:
    return C.SUIT_LETTER[suit]


class TuteState(PartnershipScoring, TrickGameState):
    """South & North against West & East; seats listed clockwise, play runs the other way."""

    direction = -1

    pack = C.SPANISH_40

    def setup(self) -> None:
        self.target = Target(self.options["hands"])
        hands = self.options["hands"]
        note = ("One hand decides the game." if hands == 1
                else f"{hands} hands are played; the side that wins more of them wins the match.")
        self.sheet = ScoreSheet(list(self.team_labels), note=note)
        #: One record per hand, for the tests: points, card points, winning side, how.
        self.hand_results: list[dict[str, Any]] = []
        super().setup()

    # -- seats and sides
    # -- a hand
    def start_hand(self) -> None:
        self.next_hand()
        cards = self.shuffled_pack()
        self.trump_card = cards[-1]
        self.trump: Suit = C.suit_of(self.trump_card)
        self.deal(cards)
        self.rules = TrickRules(trump=self.trump, ranking=RANKING, must_follow=True, must_head=True,
                                must_trump=True, must_overtrump=True)
        self.sung: list[list[str]] = [[] for _ in range(self.n)]
        self.sung_veinte = [False] * self.n
        self.declared_points = [0, 0]
        self.singer: int | None = None
        self.capote_team: int | None = None
        self.capote_from = 0
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals ten cards to each player, "
                 f"to the right, and turns up the last one, the {C.name(self.trump_card)}: "
                 f"{C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        self.start_play(self.next_seat(self.dealer))

    # -- the words a leader may say before leading
    def word_actions(self) -> list[Action]:
        words = []
        if self.singer == self.turn:
            words.append("tute")
            words.append("cuarenta")
            words += [f"veinte:{suit_letter(s)}" for s in C.SPANISH_SUITS if s != self.trump]
        if self.options["capote"] == "on":
            words.append("capote")
        return words

    def _candidates_play(self) -> list[Action]:
        cards = super()._candidates_play()
        if self.trick.plays:
            return cards
        return self.word_actions() + cards

    def holds(self, seat: int, suit: Suit, *ranks: int) -> bool:
        return all(self.hands[seat] >> C.make_card(suit, r) & 1 for r in ranks)

    def _verify_play(self, action: Action) -> str | None:
        if action == "capote":
            if self.options["capote"] != "on":
                return "Capote is not played with these rules (option capote: on)."
            if self.trick.plays:
                return "Capote can only be called by the player about to lead."
            if self.capote_team is not None:
                return "Capote has already been called this hand."
            return None
        if action == "tute" or action == "cuarenta" or action.startswith("veinte"):
            if self.trick.plays or self.singer != self.turn:
                return "You may sing only just after winning a trick, before you lead to the next one."
            if action == "tute":
                if not all(self.holds(self.turn, s, KING) for s in C.SPANISH_SUITS):
                    return "A tute needs all four reyes in your hand."
                return None
            if action == "cuarenta":
                suit = self.trump
            else:
                parts = action.split(":")
                if len(parts) != 2 or parts[1] not in SUIT_BY_LETTER:
                    return "Say which suit: veinte:O, veinte:C, veinte:E or veinte:B."
                suit = SUIT_BY_LETTER[parts[1]]
                if suit == self.trump:
                    return "The marriage in trumps is las cuarenta, not las veinte."
            if not self.holds(self.turn, suit, KING, HORSE):
                return f"You need the rey and the caballo of {C.SUIT_NAME[suit]} to sing them."
            if suit_letter(suit) in self.sung[self.turn]:
                return f"You have already sung the {C.SUIT_NAME[suit]}."
            if action == "cuarenta" and self.sung_veinte[self.turn]:
                return "You sang las veinte first, so las cuarenta can no longer be sung."
            return None
        return super()._verify_play(action)

    def _do_play(self, action: Action) -> None:
        seat = self.turn
        name = self.names[seat]
        if action == "capote":
            self.capote_team = self.team(seat)
            self.capote_from = len(self.tricks_played)
            self.say(f"{name} calls capote: {self.team_labels[self.capote_team]} will take every "
                     f"remaining trick, or lose the hand.", kind="bid")
            return
        if action == "tute":
            self.singer = None
            self.say(f"{name} sings tute, showing all four reyes: {self.team_labels[self.team(seat)]} "
                     f"win the hand at once.", kind="score")
            self.end_hand(self.team(seat), "tute")
            return
        if action == "cuarenta" or action.startswith("veinte"):
            suit = self.trump if action == "cuarenta" else SUIT_BY_LETTER[action.split(":")[1]]
            points = CUARENTA if action == "cuarenta" else VEINTE
            self.sung[seat].append(suit_letter(suit))
            if action != "cuarenta":
                self.sung_veinte[seat] = True
            self.declared_points[self.team(seat)] += points
            self.singer = None
            what = "las cuarenta" if action == "cuarenta" else "las veinte"
            self.say(f"{name} sings {what}, showing the rey and caballo of {C.SUIT_NAME[suit]}: "
                     f"{points} points for {self.team_labels[self.team(seat)]}.", kind="score")
            return
        super()._do_play(action)

    def card_played(self, seat: int, card: Card) -> None:
        self.singer = None

    def trick_done(self, winner: int, trick: Trick) -> None:
        if self.capote_team is not None and self.team(winner) != self.capote_team:
            self.say(f"{self.team_labels[self.capote_team]} lose a trick after calling capote: "
                     f"they lose the hand.", kind="score")
            self.end_hand(1 - self.capote_team, "capote lost")
            return
        if any(self.hands):
            self.singer = winner

    def hand_done(self) -> None:
        last = self.tricks_played[-1]
        winner = self.rules.winner(last)
        assert winner is not None
        if self.capote_team is not None:
            self.say(f"{self.team_labels[self.capote_team]} take every trick after calling capote "
                     f"and win the hand.", kind="score")
            self.end_hand(self.capote_team, "capote")
            return
        self.say(f"{self.names[winner]} takes the last trick: {LAST_TRICK} more points.", kind="score")
        self.end_hand(None, "points", last_team=self.team(winner))

    def team_card_points(self) -> list[int]:
        return [sum(card_points(self.won[s]) for s in team) for team in TEAMS]

    def end_hand(self, winner: int | None, how: str, last_team: int | None = None) -> None:
        """Settle the hand: ``winner`` is set by tute or capote, else the points decide."""
        cards = self.team_card_points()
        points = [cards[t] + self.declared_points[t] + (LAST_TRICK if t == last_team else 0) for t in (0, 1)]
        if how == "points":
            detail = ", ".join(f"{self.team_labels[t]} {cards[t]} in cards"
                               + (f" + {self.declared_points[t]} sung" if self.declared_points[t] else "")
                               + (f" + {LAST_TRICK} last trick" if t == last_team else "")
                               + f" = {points[t]}" for t in (0, 1))
            self.say(f"Points: {detail}.", kind="score")
            if points[0] != points[1]:
                winner = 0 if points[0] > points[1] else 1
        self.hand_results.append({"points": points, "cards": cards, "sung": list(self.declared_points),
                                  "last": last_team, "winner": winner, "how": how})
        if winner is None:
            self.say("The points are equal: the hand is drawn.", kind="score")
            self.score_hand([0, 0], ["draw", "draw"])
            return
        self.say(f"{self.team_labels[winner]} win hand {self.hand_no}.", kind="score")
        shown: list[int | str] = [f"won ({points[t]})" if t == winner else f"lost ({points[t]})"
                                  for t in (0, 1)]
        if how != "points":
            label = {"tute": "tute", "capote": "capote made", "capote lost": "their capote failed"}[how]
            shown = [f"won: {label}" if t == winner else "lost" for t in (0, 1)]
        self.score_hand([1 if t == winner else 0 for t in (0, 1)], shown)

    # -- the match
    def match_over(self) -> bool:
        return self.hand_no >= self.options["hands"]

    def finish(self) -> None:
        totals = self.sheet.totals
        if self.options["hands"] == 1:
            if totals[0] == totals[1]:
                self.end((0, 1, 2, 3), "The hand is drawn, so the game is a tie.")
            else:
                t = 0 if totals[0] > totals[1] else 1
                self.end(TEAMS[t], f"{self.team_labels[t]} win the hand and the game.")
            return
        detail = f"{totals[0]} hands to {totals[1]}"
        if totals[0] == totals[1]:
            self.end((0, 1, 2, 3), f"The match is a tie: {detail}.")
            return
        t = 0 if totals[0] > totals[1] else 1
        self.end(TEAMS[t], f"{names_and([self.names[s] for s in TEAMS[t]])} win the match, "
                           f"{max(totals)} hands to {min(totals)}.")

    # -- what the reader sees
    def describe(self, action: Action) -> str:
        if action == "capote":
            return "Call capote"
        if action == "tute":
            return "Sing tute (four reyes)"
        if action == "cuarenta":
            return "Sing las cuarenta (40)"
        if action.startswith("veinte:") and action[7:] in SUIT_BY_LETTER:
            return f"Sing las veinte in {C.SUIT_NAME[SUIT_BY_LETTER[action[7:]]]} (20)"
        return super().describe(action)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if not self.trick.plays:
            if self.singer == self.turn and len(self.legal_actions()) > C.count(self.hands[self.turn]):
                return f"{name} won the trick: sing a marriage if you wish, then lead."
            return f"{name} to lead."
        return f"{name} to play."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            won = self.tricks_won[s]
            info = f"{won} trick{'' if won == 1 else 's'}"
            if self.sung[s]:
                info += "; sang " + ", ".join(
                    ("las cuarenta" if SUIT_BY_LETTER[x] == self.trump else "las veinte")
                    + f" in {C.SUIT_NAME[SUIT_BY_LETTER[x]]}" for x in self.sung[s])
            if s == self.dealer and self.hands[s] >> self.trump_card & 1:
                info += f"; holds the turned-up {C.short(self.trump_card)}"
            seats.append(self.seat_view(s, player, self.hands[s],
                                        role="dealer" if s == self.dealer else "", info=info))
        status = f"Trumps: {C.SUIT_NAME[self.trump]} (turned up: {C.short(self.trump_card)})"
        sung = [f"{self.team_labels[t]} {p}" for t, p in enumerate(self.declared_points) if p]
        if sung:
            status += "; sung: " + ", ".join(sung)
        if self.capote_team is not None:
            status += f"; capote called by {self.team_labels[self.capote_team]}"
        return self.table_view(seats, [], status, trump=C.SUIT_NAME[self.trump])


class TuteBot(RuleBot):
    """Sings whenever it can, wins tricks cheaply, feeds points to a winning partner."""

    def choose(self, state: TuteState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        for word in ("tute", "cuarenta"):
            if word in legal:
                return word
        veintes = [a for a in legal if a.startswith("veinte:")]
        if veintes:
            return veintes[0]
        cards = [state.pack.card(a) for a in legal if a not in ("capote",)]
        return C.code(self.play(state, cards))

    def play(self, state: TuteState, cards: list[Card]) -> Card:
        rules = state.rules
        trick = state.trick
        seat = state.turn
        keep = self.marriage_cards(state, seat)
        unseen = self.unseen(state, seat)

        def points(c: Card) -> int:
            return CARD_POINTS.get(C.rank_of(c), 0)

        def master(c: Card) -> bool:
            """No unseen card of its suit ranks higher."""
            return not any(C.suit_of(u) == C.suit_of(c) and rules.order(u) > rules.order(c) for u in unseen)

        trumps_out = [u for u in unseen if C.suit_of(u) == state.trump]
        if not trick.plays:
            mine = [c for c in cards if C.suit_of(c) == state.trump]
            if trumps_out and len(mine) >= 3 and master(max(mine, key=rules.order)):
                return max(mine, key=rules.order)
            masters = [c for c in cards if C.suit_of(c) != state.trump and master(c) and c not in keep]
            if masters:
                return max(masters, key=points)
            spare = [c for c in cards if c not in keep and points(c) < 10] or \
                [c for c in cards if c not in keep] or cards
            return min(spare, key=lambda c: (C.suit_of(c) == state.trump, points(c), rules.order(c)))
        led = rules.suit(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best_power = rules.power(best_card, led)
        last = len(trick.plays) == state.n - 1
        partner_wins = state.team(best_seat) == state.team(seat)
        trumped = C.suit_of(best_card) == state.trump and led != state.trump
        safe = last or (master(best_card) and (trumped or not trumps_out or led == state.trump))
        if partner_wins and safe:
            spare = [c for c in cards if c not in keep] or cards
            return max(spare, key=lambda c: (points(c), -rules.order(c)))
        winners = [c for c in cards if rules.power(c, led) > best_power]
        if winners and not partner_wins:
            sure = [c for c in winners if last or (master(c) and (C.suit_of(c) == state.trump or not trumps_out))]
            pool = sure or winners
            return min(pool, key=lambda c: (rules.power(c, led) >= 1000, points(c), rules.order(c)))
        spare = [c for c in cards if c not in keep] or cards
        return min(spare, key=lambda c: (points(c), rules.power(c, led)))

    @staticmethod
    def unseen(state: TuteState, seat: int) -> set[Card]:
        """Cards neither played yet nor in this player's hand."""
        played = {c for t in state.tricks_played for c in t.cards} | set(state.trick.cards)
        return set(state.pack.cards) - played - set(C.cards_in(state.hands[seat]))

    @staticmethod
    def marriage_cards(state: TuteState, seat: int) -> set[Card]:
        """Rey and caballo pairs not yet sung: worth keeping for a song."""
        keep = set()
        for suit in C.SPANISH_SUITS:
            if state.holds(seat, suit, KING, HORSE) and suit_letter(suit) not in state.sung[seat]:
                keep |= {C.make_card(suit, KING), C.make_card(suit, HORSE)}
        return keep


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TuteState, rule_bot=TuteBot,
                players_of=lambda options: 4)
