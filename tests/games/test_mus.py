"""Mus: one test per rule clause of the playing-card maker's article (and Pagat's where it is silent)."""

import re
from pathlib import Path

import pytest

import parlour
from parlour import cards as C
from parlour.bots import explain, make_bot, play_out
from parlour.rulebook.mus import (Outlook, boldness, best_seat, juego_rank, pares_of, round_bonus, round_key, signal_text,
                                  signals_for, total)

from helpers import deck_for_hands, play

PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "mus.md"

SOUTH, WEST, NORTH, EAST = range(4)
#: Seed 0: South deals, so East (the dealer's right) is mano and speaks first; then North, West, South.
ORDER = [EAST, NORTH, WEST, SOUTH]


def at_betting(hands, seed=0, totals=None, **options):
    """A game (South dealing) with these hands (South, West, North, East), East saying no mus at once."""
    state = parlour.load("mus", **options).new(seed)
    assert state.dealer == SOUTH and state.mano == EAST
    state.set_hands(hands)
    if totals is not None:
        state.sheet.totals = list(totals)
    state.apply("nomus")
    return state


def everyone_passes(state):
    for _ in range(4):
        state.apply("pass")


#: South K K 7 4 (with 3 as a king: 12O 3O), West 12C 11C 11E 5O, North 7C 6C 5C 4C, East 1O 2E 4E 6E.
HANDS = [["12O", "3O", "7O", "4O"], ["12C", "11C", "11E", "5O"], ["7C", "6C", "5C", "4C"],
         ["1O", "2C", "4E", "6E"]]


def values(*numbers):
    return sorted(numbers, reverse=True)


# --- players, cards, deal ------------------------------------------------------------

def test_four_players_in_partnerships_with_the_spanish_pack_or_its_substitute():
    assert parlour.registry.spec("mus").info.players == (4,)
    assert parlour.load("mus").new(0).pack is C.SPANISH_40
    french = parlour.load("mus", pack="french").new(0)
    assert len(french.pack) == 40 and french.pack.find("8H") is None


def test_four_cards_each_the_rest_is_the_stock_and_play_goes_to_the_right():
    state = parlour.load("mus").new(0)
    assert [C.count(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 24
    assert state.order == ORDER, "the dealer's right speaks first, then on to the right"
    assert state.to_move() == EAST and state.legal_actions() == ["mus", "nomus"]


# --- mus or no mus ---------------------------------------------------------------------

def test_mus_passes_to_the_right_and_one_no_mus_starts_the_betting():
    state = parlour.load("mus").new(0)
    play(state, "mus", "mus")
    assert state.to_move() == WEST
    state.apply("nomus")
    assert state.phase == "bet" and state.round_id == "grande" and state.to_move() == EAST


def test_when_all_say_mus_each_discards_one_to_four_and_the_dealer_replaces_them():
    state = parlour.load("mus").new(0)
    play(state, "mus", "mus", "mus", "mus")
    assert state.phase == "discard" and state.to_move() == EAST
    east = C.cards_in(state.hands[EAST])
    assert state.why_illegal("discard:") == "Discard one to four cards, written like discard:4O+7C."
    held = {C.code(c) for c in east}
    stranger = next(C.code(c) for c in state.pack.cards if C.code(c) not in held)
    assert state.why_illegal(f"discard:{stranger}") == f"You do not hold the {C.name(state.pack.card(stranger))}."
    state.apply(f"discard:{C.code(east[0])}+{C.code(east[1])}")
    assert C.count(state.hands[EAST]) == 4 and not state.hands[EAST] >> east[0] & 1
    assert len(state.stock) == 22 and state.to_move() == NORTH
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a.count("+") == 3))
    assert state.phase == "mus" and state.to_move() == EAST, "after the draw, mus or no mus again"


def test_discards_are_reshuffled_into_a_new_stock_when_it_runs_out():
    state = parlour.load("mus").new(0)
    for _ in range(2):
        play(state, "mus", "mus", "mus", "mus")
        for _ in range(4):
            if state.phase != "discard":
                break
            state.apply(next(a for a in state.legal_actions() if a.count("+") == 3))
    assert any("shuffles the discards" in line for line in state.narrative())
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
    assert all(C.count(h) == 4 for h in state.hands)


# --- the cards' values -------------------------------------------------------------------

def test_eight_kings_make_3s_kings_and_2s_aces_even_for_pairs():
    state = at_betting([["12O", "3C", "7O", "4O"], ["2C", "1B", "6E", "5O"], ["7C", "6C", "5C", "4C"],
                        ["11O", "10C", "4E", "6E"]])
    assert state.values(SOUTH) == [12, 12, 7, 4] and state.values(WEST) == [6, 5, 1, 1]
    assert pares_of(state.values(SOUTH)) == (1, 12, 7, 4), "a rey and a 3 are a pair of kings"


def test_with_four_kings_3s_and_2s_are_plain_cards():
    state = at_betting([["12O", "3C", "7O", "4O"], ["2C", "1B", "6E", "5O"], ["7C", "6C", "5C", "4C"],
                        ["11O", "10C", "4E", "6E"]], kings="four")
    assert state.values(SOUTH) == [12, 7, 4, 3] and pares_of(state.values(SOUTH)) == ()
    assert total(state.values(WEST)) == 2 + 1 + 6 + 5


# --- the four rounds -----------------------------------------------------------------------

def test_grande_compares_the_highest_card_then_the_next():
    assert round_key("grande", values(12, 12, 7, 4)) > round_key("grande", values(12, 11, 11, 5))
    assert round_key("grande", values(12, 7, 6, 4)) > round_key("grande", values(12, 7, 5, 5))


def test_chica_compares_the_lowest_card_then_the_next():
    assert round_key("chica", values(1, 4, 6, 12)) > round_key("chica", values(1, 5, 5, 7))
    assert round_key("chica", values(1, 1, 12, 12)) > round_key("chica", values(1, 4, 4, 4))


def test_pares_rank_duples_over_medias_over_a_pair():
    duples, medias, pair = values(5, 5, 4, 4), values(12, 12, 12, 7), values(12, 12, 7, 6)
    assert pares_of(duples) > pares_of(medias) > pares_of(pair)
    assert pares_of(values(7, 7, 7, 7)) == (3, 7, 7), "four of a kind counts as duples"


def test_duples_compare_the_higher_pair_then_the_lower():
    assert pares_of(values(12, 12, 4, 4)) > pares_of(values(11, 11, 10, 10))
    assert pares_of(values(12, 12, 5, 5)) > pares_of(values(12, 12, 4, 4))


def test_medias_compare_the_three_then_the_odd_card():
    assert pares_of(values(7, 7, 7, 1)) > pares_of(values(6, 6, 6, 12))
    assert pares_of(values(5, 5, 5, 12)) > pares_of(values(5, 5, 5, 11))


def test_a_pair_compares_the_pair_then_the_higher_odd_card_then_the_lower():
    assert pares_of(values(11, 11, 4, 5)) > pares_of(values(10, 10, 12, 7))
    assert pares_of(values(10, 10, 7, 5)) > pares_of(values(10, 10, 7, 4))


def test_pares_bonus_is_three_for_duples_two_for_medias_one_for_a_pair():
    assert [round_bonus("pares", pares_of(v)) for v in
            (values(5, 5, 4, 4), values(6, 6, 6, 1), values(6, 6, 4, 1))] == [3, 2, 1]


def test_juego_counts_pictures_ten_and_aces_one():
    assert total(values(12, 11, 10, 1)) == 31
    assert total(values(7, 6, 5, 4)) == 22


def test_juego_31_is_best_then_32_then_40_then_37_down_to_33():
    ranks = [juego_rank(t) for t in (31, 32, 40, 37, 36, 35, 34, 33)]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 8
    assert juego_rank(30) == -1


def test_juego_bonus_is_three_for_31_and_two_for_any_other():
    assert round_bonus("juego", (juego_rank(31),)) == 3
    assert round_bonus("juego", (juego_rank(40),)) == round_bonus("juego", (juego_rank(33),)) == 2


def test_punto_is_played_when_nobody_has_juego_and_30_is_best_with_one_bonus():
    assert at_betting(HANDS).rounds == ["grande", "chica", "pares", "juego"]
    no_juego = [["12O", "7O", "6O", "4O"], ["11C", "6C", "5O", "1E"], ["7C", "6E", "5C", "4C"],
                ["11B", "10B", "5E", "4E"]]
    state = at_betting(no_juego)
    assert state.rounds == ["grande", "chica", "punto"]
    assert round_key("punto", values(10, 10, 7, 3)) > round_key("punto", values(10, 10, 7, 1))
    assert round_bonus("punto", (30,)) == 1


def test_ties_go_to_the_player_earlier_in_turn():
    keys = {EAST: (juego_rank(32),), NORTH: (juego_rank(32),), WEST: (juego_rank(32),), SOUTH: (juego_rank(33),)}
    assert best_seat(ORDER, keys) == EAST
    assert best_seat([NORTH, WEST, SOUTH, EAST], keys) == NORTH


# --- declarations ---------------------------------------------------------------------------

def test_pares_are_declared_and_the_round_skipped_when_nobody_has_any():
    hands = [["12O", "11O", "7O", "4O"], ["10C", "6C", "5O", "1E"], ["7C", "6E", "5C", "4C"],
             ["11B", "10B", "5E", "4E"]]
    state = at_betting(hands)
    assert "pares" not in state.rounds
    with_pares = at_betting(HANDS)
    everyone_passes(with_pares)
    everyone_passes(with_pares)
    assert with_pares.round_id == "pares"
    assert "Pares? East yes, North no, West yes, South yes." in with_pares.narrative(), \
        "East's 1 and 2 are a pair of aces"


def test_juego_is_declared_before_it_is_bet():
    hands = [["12O", "11O", "10O", "1O"], ["12C", "11C", "7C", "5O"], ["7E", "6E", "5E", "4C"],
             ["11B", "10B", "5B", "4E"]]
    state = at_betting(hands)
    assert state.rounds == ["grande", "chica", "juego"]
    while state.round_id != "juego":
        everyone_passes(state)
    assert "Juego? East no, North no, West yes, South yes." in state.narrative()


# --- betting ------------------------------------------------------------------------------------

def test_an_opening_bid_is_at_least_two():
    state = at_betting(HANDS)
    assert state.why_illegal("bid:1") == "An opening bid is at least 2."
    legal = state.legal_actions()
    assert legal[:4] == ["pass", "bid:2", "bid:5", "bid:10"] and legal[-1] == "ordago"
    assert sorted(int(a[4:]) for a in legal if a.startswith("bid:")) == list(range(2, 41)), \
        "every bid from 2 to 40 may be named"


def test_the_table_offers_bids_of_2_5_and_10_raises_of_2_5_and_10_more_and_any_other_amount_typed():
    """The page's clause: the usual amounts are buttons, any other goes in a number box (the table
    does not show 39 "Bid N" buttons)."""
    from parlour import render
    state = at_betting(HANDS)
    view = state.view(state.to_move())
    assert view["amounts"] == [{"verb": "bid", "label": "Any amount, 2 to 40:", "submit": "Bid (envido)",
                                "min": 2, "max": 40, "usual": ["bid:2", "bid:5", "bid:10"]}]
    assert next(m for m in view["legal"] if m["action"] == "bid:7")["amount"] == 7
    html = render.table(view, state.pack, interactive=True)
    assert html.count('data-action="bid:') == 3 and 'data-action="ordago"' in html and 'data-action="pass"' in html
    assert 'type="number" name="amount"' in html and 'min="2" max="40"' in html
    state.apply("bid:5")
    raise_to = state.view(state.to_move())["amounts"][0]
    assert raise_to["usual"] == ["bid:7", "bid:10", "bid:15"] and raise_to["submit"] == "Raise to"
    assert raise_to["min"] == 6 and state.why_illegal("bid:5") == "A raise must be at least 6 (the bid of 5 and 1 more)."


def test_everyone_passing_plays_the_round_for_one_to_the_better_cards():
    state = at_betting(HANDS)
    everyone_passes(state)                 # Grande: South's K K 7 4 is best
    assert state.round_id == "chica"
    for _ in range(3):
        everyone_passes(state)
    lines = state.narrative()
    assert any(line.startswith("Grande: South's 12 3 7 4 beats West's 12 11 11 5 on the second card")
               and "South & North score 1" in line for line in lines)


def test_folding_to_an_opening_bid_gives_the_bidders_one_at_once():
    state = at_betting(HANDS)
    play(state, "bid:5", "fold")
    assert state.to_move() == SOUTH, "one fold passes the answer to the partner"
    state.apply("fold")
    assert state.sheet.totals == [0, 1] and state.round_id == "chica"


def test_a_fold_to_a_raise_collects_the_bid_accepted_before():
    state = at_betting(HANDS)
    play(state, "bid:3", "bid:7", "fold", "fold")       # East 3, North raises to 7, West and East fold
    assert state.sheet.totals == [3, 0]


def test_seeing_a_bid_plays_the_round_for_it_at_the_show():
    state = at_betting(HANDS)
    play(state, "bid:4", "see")
    assert state.round_id == "chica" and state.sheet.totals == [0, 0]
    while not state.phase == "show" and not state.is_over and state.hand_no == 1:
        state.apply("pass")
    grande = next(line for line in state.narrative() if line.startswith("Grande:"))
    assert "South & North score 4" in grande


def test_only_the_other_side_answers_and_no_side_raises_its_own_bid():
    state = at_betting(HANDS)
    play(state, "bid:2", "fold")
    assert state.to_move() == SOUTH
    state.apply("see")
    assert state.round_id == "chica"


def test_bids_are_for_the_partnership_the_answerer_is_the_next_opponent():
    state = at_betting(HANDS)
    play(state, "pass", "bid:2")             # East passes, North bids
    assert state.to_move() == WEST and state.betting.waiting == (WEST, EAST)


# --- órdago ---------------------------------------------------------------------------------------

def test_an_accepted_ordago_shows_the_hands_and_that_round_decides_the_game():
    state = at_betting(HANDS)
    play(state, "ordago", "see")              # East goes órdago at Grande; North sees
    assert state.is_over and state.outcome.winners == (0, 2) and state.decided_by_ordago
    assert "Órdago at Grande: South's 12 3 7 4 beats West's 12 11 11 5" in state.outcome.text
    assert any(line.startswith("The hands are shown:") for line in state.narrative())


def test_a_refused_ordago_pays_the_stake_accepted_before():
    state = at_betting(HANDS)
    play(state, "bid:4", "ordago", "fold", "fold")
    assert state.sheet.totals == [4, 0] and not state.is_over


def test_ordago_is_always_an_answer_even_to_a_bid_of_the_whole_game():
    state = at_betting(HANDS)
    play(state, "bid:40")
    assert state.why_illegal("bid:41") == "The stake is already at its highest, 40."
    assert "ordago" in state.legal_actions() and state.why_illegal("ordago") is None
    play(state, "ordago", "see")
    assert state.is_over and state.outcome.winners == (0, 2)


def test_no_bid_may_name_more_than_the_target_of_the_shorter_game():
    state = at_betting(HANDS, target=30)
    assert state.why_illegal("bid:31") == "A bid can be at most 30."
    assert max(int(a[4:]) for a in state.legal_actions() if a.startswith("bid:")) == 30
    play(state, "bid:30")
    assert state.why_illegal("ordago") is None, "órdago answers a bid of the whole shorter game too"


# --- scoring and the end -----------------------------------------------------------------------------

def test_the_bonus_goes_to_the_best_combination_even_when_the_bet_was_folded():
    state = at_betting(HANDS)
    everyone_passes(state)
    everyone_passes(state)
    play(state, "bid:2", "fold", "fold")       # Pares: East bids, North and South fold: 1 to West & East
    assert state.sheet.totals == [0, 1]
    everyone_passes(state)                     # Juego
    pares = next(line for line in state.narrative() if line.startswith("Pares:"))
    assert "South's pair of reyes beats West's pair of caballos" in pares
    assert "South & North score 1 (bonus); the bet was folded, and West & East took 1 then" in pares


#: South duples (reyes and 5s), North a pair of 7s, West a pair of caballos, East a pair of ases; nobody
#: has juego. South's duples win Pares.
PARES_HANDS = [["12O", "3O", "5O", "5C"], ["11C", "11E", "6O", "4O"], ["7C", "7E", "6C", "4C"],
               ["1O", "2C", "4E", "6E"]]
#: South 31, North 35, West and East no juego, nobody pares: South's 31 wins Juego.
JUEGO_HANDS = [["12O", "11O", "10O", "1O"], ["7C", "6C", "5O", "4O"], ["12C", "11C", "10C", "5C"],
               ["7E", "6E", "5E", "4E"]]


def show_line(state, round_name):
    return next(line for line in state.narrative() if line.startswith(f"{round_name}:"))


def test_the_article_pays_the_best_combination_alone_and_a_passed_pares_scores_one():
    state = at_betting(PARES_HANDS)
    assert state.rounds == ["grande", "chica", "pares", "punto"]
    for _ in range(4):
        everyone_passes(state)
    assert "South & North score 4 (1 for the passed round + 3 bonus)" in show_line(state, "Pares")


def test_standard_bonuses_count_every_pares_of_the_winning_side_the_partners_too():
    state = at_betting(PARES_HANDS, bonuses="side")
    for _ in range(4):
        everyone_passes(state)
    assert ("South & North score 5 (1 for the passed round + 4 bonus: 3 for South's duples (reyes and 5s), "
            "1 for North's pair of 7s)") in show_line(state, "Pares")


def test_standard_bonuses_count_every_juego_of_the_winning_side():
    state = at_betting(JUEGO_HANDS, bonuses="side")
    assert state.rounds == ["grande", "chica", "juego"]
    for _ in range(3):
        everyone_passes(state)
    assert "South & North score 6 (1 for the passed round + 5 bonus: 3 for South's 31, 2 for North's 35)" \
        in show_line(state, "Juego")


def test_with_option_passed_none_a_passed_pares_or_juego_scores_only_its_bonuses():
    state = at_betting(PARES_HANDS, passed="none")
    assert state.view(SOUTH)["status"].startswith("Grande: no bid yet (played for 1 if all pass).")
    everyone_passes(state)
    everyone_passes(state)
    assert state.view(SOUTH)["status"].startswith("Pares: no bid yet (only the bonuses if all pass).")
    everyone_passes(state)
    everyone_passes(state)
    assert "South & North score 3 (bonus)" in show_line(state, "Pares")
    assert "score 1" in show_line(state, "Grande"), "Grande and Chica still score 1 when passed"
    assert "score 2 (1 for the passed round + 1 bonus)" in show_line(state, "Punto"), "so does Punto"
    juego = at_betting(JUEGO_HANDS, passed="none", bonuses="side")
    for _ in range(3):
        everyone_passes(juego)
    assert "South & North score 5 (5 bonus: 3 for South's 31, 2 for North's 35)" in show_line(juego, "Juego")


def test_a_seen_pares_pays_its_stake_and_the_bonuses_whatever_option_passed_says():
    state = at_betting(PARES_HANDS, passed="none")
    everyone_passes(state)
    everyone_passes(state)
    play(state, "bid:2", "see")
    everyone_passes(state)
    assert "South & North score 5 (2 bet + 3 bonus)" in show_line(state, "Pares")


def test_the_usual_game_has_eight_kings_and_the_command_line_says_what_the_page_says():
    spec = parlour.registry.spec("mus")
    standard = {o.name: o.standard for o in spec.options}
    assert standard == {"kings": "eight", "bettors": "holders", "target": 40, "signals": "teach",
                        "bonuses": "side", "passed": "none", "pack": "spanish"}
    assert spec.info.standard_rule.startswith("The usual Spanish game, also with eight kings and eight aces")
    assert "In the usual game every **3 counts as a rey**" in PAGE.read_text(encoding="utf-8")
    for option, value in standard.items():
        if value != spec.option(option).default:
            assert f"option {option}: {value}" in spec.info.standard_rule


def test_the_readings_name_the_passed_round_and_the_bonus_options():
    readings = {r.option: r for r in parlour.registry.spec("mus").info.readings if r.option}
    assert readings["passed"].value == "none" and "still score 1" in readings["passed"].question
    assert readings["bonuses"].value == "side"


def test_rounds_are_paid_in_order_and_forty_stops_the_game_at_once():
    state = at_betting(HANDS, totals=[39, 39])
    everyone_passes(state)                     # Grande for 1: South & North will reach 40 first
    for _ in range(3):
        everyone_passes(state)
    assert state.is_over and state.outcome.winners == (0, 2)
    assert state.sheet.totals == [40, 39], "Chica, Pares and Punto are never paid"


def test_a_fold_that_reaches_forty_ends_the_game_at_once():
    state = at_betting(HANDS, totals=[0, 39])
    play(state, "bid:2", "fold", "fold")
    assert state.is_over and state.outcome.winners == (1, 3)


def test_the_shorter_game_to_thirty():
    state = at_betting(HANDS, totals=[29, 0], target=30)
    everyone_passes(state)
    for _ in range(3):
        everyone_passes(state)
    assert state.is_over and state.sheet.totals[0] == 30


def test_without_a_winner_the_deal_passes_to_the_right():
    state = at_betting(HANDS)
    for _ in range(4):
        everyone_passes(state)
    assert state.hand_no == 2 and state.dealer == EAST and state.mano == NORTH


# --- Pagat's bettors (option) -------------------------------------------------------------------------

def test_with_holders_only_only_the_players_with_pares_bet_on_them():
    hands = [["12O", "12C", "7O", "4O"], ["10C", "10E", "5O", "1E"], ["7C", "6E", "5C", "4C"],
             ["11B", "10B", "5E", "4E"]]
    state = at_betting(hands, bettors="holders")
    everyone_passes(state)
    everyone_passes(state)
    assert state.round_id == "pares" and state.betting.waiting == (WEST, SOUTH)


def test_with_holders_only_one_side_holding_scores_its_bonus_without_a_bet():
    hands = [["12O", "12C", "7O", "4O"], ["10C", "6E", "5O", "1E"], ["7C", "6C", "5C", "4C"],
             ["11B", "10B", "5E", "4E"]]
    state = at_betting(hands, bettors="holders")
    everyone_passes(state)
    everyone_passes(state)
    assert "Only South & North hold pares: no betting; they will score their bonus at the show." in state.narrative()


# --- signals ----------------------------------------------------------------------------------------------

def test_signals_are_the_published_senas_honestly_given():
    assert signals_for(values(12, 12, 1, 1)) == ["two kings", "two aces", "duples"]
    assert signals_for(values(7, 7, 7, 12)) == ["medias", "31"]
    assert signals_for(values(12, 11, 7, 2)) == ["29 of punto"]
    assert signals_for(values(12, 11, 10, 1)) == ["31"]
    assert signals_for(values(7, 6, 5, 4)) == ["ciego"]
    assert signal_text(["two kings", "31"]) == "bites the lower lip (two kings); winks (juego of 31)"


def test_the_teaching_mode_shows_only_your_partners_signals():
    state = at_betting(HANDS)
    view = state.view(SOUTH)
    zone = next(z for z in view["centre"] if z["label"] == "Signals (señas)")
    assert [n["label"] for n in zone["notes"]] == ["North (your partner)"]
    assert zone["notes"][0]["text"] == "closes both eyes (ciego: nothing worth betting)"


def test_without_signals_no_signal_is_shown():
    state = at_betting(HANDS, signals="none")
    assert all(z["label"] != "Signals (señas)" for z in state.view(SOUTH)["centre"])


# --- the table ------------------------------------------------------------------------------------------------

def test_the_table_shows_each_rounds_bids_as_they_happen_and_the_stake():
    state = at_betting(HANDS)
    play(state, "bid:2", "bid:5")
    rounds = next(z for z in state.view(SOUTH)["centre"] if z["label"] == "The four rounds")
    grande = rounds["notes"][0]
    assert grande == {"label": "Grande", "text": "East bids 2, North bids 5 — 5 bid; 2 if refused",
                      "current": True}
    assert state.view(SOUTH)["status"].startswith("Grande: 5 bid, 2 if refused.")


def test_the_show_panel_says_why_each_round_went_as_it_did():
    state = at_betting(HANDS)
    for _ in range(4):
        everyone_passes(state)
    panel = next(z for z in state.view(SOUTH)["centre"] if z["label"].startswith("Last hand's show"))
    labels = [n["label"] for n in panel["notes"]]
    assert labels[:4] == ["East", "North", "West", "South"] and "Grande" in labels
    assert sorted(panel["notes"][3]["cards"]) == sorted(HANDS[SOUTH])
    assert panel["notes"][3]["text"] == "31 points"


def test_other_players_cards_stay_hidden_until_the_show():
    state = at_betting(HANDS)
    view = state.view(SOUTH)
    assert view["seats"][WEST]["hand"] is None and view["seats"][SOUTH]["hand"] is not None


# --- the computer players ---------------------------------------------------------------------------------

#: Nobody has pares or juego; East, the mano, holds 30 — the best punto there is.
PUNTO_HANDS = [["7O", "6O", "5O", "1O"], ["7C", "6C", "5C", "1C"], ["7E", "5E", "4E", "1E"],
               ["12O", "11C", "6E", "4B"]]


def reason_of(state, seed=1):
    """The rule bot's move for the player to move, and its reason (as the live table's Why? and a hint)."""
    return explain(make_bot(parlour.load("mus", **state.options), "rule", seed), state.clone())


def test_a_chance_the_bot_quotes_counts_a_round_it_cannot_lose_as_certain():
    state = at_betting(PUNTO_HANDS)
    assert state.rounds == ["grande", "chica", "punto"]
    everyone_passes(state)
    everyone_passes(state)
    assert state.round_id == "punto" and state.to_move() == EAST
    for seed in range(5):
        _, reason = reason_of(state, seed)
        assert "its 30 cannot lose Punto: no hand of theirs beats it; ties go to the mano" in reason
        assert "%" not in reason


def test_a_30_later_in_turn_than_an_opponent_is_not_called_certain():
    hands = [PUNTO_HANDS[3], PUNTO_HANDS[1], PUNTO_HANDS[2], PUNTO_HANDS[0]]     # South holds the 30
    state = at_betting(hands)
    everyone_passes(state)
    everyone_passes(state)
    play(state, "pass", "pass", "pass")
    _, reason = reason_of(state)
    assert "cannot lose" not in reason and re.search(r"in \d+% of the deals it imagines", reason), \
        "West, earlier in turn, could hold 30 too"


def test_a_round_the_cards_a_player_threw_away_settle_is_called_certain():
    hands = [["7O", "6O", "5O", "1O"], ["7C", "6C", "5C", "1C"], ["7E", "5E", "4E", "1E"],
             ["12O", "12C", "12E", "11O"]]              # East (mano): three kings and a caballo
    state = at_betting(hands)
    _, reason = reason_of(state)
    assert "cannot lose" not in reason, "four 3s would make four kings against it"
    state.thrown[EAST] = C.mask_of(state.pack.card(code) for code in ("3O", "3C", "3E", "3B"))
    _, reason = reason_of(state)
    assert "its 12 12 12 11 cannot lose Grande: no hand of theirs beats it" in reason, \
        "East threw the four 3s itself: only one king is left for anyone else"


def test_the_bot_judges_pares_by_what_the_players_declared():
    hands = [["7O", "6O", "5O", "1O"], ["11C", "11E", "6C", "4C"], ["7E", "5E", "4E", "1E"],
             ["1B", "2C", "4O", "6E"]]                 # only West and East hold pares
    state = at_betting(hands)
    everyone_passes(state)
    everyone_passes(state)
    assert state.round_id == "pares" and state.to_move() == EAST
    state.apply("bid:2")
    action, reason = reason_of(state)
    assert action == "fold" and reason == ("folds rather than see 2: its side cannot win Pares: neither it nor "
                                           "its partner holds pares, and folding costs only 1")


def test_ordago_is_out_of_reach_early_and_nearer_the_more_a_side_is_behind():
    assert Outlook(0, 0, 40).ordago_call() > 1, "no órdago from the first deal, whatever the hand"
    assert 0.8 <= Outlook(30, 30, 40).ordago_call() <= 0.95, "late and level: a near-sure round"
    assert Outlook(12, 30, 40).ordago_call() <= 0.7, "far behind: a good round is a better chance than counting"
    assert Outlook(12, 37, 40).ordago_call() <= 0.5, "the other side about to win"
    assert Outlook(0, 0, 40).ordago_accept() >= 0.8 and Outlook(12, 37, 40).ordago_accept() <= 0.45


#: East (mano) holds four kings (a rey, a 3 and two more): nothing can beat its Grande.
KINGS_HANDS = [["7O", "6O", "5O", "1O"], ["7C", "6C", "5C", "1C"], ["7E", "5E", "4E", "1E"],
               ["12O", "3C", "12E", "3B"]]


def test_a_sure_grande_is_bid_at_the_start_and_staked_as_an_ordago_only_when_behind():
    action, reason = reason_of(at_betting(KINGS_HANDS))
    assert action.startswith("bid:") and "cannot lose Grande" in reason
    action, reason = reason_of(at_betting(KINGS_HANDS, totals=[34, 12]))
    assert action == "ordago" and reason.startswith("calls órdago at 12–34, far behind (")


#: West holds a good Grande (two kings and a caballo), not a sure one.
GOOD_GRANDE = [["7O", "6O", "5O", "1O"], ["12C", "3O", "11C", "7C"], ["7E", "5E", "4E", "1E"],
               ["6C", "5C", "4C", "1C"]]


def test_an_ordago_is_seen_only_when_the_score_makes_it_worth_it():
    state = at_betting(GOOD_GRANDE)
    play(state, "pass", "ordago")                       # North goes órdago at Grande at 0-0
    action, reason = reason_of(state)
    assert action == "fold" and reason.startswith("folds to the órdago at 0–0 (50% by counting), granting them")
    late = at_betting(GOOD_GRANDE, totals=[39, 10])
    play(late, "pass", "ordago")
    action, reason = reason_of(late)
    assert action == "see" and reason.startswith("sees the órdago: a fold would give them the game anyway")


def test_a_bid_whose_refusal_would_lose_the_game_is_not_folded():
    state = at_betting(PUNTO_HANDS, totals=[39, 0])
    play(state, "pass", "bid:2")                       # North bids at Grande; a fold gives S&N their 40th point
    action, reason = reason_of(state)
    assert action in ("see", "ordago", "bid:4", "bid:7") and "a fold would give South & North the game" in reason


def test_rule_bots_bring_most_games_to_the_target_by_counting():
    game = parlour.load("mus")
    games = [play_out(game.new(seed), [make_bot(game, "rule", seed * 10 + s) for s in range(4)])
             for seed in range(16)]
    assert all(g.is_over for g in games)
    by_ordago = [g for g in games if g.decided_by_ordago]
    assert len(by_ordago) < len(games) / 2
    assert sum(g.hand_no for g in games) / len(games) >= 4
    assert not any(g.hand_no == 1 for g in by_ordago), "no game is staked on the first deal"


# --- the Strong player: imagined deals (parlour.determinise) and its search -----------------------------

def after_a_round_of_discards(seed=0):
    """A game where all four said mus and discarded once (the rule bots' discards), back at mus."""
    state = parlour.load("mus").new(seed)
    play(state, "mus", "mus", "mus", "mus")
    bot = make_bot(state.game, "rule", 1)
    while state.phase == "discard":
        state.apply(bot.choose(state))
    assert state.phase == "mus" and state.discards
    return state


def test_imagined_deals_leave_the_cards_a_player_threw_away_in_the_discards():
    from parlour.determinise import knowledge
    from parlour.rng import Rng
    state = after_a_round_of_discards()
    me = state.to_move()
    known = knowledge(state, me)
    assert not known.hidden & state.thrown[me], "the player knows where their own throws lie"
    moved = False
    for seed in range(20):
        world = known.sample(state, Rng(seed))
        assert world.thrown[me] == state.thrown[me] and world.hands[me] == state.hands[me]
        for seat in range(4):
            # Each seat's throws are the cards now lying where it threw them.
            assert world.thrown[seat] == C.mask_of(c for c, s in zip(world.discards, world.discarded_by) if s == seat)
        moved = moved or any(world.hands[s] != state.hands[s] for s in range(4) if s != me)
    assert moved, "the other hands are dealt afresh"


def test_imagined_deals_agree_with_the_pares_and_juego_said_and_the_partners_signals():
    from parlour.determinise import knowledge
    from parlour.rng import Rng
    from parlour.rulebook.mus import fits
    game = parlour.load("mus")
    state = game.new(0, deck=deck_for_hands(game, 0, HANDS))   # dealt for real: the stock holds the rest
    state.apply("nomus")
    everyone_passes(state)
    everyone_passes(state)
    assert state.round_id in ("pares", "juego")
    me = state.to_move()
    partner = state.partner(me)
    claims = state.claims()
    known = knowledge(state, me)
    for seed in range(30):
        world = known.sample(state, Rng(seed))
        for seat in range(4):
            assert fits(tuple(world.values(seat)), claims[seat])
        assert signals_for(world.values(partner)) == signals_for(state.values(partner))


def test_the_last_hands_show_does_not_pin_its_cards_in_the_new_deal():
    from parlour.determinise import knowledge
    state = parlour.load("mus").new(3)
    bots = [make_bot(state.game, "rule", s) for s in range(4)]
    first = state.hand_no
    while state.hand_no == first:
        state.apply(bots[state.to_move()].choose(state))
    assert state.phase == "mus" and state.shown and state.shown_hand != state.hand_no
    me = state.to_move()
    known = knowledge(state, me)
    assert all(C.count(known.seats[s]) == 4 for s in range(4) if s != me), \
        "cards last seen in the last hand's show are out of sight now: every card of another hand is hidden"


def test_strong_never_calls_an_ordago_family_would_not():
    state = at_betting(HANDS)
    bot = parlour.load("mus").rule_bot(0)
    legal = state.legal_actions()
    assert "ordago" in legal
    tried = bot.candidates(state, legal)
    assert "ordago" not in tried and set(tried) <= set(legal)
    assert {"pass", "bid:2"} <= set(tried)


def test_strong_tries_a_few_sensible_discards_family_keeping_kings_and_pairs_among_them():
    state = parlour.load("mus").new(0)
    play(state, "mus", "mus", "mus", "mus")
    bot = state.game.rule_bot(0)
    legal = state.legal_actions()
    tried = bot.candidates(state, legal)
    assert 1 <= len(tried) <= 5 < len(legal) and set(tried) <= set(legal)
    assert bot.choose(state) in tried


def test_strong_says_in_words_why_it_bets_or_discards():
    game = parlour.load("mus")
    state = game.new(0, deck=deck_for_hands(game, 0, HANDS))
    state.apply("nomus")
    action, reason = explain(make_bot(game, "search", 2, iterations=4), state)
    assert action in state.legal_actions()
    assert "Grande" in reason and "imagines 4 ways the cards it cannot see could lie" in reason
    state = parlour.load("mus").new(0)
    play(state, "mus", "mus", "mus", "mus")
    action, reason = explain(make_bot(game, "search", 2, iterations=4), state)
    assert action.startswith("discard:") and reason.startswith("changes ")


def test_strongs_move_does_not_depend_on_the_cards_it_cannot_see():
    from parlour.determinise import knowledge
    from parlour.rng import Rng
    from parlour.search import SearchBot
    game = parlour.load("mus")
    state = after_a_round_of_discards(seed=2)
    state.apply("nomus")
    me = state.to_move()
    other = knowledge(state, me).sample(state, Rng(99))
    assert any(other.hands[s] != state.hands[s] for s in range(4) if s != me)
    assert SearchBot(game, 4, iterations=4).choose(state) == SearchBot(game, 4, iterations=4).choose(other)


def test_strong_scores_a_playout_by_the_chance_of_winning_from_the_score_at_the_hands_end():
    """So a seen órdago (the game won or lost: 0 or a side's whole share) and a folded round (a few
    points) weigh on one scale: before, a few points against a whole game made every órdago worth seeing."""
    from parlour.search import WIN_WEIGHT, hand_gain
    game = parlour.load("mus")
    state = game.new(0)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    trial = state.clone()
    gain = hand_gain(trial, bots, SOUTH)
    assert not trial.is_over and trial.hand_no == state.hand_no + 1
    estimate = trial.playout_estimate()
    assert gain == pytest.approx(WIN_WEIGHT * estimate[SOUTH]) and estimate[SOUTH] == estimate[NORTH]
    south_north, west_east = trial.sheet.totals
    assert (estimate[SOUTH] > estimate[WEST]) == (south_north > west_east)
    assert sum(estimate) == pytest.approx(1)


def test_a_mus_or_no_mus_reason_names_no_cards_everyone_at_the_table_reads_it():
    """The Why? of a computer player's mus or no mus is read by everyone: it may say what kind of hand
    it keeps (as saying no mus itself does), never the cards or the points it holds."""
    game = parlour.load("mus")
    said = set()
    for seed in range(40):
        state = game.new(seed)
        bot = make_bot(game, "rule", seed)
        while "mus" in state.legal_actions():
            action = bot.choose(state)
            said.add(action)
            assert not re.search(r"holds|holding|\b(31|duples|medias|a pair)\b|\d+ \w+s\b", bot.reason), bot.reason
            if action == "nomus":
                break
            state.apply(action)
            while "mus" not in state.legal_actions():  # the discards and the draw, then mus again
                state.apply(bot.choose(state))
    assert said == {"mus", "nomus"}


def test_strongs_bet_against_the_rounds_odds_says_the_whole_hands_moved_it():
    """A Strong bet bolder (or more cautious) than Family's says so, beside the round's odds: "wins in
    none of the deals" next to a raise reads as a bluff, not as a contradiction."""
    from parlour.search import SearchBot
    game = parlour.load("mus")
    state = game.new(3)
    bots = [SearchBot(game, seed=seat, iterations=16) if seat % 2 == 0 else game.rule_bot(seat) for seat in range(4)]
    differing = []
    while not state.is_over and len(differing) < 3:
        bot = bots[state.to_move()]
        action = bot.choose(state)
        if isinstance(bot, SearchBot) and state.phase == "bet":
            family = bot.fallback.family_bet
            if action != family:
                differing.append((action, family, bot.reason))
            else:
                assert "than a Family player would" not in bot.reason
        state.apply(action)
    assert differing, "Strong bet as Family did throughout: the test needs a deal where they differ"
    for action, family, reason in differing:
        lean = "more boldly" if boldness(action) > boldness(family) else "more cautiously"
        assert f"it bets {lean} than a Family player would" in reason, reason
        assert "did better over the whole hands it plays out" in reason
