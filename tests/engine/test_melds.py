"""The meld engine (parlour.melds): sets and runs with wild cards, as pure functions.

Every example of a legal or an illegal meld in the Burraco and Carioca articles (seeds 003 and
004) is a test here, under each game's MeldRules; the finder of starting melds is checked
against trying every subset of a hand.
"""

from itertools import combinations

import pytest

from parlour import cards as C
from parlour import melds as M
from parlour.melds import RUN, SET, MeldRules
from parlour.rng import Rng

#: The article's Burraco: 2s and jokers wild, one a meld, a 2 natural in its own place in a run, no
#: set of 2s, a wild filling no gap at the low end, a run read afresh as it grows, one set per rank.
BURRACO = MeldRules(wild_ranks=frozenset({2}), natural_wilds_in_runs=True, max_wilds=1, max_wilds_laid=1,
                    free_wild="low", rearrange=True, one_set_per_rank=True)
#: The article's Carioca: jokers wild, one a meld when laid and any number later, trios of three,
#: escaleras of four, a joker's end the player's choice, laid cards keeping their places.
CARIOCA = MeldRules(min_set=3, min_run=4, max_wilds=None, max_wilds_laid=1, free_wild="either",
                    rearrange=False, wild_noun="joker", set_noun="trio", run_noun="escalera")

PACK = C.french_pack(jokers=4, copies=2)


def cards(text):
    return [PACK.card(code) for code in text.split()]


def read(text, rules=BURRACO, end=None):
    meld = M.read_meld(cards(text), rules, end)
    assert isinstance(meld, M.Meld), meld
    return meld


def laid(meld):
    """A meld as the reasons print it: ``★ 7♠ 8♠``."""
    return M.layout_text(meld.cards)


def add(meld, code, rules=BURRACO, end=None):
    result = M.add_card(meld, PACK.card(code), rules, end)
    assert isinstance(result, M.Meld), result
    return result


def refused(result):
    assert isinstance(result, str), result
    return result


# --- Burraco (seed 003) -------------------------------------------------------------

def test_a_set_is_three_or_more_cards_of_one_rank():
    meld = read("8H 8S 8D")
    assert meld.kind == SET and meld.rank == 8 and meld.clean
    assert read("8H 8S 8D 8H' 8C").kind == SET  # two packs: the same card twice is fine in a set
    assert refused(M.meld_options(cards("8H 8S"), BURRACO)) == "A set needs at least three cards."
    assert "one rank" in refused(M.meld_options(cards("8H 8S 9S 9D"), BURRACO))


def test_a_run_is_three_or_more_cards_of_one_suit_in_sequence():
    meld = read("5C 6C 7C")
    assert meld.kind == RUN and (meld.low, meld.high) == (5, 7)
    assert "one suit" in refused(M.meld_options(cards("5C 6C 7D"), BURRACO))
    assert refused(M.meld_options(cards("5C 7C 9C"), BURRACO)).startswith("There is a gap in the run")


def test_an_ace_is_high_or_low_in_a_run_but_not_both():
    assert laid(read("AH 2H 3H")) == "A♥ 2♥ 3♥"
    assert laid(read("QH KH AH")) == "Q♥ K♥ A♥"
    assert refused(M.meld_options(cards("KH AH 2H 3H"), BURRACO))  # no turning the corner
    assert "not both" in refused(M.meld_options(
        cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'"), BURRACO))


def test_a_side_has_one_set_of_each_rank():
    eights = read("8H 8S 8D")
    assert M.side_reason(read("8C 8H' 8S'"), [eights], BURRACO) == (
        "Your side already has a set of eights: add to it instead.")
    assert M.side_reason(read("9C 9H 9S"), [eights], BURRACO) is None
    # Several runs of one suit are allowed.
    assert M.side_reason(read("2H 3H 4H"), [read("9H 10H JH")], BURRACO) is None


def test_there_is_no_set_of_jokers_or_twos():
    assert refused(M.meld_options(cards("2H 2S 2D"), BURRACO)) == "There is no set of twos: they are wild cards."
    assert "jokers alone" in refused(M.meld_options(cards("BJ LJ BJ'"), BURRACO))


def test_a_meld_holds_one_wild_card_a_joker_or_a_two_not_one_of_each():
    assert read("7H 7S BJ").wilds == (PACK.card("BJ"),)
    assert read("7H 7S 2C").wilds == (PACK.card("2C"),)
    assert refused(M.meld_options(cards("7H 7S BJ 2C"), BURRACO)) == "A meld may hold only one wild card."
    assert refused(M.meld_options(cards("5S 6S BJ LJ"), BURRACO)) == "A meld may hold only one wild card."
    assert refused(M.add_options(read("7H 7S BJ"), PACK.card("2C"), BURRACO)) == "A meld may hold only one wild card."


def test_a_second_wild_is_refused_for_one_wild_per_meld_even_where_a_two_might_be_natural():
    # The 2♠ could be natural only at the 2♠'s place, which leaves a gap: as a wild it is the second.
    assert refused(M.add_options(read("BJ 7S 8S"), PACK.card("2S"), BURRACO)) == "A meld may hold only one wild card."
    assert refused(M.add_options(read("2S 3S 4S BJ"), PACK.card("2S'"), BURRACO)) == (
        "A meld may hold only one wild card.")
    assert refused(M.meld_options(cards("2S 7S BJ"), BURRACO)) == "A meld may hold only one wild card."
    # Where even more wild cards could not make the meld, the gap is the reason.
    assert refused(M.meld_options(cards("2S 3S 9S BJ"), BURRACO)).startswith("There is a gap in the run")
    assert refused(M.meld_options(cards("5H 10H BJ LJ"), CARIOCA)).startswith("There is a gap in the escalera")


def test_a_two_in_its_own_place_in_a_run_is_natural():
    # The article's 2-3-4♥ with a joker holds one wild card: the joker.
    meld = read("2H 3H 4H BJ")
    assert meld.wilds == (PACK.card("BJ"),)
    assert meld.natural_at(meld.cards.index(PACK.card("2H")))
    assert read("2H 3H 4H").clean


def test_a_natural_two_may_turn_wild_to_take_a_missing_place():
    # 2-3-4♥ plus the 6♥: the 2 stands in for the 5♥ (3-4-2-6♥).
    meld = add(read("2H 3H 4H"), "6H")
    assert laid(meld) == "3♥ 4♥ 2♥ 6♥"
    assert meld.wilds == (PACK.card("2H"),)
    assert M.describe(meld) == "run 3–6♥ (2♥ as 5♥)"


def test_a_wild_card_filling_no_gap_sits_at_the_low_end():
    assert laid(read("7S BJ 9S")) == "7♠ ★ 9♠"             # the joker fills a gap: valid as written
    assert M.layout_reason(cards("7S BJ 9S"), BURRACO) is None
    assert laid(read("7S 8S BJ")) == "★ 7♠ 8♠"             # laid down, the joker goes low
    assert M.layout_reason(cards("7S 8S BJ"), BURRACO) == (
        "The joker fills no gap, so it must sit at the low end of the run: ★ 7♠ 8♠.")
    assert M.layout_reason(cards("BJ 7S 8S"), BURRACO) is None


def test_a_wild_at_the_low_end_goes_high_only_when_the_ace_bars_the_low_end():
    assert laid(read("AH 2H 3H BJ")) == "A♥ 2♥ 3♥ ★"
    assert laid(read("QH KH AH BJ")) == "★ Q♥ K♥ A♥"


def test_the_wild_moves_to_the_high_end_to_extend_the_run():
    # ★-7-8♠ on the table and the 10♠ in hand: 7-8♠-★-10♠.
    meld = add(read("BJ 7S 8S"), "10S")
    assert laid(meld) == "7♠ 8♠ ★ 10♠"
    assert M.describe(meld) == "run 7–10♠ (★ as 9♠)"


def test_a_natural_card_replaces_the_wild_which_moves_to_the_low_end():
    # 7-8♠-★-10♠ and the 9♠: ★-7-8-9-10♠.
    meld = add(add(read("BJ 7S 8S"), "10S"), "9S")
    assert laid(meld) == "★ 7♠ 8♠ 9♠ 10♠"
    assert M.describe(meld) == "run 6–10♠ (★ as 6♠)"


def test_a_wild_card_cannot_replace_another_wild_card():
    # A 2 standing for the 5♥ cannot be made natural by putting a joker in its place.
    meld = add(read("2H 3H 4H"), "6H")
    assert refused(M.add_options(meld, PACK.card("BJ"), BURRACO)) == (
        "A wild card cannot take another wild card's place.")
    # The natural 5♥ may take the 2's place: the 2 goes back to the low end, natural there again.
    assert laid(add(meld, "5H")) == "2♥ 3♥ 4♥ 5♥ 6♥"


def test_a_card_that_does_not_fit_gets_a_reason():
    run = read("5C 6C 7C")
    assert refused(M.add_options(run, PACK.card("9C"), BURRACO)) == (
        "The 9♣ does not fit: the run runs from 5♣ to 7♣, and a card must go next to one of its ends "
        "or in a wild card's place.")
    assert refused(M.add_options(run, PACK.card("8D"), BURRACO)) == (
        "The 8♦ is not a club: this run is in clubs.")
    assert refused(M.add_options(run, PACK.card("6C'"), BURRACO)) == "The 6♣ is already in this run."
    assert refused(M.add_options(read("7H 7S 7D"), PACK.card("8H"), BURRACO)) == (
        "The 8♥ is not a seven: this set is of sevens.")


def test_a_burraco_is_seven_cards_clean_without_a_wild_dirty_with_one():
    clean = read("5H 6H 7H")
    for code in ("8H", "9H", "10H", "JH"):
        clean = add(clean, code)
    assert len(clean) == 7 and clean.clean
    dirty = add(read("5H 6H 7H"), "BJ")
    for code in ("8H", "9H", "10H"):
        dirty = add(dirty, code)
    assert len(dirty) == 7 and not dirty.clean


# --- Carioca (seed 004) -----------------------------------------------------------------

def test_a_trio_is_three_cards_of_a_rank_and_an_escalera_four_in_suit_sequence():
    assert read("9S 9H 9H'", CARIOCA).kind == SET
    assert read("4D 5D 6D 7D", CARIOCA).kind == RUN
    assert refused(M.meld_options(cards("4D 5D 6D"), CARIOCA)) == "An escalera needs at least four cards."
    assert refused(M.meld_options(cards("9S 9H"), CARIOCA)) == "A trio needs at least three cards."


def test_escalera_aces_high_or_low_but_not_both():
    assert laid(read("JC QC KC AC", CARIOCA)) == "J♣ Q♣ K♣ A♣"
    assert laid(read("AH 2H 3H 4H", CARIOCA)) == "A♥ 2♥ 3♥ 4♥"
    assert refused(M.meld_options(cards("KS AS 2S 3S"), CARIOCA))


def test_twos_are_not_wild_in_carioca():
    assert read("2S 2H 2D", CARIOCA).clean
    assert refused(M.meld_options(cards("7S 7H 2D"), CARIOCA))


def test_only_one_joker_per_meld_when_it_is_laid_down():
    assert read("9S 9H BJ", CARIOCA).wilds == (PACK.card("BJ"),)
    assert refused(M.meld_options(cards("9S BJ LJ"), CARIOCA)) == (
        "A meld may hold only one joker when it is laid down.")
    assert refused(M.meld_options(cards("5H 6H BJ LJ"), CARIOCA)) == (
        "A meld may hold only one joker when it is laid down.")


def test_after_it_is_laid_a_meld_takes_any_number_of_jokers():
    trio = read("9S 9H BJ", CARIOCA)
    trio = add(trio, "LJ", CARIOCA)
    trio = add(trio, "BJ'", CARIOCA)
    assert len(trio.wilds) == 3
    run = read("5H 6H 7H 8H", CARIOCA)
    run = add(run, "BJ", CARIOCA, "high")
    run = add(run, "LJ", CARIOCA, "high")
    assert laid(run) == "5♥ 6♥ 7♥ 8♥ ★ ★"


def test_a_jokers_end_is_the_players_choice():
    options = M.meld_options(cards("5H 6H 7H BJ"), CARIOCA)
    assert [(end, laid(m)) for end, m in options] == [("low", "★ 5♥ 6♥ 7♥"), ("high", "5♥ 6♥ 7♥ ★")]
    assert M.read_meld(cards("5H 6H 7H BJ"), CARIOCA) == "Say at which end the joker goes: low or high."
    assert laid(read("5H 6H BJ 8H", CARIOCA)) == "5♥ 6♥ ★ 8♥"  # filling a gap: no choice


def test_a_joker_with_room_at_one_end_only_goes_there_unasked():
    top = read("JH QH KH AH", CARIOCA)
    assert [end for end, _ in M.add_options(top, PACK.card("BJ"), CARIOCA)] == ["low"]
    assert laid(add(top, "BJ", CARIOCA)) == "★ J♥ Q♥ K♥ A♥"
    assert laid(add(top, "BJ", CARIOCA, "low")) == "★ J♥ Q♥ K♥ A♥"
    assert refused(M.add_card(top, PACK.card("BJ"), CARIOCA, "high")) == (
        "The joker cannot go at the high end here: there is room only at the low end.")
    # Burraco's wild card has no end to choose at all.
    assert refused(M.add_card(read("7S 8S 9S"), PACK.card("BJ"), BURRACO, "high")) == (
        "There is no choice of end here: the wild card's place is fixed.")


def test_a_trio_grows_with_more_of_its_rank_and_an_escalera_at_either_end():
    assert len(add(read("9S 9H 9H'", CARIOCA), "9C", CARIOCA)) == 4
    run = read("5H 6H 7H 8H", CARIOCA)
    assert laid(add(run, "4H", CARIOCA)) == "4♥ 5♥ 6♥ 7♥ 8♥"
    assert laid(add(run, "9H", CARIOCA)) == "5♥ 6♥ 7♥ 8♥ 9♥"
    assert "does not fit" in refused(M.add_options(run, PACK.card("10H"), CARIOCA))


def test_the_natural_card_replaces_a_joker_which_moves_to_either_end_and_the_run_extends_from_it():
    run = read("5H 6H BJ 8H", CARIOCA)  # the joker stands for the 7♥
    options = M.add_options(run, PACK.card("7H"), CARIOCA)
    assert [(end, laid(m)) for end, m in options] == [("low", "★ 5♥ 6♥ 7♥ 8♥"), ("high", "5♥ 6♥ 7♥ 8♥ ★")]
    high = add(run, "7H", CARIOCA, "high")
    assert M.describe(high, CARIOCA) == "escalera 5–9♥ (★ as 9♥)"
    assert laid(add(high, "10H", CARIOCA)) == "5♥ 6♥ 7♥ 8♥ ★ 10♥"  # extended further, beyond the joker


def test_in_carioca_laid_cards_keep_their_places():
    # Unlike Burraco, a joker at an end does not move across to bridge a gap.
    run = read("5H 6H 7H BJ", CARIOCA, "low")
    assert "does not fit" in refused(M.add_options(run, PACK.card("9H"), CARIOCA))


# --- the rules as parameters -----------------------------------------------------------------

def test_aces_may_be_made_low_only():
    low_only = MeldRules(ace_positions=(M.ACE_LOW,))
    assert read("AH 2H 3H", low_only).low == M.ACE_LOW
    assert refused(M.meld_options(cards("QH KH AH"), low_only))


def test_a_game_may_allow_sets_of_its_wild_rank():
    rules = MeldRules(wild_ranks=frozenset({2}), wild_rank_sets=True)
    assert read("2H 2S 2D", rules).kind == SET


def test_the_options_name_the_wild_and_the_melds():
    assert M.describe(read("9S 9H BJ", CARIOCA), CARIOCA) == "trio of nines (with ★)"


# --- finding the melds a hand can start -------------------------------------------------------

def brute_force(hand, rules):
    found = set()
    for kind, size in ((SET, rules.min_set), (RUN, rules.min_run)):
        for combo in combinations(sorted(hand), size):
            options = M.meld_options(combo, rules)
            if isinstance(options, list) and options[0][1].kind == kind:
                found.add(combo)
    return found


@pytest.mark.parametrize("rules", [BURRACO, CARIOCA], ids=["burraco", "carioca"])
def test_the_starting_melds_are_exactly_the_smallest_melds_of_the_hand(rules):
    rng = Rng(16)
    for size in (11, 13, 15):
        for _ in range(4):
            pack = list(PACK.cards)
            rng.shuffle(pack)
            hand = pack[:size]
            found = {combo for combo, _ in M.starting_melds(hand, rules)}
            assert found == brute_force(hand, rules)


def test_starting_melds_with_a_card_that_must_be_used():
    hand = cards("7S 8S 9S 10S 7H 7D BJ 3C")
    everything = dict(M.starting_melds(hand, BURRACO))
    with_ten = dict(M.starting_melds(hand, BURRACO, must=[PACK.card("10S")]))
    assert with_ten and set(with_ten) == {k for k in everything if PACK.card("10S") in k}
