"""CSV travellers in the club's language: headings, seat letters, no-trump words and suit letters
(mpxl/formats/headings.py), read from the file's own evidence, refused naming the ambiguity where it gives none."""

from __future__ import annotations

import pytest

from mpxl.core.errors import UserError
from mpxl.formats import read_event
from mpxl.formats.csvcolumns import read_csv_event
from mpxl.formats.csvfile import read_csv_text
from mpxl.formats.headings import COLUMN_WORDS, SEAT_WORDS, heading_words
from mpxl.formats.labels import LABELS

# (language, header, one row, the first line's (board, table, ns, ew, contract, declarer, tricks, lead, score))
CLUBS = [
    ("fr", "Donne;Table;Paire NS;Paire EO;Contrat;Déclarant;Levées;Entame", "3;1;1;2;3SA;O;10;P4",
     (3, 1, "1", "2", "3NT", "W", 10, "P4", -630)),
    ("fr", "DONNE;TABLE;PAIRE N-S;PAIRE E-O;CONTRAT;JOUÉ PAR;LEVÉES", "1;1;1;2;4P;N;=",
     (1, 1, "1", "2", "4S", "N", 10, None, 420)),
    ("fr", "Donne;NS;EO;Contrat;Declarant;Levees;Marque", "2;1;2;4P;E;10;-420",  # no accents
     (2, None, "1", "2", "4S", "E", 10, None, -420)),
    ("nl", "Spel;Tafel;Paar NZ;Paar OW;Contract;Leider;Slagen;Uitkomst", "2;1;1;2;2K;Z;9;HA",
     (2, 1, "1", "2", "2C", "S", 9, "HA", 110)),
    ("nl", "Spel;NZ;OW;Contract;Leider;Slagen", "4;1;2;3SA;O;9",  # Dutch O is Oost, East
     (4, None, "1", "2", "3NT", "E", 9, None, -600)),
    ("de", "Board;Tisch;NS-Paar;OW-Paar;Kontrakt;Alleinspieler;Stiche;Ausspiel", "4;1;1;2;3SA;O;9;PK",
     (4, 1, "1", "2", "3NT", "E", 9, "PK", -600)),
    ("es", "Mano,Mesa,Pareja NS,Pareja EO,Contrato,Declarante,Bazas,Salida", "1,1,1,2,4P,O,10,T2",
     (1, 1, "1", "2", "4S", "W", 10, "T2", -420)),
    ("it", "Smazzata;Tavolo;Coppia NS;Coppia EO;Contratto;Dichiarante;Prese;Attacco", "1;1;1;2;3SA;O;9;F5",
     (1, 1, "1", "2", "3NT", "W", 9, "F5", -400)),
    ("pl", "Rozdanie;Stół;Para NS;Para EW;Kontrakt;Rozgrywający;Lewy;Wist", "1;1;1;2;3BA;W;9;S2",
     (1, 1, "1", "2", "3NT", "W", 9, "S2", -400)),
    ("nb", "Spill;Bord;Par NS;Par ØV;Kontrakt;Spillefører;Stikk;Utspill", "1;1;1;2;4R;Ø;10;S2",
     (1, 1, "1", "2", "4D", "E", 10, "S2", -130)),
    ("sv", "Bricka\tBord\tPar NS\tPar ÖV\tKontrakt\tSpelförare\tStick\tUtspel", "1\t1\t1\t2\t4K\tÖ\t10\tS2",
     (1, 1, "1", "2", "4C", "E", 10, "S2", -130)),
    ("da", "Spil;Bord;Par NS;Par ØV;Kontrakt;Spilfører;Stik;Udspil", "1;1;1;2;3UT;V;9;S2",
     (1, 1, "1", "2", "3NT", "W", 9, "S2", -400)),
    ("sv", "Bricka;Par NS;Par ÖV;Resultat", "1;1;2;420",  # Swedish Resultat: the score
     (1, None, "1", "2", None, None, None, None, 420)),
]


@pytest.mark.parametrize("lang, header, row, first", CLUBS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLUBS)])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252"])
def test_a_clubs_file_reads_in_its_language(tmp_path, lang, header, row, first, encoding):
    text = f"{header}\n{row}\n".replace("\n", "\r\n")
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:  # Polish, Ø and Ö beyond windows-1252 where it lacks them: UTF-8 only
        pytest.skip("not in windows-1252")
    path = tmp_path / "club.csv"
    path.write_bytes(data)
    ln = read_event(path).lines[0]
    assert (ln.board, ln.table, ln.ns_pair, ln.ew_pair, ln.contract, ln.declarer, ln.tricks, ln.lead,
            ln.score) == first
    assert [(x.board, x.score) for x in read_csv_event(text, "c.csv").lines] == [(first[0], first[-1])]


# (header, row, the message's place, words it holds)
REFUSED = [
    ("Board;NS;EW;Kontrakt;Declarer;Tricks", "1;1;2;3NT;O;9", "line 2, column declarer",
     "'O' is not a direction; expected N, E, S or W: it is East in Dutch, German but West in French, Spanish, Italian"),
    ("board,ns_pair,ew_pair,contract,declarer,tricks", "1,1,2,3NT,O,9", "line 2, column declarer",
     "expected N, E, S or W: it is East"),
    ("Board;NS;EW;Resultat", "1;1;2;420", "line 1", "may be the tricks (in French) or the score"),
    ("Donne;NS;EO;Contrat;Déclarant;Résultat", "1;1;2;4P;N;=", "line 1", "rename it tricks or ns_score"),
    ("Donne;NS;EO;Contrat;Déclarant;Levées", "1;1;2;2C;E;8\n2;1;2;3SA;N;9", "line 2, column contract",
     "C is clubs in English but hearts in French"),
    ("Donne;NS;EO;Contrat;Déclarant;Levées", "1;1;2;4P;N;10\n2;1;2;4S;N;10", "line 3, column contract",
     "'4S' is written in English's suit letters, '4P' (line 2) in French's"),
    ("DONNE;NS;EO;CONTRAT;JOUÉ PAR;RÉSULTAT", "1;1;2;4P;N;=", "line 1",  # the tricks or the score?
     "heading 'RÉSULTAT' may be the tricks (in French) or the score (ns_score) (in French)"),
    ("Donne;NS;EO;Contrta;Levées;Marque", "1;1;2;4P;10;420", "line 1", "'Contrta' (did you mean contract?)"),
    ("Spel;NZ;OW;Uitkomts;Score", "1;1;2;HA;420", "line 1", "'Uitkomts' (did you mean lead?)"),
]


@pytest.mark.parametrize("header, rows, where, words", REFUSED)
def test_a_heading_or_letter_of_two_meanings_is_refused_naming_both(header, rows, where, words):
    text = f"{header}\n{rows}\n"
    for read in (read_csv_text, read_csv_event):
        with pytest.raises(UserError) as exc:
            read(text, "c.csv")
        assert f"c.csv: {where}: " in str(exc.value) and words in str(exc.value)


# (the contracts of a French file, the strains read): C is cœur when another contract shows French letters
FRENCH_SUITS = [
    (["2C", "3T", "4P", "1K"], ["H", "C", "S", "D"]),
    (["2C", "3NT", "4S", "1D"], ["C", "NT", "S", "D"]),  # English letters: C is clubs
    (["2C", "3SA", "4♠"], None),  # nothing tells: refused
]


@pytest.mark.parametrize("contracts, strains", FRENCH_SUITS)
def test_french_suit_letters_by_the_files_other_contracts(contracts, strains):
    rows = "".join(f"{i + 1};1;2;{c};N;{int(c[0]) + 6}\n" for i, c in enumerate(contracts))
    text = f"Donne;NS;EO;Contrat;Déclarant;Levées\n{rows}"
    if strains is None:
        with pytest.raises(UserError, match="C is clubs in English but hearts in French"):
            read_csv_text(text, "f.csv")
        return
    ev = read_csv_text(text, "f.csv")
    assert [ln.contract.rstrip("X").lstrip("1234567") for ln in ev.lines] == strains


# (header, the heading read by the other headings' language, the column, words the warning holds)
SETTLED = [
    ("Donne;NS;EO;Contrat;Déclarant;Levées;Résultat", "Résultat", "ns_score", None),  # Levées gives the tricks
    ("Donne;NS;EO;Contrat;Déclarant;Marque;Résultat", "Résultat", "tricks", None),
    ("Board;NS;EW;Kontrakt;Resultat", "Resultat", "ns_score", "in French it is the tricks"),
]


@pytest.mark.parametrize("header, heading, column, warning", SETTLED)
def test_a_heading_of_two_meanings_is_settled_by_the_file_and_said(header, heading, column, warning):
    row = {"ns_score": "420", "tricks": "10"}
    cells = [{"Donne": "1", "Board": "1", "NS": "1", "EO": "2", "EW": "2", "Contrat": "4S", "Kontrakt": "4S",
              "Déclarant": "N"}.get(h, row["tricks"] if h in ("Levées",) else row["ns_score"] if h == "Marque"
                                    else row[column]) for h in header.split(";")]
    ev = read_csv_text(f"{header}\n{';'.join(cells)}\n", "c.csv")
    assert ev.lines[0].score == 420
    said = [w for w in ev.warnings if heading in w]
    assert (said == []) if warning is None else (len(said) == 1 and warning in said[0])


@pytest.mark.parametrize("lang", sorted(COLUMN_WORDS))
def test_every_language_word_names_one_column_in_its_language(lang):
    for column, words in COLUMN_WORDS[lang].items():
        for word in words:
            meanings = heading_words(word)
            assert lang in meanings[column], (word, meanings)


#: The results page's headings (mpxl/formats/labels.py) and the columns they head.
PAGE_HEADINGS = [("board", "board"), ("contract", "contract"), ("lead", "lead"), ("score", "ns_score")]


@pytest.mark.parametrize("lang", sorted(set(COLUMN_WORDS) & set(LABELS)))
@pytest.mark.parametrize("key, column", PAGE_HEADINGS)
def test_the_results_pages_own_headings_read_back(lang, key, column):
    assert lang in heading_words(LABELS[lang][key]).get(column, ()), (lang, LABELS[lang][key])


@pytest.mark.parametrize("lang", sorted(set(SEAT_WORDS) & set(LABELS)))
def test_the_seat_names_are_the_results_pages(lang):
    names = tuple(name for _, name in SEAT_WORDS[lang])
    assert names == tuple(LABELS[lang][k] for k in ("north", "east", "south", "west"))
