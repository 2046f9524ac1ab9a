"""Picking in Chromium (issue 26, items 3, 5 and 9): every pick gets an answer, the move that goes on
with the turn is the button a tap meets first, the card just drawn is marked, a card in a phone's hand
shows enough of its face, and nothing said about a position outlives it (Undo, New deal).

Each test starts from a share link near the moment it checks (a position made here with the engine)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import parlour
from parlour import cards as C, codec
from parlour.bots import make_bot
from parlour.core import State
from parlour.rulebook.tuck import TRACK_IDS

from test_live_tables import GAMES, LIVE, open_game, step, wait_settled

TABLE = f"{LIVE} .pt-live-table"
#: The least of a card's face a phone shows of each card in the reader's fanned hand, in CSS pixels.
PHONE_FACE_PX = 36

# The narrowest strip of a card face showing in the reader's hand: the distance from each card to the
# next one in the same line (a card on a line of its own shows its whole width). None: no hand in view.
NARROWEST_FACE = """() => {
  const slots = [...document.querySelectorAll('.pt-live .pt-live-table .pt-pos-bottom .pc-hand > .pc-slot')];
  if (!slots.length) return null;
  const boxes = slots.map((s) => (s.querySelector('.pc-card') || s).getBoundingClientRect());
  let least = Infinity;
  boxes.forEach((box, i) => {
    const next = boxes[i + 1];
    const shown = next && Math.abs(next.top - box.top) < 2 ? next.left - box.left : box.width;
    least = Math.min(least, shown);
  });
  return least;
}"""


def narrowest_face(page: Page) -> float | None:
    return page.evaluate(NARROWEST_FACE)


def open_live(page: Page, site_url: str, game: str, hash_: str = "") -> None:
    open_game(page, site_url, game, hash_)


def share_code(game: str, seed: int, until, **options) -> str:
    """The share code of ``game`` (deal ``seed``) played by rule bots until ``until(state)`` holds."""
    rules = parlour.load(game, **options)
    state: State = rules.new(seed)
    bot = make_bot(rules, "rule")
    while not until(state):
        assert not state.is_over, "the position looked for never came"
        state.apply(bot.choose(state))
    return codec.encode(state)


def message(page: Page) -> str:
    return page.inner_text(f"{LIVE} .pt-message")


def wait_for_refusal(page: Page) -> None:
    """Wait for the engine's answer to a tried pick. Not just any message: a share link's own notice
    ("This is the shared deal from the link.") is already there when the pick is tried."""
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent"
                           ".includes(\"can't play that\")")


def test_a_card_no_move_uses_can_be_picked_and_a_wrong_sum_gets_the_rules_reason(page: Page, site_url: str) -> None:
    # Casino, deal 1, the reader's first turn: 9♦ 3♥ 2♥ 8♠ in hand; Q♥ 6♣ J♠ 3♦ on the table.
    code = share_code("casino", 1, lambda s: s.to_move() == 0)
    open_live(page, site_url, "casino", f"#play={code}")
    # The Q♥ and J♠ take part in no legal move, and can be picked all the same.
    for dead in ("QH", "JS"):
        page.click(f'{TABLE} [data-part="{dead}"]')
        assert page.get_attribute(f'{TABLE} [data-part="{dead}"]', "aria-pressed") == "true"
    page.click(f"{TABLE} .pt-composer .pt-control:text-is('Clear')")
    # A child's wrong sum: the 8♠ on 6♣ and 3♦, which make 9.
    for part in ("8S", "6C", "3D"):
        page.click(f'{TABLE} [data-part="{part}"]')
    page.click(f"{TABLE} .pt-composer .pt-try:text-is('Capture')")
    wait_for_refusal(page)
    assert message(page).startswith("You can't play that:") and "make 9, not 8" in message(page)
    # The refusal answers that pick: it goes when the pick changes.
    page.click(f'{TABLE} [data-part="3D"]')
    assert message(page) == ""
    # A court card on the table no move uses: trying a capture with it says why not.
    page.click(f"{TABLE} .pt-composer .pt-control:text-is('Clear')")
    for part in ("9D", "QH"):
        page.click(f'{TABLE} [data-part="{part}"]')
    page.click(f"{TABLE} .pt-composer .pt-try:text-is('Capture')")
    wait_for_refusal(page)
    assert "only by pairing" in message(page)
    page.click(f"{TABLE} .pt-composer .pt-control:text-is('Clear')")
    assert message(page) == "", "a refusal goes when the pick is cleared"


def burraco_after_the_draw_with_a_card_to_add(state: State) -> bool:
    """The reader has drawn and holds a card that could go on a meld (or be discarded)."""
    return (state.to_move() == 0 and state.phase == "play"
            and any(a.startswith("add:") for a in state.legal_actions()))


def test_the_move_that_goes_on_with_the_turn_is_the_solid_button_and_the_drawn_card_is_marked(
        page: Page, site_url: str) -> None:
    code = share_code("burraco", 3, burraco_after_the_draw_with_a_card_to_add)
    open_live(page, site_url, "burraco", f"#play={code}")
    legal = page.evaluate(f"document.querySelector('{LIVE}').parlourTable.legal")
    add = next(m for m in legal if m["action"].startswith("add:"))
    card = next(p for p in add["parts"] if page.locator(f'{TABLE} .pc-hand [data-part="{p}"]').count())
    page.click(f'{TABLE} .pc-hand [data-part="{card}"]')
    buttons = page.locator(f"{TABLE} .pt-composer .pt-action[data-action]")
    first = buttons.first
    assert first.get_attribute("data-action").startswith(("add:", "meld:")), "a tap meets a move that goes on first"
    assert "pt-suggestion" not in first.get_attribute("class"), "the move that goes on is the solid button"
    discard = page.locator(f'{TABLE} .pt-composer [data-action="discard:{card}"]')
    assert "pt-suggestion" in discard.get_attribute("class") and "pt-ends-turn" in discard.get_attribute("class")
    actions = buttons.evaluate_all("els => els.map(e => e.dataset.action)")
    assert actions[-1] == f"discard:{card}", "the discard, which ends the turn, comes last"
    # The cards the draw brought in (here the discard pile, taken whole) are marked in the hand, and
    # named so for a screen reader.
    drawn = page.locator(f"{TABLE} .pt-pos-bottom .pc-hand .pc-drawn")
    assert drawn.count() >= 1 and all("just drawn" in text for text in drawn.all_inner_texts())


def readers_move_made(game: str, seed: int) -> str:
    """A share code of ``game`` just after the reader's first move: the computer players answer it
    when the link opens, each with a "Why?"."""
    rules = parlour.load(game)
    state: State = rules.new(seed)
    bot = make_bot(rules, "rule")
    while state.to_move() != 0:
        state.apply(bot.choose(state))
    state.apply(bot.choose(state))
    return codec.encode(state)


@pytest.mark.parametrize("game", ["casino", "tuck"])
def test_undo_and_new_deal_leave_nothing_said_about_the_old_position(page: Page, site_url: str, game: str) -> None:
    open_live(page, site_url, game, f"#play={readers_move_made(game, 1)}")
    assert page.locator(f"{LIVE} .pt-whys .pt-why").count() >= 1, "the computer players' moves say why"
    page.check(f"{LIVE} input[name=hints]")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-hint').textContent.startsWith('Hint')")
    # Undo takes back the reader's move and the answers to it: their reasons go too.
    before = step(page)
    page.click(f"{LIVE} [data-control=undo]")
    wait_settled(page, before)
    assert page.locator(f"{LIVE} .pt-whys .pt-why").count() == 0, "whys of undone moves are gone"
    # A new deal: nothing said about the old deal stays (its own computer players' moves say why anew).
    page.evaluate(f"""() => {{ document.querySelector('{LIVE} .pt-hint').textContent = 'Hint — OLD';
        document.querySelector('{LIVE} .pt-message').textContent = 'OLD'; }}""")
    page.evaluate(f"""() => document.querySelectorAll('{LIVE} .pt-whys .pt-why').forEach((n) => n.dataset.old = 'true')""")
    deals = page.get_attribute(LIVE, "data-deals") or ""
    page.click(f"{LIVE} [data-control=deal]")
    if page.locator(f"{LIVE} [data-control=confirm]").count():
        page.click(f"{LIVE} [data-control=confirm]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.deals !== '{deals}'")
    wait_settled(page)
    assert "OLD" not in page.inner_text(f"{LIVE} .pt-hint") and "OLD" not in message(page)
    assert page.locator(f"{LIVE} .pt-whys [data-old]").count() == 0


# Every game's table as dealt (its reader's hand at its fullest; or at the reader's first turn), drawn in turn in one live table's box
# by the page's own engine: the measure of each is NARROWEST_FACE's.
EVERY_GAMES_FACES = """async (games) => {
  const box = document.querySelector('.pt-live .pt-live-table');
  const narrowest = """ + NARROWEST_FACE + """;
  const faces = {};
  for (const game of games) {
    const reply = await window.parlour.call('new', { table: 'phone-hands', game, options: {}, seed: 1, seat: 0 });
    if (reply.type !== 'state') { faces[game] = reply.message; continue; }
    box.innerHTML = reply.table_html;
    faces[game] = narrowest();
    if (faces[game] === null && !reply.human_turn) {
      // A hand not in view yet (dealt face down, or not dealt): the computer players play on to the
      // reader's first turn.
      const on = await window.parlour.call('bots', { table: 'phone-hands' });
      if (on.type === 'state') { box.innerHTML = on.table_html; faces[game] = narrowest(); }
    }
  }
  return faces;
}"""


def every_games_phone_faces(page: Page) -> dict[str, float | str | None]:
    return page.evaluate(EVERY_GAMES_FACES, GAMES)


def test_every_games_phone_hand_shows_enough_of_each_card(page: Page, site_url: str) -> None:
    """On a phone (390 px wide) each card of the reader's fanned hand shows at least PHONE_FACE_PX of
    its face: every game's table as dealt, drawn in one page by its engine."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_live(page, site_url, "hearts")
    faces = every_games_phone_faces(page)
    assert not [game for game, face in faces.items() if isinstance(face, str)], faces
    narrow = {game: round(face, 1) for game, face in faces.items() if face is not None and face < PHONE_FACE_PX}
    assert not narrow, f"cards in hand show less than {PHONE_FACE_PX} px on a phone: {narrow}"


def test_on_a_board_of_cards_a_space_the_card_cannot_claim_gets_the_rules_reason(page: Page, site_url: str) -> None:
    rules = parlour.load("one-eyed-jack")
    state: State = rules.new(1)
    bot = make_bot(rules, "rule")
    while state.to_move() != 0:
        state.apply(bot.choose(state))
    card, space = state.legal_actions()[0].split(":")
    wrong = next(f"c{row}{col}" for row in range(1, 9) for col in range(1, 9)
                 if f"{card}:c{row}{col}" not in state.legal_actions())
    assert "claims only its own spaces" in state.why_illegal(f"{card}:{wrong}")
    open_live(page, site_url, "one-eyed-jack", f"#play={codec.encode(state)}")
    before = step(page)
    page.click(f'{TABLE} .pc-hand [data-part="{card}"]')
    page.click(f'{TABLE} [data-part="{wrong}"]')
    wait_for_refusal(page)
    assert message(page).startswith("You can't play that:") and "claims only its own spaces" in message(page)
    assert step(page) == before, "nothing was played"
    # The pick starts again; the next pick clears the answer.
    page.click(f'{TABLE} .pc-hand [data-part="{card}"]')
    assert message(page) == ""


def tuck_move_of_one_peg(state: State) -> bool:
    """The reader's turn to play a card, with a card that moves one peg forward to a hole of the track."""
    return (state.to_move() == 0 and state.phase == "play"
            and any(">" in a and "," not in a and "start" not in a and "home" not in a and a[0] not in "4AKJ"
                    for a in state.legal_actions()))


def test_on_the_tuck_board_a_hole_the_card_cannot_reach_gets_where_it_can_go(page: Page, site_url: str) -> None:
    code = share_code("tuck", 1, tuck_move_of_one_peg)
    state = codec.decode(code)
    move = next(a for a in state.legal_actions() if ">" in a and "," not in a and "start" not in a
                and "home" not in a and a[0] not in "4AKJ")
    card, rest = move.split(":")
    source, target = rest.split(">")
    # A hole of the track no move of that card reaches (and no peg of the reader's stands on).
    wrong = next(space for space in TRACK_IDS if "here it can" in (state.why_illegal(f"{card}:{space}") or ""))
    open_live(page, site_url, "tuck", f"#play={code}")
    before = step(page)
    page.click(f'{TABLE} .pc-hand [data-part="{card}"]')
    page.click(f'{TABLE} [data-part="{wrong}"]')
    wait_for_refusal(page)
    said = message(page)
    assert said.startswith("You can't play that:") and f"from {source} to {target}" in said and f"not to {wrong}" in said
    assert "your peg" in said, "told to the reader"
    assert step(page) == before, "nothing was played"
    page.click(f'{TABLE} .pc-hand [data-part="{card}"]')
    assert message(page) == "", "the next pick clears the answer"


def east_west_with_a_full_row(state: State) -> bool:
    return state.to_move() == 0 and any(len(row[0]) == 4 for row in state.rows) and state.placed(0) < 12


def test_on_the_east_west_board_a_full_row_gets_the_rows_limit(page: Page, site_url: str) -> None:
    code = share_code("east-west", 1, east_west_with_a_full_row)
    state = codec.decode(code)
    full = next(f"row{r + 1}" for r, row in enumerate(state.rows) if len(row[0]) == 4)
    open_live(page, site_url, "east-west", f"#play={code}")
    before = step(page)
    # The full row is not drawn as a place to go (it takes part in no move), yet it can be picked.
    assert "pc-idle" in page.get_attribute(f'{TABLE} [data-part="{full}"]', "class")
    # The row alone (the drawn card is the only one to place), then the card and the row.
    for picks in ([full], [C.code(state.drawn), full]):
        for part in picks:
            page.click(f'{TABLE} [data-part="{part}"]')
        wait_for_refusal(page)
        assert "already has four of your cards" in message(page) and "its hand is finished" in message(page)
        assert step(page) == before, "nothing was played"
        page.click(f'{TABLE} .pc-hand [data-part="{C.code(state.drawn)}"]')
        assert message(page) == ""
        page.click(f'{TABLE} .pc-hand [data-part="{C.code(state.drawn)}"]')


def test_a_board_is_one_tab_stop_and_the_arrow_keys_move_within_it(page: Page, site_url: str) -> None:
    """Tuck's 112 holes by keyboard: Tab reaches the board once (a hole the picked card can go to) and
    leaves it on the next Tab; the arrow keys move from hole to hole; Enter there makes the move."""
    code = share_code("tuck", 1, tuck_move_of_one_peg)
    state = codec.decode(code)
    move = next(a for a in state.legal_actions() if ">" in a and "," not in a and "start" not in a
                and "home" not in a and a[0] not in "4AKJ")
    card, target = move.split(":")[0], move.split(">")[1]
    open_live(page, site_url, "tuck", f"#play={code}")
    before = step(page)
    stops = page.evaluate(f"() => [...document.querySelectorAll('{TABLE} .pt-board .pt-space')]"
                          ".filter((node) => node.tabIndex === 0).length")
    assert stops == 1, "one Tab stop for the whole board"
    page.focus(f'{TABLE} .pc-hand [data-part="{card}"]')
    page.keyboard.press("Enter")  # the card picked: the holes it can go to light up
    focused = "() => document.activeElement.dataset.part || document.activeElement.textContent"
    reached = []
    for _ in range(12):  # from the hand, Tab goes on until it reaches the board
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.pt-board .pt-space')"):
            reached.append(page.evaluate(focused))
            break
    assert reached, "Tab reached the board"
    assert page.evaluate("() => document.activeElement.classList.contains('pc-reachable')"), \
        "the board's stop is a hole the picked card can go to"
    # The arrow keys move within the board; the next Tab leaves it.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.matches('.pt-board .pt-space')")
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.activeElement.matches('.pt-board .pt-space')"), "one Tab leaves the board"
    # Back into the board and onto the target hole by its name; Enter makes the move.
    page.focus(f'{TABLE} [data-part="{target}"]')
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{LIVE}').dataset.step) > {before}")
