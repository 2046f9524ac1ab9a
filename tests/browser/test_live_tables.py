"""Every game's page, in Chromium: play a whole game through the UI, reload mid-game, share links,
bad links and saves, keyboard play, and stepping through worked examples.

The pages forbid evaluating strings as JavaScript (their Content-Security-Policy), so every
wait_for_function predicate is written as a function ("() => …"), which Playwright can call
without evaluating text in the page."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import parlour

GAMES = [spec.info.id for spec in parlour.games()]
LIVE = ".pt-live"
SETTLED = "el => el.dataset.state && el.dataset.state !== 'waiting' && !el.hasAttribute('aria-busy')"


def open_game(page: Page, site_url: str, game: str, hash_: str = "") -> None:
    """Open a game's page and wait for its table to be dealt and drawn. A table without turns may
    still be waiting for the reader's first chance to move (Bango: until a card of theirs is
    called, which at the family pace can take a minute), so only a table with turns waits for that."""
    page.goto(f"{site_url}/games/{game}/{hash_}")
    if not hash_:
        reach_table(page)
    page.wait_for_function(
        f"() => (el => el.dataset.step !== undefined && !el.hasAttribute('aria-busy'))(document.querySelector('{LIVE}'))")
    if page.get_attribute(LIVE, "data-realtime") is None:
        wait_settled(page)
    else:
        press_start(page)


def press_start(page: Page) -> None:
    """A race waits for the reader's Start (nothing moves before it): press it, if it is waiting."""
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state")
    if state(page) == "start":
        page.click(f"{LIVE} [data-control=start]")
        page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state !== 'start'")


def reach_table(page: Page) -> None:
    """Press the live table's Play button: the card engine starts only when the reader reaches for
    the table (a share or challenge link starts it at once, and has no Play button). Pressed where it
    is: scrolling to it first would start the engine by itself, and the button gives way to the loading.
    A table whose engine has started already (a game saved on this page) has no Play button to press."""
    play = page.locator(f"{LIVE} [data-control=play]")
    if play.count():
        play.dispatch_event("click")


def wait_settled(page: Page, previous_step: str | None = None, go_on: bool = True) -> None:
    """Wait until the table is idle (the reader's turn or the end), and past ``previous_step`` if given.
    A table stopped for the reader (a hand's summary) is sent on with Continue unless ``go_on`` is off."""
    if previous_step is None:
        page.wait_for_function(f"() => ({SETTLED})(document.querySelector('{LIVE}'))")
    else:
        page.wait_for_function(
            f"() => (el => ({SETTLED})(el) && el.dataset.step !== '{previous_step}')(document.querySelector('{LIVE}'))")
    while go_on and state(page) in ("continue", "start"):
        page.click(f"{LIVE} [data-control={'continue' if state(page) == 'continue' else 'start'}]")
        page.wait_for_function(f"() => ({SETTLED})(document.querySelector('{LIVE}'))")


def state(page: Page) -> str:
    return page.get_attribute(LIVE, "data-state") or ""


def step(page: Page) -> str:
    return page.get_attribute(LIVE, "data-step") or ""


def open_settings(page: Page) -> None:
    """Open the table's folded panel of rules and the deal number (a reader clicks its summary)."""
    panel = page.locator(f"{LIVE} details.pt-settings")
    # A click landing as the table above redraws (a race's Start box appearing after a change of
    # pace) can miss the summary: look again, as a reader would, until the panel is open.
    for _ in range(5):
        if panel.get_attribute("open") is not None:
            return
        panel.locator("summary").click()
        try:
            page.wait_for_function(f"() => document.querySelector('{LIVE} details.pt-settings').open", timeout=2000)
        except PlaywrightTimeout:
            continue
    assert panel.get_attribute("open") is not None, "the settings panel did not open"


def quick_settings(page: Page, game: str) -> None:
    """Computer players at full speed, and every numeric option (targets, caps) at its minimum."""
    if page.locator(f"{LIVE} select[name=speed]").is_visible():  # a patience has no computer players
        page.select_option(f"{LIVE} select[name=speed]", "fast")
    open_settings(page)
    for number in page.locator(f"{LIVE} .pt-controls input[type=number]:not([name=seed])").all():
        minimum = number.get_attribute("min")
        if minimum:
            number.fill(minimum)
    page.fill(f"{LIVE} input[name=seed]", "7")  # the same deal every run: a failure can be seen again
    deals = page.get_attribute(LIVE, "data-deals") or ""
    page.click(f"{LIVE} [data-control=deal]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.deals !== '{deals}'")
    wait_settled(page)


def legal_move(page: Page, chooser: random.Random | None = None) -> bool:
    """Make one of the legal moves through the UI (a seeded random one, so that a game with a
    stalling choice — everyone passing, say — still comes to its end): click the card or button,
    or, for a move made of several parts, pick its parts and then the move the table offers.
    False if a table without turns moved on before the move was made (nothing was played)."""
    moves = page.evaluate(f"document.querySelector('{LIVE}').parlourTable.legal")
    assert moves, "the reader's turn with no legal move"
    move = moves[chooser.randrange(len(moves))] if chooser else moves[0]
    table = f"{LIVE} .pt-live-table"
    before = step(page)
    if page.locator(f"{table} .pt-composer").count() and move["parts"]:
        placing = page.locator(f"{table} .pt-composer[data-play-on-pick=true]").count() > 0
        for part in move["parts"]:
            target = page.locator(f'{table} [data-part="{part}"]')
            realtime = page.get_attribute(LIVE, "data-realtime") is not None
            if realtime and not target.count():
                # A table without turns: a computer player's move landed after the list was read (a
                # new hand, say) and took the part away; the caller reads the table again.
                return False
            if realtime:
                # A card under others in a race's piles shows only its top strip: a person clicks
                # there, whenever it is under the pointer. The computer players' moves redraw the
                # table many times a second, so the card is never "stable" as Playwright waits for:
                # the click goes to the spot, as a person's would, and a part a move has taken away
                # meanwhile sends the caller to read the table again.
                try:
                    target.click(position={"x": 10, "y": 8}, force=True, timeout=10_000)
                except PlaywrightError:  # gone from the table, or under another card, by now
                    return False
            else:
                target.click()
            if step(page) != before or page.get_attribute(LIVE, "aria-busy") is not None:
                break  # a placing table made the move as soon as its parts named it
        else:
            button = page.locator(f'{table} .pt-composer [data-action="{move["action"]}"]')
            if button.count():
                button.click()
            else:
                # Only a placing table makes a move without its button (wait_settled waits for it).
                assert placing, "the picked parts offered no move"
    elif "amount" in move and not page.locator(f'{table} [data-action="{move["action"]}"]').count():
        # An amount with no button of its own (Mus's bid:17): typed in the number box, Enter makes it.
        verb = move["action"].partition(":")[0]
        box = page.locator(f'{table} .pt-amount[data-verb="{verb}"] input[name=amount]')
        box.fill(str(move["amount"]))
        box.press("Enter")
    else:
        page.click(f'{table} [data-action="{move["action"]}"][data-legal=true]')
    wait_settled(page, before)
    return True


def no_sideways_scrolling(page: Page) -> bool:
    """Whether the page fits the window's width (nothing to scroll sideways to)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


# The "one screen": a desk and a phone.
SCREENS = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# What a player needs in view at their turn, named as a failure says it.
TABLE_PARTS = {"whose turn it is": ".pt-prompt", "the score": ".pt-score-line:not([hidden])",
               "the middle of the table": ".pt-live-table .pt-middle", "your hand": ".pt-live-table .pt-pos-bottom"}
# Parts some tables do not have: a patience keeps no score, a race's own cards lie in the middle.
OPTIONAL_PARTS = ["the score", "your hand"]
# Each part past the edges of the screen left free by the page's header, in words with the pixels.
OFF_SCREEN = """([parts, optional]) => {
  const top = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const live = document.querySelector('.pt-live');
  return Object.entries(parts).flatMap(([name, selector]) => {
    const node = live.querySelector(selector);
    if (!node) return optional.includes(name) ? [] : [`${name} is missing`];
    const box = node.getBoundingClientRect();
    const off = [];
    if (box.top < top) off.push(`${name} starts ${Math.ceil(top - box.top)} px under the page's header`);
    if (box.bottom > innerHeight) off.push(`${name} ends ${Math.ceil(box.bottom - innerHeight)} px below the screen`);
    return off;
  });
}"""
# Resolves once the page has stopped scrolling (the jump to the table may be smooth).
SCROLL_ENDED = """async () => {
  let last = -1;
  while (scrollY !== last) { last = scrollY; await new Promise((done) => setTimeout(done, 100)); }
}"""


def assert_the_table_fits_one_screen(page: Page, game: str) -> None:
    """On a desk and on a phone, after the page's Play button has jumped to the table: whose turn it
    is, the score, the middle of the table and the reader's hand are all on the screen at once, and
    nothing makes the page scroll sideways."""
    size = page.viewport_size
    off_screen = []
    for screen, viewport in SCREENS.items():
        page.set_viewport_size(viewport)
        page.click(".pt-info-panel .pt-play-now a")
        page.evaluate(SCROLL_ENDED)
        where = f"on a {screen} ({viewport['width']}×{viewport['height']})"
        off_screen += [f"{where} {part}" for part in page.evaluate(OFF_SCREEN, [TABLE_PARTS, OPTIONAL_PARTS])]
        if not no_sideways_scrolling(page):
            off_screen.append(f"{where} the page is wider than the screen")
    page.set_viewport_size(size)
    assert not off_screen, f"{game}'s table does not fit one screen: " + "; ".join(off_screen)


def assert_a_hint_comes(page: Page, game: str) -> None:
    """With hints on, the reader's turn shows what a Family player would do (a game whose own hint is
    the answer, Twenty-Four, offers no toggle); hints go off again for the rest of the game."""
    toggle = page.locator(f"{LIVE} input[name=hints]")
    if not toggle.is_visible():
        assert game == "twenty-four", f"{game} offers no hints"
        return
    toggle.check()
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-hint').textContent.startsWith('Hint — ')",
                           timeout=15_000)
    toggle.uncheck()


@pytest.mark.parametrize("game", GAMES)
def test_play_a_whole_game_through_the_ui(page: Page, site_url: str, game: str) -> None:
    open_game(page, site_url, game)
    assert no_sideways_scrolling(page)
    quick_settings(page, game)
    assert_the_table_fits_one_screen(page, game)
    if state(page) == "your-turn":
        assert_a_hint_comes(page, game)
    # Every computer player's move says why, at a race as at a table with turns.
    asks_why = page.get_attribute(LIVE, "data-solo") is None
    saw_why = False
    checked_illegal = reloaded = False
    moves = overtaken = 0
    chooser = random.Random(game)
    realtime = page.get_attribute(LIVE, "data-realtime") is not None
    while state(page) != "over":
        saw_why = saw_why or page.locator(f"{LIVE} .pt-why").count() > 0
        if realtime and state(page) == "waiting":
            # A race moves on by itself: the computer players may have left the reader nothing to play
            # for a moment (their own moves, a new hand being dealt). Wait for the reader's next chance.
            overtaken += 1
            assert overtaken < 100, "the race kept the reader waiting"
            wait_settled(page)
            continue
        assert state(page) == "your-turn"
        illegal = page.locator(f"{LIVE} .pt-live-table [data-legal=false]")
        if not checked_illegal and illegal.count():
            illegal.first.click()
            page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('can')")
            assert "You can't play that:" in page.inner_text(f"{LIVE} .pt-message")
            checked_illegal = True
        if not legal_move(page, chooser):
            overtaken += 1
            assert overtaken < 100, "the table kept moving on before a part could be picked"
            continue
        moves += 1
        if moves == 3 and not reloaded and state(page) != "over":
            assert_the_table_fits_one_screen(page, game)  # again with a game under way
            at = step(page)
            page.reload()
            wait_settled(page)
            # At a race a computer player's move may land between reading the step and the reload.
            assert (int(step(page)) >= int(at)) if realtime else (step(page) == at), \
                "the game in progress did not survive a reload"
            assert "Welcome back" in page.inner_text(f"{LIVE} .pt-message")
            if page.locator(f"{LIVE} select[name=speed]").is_visible():
                page.select_option(f"{LIVE} select[name=speed]", "fast")
            reloaded = True
        assert moves < 4000, "the game did not end"
    outcome = page.inner_text(f"{LIVE} .pt-prompt")
    assert outcome.strip(), "no outcome shown at the end"
    saw_why = saw_why or page.locator(f"{LIVE} .pt-why").count() > 0
    assert saw_why or not asks_why, "no computer player's move said why"


def test_a_shared_link_reproduces_the_game(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    for _ in range(4):
        legal_move(page)
    at = step(page)
    page.click(f"{LIVE} [data-control=share]")
    link = page.locator(f"{LIVE} .pt-share-link").get_attribute("href")
    assert link and "#play=" in link
    other = page.context.new_page()
    other.goto(link)
    wait_settled(other)
    assert other.get_attribute(LIVE, "data-step") == at
    assert "shared deal" in other.inner_text(f"{LIVE} .pt-message")
    cards = "els => els.map(e => e.getAttribute('aria-label'))"
    assert (other.eval_on_selector_all(f"{LIVE} .pt-live-table [aria-label]", cards)
            == page.eval_on_selector_all(f"{LIVE} .pt-live-table [aria-label]", cards))
    other.close()


def test_a_tampered_share_link_shows_a_message_and_a_fresh_game(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts", "#play=eJyrVkrLz1eyUkpKLFKqBQAa3AQe")
    message = page.inner_text(f"{LIVE} .pt-message")
    assert "could not be opened" in message and "fresh game" in message
    assert state(page) in ("your-turn", "over")


def test_a_corrupt_save_is_discarded_with_a_message(page: Page, site_url: str) -> None:
    open_game(page, site_url, "accordion")
    page.evaluate("localStorage.setItem('parlour.save.accordion', '{not json')")
    page.reload()
    wait_settled(page)
    assert "discarded" in page.inner_text(f"{LIVE} .pt-message")
    page.evaluate("""localStorage.setItem('parlour.save.accordion',
        JSON.stringify({version: 1, record: {game: 'accordion', seed: 1, actions: ['9C>KC']}}))""")
    page.reload()
    wait_settled(page)
    message = page.inner_text(f"{LIVE} .pt-message")
    assert "could not be restored" in message and "discarded" in message
    assert page.evaluate("localStorage.getItem('parlour.save.accordion')") is not None  # the fresh game's save


def test_keyboard_only_play(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    page.focus(f"{LIVE} .pt-back a")  # the link just above the table: the cards come next
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.dataset.legal || ''")
        if focused == "true":
            break
    else:
        pytest.fail("Tab never reached a playable card")
    before = step(page)
    page.keyboard.press("Enter")
    wait_settled(page, before)
    # Every card is named as its picture reads ("king of diamonds"), whether it can be played or not.
    cards = page.locator(f"{LIVE} .pt-live-table .pc-button")
    named = page.locator(f"{LIVE} .pt-live-table").get_by_role(
        "button", name=re.compile(r"^(ace|king|queen|jack|\d+) of (clubs|diamonds|hearts|spades)( \(.+\))?$"))
    assert cards.count() and named.count() == cards.count(), "cards need a name a screen reader can say"


@pytest.mark.parametrize("game", GAMES)
def test_step_through_an_example_and_play_on(page: Page, site_url: str, game: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the page must not be wider than it
    open_game(page, site_url, game)
    assert no_sideways_scrolling(page)
    example = page.locator(".pt-example").first
    counter = example.locator(".pt-step")
    total = int(counter.inner_text().split(" of ")[1])
    example.locator("button[aria-label='To the start']").click()
    page.wait_for_function("el => el.dataset.step === '0'", arg=example.element_handle())
    start_table = example.locator(".pt-example-table").inner_html()
    example.locator(".pt-stepper").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("el => el.dataset.step === '1'", arg=example.element_handle())
    assert counter.inner_text() == f"Step 1 of {total}"
    assert example.locator(".pt-example-table").inner_html() != start_table or total == 0
    example.locator("button[aria-label='To the end']").click()
    page.wait_for_function(f"el => el.dataset.step === '{total}'", arg=example.element_handle())
    example.locator("button[aria-label='Previous step']").click()
    page.wait_for_function(f"el => el.dataset.step === '{total - 1}'", arg=example.element_handle())
    example.locator("[data-control=play-on]").click()
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('Playing on')")
    wait_settled(page)
    # The live table now holds the example's moves up to that step (and the computer players' replies).
    assert int(step(page)) >= total - 1
    assert f"Playing on from step {total - 1}" in page.inner_text(f"{LIVE} .pt-message")


def test_the_cribbage_count_box_counts_in_the_browser(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/games/cribbage/")
    box = ".pt-count-box"
    page.wait_for_selector(f"{box} .pt-count-form:not([hidden])")
    assert page.locator(f"{box} .pt-count-note").is_hidden()
    page.fill(f"{box} input[name=hand]", "5h 5c 5s jd")
    page.fill(f"{box} input[name=starter]", "5D")
    page.click(f"{box} button[type=submit]")
    page.wait_for_selector(f"{box} .pt-count-total")
    assert page.inner_text(f"{box} .pt-count-total") == "Total: 29"
    assert "his nobs is twenty-nine" in page.inner_text(f"{box} .pt-count-spoken")
    page.fill(f"{box} input[name=starter]", "5Q")
    page.click(f"{box} button[type=submit]")
    page.wait_for_selector(f"{box} .pt-error")
    assert "'5Q' is not a card" in page.inner_text(f"{box} .pt-error")


def test_the_strength_setting_seats_strong_players_and_is_saved(page: Page, site_url: str) -> None:
    open_game(page, site_url, "euchre")
    page.select_option(f"{LIVE} select[name=speed]", "fast")
    page.select_option(f"{LIVE} select[name=strength]", "strong")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('Strong')")
    wait_settled(page)
    legal_move(page)
    wait_settled(page)
    saved = page.evaluate("JSON.parse(localStorage.getItem('parlour.save.euchre') || 'null')")
    assert saved and saved["strength"] == "strong"
    page.reload()
    wait_settled(page)
    assert page.input_value(f"{LIVE} select[name=strength]") == "strong"


def test_a_game_where_no_choice_matters_offers_no_strong_player(page: Page, site_url: str) -> None:
    open_game(page, site_url, "beggar-my-neighbour")
    offered = page.eval_on_selector_all(f"{LIVE} select[name=strength] option", "os => os.map(o => o.value)")
    assert offered == ["beginner", "family"]


def test_a_save_at_a_strength_no_longer_offered_plays_at_family(page: Page, site_url: str) -> None:
    # A game saved with Strong players before Beggar My Neighbour stopped offering Strong: it carries
    # on, at Family, and the table says why.
    open_game(page, site_url, "beggar-my-neighbour")
    legal_move(page)
    wait_settled(page)
    page.evaluate("""() => { const key = 'parlour.save.beggar-my-neighbour';
        const saved = JSON.parse(localStorage.getItem(key)); saved.strength = 'strong';
        localStorage.setItem(key, JSON.stringify(saved)); }""")
    page.reload()
    wait_settled(page)
    assert page.input_value(f"{LIVE} select[name=strength]") == "family"
    message = page.inner_text(f"{LIVE} .pt-message")
    assert "saved with Strong" in message and "now play at Family" in message
