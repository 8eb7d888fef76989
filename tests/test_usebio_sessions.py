"""A USEBIO file of a several-session event: each SESSION's PARTICIPANTS hold that session's own figures (only the
pairs that played it), the EVENT's own PARTICIPANTS the event's totals (USEBIO names no place for them: the writer
says where it put them), and the reader reads both back, from mpxl's layout and from a program's that lists only the
sessions.

The expected figures are worked out here from DESIGN.md's rule (2 per score beaten, 1 per tie, top 2 x (n - 1); a
pair's percentage its MPs over the sum of its tops x 100; a place 1 + the pairs above it, ``=`` when shared), not
copied from mpxl's output.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mpxl.core.session import score_event
from mpxl.formats.usebio import SESSIONS_NOTE, read_usebio_bytes, usebio_text, write_usebio
from tests.test_two_sessions import BOTH, FINAL, _event, _expected, _one_winner


def _by_pair(rows, winners):
    """{(pair, side or None): {session: (MPs, maximum)}} by the rule."""
    if winners == 2:
        return dict(_expected(rows))
    return {(pair, None): sessions for pair, sessions in _one_winner(_expected(rows)).items()}


def _places(figures: dict[tuple[str, str | None], tuple[int, int]]) -> dict[tuple[str, str | None], str]:
    """Each pair's place among the pairs of its side by percentage (mp / maximum), ties sharing with '='."""
    out = {}
    for key, (mp, most) in figures.items():
        mine = mp / most
        side = [m / t for (p, s), (m, t) in figures.items() if s == key[1]]
        above, level = sum(v > mine for v in side), sum(v == mine for v in side)
        out[key] = f"{above + 1}{'=' if level > 1 else ''}"
    return out


def _pct(mp: int, most: int) -> str:
    return f"{100 * mp / most:.2f}"


def _participants(el) -> dict[tuple[str, str | None], tuple[str, str, str]]:
    return {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")):
            (p.findtext("TOTAL_SCORE"), p.findtext("PERCENTAGE"), p.findtext("PLACE")) for p in el.findall("PAIR")}


CASES = [
    pytest.param(FINAL, 2, id="a final, pairs missing a session, two winners"),
    pytest.param(BOTH, 1, id="every pair in both sessions, one winner"),
]


@pytest.mark.parametrize("rows, winners", CASES)
def test_each_session_holds_its_own_figures_and_the_event_its_totals(rows, winners):
    expected = _by_pair(rows, winners)
    root = ET.fromstring(usebio_text(score_event(_event(rows, winners))))
    event = root.find("EVENT")
    totals = {key: (sum(m for m, _ in s.values()), sum(t for _, t in s.values())) for key, s in expected.items()}
    places = _places(totals)
    assert _participants(event.find("PARTICIPANTS")) == {
        key: (f"{mp:.2f}", _pct(mp, most), places[key]) for key, (mp, most) in totals.items()}
    sessions = event.findall("SESSION")
    assert [s.get("SESSION_ID") for s in sessions] == ["1", "2"]
    for sess_el in sessions:
        sess = int(sess_el.get("SESSION_ID"))
        played = {key: s[sess] for key, s in expected.items() if sess in s}  # only the pairs that played it
        places = _places(played)
        (section,) = sess_el.findall("SECTION")
        assert _participants(section.find("PARTICIPANTS")) == {
            key: (f"{mp:.2f}", _pct(mp, most), places[key]) for key, (mp, most) in played.items()}, sess


@pytest.mark.parametrize("rows, winners", CASES)
@pytest.mark.parametrize("layout", ["mpxl's (the event's totals and each session's)", "the sessions' alone"])
def test_the_file_reads_back_to_the_same_figures(tmp_path, capsys, rows, winners, layout):
    from mpxl.cli import main

    text = usebio_text(score_event(_event(rows, winners)))
    if layout == "the sessions' alone":  # a program that writes each session's PARTICIPANTS and no event totals
        text = re.sub(r"(<SESSION_COUNT>.*?)\n      <PARTICIPANTS>.*?</PARTICIPANTS>\n", r"\1\n", text, flags=re.S)
        assert text.count("<PARTICIPANTS>") == 2
    ev = read_usebio_bytes(text.encode(), "final.xml")
    expected = _by_pair(rows, winners)
    assert len(ev.pairs) == len(expected)  # one pair each, not one per session
    for pair in ev.pairs:
        sessions = expected[(pair.number, pair.direction)]
        assert {s: (f.mp, f.percentage) for s, f in pair.published_sessions.items()} == {
            s: (mp, float(_pct(mp, most))) for s, (mp, most) in sessions.items()}, pair.number
        total, most = sum(m for m, _ in sessions.values()), sum(t for _, t in sessions.values())
        if layout.startswith("mpxl"):
            assert (pair.published_mp, pair.published_percentage) == (total, float(_pct(total, most)))
        else:
            assert pair.published_mp is None and pair.published_percentage is None
    path = tmp_path / "final.xml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "all agree" in capsys.readouterr().out


@pytest.mark.parametrize("figure, wrong, said", [
    ("<TOTAL_SCORE>11.00</TOTAL_SCORE>", "<TOTAL_SCORE>12.00</TOTAL_SCORE>", "session 1 matchpoints: published 12"),
    ("<PERCENTAGE>45.83</PERCENTAGE>", "<PERCENTAGE>46.83</PERCENTAGE>", "session 1 percentage: published 46.83"),
])
def test_check_finds_a_wrong_session_figure(tmp_path, capsys, figure, wrong, said):
    """Pair 1 NS, session 1: 11 MPs of 24 (45.83%) by the rule; the file says otherwise."""
    from mpxl.cli import main

    assert _expected(FINAL)[("1", "NS")][1] == (11, 24)
    text = usebio_text(score_event(_event(FINAL, 2)))
    assert text.count(figure) == 1
    path = tmp_path / "final.xml"
    path.write_text(text.replace(figure, wrong), encoding="utf-8")
    main(["check", str(path)])
    assert said in capsys.readouterr().out


@pytest.mark.parametrize("rows, note", [
    (FINAL, SESSIONS_NOTE),
    ([r for r in BOTH if r[0] == 1], None),  # one session: its PARTICIPANTS are the event's, as before
])
def test_the_writer_says_where_the_event_totals_are(tmp_path, rows, note):
    path = tmp_path / "out.xml"
    assert write_usebio(score_event(_event(rows, 2)), path) == note
    if note is None:
        assert path.read_text(encoding="utf-8").count("<PARTICIPANTS>") == 1


#: Board 1 of each session, two deals (session 2's the first's hands turned a seat): its North's spades
DEAL_1 = ("AKQJ.T98.765.432", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.765")
DEAL_2 = DEAL_1[3:] + DEAL_1[:3]


def _with_deals():
    from mpxl.core.event import Deal

    ev = _event(FINAL, 2)
    ev.deals = {1: Deal(1, DEAL_1)}
    ev.session_deals = {(2, 1): Deal(1, DEAL_2)}
    return ev


@pytest.mark.parametrize("session, north", [(1, DEAL_1[0]), (2, DEAL_2[0])])
def test_each_session_shows_its_own_deal(tmp_path, session, north):
    """Board 1 of session 2 is its own deal: a USEBIO HANDSET inside SESSION 2 (as EBUScore writes it) reads back
    as that session's, and the page shows each session's own hand."""
    from mpxl.formats import write_event

    text = usebio_text(score_event(_with_deals()))
    assert text.count("<HANDSET>") == 2 and text.index("<HANDSET>") < text.index("</SESSION>", text.index(
        '<SESSION SESSION_ID="2">'))  # session 2's inside its SESSION, the numbers' at the end
    back = read_usebio_bytes(text.encode(), "final.xml")
    assert back.deal(session, 1, 1).hands[0] == north
    page = tmp_path / "final.html"
    write_event(score_event(back), str(page))
    html = page.read_text(encoding="utf-8")
    board = html[re.search(rf"<h3>Board 1[^<]*session {session}</h3>", html).start():]
    board = board[:board.index("</table>")]
    assert f'aria-label="North"><b>N</b><br><span class="s">♠</span> {north.split(".")[0]}<' in board, session


@pytest.mark.parametrize("source, shown", [
    ("a deals file (no session)", False),  # its hand is session 1's board 1: session 2's shows none, and says so
    ("the sessions' own", True),
])
def test_a_later_sessions_board_never_shows_an_earlier_sessions_hand(source, shown):
    from mpxl.core.event import Deal

    ev = _with_deals() if shown else _event(FINAL, 2)
    if not shown:
        ev.deals = {1: Deal(1, DEAL_1)}
    assert (ev.deal(2, 1, 1) is not None) is shown
    assert ev.deal(1, 1, 1).hands == DEAL_1


def test_deals_attached_from_a_file_say_which_session_they_are(tmp_path):
    from mpxl.core.event import Deal
    from mpxl.formats.deals import write_deals
    from mpxl.formats.inputs import attach_deals

    path = tmp_path / "hands.pbn"
    write_deals({1: Deal(1, DEAL_1)}, path)
    ev = attach_deals(_event(FINAL, 2), path)
    assert any("board 1 is played in sessions 1 and 2" in w for w in ev.warnings)
    assert ev.deal(1, 1, 1).hands == DEAL_1 and ev.deal(2, 1, 1) is None
