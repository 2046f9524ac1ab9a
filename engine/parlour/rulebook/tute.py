"""Tute: four players in two partnerships (a playing-card maker's article), or two or three with a stock.

The Spanish 40-card pack (or its 52-card substitute); play goes
counter-clockwise (to the right).  Four players: the last card dealt — the
dealer's — fixes trumps.  Following is strict: follow suit and beat the best
card if you can; with no card of the suit led, trump (and overtrump if you
can); only with neither may you throw another suit.

Two or three players (option ``players``) each play alone with eight cards;
the next card is turned face up under the stock and fixes trumps, and after
each trick everyone draws, the winner first (the turned card last).  While
the stock lasts nobody need follow suit; once it is used up the strict rules
apply.  Three players take the 4 of oros out, as in Briscas.

After winning a trick, and before leading to the next, the winner may sing
one marriage: *las cuarenta* (king and horse of trumps, 40) or *las veinte*
(king and horse of another suit, 20).  A player holding the forty must sing
it first (option ``cuarenta: forfeit`` lets a twenty go first, at the cost of
the forty); once a player has sung a twenty the forty is gone.  Four kings
(*tute*) sung the same way win the hand at once.  The last trick is worth
10; the side with more points wins the hand, and a match is a fixed number
of hands.

Option ``capote`` (the Spanish glossary's): the player about to lead may call
*capote* — their side will take every remaining trick; with a stock, only
once it is used up.  If it does, it wins the hand whatever the points; if it
loses a trick, it loses the hand on the spot.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from .. import spanish
from ..bots import RuleBot
from ..cards import Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, PartnershipScoring, Target, names_and, plural
from ..stock import StockDraw
from ..tricks import Trick, TrickGameState, TrickRules, taking_verb

#: Spanish face values of the rey and the caballo (the king and queen of a French pack).
KING, HORSE = 12, 11
LAST_TRICK = 10
CUARENTA, VEINTE = 40, 20
#: A hand won by tute or capote, counted in points for the Strong player's playouts: every card point
#: and the last trick, the widest a win on points can be without songs.
SWEEP = 120 + LAST_TRICK
#: Cards in each hand when two or three play with a stock.
STOCK_HAND = 8

INFO = GameInfo(
    id="tute",
    name="Tute",
    family="Point-trick (Spanish pack)",
    players=(2, 3, 4),
    pack="Spanish 40 cards (or a 52-card pack without 8s, 9s and 10s)",
    min_age=10,
    skill="Medium",
    length_note="a hand",
    kinds=("trick-taking", "point-trick"), deck="spanish40", minutes=(10, 10),
    summary="Partners race for aces and threes, and sing their kings and horses for 20 or 40.",
    house_rule="Strict following (follow, beat, trump, overtrump); marriages sung after winning a trick; "
               "four kings win the hand; 10 for the last trick.",
    standard_rule="Capote (option): the leader's side may stake the hand on taking every remaining trick; "
                  "two or three may play alone with a stock (option players).",
    source="A playing-card maker's Tute article; the Spanish glossary of José's page of Spanish-pack games "
           "from Puerto Rico for capote; Pagat's Tute for the games of two and three.",
    short_rules=(
        "Four players, partners opposite; Spanish 40-card pack; play goes to the right.",
        "Ten cards each; the dealer's last card is shown and fixes trumps.",
        "Follow suit and beat the trick if you can; void: trump, overtrump if you can.",
        "Cards: ace 11, three 10, rey 4, caballo 3, sota 2 (120 in the pack); last trick 10.",
        "After winning a trick you may sing one marriage: rey+caballo of trumps 40, of another suit 20.",
        "Holding the forty, sing it first; after a twenty it is gone. All four reyes (tute) win the hand.",
        "More points wins the hand; a match is a fixed number of hands.",
        "players=2 or 3: each alone, eight cards, the next card turned under the stock for trumps; everyone "
        "draws after each trick, winner first; no need to follow until the stock is used up.",
    ),
    readings=(
        Reading("\"If a player holds las cuarenta, it must be the first declaration made.\" May a player "
                "holding the forty sing a twenty first?",
                "No: while you hold the rey and caballo of trumps unsung, the forty is the only marriage "
                "you may sing. Once a twenty has been sung (say, before the forty was drawn from a stock), "
                "the forty can no longer be sung.",
                "cuarenta", "forfeit"),
        Reading("Who may sing after a trick?",
                "Only the player who won it, not the partner; one marriage per trick won."),
        Reading("Is a tute four reyes only?",
                "Yes, as the article says; many Spanish tables also count four caballos as a tute, and "
                "the option plays that way.",
                "tute", "kings-or-horses"),
        Reading("The glossary's capote is called once the stock is used up; partnership Tute has no stock.",
                "With four players the call is allowed at any lead; with two or three, only once the stock "
                "is used up."),
        Reading("The article deals four players only; how do two or three play?",
                "Each alone, with eight cards and a stock, as Spanish tables play it: the next card is "
                "turned face up under the stock and fixes trumps, everyone draws after each trick (the "
                "winner first, the turned card last), and nobody need follow suit until the stock is used "
                "up. Three players take out the 4 of oros, as Briscas does, so the stock shares out evenly.",
                "players", 2),
        Reading("How are the cards dealt, and who deals next?",
                "One at a time, and the deal passes to the right, as the play does."),
        Reading("Equal totals?",
                "The hand is drawn; a match with equal hands won is a tie."),
    ),
)

OPTIONS = (
    Option("players", 4, "How many play.",
           choices={4: "four, two against two as partners, ten cards each (the article's game)",
                    3: "three, each alone, with a stock (the 4 of oros is taken out)",
                    2: "two, head to head, with a stock"}),
    Option("hands", 1, "How many hands make the match (the side that wins more hands wins).",
           choices={1: "one hand (the article's game)", 3: "three hands", 5: "five hands"}),
    Option("cuarenta", "first", "Whether a player holding the forty may sing a twenty before it.",
           choices={"first": "no: holding the forty, you must sing it first (the article's rule)",
                    "forfeit": "yes, but once a twenty is sung the forty is lost"}),
    Option("tute", "kings", "Which four cards make a tute.",
           choices={"kings": "all four reyes only (the article's game)",
                    "kings-or-horses": "all four reyes, or all four caballos (widely played)"}),
    Option("capote", "off", "Capote: the player about to lead may stake the hand on taking every remaining trick.",
           choices={"off": "no capote (the article's game)",
                    "on": "capote may be called (the Spanish glossary's rule)"}, standard="on"),
    spanish.PACK_OPTION,
)


def card_points(mask: int) -> int:
    return spanish.mask_points(mask)


def suit_letter(suit: Suit) -> str:
    return C.SUIT_LETTER[suit]


class TuteState(StockDraw, PartnershipScoring, TrickGameState):
    """Seats listed clockwise (South, West, North, East), play runs the other way.

    Four players are South & North against West & East; two or three each play alone.
    """

    # A quiz judges a card by who takes the trick and the points in it (parlour.choices).
    direction = -1
    point_tricks = True  # the summary walks through the counting cards each side took

    def card_points(self, card: Card) -> int:
        return spanish.points(card)

    def point_extras(self) -> list[tuple[int, tuple[str, tuple[Card, ...], int]]]:
        """The last trick's 10 (unless a capote decided the hand) and what each side sang."""
        extras = [(team, ("sung (the cantes)", (), points)) for team, points in enumerate(self.declared_points) if points]
        if self.capote_team is None and self.tricks_played:
            last = self.rules.winner(self.tricks_played[-1])
            if last is not None:
                extras.append((self.team(last), ("the last trick", self.last_trick_cards(), LAST_TRICK)))
        return extras

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        if options.get("players") == 3:
            return spanish.pack_for(options, without=spanish.THREE_HANDED_REMOVED)
        return spanish.pack_for(options)

    def setup(self) -> None:
        self.teams = PARTNERS_4 if self.n == 4 else tuple((s,) for s in range(self.n))
        self.with_stock = self.n < 4
        self.suits = tuple(sorted({C.suit_of(c) for c in self.pack.cards}))
        self.suit_by_letter = {suit_letter(s): s for s in self.suits}
        self.match_end = Target(self.options["hands"])
        hands = self.options["hands"]
        who = "side" if self.n == 4 else "player"
        note = ("One hand decides the game." if hands == 1
                else f"{hands} hands are played; the {who} that wins more of them wins the match.")
        self.sheet = ScoreSheet(list(self.team_labels), note=note)
        #: One record per hand, for the tests: points, card points, winning side, how.
        self.hand_results: list[dict[str, Any]] = []
        super().setup()

    # -- seats and sides
    # -- a hand
    def start_hand(self) -> None:
        self.next_hand()
        cards = self.shuffled_pack()
        self.stock = []
        self.upcard = None
        if self.with_stock:
            self.trump_shown = self.turn_up(self.deal(cards, each=STOCK_HAND))
            self.trump: Suit = C.suit_of(self.trump_shown)
            self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals eight cards to each player, "
                     f"to the right, and turns the next one face up under the stock, the "
                     f"{C.name(self.trump_shown)}: {C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        else:
            self.trump_shown = cards[-1]
            self.trump = C.suit_of(self.trump_shown)
            self.deal(cards)
            self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals ten cards to each player, "
                     f"to the right, and turns up the last one, the {C.name(self.trump_shown)}: "
                     f"{C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        self.set_rules()
        self.sung: list[list[str]] = [[] for _ in range(self.n)]
        self.sung_veinte = [False] * self.n
        self.declared_points = [0] * len(self.teams)
        self.singer: int | None = None
        self.capote_team: int | None = None
        self.capote_from = 0
        self.start_play(self.next_seat(self.dealer))

    def set_rules(self) -> None:
        """Strict following, except that nobody need follow while a stock is left to draw."""
        strict = self.stock_size() == 0
        self.rules = TrickRules(trump=self.trump, ranking=spanish.ranking(self.pack), must_follow=strict,
                                must_head=strict, must_trump=strict, must_overtrump=strict)

    # -- the words a leader may say before leading
    def word_actions(self) -> list[Action]:
        words = []
        if self.singer == self.turn:
            words.append("tute")
            words.append("cuarenta")
            words += [f"veinte:{suit_letter(s)}" for s in self.suits if s != self.trump]
        if self.options["capote"] == "on":
            words.append("capote")
        return words

    def _candidates_play(self) -> list[Action]:
        cards = super()._candidates_play()
        if self.trick.plays:
            return cards
        return self.word_actions() + cards

    def _legal_play(self) -> list[Action]:
        cards = super()._legal_play()
        if self.trick.plays:
            return cards
        return [w for w in self.word_actions() if self._verify_play(w) is None] + cards

    def holds(self, seat: int, suit: Suit, *values: int) -> bool:
        """Whether ``seat`` holds the cards of ``suit`` with these Spanish face values."""
        return all(self.hands[seat] >> spanish.card_of(suit, v) & 1 for v in values)

    def _verify_play(self, action: Action) -> str | None:
        if action == "capote":
            if self.options["capote"] != "on":
                return "Capote is not played with these rules (option capote: on)."
            if self.trick.plays:
                return "Capote can only be called by the player about to lead."
            if self.capote_team is not None:
                return "Capote has already been called this hand."
            if self.stock_size():
                return "Capote can be called only once the stock is used up."
            return None
        if action == "tute" or action == "cuarenta" or action.startswith("veinte"):
            if self.trick.plays or self.singer != self.turn:
                return "You may sing only just after winning a trick, before you lead to the next one."
            if action == "tute":
                if self.tute_court(self.turn) is None:
                    also = (f", or all four {self.court(HORSE, plural=True)}," if self.options["tute"] != "kings"
                            else "")
                    return f"A tute needs all four {self.court(KING, plural=True)}{also} in your hand."
                return None
            if action == "cuarenta":
                suit = self.trump
            else:
                parts = action.split(":")
                if len(parts) != 2 or parts[1] not in self.suit_by_letter:
                    letters = ", ".join(f"veinte:{x}" for x in self.suit_by_letter)
                    return f"Say which suit: {letters}."
                suit = self.suit_by_letter[parts[1]]
                if suit == self.trump:
                    return "The marriage in trumps is las cuarenta, not las veinte."
            if not self.holds(self.turn, suit, KING, HORSE):
                return (f"You need the {self.court(KING)} and the {self.court(HORSE)} of {C.SUIT_NAME[suit]} "
                        f"to sing them.")
            if suit_letter(suit) in self.sung[self.turn]:
                return f"You have already sung the {C.SUIT_NAME[suit]}."
            if action == "cuarenta" and self.sung_veinte[self.turn]:
                return "You sang las veinte first, so las cuarenta can no longer be sung."
            if action != "cuarenta" and self.must_sing_cuarenta(self.turn):
                return "You hold las cuarenta: it must be the first marriage you sing."
            return None
        return super()._verify_play(action)

    def tute_court(self, seat: int) -> int | None:
        """The court ``seat`` holds all four of for a tute: the reyes, or (by the option) the
        caballos; ``None`` when neither."""
        courts = (KING, HORSE) if self.options["tute"] == "kings-or-horses" else (KING,)
        return next((v for v in courts if all(self.holds(seat, s, v) for s in self.suits)), None)

    def court(self, value: int, plural: bool = False) -> str:
        """``"rey"`` or, with the 52-card substitute pack, ``"king"``."""
        return spanish.court_name(self.pack, value, plural)

    def must_sing_cuarenta(self, seat: int) -> bool:
        """Holding the forty unsung (and no twenty sung yet), a player must sing it before any twenty."""
        return (self.options["cuarenta"] == "first" and not self.sung_veinte[seat]
                and suit_letter(self.trump) not in self.sung[seat] and self.holds(seat, self.trump, KING, HORSE))

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
            team = self.team(seat)
            court = self.tute_court(seat) or KING
            self.say(f"{name} sings tute, showing all four {self.court(court, plural=True)}: "
                     f"{self.team_labels[team]} {self.verb(team, 'win', 'wins')} the hand at once.", kind="score")
            self.end_hand((self.team(seat),), "tute")
            return
        if action == "cuarenta" or action.startswith("veinte"):
            suit = self.trump if action == "cuarenta" else self.suit_by_letter[action.split(":")[1]]
            points = CUARENTA if action == "cuarenta" else VEINTE
            self.sung[seat].append(suit_letter(suit))
            if action != "cuarenta":
                self.sung_veinte[seat] = True
            self.declared_points[self.team(seat)] += points
            self.singer = None
            what = "las cuarenta" if action == "cuarenta" else "las veinte"
            self.say(f"{name} sings {what}, showing the {self.court(KING)} and {self.court(HORSE)} of "
                     f"{C.SUIT_NAME[suit]}: {points} points for {self.team_labels[self.team(seat)]}.", kind="score")
            return
        super()._do_play(action)

    def card_played(self, seat: int, card: Card) -> None:
        self.singer = None

    def trick_done(self, winner: int, trick: Trick) -> None:
        if self.capote_team is not None and self.team(winner) != self.capote_team:
            lose = "lose" if len(self.teams[self.capote_team]) > 1 else "loses"
            self.say(f"{self.team_labels[self.capote_team]} {lose} a trick after calling capote: "
                     f"the hand is lost.", kind="score")
            self.end_hand(tuple(t for t in range(len(self.teams)) if t != self.capote_team), "capote lost")
            return
        self.draw_round(winner)
        if self.with_stock and self.stock_size() == 0 and not self.rules.must_follow:
            self.set_rules()
            self.say("The stock is used up: from now on you must follow suit, beat the trick, trump and "
                     "overtrump if you can.", kind="info")
        if any(self.hands):
            self.singer = winner

    def other_cards(self) -> list[Card]:
        return self.stock_cards()

    def hand_done(self) -> None:
        last = self.tricks_played[-1]
        winner = self.rules.winner(last)
        assert winner is not None
        if self.capote_team is not None:
            self.say(f"{self.team_labels[self.capote_team]} take every trick after calling capote "
                     f"and win the hand.", kind="score")
            self.end_hand((self.capote_team,), "capote")
            return
        self.say(f"{self.names[winner]} takes the last trick: {LAST_TRICK} more points.", kind="score")
        self.end_hand(None, "points", last_team=self.team(winner))

    def team_card_points(self) -> list[int]:
        return [sum(card_points(self.won[s]) for s in team) for team in self.teams]

    def verb(self, team: int, plural: str, singular: str) -> str:
        return plural if len(self.teams[team]) > 1 else singular

    def end_hand(self, winners: tuple[int, ...] | None, how: str, last_team: int | None = None) -> None:
        """Settle the hand: ``winners`` are set by tute or capote, else the points decide."""
        sides = range(len(self.teams))
        cards = self.team_card_points()
        points = [cards[t] + self.declared_points[t] + (LAST_TRICK if t == last_team else 0) for t in sides]
        if how == "points":
            detail = ", ".join(f"{self.team_labels[t]} {cards[t]} in cards"
                               + (f" + {self.declared_points[t]} sung" if self.declared_points[t] else "")
                               + (f" + {LAST_TRICK} last trick" if t == last_team else "")
                               + f" = {points[t]}" for t in sides)
            self.say(f"Points: {detail}.", kind="score")
            best = [t for t in sides if points[t] == max(points)]
            winners = (best[0],) if len(best) == 1 else None
        winner = winners[0] if winners and len(winners) == 1 else None
        self.hand_results.append({"points": points, "cards": cards, "sung": list(self.declared_points),
                                  "last": last_team, "winner": winner, "winners": winners, "how": how})
        if winners is None:
            self.say("The best totals are equal: the hand is drawn.", kind="score")
            self.score_hand([0] * len(self.teams), ["draw"] * len(self.teams))
            return
        names = names_and([self.team_labels[t] for t in winners])
        plural = len(winners) > 1 or len(self.teams[winners[0]]) > 1
        self.say(f"{names} {'win' if plural else 'wins'} hand {self.hand_no}.", kind="score")
        shown: list[int | str] = [f"won ({points[t]})" if t in winners else f"lost ({points[t]})" for t in sides]
        if how != "points":
            label = {"tute": "tute", "capote": "capote made", "capote lost": "capote failed"}[how]
            shown = [f"won: {label}" if t in winners else "lost" for t in sides]
        self.score_hand([1 if t in winners else 0 for t in sides], shown)

    def points_lead(self, seat: int) -> float:
        """How far ``seat``'s side led the others' average in points (cards, songs, last trick) over the
        hands played: the sheet records only who won each, so the search bot (parlour.search.points_lead)
        reads the margins here to tell a close hand from a wide one."""
        mine = self.team(seat)
        lead = 0.0
        for result in self.hand_results:
            points = result["points"]
            if result["how"] != "points":
                # Won by tute or capote, whatever the points: as good as the widest win on points.
                points = [SWEEP if t in result["winners"] else 0 for t in range(len(points))]
            lead += points[mine] - (sum(points) - points[mine]) / (len(points) - 1)
        return lead

    # -- the match
    def match_over(self) -> bool:
        return self.hand_no >= self.options["hands"]

    def finish(self) -> None:
        totals = self.sheet.totals
        best = [t for t in range(len(self.teams)) if totals[t] == max(totals)]
        seats = tuple(sorted(s for t in best for s in self.teams[t]))
        if self.options["hands"] == 1:
            if len(best) > 1:
                self.end(seats, "The hand is drawn, so the game is a tie.")
            else:
                t = best[0]
                self.end(seats, f"{self.team_labels[t]} {self.verb(t, 'win', 'wins')} the hand and the game.")
            return
        detail = " to ".join(str(x) for x in sorted(totals, reverse=True))
        if len(best) > 1:
            self.end(seats, f"The match is a tie: {names_and([self.team_labels[t] for t in best])} "
                            f"won {plural(totals[best[0]], 'hand')} each.")
            return
        t = best[0]
        self.end(seats, f"{names_and([self.names[s] for s in self.teams[t]])} {self.verb(t, 'win', 'wins')} "
                        f"the match, {detail} hands.")

    # -- what the reader sees
    def describe(self, action: Action) -> str:
        if action == "capote":
            return "Call capote"
        if action == "tute":
            return f"Sing tute (four {self.court(self.tute_court(self.turn) or KING, plural=True)})"
        if action == "cuarenta":
            return "Sing las cuarenta (40)"
        if action.startswith("veinte:") and action[7:] in self.suit_by_letter:
            return f"Sing las veinte in {C.SUIT_NAME[self.suit_by_letter[action[7:]]]} (20)"
        return super().describe(action)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if not self.trick.plays:
            if self.singer == self.turn and len(self.legal_actions()) > C.count(self.hands[self.turn]):
                return f"{name} won the trick: sing a marriage if you wish, then lead."
            return f"{name} to lead."
        return f"{name} to play."

    def known_cards(self, player: int) -> dict[int, Mask]:
        known: dict[int, Mask] = {seat: self.sung_cards(seat) for seat in range(self.n) if seat != player}
        # Without a stock the dealer's last card was turned up for all to see: known until played.
        if not self.with_stock and self.dealer != player:
            known[self.dealer] |= self.hands[self.dealer] & 1 << self.trump_shown
        return {seat: mask for seat, mask in known.items() if mask}

    def sung_cards(self, seat: int) -> Mask:
        """The rey and caballo of every marriage ``seat`` has sung that it still holds: everyone saw
        them named, so an imagined deal leaves them in its hand."""
        courts = 0
        for letter in self.sung[seat]:
            suit = self.suit_by_letter[letter]
            courts |= 1 << spanish.card_of(suit, KING) | 1 << spanish.card_of(suit, HORSE)
        return self.hands[seat] & courts

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            won = self.tricks_won[s]
            info = f"{won} trick{'' if won == 1 else 's'}"
            if self.sung[s]:
                info += "; sang " + ", ".join(
                    ("las cuarenta" if self.suit_by_letter[x] == self.trump else "las veinte")
                    + f" in {C.SUIT_NAME[self.suit_by_letter[x]]}" for x in self.sung[s])
            if not self.with_stock and s == self.dealer and self.hands[s] >> self.trump_shown & 1:
                info += f"; holds the turned-up {C.short(self.trump_shown)}"
            seats.append(self.seat_view(s, player, self.hands[s],
                                        role="dealer" if s == self.dealer else "", info=info))
        status = f"Trumps: {C.SUIT_NAME[self.trump]} (turned up: {C.short(self.trump_shown)})"
        centre: list[dict[str, Any]] = []
        if self.upcard is not None:
            centre.append(self.upcard_zone("Turned up under the stock"))
            centre.append({"kind": "cards", "label": "Stock", "hidden": len(self.stock)})
        sung = [f"{self.team_labels[t]} {p}" for t, p in enumerate(self.declared_points) if p]
        if sung:
            status += "; sung: " + ", ".join(sung)
        if self.capote_team is not None:
            status += f"; capote called by {self.team_labels[self.capote_team]}"
        if self.with_stock:
            status += f"; {plural(self.stock_size(), 'card')} to draw" if self.stock_size() else "; the stock is used up"
        return self.table_view(seats, centre, status, trump=C.SUIT_NAME[self.trump])


class TuteBot(RuleBot):
    """Sings whenever it can, wins tricks cheaply, feeds points to a winning partner."""

    #: The Strong player (parlour.search) judges its imagined hands by their margin in points
    #: (TuteState.points_lead; tute and capote count as the widest win), not by who won: the margin
    #: varies far less over a few imagined deals than a win's all or nothing, so the better move shows sooner.
    search_win_weight = 0.0
    search_averaged_in = "points"

    def choose(self, state: TuteState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        king, horse = state.court(KING), state.court(HORSE)
        if "tute" in legal:
            court = state.court(state.tute_court(state.turn) or KING, plural=True)
            return self.because("tute", f"sings tute: all four {court} win the hand at once")
        if "cuarenta" in legal:
            return self.because("cuarenta", f"sings las cuarenta: {king} and {horse} of trumps, "
                                            f"{CUARENTA} points")
        veintes = [a for a in legal if a.startswith("veinte:")]
        if veintes:
            suit = C.SUIT_NAME[state.suit_by_letter[veintes[0].split(":")[1]]]
            return self.because(veintes[0], f"sings las veinte in {suit}: {king} and {horse}, {VEINTE} points")
        cards = [state.pack.card(a) for a in legal if a not in ("capote",)]
        return self.play(state, cards)

    def play(self, state: TuteState, cards: list[Card]) -> Action:
        rules = state.rules
        trick = state.trick
        seat = state.turn
        keep = self.marriage_cards(state, seat)
        unseen = self.unseen(state, seat)

        def points(c: Card) -> int:
            return spanish.points(c)

        def master(c: Card) -> bool:
            """No unseen card of its suit ranks higher."""
            return not any(C.suit_of(u) == C.suit_of(c) and rules.order(u) > rules.order(c) for u in unseen)

        def worth(c: Card) -> str:
            return f"{points(c)} point{'s' if points(c) != 1 else ''}" if points(c) else "no points"

        trumps_out = [u for u in unseen if C.suit_of(u) == state.trump]
        if not trick.plays:
            mine = [c for c in cards if C.suit_of(c) == state.trump]
            if trumps_out and len(mine) >= 3 and master(max(mine, key=rules.order)):
                card = max(mine, key=rules.order)
                return self.because(C.code(card), f"leads the {C.short(card)}, the best trump left, to draw "
                                                  f"out trumps while holding {len(mine)} of them")
            masters = [c for c in cards if C.suit_of(c) != state.trump and master(c) and c not in keep]
            if masters:
                card = max(masters, key=points)
                return self.because(C.code(card), f"leads the {C.short(card)} ({worth(card)}): no card still "
                                                  f"out in {C.SUIT_NAME[C.suit_of(card)]} beats it")
            spare = [c for c in cards if c not in keep and points(c) < 10] or \
                [c for c in cards if c not in keep] or cards
            card = min(spare, key=lambda c: (C.suit_of(c) == state.trump, points(c), rules.order(c)))
            saving = f", keeping its {state.court(KING)} and {state.court(HORSE)} to sing" if keep else ""
            return self.because(C.code(card), f"leads the {C.short(card)} ({worth(card)}), a card it can "
                                              f"spare{saving}")
        led = rules.suit(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best_power = rules.power(best_card, led)
        last = len(trick.plays) == state.n - 1
        partner_wins = state.team(best_seat) == state.team(seat)
        trumped = C.suit_of(best_card) == state.trump and led != state.trump
        safe = last or (master(best_card) and (trumped or not trumps_out or led == state.trump))
        if partner_wins and safe:
            spare = [c for c in cards if c not in keep] or cards
            card = max(spare, key=lambda c: (points(c), -rules.order(c)))
            if points(card):
                return self.because(C.code(card), f"adds the {C.short(card)} ({worth(card)}) to its partner's "
                                                  f"{C.short(best_card)}, which is sure to win")
            return self.because(C.code(card), f"plays the {C.short(card)} to its partner's {C.short(best_card)}, "
                                              f"which is sure to win, having no points to spare")
        winners = [c for c in cards if rules.power(c, led) > best_power]
        if winners and not partner_wins:
            sure = [c for c in winners if last or (master(c) and (C.suit_of(c) == state.trump or not trumps_out))]
            card = min(sure or winners, key=lambda c: (rules.power(c, led) >= 1000, points(c), rules.order(c)))
            taken = sum(points(c) for c in trick.cards)
            if sure:
                return self.because(C.code(card), f"takes the trick ({taken or 'no'} points in it) with the "
                                                  f"{C.short(card)}, the cheapest card sure to win")
            return self.because(C.code(card), f"{taking_verb(rules, trick, card)} the {C.short(best_card)} with "
                                              f"the {C.short(card)}, its cheapest card that wins, though a later "
                                              f"card could still take it")
        spare = [c for c in cards if c not in keep] or cards
        card = min(spare, key=lambda c: (points(c), rules.power(c, led)))
        if partner_wins:
            return self.because(C.code(card), f"leaves the trick to its partner's {C.short(best_card)}, not yet "
                                              f"safe, and risks only the {C.short(card)} ({worth(card)})")
        return self.because(C.code(card), f"cannot beat the {C.short(best_card)}, so gives up its least "
                                          f"valuable card, the {C.short(card)} ({worth(card)})")

    @staticmethod
    def unseen(state: TuteState, seat: int) -> set[Card]:
        """Cards neither played yet nor in this player's hand."""
        played = {c for t in state.tricks_played for c in t.cards} | set(state.trick.cards)
        return set(state.pack.cards) - played - set(C.cards_in(state.hands[seat]))

    @staticmethod
    def marriage_cards(state: TuteState, seat: int) -> set[Card]:
        """Rey and caballo pairs not yet sung: worth keeping for a song."""
        keep = set()
        for suit in state.suits:
            if state.holds(seat, suit, KING, HORSE) and suit_letter(suit) not in state.sung[seat]:
                keep |= {spanish.card_of(suit, KING), spanish.card_of(suit, HORSE)}
        return keep


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TuteState, rule_bot=TuteBot)
