"""Double-dummy analysis (issue 48): the par worked out by mpxl's scoring on hand-checked tables, and
against DDS's own par on random ones; the PBN tags read and written; the solver (endplay); the
analysis shown on the results page, the hand record, the workbook's Hands sheet and the JSON; the
Magic Contest file's tags checked against the solver."""

from __future__ import annotations

import json
import random

import pytest
from shared import REALDATA

from mpxl.cli import main
from mpxl.core.analysis import Analysis, analyse, differences, par_contract_text, tricks_table
from mpxl.core.contract import Direction, Vulnerability
from mpxl.core.errors import UserError
from mpxl.core.event import Deal, Event, Line
from mpxl.formats import read_event

MAGIC = REALDATA / "magiccontest-ffb-final-2022-session1.pbn"
ALL_STRAINS = ("NT", "S", "H", "D", "C")


def seats(**by_seat: dict[str, int]) -> dict[str, dict[str, int]]:
    return by_seat


def evenly(n: int) -> dict[str, int]:
    return dict.fromkeys(ALL_STRAINS, n)


# name, the table (a seat or strain not given: see tricks_table), vulnerable, dealer, par score,
# par contracts, and why (checked by hand)
PAR_CASES = [
    ("a game", seats(N={"S": 10}, S={"S": 10}), "None", "N", 420, "4S NS",
     "NS make 4S (420); EW take 3 tricks in spades and none elsewhere: nothing to sacrifice in"),
    ("the lowest level", seats(N={"S": 11}, S={"S": 11}), "None", "N", 450, "4S NS",
     "11 tricks: 4S+1 and 5S both score 450; the par is the lower"),
    ("one declarer", seats(N={"NT": 9}, S={"NT": 8}), "None", "S", 400, "3NT N",
     "only North takes 9 tricks in notrump: 3NT by N, not by S"),
    ("two strains", seats(N={"S": 10, "H": 10}, S={"S": 10, "H": 10}), "None", "N", 420, "4H NS, 4S NS",
     "4H and 4S both score 420: two par contracts"),
    ("a sacrifice", seats(N={"S": 10}, S={"S": 10}, E={"H": 8}, W={"H": 8}), "NS", "N", 500, "5HX EW",
     "NS vulnerable make 4S (620); EW not vulnerable go 3 down in 5H doubled (500, cheaper); 5S by NS "
     "fails (one down doubled, -200): NS take the 500"),
    ("both vulnerable", seats(N={"H": 10, "S": 3}, S={"H": 10, "S": 3}, E={"S": 10, "H": 3}, W={"S": 10, "H": 3}),
     "All", "N", -200, "5HX NS",
     "each side makes its game at the four level (620); 4S outranks 4H, so NS sacrifice in 5H, one down "
     "doubled vulnerable (200 to EW); 5S by EW would be one down too (200 to NS): EW take the 200"),
    ("no sacrifice vulnerable", seats(N={"S": 10}, S={"S": 10}, E={"H": 8}, W={"H": 8}), "All", "N", 620, "4S NS",
     "both vulnerable: 5H doubled three down costs 800, more than 4S's 620: no sacrifice"),
    ("a par of 0", seats(N=evenly(6), S=evenly(6), E=evenly(6), W=evenly(6)), "All", "N", 0, "Pass",
     "six tricks each way in every strain: nobody makes a contract, the board is passed out"),
    ("the dealer's side first", seats(N={"NT": 7}, S={"NT": 7}, E={"NT": 7}, W={"NT": 7}), "None", "N", 90, "1NT NS",
     "both sides take 7 tricks in notrump (the opening lead's seat makes the difference): the dealer's "
     "side bids 1NT first, and 2NT fails for the other"),
    ("the dealer's side first, EW", seats(N={"NT": 7}, S={"NT": 7}, E={"NT": 7}, W={"NT": 7}), "None", "E", -90,
     "1NT EW", "the same deal dealt by East"),
]


@pytest.mark.parametrize("name, grid, vul, dealer, score, contracts, why", PAR_CASES, ids=[c[0] for c in PAR_CASES])
def test_par_of_hand_checked_tables(name, grid, vul, dealer, score, contracts, why):
    a = analyse(1, tricks_table(grid), vul, dealer)
    assert (a.par_score, par_contract_text(a.par_contracts)) == (score, contracts), why


def random_table(rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A table as deals give them: each strain, NS's tricks and EW's adding to 13, each seat one less
    now and then (the opening lead)."""
    rows = [[0] * 5 for _ in range(4)]
    for j in range(5):
        ns = min(13, max(0, round(rng.gauss(6.5, 2.6))))
        for seat in range(4):
            base = ns if seat in (0, 2) else 13 - ns
            rows[seat][j] = max(0, base - (rng.random() < 0.25))
    return tuple(tuple(r) for r in rows)


def test_par_agrees_with_dds_on_random_tables():
    """mpxl's par (its own scoring) against DDS's (endplay's DealerParBin), score and contracts, on
    1,000 tables of every vulnerability and dealer (3,000 agreed when it was written)."""
    pytest.importorskip("endplay")
    from mpxl.formats.solver import solver_par

    rng = random.Random(48)
    disagree = []
    for k in range(1000):
        vul, dealer = rng.choice(list(Vulnerability)).value, rng.choice("NESW")
        a = analyse(k + 1, random_table(rng), vul, dealer)
        score, contracts = solver_par(a, vul, dealer)
        mine = {(c.level, c.strain, c.doubled, c.side) for c in a.par_contracts}
        theirs = {(c.level, c.strain, c.doubled, c.side) for c in contracts}
        if (a.par_score, mine) != (score, theirs):
            disagree.append((a.tricks, vul, dealer, a.par_score, par_contract_text(a.par_contracts), score,
                             par_contract_text(contracts)))
    assert not disagree, disagree[:5]


def test_par_declarers_name_the_seats_that_make_it():
    a = analyse(1, tricks_table(seats(N={"S": 10}, S={"S": 9})), "None", "N")
    assert [str(c) for c in a.par_contracts] == ["4S N"]
    assert a.par_contracts[0].tricks == 10 and a.par_contracts[0].side == "NS"


def test_differences_name_what_differs():
    solved = analyse(1, tricks_table(seats(N={"S": 10}, S={"S": 10})), "None", "N")
    rows = [list(r) for r in solved.tricks]
    rows[0][1] = 9
    stated = solved._replace(tricks=tuple(map(tuple, rows)))
    assert differences(stated, solved) == [("double-dummy tricks N in S", "9", "10")]
    assert differences(solved, solved) == []


# ---------------------------------------------------------------------------------------- PBN tags

GAME = """[Event "x"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
"""


def test_pbn_tags_written_and_read_back(tmp_path):
    from mpxl.formats.pbn import read_pbn_analyses
    from mpxl.formats.pbn_analysis import analysis_lines

    deal = Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "N", "None")
    a = analyse(1, tricks_table(seats(N={"S": 10}, S={"S": 10}, E={"H": 8}, W={"H": 8})), "NS", "N", deal.hands)
    path = tmp_path / "h.pbn"
    path.write_text(GAME + "\n".join(analysis_lines(a)) + "\n")
    back = read_pbn_analyses(path, {1: deal})[1]
    assert back.tricks == a.tricks and back.par_score == a.par_score
    assert par_contract_text(back.par_contracts) == par_contract_text(a.par_contracts)


@pytest.mark.parametrize("tags, where, problem", [
    ('[DoubleDummyTricks "12345"]', "line 6", "expected 20 hexadecimal digits"),
    ('[DoubleDummyTricks "0a0000a0000300003000"]\n[OptimumScore "420"]', "line 7", "expected NS or EW and a score"),
    ('[DoubleDummyTricks "0a0000a0000300003000"]\n[ParContract "NS 9S"]', "line 7", "is not a contract"),
    ('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN S 10', "line 6", "does not give all 20"),
    ('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN S 14', "line 7", "tricks 0-13"),
], ids=["short", "score", "contract", "table short", "table count"])
def test_bad_analysis_tags_are_refused_naming_the_line(tmp_path, tags, where, problem):
    from mpxl.formats.pbn import read_pbn_analyses

    path = tmp_path / "h.pbn"
    path.write_text(GAME + tags + "\n")
    deal = Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "N", "None")
    with pytest.raises(UserError) as err:
        read_pbn_analyses(path, {1: deal})
    assert err.value.where == where and problem in err.value.problem


@pytest.mark.skipif(not MAGIC.exists(), reason="real data files not present")
def test_magic_contest_tags_are_read():
    """Its OptimumResultTable (declarers W N E S, strains S H D C NT), OptimumScore and OptimumContract
    (``4S N 10``): board 1 as the file writes it."""
    ev = read_event(MAGIC)
    assert len(ev.analyses) == 30
    a = ev.analyses[1]
    assert (a.tricks_for("N", "S"), a.tricks_for("S", "H"), a.tricks_for("W", "NT")) == (10, 7, 4)
    assert a.par_score == 420 and [str(c) for c in a.par_contracts] == ["4S N"]
    assert ev.analyses[6].par_score == -100 and str(ev.analyses[6].par_contracts[0]) == "4CX S"  # a sacrifice


@pytest.mark.skipif(not MAGIC.exists(), reason="real data files not present")
def test_magic_contest_pbn_written_by_mpxl_keeps_the_analysis(tmp_path):
    out = tmp_path / "m.pbn"
    assert main(["score", str(MAGIC), "-o", str(out)]) == 0
    ev, back = read_event(MAGIC), read_event(out)
    assert {b: (a.tricks, a.par_score) for b, a in back.analyses.items()} == \
        {b: (a.tricks, a.par_score) for b, a in ev.analyses.items()}


# ------------------------------------------------------------------------------------------ solver

def test_solver_matches_dds_par_and_refuses_a_bad_deal():
    pytest.importorskip("endplay")
    from mpxl.formats.solver import solve, solver_par

    deal = Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "N", "None")
    a = solve([deal])[1]
    assert a.tricks_for("N", "S") == a.tricks_for("S", "S") and a.hcp == (10, 10, 10, 10)
    assert solver_par(a, "None", "N")[0] == a.par_score
    twice = Deal(2, ("AKQJ.T98.765.432", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.76A"))
    with pytest.raises(UserError, match="board 2.*in two hands"):
        solve([twice], "h.pbn")
    with pytest.raises(UserError, match="holds 12 cards"):
        solve([Deal(3, ("AKQJ.T98.765.43", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.7652"))])


# board, the deal (PBN, from North), dealer, vulnerable: the solver's deals of every kind
SOLVER_DEALS = [
    (1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "N", "None"),  # 10 HCP each
    (2, "N:AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432..", "E", "NS"),  # one-suiters
    (3, "N:KT5.AJ8543.KJ.K5 Q6432.T62.7.T973 AJ9.Q9.QT963.862 87.K7.A8542.AQJ4", "S", "EW"),  # random
    (4, "N:AQ8652.T97..AKJ5 J43.AQ86.Q64.T32 KT.KJ53.AT7.Q876 97.42.KJ98532.94", "W", "All"),  # a void
    (5, "N:T873.86.T.AKJ754 K96.AQ753.AQ65.9 J4.KJ2.K843.T863 AQ52.T94.J972.Q2", "N", "NS"),  # random
    (6, "N:KT5.AJ8543.KJ.K5 Q6432.T62.7.T973 AJ9.Q9.QT963.862 87.K7.A8542.AQJ4", "E", "All"),  # board 3 again
]


@pytest.mark.parametrize("batch", [1, 2, 40])
def test_batch_solve_gives_each_deal_its_own_table(monkeypatch, batch):
    """solve's batches (endplay's calc_all_tables, DDS's threads) against DDS solving each deal alone
    (calc_dd_table), all 20 cells, and the par of each board's own dealer and vulnerability; the same
    cards twice are solved once, and a second solve solves nothing."""
    pytest.importorskip("endplay")
    import endplay.dds
    import endplay.types

    from mpxl.formats import solver

    deals = [Deal.from_pbn(b, pbn, dealer, vul) for b, pbn, dealer, vul in SOLVER_DEALS]
    sent: list[int] = []
    real = endplay.dds.calc_all_tables

    def counted(eps):
        sent.append(len(eps))
        return real(eps)

    monkeypatch.setattr(solver, "BATCH", batch)
    monkeypatch.setattr(endplay.dds, "calc_all_tables", counted)
    solver.forget()
    solved = solver.solve(deals)
    distinct = len({pbn for _, pbn, _, _ in SOLVER_DEALS})
    assert sent == [min(batch, distinct - i) for i in range(0, distinct, batch)]
    for (board, pbn, dealer, vul), deal in zip(SOLVER_DEALS, deals):
        alone = endplay.dds.calc_dd_table(endplay.types.Deal(pbn))
        rows = [[alone[endplay.types.Denom.find(strain), endplay.types.Player.find(seat)] for strain in ALL_STRAINS]
                for seat in "NESW"]
        assert solved[board] == analyse(board, rows, vul, dealer, deal.hands), board
    assert solver.solve(deals) == solved and sum(sent) == distinct
    solver.forget()


def test_without_endplay_one_line_says_what_to_install(monkeypatch):
    import builtins
    import sys

    from mpxl.cli import missing_extra
    from mpxl.formats import solver

    real = builtins.__import__

    def no_endplay(name, *args, **kwargs):
        if name.startswith("endplay"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_endplay)
    for name in [m for m in sys.modules if m.startswith("endplay")]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ImportError) as err:
        solver.solve([Deal(1, ("AKQJT98765432...", "...AKQJT98765432", "..AKQJT98765432.", ".AKQJT98765432.."))])
    message = missing_extra(err.value)
    assert message is not None and 'pip install "mpxl-bridge[dds]"' in message and "\n" not in message


@pytest.mark.skipif(not MAGIC.exists(), reason="real data files not present")
def test_check_compares_magic_contest_analysis_with_the_solver(capsys):
    pytest.importorskip("endplay")
    main(["check", str(MAGIC)])
    out = capsys.readouterr().out
    assert "the double-dummy analysis" in out
    verdict = next(line for line in out.splitlines() if line.startswith("the double-dummy analysis"))
    assert verdict == "the double-dummy analysis of 30 boards (its tricks and par) agrees with the solver"


# ------------------------------------------------------------------------------- where it is shown

def analysed_event() -> Event:
    deal = Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "N", "None")
    a = analyse(1, tricks_table(seats(N={"S": 10}, S={"S": 10})), "None", "N", deal.hands)
    ev = Event(lines=[Line(1, "1", "2", contract="4S", declarer="S", tricks=10, score=420),
                      Line(1, "3", "4", contract="3NT", declarer="N", tricks=8, score=-50)])
    ev.deals[1], ev.analyses[1] = deal, a
    return ev


def test_results_page_shows_grid_par_and_each_line_against_par():
    from mpxl.core.session import score_event
    from mpxl.formats.report_html import results_html

    page = results_html(score_event(analysed_event()))
    assert 'class="dd"' in page and "Par NS 420: 4S NS" in page
    assert 'class="num wide">DD</th>' in page and 'class="num wide">vs par</th>' in page  # a phone leaves them out
    assert ">-470<" in page  # 3NT one down: -50 against 420


def test_hand_record_prints_eight_boards_a_page(tmp_path):
    from mpxl.formats.hand_record import BOARDS_PER_PAGE, write_hand_record

    ev = analysed_event()
    deals = [Deal(b, ev.deals[1].hands) for b in range(1, 33)]
    path = tmp_path / "hands.html"
    write_hand_record(deals, {1: ev.analyses[1]}, path)
    page = path.read_text()
    assert BOARDS_PER_PAGE == 8 and page.count('class="sheet"') == 4 and page.count('class="rec"') == 32
    assert "@page { size: A4 portrait" in page and page.count('class="dd"') == 1 and "Board 32" in page


def test_workbook_hands_sheet_carries_the_grid_and_par(tmp_path):
    from mpxl.core.session import score_event
    from mpxl.formats import write_event

    path = tmp_path / "n.xlsx"
    write_event(score_event(analysed_event()), path)
    back = read_event(path)
    assert back.analyses == analysed_event().analyses


def test_score_json_carries_dd_and_par(tmp_path, capsys):
    from mpxl.formats.pbn_analysis import analysis_lines

    ev = analysed_event()
    path = tmp_path / "night.pbn"
    deals = tmp_path / "hands.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;'
                    'Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n1 2 4S S 10 420 -\n3 4 3NT N 8 - 50\n')
    deals.write_text(GAME + "\n".join(analysis_lines(ev.analyses[1])) + "\n")
    assert main(["score", str(path), "--deals", str(deals), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    board = doc["deals"][0]
    assert board["dd"]["N"] == {"NT": 0, "S": 10, "H": 0, "D": 0, "C": 0}
    assert board["par"] == {"score": 420, "contracts": ["4S NS"]} and board["hcp"] == {"N": 10, "E": 10, "S": 10, "W": 10}


def test_an_analysis_is_a_plain_value():
    a = analyse(1, tricks_table({}), "None", "N")
    assert isinstance(a, Analysis) and a.grid()["W"]["C"] == 0 and a.par_json() == {"score": 0, "contracts": []}
    assert analyse(2, tricks_table({}), Vulnerability.BOTH, Direction.E).par_score == 0
