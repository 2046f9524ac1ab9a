"""Sums on card values: reading and writing them, exact values, and the solver checked against
brute force on every set of four values from 1 to 10."""

from fractions import Fraction
from itertools import combinations_with_replacement, permutations, product

import pytest

from parlour import sums
from parlour.sums import SumError, canonical, parse, solutions, solve, value, write

# --- brute force: every order of the values, every shape of brackets, every choice of signs --------

def combine(op, a, b):
    """``a op b`` for values held as (numerator, denominator) in plain integers — no Fraction — or
    None for a division by nothing (or anything made from one)."""
    if a is None or b is None:
        return None
    (p, q), (r, s) = a, b
    if op == "+":
        return p * s + r * q, q * s
    if op == "-":
        return p * s - r * q, q * s
    if op == "*":
        return p * r, q * s
    return None if r == 0 else (p * s, q * r)


def brute_force(values):
    """The distinct solutions found by trying every written sum of the four values: every order,
    every one of the five ways to bracket four numbers, every choice of three signs."""
    found = set()
    for a, b, c, d in set(permutations(values)):
        va, vb, vc, vd = ((v, 1) for v in (a, b, c, d))
        for x, y, z in product("+-*/", repeat=3):
            ab, bc, cd = combine(x, va, vb), combine(y, vb, vc), combine(z, vc, vd)
            shapes = (
                (combine(z, combine(y, ab, vc), vd), lambda: (z, (y, (x, a, b), c), d)),
                (combine(z, combine(x, va, bc), vd), lambda: (z, (x, a, (y, b, c)), d)),
                (combine(y, ab, cd), lambda: (y, (x, a, b), (z, c, d))),
                (combine(x, va, combine(z, bc, vd)), lambda: (x, a, (z, (y, b, c), d))),
                (combine(x, va, combine(y, vb, cd)), lambda: (x, a, (y, b, (z, c, d)))),
            )
            for worth, tree in shapes:
                if worth is not None and worth[0] == 24 * worth[1]:
                    found.add(canonical(tree()))
    return found


ALL_SETS = list(combinations_with_replacement(range(1, 11), 4))


def test_the_solver_agrees_with_brute_force_on_every_set_of_four_values():
    assert len(ALL_SETS) == 715
    solvable = 0
    for values in ALL_SETS:
        expected = brute_force(values)
        found = solutions(values)
        assert {canonical(expr) for expr in found} == expected, values
        assert len(found) == len(expected), f"{values}: a solution listed twice"
        for expr in found:
            assert sorted(sums.numbers(expr)) == list(values) and value(expr) == 24
        assert (solve(values) is None) == (not expected)
        solvable += bool(expected)
    share = sums.solvable_share()
    assert share["sets"] == 715 and share["solvable_sets"] == solvable


def test_the_share_over_the_pack_counts_each_set_of_cards():
    share = sums.solvable_share()
    assert share["card_sets"] == 91390  # 40 cards, four at a time
    # A set of four different values can be drawn 4⁴ ways, four equal values one way.
    solvable_weighted = 0
    for values in ALL_SETS:
        ways = 1
        for v in set(values):
            ways *= {1: 4, 2: 6, 3: 4, 4: 1}[values.count(v)]
        solvable_weighted += ways if solve(values) is not None else 0
    assert share["solvable_card_sets"] == solvable_weighted
    assert share["solvable_card_sets"] / share["card_sets"] > share["solvable_sets"] / share["sets"]


def test_sums_are_exact_fractions_not_nearly():
    assert value(parse("8/(3-8/3)")) == Fraction(24)
    assert [write(e, pretty=True) for e in solutions([3, 3, 8, 8])] == ["8 ÷ (3 − 8 ÷ 3)"]
    assert [write(e, pretty=True) for e in solutions([1, 5, 5, 5])] == ["5 × (5 − 1 ÷ 5)"]


def test_the_same_solution_written_another_way_counts_once():
    same = ["8*5-(7+9)", "5*8-7-9", "(5*8)-9-7", "8*5-9-7", "5*8-(9+7)"]
    assert len({canonical(parse(text)) for text in same}) == 1
    assert canonical(parse("(4+2)*(3+1)")) != canonical(parse("(3+2+1)*4"))
    assert canonical(parse("1*2*3*4")) == canonical(parse("2*3*4/1"))
    assert canonical(parse("10-(4-3)")) == canonical(parse("10-4+3"))


def test_the_puzzle_of_the_rules_article_has_two_solutions():
    assert [write(e, pretty=True) for e in solutions([5, 7, 8, 9])] == ["5 × 8 − 7 − 9", "8 × (5 + 7 − 9)"]
    assert solve([1, 1, 1, 1]) is None


@pytest.mark.parametrize("text,written", [
    ("8 × 5 − (7 + 9)", "8*5-(7+9)"), ("(8*5)-(7+9)", "8*5-(7+9)"), ("((8))", "8"),
    ("8-(5-3)", "8-(5-3)"), ("(8-5)-3", "8-5-3"), ("8/(4/2)", "8/(4/2)"), ("(8/4)/2", "8/4/2"),
    ("2*(3+4)", "2*(3+4)"), ("A + 3 x 7", "1+3*7"), ("[3+1]×6", "(3+1)*6"), ("3 ÷ 1 · 8", "3/1*8"),
])
def test_a_written_sum_reads_back_with_only_the_brackets_it_needs(text, written):
    assert write(parse(text)) == written
    assert value(parse(written)) == value(parse(text))


@pytest.mark.parametrize("text,reason", [
    ("", "Write a sum"), ("8+", "stops too soon"), ("(8+5", "never closed"), ("8+5)", "never opened"),
    ("8 5", "sign is missing"), ("8(5)", "sign is missing"), ("*8", "needs a number"), ("8+?", "not part of a sum"),
    ("()", "nothing is inside"), ("-8+32", "needs a number"), ("9" * 300, "far too long"),
])
def test_what_is_not_a_sum_gets_a_reason(text, reason):
    with pytest.raises(SumError, match=reason):
        parse(text)


@pytest.mark.parametrize("text,reason", [
    ("5*8-7", "leaves out 9"), ("5*8-7-9-9", "uses 9 too often"), ("5*8-7-8", "uses 8 too often"),
    ("5*8/(9-9)", "uses 9 too often"), ("(5-5)", "uses 5 too often"), ("6+7+8+9", "no 6 among the cards"),
])
def test_a_sum_must_use_each_card_once(text, reason):
    with pytest.raises(SumError, match=reason):
        sums.check(text, [5, 7, 8, 9])


def test_dividing_by_nothing_is_refused():
    with pytest.raises(SumError, match="divides by nothing"):
        sums.check("8/(5-5)*3", [8, 5, 5, 3])


def test_easier_sets_are_rated_easier():
    assert sums.difficulty([1, 2, 3, 4]) == 1
    assert sums.difficulty([3, 3, 8, 8]) == 3
    assert sums.difficulty([1, 1, 1, 1]) == 0
