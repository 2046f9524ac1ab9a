"""Bango: bingo with playing cards (the family card-games book), for 2 to 20 players.

Each player has five cards face up in a row, dealt from one pack.  The dealer turns the cards of
a second pack one by one and calls each; everyone holding the same card (rank and suit) turns it
face down.  The first to have all five face down calls "Bango" and takes the pool of counters;
players who finish at the same moment share it.  More than ten players deal their rows from two
identical packs (a row may hold the same card twice: both go down together) and call from a third.
A player without the counters to stake sits the round out; counters are never lost (a pool that
does not divide is carried to the next round, and after the last its odd counters are shared out).

Nobody waits for a turn: this is a game without turns (:mod:`parlour.simultaneous`).  As in the
book, each player spots and turns down their own matches — on the page, a child's game of keeping
watch — and the cards called but never turned down are shown when the round ends; this site's
option ``matching: automatic`` turns every match down as it is called, so that nobody misses one.
Actions: ``call`` and ``check`` (the dealer), and a card of one's row to turn it down (``"2:7H"``).
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cardgame import CardGameState
from ..cards import JACK, Card
from ..core import Action, GameInfo, GameSpec, Option, OptionError, Reading, ScoreSheet
from ..scoring import FixedDeals, MatchScoring, names_and, plural
from ..simultaneous import SimultaneousPlay, split, tag
from ..view import cards_zone, note, notes_zone

ROW = 5
#: With more players than this, the rows come from two identical packs and the calls from a third.
TWO_PACKS_UP_TO = 10
#: How long a person takes (ms, at the family's pace): to turn and call a card, to check a Bango,
#: to see a called card in their row and turn it down.
CALL_MS = 3000
CHECK_MS = 1500
SPOT_MS = 1200
#: How many of the last called cards the table shows.
CALLS_SHOWN = 4

INFO = GameInfo(
    id="bango",
    name="Bango",
    family="Matching games (bingo with cards)",
    players=tuple(range(2, 21)),
    pack="Two packs (three for more than ten players)",
    min_age=5,
    skill="None, or quick eyes (spotting your own cards)",
    length_note="(about 5 minutes a round)",
    kinds=("matching",), deck="two-packs", minutes=(5, 10),
    summary="Bingo with cards: turn down your five cards as the dealer calls them, and be the first to say Bango.",
    house_rule="As the book has it, each player spots their own called cards and turns them down (a card "
               "missed is shown when the round ends); the first to turn all five down takes the pool.",
    standard_rule="The book's rules as written. This site adds automatic matching as an option: every match "
                  "goes down by itself, so nobody misses a card and the game is pure luck.",
    source="The family card-games book's Bango; its variants for more than ten players and for two "
           "players calling Bango at once.",
    short_rules=(
        "2 to 10 players with two packs; more than ten use two identical packs for the rows and a third to call.",
        "The first player dealt a jack deals first; the deal passes to the left each round.",
        "Everyone puts a counter in the pool; the dealer deals five cards face up to each player from one pack.",
        "The dealer turns the other pack's cards one at a time and calls them; anyone holding the same card "
        "turns it face down (both copies, with two identical packs).",
        "The first to turn all five down calls Bango and takes the pool; players who finish at the same "
        "moment (on the same call) share it.",
        "A player without the counters for the stake sits the round out; with fewer than two able to stake, "
        "the game ends.",
        "After the last round the player with most counters wins.",
    ),
    readings=(
        Reading("When do two players call Bango 'at the same time'?",
                "When one call completes both rows. The first player to turn over all five takes the pool, "
                "so a player who finishes later, even before the dealer has checked, gets nothing. With "
                "matching by hand each Bango lands when its last card goes down, so one is always first; "
                "a tie needs automatic matching and two rows holding the same card (more than ten players). "
                "The option lets everyone who has finished before the dealer checks share instead.",
                "sharing", "before-check"),
        Reading("The book does not say how a shared pool that does not divide evenly is split.",
                "Each takes an equal share; the counters left over stay in the pool for the next round. After "
                "the last round they go one each to the sharers, starting on the dealer's left, so no "
                "counter is lost."),
        Reading("What if a player has too few counters to put in the stake?",
                "They sit the round out (no row, no share of the pool) and keep what they have. If fewer "
                "than two players can stake, the game ends there."),
        Reading("How many rounds make a game, and how many counters does each player start with?",
                "Five rounds and ten counters each, a counter a round into the pool (options set all three)."),
        Reading("Must players turn their own cards down, or does it happen by itself?",
                "Each player spots their own, as the book describes; this site's option turns every match "
                "down by itself, and a card called but never turned down is shown when the round ends.",
                "matching", "automatic"),
    ),
)

OPTIONS = (
    Option("players", 4, "How many play (more than ten: two identical packs for the rows, a third to call).",
           minimum=2, maximum=20),
    Option("matching", "by-hand", "Who turns a called card down.",
           choices={"by-hand": "by hand: each spots their own (the book)",
                    "automatic": "automatic: matches go down by themselves (this site's option)"},
           standard="by-hand"),
    Option("sharing", "same-moment", "Who shares the pool when more than one player turns all five down.",
           choices={"same-moment": "only those who finish on the same call: the first takes the pool (the book)",
                    "before-check": "everyone who has finished before the dealer checks"},
           standard="same-moment"),
    Option("rounds", 5, "How many rounds make a game.", minimum=1, maximum=20),
    Option("counters", 10, "Counters each player starts with.", minimum=1, maximum=100),
    Option("stake", 1, "Counters each player puts in the pool each round.", minimum=1, maximum=5),
)


def face(card: Card) -> int:
    """What a card shows — its rank and suit — whichever pack it comes from."""
    return card & 0xFF


class BangoState(SimultaneousPlay, MatchScoring, CardGameState):
    """Rows of five face up, the caller's pack, the pool; a round is a hand."""

    example_move = "call"
    score_unit = "counter"

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        copies = 2 if options["players"] <= TWO_PACKS_UP_TO else 3
        return C.french_pack(copies=copies, id=f"bango{copies}", description=f"{copies} packs of 52")

    @staticmethod
    def check_options(options: dict[str, Any]) -> None:
        if options["counters"] < options["stake"]:
            raise OptionError(f"each player needs at least the stake ({options['stake']}) in counters to start, "
                              f"not {options['counters']}")

    def setup(self) -> None:
        self.calling_copy = 1 if self.n <= TWO_PACKS_UP_TO else 2
        self.match_end = FixedDeals(self.options["rounds"])
        self.sheet = ScoreSheet(list(self.names), note="Counters: each round's row shows what was won, less the stake.")
        self.sheet.add("Start", [self.options["counters"]] * self.n)
        self.pool = 0
        self.last_rows: list[list[Card]] = [[] for _ in range(self.n)]
        self.missed_notes: list[tuple[str, str, list[str]]] = []
        super().setup()

    def choose_first_dealer(self) -> int:
        """Cards dealt face up round the table from one pack: the first jack deals."""
        cards = [c for c in self.pack.cards if C.copy_of(c) == 0]
        self.rng.shuffle(cards)
        self.jack_draw: list[tuple[int, Card]] = []
        for i, card in enumerate(cards):
            self.jack_draw.append((i % self.n, card))
            if C.rank_of(card) == JACK:
                return i % self.n
        raise AssertionError("a pack always holds a jack")

    def counters(self, seat: int) -> int:
        return self.sheet.totals[seat]

    def able_to_stake(self, totals: Sequence[int] | None = None) -> list[int]:
        """The seats with counters enough for the stake (in ``totals``, default the sheet's)."""
        totals = self.sheet.totals if totals is None else totals
        return [s for s in range(self.n) if totals[s] >= self.options["stake"]]

    def match_over(self) -> bool:
        """After the last round, or when fewer than two players could stake for another."""
        return super().match_over() or len(self.able_to_stake()) < 2

    def from_dealers_left(self) -> list[int]:
        """Every seat, starting on the dealer's left and ending with the dealer."""
        order = [self.next_seat(self.dealer)]
        while len(order) < self.n:
            order.append(self.next_seat(order[-1]))
        return order

    # -- a round
    def start_hand(self) -> None:
        first = self.hand_no == 0
        self.next_hand()
        if first:
            shown = ", ".join(f"{self.names[s]} {C.short(c)}" for s, c in self.jack_draw)
            self.say(f"Cards are dealt face up to find the first dealer: {shown}. "
                     f"{self.names[self.dealer]} has the first jack and deals.", kind="deal")
        stake = self.options["stake"]
        # A player who cannot pay the stake sits the round out: no row, no share (and no counter owed).
        self.playing = self.able_to_stake()
        self.stakes = [stake if s in self.playing else 0 for s in range(self.n)]
        self.pool += sum(self.stakes)
        rows_pack = [c for c in self.pack.cards if C.copy_of(c) != self.calling_copy]
        calling = [c for c in self.pack.cards if C.copy_of(c) == self.calling_copy]
        if self.stacked is not None:
            order, self.stacked = self.stacked, None
            rows_pack = [c for c in order if C.copy_of(c) != self.calling_copy]
            calling = [c for c in order if C.copy_of(c) == self.calling_copy]
        else:
            self.rng.shuffle(rows_pack)
            self.rng.shuffle(calling)
        self.rows: list[list[Card]] = [[] for _ in range(self.n)]
        dealt, _ = self.deal_sequence(rows_pack, each=ROW, seats=self.playing)
        for seat, card in dealt:
            self.rows[seat].append(card)
        self.down: list[set[Card]] = [set() for _ in range(self.n)]
        self.calling_pack = calling
        self.called: list[Card] = []
        self.called_faces: set[int] = set()
        self.finished: list[int] = []
        #: The move on which each of ``finished`` turned their last card down.
        self.finished_on: list[int] = []
        self.phase = "round"
        packs = "two packs" if self.calling_copy == 1 else "two identical packs, and calls from a third"
        out = [s for s in range(self.n) if s not in self.playing]
        paid = (f"everyone puts {stake}" if not out else
                f"{names_and([self.names[s] for s in self.playing])} put {stake} each")
        sitting = (f" {names_and([self.names[s] for s in out])} {'has' if len(out) == 1 else 'have'} fewer than "
                   f"{plural(stake, 'counter')} and {'sits' if len(out) == 1 else 'sit'} this round out." if out else "")
        self.say(f"Round {self.hand_no}: {paid} in the pool (now {self.pool}).{sitting} "
                 f"{self.names[self.dealer]} deals five cards face up to each player{' in the round' if out else ''} "
                 f"from {packs}.", kind="deal")

    def start_position(self, rows: Sequence[Sequence[str]], calls: Sequence[str]) -> None:
        """This round's rows (card codes, seat by seat) and the caller's pack (top first), for rule tests."""
        self.rows = [[self.pack.card(code) for code in row] for row in rows]
        self.down = [set() for _ in range(self.n)]
        self.calling_pack = [self.pack.card(code) for code in calls]
        self.called, self.finished, self.finished_on, self.called_faces = [], [], [], set()

    def face_up(self, seat: int) -> list[Card]:
        return [c for c in self.rows[seat] if c not in self.down[seat]]

    def called_matches(self, seat: int) -> list[Card]:
        """Cards of ``seat``'s row already called and still face up (the first copy of a pair only)."""
        out: dict[int, Card] = {}
        for card in self.face_up(seat):
            if face(card) in self.called_faces:
                out.setdefault(face(card), card)
        return list(out.values())

    # -- who may act
    def actors(self) -> list[int]:
        if self.is_over:
            return []
        seats = [s for s in range(self.n) if self.options["matching"] == "by-hand" and self.called_matches(s)]
        if self.finished or self.calling_pack:
            seats.append(self.dealer)
        return sorted(set(seats))

    def idle_reason(self, seat: int, move: str) -> str:
        if seat not in self.playing and seat != self.dealer:
            return "You sit this round out: you have too few counters for the stake."
        # The move's own reason says most ("the 7♥ has not been called yet", "only the dealer calls").
        reason = self._verify_round(seat, move)
        if reason is not None:
            return reason
        if not self.face_up(seat):
            return "All your cards are face down: wait for the dealer to check."
        if self.options["matching"] == "automatic":
            return "Your cards are turned down for you as they are called: wait for the next call."
        return "None of your face-up cards has been called yet: wait for the next call."

    def _candidates_round(self, seat: int) -> list[Action]:
        moves = [C.code(c) for c in self.called_matches(seat)] if self.options["matching"] == "by-hand" else []
        if seat == self.dealer:
            moves.append("check" if self.finished else "call")
        return moves

    def canonical_move(self, seat: int, move: str) -> str:
        """A card named in any spelling, or by its other copy (``KS`` for ``KS'``: both show the king of
        spades, and go down together), is the listed card of the row that shows it."""
        card = self.pack.find(move)
        if card is None or self.is_over:
            return move
        listed = (self.pack.find(code) for code in self._candidates_round(seat))
        return next((C.code(c) for c in listed if c is not None and face(c) == face(card)), move)

    def _verify_round(self, seat: int, move: str) -> str | None:
        if move in ("call", "check"):
            if seat != self.dealer:
                return f"Only the dealer, {self.names[self.dealer]}, calls the cards."
            if move == "call" and self.finished:
                return (f"{names_and([self.names[s] for s in self.finished])} called Bango: check the cards "
                        f"instead of calling another.")
            if move == "call" and not self.calling_pack:
                return "Every card has been called."
            if move == "check" and not self.finished:
                return "Nobody has called Bango yet: call the next card."
            return None
        card = self.pack.find(move)
        if card is None:
            return f"{move!r} is neither a card of your row nor call or check."
        if self.options["matching"] == "automatic":
            return "Your cards are turned down for you as they are called."
        if card not in self.rows[seat]:
            if card in self.last_rows[seat]:
                return "Too late: that round is over, and your new row is dealt."
            return f"The {C.name(card)} is not in your row."
        if card in self.down[seat]:
            return f"Your {C.short(card)} is already face down."
        if face(card) not in self.called_faces:
            return f"The {C.name(card)} has not been called yet."
        return None

    def _do_round(self, seat: int, move: str) -> None:
        if move == "call":
            self.call()
        elif move == "check":
            self.check()
        else:
            self.turn_down(seat, self.pack.card(move))

    def call(self) -> None:
        card = self.calling_pack.pop(0)
        self.called.append(card)
        self.called_faces.add(face(card))
        self.say(f"{self.names[self.dealer]} calls the {C.name(card)} ({len(self.called)}).", kind="play")
        if self.options["matching"] == "automatic":
            for seat in range(self.n):
                if any(face(card) == face(c) for c in self.face_up(seat)):
                    self.turn_down(seat, card)

    def turn_down(self, seat: int, card: Card) -> None:
        matching = [c for c in self.face_up(seat) if face(c) == face(card)]
        self.down[seat].update(matching)
        both = " (both of them)" if len(matching) > 1 else ""
        left = len(self.face_up(seat))
        self.say(f"{self.names[seat]} turns down {C.short(card)}{both}; {left} face up.", kind="play")
        if not left:
            first = [s for s, on in zip(self.finished, self.finished_on) if on == self.finished_on[0]]
            self.finished.append(seat)
            self.finished_on.append(len(self.history))
            if seat in self.pool_winners():
                self.say(f"{self.names[seat]}: Bango!", kind="trick")
            else:
                self.say(f"{self.names[seat]}: Bango! But {names_and([self.names[s] for s in first])} turned all five "
                         f"down first and takes the pool.", kind="trick")

    def pool_winners(self) -> list[int]:
        """Who takes the pool: the first to turn all five down, with anyone who finished on the same call
        (the option: everyone finished before the dealer checks)."""
        if self.options["sharing"] == "before-check" or not self.finished:
            return list(self.finished)
        return [s for s, on in zip(self.finished, self.finished_on) if on == self.finished_on[0]]

    def check(self) -> None:
        """The dealer checks the Bango: the first to finish (with anyone who finished on the same call)
        takes the pool.  A share that does not divide leaves counters in the pool for the next round;
        after the last round they go one each to the sharers from the dealer's left."""
        winners = self.pool_winners()
        late = [s for s in self.finished if s not in winners]
        share, rest = divmod(self.pool, len(winners))
        names = names_and([self.names[s] for s in winners])
        points = [(share if s in winners else 0) - self.stakes[s] for s in range(self.n)]
        after = [total + p for total, p in zip(self.sheet.totals, points)]
        last = self.hand_no >= self.options["rounds"] or len(self.able_to_stake(after)) < 2
        odd = [s for s in self.from_dealers_left() if s in winners][:rest] if last else []
        for seat in odd:
            points[seat] += 1
        if len(winners) == 1:
            self.say(f"{self.names[self.dealer]} checks: every one of {names}'s cards was called. "
                     f"{names} takes the pool of {self.pool}.", kind="score")
        else:
            kept = f"; {rest} {'stays' if rest == 1 else 'stay'} in the pool" if rest and not odd else ""
            counters = "counter goes" if rest == 1 else f"{rest} counters go"
            given = (f"; this was the last round, so the odd {counters} to {names_and([self.names[s] for s in odd])}"
                     + (" (one each, from the dealer's left)" if rest > 1 else "") if odd else "")
            self.say(f"{self.names[self.dealer]} checks: {names} called Bango together and share the pool, "
                     f"{share} each{kept}{given}.", kind="score")
        if late:
            self.say(f"{names_and([self.names[s] for s in late])} turned all five down too, but later: "
                     f"the first to finish takes the pool.", kind="score")
        self.missed_notes = []
        for seat in range(self.n):
            missed = self.called_matches(seat)
            if missed:
                order = [next(i for i, c in enumerate(self.called) if face(c) == face(m)) + 1 for m in missed]
                text = ", ".join(f"{C.short(m)} (call {n})" for m, n in zip(missed, order))
                self.missed_notes.append((self.names[seat], f"missed {text}", [C.code(m) for m in missed]))
                self.say(f"{self.names[seat]} missed {text}.", kind="info")
        self.pool = 0 if odd else rest
        if last and self.hand_no < self.options["rounds"]:
            self.say(f"Fewer than two players have {plural(self.options['stake'], 'counter')} to stake: "
                     f"the game ends after this round.", kind="score")
        self.last_rows = [list(row) for row in self.rows]
        self.score_hand(points, [f"{p:+d}" for p in points], label=f"Round {self.hand_no}")

    # -- times, words, prompts
    def think_ms(self, seat: int, action: Action) -> int:
        move = split(action)[1] if split(action) else action
        return CALL_MS if move == "call" else CHECK_MS if move == "check" else SPOT_MS

    def describe_move(self, seat: int, move: str) -> str:
        if move == "call":
            return "Call the next card"
        if move == "check":
            return f"Check {names_and([self.names[s] for s in self.finished])}'s Bango"
        card = self.pack.find(move)
        return f"Turn down {C.short(card)}" if card is not None else move

    def prompt_for(self, player: int | None) -> str:
        if self.is_over or player is None:
            return ""
        parts = []
        if player not in self.playing:
            parts.append("You have too few counters for the stake and sit this round out.")
        if player == self.dealer:
            parts.append("You are the dealer: " + ("check the Bango." if self.finished else "call the next card."))
        matches = self.called_matches(player)
        if matches and self.options["matching"] == "by-hand":
            parts.append("One of your cards has been called: turn it down!" if len(matches) == 1
                         else f"{len(matches)} of your cards have been called: turn them down!")
        elif player != self.dealer:
            parts.append("Bango! Wait for the dealer to check." if player in self.finished
                         else "Watch the calls: when one of your cards is called, click it to turn it down.")
        return " ".join(parts)

    # -- the table
    def other_cards(self) -> list[Card]:
        dealt = {c for row in self.rows for c in row}
        rows_pack = [c for c in self.pack.cards if C.copy_of(c) != self.calling_copy and c not in dealt]
        return [c for row in self.rows for c in row] + rows_pack + self.called + self.calling_pack

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            info = (plural(self.counters(s), "counter") + (" · Bango!" if s in self.finished else "")
                    + ("" if s in self.playing else " · sits out"))
            seats.append({"name": self.names[s], "count": len(self.face_up(s)),
                          "hand": [C.code(c) for c in self.face_up(s)], "face_up": True,
                          "down": len(self.down[s]), "info": info,
                          "role": "dealer" if s == self.dealer else ""})
        last = [C.code(c) for c in self.called[-CALLS_SHOWN:]]
        centre: list[Any] = [cards_zone(f"Called: {len(self.called)} of 52 (the newest last)", last,
                                        hidden=len(self.calling_pack))]
        notes = [note("Pool", plural(self.pool, "counter"), current=True)]
        notes += [note(name, text, cards) for name, text, cards in self.missed_notes]
        centre.append(notes_zone("The pool" if not self.missed_notes else "The pool, and last round's missed cards",
                                 notes))
        return {"seats": seats, "centre": centre, "hand_no": self.hand_no,
                "status": f"Round {self.hand_no} of {self.options['rounds']}."}


class BangoBot(RuleBot):
    """Turns down a called card as soon as it sees one; as dealer, checks a Bango before calling on."""

    def choose(self, state: BangoState, seat: int | None = None) -> Action | None:  # type: ignore[override]
        seat = state.to_move() if seat is None else seat
        if seat is None or seat not in state.actors():
            return None
        legal = state.legal_actions(seat)
        # Its own matches first (a dealer who is also racing turns down before calling on).
        own = [a for a in legal if a.split(":", 1)[1] not in ("call", "check")]
        if own:
            return self.because(own[0], self.turn_down_reason(state, seat, state.pack.card(own[0].split(":", 1)[1])))
        if not legal:
            return None
        if legal[0].endswith(":check"):
            return self.because(legal[0], f"checks {names_and([state.names[s] for s in state.finished])}'s "
                                          f"Bango before calling another card")
        return self.because(legal[0], f"calls the next card ({len(state.called)} called so far), as nobody "
                                      f"has called Bango")

    @staticmethod
    def turn_down_reason(state: BangoState, seat: int, card: Card) -> str:
        """Which call the card answers, and how many face-up cards that leaves."""
        ago = next(i for i, c in enumerate(reversed(state.called)) if face(c) == face(card))
        when = "which the caller just called" if ago == 0 else f"called {plural(ago, 'call')} ago"
        copies = sum(face(c) == face(card) for c in state.face_up(seat))
        left = len(state.face_up(seat)) - copies
        after = "the last face-up one, so Bango" if left == 0 else f"{left} face up after it"
        return f"turns down the {C.short(card)}{' (both copies)' if copies > 1 else ''}, {when}; {after}"


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BangoState, rule_bot=BangoBot,
                no_choice="the called cards decide who wins: a matching card is turned down as soon as it is "
                          "called (by hand, the only skill is being quick; with automatic matching, none)")
