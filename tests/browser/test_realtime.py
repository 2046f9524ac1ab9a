"""Tables without turns, in Chromium: computer players act on their own clocks while the reader
does nothing, the reader's move and a computer player's landing in the same moment are both
taken (or the later one refused with the reason), and each game's own controls work."""

from __future__ import annotations

from playwright.sync_api import Page
from test_live_tables import open_settings, press_start, reach_table

LIVE = ".pt-live"
TABLE = "document.querySelector('.pt-live').parlourTable"


def open_table(page: Page, site_url: str, game: str, pace: str = "fast", options: dict | None = None,
               start: bool = True) -> None:
    page.goto(f"{site_url}/games/{game}/")
    reach_table(page)
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state")
    if page.input_value(f"{LIVE} select[name=speed]") != pace:
        page.select_option(f"{LIVE} select[name=speed]", pace)
        # The change of pace restores the game at the new pace: wait for it before dealing anew.
        page.wait_for_function(f"""() => !{TABLE}.record
            || document.querySelector('{LIVE} .pt-message').textContent.includes('now play at the')""")
    open_settings(page)
    for name, value in (options or {}).items():
        page.select_option(f"{LIVE} select[name={name}]", str(value))
    deals = page.get_attribute(LIVE, "data-deals") or ""
    page.fill(f"{LIVE} input[name=seed]", "7")
    page.click(f"{LIVE} [data-control=deal]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.deals !== '{deals}'")
    if start:
        press_start(page)


def step(page: Page) -> int:
    return int(page.get_attribute(LIVE, "data-step") or "0")


def actions(page: Page) -> list[str]:
    return page.evaluate(f"() => {TABLE}.record.actions")


def test_computer_players_play_on_their_own_clocks_while_the_reader_waits(page: Page, site_url: str) -> None:
    open_table(page, site_url, "twenty-four")
    start = step(page)
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {start}", timeout=60_000)
    assert any(action.startswith("1:") for action in actions(page)), "North moved without being asked"


def test_the_readers_move_and_a_computer_players_in_the_same_moment_are_both_taken(page: Page, site_url: str) -> None:
    open_table(page, site_url, "twenty-four", pace="beginner")
    before = step(page)
    # The reader gives up and North's timer fires in the same moment: both messages go to the engine.
    page.evaluate(f"""() => {{
        const table = {TABLE};
        const mine = table.legal.find((move) => move.action.startsWith("0:pass:"));
        const [seat, timer] = [...table.timers.entries()][0];
        table.choose(mine.action, true);
        table.fire(seat, timer.token);
    }}""")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= {before + 2}")
    taken = actions(page)[before:before + 2]
    assert taken[0].startswith("0:pass:") and taken[1].startswith("1:"), taken


def test_a_move_an_earlier_arrival_made_illegal_comes_back_with_the_reason(page: Page, site_url: str) -> None:
    open_table(page, site_url, "twenty-four", pace="beginner")
    page.evaluate(f"""() => {{
        const table = {TABLE};
        const [seat, timer] = [...table.timers.entries()][0];
        table.fire(seat, timer.token);
        table.choose(table.legal.find((move) => move.action.startsWith("0:pass:")).action, true);
    }}""")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.length > 0")
    message = page.inner_text(f"{LIVE} .pt-message")
    if actions(page)[0].startswith("1:slap"):
        assert message.startswith("Too late: North slapped first")
    else:  # North gave up first: the reader's giving up lands after it, both taken
        assert actions(page)[1].startswith("0:pass:")


def test_a_sum_is_built_from_the_buttons_checked_and_slapped(page: Page, site_url: str) -> None:
    open_table(page, site_url, "twenty-four", pace="beginner")
    tokens = page.locator(f"{LIVE} .pt-entry .pt-token")
    tokens.nth(0).click()
    page.locator(f"{LIVE} .pt-entry .pt-token[aria-label=plus]").click()
    tokens.nth(1).click()
    page.click(f"{LIVE} .pt-entry [data-entry=check]")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('=')"
                           f" || document.querySelector('{LIVE} .pt-message').textContent.includes('card')")
    before = step(page)
    page.fill(f"{LIVE} .pt-entry-text", "1+2+3+4")  # a wrong sum (or a wrong card): slapped all the same
    page.click(f"{LIVE} .pt-entry-play")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {before}"
                           f" || document.querySelector('{LIVE} .pt-message').textContent.length > 0")
    assert step(page) > before or page.inner_text(f"{LIVE} .pt-message")


def test_a_solution_shown_ends_that_set_for_the_computer_players_too(page: Page, site_url: str) -> None:
    """Issue 26 item 8: after "Show me a solution" North cannot slap with that same sum."""
    open_table(page, site_url, "twenty-four", pace="beginner")
    key = page.get_attribute(f"{LIVE} .pt-entry", "data-key")
    before = step(page)
    page.click(f"{LIVE} .pt-entry [data-entry=hint]")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {before}")
    assert actions(page)[before] == f"0:show:{key}"
    said = page.inner_text(f"{LIVE} .pt-message")
    assert said.startswith(("One way: ", "There is none")) or "cannot make 24" in said, said
    assert "over for everyone" in said
    assert page.get_attribute(f"{LIVE} .pt-entry", "data-key") == str(int(key) + 1), "a new set is turned"
    assert f"shown a solution of set {key}" in page.inner_text(f"{LIVE} .pt-live-table")
    # North's plan for the set just shown was dropped with the set: a slap of it can no longer land.
    page.evaluate(f"() => {TABLE}.choose('show:{key}', false)")  # asked why: the engine's reason
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('Too late')")
    refused = page.inner_text(f"{LIVE} .pt-message").removeprefix("You can't play that: ")
    assert refused.startswith("Too late:"), refused


def test_a_race_waits_for_start_and_nothing_moves_before_it(page: Page, site_url: str) -> None:
    """Issue 26 item 8: a race starts on the reader's Start, at the gentlest pace on a first visit."""
    page.goto(f"{site_url}/games/twenty-four/")
    reach_table(page)
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'start'")
    assert page.input_value(f"{LIVE} select[name=speed]") == "practice", "a first visit gets the gentlest pace"
    # The fastest computer players, and still nothing moves until Start.
    open_table(page, site_url, "twenty-four", pace="fast", start=False)
    assert page.get_attribute(LIVE, "data-state") == "start"
    assert page.is_visible(f"{LIVE} [data-control=start]")
    assert "Press Start" in page.inner_text(f"{LIVE} .pt-prompt")
    page.wait_for_timeout(4000)  # longer than a fast player's easiest sum
    assert step(page) == 0 and page.evaluate(f"() => {TABLE}.timers.size") == 0
    assert page.evaluate(f"() => document.querySelector('{LIVE} .pt-live-table').inert")
    page.click(f"{LIVE} [data-control=start]")
    assert not page.is_visible(f"{LIVE} [data-control=start]")
    assert page.get_attribute(LIVE, "data-state") != "start"
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > 0", timeout=60_000)


def test_a_computer_move_on_its_way_when_a_new_deal_is_asked_for_is_dropped(page: Page, site_url: str) -> None:
    """Issue 26 item 9: a computer player's timer firing while New deal is on its way neither moves in
    the new deal before Start nor reports that the old plan "could not move"."""
    open_table(page, site_url, "twenty-four", pace="beginner")
    outcome = page.evaluate(f"""async () => {{
        const table = {TABLE};
        const [seat, timer] = [...table.timers.entries()][0];
        const dealing = table.discardAndDeal("deal");
        await table.fire(seat, timer.token);  // North's old plan, the moment after New deal was pressed
        await dealing;
        await new Promise((done) => setTimeout(done, 300));
        return {{ moves: table.record.actions.length, state: table.root.dataset.state,
                  message: document.querySelector('{LIVE} .pt-message').textContent }};
    }}""")
    assert "could not move" not in outcome["message"], outcome
    assert outcome["moves"] == 0 and outcome["state"] == "start", outcome


def test_a_reload_of_a_race_in_progress_waits_for_start(page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", pace="practice")
    page.click(part(page, "AS"))
    page.click(part(page, "F"))
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= 2", timeout=20_000)
    at = step(page)
    page.reload()
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'start'")
    assert step(page) == at and "Welcome back" in page.inner_text(f"{LIVE} .pt-message")
    assert "paused" in page.inner_text(f"{LIVE} .pt-race-start")
    page.select_option(f"{LIVE} select[name=speed]", "fast")  # a pace chosen before Start: still waiting
    page.wait_for_timeout(2500)
    assert step(page) == at and page.get_attribute(LIVE, "data-state") == "start"
    press_start(page)
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {at}", timeout=30_000)


# ---- Nuts: a card, then where it goes (click, drag, double-click, keyboard); practice ----

def lit(page: Page) -> list[str]:
    return page.evaluate(f"() => Array.from(document.querySelectorAll('{LIVE} .pc-reachable'), (node) => node.dataset.part)")


def part(page: Page, name: str) -> str:
    return f'{LIVE} .pt-live-table [data-part="{name}"]'


def test_nuts_a_card_is_clicked_then_where_it_goes_and_practice_waits_for_the_reader(page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", pace="practice")
    page.wait_for_timeout(3000)
    assert actions(page) == [], "in practice the computer players wait for the reader's first move"
    page.click(part(page, "AS"))
    assert "F" in lit(page), "an ace lights up the place for a new foundation"
    page.click(part(page, "F"))
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= 2", timeout=20_000)
    assert actions(page)[0] == "0:AS>F" and actions(page)[1].startswith("1:")
    page.wait_for_timeout(3000)
    assert len(actions(page)) == 2, "North makes one move after each of the reader's"
    page.dblclick(part(page, "AC"))  # a double-click sends a card on its first move: a new foundation
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= 3")
    assert "0:AC>F" in actions(page)


def test_nuts_a_card_is_dragged_to_its_place(page: Page, site_url: str) -> None:
    # A window tall enough for the card and its place at once: a drag that must scroll the page on
    # the way is a test of Chromium's scrolling, not of the table.
    page.set_viewport_size({"width": 1200, "height": 1800})
    open_table(page, site_url, "nuts", pace="practice")
    page.drag_and_drop(part(page, "AS"), part(page, "F"))
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= 1")
    assert actions(page)[0] == "0:AS>F"


def test_nuts_is_played_with_the_keyboard_alone(page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", pace="practice")
    page.focus(part(page, "AS"))
    page.keyboard.press("Enter")
    for _ in range(60):  # the arrow keys go round the table's cards and places
        if page.evaluate("() => document.activeElement.dataset.part") == "F":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.part") == "F"
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) >= 1")
    assert actions(page)[0] == "0:AS>F"


def test_nuts_a_move_the_rules_allow_but_the_table_does_not_list_is_tried_and_a_wrong_one_explained(
        page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", pace="practice")
    page.click(part(page, "AS"))
    page.click(part(page, "S"))  # the stock is no place for a card
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.length > 0")
    assert page.inner_text(f"{LIVE} .pt-message").startswith("You can't play that:")
    assert actions(page) == []


def test_hints_follow_a_race_and_a_game_with_its_own_hint_offers_no_toggle(page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", pace="beginner")
    toggle = page.locator(f"{LIVE} input[name=hints]")
    assert toggle.is_visible() and not toggle.is_checked(), "hints are offered at Nuts, off until asked for"
    toggle.check()
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-hint').textContent.startsWith('Hint — a Family player would:')",
                           timeout=15_000)
    hint = page.inner_text(f"{LIVE} .pt-hint")
    assert len(hint) > len("Hint — a Family player would: ") + 5, hint
    # Twenty-Four has its own "Show me a solution": a hint always on would give every answer away.
    open_table(page, site_url, "twenty-four", pace="beginner")
    assert not page.locator(f"{LIVE} input[name=hints]").is_visible()


def test_a_race_stops_for_the_hands_summary_and_goes_on_after_continue(page: Page, site_url: str) -> None:
    """Bango, from a shared position two computer moves before a round ends (North turns down the
    last card of a row, West checks the Bango): the round ends on the computer players' clocks, its
    summary is shown, every clock waits while it is read, and Continue starts the next round."""
    import parlour
    from helpers import walk
    from parlour.codec import encode
    from test_live_tables import open_game

    game = parlour.load("bango")
    for _, state, _ in walk(game, 3, 3000):
        if state.last_hand_end is not None:
            break
    end = state.last_hand_end.step
    before_end = game.replay(state.seed, state.history[:end - 2])
    open_game(page, site_url, "bango", f"#play={encode(before_end)}")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'continue'", timeout=60_000)
    assert "what happened" in page.inner_text(f"{LIVE} .pt-hand-summary h4")
    assert "Continue" in page.inner_text(f"{LIVE} .pt-prompt") or "Continue" in page.inner_text(f"{LIVE}")
    at = step(page)
    page.wait_for_timeout(4000)  # longer than a call at the family's pace: nobody moves while it is read
    assert step(page) == at and page.get_attribute(LIVE, "data-state") == "continue"
    page.click(f"{LIVE} [data-control=continue]")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {at}", timeout=30_000)
    assert page.locator(f"{LIVE} .pt-hand-summary").count() == 0


def test_bango_waits_for_start_too_at_its_gentlest_pace(page: Page, site_url: str) -> None:
    """Every race table waits for Start (a consistent rule), Bango too, at Beginner on a first visit."""
    page.goto(f"{site_url}/games/bango/")
    reach_table(page)
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'start'")
    assert page.input_value(f"{LIVE} select[name=speed]") == "beginner"
    page.wait_for_timeout(2500)
    assert step(page) == 0 and page.evaluate(f"() => {TABLE}.timers.size") == 0


def test_a_race_offers_strong_players_who_play_on_their_clocks_and_say_why(page: Page, site_url: str) -> None:
    open_table(page, site_url, "nuts", start=False)
    offered = page.eval_on_selector_all(f"{LIVE} select[name=strength] option", "os => os.map(o => o.value)")
    assert offered == ["beginner", "family", "strong"]
    page.select_option(f"{LIVE} select[name=strength]", "strong")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('Strong')")
    if page.locator(f"{LIVE} [data-control=start]").count():
        press_start(page)
    start = step(page)
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {start}", timeout=60_000)
    assert any(action.startswith("1:") for action in actions(page)[start:]), "North moved on its own clock"
    page.wait_for_selector(f"{LIVE} .pt-why")
    assert page.locator(f"{LIVE} .pt-why").first.inner_text().strip()
