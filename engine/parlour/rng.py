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
MAX_SEED = (1 << 63) - 1


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
        s = self._s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, each equally likely."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Reject the top sliver of 2**64 that would make small numbers likelier.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        return items[self.below(len(items))]

    def fork(self) -> "Rng":
        """An independent generator drawn from this one (for bots, sub-deals)."""
        return Rng(self.next64() & MAX_SEED)

    def getstate(self) -> tuple[int, ...]:
        return tuple(self._s)

    def setstate(self, state: tuple[int, ...]) -> None:
        self._s = list(state)
