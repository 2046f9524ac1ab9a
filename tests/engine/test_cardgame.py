"""The card-game layer every game stands on: seats, dealing, hands, several-card moves."""

import pytest

import parlour
from parlour import cards as C
from parlour.cardgame import CardGameState
from parlour.tricks import TrickGameState

from helpers import trick_position


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_every_game_stands_on_the_card_game_layer(game_id):
    assert issubclass(parlour.spec(game_id).state, CardGameState)


def test_trick_games_are_card_games():
    assert issubclass(TrickGameState, CardGameState)


def hearts():
    return parlour.load("hearts").new(3)


def test_deal_sequence_starts_left_of_the_dealer_and_repeats_the_last_packet_size():
    state = hearts()
    state.dealer = 3
    cards = list(state.pack.cards[:20])
    dealt, rest = state.deal_sequence(cards, each=5, packets=(3, 2))
    seats = [seat for seat, _ in dealt]
    assert seats[:3] == [0, 0, 0] and seats[3:6] == [1, 1, 1] and seats[12:14] == [0, 0]
    assert rest == [] and [card for _, card in dealt] == cards


def test_deal_sequence_leaves_the_rest_when_each_seat_is_full():
    state = hearts()
    dealt, rest = state.deal_sequence(list(state.pack.cards), each=6)
    assert len(dealt) == 24 and len(rest) == 28


def test_held_cards_reason_names_every_card_not_held():
    state = hearts()
    held = C.cards_in(state.hands[0])
    assert state.held_cards_reason(0, held[:2]) is None
    missing = [c for c in state.pack.cards if not state.hands[0] >> c & 1][:2]
    reason = state.held_cards_reason(0, [held[0], *missing])
    assert reason == f"You do not hold the {C.name(missing[0])}, the {C.name(missing[1])}."


def test_parse_cards_accepts_any_spelling_and_refuses_nonsense_in_words():
    state = hearts()
    assert state.parse_cards("5h+ j♦") == [state.pack.card("5H"), state.pack.card("JD")]
    assert state.parse_cards("5H+ZZ") == "'ZZ' is not a card of the standard 52-card pack."
    assert state.parse_cards("5H++JD") == "A card is missing between the + signs."
    assert state.parse_cards("5H+5h") == "The 5 of hearts is named twice."


def test_cards_code_is_the_packs_order():
    state = hearts()
    jd, five_h = state.pack.card("JD"), state.pack.card("5H")
    assert state.cards_code([five_h, jd]) == state.cards_code([jd, five_h])


def test_a_move_of_several_cards_is_stored_in_its_one_spelling():
    state = hearts()
    move = "crib:" + state.cards_code([state.pack.card("5H"), state.pack.card("JD")])
    state._candidates_pass = lambda: [move, "pass"]  # a phase whose moves name two cards
    for typed in ("crib:5H+JD", "crib:jd+5h", "crib: J♦ + 5h", "CRIB:JD+5H"):
        assert state.canonical(typed) == move, typed
    assert state.canonical("crib:5H+QD") is None and state.canonical("crib:5H+ZZ") is None


def test_start_position_sets_a_short_hand_in_one_call():
    state = parlour.load("hearts").new(0)
    state.start_position([["5H"], ["6H"], ["7H"], ["8H"]], leader=2, tricks_before=3)
    assert state.phase == "play" and state.to_move() == 2
    assert len(state.tricks_played) == 3 and state.tricks_won == [0, 0, 0, 0]
    assert state.legal_actions() == ["7H"]


def test_set_hands_needs_a_hand_for_every_seat():
    state = parlour.load("hearts").new(0)
    with pytest.raises(ValueError, match="3 hands given for 4 seats"):
        state.set_hands([["5H"], ["6H"], ["7H"]])


def test_a_hand_can_be_shown_by_rank_for_games_that_offer_it():
    state = parlour.load("burraco").new(3)
    assert state.hand_sorts == ("suit", "rank")
    state.set_hands([["KS", "2H", "BJ", "KH", "3S"], [], [], []])
    by_suit = state.view(0)["seats"][0]["hand"]
    state.sort_by = "rank"
    by_rank = state.view(0)["seats"][0]["hand"]
    assert by_suit == ["2H", "KH", "3S", "KS", "BJ"]
    assert by_rank == ["2H", "3S", "KH", "KS", "BJ"]
    assert parlour.load("hearts").new(1).hand_sorts == ()


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_every_game_declares_where_its_face_down_cards_lie(game_id):
    """The undealt cards are the declared ``stock`` (a list, empty when all are dealt); every pile the
    search bot deals afresh is an attribute the state holds: a list of cards, a mask, or several piles
    by seat (a dict: Burraco's pozzetto held face down until its taker's turn)."""
    state = parlour.load(game_id).new(5)
    assert isinstance(state.stock, list)
    for name in state.hidden_piles(0):
        assert name == "stock" or name in state.face_down_piles
        assert isinstance(getattr(state, name), (list, int, dict)), name


def test_a_kitty_is_a_declared_face_down_pile():
    """Bismarck's four cards on the table (Euchre's undealt rest is its stock, under the turned-up card)."""
    state = parlour.load("bismarck").new(5)
    assert state.hidden_piles(0) == ("stock", "kitty") and isinstance(state.kitty, list)
    euchre = parlour.load("euchre").new(5)
    assert euchre.hidden_piles(0) == ("stock",) and len(euchre.stock) == 3


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_every_view_has_the_declared_status_line(game_id):
    state = parlour.load(game_id).new(5)
    assert isinstance(state.view(0)["status"], str)


def test_a_view_without_a_status_of_its_own_takes_the_states():
    class Quiet(type(hearts())):
        def _view(self, player):
            view = super()._view(player)
            del view["status"]
            return view

        def status(self):
            return "Quiet table."

    game = parlour.load("hearts")
    assert Quiet(game, 3).view(0)["status"] == "Quiet table."


def test_a_trick_game_without_trumps_of_its_own_declares_none():
    state = hearts()
    assert state.trump is None and state.rules.trump is None


def test_trick_position_sets_hands_leader_and_trumps_through_the_trick_layer():
    state = trick_position(parlour.load("euchre").new(2), [["JD", "9S"], ["AH", "10H"], ["QS", "KC"], ["9C", "AC"]],
                           leader=1, trump="H")
    assert state.trump == C.HEARTS and state.rules.trump == C.HEARTS and type(state.rules).__name__ == "EuchreRules"
    assert state.to_move() == 1 and state.phase == "play"
    assert state.rules.suit(state.pack.card("JD")) == C.HEARTS, "the left bower is a trump: the game's own rules"
    assert state.legal_actions() == ["10H", "AH"]


def test_trick_position_with_no_trumps_and_a_suit_the_pack_lacks():
    state = trick_position(hearts(), [["2C"], ["3C"], ["4C"], ["5C"]], leader=2)
    assert state.trump is None and state.rules.trump is None and state.to_move() == 2
    with pytest.raises(ValueError, match="no suit 'O'"):
        trick_position(hearts(), [["2C"], ["3C"], ["4C"], ["5C"]], leader=0, trump="O")


def test_rules_of_their_own_making_keep_their_settings_under_new_trumps():
    state = parlour.load("twenty-five", renege="lower-only").new(0)
    state.set_trumps(C.CLUBS)
    assert state.rules.trump == C.CLUBS and state.rules.lower_only


def test_a_deal_in_packets_gives_each_hand_its_packets():
    # Where each packet lies is worked out once per deal order and shape (cardgame.packet_bounds).
    state = parlour.load("euchre").new(3)
    cards = list(state.pack.cards)
    state.hands = [0] * state.table_size
    rest = state.deal(cards, each=5, packets=(3, 2))
    order = state.deal_order()
    for place, seat in enumerate(order):
        mine = cards[3 * place:3 * place + 3] + cards[12 + 2 * place:12 + 2 * place + 2]
        assert state.hands[seat] == C.mask_of(mine)
    assert rest == cards[20:]
