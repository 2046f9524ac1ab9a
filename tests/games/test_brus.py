"""Brus: one test per rule clause of the Carrillo family's version (seed 000), and Gotland's cards."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot
from parlour.tricks import Trick

from helpers import finish_hand, hand_codes, play

RED_UNPLAYABLE = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "AD", "KD", "QD", "JD", "10D", "9D", "8D"]


def position(hands, leader=0, **options):
    """A Brus game with these hands (South, West, North, East) and ``leader`` about to lead."""
    state = parlour.load("brus", **options).new(0)
    state.start_position(hands, leader)
    return state


def packet_deck(game, seed, hands, packet=3):
    """A stacked deck dealing ``hands`` (South, West, North, East) in packets from the dealer's left."""
    probe = game.new(seed)
    order = [probe.next_seat(probe.dealer, i) for i in range(1, 5)]
    deck = []
    for start in range(0, len(hands[0]), packet):
        for seat in order:
            deck += hands[seat][start:start + packet]
    return deck


def play_forced(state, *choices):
    """Play the given actions in order, taking any forced (single legal) move in between."""
    choices = list(choices)
    while not state.is_over and state.phase == "play":
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        elif choices:
            state.apply(choices.pop(0))
        else:
            break
    assert not choices, f"unplayed: {choices}"


# -- registration, pack, deal

def test_brus_is_registered():
    assert "brus" in {s.info.id for s in parlour.games()}
    assert parlour.load("brus").num_players == 4


def test_family_pack_has_36_cards_22_playable_and_14_unplayable():
    state = parlour.load("brus").new(0)
    codes = {C.code(c) for c in state.pack.cards}
    black = {f"{r}{s}" for s in "CS" for r in "A K Q J 10 9 8 7 6 5".split()}
    red = {f"{r}{s}" for s in "HD" for r in "A K Q J 10 9 8 7".split()}
    assert len(state.pack) == 36 and codes == black | red
    playable = {C.code(c) for c in C.cards_in(state.playable_mask)}
    assert len(playable) == 22
    assert playable == {"7C", "7D", "7H", "7S"} | set(SEED_ORDER)
    unplayable = codes - playable
    assert unplayable == set(RED_UNPLAYABLE) and "KH" in unplayable


def test_nine_cards_each_dealt_in_threes_and_eldest_leads():
    game = parlour.load("brus")
    hands = [
        ["7C", "7D", "7H", "7S", "AS", "AC", "KS", "KC", "QS"],
        ["QC", "JS", "JC", "10S", "AH", "KH", "QH", "JH", "10H"],
        ["10C", "9S", "9C", "8S", "9H", "8H", "AD", "KD", "QD"],
        ["8C", "6S", "6C", "5S", "5C", "JD", "10D", "9D", "8D"],
    ]
    state = game.new(5, packet_deck(game, 5, hands))
    assert [hand_codes(state, s) for s in range(4)] == [set(h) for h in hands]
    assert state.to_move() == state.next_seat(state.dealer)
    assert state.trick.plays == []


# -- sevens

def test_a_leader_must_lay_down_sevens_first():
    state = position([["AS", "7H", "5C"], ["KS"], ["QS"], ["JS"]])
    assert state.why_illegal("AS") == "Lay down your sevens first (you hold the 7♥): each one is a trick."
    assert state.legal_actions() == ["7H"]


def test_a_led_seven_is_a_trick_at_once_and_the_leader_leads_again():
    state = position([["AS", "7H", "7C"], ["KS", "AC"], ["QS"], ["JS"]])
    play(state, "7H")
    assert len(state.tricks_played) == 1 and state.tricks_played[0].cards == [state.pack.card("7H")]
    assert state.tricks_won == [1, 0, 0, 0]
    assert state.to_move() == 0 and state.trick.plays == []
    play(state, "7C")
    assert state.tricks_won == [2, 0, 0, 0]
    assert state.legal_actions() == ["AS"]


def test_a_seven_cannot_be_played_to_another_players_trick():
    state = position([["9C"], ["7D", "10C"], ["QS"], ["JS"]])
    play(state, "9C")
    assert state.why_illegal("7D") == ("A seven counts only when you lead it: "
                                      "it cannot be played to another player's trick.")
    assert state.legal_actions() == ["10C"]


# -- playable and unplayable cards, ranking

def test_unplayable_cards_can_never_be_played():
    state = position([["KH", "5C", "AD"], ["KS"], ["QS"], ["JS"]])
    assert state.why_illegal("KH") == "The K♥ is an unplayable card: it never goes to a trick."
    assert state.legal_actions() == ["5C"]
    play(state, "5C")
    state2 = position([["5C"], ["AH", "6C"], ["QS"], ["JS"]])
    play(state2, "5C")
    assert state2.why_illegal("AH") == "The A♥ is an unplayable card: it never goes to a trick."


#: The seed's order of the playable black cards, highest first.
SEED_ORDER = "AS AC KS KC QS QC JS JC 10S 10C 9S 9C 8S 8C 6S 6C 5S 5C".split()


@pytest.mark.parametrize("higher,lower", list(zip(SEED_ORDER, SEED_ORDER[1:])))
def test_family_ranking_from_the_ace_of_spades_down_to_the_five_of_clubs(higher, lower):
    state = position([[lower], [higher], [], []])
    play(state, lower)
    assert state.legal_actions() == [higher]
    play(state, higher)
    assert state.rules.winner(state.trick) == 1


def test_spade_beats_club_of_the_same_rank():
    state = position([["KC"], ["KS", "QS"], [], []])
    play(state, "KC")
    assert state.legal_actions() == ["KS"]


# -- beat or pass

def test_followers_must_beat_the_card_before_them_if_they_can():
    state = position([["9C"], ["10C", "5C", "AH"], ["QS", "10S"], ["JS"]])
    play(state, "9C")
    assert state.why_illegal("5C") == "The 5♣ does not beat the 9♣: you must play a higher card."
    assert state.why_illegal("pass") == "You cannot pass while you have a card you may play (such as 10♣)."
    assert state.legal_actions() == ["10C"]
    play(state, "10C")
    # North must now beat the 10♣ (not merely the 9♣): the 10♠ and Q♠ both do.
    assert state.legal_actions() == ["10S", "QS"]


def test_a_partner_must_be_beaten_too():
    state = position([["9C"], ["5C"], ["10C"], ["JS"]])
    play(state, "9C", "pass")
    assert state.legal_actions() == ["10C"]


def test_a_player_who_cannot_beat_passes_and_plays_no_card():
    state = position([["QS", "8C"], ["5C", "6C", "KH"], ["AS"], ["JS"]])
    play(state, "QS")
    assert state.why_illegal("5C") == "None of your cards beats the Q♠: you must pass."
    assert state.legal_actions() == ["pass"]
    play(state, "pass")
    assert hand_codes(state, 1) == {"5C", "6C", "KH"}
    assert state.trick.passes == [1] and len(state.trick.plays) == 1


def test_every_player_has_one_turn_and_the_highest_card_takes_the_trick():
    state = position([["9C", "5S"], ["10C", "5C"], ["AS", "6C"], ["JS", "8C"]])
    play(state, "9C", "10C", "AS", "pass")
    assert len(state.tricks_played) == 1 and len(state.tricks_played[0].cards) == 3
    assert state.tricks_won == [0, 0, 1, 0]
    assert state.to_move() == 2 and state.trick.plays == []


def test_a_trick_can_hold_a_single_card():
    state = position([["AS", "5S"], ["10C"], ["KC"], ["JS"]])
    play(state, "AS", "pass", "pass", "pass")
    assert [len(t.cards) for t in state.tricks_played] == [1]
    assert state.tricks_won == [1, 0, 0, 0] and state.to_move() == 0


def test_a_leader_with_nothing_playable_passes_the_lead_on():
    state = position([["KH", "QD"], ["10C", "5C"], ["KC"], ["JS"]])
    assert state.legal_actions() == ["pass"]
    assert state.why_illegal("KH") == "The K♥ is an unplayable card: it never goes to a trick."
    play(state, "pass")
    assert state.to_move() == 1 and state.trick.leader == 1 and state.trick.plays == []
    assert "South has nothing to lead and passes the lead to West." in state.narrative()
    assert state.why_illegal("pass") == ("You cannot pass the lead while you have a card to lead "
                                         "(such as 5♣).")


# -- a whole hand, its end and its scoring

WHOLE_HAND = [
    ["7C", "7D", "7H", "7S", "AS", "AC", "KS", "KC", "QS"],
    ["QC", "JS", "JC", "10S", "AH", "KH", "QH", "JH", "10H"],
    ["10C", "9S", "9C", "8S", "9H", "8H", "AD", "KD", "QD"],
    ["8C", "6S", "6C", "5S", "5C", "JD", "10D", "9D", "8D"],
]


#: South's sevens and sure winners, then West's, North's and East's cards (forced moves are automatic).
WHOLE_HAND_CHOICES = ["7C", "7D", "7H", "AS", "AC", "KS", "KC", "10S", "JC", "JS", "8S", "9C", "9S",
                      "5C", "5S", "6C", "6S"]


def whole_hand(**options):
    game = parlour.load("brus", **options)
    seed = next(s for s in range(50) if game.new(s).dealer == 3)  # East deals, South leads
    return game.new(seed, packet_deck(game, seed, WHOLE_HAND))


def test_a_hand_ends_when_no_playable_card_is_left_and_both_sides_can_score():
    state = whole_hand(target=50)
    assert state.to_move() == 0
    # South: four sevens, then five sure winners; then West, North and East cash what they hold.
    play_forced(state, *WHOLE_HAND_CHOICES)
    assert state.hand_no == 2
    label, row = state.sheet.rows[0]
    # South & North 13 tricks: 1 + 7 = 8, and six in a row: 3 more; West & East 9 tricks: 1 + 3.
    assert row == [11, 4]
    story = state.narrative()
    assert "No playable cards are left. Tricks: South & North 13, West & East 9." in story
    assert "South & North took six tricks in a row: 3 more." in story
    assert not any("West & East took six tricks in a row" in line for line in story)


def test_unplayable_cards_stay_in_the_hands_when_the_hand_ends():
    state = whole_hand()
    play_forced(state, *WHOLE_HAND_CHOICES)
    # South & North reach 11 with this hand, so the game ends and the table stays as it was.
    assert state.is_over
    left = set().union(*(hand_codes(state, s) for s in range(4)))
    assert left == set(RED_UNPLAYABLE)
    assert state.outcome.winners == (0, 2)


def scored(tricks_by_side_sequence, king_holder=1):
    """Score a made-up hand: the sides that took each trick, in order; the tie-breaker held by a seat."""
    state = parlour.load("brus", target=50).new(0)
    state.hands = [0, 0, 0, 0]
    state.hands[king_holder] = 1 << state.tie_breaker
    state.trick_sides = list(tricks_by_side_sequence)
    seats = {0: 0, 1: 1}
    state.tricks_won = [0, 0, 0, 0]
    for side in state.trick_sides:
        state.tricks_won[seats[side]] += 1
    state.hand_done()
    return state.sheet.rows[-1][1], state.narrative()


def test_six_tricks_score_one_and_one_more_for_each_trick_over_six():
    assert scored([0, 1] * 5 + [0])[0] == [1, 0]          # 6 against 5
    assert scored([0, 1, 0, 1, 0, 1, 0, 0, 1, 0])[0] == [1, 0]
    assert scored([0, 1] * 4 + [0, 0, 1, 0])[0] == [2, 0]  # 7 against 5
    assert scored([1, 0] * 4 + [1, 1, 1, 0])[0] == [0, 2]  # 5 against 7


def test_six_tricks_in_a_row_score_three_more():
    row, story = scored([0, 0, 0, 0, 0, 0, 1, 1])
    assert row == [1 + 3, 0]
    row, _ = scored([0, 0, 0, 0, 0, 1, 0, 1, 1])          # six tricks but only five in a row
    assert row == [1, 0]


def test_five_tricks_and_the_tie_breaker_count_as_six():
    row, story = scored([0, 1] * 5, king_holder=2)      # North (South's partner) holds K♥
    assert row == [1, 0]
    assert any("holds the tie-breaker K♥" in line for line in story)
    row, _ = scored([0, 1] * 5, king_holder=3)          # East holds it: West & East count six
    assert row == [0, 1]


def test_no_score_when_nobody_has_six_and_the_tie_breaker_does_not_help():
    row, story = scored([0, 1, 0, 1, 0, 1, 0, 1, 1], king_holder=0)  # South & North 4, K♥ with South
    assert row == [0, 0]
    assert any("no score" in line for line in story)


def test_the_tie_breaker_does_not_count_when_a_side_has_six():
    row, _ = scored([1] * 6 + [0] * 5, king_holder=0)
    assert row == [0, 1 + 3]


def test_the_deal_passes_to_the_left():
    game = parlour.load("brus")
    state = game.new(3)
    first = state.dealer
    finish_hand(state)
    assert state.dealer == state.next_seat(first)
    assert state.to_move() == state.next_seat(state.dealer) and state.trick.plays == []


def test_first_side_to_eleven_wins():
    state = parlour.load("brus").new(0)
    state.sheet.totals = [9, 10]
    state.score_hand([2, 0])
    assert state.is_over and state.outcome.winners == (0, 2)
    assert state.sheet.totals == [11, 10]


def test_equal_totals_over_eleven_play_another_hand():
    state = parlour.load("brus").new(0)
    state.sheet.totals = [10, 10]
    state.score_hand([2, 2])
    assert not state.is_over and state.hand_no == 2
    state.score_hand([0, 1])
    assert state.is_over and state.outcome.winners == (1, 3)


# -- the standard (Gotland) cards

#: Pagat's Bräus order of the playable cards, highest first.
GOTLAND_ORDER = "JC 8S KH 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()


def test_gotland_cards_rank_jack_of_clubs_eight_of_spades_king_of_hearts_first():
    state = parlour.load("brus", cards="gotland").new(0)
    assert len(state.pack) == 36 and {C.rank_of(c) for c in state.pack.cards} == set(range(6, 15))
    playable = {C.code(c) for c in C.cards_in(state.playable_mask)}
    assert playable == {"7C", "7D", "7H", "7S"} | set(GOTLAND_ORDER) and len(playable) == 22
    assert C.code(state.tie_breaker) == "KC"
    rules = state.rules
    ladder = [state.pack.card(c) for c in GOTLAND_ORDER]
    powers = [rules.play_power(c, ladder[-1]) for c in ladder]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 18
    assert rules.winner(Trick(0, [(0, state.pack.card("8S")), (1, state.pack.card("JC"))])) == 1


def test_gotland_unplayable_cards():
    state = position([["10C", "QH", "9D"], ["KS"], [], []], cards="gotland")
    assert state.why_illegal("10C") == "The 10♣ is an unplayable card: it never goes to a trick."
    assert state.legal_actions() == ["9D"]


# -- seeded random games

def test_random_games_play_every_playable_card_and_score_by_the_rules():
    game = parlour.load("brus")
    for seed in range(6):
        state = game.new(seed)
        seen = []
        original = state.hand_done

        def spy(state=state, original=original, seen=seen):
            won = set().union(*({C.code(c) for c in C.cards_in(m)} for m in state.won))
            left = set().union(*(hand_codes(state, s) for s in range(4)))
            sides = list(state.trick_sides)
            seen.append((won, left, sides, len(state.sheet.rows)))
            original()

        state.hand_done = spy
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        while not state.is_over:
            state.apply(bots[state.to_move()].choose(state))
        assert seen
        for (won, left, sides, row_index) in seen:
            playable = {C.code(c) for c in C.cards_in(state.playable_mask)}
            assert won == playable and left == set(RED_UNPLAYABLE)
            tricks = [sides.count(0), sides.count(1)]
            expected = []
            for side in (0, 1):
                run = best = 0
                for taker in sides:
                    run = run + 1 if taker == side else 0
                    best = max(best, run)
                points = (tricks[side] - 5 if tricks[side] >= 6 else 0) + (3 if best >= 6 else 0)
                expected.append(points)
            row = state.sheet.rows[row_index][1]
            if max(tricks) >= 6:
                assert row == expected
            else:
                assert sorted(row) in ([0, 0], [0, 1])
        totals = state.sheet.totals
        assert max(totals) >= 11 and totals.count(max(totals)) == 1
        assert sum(sum(row[1]) for row in state.sheet.rows) == sum(totals)


# -- the Family player (issue 27): it beats with its cheapest card, never a sure winner it can keep

def test_family_beats_an_opponents_card_with_its_cheapest_card_that_does_and_keeps_its_ace():
    # South leads the 9♣; West holds the A♠, which nothing can beat, and the 10♣, which just does.
    state = position([["9C", "6C"], ["AS", "10C", "AH"], ["QS", "8S"], ["JS", "5S"]])
    play(state, "9C")
    bot = parlour.load("brus").rule_bot(1)
    assert bot.choose(state) == "10C"
    assert "cheapest card that does" in bot.reason and "must spend a card" in bot.reason


# -- what Strong's imagined deals take from the play (parlour.determinise)

def test_imagined_deals_know_a_passer_could_not_beat_the_card_before_it_then():
    # South leads the 5♠ and West passes: West holds nothing above the 5♠, although North's A♠
    # later tops the trick (the pass is judged against the trick as it stood, not as it ended).
    from parlour.determinise import knowledge
    state = position([["5S", "8C", "QD"], ["5C", "KH", "JD"], ["AS", "9C", "8D"], ["JS", "KS", "9D"]])
    play(state, "5S", "pass", "AS")
    absent = knowledge(state, 2).excluded[1]  # North's knowledge of West
    for card in ("KS", "JS", "8C"):  # the ladder cards North cannot see, all above the 5♠
        assert absent >> state.pack.card(card) & 1, card
    assert not absent >> state.pack.card("5C") & 1  # a lower card West may still hold


def test_imagined_deals_know_a_player_who_passed_the_lead_holds_nothing_playable():
    from parlour.determinise import knowledge
    state = position([["KH", "QD"], ["10C", "5C"], ["KC", "8D"], ["JS", "9D"]])
    play(state, "pass")
    absent = knowledge(state, 1).excluded[0]
    hidden = knowledge(state, 1).hidden
    assert hidden & state.playable_mask and not hidden & state.playable_mask & ~absent
    for _ in range(20):  # and no imagined deal gives South a playable card
        world = knowledge(state, 1).sample(state, state.rng)
        assert not world.hands[0] & state.playable_mask


def test_imagined_hands_agree_with_a_family_players_cheapest_plays():
    # South leads the 8♣ (a Family player leads its lowest card), West beats it with the J♠ (its
    # cheapest card that does), North passes and East beats with the A♠.
    state = position([["8C", "QD"], ["JS", "5C"], ["9S", "KH"], ["AS", "8D"]])
    play(state, "8C", "JS", "pass", "AS")
    card = state.pack.card
    absent = state.family_absences(2)  # what North reads from the others' plays
    assert absent[0] == C.mask_of(card(c) for c in ("5C", "5S", "6C", "6S"))
    assert absent[1] == C.mask_of(card(c) for c in ("8S", "9C", "9S", "10C", "10S", "JC"))
    assert absent[3] == C.mask_of(card(c) for c in ("QC", "QS", "KC", "KS", "AC"))
    test = state.hand_test(2)
    assert not test(3, 1 << card("KS")) and test(3, 1 << card("5S")) and test(0, 1 << card("9D"))


def test_a_seat_that_does_not_play_as_family_is_not_read_so():
    # South leads the 9♣ while holding the 8♣ (a Family player would lead the 8♣), then leads it.
    state = position([["9C", "8C", "QD"], ["5C", "KH"], ["5S", "JD"], ["6C", "10D"]])
    play(state, "9C", "pass", "pass", "pass", "8C")
    assert 0 not in state.family_absences(1)


def test_strong_keeps_the_family_move_unless_another_is_clearly_better():
    from parlour.bots import make_bot
    game = parlour.load("brus")
    state = game.new(0)
    for action in ["7C", "9C", "9S", "JS", "QS", "7H", "5S", "JC", "pass", "QC", "7D", "7S"]:
        state.apply(action)
    # Over 8 imagined deals the 8♣ averages better than Family's 6♣ lead, but not clearly.
    strong = make_bot(game, "search", 1, iterations=8)
    assert strong.choose(state) == "6C"
    assert "none came out clearly better on average than this one, a Family player's choice" in strong.reason
