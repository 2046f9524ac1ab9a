from parlour import cards as C


def test_french_52_has_each_card_once_with_stable_codes():
    pack = C.FRENCH_52
    codes = [C.code(c) for c in pack]
    assert len(codes) == 52 == len(set(codes))
    assert {"AS", "10H", "2C", "QD", "JS"} <= set(codes)
    for card in pack:
        assert pack.card(C.code(card)) == card


def test_cut_down_and_spanish_packs():
    assert len(C.FRENCH_32) == 32 and min(C.rank_of(c) for c in C.FRENCH_32) == 7
    assert len(C.FRENCH_24) == 24 and min(C.rank_of(c) for c in C.FRENCH_24) == 9
    assert len(C.SPANISH_40) == 40
    assert {C.rank_of(c) for c in C.SPANISH_40} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert C.code(C.SPANISH_40.card("1E")) == "1E"
    assert C.name(C.SPANISH_40.card("12O")) == "rey (12) of oros"
    assert C.name(C.SPANISH_40.card("1E")) == "as (1) of espadas"
    assert C.name(C.SPANISH_40.card("7B")) == "7 of bastos"
    assert C.short(C.SPANISH_40.card("3C")) == "3 of copas"


def test_jokers_and_double_packs_keep_cards_distinct():
    assert {C.code(c) for c in C.FRENCH_54 if C.is_joker(c)} == {"BJ", "LJ"}
    double = C.french_pack(copies=2, jokers=4)
    codes = [C.code(c) for c in double]
    assert len(codes) == 108 == len(set(codes))
    assert "QS'" in codes and "BJ'" in codes


def test_names_and_symbols():
    qs = C.FRENCH_52.card("QS")
    assert C.name(qs) == "queen of spades"
    assert C.short(qs) == "Q♠"
    assert C.short(C.FRENCH_52.card("10H")) == "10♥"


def test_typed_codes_are_normalised():
    pack = C.FRENCH_52
    assert pack.find("q♠") == pack.card("QS")
    assert pack.find(" th ") == pack.card("10H")
    assert pack.find("ZZ") is None


def test_masks_round_trip_and_suit_masks():
    pack = C.FRENCH_52
    hand = [pack.card(c) for c in ("AS", "2C", "10H")]
    mask = C.mask_of(hand)
    assert sorted(C.cards_in(mask)) == sorted(hand)
    assert C.count(mask) == 3
    assert C.cards_in(C.of_suit(mask, C.HEARTS)) == [pack.card("10H")]
