"""Cribbage (seed 000 and Pagat): one test per rule clause, the family's Speed Crib, muggins, and the
show's count checked against a brute-force count."""

from itertools import combinations, combinations_with_replacement

from hypothesis import given, settings, strategies as st

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot, play_out
from parlour.determinise import knowledge
from parlour.search import SearchBot
from parlour.rng import Rng
from parlour.cribbage_count import (IMPOSSIBLE_TOTALS, PIPS, Starters, _rank_combinations, average_show, peg_points,
                                   peg_scores, rank_points, rank_total, show_points, show_scores, show_total, spoken)
from parlour.rulebook import cribbage
from parlour.rulebook.cribbage import CribbageState

from helpers import deck_for_hands, play

GAME = "cribbage"
PACK = C.FRENCH_52


def cards(codes):
    return [PACK.card(c) for c in codes.split()]


def said(hand, starter, crib=False):
    return spoken(show_scores(cards(hand), PACK.card(starter), crib))


def position(hands, starter="KD", dealer=1, crib=(), **options) -> CribbageState:
    """The play of a hand from these kept cards (seat by seat); by default North deals, so South leads."""
    state = parlour.load(GAME, **options).new(0)
    state.start_position([h.split() for h in hands], starter, dealer, crib)
    return state


def scores(state, totals):
    """Put the score columns on ``totals`` (a game already under way), pegs and sheet alike."""
    state.sheet.totals = list(totals)
    state.pegs = [[t, 0] for t in totals]
    return state


def dealt(hands, starter, seed=0, extra=(), **options) -> CribbageState:
    """A game whose first deal gives ``hands`` (seat by seat), then ``extra`` (the three-player crib card,
    Speed Crib's cribs), then ``starter`` turned after the discards."""
    game = parlour.load(GAME, **options)
    deck = deck_for_hands(game, seed, [h.split() for h in hands], rest=[*extra, starter])
    return game.new(seed, deck)


def show_now(state):
    """Go straight to the show of a position's hands (the play has its own tests)."""
    state.unplayed = [0] * state.n
    state.last_player = state.dealer
    state.start_show()
    return state


def show_lines(state):
    """The story's lines counting a hand or crib in the show, as "South's hand" and so on."""
    return [t.split(" — ")[0] for t in state.narrative() if " — " in t and "with the starter" in t]


# --- the deal ------------------------------------------------------------------------------

def test_two_players_get_six_cards_and_lay_two_away():
    state = parlour.load(GAME).new(1)
    assert state.n == 2 and [C.count(h) for h in state.hands] == [6, 6]
    assert state.phase == "discard" and state.to_move() == state.next_seat(state.dealer)
    assert all(len(a.split(":")[1].split("+")) == 2 for a in state.legal_actions())
    assert len(state.legal_actions()) == 15
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert len(state.crib) == 4 and [C.count(h) for h in state.hands] == [4, 4]
    assert state.starter is not None and state.phase == "play"


def test_three_players_get_five_cards_lay_one_away_and_the_crib_takes_one_from_the_pack():
    state = dealt(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "AH 2H 3H 4H 5H"], "KS", extra=["QS"], players=3)
    assert [C.count(h) for h in state.hands] == [5, 5, 5]
    assert state.crib == [PACK.card("QS")]
    assert "and one card from the pack to the crib" in state.narrative()[0]
    first = state.to_move()
    assert state.legal_actions()[0].startswith("crib:") and len(state.legal_actions()) == 5
    for seat in state.seats_from(first):
        state.apply(f"crib:{C.code(C.cards_in(state.hands[seat])[0])}")
    assert len(state.crib) == 4 and [C.count(h) for h in state.hands] == [4, 4, 4]
    assert C.code(state.starter) == "KS"


def test_four_players_play_in_partnerships_with_five_cards_and_one_laid_away():
    state = parlour.load(GAME, players=4).new(2)
    assert [C.count(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.sheet.columns == ["South & North", "West & East"]
    assert [p["label"] for p in state.view(None)["centre"][0]["pegs"]] == ["South & North", "West & East"]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert len(state.crib) == 4


def test_the_deal_passes_to_the_left_after_each_hand():
    game = parlour.load(GAME, players=3)
    state = game.new(5)
    first = state.dealer
    bots = [make_bot(game, "rule", s) for s in range(3)]
    while state.hand_no == 1:
        state.apply(bots[state.to_move()].choose(state))
    assert state.dealer == state.next_seat(first) and state.hand_no == 2


def test_laying_away_names_exactly_the_right_cards():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "5D", seed=1)
    seat = state.to_move()
    mine = [C.code(c) for c in C.cards_in(state.hands[seat])]
    assert state.why_illegal(f"crib:{mine[0]}") == "Lay away exactly two cards to the crib, not one."
    assert "not a card" in state.why_illegal("crib:ZZ+5H")
    assert state.why_illegal("go").startswith("Lay two cards away to the crib first")
    other = [C.code(c) for c in C.cards_in(state.hands[1 - seat])]
    assert state.why_illegal(f"crib:{state.cards_code([PACK.card(other[0]), PACK.card(mine[0])])}").startswith(
        "You do not hold")
    backwards = f"crib:{mine[1]}+{mine[0]}"
    assert state.why_illegal(backwards) is None, "the cards may be named in any order"
    assert state.why_illegal(f"crib:{mine[0]}+{mine[1]}") is None
    state.apply(backwards)
    assert state.history[-1] == f"crib:{mine[0]}+{mine[1]}", "the record keeps the pack's order"


def test_typed_discards_may_name_the_cards_in_any_order():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "5D", seed=1)
    assert state.to_move() == 0
    assert state.parse("crib: 9h+2c") == "crib:2C+9H" and state.parse("crib:jd+5h") == "crib:JD+5H"
    assert state.parse("crib:ZZ") == "crib:ZZ", "what is not a card is left for the rules to refuse"


def test_laid_away_cards_stay_secret_until_the_crib_is_shown():
    state = parlour.load(GAME).new(3)
    seat = state.to_move()
    action = state.legal_actions()[0]
    state.apply(action)
    laid = action.split(":")[1].split("+")
    mine, theirs = state.view(seat), state.view(1 - seat)
    assert mine["seats"][seat]["aside"] == laid
    assert "aside" not in theirs["seats"][seat] and theirs["seats"][seat]["hand"] is None
    crib = theirs["centre"][-1]
    assert crib["hidden"] == 2 and "cards" not in crib
    story = " ".join(line["text"] for line in theirs["log"])
    assert not any(C.short(PACK.card(code)) in story for code in laid)
    assert any(C.short(PACK.card(laid[0])) in line["text"] for line in mine["log"])


def test_the_next_deal_recalls_the_last_show_in_its_status_line():
    state = parlour.load(GAME).new(5)
    assert state.status() == f"Hand 1: laying away to {state.names[state.dealer]}'s crib."
    while state.hand_no == 1:
        state.apply(state.legal_actions()[0])
    starter, shown = state.last_hand_end.counted
    counts = "; ".join(f"{item.what} {show_total(item.cards, starter, item.crib)}" for item in shown)
    assert [item.what for item in shown][-1] == f"{state.names[1 - state.dealer]}'s crib"
    assert state.status() == f"Hand 2: laying away to {state.names[state.dealer]}'s crib. Last show: {counts}."


def test_the_non_dealer_cuts_and_the_dealer_turns_the_starter():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "4D", seed=1)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    line = next(t for t in state.narrative() if "cuts the pack" in t)
    cutter, dealer = state.names[1 - state.dealer], state.names[state.dealer]
    assert line == f"{cutter} cuts the pack and {dealer} turns up the starter: 4♦."
    assert state.phase == "play" and state.to_move() == state.next_seat(state.dealer)


def test_his_heels_gives_the_dealer_two():
    state = dealt(["5H 5C 5S 2D 2C 9H", "AS 3D 7C 8D QH KS"], "JD", seed=1)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert "A jack: his heels, two for" in " ".join(state.narrative())
    column = state.column_of(state.dealer)
    assert state.sheet.totals[column] == 2 and state.sheet.totals[1 - column] == 0
    assert state.pegs[column] == [2, 0]


def test_his_heels_can_end_the_game():
    state = dealt(["5H 5C 5S 2D 2C 9H", "AS 3D 7C 8D QH KS"], "JD", seed=1)
    scores(state, [119, 119])
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.is_over and state.outcome.winners == (state.dealer,)
    assert state.sheet.rows[-1][0] == "Hand 1 (stopped)"


# --- the play ------------------------------------------------------------------------------

def test_a_fifteen_in_the_play_pegs_two():
    state = position(["7H 2C", "8S 3D"])
    play(state, "7H", "8S")
    assert state.narrative()[-1] == "North plays 8♠: “fifteen two”."
    assert state.sheet.totals == [0, 2]


def test_thirty_one_pegs_two_and_the_count_starts_again():
    state = position(["KH 10C 2C", "QS AD 3D"])
    play(state, "KH", "QS", "10C", "AD")
    assert state.narrative()[-2] == "North plays A♦: “thirty-one for two”."
    assert state.narrative()[-1] == "The count starts again from nothing; South leads."
    assert state.sheet.totals == [0, 2] and state.count == 0 and state.to_move() == 0


def test_pairs_in_the_play_peg_two_then_six_then_twelve():
    state = position(["4H 4C 9S", "4S 4D 8S"])
    play(state, "4H", "4S")
    assert state.sheet.totals == [0, 2] and "a pair for two" in state.narrative()[-1]
    play(state, "4C")
    assert state.sheet.totals == [6, 2] and "three of a kind for six" in state.narrative()[-1]
    play(state, "4D")
    assert state.sheet.totals == [6, 14] and "four of a kind for twelve" in state.narrative()[-1]


def test_court_cards_pair_only_with_their_own_rank():
    state = position(["KH 2C", "QS 3D"])
    play(state, "KH", "QS")
    assert state.sheet.totals == [0, 0]


def test_a_run_in_the_play_counts_in_any_order_one_a_card():
    state = position(["4H 3C 9S", "2S 5D KS"])
    play(state, "4H", "2S", "3C")              # 4 2 3
    assert state.narrative()[-1] == "South plays 3♣: “nine, a run of three for three”."
    play(state, "5D")
    assert state.narrative()[-1] == "North plays 5♦: “fourteen, a run of four for four”."
    assert state.sheet.totals == [3, 4]
    state = position(["10H 8C 2S", "9S QD KS"])
    play(state, "10H", "9S", "8C")             # 10-9-8 laid high to low is still a run
    assert state.sheet.totals == [3, 0]


def test_a_run_counts_only_among_the_latest_cards():
    state = position(["4H 5C 2S", "9S 6D 8S"])
    play(state, "4H", "9S", "5C", "6D")  # 4 9 5 6: the 9 breaks it, only 5-6 are latest
    assert state.sheet.totals == [0, 0]
    state = position(["6H 7C 2S", "8S 6D 9S"])
    play(state, "6H", "8S", "7C")        # 6 8 7 is a run
    play(state, "6D")                     # 8 7 6, the latest three, are a run again
    assert state.sheet.totals == [3, 3]


def test_the_count_may_never_pass_thirty_one():
    state = position(["KH 9C 2S", "QS 5D 8S"])
    play(state, "KH", "QS")
    play(state, "9C")
    assert state.count == 29
    reason = state.why_illegal("5D")
    assert reason == "The 5 of diamonds would take the count from 29 to 34, past 31: say go."
    assert state.legal_actions() == ["go"]


def test_a_player_who_can_play_must():
    state = position(["KH 9C 2S", "QS 5D AS"])
    play(state, "KH", "QS", "9C")
    assert state.why_illegal("go") == ("You can still play the ace of spades without passing 31, and a player "
                                       "who can play must: say go only when no card fits.")
    assert "AS" in state.legal_actions() and "go" not in state.legal_actions()


def test_the_go_scores_one_for_the_last_player_and_the_count_starts_again():
    state = position(["KH 9C 2S", "QS 5D 8S"])
    play(state, "KH", "QS", "9C")              # 29: North cannot play
    assert state.to_move() == 1 and state.legal_actions() == ["go"]
    play(state, "go")                          # South plays on: the 2 makes 31
    assert state.to_move() == 0
    play(state, "2S")
    assert state.sheet.totals == [2, 0], "31 scores two, and no extra point for the go"
    assert state.count == 0 and state.to_move() == 1


def test_a_go_without_thirty_one_scores_one():
    state = position(["KH 9C 3S", "QS 5D 8S"])
    play(state, "KH", "QS", "9C", "go")        # South holds 3: 32 is too many
    assert state.narrative()[-2:] == ["South pegs one for the go.", "The count starts again from nothing; North leads."]
    assert state.sheet.totals == [1, 0] and state.to_move() == 1


def test_after_a_go_the_other_player_plays_on_alone_as_long_as_a_card_fits():
    state = position(["KH 8C AS", "QS 4D 8S"])
    play(state, "KH", "QS", "8C", "go")        # 28: North cannot play
    assert state.to_move() == 0 and state.legal_actions() == ["AS"], "South must play on"
    play(state, "AS")                          # 29, and South has nothing left
    assert state.sheet.totals == [1, 0] and state.to_move() == 1


def test_the_last_card_scores_one():
    state = position(["KH 3C", "QS 4D"], starter="9H")   # hands that count nothing in the show
    play(state, "KH", "QS", "3C", "4D")        # 27, all cards out
    assert "North pegs one for the last card." in state.narrative()
    assert state.sheet.totals == [0, 1]


def test_the_last_card_making_thirty_one_scores_two_not_three():
    state = position(["KH 4C", "QS 7D"], starter="9H")
    play(state, "KH", "QS", "4C", "7D")
    assert state.sheet.totals == [0, 2]
    assert not any("last card" in line for line in state.narrative())


def test_pairs_and_runs_do_not_carry_over_a_new_count():
    state = position(["KH 9C 3S", "QD 9D 8S"])
    play(state, "KH", "QD", "9C", "go")        # 29: North cannot play, nor can South: South's go
    assert state.sheet.totals == [1, 0] and state.to_move() == 1
    play(state, "9D")                          # the first card of a new count pairs nothing
    assert state.narrative()[-1] == "North plays 9♦: “nine”." and state.sheet.totals == [1, 0]


def test_with_three_players_the_go_passes_round_to_whoever_can_still_play():
    state = position(["KH 9C 2H", "QS 8D 3S", "5D 2C 6S"], dealer=2, players=3)
    play(state, "KH", "QS")                    # South, West: 20
    play(state, "5D")                          # East: 25
    play(state, "2H")                          # South: 27
    assert state.to_move() == 1 and state.legal_actions() == ["3S"]
    play(state, "3S")                          # West: 30, a run? 5 2 3: no
    assert state.to_move() == 2 and state.legal_actions() == ["go"]
    play(state, "go")
    assert state.to_move() == 0 and state.legal_actions() == ["go"]
    play(state, "go")
    assert state.narrative()[-2] == "West pegs one for the go."
    assert state.to_move() == 2, "the player left of the last to play leads the new count"


def test_a_player_with_no_cards_left_is_passed_over():
    state = position(["KH 9C AS", "QS"])
    play(state, "KH", "QS", "9C")              # North has nothing left: South plays on
    assert state.to_move() == 0
    play(state, "AS")
    assert "South pegs one for the last card." in state.narrative()


# --- the show ------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,starter,points", [
    ("5H 5C 5S JD", "5D", 29),                 # the perfect hand
    ("5H 5C 5S JH", "5D", 28),
    ("5H 5C 5S 5D", "JS", 28),                 # a jack turned up is not his nobs
    ("7H 7C 8S 8D", "9H", 24),                 # a double double run and four fifteens
    ("3H 3C 4S 4D", "5H", 20),
    ("4H 5C 5S 6D", "6H", 24),
    ("2H 4C 6S 8D", "QC", 0),
])
def test_famous_hands_count_right(hand, starter, points):
    assert show_points(hand.split(), starter) == points


def test_fifteens_score_two_each():
    assert said("10H 5C 2S 3D", "AC") == "fifteen two, fifteen four, and a run of three is seven"
    assert show_points(["KH", "QC", "JS", "5D"], "9C") == 9  # three tens with the five, and J-Q-K
    assert said("KH 5C QS 2D", "8C") == "fifteen two, fifteen four, fifteen six"


def test_pairs_score_two_six_and_twelve():
    assert said("9H 9C AS 3D", "KC") == "a pair is two"
    assert said("9H 9C 9S 3D", "KC") == "three of a kind is six"
    assert said("9H 9C 9S 9D", "KC") == "four of a kind is twelve"
    assert said("9H 9C KS 3D", "KC") == "two pairs is four"


@pytest.mark.parametrize("hand,starter,phrase,points", [
    ("3H 4C 5S QD", "9C", "a run of three", 3),
    ("3H 4C 5S 6D", "QC", "a run of four", 4),
    ("3H 4C 5S 6D", "7C", "a run of five", 5),
    ("3H 4C 4S 5D", "QC", "a double run of three", 8),
    ("3H 4C 4S 5D", "6C", "a double run of four", 10),
    ("3H 4C 4S 4D", "5C", "a triple run of three", 15),
    ("3H 3C 4S 4D", "5C", "a double double run", 16),
])
def test_runs_score_one_a_card_and_double_triple_and_double_double_runs(hand, starter, phrase, points):
    run = [s for s in show_scores(cards(hand), PACK.card(starter)) if s.kind == "run"]
    assert [(s.phrase, s.points) for s in run] == [(phrase, points)]


def test_an_ace_is_low_so_queen_king_ace_is_no_run():
    assert [s for s in show_scores(cards("QH KC AS 8D"), PACK.card("2C")) if s.kind == "run"] == []
    assert [s.points for s in show_scores(cards("AH 2C 3S 8D"), PACK.card("KC")) if s.kind == "run"] == [3]


def test_a_flush_of_four_scores_four_and_five_with_the_starter():
    assert [s.points for s in show_scores(cards("2H 6H 10H QH"), PACK.card("8C")) if s.kind == "flush"] == [4]
    assert [s.points for s in show_scores(cards("2H 6H 10H QH"), PACK.card("8H")) if s.kind == "flush"] == [5]
    assert [s for s in show_scores(cards("2H 6H 10H QC"), PACK.card("8H")) if s.kind == "flush"] == []


def test_a_crib_scores_a_flush_only_with_all_five():
    assert show_points(["2H", "6H", "10H", "QH"], "8C", crib=True) == 0
    assert show_points(["2H", "6H", "10H", "QH"], "8H", crib=True) == 5
    assert show_points(["2H", "6H", "10H", "QH"], "8C") == 4


def test_his_nobs_is_the_jack_of_the_starters_suit():
    assert said("JH 2C 7S 4D", "KH") == "his nobs is one"
    assert show_points(["JH", "2C", "7S", "4D"], "KC") == 0
    assert show_points(["JH", "2C", "7S", "4D"], "KH", crib=True) == 1
    assert show_points(["QH", "2C", "7S", "4D"], "JH") == 0, "the jack turned up is his heels, not his nobs"


def test_the_count_is_said_the_way_players_say_it():
    assert said("5H 5C KS 2D", "3C") == "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten"
    assert said("5H 5C 5S JD", "5D") == ("fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
                                         "fifteen twelve, fifteen fourteen, fifteen sixteen, four of a kind is "
                                         "twenty-eight, and his nobs is twenty-nine")
    assert said("2H 4C 6S 8D", "QC") == "nineteen", "the players' joke for a hand worth nothing"


def brute_force(hand, starter, crib):
    """The show counted the slow way, from the rules' words, as a check on the engine."""
    every = hand + [starter]
    ranks = [1 if C.rank_of(c) == C.ACE else C.rank_of(c) for c in every]
    value = [min(r, 10) for r in ranks]
    points = 0
    for size in range(2, 6):
        for combo in combinations(range(5), size):
            if sum(value[i] for i in combo) == 15:
                points += 2
    points += 2 * sum(1 for a, b in combinations(range(5), 2) if ranks[a] == ranks[b])
    for size in (5, 4, 3):
        runs = [combo for combo in combinations(range(5), size)
                if sorted(ranks[i] for i in combo) == list(range(min(ranks[i] for i in combo),
                                                                  min(ranks[i] for i in combo) + size))]
        if runs:
            points += size * len(runs)
            break
    if len({C.suit_of(c) for c in hand}) == 1:
        if C.suit_of(starter) == C.suit_of(hand[0]):
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in hand if C.rank_of(c) == C.JACK and C.suit_of(c) == C.suit_of(starter))
    return points


def random_hands(count, seed):
    rng = Rng(seed)
    pack = list(PACK.cards)
    for _ in range(count):
        rng.shuffle(pack)
        yield pack[:4], pack[4]


def test_the_show_count_agrees_with_a_brute_force_count():
    for index, (hand, starter) in enumerate(random_hands(6000, 9)):
        crib = index % 3 == 0
        assert show_total(hand, starter, crib) == brute_force(hand, starter, crib), (hand, starter, crib)
        assert sum(s.points for s in show_scores(hand, starter, crib)) == show_total(hand, starter, crib)


def test_every_hand_with_fives_and_jacks_agrees_with_the_brute_force_count():
    """Every hand of four cards drawn from the fives, jacks and tens, with every starter: the richest
    hands (29, 28, fifteens galore) are all among them."""
    rich = [c for c in PACK.cards if C.rank_of(c) in (5, 10, C.JACK)]
    for hand in combinations(rich, 4):
        for starter in rich:
            if starter not in hand:
                assert show_total(list(hand), starter) == brute_force(list(hand), starter, False)


def test_no_hand_ever_counts_nineteen_twenty_five_twenty_six_or_twenty_seven():
    seen = set()
    for hand, starter in random_hands(40000, 4):
        seen.add(show_total(hand, starter))
        seen.add(show_total(hand, starter, crib=True))
    assert not seen & IMPOSSIBLE_TOTALS
    assert max(seen) <= 29 and {0, 24}.issubset(seen)


def reference_show_total(hand, starter, crib=False):
    """The show's points as the engine counted them before its fast counter: the named count's rank
    part (fifteens, pairs, runs, each with its cards) plus the flush and his nobs read card by card."""
    every = [*hand] + ([starter] if starter is not None else [])
    ranks = tuple(sorted(1 if C.rank_of(c) == C.ACE else C.rank_of(c) for c in every))
    points = sum(score.points for score, _ in _rank_combinations(ranks))
    suits = {C.suit_of(c) for c in hand}
    if len(suits) == 1 and len(hand) >= 4:
        if starter is not None and C.suit_of(starter) in suits:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    if starter is not None:
        points += any(C.rank_of(c) == C.JACK and C.suit_of(c) == C.suit_of(starter) for c in hand)
    return points


def test_the_fast_rank_count_equals_the_named_count_for_every_set_of_up_to_five_ranks():
    for size in range(6):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(ranks.count(r) for r in set(ranks) or [0]) <= 4:
                named = sum(score.points for score, _ in _rank_combinations(ranks))
                assert rank_points(list(reversed(ranks))) == named == rank_total(ranks), ranks


def test_the_fast_show_count_equals_the_old_count_over_random_hands():
    for index, (hand, starter) in enumerate(random_hands(8000, 27)):
        crib = index % 2 == 1
        assert show_total(hand, starter, crib) == reference_show_total(hand, starter, crib), (hand, starter)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PACK.cards), min_size=1, max_size=5, unique=True), st.booleans(),
       st.booleans())
def test_the_fast_show_count_equals_the_old_count_with_or_without_a_starter_and_for_short_hands(cards, crib,
                                                                                                  with_starter):
    """Four cards and a starter, or fewer (a rule test's position may leave a crib empty)."""
    hand, starter = cards[:-1], (cards[-1] if with_starter else None)
    assert show_total(hand, starter, crib) == reference_show_total(hand, starter, crib)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PACK.cards), min_size=5, max_size=5, unique=True))
def test_a_flush_of_every_suit_and_his_nobs_count_as_before(five):
    """Hands drawn to be flushes (one suit) with a jack, where the fast counter's suit and nobs
    arithmetic does all the work."""
    suit = C.suit_of(five[0])
    hand = sorted({C.make_card(suit, C.rank_of(c)) for c in five[:4]} | {C.make_card(suit, C.JACK)})[:4]
    for starter in (five[4], C.make_card(suit, 2) if C.make_card(suit, 2) not in hand else five[4]):
        if starter not in hand:
            for crib in (False, True):
                assert show_total(hand, starter, crib) == reference_show_total(hand, starter, crib)


def test_the_show_goes_non_dealer_then_dealer_then_crib():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "5D", seed=1)
    non_dealer = state.next_seat(state.dealer)
    bots = [make_bot(state.game, "rule", s) for s in range(2)]
    while state.hand_no == 1:
        state.apply(bots[state.to_move()].choose(state))
    dealer = state.names[1 - non_dealer]
    assert show_lines(state) == [f"{state.names[non_dealer]}'s hand", f"{dealer}'s hand", f"{dealer}'s crib"]


def test_with_three_players_the_show_starts_at_the_dealers_left():
    state = parlour.load(GAME, players=3).new(7)
    dealer = state.dealer
    bots = [make_bot(state.game, "rule", s) for s in range(3)]
    while state.hand_no == 1 and not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    order = state.seats_from(state.next_seat(dealer))
    assert show_lines(state) == [f"{state.names[s]}'s hand" for s in order] + [f"{state.names[dealer]}'s crib"]


def test_the_game_ends_the_moment_a_player_pegs_out_in_the_play():
    state = position(["7H 2C", "8S 3D"])
    scores(state, [100, 119])
    play(state, "7H", "8S")
    assert state.is_over and state.outcome.winners == (1,)
    assert "North reaches 121: play stops at once." in state.narrative()
    assert state.to_move() is None and state.legal_actions() == []
    assert state.sheet.rows[-1] == ("Hand 1 (stopped)", [0, 2])


SHOW = dict(hands=["5H 5C KS 2D", "AS 3D 7C 8D"], starter="3C", crib=["2C", "9H", "QH", "KD"])


def test_the_non_dealer_counts_first_and_can_win_before_the_dealer_counts():
    state = scores(position(**SHOW), [119, 119])
    show_now(state)
    assert state.outcome.winners == (0,)
    assert show_lines(state) == ["South's hand"]


def test_the_dealer_can_win_on_the_hand_before_the_crib_is_counted():
    state = scores(position(**SHOW), [0, 119])
    show_now(state)
    assert state.outcome.winners == (1,)
    assert show_lines(state) == ["South's hand", "North's hand"]
    assert state.sheet.rows[-1][0] == "Hand 1 (stopped)"


def test_the_crib_is_counted_last_and_then_the_deal_passes():
    state = position(**SHOW)
    show_now(state)
    assert show_lines(state) == ["South's hand", "North's hand", "North's crib"]
    crib = show_total(cards("2C 9H QH KD"), PACK.card("3C"), crib=True)
    assert state.sheet.rows[0] == ("Hand 1", [show_points(SHOW["hands"][0].split(), "3C"),
                                              show_points(SHOW["hands"][1].split(), "3C") + crib])
    assert state.hand_no == 2 and state.phase == "discard"


def test_a_skunk_and_a_double_skunk_count_extra_and_are_drawn_on_the_board():
    state = position(["7H 2C", "8S 3D"])
    scores(state, [90, 119])
    play(state, "7H", "8S")
    assert state.outcome.text == ("North wins with 121, against South 90. South is skunked (under 91): "
                                  "that counts as two games.")
    assert state.view(None)["centre"][0]["marks"] == [61, 91]
    state = position(["7H 2C", "8S 3D"])
    scores(state, [60, 119])
    play(state, "7H", "8S")
    assert "South is double-skunked (under 61): that counts as four games." in state.outcome.text
    state = position(["7H 2C", "8S 3D"])
    scores(state, [91, 119])
    play(state, "7H", "8S")
    assert "skunk" not in state.outcome.text


def test_the_short_game_to_sixty_one_has_one_skunk_line_at_thirty_one():
    state = position(["7H 2C", "8S 3D"], target=61)
    scores(state, [30, 59])
    play(state, "7H", "8S")
    assert state.outcome.text.endswith("South is skunked (under 31): that counts as two games.")
    assert state.view(None)["centre"][0]["marks"] == [31]
    assert state.view(None)["centre"][0]["length"] == 61


def test_the_rules_summary_names_the_skunk_line_at_thirty_one_for_the_game_to_sixty_one():
    # Issue 24, item 20: the summary named 91 and 61 only.
    line = next(r for r in parlour.registry.spec("cribbage").info.short_rules if "skunked" in r)
    assert "91" in line and "under 31" in line and "game to 61" in line


def test_partners_share_one_peg_and_win_together():
    state = position(["7H 2C", "8S 3D", "AS 4C", "9C 6D"], dealer=3, players=4)
    scores(state, [50, 119])
    play(state, "7H", "8S")                    # West makes fifteen for West & East
    assert state.is_over and state.outcome.winners == (1, 3)
    assert state.outcome.text.startswith("West & East win with 121")


def test_the_board_shows_front_and_back_pegs():
    state = position(["7H 4C 2C", "8S 4D 3D"])
    play(state, "7H", "8S")                    # North 2
    play(state, "4C", "4D")                    # North pairs: 4 more
    board = state.view(None)["centre"][0]
    assert board["kind"] == "track" and board["length"] == 121
    assert board["pegs"][1] == {"column": 1, "label": "North", "front": 4, "back": 2}


# --- the family's Speed Crib ---------------------------------------------------------------

def speed_deal():
    own = ["5S", "5C", "JS", "10H", "2D", "3D", "4D", "9C"]   # dealt one at a time: South, North, …
    return dealt(["AH 2H 3H 4H 6C 7C", "8H 9H 10C QH KC KD"], "5H", seed=1, extra=own, variant="speed")


def test_speed_crib_deals_every_player_a_crib_of_four():
    state = speed_deal()
    assert [len(c) for c in state.own_cribs] == [4, 4]
    assert [C.count(h) for h in state.hands] == [6, 6]
    assert "and a crib of four face down to each player" in state.narrative()[0]
    assert sorted(state.all_cards()) == sorted(PACK.cards)


def test_speed_crib_cribs_stay_face_down_until_counted():
    state = speed_deal()
    view = state.view(0)
    labels = [z["label"] for z in view["centre"]]
    assert [lab for lab in labels if "crib" in lab] == [
        f"{state.names[state.next_seat(state.dealer)]}'s crib", f"{state.names[state.dealer]}'s crib",
        f"{state.names[state.dealer]}'s second crib"]
    assert all("cards" not in z for z in view["centre"] if "crib" in z["label"])


def test_speed_crib_counts_each_hand_then_its_crib_then_the_dealers_second_crib():
    state = speed_deal()
    first = state.next_seat(state.dealer)
    bots = [make_bot(state.game, "rule", s) for s in range(2)]
    while state.hand_no == 1 and not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    a, b = state.names[first], state.names[1 - first]
    assert show_lines(state) == [f"{a}'s hand", f"{a}'s crib", f"{b}'s hand", f"{b}'s crib", f"{b}'s second crib"]


def test_speed_crib_counts_every_crib_by_the_crib_rules():
    state = parlour.load(GAME, variant="speed").new(0)
    state.start_position([["2C", "4C", "9S", "KD"], ["3D", "6D", "8S", "QH"]], "7C", dealer=1,
                         crib=["AS", "5S", "10C", "JC"])
    state.own_cribs = [cards("2H 6H 10H QH"), cards("4S 5D 6C 9D")]  # South's crib: four hearts
    show_now(state)
    line = next(t for t in state.narrative() if t.startswith("South's crib — "))
    assert line == "South's crib — 2♥ 6♥ 10♥ Q♥ with the starter 7♣: “fifteen two”.", "no flush of four in a crib"
    assert show_lines(state) == ["South's hand", "South's crib", "North's hand", "North's crib",
                                 "North's second crib"]


# --- muggins -------------------------------------------------------------------------------

WORTH = show_points(["5H", "5C", "KS", "2D"], "3C")   # South's hand in the show below


def muggins_position():
    state = position(**SHOW, muggins="on")
    play(state, "5H", "AS", "5C", "3D", "KS", "7C")    # North makes 31
    play(state, "2D", "8D")                            # North plays the last card
    return state


def muggins_show(claim):
    state = muggins_position()
    assert state.phase == "claim" and state.to_move() == 0
    before = list(state.sheet.totals)
    play(state, f"claim:{claim}")
    return state, before


def test_with_muggins_each_player_declares_their_own_count():
    state = muggins_position()
    assert state.prompt() == "South: count South's hand with the starter — how many points?"
    assert f"claim:{WORTH}" in state.legal_actions() and "claim:19" not in state.legal_actions()
    assert state.view(1)["seats"][0]["hand"] is not None, "hands lie face up in the show"


def test_muggins_lets_the_next_player_take_the_points_missed():
    state, before = muggins_show(WORTH - 2)
    assert state.sheet.totals[0] == before[0] + WORTH - 2
    assert state.narrative()[-1] == (f"South claims {WORTH - 2} for South's hand — 2♦ 5♣ 5♥ K♠ with the starter "
                                     f"3♣. South pegs {WORTH - 2}."), "the missed points are not given away"
    assert state.phase == "muggins" and state.to_move() == 1
    assert state.legal_actions() == ["muggins", "pass"] and state.describe("muggins") == "Muggins! Take 2"
    play(state, "muggins")
    assert state.sheet.totals[1] == before[1] + 2
    assert state.narrative()[-1] == (f"North calls “muggins!” and counts it: “{said('5H 5C KS 2D', '3C')}”. "
                                     "North pegs the two points South missed.")
    assert state.phase == "claim" and state.to_move() == 1, "then North counts their own hand"


def test_muggins_may_be_let_go():
    state, before = muggins_show(WORTH - 2)
    play(state, "pass")
    assert state.sheet.totals[1] == before[1]
    assert "North lets the two missed points go." in state.narrative()


def test_an_overclaim_scores_only_what_the_hand_holds():
    state, before = muggins_show(WORTH + 2)
    assert state.sheet.totals[0] == before[0] + WORTH
    assert (f"South claims {WORTH + 2} for South's hand — 2♦ 5♣ 5♥ K♠ with the starter 3♣, but it holds only "
            f"{WORTH}: “{said('5H 5C KS 2D', '3C')}”. South pegs {WORTH}." in state.narrative())
    assert state.phase == "claim" and state.to_move() == 1


def test_an_exact_claim_is_counted_aloud_and_play_goes_on():
    state, before = muggins_show(WORTH)
    assert state.sheet.totals[0] == before[0] + WORTH and state.to_move() == 1
    assert state.narrative()[-1] == (f"South claims {WORTH} for South's hand — 2♦ 5♣ 5♥ K♠ with the starter 3♣: "
                                     f"“{said('5H 5C KS 2D', '3C')}”.")


def test_the_crib_owner_declares_the_crib_too():
    state = muggins_position()
    play(state, f"claim:{WORTH}", f"claim:{show_points(['AS', '3D', '7C', '8D'], '3C')}")
    assert state.phase == "claim" and state.to_move() == 1
    assert state.prompt() == "North: count North's crib with the starter — how many points?"
    assert state.view(0)["centre"][-1]["cards"] == ["2C", "9H", "QH", "KD"], "the crib is turned up to be counted"


def test_a_claim_no_hand_can_make_is_refused():
    state = muggins_position()
    assert state.why_illegal("claim:19") == "No four cards and a starter can make exactly 19: count again."
    assert state.why_illegal("claim:30") == "No hand can score more than 29."
    assert state.why_illegal("claim:x") == "Say what your count is worth, written like claim:12."


# --- the views, the bot, bots in bulk ------------------------------------------------------

def test_a_one_card_discard_is_made_by_clicking_the_card():
    from parlour import render
    state = parlour.load(GAME, players=3).new(4)
    seat = state.to_move()
    view = state.view(seat)
    html = render.table(view, state.pack, interactive=True)
    first = state.legal_actions()[0]
    assert f'data-action="{first}" data-legal="true"' in html
    assert "pt-composer" not in html


def test_a_two_card_discard_is_picked_card_by_card():
    from parlour import render
    state = parlour.load(GAME).new(4)
    html = render.table(state.view(state.to_move()), state.pack, interactive=True)
    assert "pt-composer" in html and 'data-part="' in html
    assert state.view(state.to_move())["compose"] == [{"verb": "crib", "label": "Lay away to the crib"}]


def test_the_rule_bot_keeps_the_perfect_hand_and_lays_away_the_rest():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "5D", seed=1)
    bot = make_bot(state.game, "rule", 0)
    if state.to_move() != 0:
        state.apply(bot.choose(state))
    assert bot.choose(state) == "crib:2C+9H"


def test_the_rule_bot_pegs_a_fifteen_and_avoids_leaving_one():
    state = position(["8H 2C 9S", "7S 6D 3S"])
    bot = make_bot(state.game, "rule", 0)
    assert bot.choose(state) == "2C", "a lead of two leaves no fifteen for the next player"
    play(state, "8H")
    assert bot.choose(state) == "7S"


def test_the_rule_bot_beats_random_players():
    game = parlour.load(GAME)
    wins = 0
    for seed in range(10):
        bots = [make_bot(game, "rule", seed), RandomBot(seed)]
        wins += play_out(game.new(300 + seed), bots).outcome.winners == (0,)
    assert wins >= 8


def test_average_show_matches_counting_every_starter():
    for hand, _ in random_hands(200, 2):
        starters = [c for c in PACK.cards if c not in hand]
        expected = sum(show_total(hand, s) for s in starters) / len(starters)
        assert average_show(hand, Starters.of(starters)) == pytest.approx(expected)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PACK.cards), min_size=1, max_size=13, unique=True), st.integers(1, 31))
def test_the_fast_pegging_count_equals_the_named_scores(series, count):
    assert peg_points(series, count) == sum(s.points for s in peg_scores(series, count))


def test_the_fast_pegging_count_equals_the_named_scores_for_runs_and_pairs_among_low_cards():
    """Series of aces to sevens (every suit), where runs broken by pairs and repeats are commonest."""
    rng = Rng(5)
    low = [c for c in PACK.cards if C.rank_of(c) <= 7 or C.rank_of(c) == C.ACE]
    for _ in range(8000):
        rng.shuffle(low)
        series = low[:1 + rng.below(8)]
        count = sum(min(1 if C.rank_of(c) == C.ACE else C.rank_of(c), 10) for c in series)
        assert peg_points(series, count) == sum(s.points for s in peg_scores(series, count)), series


def test_a_card_played_pegs_what_the_named_scores_say():
    """Every card of the play (a count's first six cards are pegged in place, later ones by peg_points)
    pegs exactly the points its story line names, over many random games."""
    game = parlour.load("cribbage")
    for seed in range(40):
        state, rng = game.new(seed), Rng(seed)
        while not state.is_over:
            if state.phase == "play" and state.legal_actions() != [cribbage.GO]:
                before = state.sheet.totals[:]
                action = rng.choice(state.legal_actions())
                series = state.series + (state.pack.card(action),)
                named = sum(s.points for s in peg_scores(series, sum(PIPS[c] for c in series)))
                state.apply(action)
                if state.is_over:
                    break
                if state.phase == "play" and state.series == series:  # the count goes on: no go pegged
                    assert sum(state.sheet.totals) - sum(before) == named, series
            else:
                state.apply(rng.choice(state.legal_actions()))


def test_held_cards_lists_a_mask_as_cards_in_does():
    rng = Rng(3)
    cards = list(PACK.cards)
    for _ in range(3000):
        rng.shuffle(cards)
        mask = C.mask_of(cards[:rng.below(14)])
        assert cribbage.held_cards(mask) == tuple(C.cards_in(mask))


def test_peg_scores_name_each_combination():
    assert [(s.kind, s.points) for s in peg_scores(cards("5H 5C 5S"), 15)] == [("fifteen", 2), ("pair", 6)]


# --- the show walked through, combination by combination (the live table's summary) ------------

from parlour.cribbage_count import NINETEEN, pips, show_walkthrough  # noqa: E402


def walked(hand, starter, crib=False):
    """(words, the cards of that combination, running total) for each step of the count."""
    counted = show_walkthrough("Your hand", cards(hand), PACK.card(starter), crib)
    return [(s.words, " ".join(C.code(c) for c in s.cards), s.total) for s in counted.steps]


def test_the_show_walked_through_names_each_fifteen_with_its_cards_the_29_hand():
    steps = walked("5H 5C 5S JD", "5D")
    fifteens = [(w, c) for w, c, _ in steps if w.startswith("fifteen")]
    assert [w for w, _ in fifteens] == [f"fifteen {n}" for n in
                                        "two four six eight ten twelve fourteen sixteen".split()]
    assert sorted(c for _, c in fifteens) == sorted(
        ["5C JD", "5D JD", "5H JD", "5S JD", "5C 5D 5H", "5C 5D 5S", "5C 5H 5S", "5D 5H 5S"])
    assert steps[-2:] == [("four of a kind is twenty-eight", "5C 5D 5H 5S", 28),
                          ("his nobs is twenty-nine", "JD 5D", 29)]


def test_the_show_walked_through_marks_the_pair_and_the_run_as_said():
    # Worked by hand: 2 3 5 5 K — five and king twice, two-three-king, two-three-five-five, the fives' pair.
    assert walked("5H 5C KS 2D", "3C") == [
        ("fifteen two", "5C KS", 2), ("fifteen four", "5H KS", 4), ("fifteen six", "2D 3C KS", 6),
        ("fifteen eight", "2D 3C 5C 5H", 8), ("a pair is ten", "5C 5H", 10)]
    assert walked("JH QC KS 2D", "9C") == [("a run of three is three", "JH QC KS", 3)]


def test_the_show_walked_through_marks_all_the_cards_of_a_double_run():
    assert walked("3H 4C 4S 5D", "9D") == [("a double run of three is eight", "3H 4C 4S 5D", 8)]
    assert walked("3H 3C 4S 4D", "5H") == [
        ("fifteen two", "3C 3H 4D 5H", 2), ("fifteen four", "3C 3H 4S 5H", 4),
        ("a double double run is twenty", "3C 3H 4D 4S 5H", 20)]


def test_the_show_walked_through_marks_a_flush_and_his_nobs():
    assert walked("2H 4H 6H 8H", "KC") == [("a flush of four is four", "2H 4H 6H 8H", 4)]
    assert walked("2H 4H 6H 8H", "KH")[-1] == ("a flush of five is five", "2H 4H 6H 8H KH", 5)
    assert walked("2H 4H 6H 8H", "KC", crib=True) == []
    assert walked("JH 2C 7S 4D", "KH") == [("his nobs is one", "JH KH", 1)]


def test_a_hand_worth_nothing_is_walked_through_as_a_nineteen():
    counted = show_walkthrough("Your hand", cards("2H 4C 6S 8D"), PACK.card("QC"))
    assert counted.steps == () and counted.total == 0 and counted.nothing == NINETEEN


def test_every_step_of_a_walked_through_count_is_made_of_the_hands_cards_and_adds_up():
    for index, (hand, starter) in enumerate(random_hands(3000, 12)):
        crib = index % 3 == 0
        counted = show_walkthrough("Your hand", hand, starter, crib)
        assert set(counted.cards) == set(hand) | {starter} and len(counted.cards) == 5
        total = 0
        for step in counted.steps:
            assert set(step.cards) <= set(counted.cards)
            total += step.points
            assert step.total == total
            if step.words.startswith("fifteen"):
                assert sum(pips(c) for c in step.cards) == 15 and step.points == 2
        assert total == counted.total == show_total(hand, starter, crib)
        said = spoken(show_scores(hand, starter, crib))
        assert said == ("nineteen" if not counted.steps else
                        ", ".join(s.words for s in counted.steps[:-1]) + (", and " if "and " in said else ", ") * (
                            len(counted.steps) > 1) + counted.steps[-1].words)


def test_the_hands_summary_walks_through_every_hand_and_crib_of_the_show():
    state = dealt(["5H 5C 5S JD 2C 9H", "AS 3D 7C 8D QH KS"], "5D", seed=1)
    bots = [make_bot(state.game, "rule", s) for s in range(2)]
    while state.hand_no == 1:
        state.apply(bots[state.to_move()].choose(state))
    summary = state.hand_summary(0)
    assert [hand.title for hand in summary.count] == show_lines(state)
    starter = PACK.card("5D")
    for hand, item in zip(summary.count, state.last_hand_end.counted[1]):
        assert hand.cards[-1] == starter
        assert hand.total == show_total(item.cards, starter, item.crib)
    said = summary.as_dict()["count"]
    assert said[0]["steps"][0]["cards"] and all(set(s["cards"]) <= set(h["cards"]) for h in said for s in h["steps"])


def test_the_count_helper_names_the_cards_of_every_combination():
    counted = parlour.spec(GAME).counting.run({"hand": "5H 5C KS 2D", "starter": "3C", "crib": False})
    assert counted.lines == ("fifteen two (5♣ K♠)", "fifteen four (5♥ K♠)", "fifteen six (2♦ 3♣ K♠)",
                             "fifteen eight (2♦ 3♣ 5♣ 5♥)", "a pair is ten (5♣ 5♥)")
    assert counted.total == 10
    nothing = parlour.spec(GAME).counting.run({"hand": "2H 4C 6S 8D", "starter": "QC", "crib": False})
    assert nothing.lines == (NINETEEN,) and nothing.total == 0


# --- Strong's imagined deals (parlour.determinise, parlour.search) ----------------------------------

def ruled_until(seed, done, **options):
    """A game played by rule bots from ``seed`` until ``done(state)`` holds."""
    game = parlour.load(GAME, **options)
    state = game.new(seed)
    bots = [game.rule_bot(s) for s in range(game.num_players)]
    while not done(state):
        state.apply(bots[state.to_move()].choose(state))
    return state


def in_the_play(state):
    """Mid-play: every player has pegged a card and the player to move has a choice."""
    return state.phase == "play" and all(state.played) and len(state.legal_actions()) > 1


def imagined(state, player, deals=20):
    known = knowledge(state, player)
    return [known.sample(state, Rng(d)) for d in range(deals)]


def test_an_imagined_deal_keeps_the_cards_a_player_laid_away_in_the_crib_and_moves_the_others():
    state = ruled_until(2, in_the_play)
    me = state.to_move()
    other = 1 - me
    mine, theirs = C.mask_of(state.laid[me]), C.mask_of(state.laid[other])
    worlds = imagined(state, me)
    assert all(C.mask_of(world.crib) & mine == mine for world in worlds)
    assert all(world.laid[me] == state.laid[me] for world in worlds)
    assert any(C.mask_of(world.laid[other]) != theirs for world in worlds)
    assert all(C.mask_of(world.laid[other]) & C.mask_of(world.crib) == C.mask_of(world.laid[other]) for world in worlds)


def test_in_an_imagined_deal_the_cards_not_yet_pegged_are_the_imagined_hands_less_the_cards_pegged():
    state = ruled_until(4, in_the_play)
    me = state.to_move()
    worlds = imagined(state, me)
    for world in worlds:
        assert world.played == state.played
        for seat in range(state.n):
            assert world.unplayed[seat] == world.hands[seat] & ~C.mask_of(world.played[seat])
    assert any(world.unplayed[1 - me] != state.unplayed[1 - me] for world in worlds)


def test_a_player_who_said_go_holds_no_card_that_fits_in_any_imagined_deal():
    # South leads the king, North the queen (20), South the seven (27): North holds 9 8 6 and says go.
    state = play(position(["KS 7S 2C 3C", "QH 9D 8D 6H"], starter="KD"), "KS", "QH", "7S", "go")
    assert state.said_go == {1} and state.to_move() == 0 and len(state.legal_actions()) == 2
    for world in imagined(state, 0, deals=30):
        assert not any(pips(c) <= 31 - 27 for c in C.cards_in(world.unplayed[1]))


def test_speed_cribs_and_the_cribs_waiting_in_the_show_are_dealt_afresh():
    state = ruled_until(3, lambda s: s.phase == "claim" and not s.counting.crib, variant="speed", muggins="on")
    me = state.to_move()
    worlds = imagined(state, me)
    for world in worlds:
        for item in world.show_queue:
            if item.crib:
                expected = world.crib if item.what == world.crib_name() else world.own_cribs[item.owner]
                assert item.cards == tuple(expected)
    assert any(world.own_cribs != state.own_cribs for world in worlds)


def test_strong_tries_the_rule_bots_best_discards_first_and_every_card_of_the_play(monkeypatch):
    state = ruled_until(6, lambda s: True)
    bot = state.game.rule_bot(0)
    legal = state.legal_actions()
    assert bot.candidates(state, legal) == [bot.choose(state)]  # SEARCHED_DISCARDS: Family's discard
    monkeypatch.setattr(cribbage, "SEARCHED_DISCARDS", 6)
    tried = bot.candidates(state, legal)
    assert len(legal) == 15 and len(tried) == 6 and set(tried) <= set(legal)
    assert bot.choose(state) == tried[0]
    playing = ruled_until(6, in_the_play)
    assert bot.candidates(playing, playing.legal_actions()) == playing.legal_actions()


@pytest.mark.parametrize("phase", ["discard", "play"])
def test_strongs_move_does_not_depend_on_the_cards_it_cannot_see(phase):
    """Two real deals that differ only in the cards hidden from the player to move: Strong (same seed)
    makes the same move in both."""
    state = ruled_until(5, in_the_play if phase == "play" else lambda s: True)
    me = state.to_move()
    other = knowledge(state, me).sample(state, Rng(99))
    assert other.hands[1 - me] != state.hands[1 - me]
    assert SearchBot(state.game, 4, iterations=4).choose(state) == SearchBot(state.game, 4, iterations=4).choose(other)


def test_strong_says_why_in_words():
    state = ruled_until(6, in_the_play)
    bot = SearchBot(state.game, 1, iterations=3)
    bot.choose(state)
    moves = len(state.legal_actions())
    assert bot.reason.startswith(f"imagines 3 ways the cards it cannot see could lie, plays each of the {moves} "
                                 "moves it may make out in every one")


def test_strong_counts_the_points_its_own_card_pegs():
    # North leads the queen (10): South's five pegs fifteen two at once. Strong judges each card by the
    # score lead from before it is played to the hand's end, so those two points are the five's own.
    from parlour.search import hand_in_play, score_lead
    state = play(position(["5C 2S 9D 8H", "QH KH 7C 6D"], starter="KD", dealer=0), "QH")
    legal = state.legal_actions()
    bot = SearchBot(state.game, 1, iterations=1)
    expected = []
    for action in legal:
        trial = play(state.clone(), action)
        while not trial.is_over and hand_in_play(trial) == state.hand_no:
            trial.apply(bot.policy[trial.to_move()].choose(trial))
        expected.append(score_lead(trial, 0) - score_lead(state, 0))
    assert play(state.clone(), "5C").sheet.totals[0] == 2  # pegged at once, before any playout
    assert bot.gains(state, legal, 0, None) == expected


# --- Strong's imagined deals agree with what the other player did (cribbage.agreeing_hands) -------------

def test_an_imagined_hand_holds_no_card_that_would_have_pegged_two_more_than_the_card_played():
    # South leads the eight; North answers with the queen (18), passing over any seven (fifteen two)
    # and any eight (a pair): as Family takes such points, no imagined North hand holds one.
    state = play(position(["8H 2S 9D AC", "QH KH 9C 6D"], starter="KD"), "8H", "QH")
    assert state.to_move() == 0
    for world in imagined(state, 0, deals=30):
        assert not any(C.rank_of(c) in (7, 8) for c in C.cards_in(world.unplayed[1]))


def test_a_go_said_in_an_earlier_count_still_shows_no_card_fitted_then():
    # North says go at 27 (nothing of four or under), South makes 31 and North leads the next count:
    # North's cards still unplayed then held nothing of four or under, though the go is no longer on.
    state = play(position(["KS 7S 4C 3C", "QH 9D 8D 6H"], starter="KD"), "KS", "QH", "7S", "go", "4C", "9D")
    assert not state.said_go and state.count == 9
    for world in imagined(state, 0, deals=30):
        assert not any(pips(c) <= 4 for c in C.cards_in(world.unplayed[1]))


def test_the_counts_of_the_play_are_found_again_from_the_order_of_the_cards():
    for seed in range(6):
        game = parlour.load(GAME)
        state = game.new(seed)
        bots = [game.rule_bot(s) for s in range(2)]
        while state.hand_no == 1:
            mover = state.to_move()
            state.apply(bots[mover].choose(state))
            if state.phase != "play" or not state.series or state.series[-1] not in state.played[1 - mover]:
                continue
            # The last card was the other seat's (the seat that moved pegged after it or said go).
            card = state.series[-1]
            seat, had_played, series, count, last = cribbage.play_moments(state, mover)[0][-1]
            assert (seat, last, series, count) == (1 - mover, card, state.series[:-1], state.count - PIPS[card])
            assert had_played == C.mask_of(state.played[seat][:-1])


@pytest.mark.parametrize("seed", [8, 10])
def test_family_would_keep_the_four_it_keeps_and_no_other_four(seed):
    state = ruled_until(seed, lambda s: True)
    seat, bot = state.to_move(), state.game.rule_bot(0)
    choice, legal = bot.choose(state), state.legal_actions()
    worths = bot.weigh_discards(state, legal)
    best = max(worth for worth, _ in worths.values())
    hand = C.cards_in(state.hands[seat])
    kept_by = []
    for action in legal:
        laid = [PACK.card(code) for code in action.split(":")[1].split("+")]
        if cribbage.CribbageBot.would_keep(state, seat, [c for c in hand if c not in laid], laid):
            kept_by.append(action)
    # Family's own choice, and any other worth as much (cards of one rank and pips: a tie is let pass).
    assert choice in kept_by and all(worths[action][0] == best for action in kept_by)


def test_imagined_hands_of_a_player_who_has_laid_away_are_hands_family_keeps(monkeypatch):
    """Imagined hands agree with the other player's discard: they are worth far more over the
    starters than four cards drawn at random from those unseen."""
    state = ruled_until(9, lambda s: s.phase == "play" and not any(s.played))
    me = state.to_move()
    starters = Starters.of(PACK.cards)

    def mean_show(worlds):
        return sum(average_show(C.cards_in(w.hands[1 - me]), starters) for w in worlds) / len(worlds)
    agreeing = mean_show(imagined(state, me, deals=40))
    monkeypatch.setattr(CribbageState, "hand_test", lambda self, player: None)
    assert agreeing > mean_show(imagined(state, me, deals=40)) + 1.0


def test_strong_says_its_imagined_hands_agree_with_what_the_other_player_did():
    state = ruled_until(6, in_the_play)
    bot = SearchBot(state.game, 1, iterations=3)
    bot.choose(state)
    assert bot.reason.startswith("imagines 3 ways the cards it cannot see could lie")
    assert bot.reason.endswith("; it imagined for the other player only hands that a Family player might have kept "
                               "and played as they did")
