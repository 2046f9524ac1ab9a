"""The one source of chance: a small generator whose output we define.

``random.shuffle`` and ``random.randrange`` are not promised to give the same
results on every Python version, and a deal must be the same on CPython 3.11
and in Pyodide's 3.14.  So chance comes from xoshiro256** seeded with
splitmix64 (both fully specified integer recipes), and shuffling is our own
Fisher–Yates with rejection sampling, so every permutation is equally likely.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

T = TypeVar("T")

_M64 = (1 << 64) - 1
_2_64 = 1 << 64
#: For each n, the bound below which a 64-bit draw is used for a number below n (the rest is
#: rejected so that every number is equally likely); looked up for the small n of a shuffle.
_LIMITS = [0] + [_2_64 - _2_64 % n for n in range(1, 128)]
MAX_SEED = (1 << 63) - 1


#: For each length shuffled so far, its Fisher–Yates steps from the top down: ``(i, i + 1, bound)``.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a shuffle of ``length`` items (see :meth:`Rng.shuffle`), made once per length."""
    steps = _STEPS.get(length)
    if steps is None:
        steps = _STEPS[length] = tuple((i, i + 1, _2_64 - _2_64 % (i + 1)) for i in range(length - 1, 0, -1))
    return steps


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def sub_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th thing drawn from ``seed`` (a bot's seat, the next game of a run).

    Both numbers go through splitmix64, so neighbouring seeds and indices give unrelated seeds,
    and the result is always a valid seed: never past :data:`MAX_SEED`, however large the input.
    """
    _, mixed = _splitmix64(seed & _M64)
    _, mixed = _splitmix64(mixed ^ (index & _M64))
    return mixed & MAX_SEED


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class Rng:
    """A seeded generator: same seed, same numbers, everywhere."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        state = []
        x = seed
        for _ in range(4):
            x, value = _splitmix64(x)
            state.append(value)
        self._s = state

    def next64(self) -> int:
        s0, s1, s2, s3 = self._s
        # _rotl written out: this runs for every card shuffled and every random move.
        x = (s1 * 5) & _M64
        result = ((((x << 7) | (x >> 57)) & _M64) * 9) & _M64
        t = (s1 << 17) & _M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & _M64
        self._s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, each equally likely."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Reject the top sliver of 2**64 that would make small numbers likelier.
        limit = _LIMITS[n] if n < len(_LIMITS) else _2_64 - _2_64 % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: ``j = below(i + 1)`` for each ``i`` from the top down.

        :meth:`below` and :meth:`next64` are written out here, the generator's state held in
        locals for the whole shuffle (a deal is shuffled before every hand); the numbers drawn,
        and so the order made, are exactly theirs.  Each step's ``i``, ``i + 1`` and rejection
        bound come from a table made once per length (:func:`_shuffle_steps`), and a draw is
        retried in a loop only when rejected (a chance below one in 2**57 for a pack)."""
        s0, s1, s2, s3 = self._s
        for i, n, limit in _shuffle_steps(len(items)):
            while True:  # a draw, again only if rejected
                x = s1 * 5 & _M64
                value = ((x << 7 | x >> 57) * 9) & _M64
                t = s1 << 17 & _M64
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = (s3 << 45 | s3 >> 19) & _M64
                if value < limit:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self._s = [s0, s1, s2, s3]

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        return items[self.below(len(items))]

    def fork(self) -> "Rng":
        """An independent generator drawn from this one (for bots, sub-deals)."""
        return Rng(self.next64() & MAX_SEED)

    def getstate(self) -> tuple[int, ...]:
        return tuple(self._s)

    def setstate(self, state: tuple[int, ...]) -> None:
        self._s = list(state)
