"""The story told to the reader: their own seat is "you".

The engine tells every line in the third person ("South plays 7♥."), so that worked examples,
the terminal and every seat read alike.  At the live table the reader sits at one seat, and a
family learning a game follows "You play 7♥." far more easily.  :func:`second_person` rewrites
a line for the reader of one seat: the seat's name becomes "you", a verb it is the subject of
loses its third-person -s ("plays" → "play", "has" → "have"), and the pronouns that go with it
follow ("his", "their" → "your").

It works on the narrative's own sentence shapes, not on English at large: a subject is the
seat's name at the start of a clause, possibly with an aside ("South, the Alcalde, deals …",
"South (the dealer) …"); the verbs it may be the subject of are listed in :data:`VERBS`.  A test
tells every line of every game to seat 0 and fails on a verb not in the list, so a new line
with a new verb is caught at once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

#: Verbs the narrative uses after a player's name, in the third person singular.  A line whose
#: subject is the reader's seat loses the -s of these (and of any verb after "and" / "," that
#: continues the same subject: "You keep 9♣, discard the other eight and take …").
VERBS = frozenset("""
    accepts adds answers asks assists beats becomes bids builds buys calls captures checks
    chooses claims closes collects completes continues cuts deals decides declares defends
    discards does doubles draws drops ends exchanges explains fails fills folds follows gathers
    gets gives goes has holds is keeps knocks lays leads leaves looks loses makes matches melds
    misses moves must names needs opens orders owes passes pays pegs picks places plays puts
    raises reaches receives redoubles rejects reveals robs says scores sees shows shuffles sings
    sits slaps speaks stays swaps takes taps throws trails trumps turns underbids wants was wins
""".split())

#: Verbs that read the same after "you" (modal and past forms): a subject all the same.
SAME = frozenset("can cannot could did had made may might shot should took will won would".split())

#: Irregular forms; every other verb in VERBS drops its -s or -es.
IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go", "must": "must"}

#: Pronouns that refer back to a subject turned into "you" (one reader, or the reader's side).
OWN_PRONOUNS = {"his": "your", "her": "your", "himself": "yourself", "herself": "yourself",
                "their": "your", "themselves": "yourselves", "they": "you", "them": "you"}


def base_form(verb: str) -> str:
    """``"plays"`` → ``"play"``, ``"passes"`` → ``"pass"``, ``"carries"`` → ``"carry"``."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb in SAME:
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


@lru_cache(maxsize=16)
def _patterns(name: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    seat = re.escape(name)
    # The seat as the subject of a verb: "South plays", "South, the Alcalde, deals", "South (the dealer) has".
    subject = re.compile(rf"(?<![\w'–-])(?P<name>{seat})(?P<aside>, the [^,.]+,| \([^)]*\))? (?P<verb>[a-z]+)\b")
    # The seat with others: "South & North", "South and East", "South, East and West" (a plural subject).
    partners = re.compile(rf"(?<![\w'–-])(?P<name>{seat})(?= (?:&|and) [A-Z]|, [A-Z]\w* and [A-Z])")
    anywhere = re.compile(rf"(?<![\w'–-]){seat}(?P<own>'s(?P<alone>(?! \w))?)?(?![\w])")
    return subject, partners, anywhere


#: Where one sentence (or clause with a subject of its own) ends.
_CLAUSE_END = re.compile(r"[.;:!?](?:\s|$)|\s—\s")
#: A further verb of the same subject: ", discards", " and takes", " and now holds".
_MORE_VERBS = re.compile(r"(?P<lead>,? and then|,? and now|,? and|,? then|,? now|,) (?P<verb>[a-z]+)\b")
#: Where another subject takes over: "…, East cuts, and South deals …".
_NEXT_SUBJECT = re.compile(r"(?:, |\band )(?:[A-Z][a-z]+|the dummy)\b")
_PRONOUN = re.compile(r"\b(?P<word>" + "|".join(OWN_PRONOUNS) + r")\b")


def _rest_of_clause(text: str, start: int) -> int:
    """Where the clause begun before ``start`` ends: at a full stop, colon or dash, or where
    another subject takes over."""
    ends = [found.start() for pattern in (_CLAUSE_END, _NEXT_SUBJECT) if (found := pattern.search(text, start))]
    return min(ends, default=len(text))


_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def _sentence_end(text: str, start: int) -> int:
    found = _SENTENCE_END.search(text, start)
    return found.start() if found else len(text)


def _own_clause(text: str, *, verbs: bool) -> str:
    """The rest of a clause whose subject became "you": its pronouns (and verbs) follow."""
    if verbs:
        text = _MORE_VERBS.sub(lambda m: f"{m['lead']} {base_form(m['verb'])}" if m["verb"] in VERBS else m[0], text)
    return _PRONOUN.sub(lambda m: OWN_PRONOUNS[m["word"]], text)


def _capitalised(text: str) -> str:
    """"you" starts a sentence with a capital letter."""
    return re.sub(r"(^|[.!?]\s+)(you|your)\b", lambda m: m[1] + m[2].capitalize(), text)


def second_person(text: str, name: str) -> str:
    """``text`` as told to the player called ``name``: "South plays 7♥." → "You play 7♥."."""
    if not name or name not in text:
        return text
    subject, partners, anywhere = _patterns(name)
    out: list[str] = []
    done = 0
    for found in subject.finditer(text):
        verb = found["verb"]
        if (verb not in VERBS and verb not in SAME) or found.start() < done:
            continue
        end = _rest_of_clause(text, found.end())
        out.append(text[done:found.start()])
        aside = found["aside"] or ""
        out.append(f"you{aside} {base_form(verb)}" + _own_clause(text[found.end():end], verbs=True))
        done = end
    out.append(text[done:])
    told = "".join(out)
    for found in reversed(list(partners.finditer(told))):
        # A side's pronouns run on past a colon: "You & North bid 3 and take 2 tricks: you fail it".
        end = _sentence_end(told, found.end())
        told = told[:found.start()] + "you" + _own_clause(told[found.end():end], verbs=False) + told[end:]
    # "South & North takes 26 off": a side is plural, whatever the line said.
    told = re.sub(r"\b(you (?:&|and) [A-Z]\w*) ([a-z]+)\b",
                  lambda m: f"{m[1]} {base_form(m[2])}" if m[2] in VERBS else m[0], told, flags=re.I)
    # "South's melds" → "your melds"; "a build of 10 (South's)" → "(yours)".
    told = anywhere.sub(lambda m: ("yours" if m["alone"] is not None else "your") if m["own"] else "you", told)
    return _capitalised(told)


def second_person_prompt(text: str, name: str) -> str:
    """A prompt for the reader: "South to lead." → "Your turn to lead."; "South: take …" →
    "Your turn: take …"; otherwise as :func:`second_person`."""
    seat = re.escape(name)
    text = re.sub(rf"^{seat} \(the ([^)]+)\) to (\w+)", r"Your turn to \2, as the \1", text)
    text = re.sub(rf"^{seat} to ", "Your turn to ", text)
    text = re.sub(rf"^{seat}: ", "Your turn: ", text)
    return second_person(text, name)


def told_to(value: Any, name: str) -> Any:
    """Every text in a view (a dict/list tree) as told to ``name``; keys that name actions or cards
    (the page sends them back to the engine) are left as they are."""
    if isinstance(value, str):
        return second_person(value, name) if name in value else value
    if isinstance(value, list):
        return [told_to(item, name) for item in value]
    if isinstance(value, dict):
        return {key: item if key in _CODES else second_person_prompt(item, name) if key == "prompt" and isinstance(item, str)
                else told_to(item, name) for key, item in value.items()}
    return value


#: View keys whose strings are codes the engine reads back, or the game's own name ("East–West").
_CODES = frozenset({"title", "action", "actions", "card", "cards", "code", "codes", "part", "parts", "id", "game", "phase"})
