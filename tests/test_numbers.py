"""Issue 46: every number read from the command line or a file is read by one strict parser
(:mod:`mpxl.core.numbers`): ``--tables 1_0`` was 10 tables, as Python's ``int`` takes underscores,
spaces inside a value's padding and non-ASCII digits (``１０``, ``٣``). The class: every command's
number options (found by walking the parser, not listed by hand) and the file readers' number
fields refuse them, exit 2, naming the flag or the place."""

from __future__ import annotations

import argparse

import pytest

from mpxl.cli import build_parser, main
from mpxl.commands import COMMANDS
from mpxl.commands.score import seconds_argument
from mpxl.core.numbers import NUMBER_ARGUMENTS as STRICT
from mpxl.core.numbers import figure, whole

NUMBER_ARGUMENTS = (*STRICT, seconds_argument)

#: What Python's int() or float() read as a number and a scorer did not type as one.
NOT_WHOLE = ["1_0", "\uff11\uff10", "\u0661\u0660", "1\u00a00", "10\u2003", "\u00b2", "0x10", "1e1", "10.5", "nan"]

#: The options of each command that take no number; every other option with a value must be typed by
#: one of NUMBER_ARGUMENTS or be one of these (a new number option left as text fails this test).
TEXT_OPTIONS = {
    "input", "inputs", "output", "deals", "conventions", "title", "date", "club", "lang", "chart", "kind", "movement",
    "method", "scale", "field", "previous", "remove", "foul_after", "small_groups", "estimate_at", "rounding",
    "rounding_totals", "percentage_rounding", "unplayed", "places", "ave_policy", "totals_from", "totals_method",
    "lone_result", "mixed_line", "percentage_basis", "rounding_pct", "rounding_order", "help", "version",
    # mpxl movement reads these itself (its one-line message): tested below
    "tables", "pairs", "boards_per_round", "rounds", "arrowswitch", "late",
    # mpxl methods reads its counts itself, as the Excel functions and the Methods sheet read them: tested below
    "expected", "actual",
    # the Data Connector's address and the club's credentials (mpxl score --tablets)
    "connector", "club_id", "licence_key",
    # mpxl deal reads its runs of boards (1-16,33-48) and its seed itself, strictly (one line): tested below
    "boards", "seed",
    # a movement's file, and the evening's changes (PAIR@R, A-B@R: mpxl.core.changes reads them, one line)
    "source", "leaves", "joins", "swap_boards",
}


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: p for name, p in sub.choices.items() if name in COMMANDS}


def _number_options():
    for name, p in _commands().items():
        for action in p._actions:
            if action.option_strings and action.type in NUMBER_ARGUMENTS:
                yield name, action.option_strings[0]


def test_no_option_is_read_by_python_int_or_float():
    """The class: no option's type is int or float, and every option with a value either takes text or
    is typed by the strict parser."""
    for name, p in _commands().items():
        for action in p._actions:
            assert action.type not in (int, float), (name, action.dest)
            if action.nargs == 0 or action.type in NUMBER_ARGUMENTS:
                continue
            assert action.dest.rstrip("s") in {t.rstrip("s") for t in TEXT_OPTIONS} or action.choices, (
                f"mpxl {name} {action.option_strings or action.dest}: a new option with a value: type it by "
                "mpxl.core.numbers or add it to TEXT_OPTIONS")
    assert len(list(_number_options())) >= 12


@pytest.mark.parametrize("command, flag", sorted(set(_number_options())))
def test_every_number_option_refuses_what_int_would_take(command, flag, capsys):
    for bad in ("1_0", "\uff11\uff10", "1 0"):
        with pytest.raises(SystemExit) as exc:
            main([command, flag, bad])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert flag in err and repr(bad) in err, err


@pytest.mark.parametrize("flag", ["--tables", "--pairs", "--boards-per-round", "--rounds", "--arrowswitch", "--late"])
@pytest.mark.parametrize("bad", ["1_0", "\uff11\uff10", "\u0663"])
def test_the_movement_options_refuse_them(flag, bad, capsys):
    args = ["movement", "mitchell", "--tables", "7"] + ([flag, bad] if flag != "--tables" else [])
    if flag == "--tables":
        args[3] = bad
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"{flag} {bad!r} is not a whole number" in err and err.count("\n") == 1


@pytest.mark.parametrize("bad", ["1_0", "\uff11\uff10", "1-\u0663"])
@pytest.mark.parametrize("flag", ["--boards", "--seed"])
def test_the_deal_options_refuse_them(flag, bad, capsys, tmp_path):
    args = ["--boards", bad] if flag == "--boards" else ["--boards", "1-2", "--seed", bad.replace("1-", "")]
    assert main(["deal", *args, "-o", str(tmp_path / "n.pbn")]) == 2
    err = capsys.readouterr().err
    assert f"{flag} " in err and "is not a whole number" in err and err.count("\n") == 1, err
    assert not (tmp_path / "n.pbn").exists()


@pytest.mark.parametrize("bad", ["1_0", "\uff11\uff10", "1 0", "0x10"])
def test_the_positional_numbers_of_methods_refuse_them(capsys, bad):
    """What int() or float() would take is no count: said as check_counts says it (the functions' words too)."""
    assert main(["methods", bad, "9"]) == 2
    assert capsys.readouterr().err == f"mpxl: expected {bad!r} is not a whole number of results\n"


@pytest.mark.parametrize("bad", NOT_WHOLE)
def test_the_parser_refuses_what_int_or_float_would_take(bad):
    with pytest.raises(ValueError, match="is not a whole number"):
        whole(bad)
    if bad not in ("10.5", "1e1"):
        with pytest.raises(ValueError, match="is not a number"):
            figure(bad)


@pytest.mark.parametrize("text, value", [("10", 10), (" 10\t", 10), ("+3", 3), ("-3", -3), ("007", 7)])
def test_the_parser_takes_a_whole_number(text, value):
    assert whole(text) == value


# ---------------------------------------------------------------- the readers: a table of number fields

def _csv(tmp_path, column: str, value: str):
    path = tmp_path / "t.csv"
    path.write_text(f"board,ns_pair,ew_pair,ns_score,{column}\n1,1,2,420,{value}\n1,3,4,400,1\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("bad", ["1_0", "\uff11", "\u0661"])
def test_the_csv_session_refuses_them(tmp_path, capsys, bad):
    assert main(["score", str(_csv(tmp_path, "session", bad))]) == 2
    err = capsys.readouterr().err
    assert "line 2, column session" in err and repr(bad) in err


def test_the_usebio_hand_record_board_refuses_them():
    from mpxl.core.errors import UserError
    from mpxl.formats.usebio import read_usebio_bytes

    for bad in ("1_0", "\uff11"):
        data = (f'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT><PROGRAM_NAME>X</PROGRAM_NAME><BOARD>'
                "<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2"
                "</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD><HANDSET><BOARD><BOARD_NUMBER>"
                f"{bad}</BOARD_NUMBER></BOARD></HANDSET></EVENT></USEBIO>").encode()
        with pytest.raises(UserError, match="not a board number"):
            read_usebio_bytes(data, "bad.xml")


@pytest.mark.parametrize("reader, bad", [
    ("options", "1_0"), ("options", "\uff11"), ("rounding", "half-up:\u0661"), ("rounding", "\uff12"),
    ("k_list", "1_0"), ("k_list", "1-\uff13"),
])
def test_the_word_readers_refuse_them(reader, bad):
    """The words a file or the command line gives a setting (the JSON's and the Setup sheet's through
    parse_options), the rounding words, the study's lists of results."""
    from mpxl.core.options import parse_options
    from mpxl.core.rounding import Rounding
    from mpxl.core.study import parse_k_list

    read = {"options": lambda t: parse_options(expected=t), "rounding": Rounding.parse, "k_list": parse_k_list}
    with pytest.raises(ValueError):
        read[reader](bad)
