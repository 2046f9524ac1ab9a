"""The reader's own seat is "you" at the live table: every line the engine tells in the third
person ("South plays 7♥.") reads in the second person to the reader ("You play 7♥.").

Unit cases come from real narrative lines; the sweep tells every line, prompt and view text of
seeded games of every game to seat 0 and checks that the seat's name is gone and no verb was
left in the third person, and that every verb a line puts after the seat's name is one the
rewriting knows (so a new line with a new verb fails here, not on the page)."""

import re

import pytest

import parlour
from parlour.person import SAME, VERBS, second_person, second_person_prompt, told_to

from helpers import walk

CASES = [
    ("South plays 7♥.", "You play 7♥."),
    ("South wins the trick with A♠.", "You win the trick with A♠."),
    ("South has no cards left and is out.", "You have no cards left and are out."),
    ("South passes.", "You pass."),
    ("South's hand — A♠ 5♠ with the starter 5♣: “fifteen two”.", "Your hand — A♠ 5♠ with the starter 5♣: “fifteen two”."),
    ("North shows South the J♠.", "North shows you the J♠."),
    ("Totals: South 12, West 3.", "Totals: you 12, West 3."),
    ("Game over. South & North win with 11 points.", "Game over. You & North win with 11 points."),
    ("South & North takes 26 off.", "You & North take 26 off."),
    ("South & North bid 3 and take 2 tricks: they fail it, -30 points.",
     "You & North bid 3 and take 2 tricks: you fail it, -30 points."),
    ("South keeps 9♣, discards the other eight and takes K♦ from the stock.",
     "You keep 9♣, discard the other eight and take K♦ from the stock."),
    ("South takes the pile of 12 cards and now holds 30.", "You take the pile of 12 cards and now hold 30."),
    ("Deal 2: South, the Alcalde, deals three cards to each partner and six to himself.",
     "Deal 2: you, the Alcalde, deal three cards to each partner and six to yourself."),
    ("South, the Alcalde, keeps his last card as his automatic trick.",
     "You, the Alcalde, keep your last card as your automatic trick."),
    ("Hand 2: South gathers the cards, East cuts, and South deals three cards and turns up the A♠.",
     "Hand 2: you gather the cards, East cuts, and you deal three cards and turn up the A♠."),
    ("Hand 2: West gathers the cards, South cuts, and West deals three cards and turns up the A♠.",
     "Hand 2: West gathers the cards, you cut, and West deals three cards and turns up the A♠."),
    ("Clubs are trumps. South may now look at their cards.", "Clubs are trumps. You may now look at your cards."),
    ("South does not double and leaves it to North.", "You do not double and leave it to North."),
    ("Pares? North yes, West yes, South yes, East no.", "Pares? North yes, West yes, you yes, East no."),
    ("West calls truc! The hand would be worth 2; South must accept or reject.",
     "West calls truc! The hand would be worth 2; you must accept or reject."),
    ("West plays 7♥.", "West plays 7♥."),
    ("South plays 10♦ and takes their build of 10 (A♠ + 9♣).", "You play 10♦ and take your build of 10 (A♠ + 9♣)."),
    ("North adds A♦ to a build of 9 (South's).", "North adds A♦ to a build of 9 (yours)."),
]

PROMPTS = [
    ("South to lead.", "Your turn to lead."),
    ("South: order up J♠ to make spades trumps, or pass.", "Your turn: order up J♠ to make spades trumps, or pass."),
    ("South (the Alcalde) to lead: two cards this turn.", "Your turn to lead, as the Alcalde: two cards this turn."),
    ("South shot the moon: take 26 off your own score, or put 26 on everyone else?",
     "You shot the moon: take 26 off your own score, or put 26 on everyone else?"),
    ("Waiting for West…", "Waiting for West…"),
]


@pytest.mark.parametrize("line, told", CASES)
def test_a_line_told_to_the_reader(line, told):
    assert second_person(line, "South") == told


@pytest.mark.parametrize("line, told", PROMPTS)
def test_a_prompt_told_to_the_reader(line, told):
    assert second_person_prompt(line, "South") == told


def test_another_seat_and_codes_are_left_alone():
    assert second_person("South plays 7♥.", "West") == "South plays 7♥."
    assert second_person("East–West: West plays 7♥.", "West") == "East–West: you play 7♥."
    view = {"prompt": "South to play.", "legal": [{"action": "South", "label": "Give to South"}],
            "seats": [{"name": "South", "cards": ["7H"]}]}
    assert told_to(view, "South") == {"prompt": "Your turn to play.",
                                      "legal": [{"action": "South", "label": "Give to you"}],
                                      "seats": [{"name": "You", "cards": ["7H"]}]}


def subject_verbs(text: str, name: str) -> list[str]:
    """The lower-case words a line puts straight after the seat's name (an aside allowed)."""
    return re.findall(rf"(?<![\w']){re.escape(name)}(?:, the [^,.]+,| \([^)]*\))? ([a-z]+)\b", text)


#: Words that follow a seat's name in a line without being its verb.
NOT_VERBS = {"yes", "no", "and", "to", "the", "for", "of", "with", "in", "on", "a", "at"}
SEEDS = (0, 1)


@pytest.mark.parametrize("game_id", [spec.info.id for spec in parlour.games()])
def test_every_line_reads_as_told_to_you(game_id):
    game = parlour.load(game_id)
    name = None
    lines: set[str] = set()
    for seed in SEEDS:
        for step, state, _ in walk(game, seed):
            name = state.names[0]
            if step % 3 == 0:
                view = state.view(0)
                lines.update(t for t in [view["prompt"]] if t)
        lines.update(t for e in state.log if (t := e.for_player(0)))
        if state.outcome:
            lines.add(state.outcome.text)
    if name == "You":
        return  # a game for one: its seat is "You" already
    problems = []
    for line in sorted(lines):
        unknown = [w for w in subject_verbs(line, name)
                   if w.endswith("s") and w not in VERBS and w not in SAME and w not in NOT_VERBS]
        told = second_person_prompt(line, name)
        if unknown:
            problems.append(f"{line!r}: a verb the rewriting does not know: {unknown}")
        if re.search(rf"(?<![–-])\b{name}\b", told):
            problems.append(f"{line!r} → {told!r}: the seat's name is left")
        if left := [w for w in re.findall(r"\b[Yy]ou ([a-z]+)\b", told) if w in VERBS and w not in ("must",)]:
            problems.append(f"{line!r} → {told!r}: a verb left in the third person: {left}")
    assert not problems, f"{game_id}:\n" + "\n".join(problems[:20])
