"""Scoring written once: targets, fixed numbers of deals, points scored the moment they happen."""

from parlour.core import ScoreSheet
from parlour.scoring import EndsByRule, FixedDeals, MatchScoring, Target, TargetOrDeals


def test_a_target_is_over_when_a_total_reaches_it():
    target = Target(121)
    assert not target.over([120, 3], hands_played=9)
    assert target.over([121, 3], hands_played=9) and target.reached([3, 121])


def test_a_fixed_number_of_deals_ends_on_the_count_whatever_the_scores():
    deals = FixedDeals(12)
    assert not deals.over([10**6, 0], hands_played=11)
    assert deals.over([0, 0], hands_played=12)
    assert not deals.reached([10**6, 0]), "no total ends a fixed-deals match mid-hand"
    assert deals.describe() == "12 deals; the highest total wins."
    assert FixedDeals(8, low_wins=True).leaders([5, 3, 3]) == (1, 2)


def test_a_target_with_a_cap_on_deals_ends_on_whichever_comes_first():
    match = TargetOrDeals(2000, deals=12)
    assert not match.over([1990, -400], hands_played=11)
    assert match.over([2000, -400], hands_played=3) and match.reached([2000, 0])
    assert match.over([150, -400], hands_played=12) and match.leaders([150, -400]) == (0,)
    assert match.describe() == "The first to reach 2000 wins; if nobody has after 12 deals, the highest total wins."


def test_a_target_to_exceed_is_not_over_at_exactly_the_target():
    # Burraco's "play continues until a side exceeds 2,000": 2,000 itself is not enough.
    target = Target(2000, exceed=True)
    assert not target.over([2000, 1500], hands_played=5) and not target.reached([2000])
    assert target.over([2001, 1500], hands_played=5) and target.reached([1500, 2005])
    assert target.describe() == "The game ends when a total goes past 2000; the highest total wins."
    assert Target(100, low_wins=True, exceed=True).describe() == (
        "The game ends when someone goes past 100; the lowest total wins.")
    capped = TargetOrDeals(2000, exceed=True, deals=12)
    assert not capped.over([2000, 0], hands_played=3) and capped.over([2000, 0], hands_played=12)
    assert capped.describe() == ("The game ends when a total goes past 2000; if none has after 12 deals, "
                                 "the highest total wins.")


def test_a_target_with_its_cap_on_deals_switched_off_ends_only_on_the_target():
    match = TargetOrDeals(2000, exceed=True, deals=None)
    assert not match.over([1990, -400], hands_played=10**6)
    assert match.over([2010, -400], hands_played=1)
    assert match.describe() == Target(2000, exceed=True).describe()


def test_award_past_a_target_to_exceed_says_passes():
    match = _Pegging(target=121)
    match.match_end = Target(121, exceed=True)
    match.sheet.totals = [119, 100]
    assert not match.award(0, 2)        # 121: reached, not passed
    assert match.award(0, 1)            # 122
    assert "South passes 121: play stops at once." in match.story


def test_a_match_ended_by_the_games_own_rule_never_ends_on_totals():
    rule = EndsByRule()
    assert not rule.over([10**6], hands_played=10**6)


def test_credit_adds_to_the_open_row_and_opens_a_new_one_for_a_new_label():
    sheet = ScoreSheet(["South", "North"])
    sheet.credit("Hand 1", 0, 2)
    sheet.credit("Hand 1", 1, 3)
    sheet.credit("Hand 1", 0, 1)
    sheet.credit("Hand 2", 1, 4)
    assert sheet.rows == [("Hand 1", [3, 3]), ("Hand 2", [0, 4])]
    assert sheet.totals == [3, 7]


class _Pegging(MatchScoring):
    """The smallest MatchScoring: two columns, a target, a story; it gives what ScoringTable declares."""

    def __init__(self, target: int) -> None:
        self.sheet = ScoreSheet(["South", "North"])
        self.match_end = Target(target)
        self.hand_no = 1
        self.names = ["South", "North"]
        self.story: list[str] = []
        self.ended: tuple[tuple[int, ...], str] | None = None
        self.hands_started = 0
        self.hands_ended = 0

    def say(self, text: str, **_: object) -> None:
        self.story.append(text)

    def say_later(self, kind: str, write, *parts) -> None:
        self.story.append(write(*parts))

    def hand_ended(self) -> None:
        self.hands_ended += 1

    def end(self, winners: tuple[int, ...], text: str) -> None:
        self.ended = (winners, text)

    def start_hand(self) -> None:
        self.hands_started += 1


def test_award_ends_the_match_the_moment_the_target_is_reached():
    match = _Pegging(target=121)
    match.sheet.totals = [119, 100]
    assert not match.award(0, 1)
    assert match.ended is None
    assert match.award(0, 2)            # 122: over at once, mid-hand
    assert match.ended == ((0,), "South wins with 122 points.")
    assert match.sheet.rows[-1] == ("Hand 1 (stopped)", [3, 0])
    assert "South reaches 121: play stops at once." in match.story
    assert match.hands_ended == 1, "the hand cut short is summarised"
    assert match.hands_started == 0, "no new hand after the match is over"


def test_end_hand_keeps_a_row_for_a_hand_without_points_and_deals_again():
    match = _Pegging(target=121)
    match.end_hand()
    assert match.sheet.rows == [("Hand 1", [0, 0])]
    assert match.story == ["Totals: South 0, North 0."] and match.hands_ended == 1
    assert match.hands_started == 1 and match.ended is None


def test_a_game_may_choose_its_winners_its_own_way():
    class _FirstPastThePost(_Pegging):
        def winning_columns(self) -> tuple[int, ...]:
            return (1,)  # say, the side that reached the target first when counting in order

    match = _FirstPastThePost(target=21)
    match.sheet.totals = [25, 22]
    match.finish()
    assert match.ended == ((1,), "North wins with 22 points.")
