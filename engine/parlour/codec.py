"""Saving and sharing games: JSON records and short URL-safe codes.

A record is ``{"game", "options", "seed", "actions"}`` (plus ``"deck"`` for a
stacked book example).  A code packs the same record: each action is stored
as its index among the legal actions at that moment (a move the engine
cannot list — a sum typed in Twenty-Four — as one past the last index,
followed by its text), the bytes are
compressed, a CRC-32 is appended, and the lot is base64url text.  Anything
that does not decode, check and replay is refused with a :class:`CodeError`
that says what is wrong — never a half-restored game.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from . import cards as C
from .core import Game, IllegalAction, OptionError, State
from .limits import MAX_NAME_CHARS, JsonRefused, checked_options, is_name, load_json, short_text
from .registry import UnknownGame, load
from .rng import MAX_SEED

CODE_VERSION = 1
RECORD_KEYS = {"game", "options", "seed", "actions", "deck"}
#: The longest code accepted: a code takes well under a character a move (a Sergeant Major game
#: of 8,124 moves is 5,106), so this holds the longest game any move cap allows.
MAX_CODE_CHARS = 300_000
#: The most bytes a code may unpack to: it holds about one byte a move, and no game's move cap
#: comes near this.  Checked while unpacking, so a small code cannot unpack into megabytes.
MAX_CODE_BYTES = 1_000_000
#: The most cards a stacked deck may list (the largest pack has 54).
MAX_DECK = 256
#: The longest options text a code may hold (a few short name: value pairs).
MAX_OPTIONS_TEXT = 2_000


class CodeError(ValueError):
    """A saved game or a game code that cannot be restored; the message says why."""


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def varint(self) -> int:
        value = shift = 0
        while True:
            if self.pos >= len(self.data) or shift > 70:
                raise CodeError("This game code is incomplete.")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def text(self, limit: int) -> str:
        size = self.varint()
        if size > limit:
            raise CodeError("This game code is damaged.")
        chunk = self.data[self.pos:self.pos + size]
        if len(chunk) != size:
            raise CodeError("This game code is incomplete.")
        self.pos += size
        try:
            return chunk.decode("utf-8")
        except UnicodeDecodeError:
            raise CodeError("This game code is damaged.") from None


def restore(record: Any) -> State:
    """Rebuild a game from a record, checking every part of it before replaying a move."""
    if not isinstance(record, dict):
        raise CodeError("A saved game must be a JSON object with game, options, seed and actions.")
    unknown = [key for key in record if key not in RECORD_KEYS]
    if unknown:
        raise CodeError(f"A saved game has unknown fields: {', '.join(short_text(k) for k in unknown[:5])}.")
    for key in ("game", "seed", "actions"):
        if key not in record:
            raise CodeError(f"A saved game needs a {key!r} field.")
    game_id, seed, actions = record["game"], record["seed"], record["actions"]
    if not is_name(game_id):
        raise CodeError("The saved game's 'game' must be a game id such as 'hearts'.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise CodeError(f"The saved game's seed must be a whole number from 0 to {MAX_SEED}.")
    if not isinstance(actions, list):
        raise CodeError("The saved game's actions must be a list of texts (short ones: moves).")
    deck = record.get("deck")
    if deck is not None and (not isinstance(deck, list) or len(deck) > MAX_DECK
                             or not all(is_name(c) for c in deck)):
        raise CodeError("The saved game's deck must be a list of card codes.")
    try:
        game = load(game_id, **checked_options(record.get("options", {})))
    except (UnknownGame, OptionError) as error:
        raise CodeError(f"This saved game cannot be set up: {error}") from None
    _check_length(len(actions), game, "saved game")
    if not all(is_name(a) for a in actions):
        raise CodeError("The saved game's actions must be a list of texts (short ones: moves).")
    try:
        state = game.new(seed, deck)
    except (KeyError, ValueError) as error:
        raise CodeError(f"This saved game cannot be set up: {error.args[0] if error.args else error}") from None
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise CodeError(f"Move {index + 1} of the saved game ({action!r}) is not legal: {error.reason}") from None
    return state


def _check_length(moves: int, game: Game, what: str) -> None:
    """Refuse, before replaying anything, more moves than any game of this kind can hold."""
    if moves > game.move_cap:
        raise CodeError(f"This {what} holds {moves} moves, but a game of {game.info.name} "
                        f"never needs more than {game.move_cap}: it cannot be a real game.")


def to_json(state: State) -> str:
    return json.dumps(state.record(), ensure_ascii=False, separators=(",", ":"))


def from_json(text: str) -> State:
    try:
        record = load_json(text)
    except JsonRefused as error:
        raise CodeError(f"This saved game cannot be read: {error}.") from None
    return restore(record)


def encode(state: State) -> str:
    """A short URL-safe code for the game so far."""
    record = state.record()
    game = load(record["game"], **record["options"])
    out = bytearray(_varint(CODE_VERSION))
    for text in (record["game"], json.dumps(record["options"], sort_keys=True, separators=(",", ":"))):
        raw = text.encode("utf-8")
        out += _varint(len(raw)) + raw
    out += _varint(record["seed"])
    deck = record.get("deck")
    replay = game.new(record["seed"], deck)
    if deck is None:
        out += _varint(0)
    else:
        order = {c: i for i, c in enumerate(replay.pack.cards)}
        out += _varint(len(deck)) + b"".join(_varint(order[replay.pack.card(c)]) for c in deck)
    out += _varint(len(record["actions"]))
    for action in record["actions"]:
        legal = replay.legal_actions()
        try:
            out += _varint(legal.index(action))
        except ValueError:
            # A legal move no list can hold (a typed sum): written out after an index one past the end.
            raw = action.encode("utf-8")
            out += _varint(len(legal)) + _varint(len(raw)) + raw
        replay.apply(action)
    body = zlib.compress(bytes(out), 9)
    check = binascii.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(body + check).decode("ascii").rstrip("=")


def decode(code: str) -> State:
    """The game a code describes; :class:`CodeError` if the code is damaged, cut short or not ours."""
    if not isinstance(code, str) or not code.strip():
        raise CodeError("The game code is empty.")
    code = code.strip()
    if len(code) > MAX_CODE_CHARS:
        raise CodeError("This game code is far too long to be one of ours.")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("This is not a game code: it holds characters a code never has.") from None
    if len(raw) < 5:
        raise CodeError("This game code is incomplete.")
    body, check = raw[:-4], raw[-4:]
    if binascii.crc32(body).to_bytes(4, "big") != check:
        raise CodeError("This game code is damaged or incomplete (its check digits do not match).")
    unpacker = zlib.decompressobj()
    try:
        data = unpacker.decompress(body, MAX_CODE_BYTES)
    except zlib.error:
        raise CodeError("This game code is damaged.") from None
    if unpacker.unconsumed_tail:
        raise CodeError("This game code holds far more than any game: it cannot be a real one.")
    reader = _Reader(data)
    version = reader.varint()
    if version != CODE_VERSION:
        raise CodeError(f"This game code was made by a different version of the site (v{short_text(version)}).")
    game_id = reader.text(MAX_NAME_CHARS)
    try:
        options = checked_options(load_json(reader.text(MAX_OPTIONS_TEXT), max_depth=1))
        game = load(game_id, **options)
    except JsonRefused:
        raise CodeError("This game code is damaged (its options cannot be read).") from None
    except (UnknownGame, OptionError) as error:
        raise CodeError(f"This game code cannot be set up: {error}") from None
    seed = reader.varint()
    deck_size = reader.varint()
    cards = game.spec.state.pack_for(game.options).cards
    if deck_size > len(cards):
        raise CodeError("This game code is damaged.")
    deck_indices = [reader.varint() for _ in range(deck_size)]
    deck = None
    if deck_size:
        if any(i >= len(cards) for i in deck_indices):
            raise CodeError("This game code is damaged.")
        deck = [C.code(cards[i]) for i in deck_indices]
    try:
        state = game.new(seed, deck)
    except ValueError as error:
        raise CodeError(f"This game code cannot be set up: {error}") from None
    moves = reader.varint()
    _check_length(moves, game, "game code")
    for number in range(moves):
        index = reader.varint()
        legal = state.legal_actions()
        if index < len(legal):
            state.apply(legal[index])
            continue
        if index > len(legal):
            raise CodeError(f"This game code is damaged (move {number + 1} does not exist).")
        action = reader.text(MAX_NAME_CHARS)  # a record's moves are no longer either
        reason = state.why_illegal(action)
        if reason is not None:
            raise CodeError(f"This game code is damaged (move {number + 1}, {action!r}, is not legal: {reason})")
        state.apply(action)
    if reader.pos != len(data):
        raise CodeError("This game code is damaged (it has bytes left over).")
    return state
