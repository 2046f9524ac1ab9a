"""Sums on card values, exactly: written sums, their values, and every way to make a target.

Twenty-Four asks for 24 from four card values with + − × ÷ and brackets, each value used once.
Everything here is exact rational arithmetic (:class:`fractions.Fraction`): 8 ÷ (3 − 8 ÷ 3) is
exactly 24, never 23.999….

- :func:`parse` reads what a person writes (``8*5-(7+9)``, ``8 × 5 − (7 + 9)``, ``(3-1)x12``) into
  a tree, or says in words what is wrong with it.
- :func:`write` prints a tree with the fewest brackets its meaning needs, in ordinary notation
  (``8 × 5 − (7 + 9)``) or in the plain text of actions (``8*5-(7+9)``).
- :func:`solutions` finds every *distinct* way to make the target: two sums are the same solution
  when one turns into the other by reordering the terms of a sum or the factors of a product,
  regrouping them, or moving a minus or a division sign through brackets (8 × 5 − (7 + 9) and
  5 × 8 − 9 − 7 are one solution; (4 + 2) × (3 + 1) and (3 + 2 + 1) × 4 are two).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Iterator, Sequence, Union

TARGET = 24
#: A sum: a value (a card's number) or ``(operator, left, right)`` with operator one of + - * /.
Expr = Union[int, tuple[str, "Expr", "Expr"]]

OPERATORS = "+-*/"
PRETTY = {"+": "+", "-": "−", "*": "×", "/": "÷"}
_SPELLINGS = {"×": "*", "x": "*", "X": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "[": "(", "]": ")"}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


class SumError(ValueError):
    """Written text that is not a sum; the message says why in plain words."""


# --- reading and writing ----------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = _SPELLINGS.get(text[i], text[i])
        if ch.isspace():
            i += 1
        elif ch.isascii() and ch.isdigit():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            out.append(text[i:j])
            i = j
        elif ch in "Aa":
            out.append("1")  # an ace counts one
            i += 1
        elif ch in OPERATORS + "()":
            out.append(ch)
            i += 1
        else:
            raise SumError(f"{text[i]!r} is not part of a sum: use numbers, + − × ÷ and brackets.")
    return out


@lru_cache(maxsize=8192)
def parse(text: str) -> Expr:
    """The tree of a written sum; :class:`SumError` saying what is wrong if it is not one.
    (Remembered: a game checks the same few sums again and again.)"""
    if len(text) > 200:
        raise SumError("That is far too long to be a sum of four cards.")
    tokens = _tokens(text)
    if not tokens:
        raise SumError("Write a sum, such as 8 × 5 − (7 + 9).")
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def expression() -> Expr:
        left = term()
        while peek() in ("+", "-"):
            op = take()
            left = (op, left, term())
        return left

    def term() -> Expr:
        left = factor()
        while peek() in ("*", "/"):
            op = take()
            left = (op, left, factor())
        return left

    def factor() -> Expr:
        token = peek()
        if token is None:
            raise SumError("The sum stops too soon: a number or a bracket is missing at the end.")
        if token == "(":
            take()
            inner = expression()
            if peek() != ")":
                raise SumError("A bracket is opened but never closed.")
            take()
            return inner
        if token.isdigit():
            take()
            if peek() == "(" or (peek() or "").isdigit():
                raise SumError(f"A sign is missing after {token}.")
            return int(token)
        if token == ")":
            raise SumError("A bracket is closed that was never opened, or nothing is inside it.")
        raise SumError(f"{PRETTY.get(token, token)} needs a number before it.")

    tree = expression()
    if pos < len(tokens):
        raise SumError("A bracket is closed that was never opened." if tokens[pos] == ")"
                       else f"A sign is missing before {tokens[pos]}.")
    return tree


def write(expr: Expr, pretty: bool = False) -> str:
    """The sum with only the brackets its meaning needs: ``8*5-(7+9)``, or ``8 × 5 − (7 + 9)``."""
    if isinstance(expr, int):
        return str(expr)
    op, left, right = expr
    left_text, right_text = write(left, pretty), write(right, pretty)
    if _needs_brackets(left, op, right_side=False):
        left_text = f"({left_text})"
    if _needs_brackets(right, op, right_side=True):
        right_text = f"({right_text})"
    sign = f" {PRETTY[op]} " if pretty else op
    return f"{left_text}{sign}{right_text}"


def _needs_brackets(child: Expr, op: str, right_side: bool) -> bool:
    if isinstance(child, int):
        return False
    inner = _PRECEDENCE[child[0]]
    outer = _PRECEDENCE[op]
    if inner < outer:
        return True
    # a − (b + c), a ÷ (b × c): the right side of − and ÷ keeps brackets of its own level.
    return right_side and inner == outer and op in "-/"


@lru_cache(maxsize=8192)
def value(expr: Expr) -> Fraction:
    """The exact value; :class:`ZeroDivisionError` when the sum divides by nothing."""
    if isinstance(expr, int):
        return Fraction(expr)
    op, left, right = expr
    a, b = value(left), value(right)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return a / b


def numbers(expr: Expr) -> list[int]:
    """The numbers a sum uses, in the order written."""
    if isinstance(expr, int):
        return [expr]
    return numbers(expr[1]) + numbers(expr[2])


def steps(expr: Expr) -> list[Fraction]:
    """The value of every operation, innermost first (to tell an easy sum from one through fractions)."""
    if isinstance(expr, int):
        return []
    return steps(expr[1]) + steps(expr[2]) + [value(expr)]


# --- which sums are the same solution -------------------------------------------------------

Key = tuple


def canonical(expr: Expr) -> Key:
    """A key equal for two sums that are the same solution (see the module's note)."""
    if isinstance(expr, int):
        return ("n", expr)
    op = expr[0]
    if op in "+-":
        terms = sorted(_terms(expr, 1))
        return ("+", tuple(terms))
    factors = sorted(_factors(expr, 1))
    return ("*", tuple(factors))


def _terms(expr: Expr, sign: int) -> Iterator[tuple[int, Key]]:
    if not isinstance(expr, int) and expr[0] in "+-":
        op, left, right = expr
        yield from _terms(left, sign)
        yield from _terms(right, sign if op == "+" else -sign)
    else:
        yield (sign, canonical(expr))


def _factors(expr: Expr, power: int) -> Iterator[tuple[int, Key]]:
    if not isinstance(expr, int) and expr[0] in "*/":
        op, left, right = expr
        yield from _factors(left, power)
        yield from _factors(right, power if op == "*" else -power)
    else:
        # Multiplying and dividing by a one are the same step.
        yield (1 if expr == 1 else power, canonical(expr))


# --- solving ----------------------------------------------------------------------------------

def _combined(a: tuple[Fraction, Expr], b: tuple[Fraction, Expr]) -> Iterator[tuple[Fraction, Expr]]:
    (x, p), (y, q) = a, b
    yield x + y, ("+", p, q)
    yield x * y, ("*", p, q)
    yield x - y, ("-", p, q)
    yield y - x, ("-", q, p)
    if y:
        yield x / y, ("/", p, q)
    if x:
        yield y / x, ("/", q, p)


def _splits(values: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to share a sorted multiset between two non-empty sides (each way once, smaller side first)."""
    seen = set()
    n = len(values)
    for mask in range(1, (1 << n) - 1):
        left = tuple(v for i, v in enumerate(values) if mask >> i & 1)
        right = tuple(v for i, v in enumerate(values) if not mask >> i & 1)
        if (len(left), left) > (len(right), right):
            left, right = right, left
        if (left, right) not in seen:
            seen.add((left, right))
            yield left, right


@lru_cache(maxsize=8192)
def _reach(values: tuple[int, ...]) -> dict[Fraction, tuple[Expr, ...]]:
    """Every value a sorted multiset of numbers can make, each with its distinct sums."""
    if len(values) == 1:
        return {Fraction(values[0]): (values[0],)}
    found: dict[Fraction, dict[Key, Expr]] = {}
    for left, right in _splits(values):
        for x, xs in _reach(left).items():
            for y, ys in _reach(right).items():
                for p in xs:
                    for q in ys:
                        for z, expr in _combined((x, p), (y, q)):
                            found.setdefault(z, {}).setdefault(canonical(expr), expr)
    return {z: tuple(exprs.values()) for z, exprs in found.items()}


def _sums_making(values: tuple[int, ...], target: Fraction) -> Iterator[Expr]:
    """Every sum of all ``values`` worth ``target``: each way of sharing them between the two sides
    of a last step, each value one side makes, and only the other side's values that complete it."""
    for left, right in _splits(values):
        wanted = _reach(right)
        for x, xs in _reach(left).items():
            # x op y = target: the y each operation needs, looked up rather than tried.
            needs = [target - x, x - target, x + target, target * x]
            if x:
                needs.append(target / x)
            if target:
                needs.append(x / target)
            for y in set(needs):
                for q in wanted.get(y, ()):
                    for p in xs:
                        for z, expr in _combined((x, p), (y, q)):
                            if z == target:
                                yield expr


def ease(expr: Expr) -> tuple[int, int, int, str]:
    """How easy a solution is to find and follow (smaller is easier): through fractions or not,
    how many divisions, how many brackets, then the text."""
    fractions = any(step.denominator != 1 or step < 0 for step in steps(expr))
    text = write(expr)
    return (int(fractions), text.count("/"), text.count("("), text)


@lru_cache(maxsize=4096)
def _solutions(values: tuple[int, ...], target: int) -> tuple[Expr, ...]:
    seen: dict[Key, Expr] = {}
    for expr in _sums_making(values, Fraction(target)):
        key = canonical(expr)
        if key not in seen or ease(expr) < ease(seen[key]):
            seen[key] = expr
    return tuple(sorted(seen.values(), key=ease))


def solutions(values: Sequence[int], target: int = TARGET) -> list[Expr]:
    """Every distinct solution, easiest first (each written the easiest way)."""
    return list(_solutions(tuple(sorted(values)), target))


def solve(values: Sequence[int], target: int = TARGET) -> Expr | None:
    """The easiest solution, or ``None`` if there is none."""
    found = _solutions(tuple(sorted(values)), target)
    return found[0] if found else None


def difficulty(values: Sequence[int], target: int = TARGET) -> int:
    """0 for no solution; 1 easy (a solution in whole numbers without dividing, and several ways);
    2 middling; 3 hard (every solution goes through a fraction or a negative number)."""
    found = _solutions(tuple(sorted(values)), target)
    if not found:
        return 0
    best = ease(found[0])
    if best[0]:
        return 3
    return 1 if best[1] == 0 and len(found) >= 3 else 2


def check(text: str, values: Sequence[int]) -> Expr:
    """The sum ``text`` if it uses exactly ``values`` (each once); :class:`SumError` saying why not."""
    return _check(text, tuple(sorted(values)))


@lru_cache(maxsize=8192)
def _check(text: str, values: tuple[int, ...]) -> Expr:
    expr = parse(text)
    used, wanted = sorted(numbers(expr)), sorted(values)
    have = ", ".join(map(str, wanted[:-1])) + " and " + str(wanted[-1])
    strangers = sorted(n for n in set(used) if n not in wanted)
    extra = sorted(n for n in set(used) if used.count(n) > wanted.count(n))
    missing = sorted(n for n in set(wanted) if wanted.count(n) > used.count(n))
    if strangers:
        raise SumError(f"There is no {strangers[0]} among the cards: use {have}.")
    if extra:
        raise SumError(f"Use each card once: the cards are {have}, and your sum uses {extra[0]} too often.")
    if missing:
        raise SumError(f"Use every card: the cards are {have}, and your sum leaves out {missing[0]}.")
    try:
        value(expr)
    except ZeroDivisionError:
        raise SumError("Your sum divides by nothing (zero), which no sum may do.") from None
    return expr


# --- the share of sets that can be solved ----------------------------------------------------

def solvable_share(low: int = 1, high: int = 10, copies: int = 4) -> dict[str, int]:
    """How many sets of four values from ``low``–``high`` make 24: counted once per distinct set of
    values, and once per set of four cards drawn from a pack holding ``copies`` cards of each value."""
    distinct = solvable = card_sets = solvable_cards = 0
    for values in combinations_with_replacement(range(low, high + 1), 4):
        ways = 1
        for v in set(values):
            ways *= comb(copies, values.count(v))
        distinct += 1
        card_sets += ways
        if solve(values) is not None:
            solvable += 1
            solvable_cards += ways
    return {"sets": distinct, "solvable_sets": solvable, "card_sets": card_sets,
            "solvable_card_sets": solvable_cards}
