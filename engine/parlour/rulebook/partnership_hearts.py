"""Partnership Hearts: the Carrillo family's two ways, on the Hearts table.

Partners sit opposite (South–North against West–East).  Everything about
the deal, the pass and the play is Hearts; only the scoring changes:

* ``team`` — partners pool their tricks and score together; a side that
  takes all 14 penalty cards (13 hearts and the queen of spades) has the
  moon-shooter's choice, made by the partner who took the queen.
* ``individual`` — each player scores alone and shoots the moon alone (the 26
  go on the two opponents, not on the partner, who is no opponent); the
  game ends when one player reaches the target, and then the partners'
  totals are added: the lower pair wins (so a player over 100 can still win).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from .. import cards as C
from ..cards import HEARTS, Card
from ..core import Action, GameSpec, Option, Reading
from ..scoring import PARTNERS_4, names_and, team_names, team_of
from . import hearts
from .hearts import MOON_POINTS, PENALTY_MASK, QUEEN_OF_SPADES, HeartsBot, HeartsState, penalty_points

TEAMS = PARTNERS_4

INFO = replace(
    hearts.INFO,
    id="partnership-hearts",
    name="Partnership Hearts",
    summary="Hearts for two pairs of partners sitting opposite each other.",
    house_rule="Two family ways: partners share tricks and score, or score alone and add up at the end.",
    standard_rule="Pass left, right, across, then hold; the moon puts 26 on the other side.",
    source="The Carrillo family's two ways; Pagat's Hearts for the penalty cards.",
    short_rules=(
        "Four players, partners opposite; the deal, the pass and the play are Hearts'.",
        "Way one (scoring=team): partners pool their tricks; a side taking all 13 hearts and the Q♠ "
        "takes 26 off its score or puts 26 on the other side; the game ends at 100, lower side wins.",
        "Way two (scoring=individual): each scores alone; a player taking all 26 takes 26 off their "
        "own score or puts 26 on each opponent (never on their partner).",
        "Way two ends when one player reaches 100: then partners' totals are added and the lower pair wins.",
    ),
    readings=(
        Reading("When one player shoots the moon in the individual way, the family puts 26 on "
                "\"each one of the opponents\". Is the shooter's partner one of them?",
                "No: the partner is not an opponent, so 26 goes on the two opponents only; a 26 on the "
                "partner would count against the shooter's own side at the end."),
        Reading("A side that takes all fourteen penalty cards chooses how to score them; which partner "
                "chooses?",
                "The partner who took the queen of spades."),
        Reading("The family does not say how partners pass cards.",
                "As in their Hearts: the centre mixer, with the standard rotation as an option.",
                "passing", "rotation"),
    ),
)

OPTIONS = (
    Option("scoring", "team", "How partners score.",
           choices={"team": "partners share tricks and score together (family way 1)",
                    "individual": "each scores alone; partners' totals decide at the end (family way 2)"}),
    *(replace(o, choices={"choice": "the shooter chooses: 26 off their own score or 26 on each opponent "
                                    "(house rule)",
                          "others": "26 on the other side; scoring alone, 26 on each opponent (standard)"}) if o.name == "moon" else o
      for o in hearts.OPTIONS),
)


def team_totals(totals: Sequence[int]) -> list[int]:
    """Each partnership's combined total from four individual totals."""
    return [sum(totals[s] for s in team) for team in TEAMS]


def winning_teams(totals: Sequence[int]) -> tuple[int, ...]:
    """Index of the partnership(s) with the lower combined total (both on a tie)."""
    combined = team_totals(totals)
    best = min(combined)
    return tuple(t for t, total in enumerate(combined) if total == best)


class PartnershipHeartsState(HeartsState):
    def team_names(self) -> list[str]:
        return team_names(self.names, TEAMS)

    def score_columns(self) -> list[str]:
        return self.team_names() if self.options["scoring"] == "team" else list(self.names)

    def column_points(self, points: list[int]) -> list[int]:
        if self.options["scoring"] == "team":
            return team_totals(points)
        return points

    def moon_shooter(self, points: list[int]) -> tuple[int, int] | None:
        if self.options["scoring"] != "team":
            return super().moon_shooter(points)
        for team, seats in enumerate(TEAMS):
            if sum(points[s] for s in seats) == MOON_POINTS:
                decider = next(s for s in seats if self.won[s] >> QUEEN_OF_SPADES & 1)
                return decider, team
        return None

    def moon_points(self, choice: str) -> list[int]:
        """Scoring alone, a moon's 26 goes on the shooter's two opponents, never on the partner."""
        points = super().moon_points(choice)
        if self.options["scoring"] == "team" or choice == "self":
            return points
        partner = next(s for team in TEAMS if self.moon_column in team for s in team if s != self.moon_column)
        points[partner] = 0
        return points

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column] if self.options["scoring"] == "team" else (column,)

    def moon_others_words(self) -> str:
        return "the other side" if self.options["scoring"] == "team" else "each opponent"

    def moon_lead(self, totals: Sequence[int]) -> int:
        """Scoring alone, the partners' added totals decide the game, so they decide the moon too."""
        if self.options["scoring"] == "team":
            return super().moon_lead(totals)
        mine = next(t for t, seats in enumerate(TEAMS) if self.moon_column in seats)
        combined = team_totals(totals)
        return combined[1 - mine] - combined[mine]

    def finish(self) -> None:
        if self.options["scoring"] == "team":
            super().finish()
            return
        combined = team_totals(self.sheet.totals)
        best = winning_teams(self.sheet.totals)
        names = self.team_names()
        detail = " against ".join(f"{names[t]} {combined[t]}" for t in range(len(TEAMS)))
        winners = tuple(sorted(s for t in best for s in TEAMS[t]))
        if len(best) > 1:
            text = f"The partnerships tie: {detail}."
        else:
            text = f"{names_and([self.names[s] for s in TEAMS[best[0]]])} win, {detail}."
        self.end(winners, text)


def scoring_units(state: HeartsState, seat: int) -> tuple[int, ...]:
    """The seats whose taken cards count together for a moon: the partnership scoring as a team,
    the player alone scoring alone."""
    return TEAMS[team_of(seat, TEAMS)] if state.options["scoring"] == "team" else (seat,)


def moon_threat(state: HeartsState) -> bool:
    """Whether the other side may be shooting the moon: one unit of theirs (see
    :func:`scoring_units`) holds every penalty card taken so far this hand.  Against that a point
    or two given up now is cheap beside 26 (measured: watching from the first point taken stops
    more moons than waiting for five or ten)."""
    takers = {scoring_units(state, s) for s in range(state.n) if penalty_points(state.won[s])}
    return len(takers) == 1 and team_of(next(iter(takers))[0], TEAMS) != team_of(state.turn, TEAMS)


def highest_out(state: HeartsState, suit: int) -> int:
    """The highest rank of ``suit`` still held by someone other than the player to move (0 if none)."""
    gone = state.hands[state.turn] | C.mask_of(state.trick.cards)
    for taken in state.won:  # every card of every finished trick, face up for all to see
        gone |= taken
    return max((C.rank_of(c) for c in state.pack.cards if C.suit_of(c) == suit and not gone >> c & 1), default=0)


class PartnershipHeartsBot(HeartsBot):
    """Hearts' rule bot, playing for its side: it ducks points as in Hearts, but when the other side
    has taken every point so far it takes one heart itself, so that they cannot shoot the moon."""

    def play(self, state: HeartsState, cards: list[Card]) -> Action:
        if moon_threat(state):
            stop = self.stop_the_moon(state, cards)
            if stop is not None:
                return stop
        return super().play(state, cards)

    def stop_the_moon(self, state: HeartsState, cards: list[Card]) -> Action | None:
        """A card that makes our side take a point card, if one is sure to; else None."""
        trick, me = state.trick, state.turn
        hearts_held = [c for c in cards if C.suit_of(c) == HEARTS]
        if not trick.plays:
            sure = [c for c in hearts_held if C.rank_of(c) > highest_out(state, HEARTS)]
            if not sure:
                return None
            card = min(sure, key=C.rank_of)
            return self.because(C.code(card), f"leads the {C.short(card)}, a heart nobody can beat: the other "
                                              f"side has every point so far, and taking one stops their moon")
        led = C.suit_of(trick.plays[0][1])
        top = max(C.rank_of(c) for c in trick.cards if C.suit_of(c) == led)
        last = len(trick.plays) == state.n - 1
        following = [c for c in cards if C.suit_of(c) == led]
        points_in = any(PENALTY_MASK >> c & 1 for c in trick.cards) or led == HEARTS
        if following and points_in:
            # Sure to win: over everything still out, or over the trick when nobody plays after.
            bar = top if last else max(top, highest_out(state, led))
            sure = [c for c in following if C.rank_of(c) > bar]
            if not sure:
                return None
            card = min(sure, key=C.rank_of)
            return self.because(C.code(card), f"takes the trick with the {C.short(card)}: the other side has "
                                              f"every point so far, and one point for us stops their moon")
        winner = state.rules.winner(trick)
        partner_sure = (team_of(winner, TEAMS) == team_of(me, TEAMS)
                        and (last or top > highest_out(state, led)))
        if not following and partner_sure and hearts_held:
            card = max(hearts_held, key=C.rank_of)
            return self.because(C.code(card), f"gives its highest heart, the {C.short(card)}, to its partner "
                                              f"{state.names[winner]}'s sure trick: the other side has every "
                                              f"point so far, and one for us stops their moon")
        return None


SPEC = GameSpec(info=INFO, options=OPTIONS, state=PartnershipHeartsState, rule_bot=PartnershipHeartsBot)
