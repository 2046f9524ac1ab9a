"""The page ↔ engine protocol (the Python side that runs in the browser's worker)."""

import json
import re
import sys
from pathlib import Path

import pytest

import parlour
from parlour import cards as C
from parlour import render, web
from parlour.determinise import determinisable
from parlour.bots import make_bot
from parlour.rng import Rng
from parlour.search import SearchBot, searches

from helpers import withhold_strong


def send(**fields):
    return web.handle({"v": 1, "id": 7, **fields})


def new(table="t", game="hearts", seed=3, **extra):
    reply = send(type="new", table=table, game=game, seed=seed, **extra)
    assert reply["type"] == "state", reply
    return reply


def drive_bots(table="t"):
    reply = send(type="view", table=table)
    while not reply["human_turn"] and not reply["over"]:
        reply = send(type="bot", table=table)
        assert reply["type"] == "state"
    return reply


def test_new_game_draws_the_readers_table():
    reply = new()
    assert reply["v"] == 1 and reply["id"] == 7
    assert "pt-table" in reply["table_html"] and "pc-card" in reply["table_html"]
    assert reply["record"]["game"] == "hearts" and reply["seed"] == 3


def test_reader_moves_bots_answer_and_legal_cards_are_marked():
    new()
    reply = drive_bots()
    assert reply["human_turn"] and reply["legal"]
    action = reply["legal"][0]["action"]
    assert f'data-action="{action}" data-legal="true"' in reply["table_html"]
    after = send(type="apply", table="t", action=action)
    assert after["type"] == "state" and after["step"] == reply["step"] + 1


def test_illegal_move_gets_the_engines_reason_and_changes_nothing():
    new(options={"passing": "rotation"})
    drive_bots()
    before = send(type="view", table="t")
    bad = send(type="apply", table="t", action="ZZ")
    assert bad["type"] == "error" and bad["kind"] == "illegal" and "not a card code" in bad["message"]
    assert send(type="view", table="t")["record"] == before["record"]
    why = send(type="explain", table="t", action="ZZ")
    assert why["type"] == "reason" and why["reason"]


def test_explain_says_it_is_not_your_turn_while_bots_play():
    new(game="beggar-my-neighbour", seed=5)
    reply = send(type="view", table="t")
    if reply["human_turn"]:
        send(type="apply", table="t", action="turn")
    reply = send(type="view", table="t")
    if not reply["human_turn"] and not reply["over"]:
        assert send(type="explain", table="t", action="turn")["reason"] == "It is not your turn yet."
        assert send(type="apply", table="t", action="turn")["type"] == "error"


def test_undo_takes_back_the_readers_move_and_the_replies():
    new(options={"passing": "rotation"})
    reply = drive_bots()
    step = reply["step"]
    send(type="apply", table="t", action=reply["legal"][0]["action"])
    drive_bots()
    undone = send(type="undo", table="t")
    assert undone["type"] == "state" and undone["step"] == step and undone["human_turn"]


def test_undo_with_nothing_to_undo_is_refused():
    new(game="accordion")
    reply = send(type="undo", table="t")
    assert reply["type"] == "error" and "nothing" in reply["message"]


def test_share_code_restores_the_same_game():
    new(options={"passing": "rotation"})
    drive_bots()
    code = send(type="code", table="t")["code"]
    again = send(type="restore", table="u", code=code)
    assert again["record"] == send(type="view", table="t")["record"]


def test_bad_codes_and_records_are_refused_with_a_message():
    for fields in ({"code": "garbage!"}, {"code": "AAAA"}, {"record": {"game": "hearts"}},
                   {"record": {"game": "hearts", "seed": 1, "actions": ["QQ"]}}):
        reply = send(type="restore", table="x", **fields)
        assert reply["type"] == "error" and reply["message"]


def test_replay_steps_through_a_record():
    reply = new(game="accordion")
    for _ in range(5):
        reply = send(type="apply", table="t", action=reply["legal"][0]["action"])
    record = reply["record"]
    reply = send(type="replay", record=record, step=3)
    assert reply["type"] == "replay" and reply["steps"] == 5 and reply["step"] == 3
    assert reply["table_html"].count('class="pc-pile"') <= 3
    assert send(type="replay", record=record, step=9)["type"] == "error"


@pytest.mark.parametrize("message,text", [
    ("not a dict", "JSON object"),
    ({"v": 2, "id": 1, "type": "view", "table": "t"}, "version"),
    ({"v": 1, "type": "view", "table": "t"}, "id"),
    ({"v": 1, "id": 1, "type": "dance"}, "unknown message type"),
    ({"v": 1, "id": 1, "type": "view"}, "needs a 'table'"),
    ({"v": 1, "id": 1, "type": "view", "table": 5}, "wrong type"),
    ({"v": 1, "id": 1, "type": "view", "table": "t", "extra": 1}, "no field"),
    ({"v": 1, "id": 1, "type": "new", "table": "t", "game": "snap"}, "no game"),
    ({"v": 1, "id": 1, "type": "new", "table": "t", "game": "hearts", "options": {"moon": "sun"}}, "moon"),
    ({"v": 1, "id": 1, "type": "new", "table": "t", "game": "hearts", "seed": -1}, "seed"),
    ({"v": 1, "id": 1, "type": "new", "table": "t", "game": "hearts", "seat": 9}, "seat"),
    ({"v": 1, "id": 1, "type": "view", "table": "nowhere"}, "no table"),
    ({"v": 1, "id": 1, "type": "restore", "table": "t"}, "either a code or a record"),
    ({"v": 1, "id": 1, "type": "new", "table": "t", "game": "hearts", "sort": "rank"}, "keeps its own order"),
    ({"v": 1, "id": 1, "type": "sort", "table": "t"}, "needs a 'by'"),
])
def test_every_kind_of_bad_message_is_refused_with_a_reason(message, text):
    reply = web.handle(message)
    assert reply["type"] == "error" and text in reply["message"]


def test_json_entry_point_refuses_non_json():
    reply = json.loads(web.handle_json("{nope"))
    assert reply["type"] == "error" and "JSON" in reply["message"]
    ok = json.loads(web.handle_json(json.dumps({"v": 1, "id": 3, "type": "new", "table": "j", "game": "accordion"})))
    assert ok["type"] == "state" and ok["id"] == 3


def test_a_bad_message_never_loses_the_game_in_progress():
    new()
    before = send(type="view", table="t")["record"]
    for bad in ({"type": "apply", "table": "t", "action": "QQ"}, {"type": "undo", "table": "t", "x": 1},
                {"type": "restore", "table": "t", "code": "zzz"}):
        web.handle({"v": 1, "id": 1, **bad})
    assert send(type="view", table="t")["record"] == before


def test_bots_message_plays_every_computer_move_up_to_the_readers_turn():
    new(options={"passing": "rotation"})
    reply = send(type="bots", table="t")
    assert reply["type"] == "state" and (reply["human_turn"] or reply["over"])
    assert all(ms >= 0 for ms in reply["bot_ms"])
    again = send(type="bots", table="t")
    assert again["step"] == reply["step"] and again["bot_ms"] == []


def test_a_rummy_hand_is_sorted_by_suit_or_by_rank_at_the_readers_choice():
    reply = new(game="burraco", seed=4)
    assert reply["sorts"] == ["suit", "rank"] and reply["sort"] == ""
    by_rank = send(type="sort", table="t", by="rank")
    assert by_rank["type"] == "state" and by_rank["sort"] == "rank"
    assert by_rank["record"] == reply["record"], "sorting changes no move"
    state = web._tables["t"].state
    hand = [state.pack.card(code) for code in state.view(0)["seats"][0]["hand"]]
    ranks = [99 if C.is_joker(c) else C.rank_of(c) for c in hand]
    assert ranks == sorted(ranks) and len(set(C.suit_of(c) for c in hand)) > 1
    assert hand != sorted(hand, key=lambda c: (C.is_joker(c), C.suit_of(c), C.rank_of(c))), "not the suit order"
    refused = send(type="sort", table="t", by="colour")
    assert refused["type"] == "error" and "suit, rank" in refused["message"]
    again = new(game="burraco", seed=4, sort="rank")
    assert again["sort"] == "rank"
    assert send(type="view", table="t")["sort"] == "rank", "the choice stays with the table"


@pytest.mark.parametrize("strength,bot", [("beginner", "random"), ("family", "rule"), ("strong", "search")])
def test_the_strength_chosen_seats_that_kind_of_computer_player(strength, bot):
    reply = new(strength=strength)
    assert reply["strength"] == strength
    table = web._tables["t"]
    assert {b.name for seat, b in enumerate(table.bots) if seat != table.seat} == {bot}
    reply = send(type="bots", table="t")
    assert reply["type"] == "state" and reply["human_turn"]


def test_a_strong_move_reports_the_imagined_deals_it_used_and_a_family_move_none():
    new(strength="strong")
    table = web._tables["t"]
    for seat, bot in enumerate(table.bots):
        if seat != table.seat:
            bot.seconds = None  # the deals, not the machine's speed, decide what is reported
            bot.iterations = 3
    deals, expected = [], []
    for _ in range(60):  # past the pass and into the tricks, where some moves are forced
        reply = send(type="view", table="t")
        if reply["human_turn"]:
            reply = send(type="apply", table="t", action=reply["legal"][0]["action"])
            continue
        forced = len(table.state.legal_actions()) == 1
        expected.append(0 if forced else 3)  # a forced move imagines nothing (not the last move's count)
        deals.append(send(type="bot", table="t")["deals"])
    assert deals == expected and 0 in deals and 3 in deals
    new(strength="family")
    reply = send(type="view", table="t")
    assert not reply["human_turn"] and "deals" not in send(type="bot", table="t")


def test_the_strength_is_family_unless_chosen_and_kept_when_restoring():
    assert new()["strength"] == "family"
    record = new(strength="strong")["record"]
    restored = send(type="restore", table="u", record=record, strength="beginner")
    assert restored["type"] == "state" and restored["strength"] == "beginner"
    assert {b.name for b in web._tables["u"].bots} == {"random"}


@pytest.mark.parametrize("strength", ["expert", "", "Strong", 3])
def test_an_unknown_strength_is_refused_and_the_game_in_progress_kept(strength):
    before = new(strength="strong")
    reply = send(type="new", table="t", game="hearts", seed=9, strength=strength)
    assert reply["type"] == "error" and "strength" in reply["message"]
    assert send(type="view", table="t")["record"] == before["record"]
    assert web._tables["t"].strength == "strong"


def test_count_message_uses_the_games_counting_helper():
    reply = send(type="count", game="cribbage", inputs={"hand": "5H 5C 5S JD", "starter": "5D", "crib": False})
    assert reply["type"] == "count" and reply["total"] == 29 and reply["id"] == 7
    assert reply["spoken"].endswith("and his nobs is twenty-nine")
    assert reply["heading"].startswith("5♥ 5♣ 5♠ J♦") and "four of a kind is twenty-eight (5♣ 5♦ 5♥ 5♠)" in reply["lines"]
    crib = send(type="count", game="cribbage", inputs={"hand": "2H 6H 10H QH", "starter": "8C", "crib": True})
    assert crib["total"] == 0


@pytest.mark.parametrize("inputs,text", [
    ({"hand": "5H 5C 5S ZZ", "starter": "5D"}, "'ZZ' is not a card"),
    ({"hand": "5H 5C 5S", "starter": "5D"}, "four cards"),
    ({"hand": "5H 5C 5S JD"}, "Starter is missing"),
    ({"hand": "5H 5C 5S JD", "starter": "5D", "crib": "yes"}, "yes or no"),
    ({"hand": "5H 5C 5S JD", "starter": 5}, "Starter is missing"),
    ({"hand": "5H 5C 5S JD", "starter": "5D", "colour": "red"}, "unknown input 'colour'"),
    ({"hand": "5H " * 100, "starter": "5D"}, "far too long"),
])
def test_count_message_refuses_what_it_cannot_count(inputs, text):
    reply = send(type="count", game="cribbage", inputs=inputs)
    assert reply["type"] == "error" and reply["kind"] == "refused" and text in reply["message"]


def test_count_message_is_checked_like_the_others():
    assert "has no counting helper" in send(type="count", game="hearts", inputs={})["message"]
    assert "no game" in send(type="count", game="snap", inputs={})["message"]
    assert "wrong type" in send(type="count", game="cribbage", inputs="5H")["message"]
    assert "needs a 'inputs'" in send(type="count", game="cribbage")["message"]


#: A card as the page names it: "Q♠", "10♥", "the 7 of oros".
CARD_NAME = re.compile(r"(?:\b(?:10|[2-9AKQJ])[♠♣♥♦]|\b\d+ of (?:oros|copas|espadas|bastos))")
TURN_GAMES = [s.info.id for s in __import__("parlour").games() if not s.state.simultaneous]


@pytest.mark.parametrize("game", TURN_GAMES)
def test_every_game_hints_at_the_readers_turn_and_says_why_each_computer_player_moved(game):
    """The learner's aids: a hint names a legal move with the rule bot's reason, and asking changes
    nothing; every computer move comes with who made it, what it was and why."""
    new(game=game, seed=21, strength="family")
    reply = send(type="bots", table="t")
    assert reply["type"] == "state"
    for why in reply["why"]:
        assert why["name"] and why["reason"], why
        if why.get("hidden"):
            assert not why["move"] and not CARD_NAME.search(why["reason"]), "a secret move's cards stay secret"
        else:
            assert why["move"] and why["told"] in reply["log"], "the move is told as the story tells it"
    if reply["over"]:
        return
    before = reply["record"]
    hint = send(type="hint", table="t")
    assert hint["type"] == "hint" and hint["text"], hint
    if hint["action"] is not None:
        assert hint["action"] in [move["action"] for move in reply["legal"]]
        assert hint["text"].startswith(send(type="explain", table="t", action=hint["action"])["label"])
    assert send(type="view", table="t")["record"] == before, "a hint must not change the game"


def test_a_hint_out_of_turn_is_refused_in_words():
    new(game="hearts", seed=4)
    reply = send(type="view", table="t")
    if not reply["human_turn"]:
        refused = send(type="hint", table="t")
        assert refused["type"] == "error" and "not your turn" in refused["message"]


def test_a_computer_player_without_reasons_says_how_it_chooses():
    reply = new(game="hearts", seed=8, strength="beginner")
    whys = []
    while not whys:
        if reply["human_turn"]:
            send(type="apply", table="t", action=reply["legal"][0]["action"])
        reply = send(type="bots", table="t")
        whys = [why for why in reply["why"] if not why.get("hidden")]  # a secret pass has no reason to show
    assert all("at random" in why["reason"] for why in whys)


def test_a_strong_players_why_tells_how_it_searched_and_what_a_family_player_would_do():
    """Strong's Why?: the imagined deals, the moves played out in each, and the Family choice when it
    differs (a forced move says so); never an empty reason."""
    reply = new(game="hearts", seed=8, strength="strong")
    whys: list[dict] = []
    while len(whys) < 12 and not reply["over"]:
        if reply["human_turn"]:
            send(type="apply", table="t", action=reply["legal"][0]["action"])
        reply = send(type="bots", table="t")
        whys += [why for why in reply["why"] if not why.get("hidden")]
    assert all(why["reason"] for why in whys)
    searched = [why["reason"] for why in whys if why["reason"].startswith("imagines ")]
    assert searched, [why["reason"] for why in whys]
    assert all("could lie" in reason and "came out best on average" in reason for reason in searched)
    assert all("Family player" in reason for reason in searched)


def test_the_reader_is_you_in_the_prompt_log_table_score_and_refusals():
    """The reader's seat (South) is "you" everywhere the page shows words; other seats keep their names."""
    new(game="hearts", seed=3)
    reply = drive_bots()
    while reply["human_turn"] and not reply["over"]:  # the pass, then the first lead or play
        reply = send(type="apply", table="t", action=reply["legal"][0]["action"])
        reply = drive_bots()
        if any(line.startswith("You play") or line.startswith("You lead") for line in reply["log"]):
            break
    assert reply["prompt"].startswith("Your turn"), reply["prompt"]
    assert any(line.startswith(("You play", "You lead")) for line in reply["log"]), reply["log"]
    assert not any("South" in line for line in reply["log"])
    assert any(line.startswith(("West", "North", "East")) for line in reply["log"])
    assert "South" not in reply["table_html"] and "You" in reply["table_html"]
    assert "South" not in reply["score_html"] and "You" in reply["score_html"]
    state = web._tables["t"].state
    reasons = [send(type="explain", table="t", action=C.code(card))["reason"] for card in state.pack.cards]
    assert any(reasons) and not any("South" in reason for reason in reasons if reason)


def test_a_game_with_a_hint_of_its_own_says_so():
    assert new(table="own", game="twenty-four", seed=2)["own_hint"] is True
    assert new(table="rule", game="nuts", seed=2)["own_hint"] is False


def test_a_card_passed_face_down_is_not_shown_in_its_why():
    """Hearts' centre mixer: the cards a computer player puts in are hidden from the reader, and
    so are the names and the reasons of those moves."""
    new(game="hearts", seed=21)
    reply = send(type="bots", table="t")
    passes = [why for why in reply["why"] if why.get("hidden")]
    assert passes, reply["why"]
    for why in passes:
        assert not why["move"] and not CARD_NAME.search(why["reason"] + why["told"]), why


def test_the_score_line_gives_each_sides_total_and_nothing_without_a_score_sheet():
    sheet = {"columns": ["South & North", "West & East"], "rows": [["Deal 1", 5, 3]], "totals": [5, 3]}
    assert render.score_line(sheet) == "Score: South & North 5 · West & East 3"
    euchre = new(game="euchre")
    assert euchre["score_line"].startswith("Score: ") and euchre["score_line"].count(" · ") == 1
    assert new(game="accordion")["score_line"] == ""


def test_a_race_computer_players_move_says_why():
    """At a table without turns a computer player's planned move lands on its timer, and says why."""
    reply = new(table="race", game="nuts", seed=5, pace="fast")
    for _ in range(40):
        plan = reply["clock"][0]
        reply = send(type="bot", table="race", seat=plan["seat"], token=plan["token"])
        assert reply["type"] == "state"
        if reply["why"]:
            why = reply["why"][0]
            assert why["seat"] == plan["seat"] and why["name"] and why["reason"], why
            assert why.get("hidden") or why["told"] in reply["log"]
            return
    pytest.fail("no computer player's move landed")


GAMES = [s.info.id for s in parlour.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_is_offered_exactly_where_the_search_bot_imagines_deals_or_a_race_has_its_own(game_id):
    game = parlour.load(game_id)
    state = game.new(5)
    game_spec = parlour.spec(game_id)
    offered = "strong" in web.strengths_offered(game_spec)
    race_strong = game_spec.strong_bot is not None
    assert offered == ((race_strong or (not state.simultaneous and determinisable(state)))
                       and not game_spec.strong_withheld)
    if game_spec.no_choice:
        assert not offered, "a game where no choice matters offers a Strong player"
    if race_strong:
        # A race's Strong is its own bot (no deals to imagine), and a practised one: quicker than Family.
        assert state.simultaneous
        strong = make_bot(game, "search", 1)
        assert type(strong) is type(game_spec.strong_bot(1)) and strong.think_percent < 100
        if offered:
            assert new(game=game_id, strength="strong")["strength"] == "strong"
        return
    # Where Strong is offered it really imagines deals; where not, asking for it is refused.
    bot = SearchBot(game, 1, iterations=2)
    rng = Rng(2)
    if offered:
        # The first real choice it searches (Cribbage's Strong leaves the discard to Family).
        for _ in range(200):
            if len(state.legal_actions()) >= 2:
                bot.choose(state)
                if bot.last_iterations:
                    break
            state.apply(rng.choice(state.legal_actions()))
        assert bot.last_iterations == 2
        assert new(game=game_id, strength="strong")["strength"] == "strong"
    else:
        reply = send(type="new", table="t", game=game_id, seed=3, strength="strong")
        assert reply["type"] == "error" and "beginner, family" in reply["message"]


def test_the_page_offers_the_strengths_the_engine_offers():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
    import macros
    assert 'data-strengths="beginner family"' in macros.play("beggar-my-neighbour")
    assert 'data-strengths="beginner family strong"' in macros.play("hearts")
    assert "No choice changes how this game turns out" in macros.strengths("bango")


def test_a_races_strong_player_is_offered_and_its_page_says_it_imagines_no_deals_but_is_quicker():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
    import macros
    for game_id in ("nuts", "twenty-four"):
        assert 'data-strengths="beginner family strong"' in macros.play(game_id)
        note = macros.strengths(game_id)
        assert "Strong is a practised player" in note and "imagined deals of the cards" not in note
        assert "played on the clocks at the Family pace" in note and "70 % of Family's time" in note
    assert 'data-strengths="beginner family"' in macros.play("bango"), "Bango: no choice matters, no Strong"


def test_a_strong_player_withheld_by_measurement_is_not_offered_and_the_page_says_why(monkeypatch):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
    import macros
    withhold_strong(monkeypatch, "burraco")  # as it was before its Strong was measured stronger
    withheld = [s for s in parlour.games() if s.strong_withheld]
    assert withheld, "no game withholds Strong: this test has nothing to check"
    for game_spec in withheld:
        game_id = game_spec.info.id
        assert searches(game_spec.state), f"{game_id} withholds a Strong that could not search anyway"
        assert web.strengths_offered(game_spec) == ["beginner", "family"]
        assert 'data-strengths="beginner family"' in macros.play(game_id)
        assert game_spec.strong_withheld in macros.strengths(game_id)
        reply = send(type="new", table="t", game=game_id, seed=3, strength="strong")
        assert reply["type"] == "error" and "beginner, family" in reply["message"]


def test_strong_is_offered_only_where_a_measured_row_shows_it_no_weaker_than_family():
    """The strength menu never offers a Strong the table has not measured, or measured weaker; the
    table's own row says whether it was measured stronger (docs/strengths.json, `make strengths`)."""
    table = json.loads((Path(__file__).resolve().parents[2] / "docs" / "strengths.json").read_text(encoding="utf-8"))
    for game_spec in parlour.games():
        if "strong" not in web.strengths_offered(game_spec):
            continue
        rows = [row for row in table["games"][game_spec.info.id]["rows"]
                if (row["side"], row["against"]) == ("Strong", "Family")]
        assert rows, f"{game_spec.info.id} offers a Strong that has no row in the strength table"
        assert rows[0]["verdict"] != "weaker", f"{game_spec.info.id} offers a Strong measured weaker than Family"
