"""A hand's count walked through on the table, in Chromium: Cribbage's show from a share link one move
before it (made here by the engine), stepped through with Next, Back, the arrow keys and "Count it for
me", each step's cards marked on the summary's own drawing of the hand; and the rules page's "Count a
hand" naming the cards of every combination."""

from __future__ import annotations

from playwright.sync_api import Page
from test_live_tables import LIVE, open_game, state, step, wait_settled

from parlour import load, web
from parlour.bots import make_bot
from parlour.codec import encode
from parlour.core import State

WALK = f"{LIVE} .pt-hand-summary .pt-count-walk"


def last_card_of_the_play(game_id: str, seed: int, **options: object) -> tuple[State, str]:
    """A game played by rule bots until the reader (South) holds the card that ends the hand (in
    Cribbage the show follows at once): the position and that card."""
    game = load(game_id, **options)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seat) for seat in range(game.num_players)]
    while state.last_hand_end is None:
        if state.to_move() == 0 and state.phase == "play":
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action)
                if action != "go" and after.last_hand_end is not None:
                    return state, action
        state.apply(bots[state.to_move()].choose(state))
    raise AssertionError(f"seed {seed}: the reader never ends the play")


def engine_count(code: str, action: str) -> list[dict]:
    """The count the page's engine sends once the reader plays ``action`` from ``code``."""
    send = lambda **fields: web.handle({"v": 1, "id": 1, "table": "count-check", **fields})  # noqa: E731
    assert send(type="restore", code=code, seat=0)["type"] == "state"
    reply = send(type="apply", action=action)
    assert reply["hand_summary"], "the hand did not end"
    return reply["hand_summary"]["count"]


def end_the_hand(page: Page, site_url: str, game: str, position: State, action: str, target: str) -> list[dict]:
    """Open ``game``'s table at ``position`` (a share link) and make the hand's last move ``action`` by
    clicking ``target``; the count the engine sends with it (what the walk-through must show)."""
    code = encode(position)
    count = engine_count(code, action)
    open_game(page, site_url, game, f"#play={code}")
    before = step(page)
    page.click(f"{LIVE} .pt-live-table {target}")
    wait_settled(page, before, go_on=False)
    return count


def shown_step(page: Page) -> dict:
    """What the walk-through shows now: the words, the marked cards, the hand drawn, the total."""
    return page.evaluate("""(walk) => {
        const root = document.querySelector(walk);
        const said = root.querySelector('.pt-count-said');
        const drawn = Array.from(root.querySelectorAll('.pt-count-cards [data-card]'));
        return {words: said.textContent, cards: said.dataset.cards,
                total: Number(said.dataset.total), hand: root.querySelector('.pt-count-hand-title').textContent,
                marked: drawn.filter(n => n.classList.contains('pt-count-mark')).map(n => n.dataset.card),
                drawn: drawn.map(n => n.dataset.card), pictures: root.querySelectorAll('.pt-count-cards svg').length};
    }""", WALK)


def test_cribbage_show_is_walked_through_step_by_step_with_its_cards_marked(page: Page, site_url: str) -> None:
    position, card = last_card_of_the_play("cribbage", 7)
    count = end_the_hand(page, site_url, "cribbage", position, card, f'[data-action="{card}"][data-legal=true]')
    steps = [(hand, s) for hand in count for s in hand["steps"] or [None]]
    assert len(count) == 3 and any(s is None for _, s in steps), "seed 7's crib scores nothing: a nineteen step"
    assert state(page) == "continue"
    for index, (hand, expected) in enumerate(steps):
        shown = shown_step(page)
        assert shown["hand"].startswith(hand["label"])
        assert shown["drawn"] == hand["cards"] and shown["pictures"] == len(hand["cards"]), "the hand drawn in the panel"
        if expected is None:  # nothing scores: the hand is shown, nothing marked
            assert shown["marked"] == [] and shown["total"] == 0 and "nineteen" in shown["words"]
        else:
            assert shown["words"].startswith(f"“{expected['words']}” +")
            assert sorted(shown["marked"]) == sorted(expected["cards"]) and shown["cards"] == " ".join(expected["cards"])
            assert set(shown["marked"]) <= set(hand["cards"])
            assert shown["total"] == expected["total"]
        if expected is None or expected is hand["steps"][-1]:
            assert shown["total"] == hand["total"], "the hand's last step says its whole count"
        if index < len(steps) - 1:
            page.click(f"{WALK} [data-control=count-next]")
    assert page.locator(f"{WALK} [data-control=count-next]").is_disabled()
    # Back, and the arrow keys, step the other way and forth again.
    page.click(f"{WALK} [data-control=count-back]")
    assert shown_step(page)["total"] == (steps[-2][1] or {"total": 0})["total"]
    page.keyboard.press("ArrowLeft")
    assert shown_step(page)["total"] == (steps[-3][1] or {"total": 0})["total"]
    page.keyboard.press("ArrowRight")
    # "Count it for me" says the next step by itself, and stops at the last.
    page.click(f"{WALK} [data-control=count-auto]")
    assert page.inner_text(f"{WALK} [data-control=count-auto]") == "Stop counting"
    page.wait_for_function(f"() => document.querySelector('{WALK} [data-control=count-next]').disabled")
    assert page.inner_text(f"{WALK} [data-control=count-auto]") == "Count it for me"
    assert shown_step(page)["hand"].startswith(count[-1]["label"])
    # The table is still at the hand's end until Continue.
    assert state(page) == "continue"
    page.click(f"{LIVE} [data-control=continue]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state !== 'continue'")
    wait_settled(page, go_on=False)
    assert page.locator(WALK).count() == 0


def test_a_point_trick_games_summary_walks_through_the_counting_cards_each_side_took(page: Page, site_url: str) -> None:
    position, card = last_card_of_the_play("briscas", 5, deals=3)
    count = end_the_hand(page, site_url, "briscas", position, card, f'[data-action="{card}"][data-legal=true]')
    assert state(page) == "continue"
    assert [hand["label"] for hand in count] == ["You took " + count[0]["label"].split(" took ")[1],
                                                 "North took " + count[1]["label"].split(" took ")[1]]
    steps = [(hand, s) for hand in count for s in hand["steps"]]
    for index, (hand, expected) in enumerate(steps):
        shown = shown_step(page)
        assert shown["hand"].startswith(hand["label"]) and shown["drawn"] == hand["cards"]
        assert sorted(shown["marked"]) == sorted(expected["cards"]) and shown["total"] == expected["total"]
        assert shown["words"].startswith(f"“{expected['words']}”")
        if index < len(steps) - 1:
            page.keyboard.press("ArrowRight") if index else page.click(f"{WALK} [data-control=count-next]")
    # Each side's last step is its card points, as the score sheet has them for the deal.
    row = page.locator(f"{LIVE} .pt-hand-summary > ul li").all_inner_texts()
    sheet = next(line for line in row if line.startswith("Score sheet"))
    assert f"{count[0]['total']}" in sheet and f"North {count[1]['total']}" in sheet
    assert count[0]["total"] + count[1]["total"] == 120


def test_the_count_box_names_the_cards_of_every_combination(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/games/cribbage/")
    box = ".pt-count-box"
    page.wait_for_selector(f"{box} .pt-count-form:not([hidden])")
    page.fill(f"{box} input[name=hand]", "5H 5C KS 2D")
    page.fill(f"{box} input[name=starter]", "3C")
    page.click(f"{box} button[type=submit]")
    page.wait_for_selector(f"{box} .pt-count-total")
    assert page.locator(f"{box} .pt-count-result li").all_inner_texts() == [
        "fifteen two (5♣ K♠)", "fifteen four (5♥ K♠)", "fifteen six (2♦ 3♣ K♠)", "fifteen eight (2♦ 3♣ 5♣ 5♥)",
        "a pair is ten (5♣ 5♥)"]
    assert page.inner_text(f"{box} .pt-count-total") == "Total: 10"
