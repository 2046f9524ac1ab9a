"""Where the live table stops for a learner, in Chromium: at the end of a hand, its summary (who took
what, why the score moved, the totals) until Continue; and, at the "wait for me after each trick"
pace, every finished trick with its taker marked until Continue. Both start from a share link a
move or two before the moment, made here by the engine, so they take seconds."""

from __future__ import annotations

from playwright.sync_api import Page
from test_learning_table import open_link
from test_live_tables import LIVE, open_game, state, step, wait_settled
from test_site_pages import axe_served, axe_violations  # noqa: F401 (a fixture)

from parlour import cards as C
from parlour import load, render, web
from parlour.bots import make_bot
from parlour.codec import encode
from parlour.core import State

GAME = "hearts"


def rule_bots_until(seed: int, stop) -> State:
    """A Hearts game played by rule bots until ``stop(state)`` says so."""
    game = load(GAME)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seat) for seat in range(game.num_players)]
    while not stop(state):
        state.apply(bots[state.to_move()].choose(state))
    return state


def engine_summary(code: str, action: str) -> dict:
    """The summary the page's engine makes after the reader plays ``action`` from ``code`` and the
    computer players (Family, seeded as the page seeds them) play on."""
    send = lambda **fields: web.handle({"v": 1, "id": 1, "table": "check", **fields})  # noqa: E731
    assert send(type="restore", code=code, seat=0)["type"] == "state"
    assert send(type="apply", action=action)["type"] == "state"
    reply = send(type="bots")
    assert reply["hand_summary"], "the hand did not end"
    return reply["hand_summary"]


def test_a_hand_ends_with_its_summary_and_continue_deals_the_next(page: Page, site_url: str, axe_served: None) -> None:
    # The reader holds one card: playing it ends the first hand.
    last = rule_bots_until(4, lambda s: s.to_move() == 0 and s.phase == "play" and C.count(s.hands[0]) == 1)
    code, card = encode(last), last.legal_actions()[0]
    summary = engine_summary(code, card)
    open_game(page, site_url, GAME, f"#play={code}")
    before = step(page)
    page.click(f'{LIVE} .pt-live-table [data-action="{card}"][data-legal=true]')
    wait_settled(page, before, go_on=False)
    assert state(page) == "continue"
    panel = page.locator(f"{LIVE} .pt-hand-summary")
    assert panel.locator("h4").inner_text() == "Hand 1: what happened"
    lines = panel.locator("li").all_inner_texts()
    assert lines == summary["lines"]
    # Each score column with its points this hand, and the totals.
    row = summary["rows"][0]
    for column, points, total in zip(summary["columns"], row[1:], summary["totals"]):
        # (the reader's own column is "you" mid-sentence)
        assert f"{column} {points}".lower() in lines[-2].lower() and f"{column} {total}".lower() in lines[-1].lower()
    assert page.get_attribute(f"{LIVE} .pt-pause-text", "aria-live") == "polite", "a screen reader hears it"
    problems = axe_violations(page)
    assert not problems, "\n".join(problems)
    # Nothing moves on while the summary is read: the table stays at the hand's end.
    assert step(page) == str(summary["step"])
    page.wait_for_timeout(800)
    assert step(page) == str(summary["step"]) and state(page) == "continue"
    # Continue is focused (the reader was playing at the table) and works from the keyboard.
    assert page.evaluate("document.activeElement.dataset.control") == "continue"
    page.keyboard.press("Enter")
    wait_settled(page, str(summary["step"]), go_on=False)
    assert state(page) == "your-turn" and int(step(page)) > summary["step"]
    assert page.locator(f"{LIVE} .pt-hand-summary").count() == 0
    assert page.locator(f"{LIVE} [data-control=continue]").is_hidden()
    # The summary can be read again.
    again = page.locator(f"{LIVE} details.pt-last-hand")
    assert again.locator("summary").inner_text() == "Last hand: Hand 1"
    again.locator("summary").click()
    assert again.locator("li").all_inner_texts() == summary["lines"]


def a_trick_a_computer_player_takes() -> tuple[str, str]:
    """A share code and the reader's card that finishes a trick a computer player takes (and so
    leads next): the table then waits, at the "wait for me" pace."""
    def reader_ends_a_trick_for_another(state: State) -> bool:
        if state.to_move() != 0 or state.phase != "play" or len(state.trick.plays) != 3:
            return False
        after = state.clone()
        after.apply(state.legal_actions()[0])
        return render.trick_finished(after.view(0)) and after.to_move() != 0
    position = rule_bots_until(2, reader_ends_a_trick_for_another)
    return encode(position), position.legal_actions()[0]


def test_wait_for_me_keeps_a_finished_trick_until_continue(page: Page, site_url: str) -> None:
    code, card = a_trick_a_computer_player_takes()
    open_game(page, site_url, GAME)
    assert "wait for me after each trick" in page.locator(f"{LIVE} select[name=speed] option").all_inner_texts()
    page.select_option(f"{LIVE} select[name=speed]", "wait")
    # The pace is remembered for this game: a friend's link opened in this browser plays at it.
    other = open_link(page, f"{site_url}/games/{GAME}/#play={code}")
    assert other.input_value(f"{LIVE} select[name=speed]") == "wait"
    before = step(other)
    other.click(f'{LIVE} .pt-live-table [data-action="{card}"][data-legal=true]')
    wait_settled(other, before, go_on=False)
    assert state(other) == "continue"
    done = other.locator(f"{LIVE} .pt-live-table .pt-trick-done")
    assert done.locator(".pt-played").count() == 4 and done.locator(".pt-played.pt-taker").count() == 1
    taker = other.inner_text(f"{LIVE} .pt-trick-note")
    assert taker.startswith("Trick taken by ") and taker in other.inner_text(f"{LIVE} .pt-pause-text")
    # Longer than any timed linger (five moves' time at the normal pace): the trick is still there.
    at = step(other)
    other.wait_for_timeout(2000)
    assert step(other) == at and done.count() == 1
    assert other.evaluate("document.activeElement.dataset.control") == "continue"
    other.keyboard.press("Enter")
    other.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.step !== '{at}'")
    assert other.locator(f"{LIVE} .pt-live-table .pt-trick-done").count() == 0  # the next trick is led


def test_undo_while_the_summary_is_read_takes_the_move_back(page: Page, site_url: str) -> None:
    last = rule_bots_until(4, lambda s: s.to_move() == 0 and s.phase == "play" and C.count(s.hands[0]) == 1)
    code, card = encode(last), last.legal_actions()[0]
    open_game(page, site_url, GAME, f"#play={code}")
    before = step(page)
    page.click(f'{LIVE} .pt-live-table [data-action="{card}"][data-legal=true]')
    wait_settled(page, before, go_on=False)
    assert state(page) == "continue"
    page.click(f"{LIVE} [data-control=undo]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.step === '{before}'")
    wait_settled(page, go_on=False)
    assert state(page) == "your-turn" and step(page) == before
    assert page.locator(f"{LIVE} .pt-hand-summary").count() == 0
    assert page.locator(f"{LIVE} [data-control=continue]").is_hidden()
    assert page.locator(f'{LIVE} .pt-live-table [data-action="{card}"][data-legal=true]').count() == 1
