"""Truc for four players in two partnerships (a playing-card maker's article).

The Spanish 40-card pack, played to the right.  Suits do not matter: cards
rank 3 2 ace rey caballo sota 7 6 5 4, and nobody has to follow suit.  Equal
best cards of opponents draw the trick.  A hand is three tricks (one when
the cut was refused and the dealer chose a one-card deal) and stops as soon
as its winner is certain; level tricks go to the dealer's opponents (seed)
or to the side that won the first trick (standard option).

On their turn a player may call *truc* (the hand worth 2); the next player
accepts or rejects.  An accepted truc may be answered, later, by the other
side's *retruc* (worth 3).  A rejected raise ends the hand: the raisers
score the stake agreed before it.  A side on eleven sees its partners'
cards and chooses to play the hand for 3 or to give the other side 1.
First to 12.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card
from .. import spanish
from ..betting import FOLDED, Betting, BettingRules
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, PartnershipScoring, Target
from ..tricks import Trick, TrickGameState, TrickRules

TEAMS = PARTNERS_4
#: Spanish face values, low to high: 4 5 6 7 sota caballo rey ace 2 3.
RANKING = (4, 5, 6, 7, 10, 11, 12, 1, 2, 3)
TARGET = 12
ELEVEN = 11
RAISES = {1: ("truc", 2), 2: ("retruc", 3)}
#: Truc's stakes on the shared betting: a ladder of 2 then 3, answered by the next player alone, raised
#: again only on a later turn of one's own.
BETTING = BettingRules(teams=TEAMS, base=1, steps=tuple(points for _, points in RAISES.values()),
                       answer="next", raise_in_answer=False)

INFO = GameInfo(
    id="truc",
    name="Truc",
    family="Trick-taking with bluff (Spanish pack)",
    players=(4,),
    pack="Spanish 40 cards (or a 52-card pack without 8s, 9s and 10s)",
    min_age=10,
    skill="Medium (bluffing)",
    kinds=("trick-taking", "betting"), deck="spanish40", minutes=(20, 30),
    summary="Three cards, three tricks, and a bluff: raise the stakes with “truc!” and see who blinks.",
    house_rule="Level tricks go to the dealer's opponents; a side on eleven looks at both hands and plays for 3 "
               "or concedes 1.",
    standard_rule="Level tricks go to the side that won the first trick (option drawn: first-won).",
    source="A playing-card maker's Truc article; Pagat's Catalan Truc for the standard tie rule.",
    short_rules=(
        "Four players, partners opposite; Spanish 40-card pack; play goes to the right.",
        "Cards rank 3 2 1 12 11 10 7 6 5 4 whatever their suit; you need not follow suit.",
        "Three cards each (one if the cut is refused and the dealer wants a short hand).",
        "Highest card wins the trick; equal best cards of opponents make it a draw.",
        "The hand stops when its winner is certain; level tricks go to the dealer's opponents.",
        "On your turn call truc (2 points); the next player accepts or rejects; retruc (3) answers an accepted truc.",
        "A rejected raise ends the hand: the raisers score the previous stake.",
        "A side on eleven sees both hands and plays for 3 or gives up 1. First to 12 wins.",
    ),
    readings=(
        Reading("Who wins a hand whose tricks come out level, because of drawn tricks?",
                "The dealer's opponents, as the article says; Pagat's Catalan Truc gives it to the side "
                "that won the first decided trick.",
                "drawn", "first-won"),
        Reading("The article lets a player raise \"before or after\" playing their card.",
                "Raises come before the card, so the answer comes from the next player, who is also the "
                "next to play, as the article describes. Accepting is an explicit answer, not a card played."),
        Reading("Who may call retruc?",
                "Only the side that accepted the truc, on any later turn of that hand; a side cannot "
                "raise instead of answering."),
        Reading("What does giving up on eleven cost? The article does not say.",
                "One point to the other side, the value of an ordinary hand. Of the pair on eleven, the "
                "one who plays first answers for both, after seeing both hands."),
        Reading("Partners play equal best cards: whose trick is it?",
                "Their side's, counted as won by the first of them to play it."),
        Reading("The cut: may it be refused?",
                "Yes, by tapping the pack; only then may the dealer give one card each. The cut itself "
                "changes nothing in a fairly shuffled pack."),
    ),
)

OPTIONS = (
    Option("drawn", "dealer-opponents",
           "Who wins a hand whose tricks are level because of drawn tricks.",
           choices={"dealer-opponents": "the dealer's opponents (the article's rule)",
                    "first-won": "the side that won the first decided trick; "
                                 "if every trick is drawn, the dealer's opponents (standard)"},
           standard="first-won"),
    spanish.PACK_OPTION,
)


class TrucState(PartnershipScoring, TrickGameState):
    """South & North against West & East; play and deal pass to the right."""

    direction = -1

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        return spanish.pack_for(options)

    def setup(self) -> None:
        self.match_end = Target(TARGET)
        self.sheet = ScoreSheet(list(self.team_labels), note=self.match_end.describe())
        #: One record per hand, for the tests: tricks, winner, points, how it ended.
        self.hand_results: list[dict[str, Any]] = []
        super().setup()

    # -- the deal
    def start_hand(self) -> None:
        self.next_hand()
        self.rules = TrickRules(ranking=spanish.ranking(self.pack, RANKING), must_follow=False, suitless=True,
                                ties_draw=True, teams=TEAMS)
        self.stock: list[Card] = self.shuffled_pack()
        self.betting = Betting.start(BETTING, self.seats_from(self.next_seat(self.dealer)))
        self.results: list[int | None] = []
        self.size = 3
        self.eleven_team: int | None = None
        self.raises_allowed = True
        self.trick = Trick(leader=self.next_seat(self.dealer))
        self.turn = self.trick.leader
        elevens = [t for t in (0, 1) if self.sheet.totals[t] == ELEVEN]
        dealer = self.names[self.dealer]
        self.say(f"Hand {self.hand_no}: {dealer} shuffles.", kind="deal")
        if elevens:
            self.say("A side is on eleven, so a full hand of three cards must be dealt.", kind="deal")
            self.deal_cards(3)
            if len(elevens) == 1:
                self.eleven_team = elevens[0]
                self.raises_allowed = False
                self.phase = "eleven"
                self.turn = next(s for s in self.seats_from(self.next_seat(self.dealer))
                                 if self.team(s) == self.eleven_team)
                return
            self.say("Both sides are on eleven: whoever wins this hand wins the game.", kind="deal")
            self.start_play(self.next_seat(self.dealer))
            return
        self.phase = "cut"
        self.turn = self.cutter()

    def cutter(self) -> int:
        """The player on the dealer's left (before the dealer in the turn order)."""
        return self.next_seat(self.dealer, -1)

    def deal_cards(self, each: int) -> None:
        self.size = each
        self.stock = self.deal(self.stock, each=each)
        word = "three cards" if each == 3 else "one card"
        self.say(f"{self.names[self.dealer]} deals {word} to each player, to the right.", kind="deal")

    def other_cards(self) -> list[Card]:
        return list(self.stock)

    def _candidates_cut(self) -> list[Action]:
        return ["cut", "tap"]

    def _verify_cut(self, action: Action) -> str | None:
        if action not in ("cut", "tap"):
            return "Cut the pack (cut) or just tap it (tap)."
        return None

    def _do_cut(self, action: Action) -> None:
        name = self.names[self.turn]
        if action == "cut":
            self.say(f"{name} cuts the pack.", kind="deal")
            self.deal_cards(3)
            self.start_play(self.next_seat(self.dealer))
            return
        self.say(f"{name} taps the pack instead of cutting: {self.names[self.dealer]} may deal "
                 f"three cards or just one.", kind="deal")
        self.phase = "deal"
        self.turn = self.dealer

    def _candidates_deal(self) -> list[Action]:
        return ["deal:3", "deal:1"]

    def _verify_deal(self, action: Action) -> str | None:
        if action not in ("deal:3", "deal:1"):
            return "Deal three cards each (deal:3) or one card each (deal:1)."
        return None

    def _do_deal(self, action: Action) -> None:
        self.deal_cards(int(action.split(":")[1]))
        self.start_play(self.next_seat(self.dealer))

    # -- a side on eleven
    def _candidates_eleven(self) -> list[Action]:
        return ["play", "fold"]

    def _verify_eleven(self, action: Action) -> str | None:
        if action not in ("play", "fold"):
            return "Your side is on eleven: play the hand for 3 points (play) or give up 1 point (fold)."
        return None

    def _do_eleven(self, action: Action) -> None:
        assert self.eleven_team is not None
        side = self.team_labels[self.eleven_team]
        if action == "play":
            self.betting = Betting.start(BETTING, self.betting.order, stake=3)
            self.say(f"{side}, on eleven, look at their cards and play: the hand is worth 3.", kind="bid")
            self.start_play(self.next_seat(self.dealer))
            return
        self.say(f"{side}, on eleven, look at their cards and decline to play.", kind="bid")
        self.settle(1 - self.eleven_team, 1, "declined at eleven")

    # -- play: cards, truc and retruc
    @property
    def stake(self) -> int:
        """What the hand is worth now (accepted raises included)."""
        return self.betting.stake

    @property
    def level(self) -> int:
        """Raises accepted: 0 none, 1 truc, 2 retruc."""
        return self.betting.bids - (1 if self.betting.answering else 0)

    @property
    def truc_team(self) -> int | None:
        """The side that called truc this hand."""
        calls = self.betting.calls
        return self.team(calls[0].seat) if calls else None

    @property
    def pending(self) -> tuple[int, int] | None:
        """(level proposed, raiser) while a raise waits for its answer."""
        if not self.betting.answering or self.betting.bidder is None:
            return None
        return self.betting.bids, self.betting.bidder

    def raise_words(self) -> list[Action]:
        return [word for level, (word, _) in RAISES.items() if self.raise_reason(level) is None]

    def raise_reason(self, level: int) -> str | None:
        word = RAISES[level][0]
        if not self.raises_allowed:
            return "At eleven the hand is already worth 3: there are no raises."
        if level == 1:
            if self.truc_team is not None:
                return "Truc has already been called this hand."
            return self.betting.bid_reason(self.turn, RAISES[level][1])
        if self.level >= 2:
            return "The stake is already at its highest, 3 points."
        if self.level < 1:
            return f"{word.capitalize()} can only answer a truc that has been accepted."
        if self.team(self.turn) == self.truc_team:
            return "Only the side that accepted the truc may raise to retruc."
        return self.betting.bid_reason(self.turn, RAISES[level][1])

    def _candidates_play(self) -> list[Action]:
        return self.raise_words() + super()._candidates_play()

    def _legal_play(self) -> list[Action]:
        return [w for w in self.raise_words() if self._verify_play(w) is None] + super()._legal_play()

    def _verify_play(self, action: Action) -> str | None:
        for level, (word, _) in RAISES.items():
            if action == word:
                return self.raise_reason(level)
        return super()._verify_play(action)

    def _do_play(self, action: Action) -> None:
        for level, (word, points) in RAISES.items():
            if action == word:
                raiser = self.turn
                self.betting = self.betting.make_bid(raiser, points)
                self.phase = "answer"
                self.turn = self.next_seat(raiser)
                self.say(f"{self.names[raiser]} calls {word}! The hand would be worth {points}; "
                         f"{self.names[self.turn]} must accept or reject.", kind="bid")
                return
        super()._do_play(action)

    def _candidates_answer(self) -> list[Action]:
        return ["accept", "reject"]

    def _verify_answer(self, action: Action) -> str | None:
        if action not in ("accept", "reject"):
            return "Accept the raise (accept) or reject it (reject)."
        return None

    def _do_answer(self, action: Action) -> None:
        assert self.pending is not None
        level, raiser = self.pending
        word, points = RAISES[level]
        name = self.names[self.turn]
        if action == "accept":
            self.betting = self.betting.see(self.turn)
            self.say(f"{name} accepts the {word}: the hand is worth {points}.", kind="bid")
            self.phase = "play"
            self.turn = raiser
            return
        self.betting = self.betting.fold(self.turn)
        assert self.betting.result == FOLDED and self.betting.collector is not None
        self.say(f"{name} rejects the {word} and puts the cards down.", kind="bid")
        self.settle(self.betting.collector, self.stake, f"{word} rejected")

    # -- tricks and the end of a hand
    def trick_done(self, winner: int, trick: Trick) -> None:
        self.results.append(self.team(winner))
        self.check_decided()

    def trick_drawn(self, trick: Trick) -> None:
        self.results.append(None)
        self.check_decided()

    def hand_done(self) -> None:
        self.check_decided()

    def hand_winner(self, results: list[int | None]) -> int:
        """Who wins a hand whose tricks came out as ``results`` (a side, or None for a draw)."""
        wins = [results.count(0), results.count(1)]
        if wins[0] != wins[1]:
            return 0 if wins[0] > wins[1] else 1
        if self.options["drawn"] == "first-won":
            first = next((r for r in results if r is not None), None)
            if first is not None:
                return first
        return 1 - self.team(self.dealer)

    def decided(self) -> int | None:
        """The hand's winner if no way of playing the remaining tricks can change it."""
        remaining = self.size - len(self.results)
        outcomes = {self.hand_winner(self.results + list(rest))
                    for rest in product((0, 1, None), repeat=remaining)}
        return outcomes.pop() if len(outcomes) == 1 else None

    def check_decided(self) -> None:
        winner = self.decided()
        if winner is None:
            return
        wins = [self.results.count(0), self.results.count(1)]
        played = len(self.results)
        left = self.size - played
        detail = f"{wins[winner]} trick{'s' if wins[winner] != 1 else ''} to {wins[1 - winner]}"
        if wins == [0, 0]:
            detail = f"{'every trick' if played > 1 else 'the trick'} drawn, so the dealer's opponents win"
        elif wins[0] == wins[1]:
            if self.options["drawn"] == "first-won" and any(r is not None for r in self.results):
                detail += ", level, so the first trick won decides"
            else:
                detail += ", level, so the dealer's opponents win"
        if left:
            detail += f"; the last {'trick is' if left == 1 else f'{left} tricks are'} not played"
        self.settle(winner, self.stake, detail)

    def settle(self, winner: int, points: int, how: str) -> None:
        self.say(f"{self.team_labels[winner]} win the hand ({how}): {points} point"
                 f"{'s' if points != 1 else ''}.", kind="score")
        self.hand_results.append({"winner": winner, "points": points, "how": how,
                                  "tricks": list(self.results), "size": self.size, "stake": self.stake})
        self.phase = "scoring"
        row = [points if t == winner else 0 for t in (0, 1)]
        self.score_hand(row, row)

    # -- what the reader sees
    def describe(self, action: Action) -> str:
        labels = {"cut": "Cut the pack", "tap": "Tap the pack (no cut)", "deal:3": "Deal three cards each",
                  "deal:1": "Deal one card each", "play": "Play the hand for 3", "fold": "Give up 1 point",
                  "truc": "Call truc (2 points)", "retruc": "Call retruc (3 points)",
                  "accept": "Accept", "reject": "Reject"}
        return labels.get(action) or super().describe(action)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "cut":
            return f"{name}: cut the pack, or tap it to let the dealer deal one card each."
        if self.phase == "deal":
            return f"{name}: the cut was refused — deal three cards each, or just one?"
        if self.phase == "eleven":
            return f"{name}: your side is on eleven. Play this hand for 3 points, or give up 1?"
        if self.phase == "answer" and self.pending:
            word, points = RAISES[self.pending[0]]
            return f"{name}: {self.names[self.pending[1]]} called {word} ({points} points). Accept or reject?"
        lead = "lead" if not self.trick.plays else "play"
        return f"{name} to {lead} (the hand is worth {self.stake})."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            won = self.tricks_won[s]
            extra: dict[str, Any] = {"role": "dealer" if s == self.dealer else "",
                                     "info": f"{won} trick{'' if won == 1 else 's'}"}
            show_partner = (self.phase == "eleven" and player is not None and player != s
                            and self.team(player) == self.eleven_team and self.team(s) == self.eleven_team)
            entry = self.seat_view(s, player, self.hands[s], face_up=show_partner, **extra)
            if show_partner:
                entry["face_up"] = True
            seats.append(entry)
        tricks = ", ".join("drawn" if r is None else self.team_labels[r] for r in self.results)
        status = f"The hand is worth {self.stake}"
        if self.pending:
            word, points = RAISES[self.pending[0]]
            status += f"; {self.names[self.pending[1]]} has called {word} ({points})"
        if tricks:
            status += f". Tricks: {tricks}"
        return self.table_view(seats, [], status + ".")


def strength(card: Card) -> int:
    return RANKING.index(spanish.number(card))


class TrucBot(RuleBot):
    """Plays to win tricks cheaply, raises with top cards, accepts when its side looks strong."""

    def choose(self, state: TrucState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        seat = state.turn
        mine = sorted(C.cards_in(state.hands[seat]), key=strength)
        side = state.team(seat)
        won = state.results.count(side)
        lost = state.results.count(1 - side)
        if state.phase == "cut":
            return self.because("cut", "cuts as usual: refusing would only let the dealer choose a one-card hand")
        if state.phase == "deal":
            return self.because("deal:3", "deals the ordinary three cards each")
        if state.phase == "eleven":
            partner = next(s for s in TEAMS[side] if s != seat)
            cards = C.cards_in(state.hands[seat] | state.hands[partner])
            top = [C.short(c) for c in sorted(cards, key=strength, reverse=True) if strength(c) >= 7]
            if len(top) >= 2:
                return self.because("play", f"plays for 3: the two hands hold {' and '.join(top)}")
            held = f"only the {top[0]}" if top else "no card of ace or better"
            return self.because("fold", f"gives up 1 rather than risk 3: the two hands hold {held}")
        if state.phase == "answer":
            sure, why = self.confident(state, mine, won, lost, 6)
            return self.because("accept", f"accepts: {why}") if sure else self.because("reject", f"rejects: {why}")
        for word in ("retruc", "truc"):
            if word in legal:
                sure, why = self.confident(state, mine, won, lost, 7)
                if sure:
                    return self.because(word, f"calls {word}: {why}")
        return self.play(state, mine)

    @staticmethod
    def confident(state: TrucState, mine: list[Card], won: int, lost: int, need: int) -> tuple[bool, str]:
        """Whether this side should stake more (tricks already won and the cards still held), and why."""
        best = f"its best card is the {C.short(mine[-1])}" if mine else "it has no card left"
        if won > lost:
            if mine and strength(mine[-1]) >= need - 3:
                return True, f"its side is a trick ahead and {best}"
            if lost == 0 and won >= 1:
                return True, "its side has won a trick and lost none"
            return False, f"its side is a trick ahead, but {best}, too weak to risk more"
        if lost > won:
            if mine and strength(mine[-1]) >= 9:
                return True, f"its side is a trick behind, but {best}, a 3, which nothing beats"
            return False, f"its side is a trick behind and {best}, not a 3"
        level = "no trick is decided yet" if won == 0 else "the tricks are level"
        if not mine:
            return False, f"{level} and it has no card left"
        on_table = [c for s, c in state.trick.plays if state.team(s) == state.team(state.turn)]
        top = max(mine + on_table, key=strength)
        ours = "its" if top in mine else "its partner's"
        enough = strength(top) >= need + (1 if len(mine) == 1 else 0)
        only = "" if enough else "only "
        return enough, f"{level} and {ours} best card is {only}the {C.short(top)}"

    def play(self, state: TrucState, mine: list[Card]) -> Action:
        trick = state.trick
        if not trick.plays:
            return self.because(C.code(mine[-1]), f"leads its strongest card, the {C.short(mine[-1])}")
        rules = state.rules
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best = strength(best_card)
        partners = state.team(best_seat) == state.team(state.turn)
        if partners:
            still = state.n - len(trick.plays) - 1
            if still == 0 or best >= 8:
                why = ("nobody is left to beat it" if still == 0 else
                       "only another 3 can match it" if best == 9 else "only a 3 can beat it")
                return self.because(C.code(mine[0]), f"plays its weakest card, the {C.short(mine[0])}: its "
                                                     f"partner's {C.short(best_card)} wins and {why}")
        beaters = [c for c in mine if strength(c) > best]
        if beaters:
            if partners:
                return self.because(C.code(beaters[0]), f"makes sure of the trick: overtakes its partner's "
                                                        f"{C.short(best_card)} with the {C.short(beaters[0])}")
            return self.because(C.code(beaters[0]), f"beats the {C.short(best_card)} with the "
                                                    f"{C.short(beaters[0])}, its lowest card that does")
        ties = [c for c in mine if strength(c) == best]
        if ties and not partners:
            return self.because(C.code(ties[0]), f"cannot beat the {C.short(best_card)}, but matches it with the "
                                                 f"{C.short(ties[0])} to draw the trick")
        if partners:
            return self.because(C.code(mine[0]), f"leaves the trick to its partner's {C.short(best_card)} and "
                                                 f"plays its weakest card, the {C.short(mine[0])}")
        return self.because(C.code(mine[0]), f"cannot beat the {C.short(best_card)}, so plays its weakest card, "
                                             f"the {C.short(mine[0])}")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TrucState, rule_bot=TrucBot)
