"""The engine's pieces of a printed rules sheet: every card prints its suit letter beside its suit's
shape (hidden on screen), and a position can be drawn without its seats — as a picture or as text."""

import re

import pytest

import parlour
from parlour import cards as C
from parlour import render
from parlour.svg import SUIT_LETTER_CLASS, card_index_svg, card_svg, suit_sprite
from parlour.text import middle_text, table_text


def letter_of(sprite: str, sign: str) -> str:
    """The suit letter a sign of the sprite prints (its text element, hidden until print)."""
    body = re.search(rf'<(?:g|text) id="{sign}"(.*?)(?:</g>|</text>)', sprite, re.S)
    assert body, f"{sign} is not in the sprite"
    text = re.search(rf'<text [^>]*class="{SUIT_LETTER_CLASS}" display="none"[^>]*>(\w)', body[0])
    assert text, f"{sign} draws no letter hidden until print"
    return text[1]


@pytest.mark.parametrize("suit", C.FRENCH_SUITS)
def test_a_french_card_names_corner_signs_that_print_its_suit_letter_under_the_shape(suit):
    card = C.make_card(suit, 7)
    picture = card_svg(card)
    assert picture.count(f'href="#pc-corner-{suit}"') == 2  # both corners
    sprite = suit_sprite()
    assert letter_of(sprite, f"pc-corner-{suit}") == C.SUIT_LETTER[suit] == C.code(card)[-1]
    assert f'<use href="#pc-suit-{suit}"/>' in re.search(rf'<g id="pc-corner-{suit}">.*?</g>', sprite)[0]


@pytest.mark.parametrize("suit", C.SPANISH_SUITS)
def test_a_spanish_card_prints_its_suit_letter_under_its_rank(suit):
    card = C.make_card(suit, 4)
    assert card_svg(card).count(f'href="#pc-letter-{suit}"') == 1
    assert letter_of(suit_sprite(), f"pc-letter-{suit}") == C.SUIT_LETTER[suit]


def test_a_cut_cards_corner_on_a_board_prints_its_letter_beside_the_shape():
    picture = card_index_svg(C.FRENCH_52.card("QD"))
    assert 'href="#pc-index-1"' in picture
    assert letter_of(suit_sprite(), f"pc-index-{C.DIAMONDS}") == "D"
    assert "pc-index-" not in card_index_svg(None)  # a free corner has no suit


def test_the_four_french_letters_differ_as_the_shapes_do():
    letters = [letter_of(suit_sprite(), f"pc-corner-{suit}") for suit in C.FRENCH_SUITS]
    assert sorted(letters) == ["C", "D", "H", "S"]


def finished_trick_view():
    """A game of Whist played until a trick has just been taken (four cards on the table)."""
    game = parlour.load("whist")
    state = game.new(3)
    while not state.view(None).get("last_trick") or state.view(None).get("trick"):
        state.apply(state.legal_actions()[0])
    return state, state.view(None)


def test_the_middle_of_a_table_is_drawn_without_the_seats_hands():
    state, view = finished_trick_view()
    whole = render.table(view, state.pack)
    middle = render.middle(view, state.pack)
    assert 'class="pt-seat' in whole and 'class="pt-seat' not in middle
    assert middle.count('class="pc-card') == 4  # the trick just taken, and nothing of the hands
    assert "takes it" in middle and len(middle) < len(whole) / 3


def test_the_middle_as_text_is_the_tables_text_without_the_seats():
    state, view = finished_trick_view()
    seats = len(view["seats"])
    assert middle_text(view, state.pack) == table_text(view, state.pack)[seats:]


def test_the_middle_as_text_says_what_a_boards_markers_are():
    game = parlour.load("one-eyed-jack")
    state = game.new(1)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    view = state.view(None)
    lines = middle_text(view, state.pack)
    grid = next(zone for zone in view["centre"] if zone["kind"] == "grid")
    legend = lines[-1]
    assert legend.startswith(grid["label"]) and all(f"[{i}] {name}" in legend for i, name in enumerate(grid["markers"]))
    assert lines[:-1] == table_text(view, state.pack)[len(view["seats"]):]
