"""Alcalde and Alcalde Variation: one test per rule clause of seed 001."""

import pytest

import parlour
from parlour import cards as C
from parlour import spanish
from parlour.bots import RandomBot, make_bot

from helpers import hand_codes, play

SEED = 1  # with this seed West is the first Alcalde: South (his right) leads, then East, then West
ALCALDE, RIGHT, LEFT = 1, 0, 2


def leftover(pack, used):
    return [C.code(c) for c in pack.cards if C.code(c) not in set(used)]


def alcalde_deal(alcalde_hand, right, left, trump, stock=(), seed=SEED, **options):
    """An Alcalde deal: three rounds of one card to each partner (his right first) and two to the Alcalde."""
    game = parlour.load("alcalde", **options)
    deck = []
    for r in range(3):
        deck += [right[r], left[r], alcalde_hand[2 * r], alcalde_hand[2 * r + 1]]
    deck += [trump, *stock]
    deck += leftover(game.new(seed).pack, deck)
    return game.new(seed, deck)


def variation_deal(alcalde_hand, right, left, trump, stock=(), seed=SEED, **options):
    """A variation deal: three rounds of one card each (the Alcalde last), then a fourth to the Alcalde."""
    game = parlour.load("alcalde-variation", **options)
    deck = []
    for r in range(3):
        deck += [right[r], left[r], alcalde_hand[r]]
    deck += [alcalde_hand[3], trump, *stock]
    deck += leftover(game.new(seed).pack, deck)
    return game.new(seed, deck)


def finish_deal(state, alcalde_cards, partner_cards):
    """End the current deal with these won piles (codes) for the Alcalde and one partner."""
    pack = state.pack
    a = state.alcalde
    p = state.partners()[0]
    state.won = [0] * 3
    state.won[a] = C.mask_of(pack.card(c) for c in alcalde_cards)
    state.won[p] = C.mask_of(pack.card(c) for c in partner_cards)
    state.hands = [0, 0, 0]
    state.stock, state.upcard = [], None
    state.hand_done()


COUNTERS = [f"{v}{s}" for s in "OCEB" for v in (1, 3, 12, 11, 10)]


def cards_worth(points, start=0):
    """Codes of counting cards adding up exactly to ``points``, for stacked results."""
    if points == 0:
        return []
    for i in range(start, len(COUNTERS)):
        value = spanish.points(C.SPANISH_40.card(COUNTERS[i]))
        if value <= points:
            rest = cards_worth(points - value, i + 1)
            if rest is not None:
                return [COUNTERS[i], *rest]
    return None


def split(points):
    """Alcalde's pile worth ``points`` and the partners' pile holding the rest of the 120."""
    mine = cards_worth(points)
    rest = [c for c in COUNTERS if c not in mine]
    return mine, rest


A_HAND = ["1O", "3O", "12O", "11O", "10O", "7O"]
R_HAND = ["2C", "4C", "5C"]
L_HAND = ["6C", "7C", "10C"]


# --- Alcalde ----------------------------------------------------------------------

def test_alcalde_is_registered_for_three_with_the_seeds_defaults():
    game = parlour.load("alcalde")
    assert game.num_players == 3 and game.info.name == "Alcalde"
    assert game.options == {"partners": "open", "exchange": "off", "pack": "spanish", "deals": 6}
    assert len(game.new(0).pack) == 40


def test_the_first_alcalde_is_chosen_at_random_and_deals():
    game = parlour.load("alcalde")
    firsts = {game.new(seed).alcalde for seed in range(12)}
    assert firsts == {0, 1, 2}
    state = game.new(SEED)
    assert state.alcalde == state.dealer == ALCALDE
    assert "chosen at random to be the first Alcalde" in state.narrative()[0]


def test_the_alcalde_deals_three_to_each_partner_and_six_to_himself_two_at_a_time():
    game = parlour.load("alcalde")
    deck = [C.code(c) for c in game.new(SEED).pack.cards]
    state = game.new(SEED, deck)
    # rounds of: his right one, his left one, himself two
    assert hand_codes(state, RIGHT) == {deck[0], deck[4], deck[8]}
    assert hand_codes(state, LEFT) == {deck[1], deck[5], deck[9]}
    assert hand_codes(state, ALCALDE) == {deck[2], deck[3], deck[6], deck[7], deck[10], deck[11]}
    assert C.code(state.upcard) == deck[12] and len(state.stock) == 27


def test_the_alcaldes_right_leads_and_the_alcalde_plays_two_cards_a_trick():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    order = []
    for card in ("2C", "6C", "7O", "10O"):
        order.append(state.to_move())
        state.apply(card)
    assert order == [RIGHT, LEFT, ALCALDE, ALCALDE]
    assert len(state.tricks_played) == 1 and len(state.tricks_played[0]) == 4
    assert state.to_move() == LEFT   # East's 6 of copas won; East leads the next trick


def test_the_alcalde_asked_for_his_second_card_is_told_so():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    play(state, "2C", "6C", "7O")
    assert state.to_move() == ALCALDE
    assert state.prompt() == "West (the Alcalde): play your second card to this trick."


def test_the_alcaldes_second_card_can_win_and_any_card_may_be_played():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    play(state, "4C", "10C")
    assert state.why_illegal("7O") is None            # no need to follow copas
    play(state, "7O", "1O")
    # copas were led: the partner's 10 of copas beats the oros the Alcalde threw
    assert state.tricks_won[LEFT] == 1
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="4O")
    play(state, "4C", "10C", "7O", "1O")              # now oros are trumps: the Alcalde's second card wins
    assert state.tricks_won[ALCALDE] == 1


def test_the_winner_draws_first_and_the_alcalde_draws_two():
    stock = ["1E", "2E", "3E", "4E", "5E", "6E", "7E", "10E"]
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="12B", stock=stock)
    play(state, "2C", "6C", "7O", "10O")   # the left partner's 6 of copas wins
    assert "1E" in hand_codes(state, LEFT)             # winner first
    assert {"2E", "3E"} <= hand_codes(state, ALCALDE)  # then to his right: the Alcalde, two cards
    assert "4E" in hand_codes(state, RIGHT)
    assert [bin(h).count("1") for h in state.hands] == [3, 6, 3]


def test_ten_tricks_use_the_whole_pack_and_120_points():
    game = parlour.load("alcalde", deals=1)
    for seed in range(4):
        state = game.new(seed)
        bots = [RandomBot(seed + s) for s in range(3)]
        while not state.is_over:
            state.apply(bots[state.to_move()].choose(state))
        assert len(state.tricks_played) == 10
        assert sum(spanish.mask_points(w) for w in state.won) == 120


def test_the_partners_may_see_each_others_cards_but_not_the_alcalde():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    right_view = state.view(RIGHT)["seats"]
    assert set(right_view[LEFT]["hand"]) == set(L_HAND) and right_view[LEFT]["face_up"]
    assert right_view[ALCALDE]["hand"] is None
    alcalde_view = state.view(ALCALDE)["seats"]
    assert alcalde_view[RIGHT]["hand"] is None and alcalde_view[LEFT]["hand"] is None


def test_with_hidden_partners_nobody_sees_another_hand():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B", partners="hidden")
    assert state.view(RIGHT)["seats"][LEFT]["hand"] is None


def test_the_alcalde_who_wins_keeps_the_role_and_deals_again():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    finish_deal(state, *split(61))
    assert state.sheet.rows[-1][1] == ["0 (59)", "1 (61)", "0 (59)"]
    assert state.hand_no == 2 and state.alcalde == ALCALDE


def test_a_drawn_deal_keeps_the_alcalde_and_scores_nothing():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    finish_deal(state, *split(60))
    assert state.sheet.totals == [0, 0, 0]
    assert state.hand_no == 2 and state.alcalde == ALCALDE


def test_a_beaten_alcalde_hands_the_role_to_his_right():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B")
    finish_deal(state, *split(59))
    assert state.sheet.totals == [1, 0, 1]
    assert state.hand_no == 2 and state.alcalde == RIGHT == state.next_seat(ALCALDE)
    assert "South becomes the Alcalde and deals next." in state.narrative()


def test_the_session_ends_after_its_deals_and_most_games_wins():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B", deals=3)
    finish_deal(state, *split(59))   # South and East win; South becomes Alcalde
    finish_deal(state, *split(70))   # South wins as Alcalde
    assert not state.is_over
    finish_deal(state, *split(70))   # South again
    assert state.sheet.totals == [3, 0, 1]
    assert state.is_over and state.outcome.winners == (0,)


def test_a_tie_on_games_is_shared():
    state = alcalde_deal(A_HAND, R_HAND, L_HAND, trump="1B", deals=1)
    finish_deal(state, *split(40))
    assert state.is_over and state.outcome.winners == (0, 2)
    assert state.outcome.text.startswith("A tie")


def test_the_exchange_works_as_in_briscas():
    state = alcalde_deal(["7B", "3O", "12O", "11O", "10O", "7O"], R_HAND, L_HAND, trump="1B", exchange="family")
    play(state, "keep", "keep", "exchange:7")   # the Alcalde claims with the 7 before the first trick
    assert "1B" in hand_codes(state, ALCALDE) and C.code(state.upcard) == "7B"


def test_alcalde_role_passes_as_the_rules_say_in_random_sessions():
    game = parlour.load("alcalde", deals=9)
    results = set()
    for seed in range(4):
        state = game.new(seed)
        bots = [make_bot(game, "rule", seed + s) for s in range(3)]
        alcaldes = [state.alcalde]
        while not state.is_over:
            hand = state.hand_no
            state.apply(bots[state.to_move()].choose(state))
            if state.hand_no != hand and not state.is_over:
                alcaldes.append(state.alcalde)
        for row, now, nxt in zip(state.sheet.rows, alcaldes, alcaldes[1:]):
            won = row[1][now].startswith("1")
            lost = any(row[1][s].startswith("1") for s in range(3) if s != now)
            results.add("win" if won else "lose" if lost else "draw")
            assert nxt == (state.next_seat(now) if lost else now)
    assert {"win", "lose"} <= results


# --- Alcalde Variation ------------------------------------------------------------

V_HAND = ["1O", "3O", "12O", "7O"]


def test_variation_is_registered_with_its_own_id():
    game = parlour.load("alcalde-variation")
    assert game.info.name == "Alcalde Variation" and game.num_players == 3
    assert game.options == {"exchange": "off", "pack": "spanish", "deals": 6}


def test_variation_deals_three_each_then_a_fourth_card_to_the_alcalde():
    game = parlour.load("alcalde-variation")
    deck = [C.code(c) for c in game.new(SEED).pack.cards]
    state = game.new(SEED, deck)
    assert hand_codes(state, RIGHT) == {deck[0], deck[3], deck[6]}
    assert hand_codes(state, LEFT) == {deck[1], deck[4], deck[7]}
    assert hand_codes(state, ALCALDE) == {deck[2], deck[5], deck[8], deck[9]}
    assert C.code(state.upcard) == deck[10] and len(state.stock) == 29


def test_variation_partners_do_not_see_each_other():
    state = variation_deal(V_HAND, R_HAND, L_HAND, trump="1B")
    assert state.view(RIGHT)["seats"][LEFT]["hand"] is None
    assert state.view(LEFT)["seats"][RIGHT]["hand"] is None


def test_variation_everyone_plays_one_card_a_trick():
    state = variation_deal(V_HAND, R_HAND, L_HAND, trump="1B")
    order = []
    for card in ("2C", "6C", "7O"):
        order.append(state.to_move())
        state.apply(card)
    assert order == [RIGHT, LEFT, ALCALDE]
    assert len(state.tricks_played) == 1 and len(state.tricks_played[0]) == 3


def test_variation_thirteen_tricks_and_the_alcalde_keeps_his_last_card():
    game = parlour.load("alcalde-variation", deals=1)
    for seed in range(4):
        state = game.new(seed)
        bots = [RandomBot(seed + s) for s in range(3)]
        last = None
        while not state.is_over:
            if len(state.tricks_played) == 12 and state.trick.plays == [] and last is None:
                last = C.cards_in(state.hands[state.alcalde])
            state.apply(bots[state.to_move()].choose(state))
        assert len(state.tricks_played) == 13
        assert last is not None and len(last) == 2
        final_trick = {c for _, c in state.tricks_played[-1].plays}
        kept = [c for c in last if c not in final_trick]
        assert len(kept) == 1 and state.won[state.alcalde] >> kept[0] & 1
        assert sum(spanish.mask_points(w) for w in state.won) == 120
        assert "as his automatic trick" in " ".join(state.narrative())


def test_variation_alcalde_wins_with_31_points():
    state = variation_deal(V_HAND, R_HAND, L_HAND, trump="1B")
    finish_deal(state, *split(31))
    assert state.sheet.rows[-1][1][ALCALDE] == "1 (31)"
    assert state.alcalde == ALCALDE


def test_variation_alcalde_with_30_points_loses_and_the_role_passes_right():
    state = variation_deal(V_HAND, R_HAND, L_HAND, trump="1B")
    finish_deal(state, *split(30))
    assert state.sheet.totals == [1, 0, 1]
    assert state.alcalde == RIGHT


@pytest.mark.parametrize("game_id,options", [
    ("alcalde", {}), ("alcalde", {"partners": "hidden", "exchange": "family"}),
    ("alcalde", {"pack": "french", "exchange": "standard"}),
    ("alcalde-variation", {}), ("alcalde-variation", {"pack": "french", "exchange": "family"})])
def test_random_sessions_conserve_cards_and_120_points_a_deal(game_id, options):
    game = parlour.load(game_id, deals=3, **options)
    for seed in range(4):
        state = game.new(seed)
        bots = [RandomBot(seed * 5 + s) for s in range(3)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            state.apply(bots[state.to_move()].choose(state))
        rows = state.sheet.rows
        assert len(rows) == 3
        for _, values in rows:
            wins = [int(v.split()[0]) for v in values]
            sides = {int(v.split("(")[1].rstrip(")")) for v in values}   # the Alcalde's and the partners' points
            assert sum(sides) == 120 or sides == {60}
            assert sum(wins) in (0, 1, 2)
        assert state.outcome.winners
