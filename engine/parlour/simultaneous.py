"""Games without turns: everyone plays at once (Nuts, Twenty-Four, Bango).

Research engines call these *simultaneous-move* states: OpenSpiel marks the current player as
"simultaneous" and asks each player for their own legal actions.  Ours are races rather than
sealed bids — what matters is whose move *arrives* first — so a state here works like this:

- Several seats may act in the same state: :meth:`SimultaneousPlay.actors`.  Each seat has its
  own legal actions, ``legal_actions(seat)``; with no seat given, everyone's, seat by seat (the
  list a share code counts in).
- Every action carries its seat in its text, ``"<seat>:<move>"`` (``"2:6H>5H'"``: seat 2 puts a
  6♥ on the foundation topped by a 5♥).  The record is still a list of strings, in the order the
  moves arrived, so the seed and the actions replay a game exactly, and share links, saves and
  worked examples work as for any other game.
- Conflicts are settled by arrival.  A move is checked when it lands, against the table as it is
  then; if a move that arrived earlier has made it illegal — another player's 6♥ reached that
  foundation first — it is refused with the reason, and nothing changes.  A game's reasons name
  who got there first.

Who is quicker is decided by clocks, not by the state: computer players act on their own clocks
(:mod:`parlour.clock`), the reader whenever they click.

A game module puts :class:`SimultaneousPlay` before its table class and writes, per phase,
``_candidates_<phase>(seat)``, ``_verify_<phase>(seat, move)`` and ``_do_<phase>(seat, move)``;
:meth:`actors`; and :meth:`think_ms`, how long a person takes over a move (the clocks use it).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from . import cards as C
from .core import Action, IllegalAction, State

#: Between the seat and the move: ``"2:6H>5H'"``.
SEAT_MARK = ":"
#: What separates the pieces of a move (a verb, cards, places): ``"pass:6H"``, ``"6H>5H'"``.
MOVE_PIECES = re.compile(r"([:>+\s])")
#: A separator with the spaces a person may type round it (``"pass : 6H"``, ``"6H > 5H"``).
SPACED_SEPARATOR = re.compile(r"\s*([:>+])\s*")


def tag(seat: int, move: str) -> Action:
    """The action of ``seat`` making ``move``: ``tag(2, "turn")`` → ``"2:turn"``."""
    return f"{seat}{SEAT_MARK}{move}"


def split(action: Action) -> tuple[int, str] | None:
    """``(seat, move)`` of an action, or ``None`` if it does not start with a seat number."""
    seat, mark, move = action.partition(SEAT_MARK)
    if not mark or not (seat.isascii() and seat.isdigit()) or len(seat) > 3:
        return None
    return int(seat), move


class SimultaneousPlay(State):
    """A state in which several seats may act at once; actions are tagged with their seat and
    taken in the order they arrive."""

    simultaneous: ClassVar[bool] = True
    #: Every legal move is among the candidates (Bango): a spelling that cannot be matched to one is
    #: refused rather than recorded as typed.  A game that accepts moves it does not list (a sum typed
    #: in Twenty-Four, a Nuts run moved for no gain) sets this False, and such a move is recorded with
    #: its cards written as codes.
    lists_every_move: ClassVar[bool] = True
    #: The computer players' paces a table offers (ids of :data:`parlour.clock.PACES`).
    paces: ClassVar[tuple[str, ...]] = ("beginner", "family", "fast")
    #: A move written out, for the reason an untagged action gets.
    example_move: ClassVar[str] = "turn"

    # -- to write in a game module
    def actors(self) -> list[int]:
        """The seats that may act now (all of them, in most moments of a race)."""
        raise NotImplementedError

    def think_ms(self, seat: int, action: Action) -> int:
        """How long a person at the family's pace takes over ``action`` (milliseconds): the
        computer players' clocks scale it by their pace."""
        return 1500

    def idle_reason(self, seat: int, move: str) -> str:
        """Why ``seat`` may not make ``move``, or any move, just now (a game words it: "The 7♥ has not
        been called yet")."""
        return "You have nothing to do just now."

    def waiting(self, seat: int) -> bool:
        """``seat`` has said it waits for the others (stuck, or sure there is no solution): in
        practice, computer players do not wait for a reader who is waiting for them."""
        return False

    def describe_move(self, seat: int, move: str) -> str:
        """A label for ``seat``'s ``move``, in words."""
        card = self.pack.find(move)
        return f"Play {C.short(card)}" if card is not None else move

    def move_parts(self, seat: int, move: str) -> list[str]:
        """What the reader picks to make ``move`` (default: the card, for a move that is one card)."""
        card = self.pack.find(move)
        return [move] if card is not None and C.code(card) == move else []

    # -- the shared machinery
    def to_move(self) -> int | None:
        """There is no single player to move: the first seat that may act and is not waiting for the
        others (else the first that may act), so that code written for one mover at a time — a sweep
        of random games, a bot asked for "the" move — still finds someone; ``None`` when nobody may."""
        if self.is_over:
            return None
        actors = self.actors()
        return next((seat for seat in actors if not self.waiting(seat)), actors[0] if actors else None)

    def canonical_move(self, seat: int, move: str) -> str:
        """The one spelling a move is recorded in (a game whose moves are written out tidies them);
        a move listed among ``seat``'s candidates in another case is recorded as listed."""
        return move

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """``player``'s legal actions (tagged with their seat); with no player, every seat's in turn.

        Always the verified list, and never remembered for :meth:`apply` to skip its check (the
        turn-based fast path): in a race another seat's move may land between listing and playing."""
        return self.verified_actions(player)

    def verified_actions(self, player: int | None = None) -> list[Action]:
        """The candidates of ``player`` (default: every seat that may act) that verify allows."""
        if self.is_over or self.at_move_cap:
            return []
        actors = self.actors()
        seats = actors if player is None else [player] if player in actors else []
        candidates, verify = self._dispatch("candidates"), self._dispatch("verify")
        return [tag(seat, move) for seat in seats for move in candidates(seat) if verify(seat, move) is None]

    def _judge(self, action: Action) -> tuple[Action, str | None]:
        """``action``'s recorded form (seat, colon, the move's one spelling) and why it is illegal as it
        lands (``None``: legal), from one check."""
        reason = self.standing_reason(action)
        if reason is not None:
            return action, reason
        parsed = split(action.strip())
        if parsed is None:
            return action, (f"In a game without turns each move names its player: write the seat, a colon and "
                            f"the move, such as 0{SEAT_MARK}{self.example_move}.")
        seat, move = parsed
        if not 0 <= seat < self.n:
            return action, f"There is no seat {seat} at this table (the seats are 0 to {self.n - 1})."
        if seat not in self.actors():
            return action, self.idle_reason(seat, move)
        move = self.canonical_move(seat, SPACED_SEPARATOR.sub(r"\1", move.strip()))
        if not move:
            return action, "The move is missing after the seat."
        candidates = self._dispatch("candidates")(seat)
        verify = self._dispatch("verify")
        if move in candidates:
            return tag(seat, move), verify(seat, move)
        coded = self.card_codes(move)
        listed = next((c for c in candidates if c.lower() in (move.lower(), coded.lower())), None)
        if listed is not None:
            return tag(seat, listed), verify(seat, listed)
        reason = verify(seat, coded)
        if reason is None and self.lists_every_move:
            # Legal in some spelling no candidate matches: recorded as typed, it would be a move no list
            # holds (and no share code could find), so it is refused instead.
            reason = f"{move!r} is not a move you can make now."
        return tag(seat, coded), reason

    def card_codes(self, move: str) -> str:
        """``move`` with every card in it written as its code (``pass:6♥`` → ``pass:6H``)."""
        pieces = MOVE_PIECES.split(move)
        return "".join(C.code(card) if (card := self.pack.find(piece)) is not None else piece for piece in pieces)

    def canonical(self, action: Action) -> Action | None:
        """The recorded form of a legal ``action`` (``None`` if it is not legal now)."""
        form, reason = self._judge(action)
        return form if reason is None else None

    def apply(self, action: Action) -> None:
        """Take ``action`` if it is legal as it lands; otherwise refuse it with the reason, untouched."""
        form, reason = self._judge(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        seat, move = split(form)  # type: ignore[misc]  # _judge checked it
        self.history.append(form)
        self._dispatch("do")(seat, move)

    def seat_of(self, action: Action) -> int | None:
        """Whose action this is (``None`` if it names no seat)."""
        parsed = split(action)
        return None if parsed is None else parsed[0]

    def own(self, seat: int, text: str) -> Action:
        """A move the reader typed or clicked, as ``seat``'s action (already tagged text is kept as it is,
        so a move naming another seat is refused by the caller, not silently re-tagged)."""
        text = text.strip()
        return text if split(text) is not None else tag(seat, text)

    def describe(self, action: Action) -> str:
        parsed = split(action)
        return action if parsed is None else self.describe_move(*parsed)

    def action_parts(self, action: Action) -> list[str]:
        parsed = split(action)
        return [] if parsed is None else self.move_parts(*parsed)

    def action_info(self, action: Action) -> dict[str, Any]:
        parsed = split(action)
        move = parsed[1] if parsed else action
        card = self.pack.find(move)
        return {"action": action, "label": self.describe(action),
                "card": C.code(card) if card is not None and C.code(card) == move else None,
                "parts": self.action_parts(action)}

    def view(self, player: int | None = None, hand_over: bool = False) -> dict[str, Any]:
        view = super().view(player, hand_over)
        actors = [] if self.is_over or hand_over else self.actors()
        view["actors"] = actors
        # One seat to act (the player choosing who explains): it is highlighted; several: none is.
        if len(actors) == 1:
            view["turn_seat"] = actors[0]
        else:
            view.pop("turn_seat", None)
        return view
