"""A CSV file's headings and its seat and no-trump words in the club's language: one table of words per
language, the file's own headings the evidence of its language.

A French club's spreadsheet saved as CSV heads its columns ``Donne;Table;Paire NS;Paire EO;Contrat;Déclarant;
Levées;Entame``, a Dutch one ``Spel;Tafel;Paar NZ;Paar OW;Contract;Leider;Slagen;Uitkomst``. :data:`COLUMN_WORDS`
names each column in each language (compared by :func:`heading_key`: case, accents, spaces and ``-`` ``.`` ``/``
``_`` do not count, an accented spelling first), a pair or a score heading being its word and a direction word of
:mod:`mpxl.formats.sides` (``Paire EO``, ``OW-Paar``, ``Score NZ``). A word that means two columns in two
languages (``Resultat``: the score in Swedish, Norwegian and Danish, the tricks in French written without its
accent) is read in the language the file's other headings are in, and said; refused, naming both meanings, when
they do not tell.

The declarer's seat letters differ too: ``O`` is West in French, Spanish and Italian (Ouest, Oeste, Ovest) but East
in German and Dutch (Ost, Oost); :func:`seat_cell` reads it in the file's language and refuses it, naming both,
when the headings are in no one language. No trumps is written ``SA`` (sans atout), ``ST``, ``ZT``, ``BA`` or
``UT`` in some languages: :func:`contract_cell_words` reads those (no language gives them another meaning).

>>> h = read_headings(["Donne", "Paire NS", "Paire EO", "Contrat", "Déclarant", "Levées"], "f.csv")
>>> h.keys, sorted(h.languages)
(['board', 'ns_pair', 'ew_pair', 'contract', 'declarer', 'tricks'], ['fr'])
>>> seat_cell("O", h.languages, "f.csv", "line 2, column declarer"), contract_cell_words("3SA")
('W', '3NT')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..core.contract import SEAT_NAMES, Contract, Direction
from ..core.errors import UserError
from .sides import SIDE_WORDS, side_key, side_word

__all__ = ["COLUMN_WORDS", "SIDED_WORDS", "SEAT_WORDS", "NO_TRUMP_WORDS", "LANGUAGE_NAMES", "Headings",
           "SUIT_LETTERS", "suit_letters", "heading_key", "read_headings", "heading_words", "word_columns",
           "seat_cell", "contract_cell_words"]

#: The languages' names, as a message names them.
LANGUAGE_NAMES = {"en": "English", "fr": "French", "nl": "Dutch", "de": "German", "es": "Spanish", "it": "Italian",
                  "pl": "Polish", "nb": "Norwegian", "sv": "Swedish", "da": "Danish"}

#: Each column's headings per language, beside English (the reader's own names and aliases,
#: :data:`mpxl.formats.csvfile.ALIASES`). A "result" word (``Résultat``, ``Resultaat``, ``Resultado``, ``Risultato``)
#: is the tricks (``=``, ``+1``) on one club's sheet and the score on another's: listed as both, it is the one the
#: file's other headings leave (``Levées;Résultat``: the score), else refused, naming both.
COLUMN_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {"board": ("Donne", "Étui", "N° donne"), "table": ("Table",), "contract": ("Contrat",),
           "declarer": ("Déclarant", "Joué par", "Jouée par"), "tricks": ("Levées", "Plis", "Résultat"),
           "lead": ("Entame",), "ns_score": ("Marque", "Résultat"), "section": ("Section",), "session": ("Séance",)},
    "nl": {"board": ("Spel", "Spelnummer"), "table": ("Tafel",), "contract": ("Contract",),
           "declarer": ("Leider",), "tricks": ("Slagen", "Resultaat"), "lead": ("Uitkomst",),
           "ns_score": ("Score", "Resultaat"),
           "section": ("Lijn",), "session": ("Zitting",)},
    "de": {"board": ("Board", "Brett"), "table": ("Tisch",), "contract": ("Kontrakt",),
           "declarer": ("Alleinspieler",), "tricks": ("Stiche",), "lead": ("Ausspiel",),
           "ns_score": ("Score", "Ergebnis"), "session": ("Durchgang",)},
    "es": {"board": ("Mano", "Tablero"), "table": ("Mesa",), "contract": ("Contrato",),
           "declarer": ("Declarante", "Carteador"), "tricks": ("Bazas", "Resultado"), "lead": ("Salida",),
           "ns_score": ("Puntuación", "Resultado"), "section": ("Sección",), "session": ("Sesión",)},
    "it": {"board": ("Smazzata", "Board"), "table": ("Tavolo",), "contract": ("Contratto",),
           "declarer": ("Dichiarante", "Giocante"), "tricks": ("Prese", "Risultato"), "lead": ("Attacco",),
           "ns_score": ("Punteggio", "Risultato"), "section": ("Sezione", "Girone"), "session": ("Sessione",)},
    "pl": {"board": ("Rozdanie",), "table": ("Stół",), "contract": ("Kontrakt",),
           "declarer": ("Rozgrywający", "Rozgr"), "tricks": ("Lewy", "Lewe"), "lead": ("Wist",),
           "ns_score": ("Zapis", "Wynik"), "session": ("Sesja",)},
    "nb": {"board": ("Spill",), "table": ("Bord",), "contract": ("Kontrakt",), "declarer": ("Spillefører",),
           "tricks": ("Stikk",), "lead": ("Utspill",), "ns_score": ("Score", "Poeng", "Resultat"),
           "session": ("Sesjon",)},
    "sv": {"board": ("Bricka",), "table": ("Bord",), "contract": ("Kontrakt",), "declarer": ("Spelförare",),
           "tricks": ("Stick",), "lead": ("Utspel",), "ns_score": ("Resultat", "Poäng")},
    "da": {"board": ("Spil",), "table": ("Bord",), "contract": ("Kontrakt",), "declarer": ("Spilfører",),
           "tricks": ("Stik",), "lead": ("Udspil",), "ns_score": ("Score", "Resultat")},
}

#: The words a heading puts before or after a direction word (``Paire EO``, ``OW-Paar``, ``Score NZ``): a
#: pair's, and the NS score's (an EW score is no column mpxl reads: mpxl reads NS's).
SIDED_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"pair": ("Pair",), "score": ("Score",)},
    "fr": {"pair": ("Paire",), "score": ("Marque", "Score", "Résultat")},
    "nl": {"pair": ("Paar",), "score": ("Score",)},
    "de": {"pair": ("Paar",), "score": ("Score", "Ergebnis")},
    "es": {"pair": ("Pareja",), "score": ("Puntuación",)},
    "it": {"pair": ("Coppia",), "score": ("Punteggio",)},
    "pl": {"pair": ("Para",), "score": ("Zapis", "Wynik")},
    "nb": {"pair": ("Par",), "score": ("Score", "Poeng", "Resultat")},
    "sv": {"pair": ("Par",), "score": ("Resultat", "Poäng")},
    "da": {"pair": ("Par",), "score": ("Score", "Resultat")},
}

#: The seats per language: North, East, South, West, each as its letter and its name (English: the rulebook's,
#: :data:`mpxl.core.contract.DIRECTION_SPELLINGS`). Polish scorers write the English letters.
SEAT_WORDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "fr": (("N", "Nord"), ("E", "Est"), ("S", "Sud"), ("O", "Ouest")),
    "es": (("N", "Norte"), ("E", "Este"), ("S", "Sur"), ("O", "Oeste")),
    "it": (("N", "Nord"), ("E", "Est"), ("S", "Sud"), ("O", "Ovest")),
    "de": (("N", "Nord"), ("O", "Ost"), ("S", "Süd"), ("W", "West")),
    "nl": (("N", "Noord"), ("O", "Oost"), ("Z", "Zuid"), ("W", "West")),
    "pl": (("N", "Północ"), ("E", "Wschód"), ("S", "Południe"), ("W", "Zachód")),
    "nb": (("N", "Nord"), ("Ø", "Øst"), ("S", "Syd"), ("V", "Vest")),
    "da": (("N", "Nord"), ("Ø", "Øst"), ("S", "Syd"), ("V", "Vest")),
    "sv": (("N", "Nord"), ("Ö", "Öst"), ("S", "Syd"), ("V", "Väst")),
}

#: The suits' letters per language, where they are not the rulebook's C, D, H, S (the English clubs, diamonds,
#: hearts, spades): French ``C`` is cœur, hearts; Dutch and Scandinavian ``K`` klaveren / klöver, clubs, French ``K``
#: carreau, diamonds. A file's contracts are read in one set: :func:`suit_letters` tells which from the letters
#: they use.
SUIT_LETTERS: dict[str, dict[str, str]] = {
    "fr": {"T": "C", "K": "D", "C": "H", "P": "S"},
    "es": {"T": "C", "D": "D", "C": "H", "P": "S"},
    "it": {"F": "C", "Q": "D", "C": "H", "P": "S"},
    "nl": {"K": "C", "R": "D", "H": "H", "S": "S"},
    "sv": {"K": "C", "R": "D", "H": "H", "S": "S"},
    "nb": {"K": "C", "R": "D", "H": "H", "S": "S"},
    "da": {"K": "C", "R": "D", "H": "H", "S": "S"},
}
_ENGLISH_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S"}
_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: A contract written with one letter for its suit (code_key's form): level, letter, doubling.
_LETTER_CONTRACT = re.compile(r"([1-7])([A-Z])(XX|X|\*\*|\*|XR|R)?")

#: How no trumps is written beside the rulebook's NT (sans atout, sin triunfo, zonder troef, bez atu, uden trumf):
#: no language writes a suit so.
NO_TRUMP_WORDS = ("SA", "ST", "ZT", "BA", "UT")


def _folded(text: str) -> str:
    """``text`` without its accents (``é`` as ``e``; ``ø`` and ``ł`` kept, as they are letters of their own)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def heading_key(text: str, accents: bool = True) -> str:
    """A heading as it is compared: lower case, its spaces and ``-`` ``.`` ``/`` ``_`` one ``_``; without
    its accents when ``accents`` is False.

    >>> heading_key(" Joué  par "), heading_key("Levées", accents=False), heading_key("NS-Paar")
    ('joué_par', 'levees', 'ns_paar')
    """
    k = re.sub(r"[\s\-./_°]+", "_", unicodedata.normalize("NFC", text or "").strip().casefold()).strip("_")
    return k if accents else _folded(k)


#: A heading's meanings: column -> the languages it names it in.
Meanings = dict[str, frozenset[str]]


def _index(accents: bool) -> dict[str, Meanings]:
    found: dict[str, dict[str, set[str]]] = {}
    for lang, columns in COLUMN_WORDS.items():
        for column, words in columns.items():
            for w in words:
                found.setdefault(heading_key(w, accents), {}).setdefault(column, set()).add(lang)
    return {k: {c: frozenset(langs) for c, langs in m.items()} for k, m in found.items()}


_EXACT, _FOLDED = _index(True), _index(False)
_SIDED: dict[str, dict[str, set[str]]] = {}  # word without accents -> its kind (pair, score) -> languages
for _lang, _kinds in SIDED_WORDS.items():
    for _kind, _words in _kinds.items():
        for _w in _words:
            _SIDED.setdefault(heading_key(_w, accents=False), {}).setdefault(_kind, set()).add(_lang)


def word_columns() -> dict[str, str]:
    """Every heading of :data:`COLUMN_WORDS` (its key without accents) that names one column, and that column: the
    words a misspelt heading is compared with (:func:`mpxl.formats.csvfile.nearest_column`).

    >>> word_columns()["entame"], "resultat" in word_columns()
    ('lead', False)
    """
    return {k: next(iter(m)) for k, m in _FOLDED.items() if len(m) == 1}


def _sided(key: str) -> Meanings:
    """The meanings of a heading made of a pair's or a score's word and a direction word (either first)."""
    parts = key.split("_")
    if len(side_key(key)) >= 2:  # a direction word alone: the pair's column (NZ, OW, EO, ØV)
        try:
            s = side_word(key)
        except ValueError:
            pass
        else:
            langs = frozenset(lang for lang, words in SIDE_WORDS.items()
                              if any(side_key(w) == side_key(key) for w in words[s == "EW"]))
            return {f"{s.lower()}_pair": langs}
    for cut in range(1, len(parts)):
        for word, side in (("_".join(parts[:cut]), "_".join(parts[cut:])), ("_".join(parts[cut:]),
                                                                              "_".join(parts[:cut]))):
            kinds = _SIDED.get(_folded(word))
            if not kinds or len(side.replace("_", "")) < 2:
                continue
            try:
                s = side_word(side)
            except ValueError:
                continue
            out: Meanings = {}
            for kind, named in kinds.items():
                column = f"{s.lower()}_{kind}" if kind == "pair" or s == "NS" else "ew_score"
                out[column] = out.get(column, frozenset()) | frozenset(named)
            return out
    return {}


def heading_words(text: str) -> Meanings:
    """The columns a heading names in the languages of :data:`COLUMN_WORDS` and :data:`SIDED_WORDS`, each with the
    languages that name it so: an accented spelling matched as written first, then without accents.

    >>> heading_words("Résultat"), heading_words("Levees")
    ({'tricks': frozenset({'fr'}), 'ns_score': frozenset({'fr'})}, {'tricks': frozenset({'fr'})})
    >>> sorted((c, sorted(langs)) for c, langs in heading_words("Resultat").items())
    [('ns_score', ['da', 'fr', 'nb', 'sv']), ('tricks', ['fr'])]
    >>> sorted(heading_words("OW-Paar")["ew_pair"]), heading_words("Round")
    (['de', 'nl'], {})
    """
    key = heading_key(text)
    found = _EXACT.get(key) if key != _folded(key) else None  # an accent written: that spelling's languages
    if found is None:  # else every word it is without accents (Resultat: Swedish's, and French's Résultat)
        found = _FOLDED.get(_folded(key))
    if found is None:
        found = _sided(key)
    return dict(found)


@dataclass
class Headings:
    """A header's column keys, the languages its headings are in (the most of them name their columns in:
    empty for a header of the reader's own names alone), whether a heading was read in another language than
    English, and the warnings its reading gives (a word read in the file's language, of two meanings)."""

    keys: list[str]
    languages: frozenset[str] = frozenset()
    foreign: bool = False
    warnings: list[str] = field(default_factory=list)


def _names(langs: Iterable[str]) -> str:
    return ", ".join(LANGUAGE_NAMES[lang] for lang in sorted(langs, key=list(LANGUAGE_NAMES).index))


def read_headings(header: Sequence[str], source: str, where: str = "line 1",
                  english: Callable[[str], str] | None = None, known: frozenset[str] = frozenset()) -> Headings:
    """The columns of a header's headings: ``english`` (a heading's key as the reader's own names and aliases
    make it) when it gives one of ``known``, else the words of :func:`heading_words`; a heading of two meanings
    taken in the language most of the other headings are in (and said), refused when they do not tell; any other
    heading keeps its English key (the reader names it, with the nearest column).

    >>> read_headings(["Spel", "Tafel", "Paar NZ", "Paar OW", "Uitkomst"], "nl.csv").keys
    ['board', 'table', 'ns_pair', 'ew_pair', 'lead']
    >>> read_headings(["Donne", "NS", "EO", "Contrat", "Déclarant", "Levées", "Résultat"], "f.csv").keys[-2:]
    ['tricks', 'ns_score']
    >>> h = read_headings(["Bricka", "NS", "ÖV", "Kontrakt", "Spelförare", "Stick", "Resultat"], "s.csv")
    >>> h.keys[-1], sorted(h.languages)
    ('ns_score', ['sv'])
    >>> h = read_headings(["Board", "NS", "EW", "Kontrakt", "Resultat"], "f.csv")
    >>> h.keys[-1], h.warnings
    ('ns_score', ["line 1: heading 'Resultat' read as ns_score, as in Norwegian, Swedish, Danish, the language most \
of the file's other headings are in; in French it is the tricks"])
    >>> read_headings(["Board", "NS", "EW", "Resultat"], "f.csv")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.csv: line 1: heading 'Resultat' may be the tricks (in French) or the score \
(ns_score) (in French, Norwegian, Swedish, Danish), and the file's other headings do not tell which: rename it \
tricks or ns_score
    """
    own = english or heading_key
    keys: list[str] = []
    meanings: list[Meanings] = []
    foreign = False
    for text in header:
        key = own(text)
        if not key or key in known:
            keys.append(key)
            meanings.append({key: frozenset({"en"}) | heading_words(text).get(key, frozenset())} if key else {})
            continue
        found = heading_words(text)
        foreign = foreign or bool(found)
        keys.append(next(iter(found)) if len(found) == 1 else key)
        meanings.append(found)
    counts: dict[str, int] = {}
    for m in meanings:
        if len(m) == 1:
            for lang in next(iter(m.values())):
                counts[lang] = counts.get(lang, 0) + 1
    warnings: list[str] = []
    given = {k for k, m in zip(keys, meanings) if len(m) == 1}
    for i, m in enumerate(meanings):
        if len(m) < 2:
            continue
        left = {c: langs for c, langs in m.items() if c not in given}  # a column another heading gives is not this
        if len(left) == 1:
            keys[i] = next(iter(left))
            continue
        m = left or m
        rest = dict(counts)
        by_column = {c: max((rest.get(lang, 0) for lang in langs), default=0) for c, langs in m.items()}
        best = max(by_column.values())
        chosen = [c for c, n in by_column.items() if n == best]
        said = " or ".join(f"{_what(c)} (in {_names(langs)})" for c, langs in m.items())
        if best == 0 or len(chosen) > 1:
            raise UserError(source, where, f"heading {header[i].strip()!r} may be {said}, and the file's other "
                            f"headings do not tell which: rename it {' or '.join(m)}")
        column = chosen[0]
        mine = sorted((x for x in m[column] if rest.get(x, 0) == best), key=list(LANGUAGE_NAMES).index)
        others = "; ".join(f"in {_names(langs)} it is {_what(c)}" for c, langs in m.items() if c != column)
        keys[i] = column
        warnings.append(f"{where}: heading {header[i].strip()!r} read as {column}, as in {_names(mine)}, the "
                        f"language most of the file's other headings are in; {others}")
    counts.pop("en", None)
    top = max(counts.values(), default=0)
    languages = frozenset(lang for lang, n in counts.items() if n == top) if foreign else frozenset()
    return Headings(keys, languages, foreign, warnings)


def _what(column: str) -> str:
    """A column as a message names it: ``the score (ns_score)``."""
    return {"ns_score": "the score (ns_score)", "tricks": "the tricks"}.get(column, column)


def _seat_index(accents: bool) -> dict[str, dict[str, frozenset[str]]]:
    """A seat's spelling (upper case; without accents when ``accents`` is False) -> the seat -> the languages that
    write it so."""
    found: dict[str, dict[str, set[str]]] = {}
    for lang, seats in SEAT_WORDS.items():
        for seat, spellings in zip("NESW", seats):
            for s in spellings:
                key = s.upper() if accents else _folded(s).upper()
                found.setdefault(key, {}).setdefault(seat, set()).add(lang)
    return {k: {seat: frozenset(langs) for seat, langs in m.items()} for k, m in found.items()}


#: As written first (Swedish ``Ö`` is East: folded it would be the ``O`` of two languages), then without accents.
_SEATS, _SEATS_FOLDED = _seat_index(True), _seat_index(False)


def seat_cell(text: str | None, languages: frozenset[str], source: str, where: str) -> str | None:
    """A declarer cell as the rulebook's seat letter (N, E, S, W) when it is a seat of :data:`SEAT_WORDS` in one of
    ``languages`` (the file's headings' languages: a file headed in English reads a seat as every other reader
    does, ``Nord`` refused), read in them where it is a seat of two (``O``); the cell as written when the rulebook
    reads it or none of the languages does (the reader then names it); UserError naming both seats when it is a
    seat of two and ``languages`` do not tell.

    >>> de, fr, none = frozenset({"de"}), frozenset({"fr"}), frozenset()
    >>> seat_cell("O", de, "f", "l"), seat_cell("Z", frozenset({"nl"}), "f", "l"), seat_cell("w", fr, "f", "l")
    ('E', 'S', 'w')
    >>> seat_cell("Nord", none, "f", "l"), seat_cell("Nord", de, "f", "l")
    ('Nord', 'N')
    >>> seat_cell("O", frozenset(), "f.csv", "line 3, column declarer")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.csv: line 3, column declarer: declarer 'O' is not a direction; expected N, E, S or \
W: it is East in Dutch, German but West in French, Spanish, Italian, and the file's headings do not say which \
language it is in
    """
    if text is None or not text.strip():
        return text
    try:
        Direction.find(text)
        return text
    except ValueError:
        pass
    seats = _seats_of(text)
    if not seats:
        return text
    mine = [seat for seat, langs in seats.items() if langs & languages]
    if len(seats) > 1 and len(mine) != 1:
        seats = dict(sorted(seats.items(), key=lambda item: "NESW".index(item[0])))
        said = " but ".join(f"{SEAT_NAMES[s]} in {_names(langs)}" for s, langs in seats.items())
        raise UserError(source, where, f"declarer {text.strip()!r} is not a direction; expected N, E, S or W: it is "
                        f"{said}, and the file's headings do not say which language it is in")
    return mine[0] if mine else text


def _seats_of(text: str) -> dict[str, frozenset[str]]:
    """The seats a declarer cell is in the languages of :data:`SEAT_WORDS` (seat -> those languages), {} if none."""
    written = unicodedata.normalize("NFC", text.strip()).upper()
    return _SEATS.get(written) or _SEATS_FOLDED.get(_folded(written)) or {}


def seat_word(text: str) -> bool:
    """Whether a declarer cell the rulebook does not read is a seat in a language of :data:`SEAT_WORDS` (the
    column-by-column reader leaves such a file to the row-by-row one, which reads it in the file's languages).

    >>> seat_word("Nord"), seat_word("N"), seat_word("Up")
    (True, False, False)
    """
    try:
        Direction.find(text)
        return False
    except ValueError:
        return bool(text.strip()) and bool(_seats_of(text))


_CONTRACT = re.compile(r"([1-7])(" + "|".join(NO_TRUMP_WORDS) + r")(.*)")


def suit_letters(contracts: Iterable[tuple[str, str]], languages: frozenset[str], source: str) -> dict[str, str] | None:
    """The suit letters a file's contracts (``(where, cell)``) are written in: its languages' (:data:`SUIT_LETTERS`,
    a letter -> the rulebook's) when they use a letter only that language reads so (French ``T``, ``K``, ``P``),
    None (the rulebook's, as written) when they use only letters English reads so or both read alike; UserError
    naming a cell when they use both sets, or only a letter of two meanings (French ``C``) with nothing to tell.

    >>> fr = frozenset({"fr"})
    >>> suit_letters([("line 2", "4P"), ("line 3", "2C")], fr, "f.csv"), suit_letters([("line 2", "4S")], fr, "f.csv")
    ({'T': 'C', 'K': 'D', 'C': 'H', 'P': 'S'}, None)
    >>> suit_letters([("line 2", "2C"), ("line 3", "3NT")], fr, "f.csv")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.csv: line 2, column contract: contract '2C': C is clubs in English but hearts in \
French, and the file's other contracts use no suit letter that tells which: write the suit as a symbol (♣, ♥)
    """
    tables = {tuple(SUIT_LETTERS[lang].items()) for lang in languages if lang in SUIT_LETTERS}
    if len(tables) != 1:
        return None
    table = dict(next(iter(tables)))
    first: dict[str, tuple[str, str]] = {}  # a letter that the two sets read otherwise -> its first (where, cell)
    for where, text in contracts:
        m = _LETTER_CONTRACT.fullmatch("".join((text or "").split()).upper())
        if m and table.get(m.group(2)) != _ENGLISH_SUITS.get(m.group(2)):
            first.setdefault(m.group(2), (where, text.strip()))
    mine = [k for k in first if k not in _ENGLISH_SUITS]
    english = [k for k in first if k not in table]
    name = _names(lang for lang in languages if lang in SUIT_LETTERS)
    if mine and english:
        (w1, c1), (w2, c2) = first[mine[0]], first[english[0]]
        raise UserError(source, f"{w2}, column contract", f"contract {c2!r} is written in English's suit letters, "
                        f"{c1!r} ({w1}) in {name}'s: write the file's contracts in one of them")
    if mine:
        return table
    two = [k for k in first if k not in english]  # a letter both read, otherwise
    if two and not english:
        where, text = first[two[0]]
        raise UserError(source, f"{where}, column contract", f"contract {text!r}: {two[0]} is "
                        f"{_SUIT_NAMES[_ENGLISH_SUITS[two[0]]]} in English but {_SUIT_NAMES[table[two[0]]]} in {name}, "
                        "and the file's other contracts use no suit letter that tells which: write the suit as a "
                        f"symbol ({_SYMBOLS[_ENGLISH_SUITS[two[0]]]}, {_SYMBOLS[table[two[0]]]})")
    return None


_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def contract_cell_words(text: str | None, letters: dict[str, str] | None = None) -> str | None:
    """A contract cell with a no-trump word of :data:`NO_TRUMP_WORDS` as NT (``3SA`` -> ``3NT``, ``4 SA X`` ->
    ``4NTX``), a suit's letter of ``letters`` (:func:`suit_letters`) as the rulebook's (French ``4P`` -> ``4S``);
    any other cell the rulebook reads (:meth:`~mpxl.core.contract.Contract.parse`), or no no-trump word
    makes readable, as written.

    >>> [contract_cell_words(c) for c in ("3SA", "4 ba x", "4S", "3SAQ")]
    ['3NT', '4NTX', '4S', '3SAQ']
    >>> contract_cell_words("2c", SUIT_LETTERS["fr"]), contract_cell_words("4Px", SUIT_LETTERS["fr"])
    ('2H', '4SX')
    """
    if text is None or not text.strip():
        return text
    if letters:
        m = _LETTER_CONTRACT.fullmatch("".join(text.split()).upper())
        if m and m.group(2) in letters:
            return f"{m.group(1)}{letters[m.group(2)]}{m.group(3) or ''}"
    try:
        Contract.parse(text)
        return text
    except ValueError:
        pass
    m = _CONTRACT.fullmatch(re.sub(r"\s+", "", text).upper())
    if m is None:
        return text
    written = f"{m.group(1)}NT{m.group(3)}"
    try:
        Contract.parse(written)
    except ValueError:
        return text
    return written
