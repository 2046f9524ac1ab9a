"""Where things go is visible, in Chromium: Tuck's moved peg and its path over numbered holes, One-Eyed
Jack's labelled board and finished rows, East–West's hands named at the showdown, Carioca's jokers
told apart. Each test opens a share link (made here by the engine's rule bots) at the moment it checks."""

from __future__ import annotations

from typing import Callable

from playwright.sync_api import Page
from test_live_tables import LIVE, open_game, step, wait_settled

from parlour import cards as C
from parlour import load
from parlour.bots import make_bot
from parlour.codec import encode
from parlour.core import State

#: A moment: the game, a share code, and what to do on the page once it is open (or None).
Moment = tuple[str, str, Callable[[Page], None] | None]


def rule_bots_until(game_id: str, seed: int, stop: Callable[[State], bool], **options: str) -> State:
    """A game played by rule bots until ``stop(state)`` says so."""
    game = load(game_id, **options)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seat) for seat in range(game.num_players)]
    while not stop(state):
        state.apply(bots[state.to_move()].choose(state))
    return state


def tuck_after_a_long_move() -> State:
    """Tuck at the reader's turn, just after East moved a peg eight holes (S1 to S9)."""
    return rule_bots_until("tuck", 5, lambda s: s.to_move() == 0 and s.phase == "play" and len(s.log) > 40
                           and any(len(trail) >= 4 for trail in s.trails.values()))


def one_eyed_jack_with_a_row_each() -> State:
    """One-Eyed Jack at the reader's turn, with a finished row on each side."""
    return rule_bots_until("one-eyed-jack", 1, lambda s: s.to_move() == 0 and all(s.rows))


def east_west_last_card() -> State:
    """East–West with the reader (West) to place their last card; East's last one brings the showdown."""
    return rule_bots_until("east-west", 2, lambda s: s.to_move() == 0 and s.placed(0) == 11)


def place_the_last_card(page: Page) -> None:
    before = step(page)
    # The one row with room left: a full row can be picked too, but is only answered with why not.
    page.click(f"{LIVE} .pt-live-table .pt-row.pc-part:not(.pc-idle)")
    wait_settled(page, before, go_on=False)


def carioca_two_jokers() -> State:
    """Carioca at the reader's turn to lay or discard, holding both a big and a little joker."""
    return rule_bots_until("carioca", 4, lambda s: s.to_move() == 0 and s.phase != "draw"
                           and {C.code(c) for c in C.cards_in(s.hands[0]) if C.is_joker(c)} >= {"LJ", "BJ"})


def carioca_contract_with_either_joker() -> State:
    """Carioca, hand 3 (two escaleras), the reader to lay down: 6♥ 7♥ 8♥ make an escalera with either the
    little or the big joker, both in the reader's hand."""
    return rule_bots_until("carioca", 4, lambda s: len(s.history) >= 308 and s.to_move() == 0)


def pick_hearts(page: Page) -> None:
    for code in ("6H'", "7H'", "8H"):
        page.click(f'{LIVE} .pt-live-table .pc-hand [data-part="{code}"]')
    page.wait_for_selector(f"{LIVE} .pt-composer .pt-action")


def carioca_contract_just_down() -> State:
    """The same turn once the reader has laid the whole contract (left to discard)."""
    state = carioca_contract_with_either_joker()
    while not state.down[0]:
        state.apply(next(a for a in state.legal_actions() if a.startswith("meld:")))
    return state


MOMENTS: dict[str, Callable[[], Moment]] = {
    "tuck-moved": lambda: ("tuck", encode(tuck_after_a_long_move()), None),
    "east-west-showdown": lambda: ("east-west", encode(east_west_last_card()), place_the_last_card),
    "carioca-jokers": lambda: ("carioca", encode(carioca_two_jokers()), None),
    "carioca-either-joker": lambda: ("carioca", encode(carioca_contract_with_either_joker()), pick_hearts),
    "carioca-down": lambda: ("carioca", encode(carioca_contract_just_down()), None),
    "one-eyed-jack-rows": lambda: ("one-eyed-jack", encode(one_eyed_jack_with_a_row_each()), None),
}


def test_tuck_marks_the_moved_peg_and_draws_its_path(page: Page, site_url: str) -> None:
    state = tuck_after_a_long_move()
    (owner, peg), trail = next((key, trail) for key, trail in state.trails.items() if len(trail) >= 4)
    open_game(page, site_url, "tuck", f"#play={encode(state)}")
    board = page.locator(f"{LIVE} .pt-live-table .pt-board")
    moved = board.locator(".pt-peg-moved")
    assert moved.count() == 1
    assert moved.get_attribute("data-piece") == f"peg-{'SWNE'[owner]}{peg + 1}"
    # The path goes through every hole the peg passed, from where it was to where it is.
    points = board.locator(".pt-board-path polyline").first.get_attribute("points").split()
    assert len(points) == len(trail)
    said = page.locator(f"{LIVE} .pt-board-move").inner_text()
    assert f"{trail[0]} → {trail[-1]} ({len(trail) - 1} holes)" in said
    assert said.startswith(f"Moved: {state.names[owner]}'s peg")
    # The holes are numbered: each side's letter every five holes, so "S19" is found beside "S20".
    tags = board.locator(".pt-board-svg text").all_text_contents()
    assert {"S1", "S5", "S20", "W1", "N10", "E15"} <= set(tags)
    assert len(tags) == 80


def test_one_eyed_jack_labels_rows_and_columns_and_draws_each_sides_rows_its_own_way(page: Page, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('parlour.hints.one-eyed-jack', 'on')")
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site_url, "one-eyed-jack", f"#play={encode(one_eyed_jack_with_a_row_each())}")
    grid = page.locator(f"{LIVE} .pt-live-table .pt-grid")
    labels = grid.locator(".pt-grid-label").all_text_contents()
    assert labels[:11] == ["", *map(str, range(1, 11))]  # the corner, then the columns
    assert "10" in labels[11:]  # and each row's number down the side
    # The hint names a space by row and column; that space's cell says the same.
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-hint').textContent.includes('row ')")
    hint = page.inner_text(f"{LIVE} .pt-hint")
    place = hint[hint.index("row "):].split(":")[0].split(" with")[0]
    assert grid.locator(f'[aria-label$="{place}"]').count() == 1
    # Each side's finished row is its own line: solid for one, dashed for the other.
    dashes = {page.eval_on_selector(f"{LIVE} .pt-grid .pt-row-line-{side} .pt-row-over",
                                    "el => getComputedStyle(el).strokeDasharray") for side in (0, 1)}
    assert len(dashes) == 2 and "none" in dashes
    # On a phone the reader's hand sits right under the prompt and the hint, above the board.
    hand = page.locator(f"{LIVE} .pt-live-table .pt-pos-bottom").bounding_box()
    hint_box = page.locator(f"{LIVE} .pt-hint").bounding_box()
    assert 0 <= hand["y"] - (hint_box["y"] + hint_box["height"]) < 40
    assert hand["y"] + hand["height"] <= grid.bounding_box()["y"]


def test_east_west_names_each_rows_hands_at_the_showdown_without_a_click(page: Page, site_url: str) -> None:
    last = east_west_last_card()
    open_game(page, site_url, "east-west", f"#play={encode(last)}")
    place_the_last_card(page)
    rows = page.locator(f"{LIVE} .pt-live-table .pt-rows-shown .pt-row")
    assert rows.count() == 3
    for row in rows.all():
        hands = row.locator(".pt-row-hand")
        assert hands.count() == 2 and all(hands.nth(k).is_visible() and hands.nth(k).inner_text() for k in range(2))
    # The same words as the story's showdown, and no panel to open for them.
    told = " ".join(page.locator(f"{LIVE} .pt-live-log li").all_text_contents())
    for words in page.locator(f"{LIVE} .pt-row-hand").all_inner_texts():
        assert words in told
    assert page.locator(f"{LIVE} .pt-live-table details.pt-row-hands").count() == 0


def test_carioca_buttons_tell_the_jokers_apart_and_the_prompt_follows_the_contract(page: Page, site_url: str) -> None:
    state = carioca_contract_with_either_joker()
    assert {"LJ", "BJ"} <= {C.code(c) for c in C.cards_in(state.hands[0])}
    open_game(page, site_url, "carioca", f"#play={encode(state)}")
    assert page.inner_text(f"{LIVE} .pt-prompt").startswith("Your turn: lay down your contract")
    pick_hearts(page)
    labels = page.locator(f"{LIVE} .pt-composer .pt-action").all_inner_texts()
    assert any(label.endswith("with the little joker") for label in labels)
    assert any(label.endswith("with the big joker") for label in labels)
    assert len(labels) == len(set(labels)), labels
    # Lay the whole contract (the little joker's escalera, then what the engine offers next); then the
    # prompt says the contract is down.
    plan, copy = [], state.clone()
    while not copy.down[0]:
        plan.append(next(a for a in copy.legal_actions() if a.startswith("meld:") and (plan or "LJ" in a)))
        copy.apply(plan[-1])
    page.click(f"{LIVE} .pt-composer .pt-control")  # Clear the pick
    for action in plan:
        before = step(page)
        for part in action.split(":")[-1].split("+"):  # the cards of the meld
            page.click(f'{LIVE} .pt-live-table .pc-hand [data-part="{part}"]')
        page.click(f'{LIVE} .pt-composer [data-action="{action}"]')
        wait_settled(page, before)
    assert page.inner_text(f"{LIVE} .pt-prompt").startswith("Your turn: your contract is down.")
