"""Fuzzing the readers and the Excel functions: every input scores or fails with a message.

Random and mutated USEBIO, PBN and CSV (the real files in ``shared/realdata`` beside the checkout
when present, the fixtures in ``tests/data`` and small texts below): truncated
files, wrong encodings, huge numbers, empty boards, duplicate tables. Through
``mpxl.cli.main`` each one either exits 0 or exits 2 with ``mpxl: message`` on
stderr: never a traceback, never a hang (each example runs under an alarm).
Files far larger than any real event are refused with a message.

The Excel functions, called as plain Python and through xlwings' own conversion
layer, given error values, text, empty and huge ranges, answer with a value or a
``NAME: message`` string, never an exception.

The number of examples is bounded (25 a test) so the file runs in well under a minute;
``HYPOTHESIS_PROFILE=deep`` runs 5,000 a test (``FUZZ_EXAMPLES=N`` any other count).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import os
import random
import signal
from pathlib import Path

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from shared import REALDATA, examples, real_files  # noqa: E402

import mpxl.formats as formats  # noqa: E402
from mpxl.cli import main  # noqa: E402
from mpxl.core.errors import UserError  # noqa: E402

EXAMPLES = examples(25, "FUZZ_EXAMPLES")
ALARM_SECONDS = 20  # far above any example's time: only a hang reaches it
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


DATA = Path(__file__).parent / "data"


def _files(folder: Path, *suffixes: str) -> list:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in suffixes)


SMALL_CSV = b"""board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,adjustment
1,1,2,4S,N,10,,
1,3,4,,,,420,
1,5,6,,,,-50,
2,1,4,,,,,A+
2,3,6,3NT,S,8,,
2,5,2,,,,,30% 420 + 70% 450
"""

SMALL_PBN = b"""% PBN 2.1
[Event "Fuzz"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]
 1  1  2 4S  N 10 "420"  -  2.0 0.0
 2  3  4 3NT S  9 "400"  -  0.0 2.0
 3  5  6 -   -  - "A+"  "A-" 1.2 0.8

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]
 1  1  4 2H  E  8 -  "110"
 2  3  6 2S  N  8 "110" -
"""

SMALL_XML = b"""<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>EBUScore Pairs</PROGRAM_NAME>
<WINNER_TYPE>2</WINNER_TYPE>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR></PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>8</TRICKS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>A6040</SCORE></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""

SEEDS = {
    ".csv": [SMALL_CSV] + [p.read_bytes() for p in _files(DATA, ".csv")],
    ".pbn": [SMALL_PBN] + [p.read_bytes() for p in _files(DATA, ".pbn")],
    ".xml": [SMALL_XML] + [p.read_bytes() for p in _files(DATA, ".xml")],
}
REAL = {ext: [p.read_bytes() for p in real_files(ext)] for ext in (".csv", ".pbn", ".xml")}


# ------------------------------------------------------------------ running one input


class Hang(Exception):
    pass


@contextlib.contextmanager
def alarm(seconds: int = ALARM_SECONDS):
    """Fail (not block) if the block runs longer than ``seconds``; a no-op where SIGALRM is missing."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def ring(signum, frame):
        raise Hang(f"no answer after {seconds}s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def score_file(tmp_path: Path, data: bytes, suffix: str, output: str = "out.csv") -> tuple[int, str]:
    """``mpxl score FILE -o OUTPUT`` in-process: (exit status, stderr). Any exception is a failure."""
    src = tmp_path / f"input{suffix}"
    src.write_bytes(data)
    err = io.StringIO()
    with alarm(), contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["score", str(src), "-o", str(tmp_path / output)])
    message = err.getvalue()
    assert status in (0, 2), (status, message)
    if status == 2:
        assert message.startswith("mpxl: ") and "Traceback" not in message, message
        assert len(message.strip()) > len("mpxl: "), "an empty message"
    return status, message


def read_direct(tmp_path: Path, data: bytes, suffix: str):
    """The reader through :func:`read_event`: an Event, or a UserError naming the file."""
    src = tmp_path / f"direct{suffix}"
    src.write_bytes(data)
    with alarm():
        try:
            return formats.read_event(src)
        except UserError as exc:
            assert str(src) in str(exc) and exc.problem, str(exc)
            return None


# ------------------------------------------------------------------ mutations


HUGE = [b"9" * 40, b"-" + b"9" * 25, b"1e308", b"1e309", b"-1e400", b"NaN", b"inf", b"0x7fffffff", b"18446744073709551616",
        b"99999999999999999999.5", b"\xef\xbb\xbf", b"\x00", b"\xff\xfe", b"\"", b"'", b",", b";", b"\t", b"\n", b"\r\n",
        b"<", b">", b"&amp;", b"&#0;", b"]]>", b"<![CDATA[x]]>", b"%", b"[", b"]", b"\\", b"A+", b"A6040", b"60/40",
        b"Bye", b"-", b"", b" ", b"\xc3\xa9", b"\xe9", b"\xf0\x9f\x82\xa1", b"0", b"-0", b"+1", b"13", b"14", b"-7"]


def mutate(data: bytes, rnd: random.Random, steps: int) -> bytes:
    """Apply ``steps`` random edits: truncate, delete, insert, duplicate (tables), swap numbers for huge ones."""
    b = bytearray(data)
    for _ in range(steps):
        op = rnd.randrange(8)
        n = len(b)
        i = rnd.randrange(n + 1) if n else 0
        if op == 0 and n:  # truncated file
            del b[i:]
        elif op == 1 and n:  # a slice lost
            del b[i:i + rnd.randrange(1, 200)]
        elif op == 2:  # a token inserted
            b[i:i] = rnd.choice(HUGE)
        elif op == 3 and n:  # a slice duplicated: repeated lines, tables, boards
            j = min(n, i + rnd.randrange(1, 400))
            b[j:j] = b[i:j]
        elif op == 4:  # a number made huge or strange
            digits = [k for k in range(min(n, 200_000)) if 48 <= b[k] <= 57]
            if digits:
                k = rnd.choice(digits)
                b[k:k + 1] = rnd.choice(HUGE)
        elif op == 5 and n:  # a random byte
            b[rnd.randrange(n)] = rnd.randrange(256)
        elif op == 6 and n:  # a whole line duplicated or dropped
            lines = bytes(b).split(b"\n")
            k = rnd.randrange(len(lines))
            if rnd.random() < 0.5:
                lines.insert(k, lines[k])
            else:
                del lines[k]
            b = bytearray(b"\n".join(lines))
        elif op == 7 and n:  # a line's numbers all blanked: an empty board
            lines = bytes(b).split(b"\n")
            k = rnd.randrange(len(lines))
            lines[k] = bytes(c for c in lines[k] if not 48 <= c <= 57)
            b = bytearray(b"\n".join(lines))
    return bytes(b)


def reencode(data: bytes, encoding: str) -> bytes:
    """The file in another encoding (or with a BOM): a wrong-encoding input."""
    text = data.decode("utf-8", errors="replace") if encoding != "latin-1-as-is" else None
    if encoding == "utf-16":
        return text.encode("utf-16")
    if encoding == "utf-8-sig":
        return b"\xef\xbb\xbf" + data
    if encoding == "cp1252":
        return text.encode("cp1252", errors="replace")
    if encoding == "utf-32-le":
        return text.encode("utf-32-le")
    return data


mutation = st.tuples(st.integers(0, 2**32 - 1), st.integers(1, 6))
encodings = st.sampled_from(["none", "utf-16", "utf-8-sig", "cp1252", "utf-32-le"])


def _check(tmp_path, data: bytes, suffix: str) -> None:
    score_file(tmp_path, data, suffix)
    read_direct(tmp_path, data, suffix)


@pytest.mark.parametrize("suffix", [".csv", ".pbn", ".xml"])
def test_the_unmutated_seeds_score(tmp_path, suffix):
    for data in SEEDS[suffix] + REAL[suffix]:
        status, message = score_file(tmp_path, data, suffix)
        assert status == 0, message


@pytest.mark.parametrize("suffix", [".csv", ".pbn", ".xml"])
@FUZZ
@given(seed_index=st.integers(0, 10), mut=mutation, enc=encodings)
def test_mutated_small_files_score_or_fail_with_a_message(tmp_path, suffix, seed_index, mut, enc):
    seeds = SEEDS[suffix]
    data = seeds[seed_index % len(seeds)]
    seed, steps = mut
    _check(tmp_path, reencode(mutate(data, random.Random(seed), steps), enc), suffix)


@pytest.mark.parametrize("suffix", [".pbn", ".xml"])
@settings(FUZZ, max_examples=max(3, EXAMPLES // 3))
@given(seed_index=st.integers(0, 10), mut=mutation)
def test_mutated_real_files_score_or_fail_with_a_message(tmp_path, suffix, seed_index, mut):
    real = REAL[suffix]
    if not real:
        pytest.skip(f"no real {suffix} files in {REALDATA}")
    data = real[seed_index % len(real)]
    seed, steps = mut
    score_file(tmp_path, mutate(data, random.Random(seed), steps), suffix)


@FUZZ
@given(data=st.binary(max_size=2000), suffix=st.sampled_from([".csv", ".pbn", ".xml", ".txt"]))
def test_random_bytes_score_or_fail_with_a_message(tmp_path, data, suffix):
    score_file(tmp_path, data, suffix)


# ------------------------------------------------------------------ random structured files

cell = st.one_of(
    st.sampled_from(["", " ", "-", "1", "2", "3", "13", "0", "-1", "420", "-50", "A+", "A=", "A-", "60/40", "A6040",
                     "Bye", "NP", "4S", "3NT", "7NTxx", "N", "E", "S", "W", "=", "+1", "-13", "y", "x", "1.5", "1,5",
                     "1e308", "9" * 30, "nan", "inf", "-inf", "30% 420 + 70% 450", "-150|-50", "#N/A", "Ä", "\u0000"]),
    st.integers(-10**30, 10**30).map(str),
    st.text(max_size=8),
)
header_names = st.lists(st.sampled_from(["board", "ns_pair", "ew_pair", "ns_score", "contract", "declarer", "tricks",
                                         "adjustment", "section", "session", "table", "group", "arrowswitch",
                                         "ns_penalty", "ew_penalty", "ns_mp", "ew_mp", "lead", "bd", "score", "x"]),
                        min_size=0, max_size=9)


@FUZZ
@given(header=header_names, rows=st.lists(st.lists(cell, max_size=10), max_size=12),
       delimiter=st.sampled_from([",", ";", "\t"]))
def test_random_csv(tmp_path, header, rows, delimiter):
    if rows and header and "board" in header:
        # keep some rows plausible so the scorer, not only the header check, is reached
        pass
    text = "\n".join(delimiter.join(r) for r in [header] + rows)
    _check(tmp_path, text.encode("utf-8", errors="surrogatepass"), ".csv")


@st.composite
def csv_events(draw):
    """Structurally valid CSV with hostile values: duplicate tables, empty boards, huge scores."""
    lines = ["section,board,table,ns_pair,ew_pair,ns_score,adjustment"]
    for _ in range(draw(st.integers(0, 14))):
        lines.append(",".join([
            draw(st.sampled_from(["", "A", "B"])),
            draw(st.sampled_from(["1", "2", "3", "0", "-1", "99999999999999999999", "1.0", "1.5", "x"])),
            draw(st.sampled_from(["1", "2", "1", "", "t"])),
            draw(st.sampled_from(["1", "2", "3", "1"])),
            draw(st.sampled_from(["1", "2", "4", "5"])),
            draw(st.sampled_from(["420", "-50", "", "9" * 40, "1e400", "-0", "420.5", "NaN", "100000000"])),
            draw(st.sampled_from(["", "", "", "A+", "70/70", "A6040", "101/0", "30% 420 + 70% 450", "50% 1 + 60% 2",
                                  "-150|-50", "A9999"])),
        ]))
    return "\n".join(lines) + "\n"


@FUZZ
@given(text=csv_events())
def test_structured_csv(tmp_path, text):
    _check(tmp_path, text.encode(), ".csv")


@st.composite
def usebio_documents(draw):
    """USEBIO with random nesting of SESSION / SECTION / BOARD and hostile values."""
    def value():
        return draw(st.sampled_from(["1", "2", "3", "", "0", "-4", "99999999999999999999", "A6040", "A+", "x", "1e999",
                                     "420", "-50", "&lt;", "13", "14"]))

    def traveller():
        parts = ["<TRAVELLER_LINE>"]
        for tag in draw(st.lists(st.sampled_from(["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE", "CONTRACT", "PLAYED_BY",
                                                  "TRICKS", "NS_MATCH_POINTS", "ARROW_SWITCH"]), max_size=8)):
            parts.append(f"<{tag}>{value()}</{tag}>")
        parts.append("</TRAVELLER_LINE>")
        return "".join(parts)

    def board():
        return (f"<BOARD><BOARD_NUMBER>{value()}</BOARD_NUMBER>"
                + "".join(traveller() for _ in range(draw(st.integers(0, 5)))) + "</BOARD>")

    body = "".join(board() for _ in range(draw(st.integers(0, 4))))
    for tag in draw(st.lists(st.sampled_from(["SESSION", "SECTION"]), max_size=3)):
        attr = f' {tag}_ID="{value()}"' if draw(st.booleans()) else ""
        body = f"<{tag}{attr}>{body}</{tag}>"
    winner = draw(st.sampled_from(["", "<WINNER_TYPE>2</WINNER_TYPE>", "<WINNER_TYPE>x</WINNER_TYPE>"]))
    root = draw(st.sampled_from(["USEBIO", "USEBIO", "NOT_USEBIO"]))
    return f'<?xml version="1.0"?><{root} Version="1.2"><EVENT>{winner}{body}</EVENT></{root}>'


@FUZZ
@given(doc=usebio_documents())
def test_structured_usebio(tmp_path, doc):
    _check(tmp_path, doc.encode(), ".xml")


@st.composite
def pbn_documents(draw):
    rows = []
    for _ in range(draw(st.integers(0, 6))):
        rows.append(" ".join(draw(st.lists(cell.filter(lambda c: c.strip() and '"' not in c and "\n" not in c
                                                       and "\r" not in c and "[" not in c),
                                           min_size=0, max_size=10))))
    spec = draw(st.sampled_from([
        "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R",
        "PairId_NS;PairId_EW;Score_NS", "Table;Contract", "", "x\\;;\\\\", "Score_NS\\99999999999999R"]))
    board = draw(st.sampled_from(["1", "2", "0", "x", "99999999999999999999", ""]))
    return f'% PBN 2.1\n[Board "{board}"]\n[ScoreTable "{spec}"]\n' + "\n".join(rows) + "\n"


@FUZZ
@given(doc=pbn_documents())
def test_structured_pbn(tmp_path, doc):
    _check(tmp_path, doc.encode(), ".pbn")


# ------------------------------------------------------------------ deep nesting, size bounds


def test_deeply_nested_xml_is_refused_with_a_message(tmp_path):
    depth = 100_000
    doc = b'<USEBIO Version="1.2"><EVENT>' + b"<SESSION>" * depth + b"</SESSION>" * depth + b"</EVENT></USEBIO>"
    status, message = score_file(tmp_path, doc, ".xml")
    assert status == 2


@pytest.mark.parametrize("suffix", [".xml", ".pbn", ".csv"])
def test_a_file_far_larger_than_any_event_is_refused(tmp_path, suffix):
    src = tmp_path / f"huge{suffix}"
    with open(src, "wb") as f:  # a sparse file: its size, without writing it
        f.truncate(formats.MAX_BYTES[formats.format_of(src)] + 1)
    err = io.StringIO()
    with alarm(10), contextlib.redirect_stderr(err):
        status = main(["score", str(src), "-o", str(tmp_path / "out.csv")])
    assert status == 2
    assert "larger than" in err.getvalue() and "Traceback" not in err.getvalue()


def test_many_boards_in_a_small_file_stay_fast(tmp_path):
    """Many tiny boards, sections and pairs: the work grows with the lines, not their square."""
    rows = ["section,board,ns_pair,ew_pair,ns_score"]
    for sec in range(300):
        for b in range(1, 11):
            rows += [f"S{sec},{b},1,1,420", f"S{sec},{b},2,2,-50"]
    status, message = score_file(tmp_path, ("\n".join(rows) + "\n").encode(), ".csv")
    assert status == 0, message


# ------------------------------------------------------------------ the Excel functions

import xlwings.server as xs  # noqa: E402

import mpxl.udfs as udfs  # noqa: E402

ERRORS = ["#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!", "#GETTING_DATA"]
scalar = st.one_of(
    st.none(), st.just(""), st.sampled_from(ERRORS), st.booleans(),
    st.integers(-10**20, 10**20), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e308, -1e308, 5e-324, 420.0, -50.0, 9.0, 8.0, 2.0, 1.0, 0.0, 16.0, 15.5]),
    st.sampled_from(["A+", "AVE", "60/40", "30% 420 + 70% 450", "-150|-50", "neuberg", "mck", "NS", "EW", "BOTH", "AS",
                     "ebu", "acbl", "half-up:2", "3NT", "4Sx", "N", "All", "=", "+1", "abc", "A", "1e999"]),
    st.text(max_size=6),
)
ranges = st.one_of(
    scalar,
    st.lists(scalar, max_size=6),
    st.lists(st.lists(scalar, min_size=1, max_size=3), max_size=8),
    st.lists(st.lists(scalar, min_size=0, max_size=3), max_size=3),  # ragged, empty rows
)
EXCEL_FUNCTIONS = {name: getattr(udfs, name) for name in udfs.__all__}


def _answer_ok(name: str, value) -> None:
    if isinstance(value, str):
        return  # a value (DEALER's 'N') or a message: 'NAME: ...'
    assert value is None or isinstance(value, (int, float, list)), (name, value)


@FUZZ
@given(name=st.sampled_from(sorted(EXCEL_FUNCTIONS)), args=st.lists(ranges, min_size=0, max_size=10))
def test_excel_functions_answer_with_a_value_or_a_message(name, args):
    fn = EXCEL_FUNCTIONS[name]
    params = list(inspect.signature(fn).parameters)
    args = args[:len(params)]
    required = [p for p in inspect.signature(fn).parameters.values() if p.default is inspect.Parameter.empty]
    args += [None] * (len(required) - len(args))
    with alarm():
        value = fn(*args)
    _answer_ok(name, value)


@FUZZ
@given(scores=ranges, expected=scalar, method=scalar, scale=scalar, side=scalar, rounding=scalar,
       groups=ranges, flags=ranges, penalties=ranges)
def test_board_matchpoints_helper_raises_only_value_errors(scores, expected, method, scale, side, rounding,
                                                           groups, flags, penalties):
    with alarm():
        try:
            udfs.board_matchpoints(scores, expected, method, scale, side, groups, flags, penalties, None, rounding)
        except (ValueError, TypeError, OverflowError, ZeroDivisionError) as exc:  # what the wrappers turn into text
            assert str(exc)


def _xlwings_call(name, *args):
    def cells(value):
        if isinstance(value, list):
            return [v if isinstance(v, list) else [v] for v in value] or [[None]]
        return [[value]]

    payload = {"client": "Office.js", "func_name": name, "args": [cells(a) for a in args],
               "caller_address": "Sheet1!A1", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
               "version": "0.37.8", "runtime": "1.4"}
    result = xs.custom_functions_call(payload, udfs)
    return asyncio.run(result) if inspect.iscoroutine(result) else result


@settings(FUZZ, max_examples=max(10, EXAMPLES))
@given(name=st.sampled_from(["MATCHPOINTS", "BOARDMP", "ESTIMATE", "NEUBERG", "ADJUSTED", "TOP", "BRIDGESCORE"]),
       args=st.lists(st.one_of(scalar.filter(lambda v: not (isinstance(v, int) and abs(v) > 2**53)),
                               st.lists(st.lists(st.one_of(st.none(), st.floats(-1e6, 1e6), st.sampled_from(ERRORS),
                                                           st.text(max_size=4)), min_size=1, max_size=1),
                                        min_size=1, max_size=6)),
                     min_size=1, max_size=6))
def test_excel_functions_through_xlwings(name, args):
    n_params = len(inspect.signature(EXCEL_FUNCTIONS[name]).parameters)
    args = (args + [None] * n_params)[:n_params]
    with alarm():
        value = _xlwings_call(name, *args)
    assert value is not None or name in ("MATCHPOINTS", "BOARDMP")
    text = str(value)
    assert "Traceback" not in text


def test_a_huge_range_is_refused_with_a_message():
    column = [[420.0]] * (udfs.MAX_CELLS + 1)
    answer = udfs.MATCHPOINTS(column)
    assert isinstance(answer, str) and answer.startswith("MATCHPOINTS:") and "cells" in answer
    answer = udfs.NEUBERG([[1.0] * 1000] * 101, 9, 8)
    assert isinstance(answer, str) and answer.startswith("NEUBERG:")


@pytest.mark.parametrize("error", ERRORS)
def test_error_values_are_named_in_the_message(error):
    answer = udfs.MATCHPOINTS([[420.0], [error], [-50.0]])
    assert isinstance(answer, str) and error in answer
    assert udfs.TOP(error).startswith("TOP:")


# ------------------------------------------------------------------ issue 14: nothing lost, nothing injected

import csv  # noqa: E402
import html  # noqa: E402
import html.parser  # noqa: E402
import json  # noqa: E402
import zipfile  # noqa: E402
from dataclasses import replace  # noqa: E402

from test_formats_roundtrip import held  # noqa: E402

from mpxl.core.event import Club, Event, Line, Pair, Player  # noqa: E402
from mpxl.core.session import score_event  # noqa: E402

#: Text as hostile as a results file can carry: formula starts, quotes, backslashes, PBN and XML syntax.
_HOSTILE_CHARS = st.sampled_from(list("=+-@'\"\\[]{}%;<>&#|!,.:/ ") + ["\u00e9", "\u0664", "\U0001f0a1", "A", "7"]
                                 # what a reader takes for a line end, and what XML 1.0 cannot hold (issue 22)
                                 + ["\u2028", "\u2029", "\x85", "\uffff"])
HOSTILE_TEXT = st.text(_HOSTILE_CHARS, min_size=1, max_size=12).map(str.strip).filter(
    lambda t: t and " - " not in t and t != "-")


@st.composite
def hostile_events(draw):
    title, section, ns, ew, name = (draw(HOSTILE_TEXT) for _ in range(5))
    if ns == ew:
        ew = ew + "x"
    lines = [Line(1, ns, ew, section, score=420), Line(1, "90", "91", section, score=400),
             Line(2, ns, "91", section, score=-50), Line(2, "90", ew, section, score=100)]
    pairs = [Pair(ns, section, "NS", (name, "B")), Pair("90", section, "NS", ("C", "D")),
             Pair(ew, section, "EW", ("E", name)), Pair("91", section, "EW", ("G", "H"))]
    return Event(lines=lines, pairs=pairs, title=title, winners={section: 2}, source="fuzz")


@st.composite
def hostile_everything(draw):
    """Hostile text in every free-text field the event model has: title, venue, program, club name
    and id, section, pair numbers, player names and ids, a line's note and table label."""
    text = lambda: draw(HOSTILE_TEXT)  # noqa: E731
    section, ns, ew, table = text(), text(), text(), text()
    if ns == ew:
        ew = ew + "x"
    if table.lstrip("+-").isdecimal():  # a number is read back as the table's number, not as text
        table = "T" + table
    players = {p: tuple(Player(text(), text(), text()) for _ in range(2)) for p in (ns, "90", ew, "91")}
    lines = [Line(1, ns, ew, section, score=420, note=text(), table=table), Line(1, "90", "91", section, score=400),
             Line(2, ns, "91", section, score=-50, note=text()), Line(2, "90", ew, section, score=100, table=table)]
    pairs = [Pair(p, section, d, tuple(pl.name for pl in players[p]), players=players[p])
             for p, d in ((ns, "NS"), ("90", "NS"), (ew, "EW"), ("91", "EW"))]
    return Event(lines=lines, pairs=pairs, title=text(), venue=text(), program=text(), club=Club(text(), text()),
                 winners={section: 2}, source="fuzz")


class _Tags(html.parser.HTMLParser):
    """The page's element structure (tags and attribute names) and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list = []
        self.text: list = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, tuple(name for name, _ in attrs)))

    def handle_endtag(self, tag):
        self.tags.append(("/" + tag,))

    def handle_data(self, data):
        self.text.append(data)


def _unpublished(event: Event) -> Event:
    """``event`` without the figures a scored file publishes (mpxl's own, not the input's)."""
    return replace(event, lines=[replace(ln, published_ns_mp=None, published_ew_mp=None) for ln in event.lines],
                   pairs=[replace(p, published_mp=None, published_percentage=None, published_place=None)
                          for p in event.pairs])


def _benign(event: Event) -> Event:
    """The same event with every hostile text replaced by a plain word of its own."""
    words: dict = {}

    def w(t):
        return words.setdefault(t, f"w{len(words)}") if t else t
    players = lambda ps: tuple(Player(w(p.name), w(p.national_id), w(p.club_id)) for p in ps)  # noqa: E731
    return replace(event, title=w(event.title), venue=w(event.venue), program=w(event.program),
                   club=Club(w(event.club.name), w(event.club.id)), winners={w(k): v for k, v in event.winners.items()},
                   lines=[replace(ln, ns_pair=w(ln.ns_pair), ew_pair=w(ln.ew_pair), section=w(ln.section),
                                  note=w(ln.note), table=w(ln.table)) for ln in event.lines],
                   pairs=[replace(p, number=w(p.number), section=w(p.section), names=tuple(map(w, p.names)),
                                  players=players(p.players)) for p in event.pairs])


@settings(FUZZ, max_examples=max(10, EXAMPLES))
@given(hostile_everything())
def test_hostile_text_in_every_field_through_every_writer_reads_back(tmp_path_factory, ev):
    """USEBIO, PBN and CSV read back what each holds, equal; the CSV neutralises formula starts; the
    JSON parses to the same texts; the page has the same elements as a page of plain words, and the
    texts as its text."""
    from mpxl.formats.jsonout import result_to_json
    from mpxl.formats.report_html import results_html

    folder = tmp_path_factory.mktemp("hostile")
    result = score_event(ev)
    for ext in (".csv", ".xml", ".pbn"):
        out = folder / f"out{ext}"
        try:
            formats.write_event(ev, out)  # as read: its own program's name
        except ValueError as exc:  # refused, naming what the format cannot hold (names that run together)
            assert "cannot" in str(exc) and not out.exists(), str(exc)
            continue
        assert held(formats.read_event(out), ext) == held(ev, ext), ext
        formats.write_event(result, out)  # as mpxl scored it: mpxl's figures, under mpxl's name
        assert held(_unpublished(formats.read_event(out)), ext) == held(replace(ev, program="mpxl"), ext), ext
        if ext == ".csv":
            for row in csv.reader(io.StringIO(out.read_text(encoding="utf-8"))):
                assert all(not c or c[0] not in "=+-@\t\r" or c.lstrip("-").replace(".", "").isdigit()
                           for c in row), row
    doc = json.loads(json.dumps(result_to_json(result)))
    assert doc["title"] == ev.title
    assert sorted((ln["ns_pair"], ln["ew_pair"]) for b in doc["boards"] for ln in b["lines"]) == sorted(
        (ln.ns_pair, ln.ew_pair) for ln in ev.lines)
    assert {p["section"] for p in doc["pairs"]} == {ev.lines[0].section}
    page, plain = _Tags(), _Tags()
    page.feed(results_html(result))
    plain.feed(results_html(score_event(_benign(ev))))
    assert page.tags == plain.tags  # no element, attribute or script the text brought in
    shown = "".join(page.text)
    assert ev.title in shown and ev.lines[0].ns_pair in shown and ev.lines[0].section in shown


@settings(FUZZ, max_examples=max(5, EXAMPLES // 100))  # a workbook takes seconds: 50 under the deep profile
@given(hostile_everything(), st.booleans())
def test_hostile_text_in_every_field_to_xlsx_is_text(tmp_path_factory, ev, values_only):
    """The template workbook and the values-only workbook hold every text as a text cell, never a formula."""
    from openpyxl import load_workbook

    from mpxl.commands.outputs import write_output
    from mpxl.workbook import event_writer

    out = tmp_path_factory.mktemp("hostile") / "out.xlsx"
    saved = event_writer.unsupported
    if values_only:
        event_writer.unsupported = lambda result: "forced for the test"
    try:
        write_output(score_event(ev), str(out))
    except UserError as exc:  # a text no cell can hold (U+FFFF): refused, naming it, nothing written
        assert "cannot hold" in str(exc) and not out.exists(), str(exc)
        return
    finally:
        event_writer.unsupported = saved
    texts = {ev.title, ev.lines[0].ns_pair, ev.lines[0].ew_pair, ev.lines[0].section, ev.pairs[0].names[0]}
    cells = [c for ws in load_workbook(out) for r in ws.iter_rows() for c in r if c.value in texts]
    assert {ev.lines[0].ns_pair, ev.lines[0].ew_pair} <= {c.value for c in cells}
    assert all(c.data_type == "s" for c in cells)
    with zipfile.ZipFile(out) as z:
        sheets = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("xl/worksheets/"))
    for t in texts:
        if t.startswith("="):
            assert f"<f>{html.escape(t[1:], quote=False)}</f>" not in sheets


_PBN_GAME = ('[Event "e"]\n[Board "{b}"]\n'
             '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n1 2 420\n3 4 400\n5 6 -50\n')


@settings(FUZZ, max_examples=max(10, EXAMPLES))
@given(st.lists(st.sampled_from(["blank", "tag", "comment", "open comment", "brace line"]), min_size=1, max_size=3),
       st.randoms(use_true_random=False))
def test_pbn_breakage_is_read_whole_or_refused(tmp_path_factory, edits, rnd):
    lines = (_PBN_GAME.format(b=1) + "\n" + _PBN_GAME.format(b=2)).splitlines()
    for edit in edits:
        at = rnd.randrange(len(lines) + 1)
        insert = {"blank": "", "tag": '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]',
                  "comment": "{ a note }", "open comment": "{ a note", "brace line": "}"}[edit]
        lines.insert(at, insert)
    data = ("\n".join(lines) + "\n").encode()
    rows = sum(1 for ln in lines if ln[:1].isdigit())
    ev = read_direct(tmp_path_factory.mktemp("pbn"), data, ".pbn")
    if ev is not None:  # read: every row read (none dropped without a word)
        assert len(ev.lines) == rows, "\n".join(lines)


@settings(FUZZ, max_examples=max(10, EXAMPLES))
@given(st.lists(st.integers(-2, 2), min_size=3, max_size=3), st.booleans())
def test_csv_short_and_long_rows_are_read_whole_or_refused(tmp_path_factory, widths, to_csv):
    rows = ["1,1,2,420", "1,3,4,400", "2,1,4,-50"]
    edited = []
    for row, change in zip(rows, widths):
        cells = row.split(",")
        cells = cells[:len(cells) + change] if change < 0 else cells + ["7"] * change
        edited.append(",".join(cells))
    data = ("board,ns_pair,ew_pair,ns_score\n" + "\n".join(edited) + "\n").encode()
    folder = tmp_path_factory.mktemp("csv")
    status, message = score_file(folder, data, ".csv", "out.csv" if to_csv else "out.xml")
    assert (status == 0) == all(w == 0 for w in widths), message


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "/dev/null", "fifo", "folder"])
@pytest.mark.parametrize("suffix", [".csv", ".xml", ".pbn", ".txt"])
def test_device_and_fifo_paths_are_refused_at_once(target, suffix, tmp_path):
    src = tmp_path / f"input{suffix}"
    if target == "fifo":
        os.mkfifo(src)
    elif target == "folder":
        src.mkdir()
    else:
        src.symlink_to(target)
    err = io.StringIO()
    with alarm(), contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["score", str(src), "-o", str(tmp_path / "out.csv")]) == 2
    assert "not a results file" in err.getvalue() or "cannot tell the file's format" in err.getvalue(), err.getvalue()
