"""A worked example played as a quiz, start to end, in Chromium: a trick game (Hearts, by clicks, a
forbidden card refused with the engine's reason), Cribbage's pegging (by keyboard only) and Casino's
captures (by clicks). Each answer shows the example's move on the table, and the score at the end
counts the answers that were the example's own."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Locator, Page
from test_live_tables import no_sideways_scrolling
from test_site_pages import axe_served, axe_violations  # noqa: F401 (a fixture)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def open_example(page: Page, site_url: str, game: str, name: str) -> tuple[Locator, dict]:
    """The example's box on its game page (found by its title), and its quiz as the page got it."""
    title = json.loads((EXAMPLES / game / f"{name}.json").read_text())["title"]
    page.goto(f"{site_url}/games/{game}/")
    example = page.locator(".pt-example", has=page.locator(".pt-example-title", has_text=title))
    example.locator("[data-control=quiz]").wait_for()
    return example, json.loads(example.get_attribute("data-quiz") or "{}")


def wait_step(page: Page, example: Locator, step: int) -> None:
    page.wait_for_function(f"el => el.dataset.step === '{step}'", arg=example.element_handle())


def wait_question(page: Page, example: Locator, quiz: dict, index: int) -> None:
    """The question is asked with the table as it stood before the decision."""
    example.locator(".pt-quiz-ask").wait_for()
    assert example.locator(".pt-quiz-count").inner_text() == f"Question {index + 1} of {len(quiz['questions'])}"
    wait_step(page, example, quiz["questions"][index]["step"])
    labels = example.locator(".pt-quiz-choice").all_inner_texts()
    assert labels == [c["label"] for c in quiz["questions"][index]["choices"]]


def answer_shown(page: Page, example: Locator, question: dict, choice: dict) -> None:
    """The answer: the verdict, the example's move drawn on the table, and why it was played."""
    verdict = example.locator(".pt-quiz-verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-verdict") == choice["verdict"]
    assert verdict.inner_text().startswith(f"You chose {choice['label']}.")
    wait_step(page, example, question["step"] + 1)
    played = example.locator(".pt-quiz-played").inner_text()
    assert played.startswith(f"The example played {question['played_label']}.")
    if question["why"]:
        assert question["why"] in played
    assert choice["words"] in example.locator(".pt-quiz").inner_text()


def expected_score(picked: list[dict], total: int) -> str:
    """The score line: the answers that were the example's own, then how the others compared."""
    tally = {verdict: sum(1 for c in picked if c["verdict"] == verdict)
             for verdict in ("same", "as good", "better", "worse", "different", "another")}
    good = tally["as good"] + tally["better"]
    parts = [f"{good} other choice{'' if good == 1 else 's'} as good or better" if good else "",
             f"{tally['worse']} not as good" if tally["worse"] else "",
             f"{tally['different']} different, neither better nor worse" if tally["different"] else "",
             f"{tally['another']} with no quick measure" if tally["another"] else ""]
    rest = ", ".join(part for part in parts if part)
    return f"{tally['same']} of {total} as the example played" + (f" — and {rest}" if rest else "") + "."


def test_a_trick_game_quiz_by_clicks_refuses_a_forbidden_card_and_scores(page: Page, site_url: str) -> None:
    example, quiz = open_example(page, site_url, "hearts", "centre-mixer-hand")
    questions = quiz["questions"]
    assert quiz["name"] == "South" and len(questions) > 4
    example.locator("[data-control=quiz]").click()
    picked = []
    for index, question in enumerate(questions):
        wait_question(page, example, quiz, index)
        refused = next((c for c in question["choices"] if c.get("legal") is False), None)
        if refused is not None:
            # A card the rules forbid: the engine's reason, and the question stays open.
            example.locator(".pt-quiz-choice", has_text=refused["label"]).first.click()
            feedback = example.locator(".pt-quiz-feedback")
            assert refused["words"] in feedback.inner_text() and "Pick again" in feedback.inner_text()
            assert example.locator(".pt-quiz-choice").count() == len(question["choices"])
        legal = [c for c in question["choices"] if c.get("legal", True)]
        # Every other question the example's own move; otherwise another legal card.
        choice = next(c for c in legal if (c["verdict"] == "same") == (index % 2 == 0))
        example.locator(f".pt-quiz-choice[data-choice='{choice['action']}']").click()
        answer_shown(page, example, question, choice)
        picked.append(choice)
        example.locator("[data-quiz=next], [data-quiz=score]").click()
    score = example.locator(".pt-quiz-score")
    assert score.inner_text() == expected_score(picked, len(questions))
    assert score.get_attribute("data-total") == str(len(questions))
    assert any(c["verdict"] != "same" for c in picked) and any(c["verdict"] == "same" for c in picked)
    example.locator("[data-quiz=close]").click()
    assert example.locator(".pt-quiz").is_hidden()


def focused(page: Page) -> str:
    return page.evaluate("() => document.activeElement.dataset.quiz || document.activeElement.dataset.choice || ''")


def test_cribbage_pegging_quiz_by_keyboard_alone(page: Page, site_url: str) -> None:
    example, quiz = open_example(page, site_url, "cribbage", "pegging")
    questions = quiz["questions"]
    pegging = [q for q in questions if q["played"].startswith("crib:") is False]
    assert pegging, "the quiz asks about the pegging"
    example.locator("[data-control=quiz]").focus()
    page.keyboard.press("Enter")
    picked = []
    for index, question in enumerate(questions):
        wait_question(page, example, quiz, index)
        choices = question["choices"]
        # The first choice has the focus; the last legal choice that is not the example's is chosen by Tab.
        assert focused(page) == choices[0].get("action", choices[0]["label"])
        target = max(i for i, c in enumerate(choices) if c.get("legal", True) and (c["verdict"] != "same" or len(choices) == 1))
        for _ in range(target):
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        answer_shown(page, example, question, choices[target])
        picked.append(choices[target])
        last = index == len(questions) - 1
        assert focused(page) == ("score" if last else "next")
        page.keyboard.press("Enter")
    assert example.locator(".pt-quiz-score").inner_text() == expected_score(picked, len(questions))
    # Pegging answers are judged by the points pegged: an equal count is "as good".
    assert {c["verdict"] for c in picked if c["label"].startswith("Play ")} <= {"as good", "worse", "better", "different"}
    assert focused(page) == "again"
    page.keyboard.press("Enter")  # and again from the start
    wait_question(page, example, quiz, 0)


def test_casino_captures_quiz_by_clicks_on_a_phone(page: Page, site_url: str, axe_served: None) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    example, quiz = open_example(page, site_url, "casino", "whole-hand")
    questions = quiz["questions"]
    example.locator("[data-control=quiz]").click()
    picked = []
    for index, question in enumerate(questions):
        wait_question(page, example, quiz, index)
        legal = [c for c in question["choices"] if c.get("legal", True)]
        # The example's move on even questions; a trail (which takes nothing) on odd ones.
        choice = (next(c for c in legal if c["verdict"] == "same") if index % 2 == 0
                  else next((c for c in legal if c["label"].startswith("Trail")), legal[0]))
        example.locator(f".pt-quiz-choice[data-choice='{choice['action']}']").click()
        answer_shown(page, example, question, choice)
        picked.append(choice)
        if index == 0:  # the answer fits a phone and passes the accessibility checks
            assert no_sideways_scrolling(page)
            assert axe_violations(page) == []
        example.locator("[data-quiz=next], [data-quiz=score]").click()
    assert example.locator(".pt-quiz-score").inner_text() == expected_score(picked, len(questions))
    assert any("takes" in c["words"] and c["verdict"] == "worse" for c in picked), "a capture missed is worse"
