"""The deals files (mpxl.formats.deals: PBN, .dlm, .dup, .bri, .dge, .lin) and ``mpxl deal``: a dealt set
written as each format and read back is the same set; a damaged file of each format is refused naming the
file, the board and the problem (exit 2), never half read; the command's JSON and exit codes."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.cards import RANKS, hand_cards
from mpxl.core.dealing import deal_boards
from mpxl.core.errors import UserError
from mpxl.core.event import SEATS, Deal, Event, Line
from mpxl.formats.deals import FORMATS, deal_extensions, read_deals, write_deals
from mpxl.formats.inputs import attach_deals

SET = deal_boards(range(1, 33), seed=11)
EXTENSIONS = [f.extensions[0] for f in FORMATS.values()]


def written(tmp_path: Path, ext: str, deals=SET, name: str = "night") -> Path:
    path = tmp_path / f"{name}{ext}"
    write_deals(deals, path)
    return path


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_a_dealt_set_of_32_boards_round_trips_through_every_format(tmp_path, ext):
    path = written(tmp_path, ext)
    back = read_deals(path)
    assert back == SET  # the hands, and the dealer and vulnerability (the file's, or the rotation)
    assert list(back) == list(range(1, 33))


@pytest.mark.parametrize("source", EXTENSIONS)
def test_every_format_converts_to_every_other(tmp_path, source):
    first = read_deals(written(tmp_path, source, name="first"))
    for ext in EXTENSIONS:
        assert read_deals(written(tmp_path, ext, first, name=f"to{ext[1:]}")) == SET, ext


@pytest.mark.parametrize("ext, numbered", [(f.extensions[0], f.numbered) for f in FORMATS.values()])
def test_boards_not_from_1_kept_where_the_format_numbers_them_else_refused(tmp_path, ext, numbered):
    later = deal_boards(range(17, 33), seed=12)
    if numbered:
        assert read_deals(written(tmp_path, ext, later)) == later
    else:
        with pytest.raises(UserError, match=r"board 17: .* numbers its boards by their place from board 1"):
            written(tmp_path, ext, later)


@pytest.mark.parametrize("ext, most", [(".dlm", 99), (".dup", 99), (".bri", None), (".lin", None)])
def test_the_most_boards_a_format_holds(tmp_path, ext, most):
    many = deal_boards(range(1, 101), seed=13)
    if most is None:
        assert read_deals(written(tmp_path, ext, many)) == many
    else:
        with pytest.raises(UserError, match=r"board 100.*(out of range|at most 99)"):
            written(tmp_path, ext, many)


def test_a_dlm_holds_every_board_from_its_first_to_its_last(tmp_path):
    gap = {b: d for b, d in SET.items() if b != 5}
    with pytest.raises(UserError, match="board 5: not dealt"):
        written(tmp_path, ".dlm", gap)


def test_a_pbn_deal_of_three_hands_is_made_whole_for_a_machine_and_one_hand_is_refused(tmp_path):
    whole = SET[1]
    three = Deal(1, whole.hands[:3] + ("",))
    pbn = tmp_path / "three.pbn"
    pbn.write_text(f'[Board "1"]\n[Deal "{three.to_pbn()}"]\n')
    assert read_deals(written(tmp_path, ".dlm", read_deals(pbn)))[1] == whole
    pbn.write_text(f'[Board "1"]\n[Deal "N:{whole.hands[0]} - - -"]\n')
    with pytest.raises(UserError, match=r"one\.dge: board 1: East's hand is not given.*needs the whole deal"):
        written(tmp_path, ".dge", read_deals(pbn), name="one")


# ----------------------------------------------------------------- damaged files, each refused naming the board

def _hands(board: int) -> list[str]:
    return list(SET[board].hands)


def _suits(hand: str) -> list[str]:
    return hand.split(".")


def _card_twice(hands: list[str]) -> list[str]:
    """North given one of West's cards in place of his own first: that card twice, one card missing."""
    w_card = hand_cards(hands[3])[0]
    n_card = hand_cards(hands[0])[0]
    north = _suits(hands[0])
    north[n_card // 13] = north[n_card // 13].replace(RANKS[n_card % 13], "", 1)
    north[w_card // 13] += RANKS[w_card % 13]
    return [".".join(north), *hands[1:]]


def _hand_of_12(hands: list[str]) -> list[str]:
    """North's last card gone: a hand of 12, 51 cards."""
    last = hand_cards(hands[0])[-1]
    north = _suits(hands[0])
    north[last // 13] = north[last // 13].replace(RANKS[last % 13], "", 1)
    return [".".join(north), *hands[1:]]


def _pbn(damage):
    def make(tmp_path: Path) -> Path:
        path = written(tmp_path, ".pbn")
        deal = "N:" + " ".join(damage(_hands(3)))
        text = path.read_text()
        path.write_text(text.replace(SET[3].to_pbn(), deal))
        return path
    return make


def _pbn_board(tmp_path: Path) -> Path:
    path = written(tmp_path, ".pbn")
    path.write_text(path.read_text().replace('[Board "3"]', '[Board "0"]'))
    return path


def _dlm_lines(tmp_path: Path) -> tuple[Path, list[str]]:
    path = written(tmp_path, ".dlm")
    return path, path.read_text().splitlines()


def _dlm_board(tmp_path: Path, change) -> Path:
    path, lines = _dlm_lines(tmp_path)
    i = lines.index(next(x for x in lines if x.startswith("Board 03=")))
    letters = change(lines[i][len("Board 03="):][:26])
    total = 3
    for c in letters:
        total ^= ord(c)
    lines[i] = f"Board 03={letters}{total:03d}"
    path.write_text("\r\n".join(lines) + "\r\n")
    return path


def _dlm_checksum(tmp_path: Path) -> Path:
    path, lines = _dlm_lines(tmp_path)
    i = lines.index(next(x for x in lines if x.startswith("Board 03=")))
    digits = int(lines[i][-3:])
    lines[i] = lines[i][:-3] + f"{(digits + 1) % 256:03d}"
    path.write_text("\r\n".join(lines) + "\r\n")
    return path


def _dlm_to_board(tmp_path: Path) -> Path:
    path, lines = _dlm_lines(tmp_path)
    lines = [x.replace("To board=32", "To board=100").replace("Checksum=32", f"Checksum={1 ^ 100 ^ 1}")
             for x in lines]
    path.write_text("\r\n".join(lines) + "\r\n")
    return path


def _dlm_missing(tmp_path: Path) -> Path:
    path, lines = _dlm_lines(tmp_path)
    path.write_text("\r\n".join(x for x in lines if not x.startswith("Board 03=")) + "\r\n")
    return path


def _dlm_document(tmp_path: Path) -> Path:
    path, lines = _dlm_lines(tmp_path)
    path.write_text("\r\n".join(x.replace("To board=32", "To board=31") for x in lines) + "\r\n")
    return path


def _records(tmp_path: Path, ext: str, size: int) -> tuple[Path, list[bytearray]]:
    path = written(tmp_path, ext)
    data = path.read_bytes()
    return path, [bytearray(data[i: i + size]) for i in range(0, len(data), size)]


def _binary(ext: str, size: int, damage):
    def make(tmp_path: Path) -> Path:
        path, records = _records(tmp_path, ext, size)
        out = damage(records)
        path.write_bytes(b"".join(out))
        return path
    return make


def _digits(record: bytearray, i: int, text: bytes) -> bytearray:
    record[2 * i: 2 * i + 2] = text
    return record


def _bri_twice(records):
    records[2] = _digits(records[2], 1, bytes(records[2][0:2]))
    return records


def _bri_out_of_range(records):
    records[2] = _digits(records[2], 5, b"53")
    return records


def _cut(records, keep: int):
    return [*records[:3], records[3][:keep]]


def _dge_rank(records, change):
    """Record 3's North hand (up to the heart symbol) changed by ``change`` (bytes -> bytes), padded to size."""
    rec = bytes(records[2])
    end = rec.index(b"\x03")
    north = change(rec[1:end])
    records[2] = bytearray((rec[:1] + north + rec[end:]).ljust(128, b"\0")[:128])
    return records


def _dge_twice(records):
    rec = bytes(records[2])
    spades = rec[1:rec.index(b"\x03")].decode()
    other = next(r for r in RANKS if r not in spades)
    return _dge_rank(records, lambda b: b.replace(spades[0].encode(), other.encode(), 1) if spades else b)


def _dup_copies(records):
    records[2][78:146] = records[3][78:146]
    return records


def _dup_twice(records):
    records[2] = _digits(records[2], 1, bytes(records[2][0:2]))
    return records


def _lin(damage=None, board: str | None = None):
    def make(tmp_path: Path) -> Path:
        path = written(tmp_path, ".lin")
        lines = path.read_text().splitlines()
        if damage is not None:
            h = damage(_hands(3))
            from mpxl.formats.deals.lin import hand_in

            md = re.search(r"md\|(\d)([^|]*)\|", lines[2])
            assert md
            lines[2] = lines[2].replace(md.group(0), f"md|{md.group(1)}{hand_in(h[2])},{hand_in(h[3])},"
                                                      f"{hand_in(h[0])},{hand_in(h[1])}|")
        if board is not None:
            lines[2] = lines[2].replace("qx|o3|", f"qx|o{board}|")
        path.write_text("\n".join(lines) + "\n")
        return path
    return make


#: (format, the damage, what the message says): each refused naming the file and the board.
DAMAGED = [
    ("pbn", _pbn(_card_twice), r"line \d+: board 3: \w\w twice \(North and West\)"),
    ("pbn", _pbn(_hand_of_12), r"line \d+: board 3: North has 12 cards .*51 cards"),
    ("pbn", _pbn_board, r"line \d+: '0' is not a board number"),
    ("dlm", _dlm_checksum, r"line \d+: board 3: wrong checksum"),
    ("dlm", lambda p: _dlm_board(p, lambda s: chr(ord(s[0]) ^ 1) + s[1:]), r"board 3: \w+ has 1[24] cards"),
    ("dlm", lambda p: _dlm_board(p, lambda s: "q" + s[1:]), r"board 3: .* is not a deal"),
    ("dlm", _dlm_to_board, r"boards 1 to 100 are out of range"),
    ("dlm", _dlm_missing, r"board 3: no Board 03= line"),
    ("dlm", _dlm_document, r"the \[Document\]'s Checksum=32 is wrong"),
    ("dup", _binary(".dup", 156, _dup_twice), r"board 3: \w\w twice"),
    ("dup", _binary(".dup", 156, _dup_copies), r"board 3: the record's two copies of the deal differ"),
    ("dup", _binary(".dup", 156, lambda r: r[:31]), r"board 1: the record says the set has '32' boards, "
                                                    r"the file holds 31"),
    ("dup", _binary(".dup", 156, lambda r: [*r[:31], r[31][:100]]), r"board 32: the record has 100 bytes"),
    ("bri", _binary(".bri", 128, _bri_twice), r"board 3: \w\w twice"),
    ("bri", _binary(".bri", 128, _bri_out_of_range), r"board 3: '53' \(card 6\) is no card"),
    ("bri", _binary(".bri", 128, lambda r: _cut(r, 50)), r"board 4: the record ends after 25 cards"),
    ("dge", _binary(".dge", 128, lambda r: _dge_rank(r, lambda b: b[1:] if b else b"")),
     r"board 3: North has 12 cards"),
    ("dge", _binary(".dge", 128, _dge_twice), r"board 3: S\w twice"),
    ("dge", _binary(".dge", 128, lambda r: _dge_rank(r, lambda b: b"X" + b)), r"board 3: byte 88 is neither"),
    ("lin", _lin(_card_twice), r"board 3: \w\w twice"),
    ("lin", _lin(_hand_of_12), r"board 3: North has 12 cards"),
    ("lin", _lin(board="0"), r"deal 3: '0' is not a board number"),
]


@pytest.mark.parametrize("fmt, damage, message", DAMAGED, ids=[f"{f}-{m[:30]}" for f, _d, m in DAMAGED])
def test_a_damaged_file_is_refused_naming_the_file_and_the_board(tmp_path, capsys, fmt, damage, message):
    path = damage(tmp_path)
    with pytest.raises(UserError) as caught:
        read_deals(path)
    assert str(caught.value).startswith(str(path) + ": ")
    assert re.search(message, str(caught.value)), str(caught.value)
    capsys.readouterr()
    assert main(["deal", "--deals", str(path), "--json"]) == 2  # the command: one line, exit 2, nothing printed
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and re.search(message, err)
    event = Event(lines=[Line(3, "1", "2", score=420)])  # score --deals: refused the same, no deal attached
    with pytest.raises(UserError, match=message):
        attach_deals(event, path)
    assert event.deals == {}


def test_every_format_has_damaged_files_in_the_table():
    assert {f for f, _d, _m in DAMAGED} == set(FORMATS)


# ------------------------------------------------------------------------------------------- the command

def test_deal_writes_every_output_and_prints_the_json_of_the_issue(tmp_path, capsys):
    outs = [str(tmp_path / f"night{ext}") for ext in deal_extensions()]
    argv = ["deal", "--boards", "1-32", "--seed", "11", "--json"]
    for o in outs:
        argv += ["-o", o]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert list(data) == ["boards"] and [b["board"] for b in data["boards"]] == list(range(1, 33))
    for entry in data["boards"]:
        deal = SET[entry["board"]]
        assert list(entry) == ["board", "dealer", "vulnerable", "hands", "hcp"]
        assert (entry["dealer"], entry["vulnerable"]) == (deal.dealer, deal.vulnerable)
        assert entry["hands"] == dict(zip(SEATS, deal.hands)) and list(entry["hands"]) == list(SEATS)
        assert list(entry["hcp"]) == list(SEATS) and sum(entry["hcp"].values()) == 40
    assert err.count("mpxl: wrote") == len(outs)
    for o in outs:
        assert read_deals(o) == SET


@pytest.mark.parametrize("ext, said", [(".pbn", True), (".dlm", True), (".lin", True), (".bri", False),
                                       (".dge", False), (".dup", False)])
def test_a_seeded_deal_says_so_where_the_format_has_room(tmp_path, ext, said):
    path = tmp_path / f"t{ext}"
    assert main(["deal", "--boards", "1-4", "--seed", "5", "-o", str(path)]) == 0
    assert (b"--seed 5: a test deal, not for play" in path.read_bytes()) is said
    plain = tmp_path / f"p{ext}"
    assert main(["deal", "--boards", "1-4", "-o", str(plain)]) == 0
    assert b"seed" not in plain.read_bytes()


def test_deal_converts_a_file_and_prints_a_line_a_board(tmp_path, capsys):
    dlm = written(tmp_path, ".dlm")
    assert main(["deal", "--deals", str(dlm)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 32 and lines[0] == f" 1 N None {SET[1].to_pbn()}"


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("argv, message", [
    (["--boards", "0-3"], "board 0; boards are numbered from 1"),
    (["--boards", "5-2"], "the run 5-2 goes down"),
    (["--boards", "1-3,3"], "board 3 twice"),
    (["--boards", "1-x"], "is not a whole number"),
    (["--boards", "1-3", "--seed", "x"], "--seed 'x' is not a whole number"),
    (["--deals", "{dlm}", "--seed", "4"], "a --deals file is read, not dealt"),
    (["--boards", "1-3", "-o", "{tmp}/x.txt"], "cannot write deals to this kind of file"),
    (["--boards", "1-3", "-o", "{tmp}/x.pbn", "-o", "{tmp}/x.pbn"], "named twice by -o"),
    (["--deals", "{dlm}", "-o", "{dlm}"], "refusing to write over the input file"),
    (["--deals", "{tmp}/none.pbn"], "No such file"),
    (["--boards", "1-3", "--deals", "{dlm}"], "not allowed with argument"),
    ([], "one of the arguments --boards --deals is required"),
])
def test_deal_refuses_with_one_line_and_exit_2(tmp_path, capsys, argv, message):
    dlm = written(tmp_path, ".dlm")
    before = dlm.read_bytes()
    try:
        code = main(["deal", *[a.format(dlm=dlm, tmp=tmp_path) for a in argv]])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and message in err, err
    assert dlm.read_bytes() == before and not (tmp_path / "x.pbn").exists()


def test_the_hand_record_and_the_analysis_are_written_or_refused_with_what_to_install(tmp_path, capsys):
    html = tmp_path / "hands.html"
    pbn = tmp_path / "hands.pbn"
    code = main(["deal", "--boards", "1-4", "--seed", "1", "-o", str(pbn), "-o", str(html)])
    err = capsys.readouterr().err
    if _installed("mpxl.formats.hand_record"):
        assert code == 0 and html.exists()
    else:  # refused before anything is written
        assert code == 2 and "hand record (.html) is not in this mpxl yet" in err and not pbn.exists()
    code = main(["deal", "--boards", "1-4", "--seed", "1", "--analyse", "--json"])
    out, err = capsys.readouterr()
    if _installed("mpxl.formats.solver") and _installed("endplay"):
        solved = json.loads(out)["boards"]
        assert code == 0 and all({"dd", "par"} <= set(b) for b in solved)
        assert main(["deal", "--boards", "1-4", "--seed", "1", "--analyse", "-o", str(pbn)]) == 0
        capsys.readouterr()
        assert main(["deal", "--deals", str(pbn), "--json"]) == 0  # the tags read back, not solved again
        assert json.loads(capsys.readouterr().out)["boards"] == solved
    else:
        assert code == 2 and 'pip install "mpxl-bridge[dds]"' in err and err.count("\n") == 1


@pytest.mark.parametrize("damage, message", [(_card_twice, r"\w\w twice \(North and West\)"),
                                             (_hand_of_12, "North has 12 cards")])
def test_a_results_pbn_with_a_damaged_deal_is_refused_naming_the_board(damage, message):
    from mpxl.formats.pbn import read_pbn_text

    text = f'[Event "x"]\n[Board "3"]\n[Deal "N:{" ".join(damage(_hands(3)))}"]\n'
    with pytest.raises(UserError, match=r"r\.pbn: line 3: board 3: " + message):
        read_pbn_text(text, "r.pbn")


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_score_deals_attaches_a_deals_file_of_any_format(tmp_path, ext):
    event = Event(lines=[Line(b, "1", "2", score=420) for b in (1, 2, 3)])
    attach_deals(event, written(tmp_path, ext))
    assert event.deals == {b: SET[b] for b in (1, 2, 3)}


def test_template_takes_the_evenings_deals_onto_its_hands_sheet(tmp_path, capsys):
    """`mpxl template --deals night.pbn`: the Hands sheet holds the deals of the template's boards as the file
    gives them, with their double-dummy analysis (mpxl deal --analyse); a board without a deal is named."""
    pytest.importorskip("endplay")
    from openpyxl import load_workbook

    from mpxl.formats.deals import read_deals
    from mpxl.formats.pbn import read_pbn_analyses
    from mpxl.workbook.hands import read_hand_analyses, read_hands

    night = tmp_path / "night.pbn"
    assert main(["deal", "--boards", "1-4", "--seed", "51", "--analyse", "-o", str(night)]) == 0
    book = tmp_path / "club.xlsx"
    assert main(["template", "--tables", "3", "--boards", "5", "--deals", str(night), "-o", str(book)]) == 0
    err = capsys.readouterr().err
    assert "no deal for boards 5" in err
    ws = load_workbook(book)["Hands"]
    deals = read_deals(night)
    assert read_hands(ws, str(book)) == deals
    assert read_hand_analyses(ws, deals, str(book)) == read_pbn_analyses(night, deals)


@pytest.mark.parametrize("boards, said", [("20-22", "a hand record of other boards"), (None, "No such file")])
def test_template_refuses_deals_of_other_boards_and_writes_nothing(tmp_path, capsys, boards, said):
    night = tmp_path / "night.pbn"
    if boards:
        assert main(["deal", "--boards", boards, "--seed", "51", "-o", str(night)]) == 0
    capsys.readouterr()
    book = tmp_path / "club.xlsx"
    assert main(["template", "--tables", "3", "--boards", "5", "--deals", str(night), "-o", str(book)]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and not book.exists(), err
