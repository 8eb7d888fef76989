"""The results page's words in the event's language: one small table of labels per language.

:data:`LABELS` holds, per language (``en``, ``fr``, ``nb``, ``sv``, ``da``, ``nl``, ``pl``, ``de``),
every label and phrase the page writes, each phrase a :meth:`str.format` template of named fields.
English is the reference: every other language has exactly its keys, and its own words for how a
rounding breaks a half (``tie_half-up``...: English takes them from the rulebook) (tests/test_report_html.py).
The words a rule is described by in English are the rulebook's own (:data:`mpxl.core.rules.ROUNDING_TIES`,
the words the workbook's Setup sheet uses), so the page and the sheet say the same.

:func:`language_of` reads the event's language from what its file says (a Ruter file is
Norwegian or Swedish, a Magic Contest one French), else English; :func:`labels` gives one
language's table (a ValueError naming the languages when it has none).

>>> labels("nb")["ranking"], labels("FR")["board_title"].format(board=3)
('Resultatliste', 'Donne 3')
>>> labels("xx")
Traceback (most recent call last):
...
ValueError: 'xx' is not a language of the results page; expected one of en, fr, nb, sv, da, nl, pl, de
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.rules import ROUNDING_TIES

__all__ = ["LANGUAGES", "LABELS", "labels", "language_code", "language_of", "tie_words", "decimals_words",
           "signed_percentage_note", "figure_label"]

#: English: the reference table (each other language has exactly these keys).
_EN = {
    # the page's parts
    "results": "Results", "ranking": "Ranking", "travellers": "Travellers", "score_cards": "Score cards",
    "personal_score_cards": "Personal score cards", "settings": "How it was scored",
    "back": "back to the ranking", "print": "Print",
    # column headings
    "place": "Place", "pair": "Pair", "names": "Names", "mps": "MPs", "max": "Max", "pct": "%", "boards": "Boards",
    "board": "Board", "contract": "Contract", "lead": "Lead", "score": "Score", "dir": "Dir", "opps": "Opps",
    "top": "Top", "group": "Group", "ns": "NS", "ew": "EW",
    # groups, boards, pairs
    "north_south": "North-South", "east_west": "East-West", "all_pairs": "All pairs", "section": "Section {section}",
    "board_title": "Board {board}", "board_section": ", section {section}", "board_session": ", session {session}",
    "session_head": "Session {session}", "event_head": "Event",
    "pair_title": "Pair {pair}", "pair_word": "pair {pair}", "dealer": "Dealer", "vul": "Vul",
    "par": "Par", "dd_tricks": "DD", "vs_par": "vs par",
    "makeable": "Makeable contracts", "hcp": "HCP",
    "hand_record": "Hand record", "par_passed": "passed out",
    "north": "North", "east": "East", "south": "South", "west": "West",
    "scored_by": "scored by {program}", "not_played": "not played",
    # a board's note
    "top_note": "top {top}",
    "estimated_note": "{results}, estimated to {expected} by {method}",
    "so_far_note": "{results} of {plays} results so far",
    "provisional": "provisional",
    "progress": "Provisional standings: {results} of {plays} results are in; places change as the others arrive.",
    "short_boards": "Not complete yet: {boards}.",
    "not_started": "Not played yet: {boards}.",
    "board_short": "{board}{where}: {results} of {plays} results",
    "board_word": "board {boards}",
    "boards_word": "boards {boards}",
    "n_assumed": "Each board is estimated to N = {n}, the most results any board has: how many times each board is "
                 "played is not known (no movement; mpxl score --expected N sets it).",
    "card_summary_uncompared": "no % yet (no other result to compare with), place {place} ({group}), {mp} of {max} MPs",
    "plain_note": "top {line_top} ({actual} results, scored plain); in the totals top {top}, estimated to "
                  "{expected} by {method}",
    "scaled_note": "top {line_top} ({actual} results, estimated to {expected} by {method}); in the totals top {top}, "
                   "plain",
    "sat_out": "sat out: {pairs}",
    # what happened on a line
    "line_ref": "NS {ns} v EW {ew}",
    "artificial": "artificial score: NS {ns}, EW {ew}",
    "split": "split score: NS {ns}, EW {ew}, each side matchpointed on its own result",
    "weighted": "weighted score (Law 12C1(c)): {parts}",
    "mixed": "NS {ns}, EW {ew}: one side keeps the result, the other is given an artificial score",
    "arrowswitch": "arrowswitch: the pairs played the other direction's cards",
    "penalty": "procedural penalty: {side} {amount}",
    "fouled": "fouled board: the groups {groups} were matchpointed apart",
    "results_n": "{n} results", "result_1": "1 result",
    "small_group": "group {group} ({results}) got set percentages {pcts} under the {rule} rule",
    "over_top": "so NS + EW on its lines is {total}, more than the usual {normal}",
    "fouled_mark": "fouled",
    # a pair's card
    "card_summary": "{pct}%, place {place} ({group}), {mp} of {max} MPs",
    "card_summary_signed": "{pct}%, place {place} ({group}), {mp} MP1",
    # the settings in words
    "scale_double": "double matchpoints: 2 per result beaten, 1 per tie",
    "scale_single": "single matchpoints: 1 per result beaten, 1/2 per tie",
    "scale_signed": "MP1: +1 per result beaten, -1 per result that beats it, 0 per tie (an average is 0)",
    "scale_percent": "percentage: each line the board's percentage (top 100, NS + EW = 100); a pair's result the "
                     "mean of its boards",
    "method_est": "short boards estimated by {method}",
    "method_none": "no board estimated: each on the top of its own results",
    "rounding": "board figures rounded to {decimals}, {tie}",
    "rounding_exact": "board figures exact, not rounded",
    "totals_rounding": "figures only the totals hold rounded to {decimals}, {tie}",
    "pct_rounding": "percentages to {decimals}, {tie}",
    "decimals_0": "whole numbers", "decimals_1": "1 decimal", "decimals_n": "{d} decimals",
    "totals_exact": "totals and percentages from the exact figures, not the rounded ones",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} is the sum of the tops (results - 1) of the boards a pair played",
    "signed_pct_any": "% = 50 + 50 × MP1 / the sum of the tops (results - 1) of the boards the pair played",
    "line_pct": "each line's % of its board's top beside its figures",
    "ave_wbf": "Ave+ 60% or the pair's own percentage if higher; Ave- 40% or its own if lower",
    "field_event": "sections matchpointed together, across the field",
    "estimate_totals": "a short board's lines shown plain on its own top; the totals count it estimated",
    "unplayed_own": "a board a pair missed is credited with its own percentage",
    "places_plain": "tied pairs placed without '='",
    "lone_plus": "a board's one real result beside artificial scores gets 60% to both sides",
    "unplayed_average": "a board a pair missed is credited with 50%",
    "unplayed_plus": "a board a pair missed (its opponents absent) is credited with 60%",
    "basis_scaled": "a pair's percentage from its total scaled to the field's full maximum",
    "mixed_own": "a mixed line's real result stands only in its own side's field",
    "small_rule": "small groups of a fouled board: {rule} rule",
}

_FR = {
    "results": "Résultats", "ranking": "Classement", "travellers": "Résultats par donne",
    "score_cards": "Feuilles personnelles", "personal_score_cards": "Feuilles personnelles des paires",
    "settings": "Mode de calcul", "back": "retour au classement", "print": "Imprimer",
    "place": "Rang", "pair": "Paire", "names": "Noms", "mps": "Points", "max": "Max", "pct": "%", "boards": "Donnes",
    "board": "Donne", "contract": "Contrat", "lead": "Entame", "score": "Marque", "dir": "Ligne", "opps": "Adv.",
    "top": "Top", "group": "Groupe", "ns": "NS", "ew": "EO",
    "north_south": "Nord-Sud", "east_west": "Est-Ouest", "all_pairs": "Toutes les paires",
    "section": "Section {section}",
    "board_title": "Donne {board}", "board_section": ", section {section}", "board_session": ", séance {session}",
    "session_head": "Séance {session}", "event_head": "Tournoi",
    "pair_title": "Paire {pair}", "pair_word": "paire {pair}", "dealer": "Donneur", "vul": "Vuln.",
    "par": "Par", "dd_tricks": "DD", "vs_par": "/ par",
    "makeable": "Contrats réalisables", "hcp": "H",
    "hand_record": "Donnes", "par_passed": "passe générale",
    "north": "Nord", "east": "Est", "south": "Sud", "west": "Ouest",
    "scored_by": "calculé par {program}", "not_played": "non jouée",
    "top_note": "top {top}",
    "estimated_note": "{results}, ramenés à {expected} par {method}",
    "so_far_note": "{results} résultats sur {plays} pour l'instant",
    "provisional": "provisoire",
    "progress": "Classement provisoire : {results} résultats sur {plays} sont arrivés ; les rangs changent avec les "
                "suivants.",
    "short_boards": "Pas encore complètes : {boards}.",
    "not_started": "Pas encore jouées : {boards}.",
    "board_short": "{board}{where} : {results} résultats sur {plays}",
    "board_word": "donne {boards}",
    "boards_word": "donnes {boards}",
    "n_assumed": "Chaque donne est ramenée à N = {n}, le plus de résultats d'une donne : le nombre de fois que chaque "
                 "donne est jouée n'est pas connu (pas de mouvement ; mpxl score --expected N le fixe).",
    "card_summary_uncompared": "pas encore de % (aucun autre résultat à comparer), rang {place} ({group}), {mp} "
                               "points sur {max}",
    "plain_note": "top {line_top} ({actual} résultats, sans correction) ; dans les totaux top {top}, ramenés à "
                  "{expected} par {method}",
    "scaled_note": "top {line_top} ({actual} résultats, ramenés à {expected} par {method}) ; dans les totaux top "
                   "{top}, sans correction",
    "sat_out": "relâche : {pairs}",
    "line_ref": "NS {ns} c. EO {ew}",
    "artificial": "score arbitral : NS {ns}, EO {ew}",
    "split": "score partagé : NS {ns}, EO {ew}, chaque camp classé sur son propre résultat",
    "weighted": "score pondéré (Loi 12C1(c)) : {parts}",
    "mixed": "NS {ns}, EO {ew} : un camp garde le résultat, l'autre reçoit un score arbitral",
    "arrowswitch": "flèche inversée : les paires ont joué les cartes de l'autre ligne",
    "penalty": "pénalité de procédure : {side} {amount}",
    "fouled": "donne faussée : les groupes {groups} ont été classés séparément",
    "results_n": "{n} résultats", "result_1": "1 résultat",
    "small_group": "groupe {group} ({results}) : pourcentages fixes {pcts} selon la règle {rule}",
    "over_top": "donc NS + EO sur ses lignes vaut {total}, plus que les {normal} habituels",
    "fouled_mark": "faussée",
    "card_summary": "{pct} %, rang {place} ({group}), {mp} points sur {max}",
    "card_summary_signed": "{pct} %, rang {place} ({group}), {mp} MP1",
    "scale_double": "points de match doubles : 2 par résultat battu, 1 par égalité",
    "scale_single": "points de match simples : 1 par résultat battu, 1/2 par égalité",
    "scale_signed": "MP1 : +1 par résultat battu, -1 par résultat meilleur, 0 par égalité (la moyenne vaut 0)",
    "scale_percent": "pourcentage : chaque ligne en pourcentage de la donne (top 100, NS + EO = 100) ; le résultat "
                     "d'une paire est la moyenne de ses donnes",
    "method_est": "donnes incomplètes ramenées par {method}",
    "method_none": "aucune donne ramenée : chacune sur le top de ses propres résultats",
    "rounding": "points par donne arrondis à {decimals}, {tie}",
    "rounding_exact": "points par donne exacts, non arrondis",
    "totals_rounding": "chiffres propres aux totaux arrondis à {decimals}, {tie}",
    "pct_rounding": "pourcentages à {decimals}, {tie}",
    "decimals_0": "l'unité", "decimals_1": "1 décimale", "decimals_n": "{d} décimales",
    "totals_exact": "totaux et pourcentages calculés sur les chiffres exacts, non arrondis",
    "signed_pct": "% = 50 + 50 × MP1 / {max} : {max} est la somme des tops (résultats - 1) des donnes jouées",
    "signed_pct_any": "% = 50 + 50 × MP1 / la somme des tops (résultats - 1) des donnes jouées par la paire",
    "line_pct": "le % de chaque ligne sur le top de la donne à côté de ses points",
    "ave_wbf": "Moy+ 60 % ou le pourcentage de la paire s'il est supérieur ; Moy- 40 % ou le sien s'il est inférieur",
    "field_event": "sections classées ensemble, sur tout le champ",
    "estimate_totals": "lignes d'une donne incomplète sur son propre top ; les totaux la comptent ramenée",
    "unplayed_own": "une donne manquée est créditée du pourcentage de la paire",
    "places_plain": "paires à égalité classées sans « = »",
    "lone_plus": "le seul résultat réel d'une donne à côté de scores arbitraux reçoit 60 % pour les deux camps",
    "unplayed_average": "une donne manquée est créditée de 50 %",
    "unplayed_plus": "une donne manquée (adversaires absents) est créditée de 60 %",
    "basis_scaled": "pourcentage d'une paire à partir de son total ramené au maximum complet",
    "mixed_own": "le résultat réel d'une ligne mixte ne compte que dans le champ de son camp",
    "small_rule": "petits groupes d'une donne faussée : règle {rule}",
    "tie_half-up": "demis arrondis en s'éloignant de zéro",
    "tie_ebu": "demis (.05) arrondis vers la moyenne de la donne",
    "tie_truncate": "tronqués (jamais arrondis vers le haut)",
    "tie_exact": "sans arrondi", "tie_half-even": "demis arrondis au chiffre pair",
}

_NB = {
    "results": "Resultater", "ranking": "Resultatliste", "travellers": "Spilloversikt", "score_cards": "Personlig",
    "personal_score_cards": "Personlige resultater", "settings": "Slik ble det regnet", "back": "tilbake til listen",
    "print": "Skriv ut",
    "place": "Plass", "pair": "Par", "names": "Navn", "mps": "Poeng", "max": "Maks", "pct": "%", "boards": "Spill",
    "board": "Spill", "contract": "Kontrakt", "lead": "Utspill", "score": "Score", "dir": "Retn.", "opps": "Motst.",
    "top": "Topp", "group": "Gruppe", "ns": "NS", "ew": "ØV",
    "north_south": "Nord-Syd", "east_west": "Øst-Vest", "all_pairs": "Alle par", "section": "Puljen {section}",
    "board_title": "Spill {board}", "board_section": ", pulje {section}", "board_session": ", sesjon {session}",
    "session_head": "Sesjon {session}", "event_head": "Turnering",
    "pair_title": "Par {pair}", "pair_word": "par {pair}", "dealer": "Giver", "vul": "Sone",
    "par": "Par", "dd_tricks": "DD", "vs_par": "mot par",
    "makeable": "Kontrakter som står", "hcp": "HP",
    "hand_record": "Kortfordeling", "par_passed": "passet ut",
    "north": "Nord", "east": "Øst", "south": "Syd", "west": "Vest",
    "scored_by": "regnet av {program}", "not_played": "ikke spilt",
    "top_note": "topp {top}",
    "estimated_note": "{results}, justert til {expected} med {method}",
    "so_far_note": "{results} av {plays} resultater så langt",
    "provisional": "foreløpig",
    "progress": "Foreløpig resultatliste: {results} av {plays} resultater er inne; plasseringene endres når resten "
                "kommer.",
    "short_boards": "Ikke ferdige ennå: {boards}.",
    "not_started": "Ikke spilt ennå: {boards}.",
    "board_short": "{board}{where}: {results} av {plays} resultater",
    "board_word": "spill {boards}",
    "boards_word": "spill {boards}",
    "n_assumed": "Hvert spill er justert til N = {n}, flest resultater på noe spill: hvor mange ganger hvert spill "
                 "spilles er ikke kjent (ingen movement; mpxl score --expected N setter det).",
    "card_summary_uncompared": "ingen % ennå (ingen andre resultater å sammenligne med), plass {place} ({group}), "
                               "{mp} av {max} poeng",
    "plain_note": "topp {line_top} ({actual} resultater, ujustert); i sammendraget topp {top}, justert til "
                  "{expected} med {method}",
    "scaled_note": "topp {line_top} ({actual} resultater, justert til {expected} med {method}); i sammendraget "
                   "topp {top}, ujustert",
    "sat_out": "stod over: {pairs}",
    "line_ref": "NS {ns} mot ØV {ew}",
    "artificial": "kunstig score: NS {ns}, ØV {ew}",
    "split": "delt score: NS {ns}, ØV {ew}, hver side regnet på sitt eget resultat",
    "weighted": "vektet score (lov 12C1(c)): {parts}",
    "mixed": "NS {ns}, ØV {ew}: den ene siden beholder resultatet, den andre får kunstig score",
    "arrowswitch": "pilbytte: parene spilte den andre retningens kort",
    "penalty": "prosedyrestraff: {side} {amount}",
    "fouled": "feilspilt spill: gruppene {groups} ble regnet hver for seg",
    "results_n": "{n} resultater", "result_1": "1 resultat",
    "small_group": "gruppe {group} ({results}) fikk faste prosenter {pcts} etter {rule}-regelen",
    "over_top": "så NS + ØV på dens linjer er {total}, mer enn de vanlige {normal}",
    "fouled_mark": "feilspilt",
    "card_summary": "{pct} %, plass {place} ({group}), {mp} av {max} poeng",
    "card_summary_signed": "{pct} %, plass {place} ({group}), {mp} MP1",
    "scale_double": "doble poeng: 2 per resultat slått, 1 per likt",
    "scale_single": "enkle poeng: 1 per resultat slått, 1/2 per likt",
    "scale_signed": "MP1: +1 per resultat slått, -1 per resultat som er bedre, 0 per likt (snittet er 0)",
    "scale_percent": "prosent: hver linje spillets prosent (topp 100, NS + ØV = 100); parets resultat er snittet av "
                     "spillene",
    "method_est": "spill med færre resultater justert med {method}",
    "method_none": "ingen spill justert: hvert på toppen av sine egne resultater",
    "rounding": "poeng per spill avrundet til {decimals}, {tie}",
    "rounding_exact": "poeng per spill eksakte, ikke avrundet",
    "totals_rounding": "tall bare sammendraget har avrundet til {decimals}, {tie}",
    "pct_rounding": "prosenter med {decimals}, {tie}",
    "decimals_0": "hele tall", "decimals_1": "1 desimal", "decimals_n": "{d} desimaler",
    "totals_exact": "sum og prosent regnet av de eksakte tallene, ikke de avrundede",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} er summen av toppene (resultater - 1) i spillene paret spilte",
    "signed_pct_any": "% = 50 + 50 × MP1 / summen av toppene (resultater - 1) i spillene paret spilte",
    "line_pct": "hver linjes % av spillets topp ved siden av poengene",
    "ave_wbf": "Snitt+ 60 % eller parets egen prosent om den er høyere; Snitt- 40 % eller dens egen om lavere",
    "field_event": "puljene regnet sammen, over hele feltet",
    "estimate_totals": "linjene i et spill med færre resultater vist ujustert; sammendraget regner det justert",
    "unplayed_own": "et spill paret ikke spilte gir parets egen prosent",
    "places_plain": "like par plassert uten '='",
    "lone_plus": "et spills eneste ekte resultat ved kunstige scorer gir 60 % til begge sider",
    "unplayed_average": "et spill paret ikke spilte gir 50 %",
    "unplayed_plus": "et spill paret ikke spilte (motstanderne fraværende) gir 60 %",
    "basis_scaled": "parets prosent av summen skalert til feltets fulle maksimum",
    "mixed_own": "en blandet linjes ekte resultat teller bare i sin egen sides felt",
    "small_rule": "små grupper i feilspilte spill: {rule}-regelen",
    "tie_half-up": "halve bort fra null", "tie_ebu": "halve (.05) mot spillets snitt",
    "tie_truncate": "kuttet (aldri avrundet opp)",
    "tie_exact": "ingen avrunding", "tie_half-even": "halve til partall",
}

_SV = {
    "results": "Resultat", "ranking": "Resultatlista", "travellers": "Brickresultat", "score_cards": "Protokoll",
    "personal_score_cards": "Personliga protokoll", "settings": "Så räknades det", "back": "tillbaka till listan",
    "print": "Skriv ut",
    "place": "Plac.", "pair": "Par", "names": "Namn", "mps": "Poäng", "max": "Max", "pct": "%", "boards": "Brickor",
    "board": "Bricka", "contract": "Kontrakt", "lead": "Utspel", "score": "Resultat", "dir": "Riktn.",
    "opps": "Motst.", "top": "Topp", "group": "Grupp", "ns": "NS", "ew": "ÖV",
    "north_south": "Nord-Syd", "east_west": "Öst-Väst", "all_pairs": "Alla par", "section": "Grupp {section}",
    "board_title": "Bricka {board}", "board_section": ", grupp {section}", "board_session": ", omgång {session}",
    "session_head": "Omgång {session}", "event_head": "Tävling",
    "pair_title": "Par {pair}", "pair_word": "par {pair}", "dealer": "Giv", "vul": "Zon",
    "par": "Par", "dd_tricks": "DD", "vs_par": "mot par",
    "makeable": "Kontrakt som går hem", "hcp": "HP",
    "hand_record": "Given", "par_passed": "passat",
    "north": "Nord", "east": "Öst", "south": "Syd", "west": "Väst",
    "scored_by": "räknat av {program}", "not_played": "ej spelad",
    "top_note": "topp {top}",
    "estimated_note": "{results}, omräknade till {expected} med {method}",
    "so_far_note": "{results} av {plays} resultat hittills",
    "provisional": "preliminär",
    "progress": "Preliminär resultatlista: {results} av {plays} resultat har kommit in; placeringarna ändras när "
                "resten kommer.",
    "short_boards": "Inte klara än: {boards}.",
    "not_started": "Inte spelade än: {boards}.",
    "board_short": "{board}{where}: {results} av {plays} resultat",
    "board_word": "bricka {boards}",
    "boards_word": "brickor {boards}",
    "n_assumed": "Varje bricka är omräknad till N = {n}, flest resultat på någon bricka: hur många gånger varje "
                 "bricka spelas är inte känt (ingen rörelse; mpxl score --expected N anger det).",
    "card_summary_uncompared": "ingen % än (inget annat resultat att jämföra med), plac. {place} ({group}), {mp} av "
                               "{max} poäng",
    "plain_note": "topp {line_top} ({actual} resultat, ej omräknade); i summan topp {top}, omräknade till "
                  "{expected} med {method}",
    "scaled_note": "topp {line_top} ({actual} resultat, omräknade till {expected} med {method}); i summan topp "
                   "{top}, ej omräknade",
    "sat_out": "satt över: {pairs}",
    "line_ref": "NS {ns} mot ÖV {ew}",
    "artificial": "konstgjort resultat: NS {ns}, ÖV {ew}",
    "split": "delat resultat: NS {ns}, ÖV {ew}, varje sida räknad på sitt eget resultat",
    "weighted": "viktat resultat (lag 12C1(c)): {parts}",
    "mixed": "NS {ns}, ÖV {ew}: ena sidan behåller resultatet, den andra får ett konstgjort resultat",
    "arrowswitch": "pilbyte: paren spelade den andra riktningens kort",
    "penalty": "procedurstraff: {side} {amount}",
    "fouled": "felaktig bricka: grupperna {groups} räknades var för sig",
    "results_n": "{n} resultat", "result_1": "1 resultat",
    "small_group": "grupp {group} ({results}) fick fasta procent {pcts} enligt {rule}-regeln",
    "over_top": "så NS + ÖV på dess rader är {total}, mer än de vanliga {normal}",
    "fouled_mark": "felaktig",
    "card_summary": "{pct} %, plac. {place} ({group}), {mp} av {max} poäng",
    "card_summary_signed": "{pct} %, plac. {place} ({group}), {mp} MP1",
    "scale_double": "dubbla poäng: 2 per slaget resultat, 1 per lika",
    "scale_single": "enkla poäng: 1 per slaget resultat, 1/2 per lika",
    "scale_signed": "MP1: +1 per slaget resultat, -1 per bättre resultat, 0 per lika (medel är 0)",
    "scale_percent": "procent: varje rad brickans procent (topp 100, NS + ÖV = 100); parets resultat är medel av "
                     "brickorna",
    "method_est": "brickor med färre resultat omräknade med {method}",
    "method_none": "ingen bricka omräknad: var och en på toppen av sina egna resultat",
    "rounding": "brickpoäng avrundade till {decimals}, {tie}",
    "rounding_exact": "brickpoäng exakta, ej avrundade",
    "totals_rounding": "tal som bara summan har avrundade till {decimals}, {tie}",
    "pct_rounding": "procent med {decimals}, {tie}",
    "decimals_0": "heltal", "decimals_1": "1 decimal", "decimals_n": "{d} decimaler",
    "totals_exact": "summa och procent räknade på de exakta talen, inte de avrundade",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} är summan av topparna (resultat - 1) på brickorna paret spelade",
    "signed_pct_any": "% = 50 + 50 × MP1 / summan av topparna (resultat - 1) på brickorna paret spelade",
    "line_pct": "varje rads % av brickans topp bredvid poängen",
    "ave_wbf": "Medel+ 60 % eller parets egen procent om den är högre; Medel- 40 % eller dess egen om lägre",
    "field_event": "grupperna räknade tillsammans, över hela fältet",
    "estimate_totals": "raderna på en bricka med färre resultat visas ej omräknade; summan räknar den omräknad",
    "unplayed_own": "en bricka paret missade ger parets egen procent",
    "places_plain": "lika par placerade utan '='",
    "lone_plus": "en brickas enda riktiga resultat bredvid konstgjorda ger 60 % till båda sidor",
    "unplayed_average": "en bricka paret missade ger 50 %",
    "unplayed_plus": "en bricka paret missade (motståndarna frånvarande) ger 60 %",
    "basis_scaled": "parets procent av summan skalad till fältets fulla maximum",
    "mixed_own": "en blandad rads riktiga resultat räknas bara i den egna sidans fält",
    "small_rule": "små grupper på felaktiga brickor: {rule}-regeln",
    "tie_half-up": "halva bort från noll", "tie_ebu": "halva (.05) mot brickans medel",
    "tie_truncate": "avkortade (aldrig avrundade uppåt)",
    "tie_exact": "ingen avrundning", "tie_half-even": "halva till jämn siffra",
}

_DA = {
    "results": "Resultater", "ranking": "Stilling", "travellers": "Spilresultater", "score_cards": "Scorekort",
    "personal_score_cards": "Personlige scorekort", "settings": "Sådan blev der regnet",
    "back": "tilbage til stillingen", "print": "Udskriv",
    "place": "Plads", "pair": "Par", "names": "Navne", "mps": "Point", "max": "Maks", "pct": "%", "boards": "Spil",
    "board": "Spil", "contract": "Kontrakt", "lead": "Udspil", "score": "Score", "dir": "Retn.", "opps": "Modst.",
    "top": "Top", "group": "Gruppe", "ns": "NS", "ew": "ØV",
    "north_south": "Nord-Syd", "east_west": "Øst-Vest", "all_pairs": "Alle par", "section": "Række {section}",
    "board_title": "Spil {board}", "board_section": ", række {section}", "board_session": ", runde {session}",
    "session_head": "Runde {session}", "event_head": "Turnering",
    "pair_title": "Par {pair}", "pair_word": "par {pair}", "dealer": "Giver", "vul": "Zone",
    "par": "Par", "dd_tricks": "DD", "vs_par": "mod par",
    "makeable": "Kontrakter der vinder", "hcp": "HP",
    "hand_record": "Kortfordeling", "par_passed": "passet",
    "north": "Nord", "east": "Øst", "south": "Syd", "west": "Vest",
    "scored_by": "beregnet af {program}", "not_played": "ikke spillet",
    "top_note": "top {top}",
    "estimated_note": "{results}, omregnet til {expected} med {method}",
    "so_far_note": "{results} af {plays} resultater indtil nu",
    "provisional": "foreløbig",
    "progress": "Foreløbig stilling: {results} af {plays} resultater er kommet ind; placeringerne ændres, når resten "
                "kommer.",
    "short_boards": "Ikke færdige endnu: {boards}.",
    "not_started": "Ikke spillet endnu: {boards}.",
    "board_short": "{board}{where}: {results} af {plays} resultater",
    "board_word": "spil {boards}",
    "boards_word": "spil {boards}",
    "n_assumed": "Hvert spil er omregnet til N = {n}, flest resultater på noget spil: hvor mange gange hvert spil "
                 "spilles er ikke kendt (ingen turnering; mpxl score --expected N sætter det).",
    "card_summary_uncompared": "ingen % endnu (intet andet resultat at sammenligne med), plads {place} ({group}), "
                               "{mp} af {max} point",
    "plain_note": "top {line_top} ({actual} resultater, ikke omregnet); i totalen top {top}, omregnet til "
                  "{expected} med {method}",
    "scaled_note": "top {line_top} ({actual} resultater, omregnet til {expected} med {method}); i totalen top "
                   "{top}, ikke omregnet",
    "sat_out": "sad over: {pairs}",
    "line_ref": "NS {ns} mod ØV {ew}",
    "artificial": "kunstig score: NS {ns}, ØV {ew}",
    "split": "delt score: NS {ns}, ØV {ew}, hver side beregnet på sit eget resultat",
    "weighted": "vægtet score (lov 12C1(c)): {parts}",
    "mixed": "NS {ns}, ØV {ew}: den ene side beholder resultatet, den anden får en kunstig score",
    "arrowswitch": "pilskift: parrene spillede den anden retnings kort",
    "penalty": "procedurestraf: {side} {amount}",
    "fouled": "fejlbehæftet spil: grupperne {groups} blev beregnet hver for sig",
    "results_n": "{n} resultater", "result_1": "1 resultat",
    "small_group": "gruppe {group} ({results}) fik faste procenter {pcts} efter {rule}-reglen",
    "over_top": "så NS + ØV på dens linjer er {total}, mere end de sædvanlige {normal}",
    "fouled_mark": "fejlbehæftet",
    "card_summary": "{pct} %, plads {place} ({group}), {mp} af {max} point",
    "card_summary_signed": "{pct} %, plads {place} ({group}), {mp} MP1",
    "scale_double": "dobbelte point: 2 per slået resultat, 1 per lighed",
    "scale_single": "enkelte point: 1 per slået resultat, 1/2 per lighed",
    "scale_signed": "MP1: +1 per slået resultat, -1 per bedre resultat, 0 per lighed (gennemsnittet er 0)",
    "scale_percent": "procent: hver linje spillets procent (top 100, NS + ØV = 100); parrets resultat er "
                     "gennemsnittet af spillene",
    "method_est": "spil med færre resultater omregnet med {method}",
    "method_none": "intet spil omregnet: hvert på toppen af sine egne resultater",
    "rounding": "point per spil afrundet til {decimals}, {tie}",
    "rounding_exact": "point per spil eksakte, ikke afrundet",
    "totals_rounding": "tal som kun totalen har afrundet til {decimals}, {tie}",
    "pct_rounding": "procenter med {decimals}, {tie}",
    "decimals_0": "hele tal", "decimals_1": "1 decimal", "decimals_n": "{d} decimaler",
    "totals_exact": "total og procent beregnet af de eksakte tal, ikke de afrundede",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} er summen af toppene (resultater - 1) i de spil parret spillede",
    "signed_pct_any": "% = 50 + 50 × MP1 / summen af toppene (resultater - 1) i de spil parret spillede",
    "line_pct": "hver linjes % af spillets top ved siden af pointene",
    "ave_wbf": "Gns+ 60 % eller parrets egen procent hvis højere; Gns- 40 % eller dens egen hvis lavere",
    "field_event": "rækkerne beregnet sammen, over hele feltet",
    "estimate_totals": "linjerne i et spil med færre resultater vist uomregnet; totalen tæller det omregnet",
    "unplayed_own": "et spil parret ikke spillede giver parrets egen procent",
    "places_plain": "lige par placeret uden '='",
    "lone_plus": "et spils eneste rigtige resultat ved kunstige scorer giver 60 % til begge sider",
    "unplayed_average": "et spil parret ikke spillede giver 50 %",
    "unplayed_plus": "et spil parret ikke spillede (modstanderne fraværende) giver 60 %",
    "basis_scaled": "parrets procent af totalen skaleret til feltets fulde maksimum",
    "mixed_own": "en blandet linjes rigtige resultat tæller kun i sin egen sides felt",
    "small_rule": "små grupper i fejlbehæftede spil: {rule}-reglen",
    "tie_half-up": "halve væk fra nul", "tie_ebu": "halve (.05) mod spillets gennemsnit",
    "tie_truncate": "afskåret (aldrig rundet op)",
    "tie_exact": "ingen afrunding", "tie_half-even": "halve til lige ciffer",
}

_NL = {
    "results": "Uitslag", "ranking": "Rangschikking", "travellers": "Uitslagen per spel", "score_cards": "Scorekaarten",
    "personal_score_cards": "Persoonlijke scorekaarten", "settings": "Zo is er gerekend", "back": "terug naar de stand",
    "print": "Afdrukken",
    "place": "Plaats", "pair": "Paar", "names": "Namen", "mps": "Punten", "max": "Max", "pct": "%", "boards": "Spellen",
    "board": "Spel", "contract": "Contract", "lead": "Uitkomst", "score": "Score", "dir": "Richt.", "opps": "Tegenst.",
    "top": "Top", "group": "Groep", "ns": "NZ", "ew": "OW",
    "north_south": "Noord-Zuid", "east_west": "Oost-West", "all_pairs": "Alle paren", "section": "Lijn {section}",
    "board_title": "Spel {board}", "board_section": ", lijn {section}", "board_session": ", zitting {session}",
    "session_head": "Zitting {session}", "event_head": "Toernooi",
    "pair_title": "Paar {pair}", "pair_word": "paar {pair}", "dealer": "Gever", "vul": "Kwetsb.",
    "par": "Par", "dd_tricks": "DD", "vs_par": "t.o.v. par",
    "makeable": "Haalbare contracten", "hcp": "HCP",
    "hand_record": "Spellen", "par_passed": "gepast",
    "north": "Noord", "east": "Oost", "south": "Zuid", "west": "West",
    "scored_by": "berekend door {program}", "not_played": "niet gespeeld",
    "top_note": "top {top}",
    "estimated_note": "{results}, omgerekend naar {expected} met {method}",
    "so_far_note": "{results} van {plays} uitslagen tot nu toe",
    "provisional": "voorlopig",
    "progress": "Voorlopige stand: {results} van {plays} uitslagen zijn binnen; de plaatsen veranderen als de rest "
                "binnenkomt.",
    "short_boards": "Nog niet compleet: {boards}.",
    "not_started": "Nog niet gespeeld: {boards}.",
    "board_short": "{board}{where}: {results} van {plays} uitslagen",
    "board_word": "spel {boards}",
    "boards_word": "spellen {boards}",
    "n_assumed": "Elk spel is omgerekend naar N = {n}, de meeste uitslagen op een spel: hoe vaak elk spel gespeeld "
                 "wordt is niet bekend (geen schema; mpxl score --expected N stelt het in).",
    "card_summary_uncompared": "nog geen % (geen andere uitslag om mee te vergelijken), plaats {place} ({group}), "
                               "{mp} van {max} punten",
    "plain_note": "top {line_top} ({actual} uitslagen, niet omgerekend); in de totalen top {top}, omgerekend naar "
                  "{expected} met {method}",
    "scaled_note": "top {line_top} ({actual} uitslagen, omgerekend naar {expected} met {method}); in de totalen "
                   "top {top}, niet omgerekend",
    "sat_out": "had een stilzit: {pairs}",
    "line_ref": "NZ {ns} tegen OW {ew}",
    "artificial": "arbitrale score: NZ {ns}, OW {ew}",
    "split": "gesplitste score: NZ {ns}, OW {ew}, elke kant berekend op zijn eigen uitslag",
    "weighted": "gewogen score (wetsartikel 12C1(c)): {parts}",
    "mixed": "NZ {ns}, OW {ew}: de ene kant houdt de uitslag, de andere krijgt een arbitrale score",
    "arrowswitch": "pijlwissel: de paren speelden de kaarten van de andere richting",
    "penalty": "procedurele straf: {side} {amount}",
    "fouled": "verspeeld spel: de groepen {groups} zijn apart berekend",
    "results_n": "{n} uitslagen", "result_1": "1 uitslag",
    "small_group": "groep {group} ({results}) kreeg vaste percentages {pcts} volgens de {rule}-regel",
    "over_top": "dus NZ + OW op zijn regels is {total}, meer dan de gewone {normal}",
    "fouled_mark": "verspeeld",
    "card_summary": "{pct}%, plaats {place} ({group}), {mp} van {max} punten",
    "card_summary_signed": "{pct}%, plaats {place} ({group}), {mp} MP1",
    "scale_double": "dubbele matchpunten: 2 per geslagen uitslag, 1 per gelijke",
    "scale_single": "enkele matchpunten: 1 per geslagen uitslag, 1/2 per gelijke",
    "scale_signed": "MP1: +1 per geslagen uitslag, -1 per betere uitslag, 0 per gelijke (het gemiddelde is 0)",
    "scale_percent": "percentage: elke regel het percentage van het spel (top 100, NZ + OW = 100); het resultaat van "
                     "een paar is het gemiddelde",
    "method_est": "spellen met minder uitslagen omgerekend met {method}",
    "method_none": "geen spel omgerekend: elk op de top van zijn eigen uitslagen",
    "rounding": "punten per spel afgerond op {decimals}, {tie}",
    "rounding_exact": "punten per spel exact, niet afgerond",
    "totals_rounding": "getallen die alleen de totalen hebben afgerond op {decimals}, {tie}",
    "pct_rounding": "percentages op {decimals}, {tie}",
    "decimals_0": "hele getallen", "decimals_1": "1 decimaal", "decimals_n": "{d} decimalen",
    "totals_exact": "totalen en percentages uit de exacte getallen, niet de afgeronde",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} is de som van de toppen (uitslagen - 1) van de gespeelde spellen",
    "signed_pct_any": "% = 50 + 50 × MP1 / de som van de toppen (uitslagen - 1) van de spellen die het paar speelde",
    "line_pct": "het % van elke regel van de top van het spel naast de punten",
    "ave_wbf": "Gem+ 60% of het eigen percentage van het paar als dat hoger is; Gem- 40% of het eigen als lager",
    "field_event": "lijnen samen berekend, over het hele veld",
    "estimate_totals": "regels van een spel met minder uitslagen niet omgerekend; de totalen tellen het omgerekend",
    "unplayed_own": "een gemist spel krijgt het eigen percentage van het paar",
    "places_plain": "gelijke paren geplaatst zonder '='",
    "lone_plus": "de enige echte uitslag van een spel naast arbitrale scores krijgt 60% voor beide kanten",
    "unplayed_average": "een gemist spel krijgt 50%",
    "unplayed_plus": "een gemist spel (tegenstanders afwezig) krijgt 60%",
    "basis_scaled": "het percentage van een paar uit zijn totaal geschaald naar het volle maximum",
    "mixed_own": "de echte uitslag van een gemengde regel telt alleen in het veld van de eigen kant",
    "small_rule": "kleine groepen van een verspeeld spel: {rule}-regel",
    "tie_half-up": "halven van nul af", "tie_ebu": "halven (.05) naar het gemiddelde van het spel",
    "tie_truncate": "afgekapt (nooit naar boven afgerond)",
    "tie_exact": "geen afronding", "tie_half-even": "halven naar het even cijfer",
}

_PL = {
    "results": "Wyniki", "ranking": "Klasyfikacja", "travellers": "Protokoły rozdań", "score_cards": "Karty par",
    "personal_score_cards": "Wyniki par rozdanie po rozdaniu", "settings": "Sposób liczenia",
    "back": "powrót do klasyfikacji", "print": "Drukuj",
    "place": "Miejsce", "pair": "Para", "names": "Nazwiska", "mps": "Pkt", "max": "Maks", "pct": "%",
    "boards": "Rozdania", "board": "Rozdanie", "contract": "Kontrakt", "lead": "Wist", "score": "Zapis",
    "dir": "Linia", "opps": "Przeciwnicy", "top": "Top", "group": "Grupa", "ns": "NS", "ew": "EW",
    "north_south": "Północ-Południe", "east_west": "Wschód-Zachód", "all_pairs": "Wszystkie pary",
    "section": "Sektor {section}",
    "board_title": "Rozdanie {board}", "board_section": ", sektor {section}", "board_session": ", sesja {session}",
    "session_head": "Sesja {session}", "event_head": "Turniej",
    "pair_title": "Para {pair}", "pair_word": "para {pair}", "dealer": "Rozdający", "vul": "Założenia",
    "par": "Par", "dd_tricks": "DD", "vs_par": "wobec par",
    "makeable": "Możliwe kontrakty", "hcp": "PC",
    "hand_record": "Rozkłady", "par_passed": "pas",
    "north": "Północ", "east": "Wschód", "south": "Południe", "west": "Zachód",
    "scored_by": "obliczone przez {program}", "not_played": "nie grane",
    "top_note": "top {top}",
    "estimated_note": "{results}, przeliczone na {expected} metodą {method}",
    "so_far_note": "{results} z {plays} wyników do tej pory",
    "provisional": "wstępne",
    "progress": "Wyniki wstępne: wpłynęło {results} z {plays} wyników; miejsca zmienią się, gdy wpłyną pozostałe.",
    "short_boards": "Jeszcze niekompletne: {boards}.",
    "not_started": "Jeszcze nierozegrane: {boards}.",
    "board_short": "{board}{where}: {results} z {plays} wyników",
    "board_word": "rozdanie {boards}",
    "boards_word": "rozdania {boards}",
    "n_assumed": "Każde rozdanie przeliczono na N = {n}, najwięcej wyników w jednym rozdaniu: nie wiadomo, ile razy "
                 "gra się każde rozdanie (brak ruchu; mpxl score --expected N to ustala).",
    "card_summary_uncompared": "jeszcze bez % (brak innego wyniku do porównania), miejsce {place} ({group}), {mp} z "
                               "{max} pkt",
    "plain_note": "top {line_top} ({actual} wyników, bez przeliczenia); w sumach top {top}, przeliczone na "
                  "{expected} metodą {method}",
    "scaled_note": "top {line_top} ({actual} wyników, przeliczone na {expected} metodą {method}); w sumach top "
                   "{top}, bez przeliczenia",
    "sat_out": "pauza: {pairs}",
    "line_ref": "NS {ns} przeciw EW {ew}",
    "artificial": "wynik sędziowski: NS {ns}, EW {ew}",
    "split": "wynik dzielony: NS {ns}, EW {ew}, każda strona liczona na własnym wyniku",
    "weighted": "wynik ważony (Prawo 12C1(c)): {parts}",
    "mixed": "NS {ns}, EW {ew}: jedna strona zachowuje wynik, druga dostaje wynik sędziowski",
    "arrowswitch": "zmiana strzałek: pary grały karty drugiej linii",
    "penalty": "kara proceduralna: {side} {amount}",
    "fouled": "rozdanie zepsute: grupy {groups} liczone osobno",
    "results_n": "wyników: {n}", "result_1": "1 wynik",
    "small_group": "grupa {group} ({results}) dostała stałe procenty {pcts} według zasady {rule}",
    "over_top": "więc NS + EW na jej liniach to {total}, więcej niż zwykłe {normal}",
    "fouled_mark": "zepsute",
    "card_summary": "{pct}%, miejsce {place} ({group}), {mp} z {max} pkt",
    "card_summary_signed": "{pct}%, miejsce {place} ({group}), {mp} MP1",
    "scale_double": "podwójne punkty meczowe: 2 za każdy pobity wynik, 1 za remis",
    "scale_single": "pojedyncze punkty meczowe: 1 za każdy pobity wynik, 1/2 za remis",
    "scale_signed": "MP1: +1 za każdy pobity wynik, -1 za każdy lepszy, 0 za remis (średnia to 0)",
    "scale_percent": "procenty: każda linia to procent rozdania (maks. 100, NS + EW = 100); wynik pary to średnia z "
                     "jej rozdań",
    "method_est": "rozdania z mniejszą liczbą wyników przeliczone metodą {method}",
    "method_none": "żadne rozdanie nie przeliczone: każde na topie własnych wyników",
    "rounding": "punkty za rozdanie zaokrąglone do {decimals}, {tie}",
    "rounding_exact": "punkty za rozdanie dokładne, bez zaokrąglenia",
    "totals_rounding": "liczby tylko z sum zaokrąglone do {decimals}, {tie}",
    "pct_rounding": "procenty do {decimals}, {tie}",
    "decimals_0": "liczb całkowitych", "decimals_1": "1 miejsca po przecinku",
    "decimals_n": "{d} miejsc po przecinku",
    "totals_exact": "sumy i procenty z dokładnych liczb, nie z zaokrąglonych",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} to suma topów (wyniki - 1) rozdań zagranych przez parę",
    "signed_pct_any": "% = 50 + 50 × MP1 / suma topów (wyniki - 1) rozdań zagranych przez parę",
    "line_pct": "% każdej linii z topu rozdania obok punktów",
    "ave_wbf": "Śr+ 60% albo własny procent pary, jeśli wyższy; Śr- 40% albo własny, jeśli niższy",
    "field_event": "sektory liczone razem, na całym polu",
    "estimate_totals": "linie rozdania z mniejszą liczbą wyników bez przeliczenia; sumy liczą je przeliczone",
    "unplayed_own": "rozdanie, którego para nie grała, dostaje jej własny procent",
    "places_plain": "równe pary bez '='",
    "lone_plus": "jedyny prawdziwy wynik rozdania obok wyników sędziowskich dostaje 60% dla obu stron",
    "unplayed_average": "rozdanie, którego para nie grała, dostaje 50%",
    "unplayed_plus": "rozdanie, którego para nie grała (nieobecni przeciwnicy), dostaje 60%",
    "basis_scaled": "procent pary z sumy przeskalowanej do pełnego maksimum",
    "mixed_own": "prawdziwy wynik mieszanej linii liczy się tylko w polu jej własnej strony",
    "small_rule": "małe grupy rozdań zepsutych: zasada {rule}",
    "tie_half-up": "połówki od zera", "tie_ebu": "połówki (.05) w stronę średniej rozdania",
    "tie_truncate": "obcięte (nigdy w górę)",
    "tie_exact": "bez zaokrąglenia", "tie_half-even": "połówki do parzystej cyfry",
}

_DE = {
    "results": "Ergebnisse", "ranking": "Rangliste", "travellers": "Boardergebnisse", "score_cards": "Scorekarten",
    "personal_score_cards": "Persönliche Scorekarten", "settings": "So wurde gerechnet", "back": "zurück zur Rangliste",
    "print": "Drucken",
    "place": "Platz", "pair": "Paar", "names": "Namen", "mps": "MP", "max": "Max", "pct": "%", "boards": "Boards",
    "board": "Board", "contract": "Kontrakt", "lead": "Ausspiel", "score": "Score", "dir": "Richt.", "opps": "Gegner",
    "top": "Top", "group": "Gruppe", "ns": "NS", "ew": "OW",
    "north_south": "Nord-Süd", "east_west": "Ost-West", "all_pairs": "Alle Paare", "section": "Gruppe {section}",
    "board_title": "Board {board}", "board_section": ", Gruppe {section}", "board_session": ", Durchgang {session}",
    "session_head": "Durchgang {session}", "event_head": "Turnier",
    "pair_title": "Paar {pair}", "pair_word": "Paar {pair}", "dealer": "Teiler", "vul": "Gefahr",
    "par": "Par", "dd_tricks": "DD", "vs_par": "ggü. Par",
    "makeable": "Erfüllbare Kontrakte", "hcp": "FP",
    "hand_record": "Verteilungen", "par_passed": "passe",
    "north": "Nord", "east": "Ost", "south": "Süd", "west": "West",
    "scored_by": "berechnet von {program}", "not_played": "nicht gespielt",
    "top_note": "Top {top}",
    "estimated_note": "{results}, hochgerechnet auf {expected} nach {method}",
    "so_far_note": "{results} von {plays} Ergebnissen bisher",
    "provisional": "vorläufig",
    "progress": "Vorläufiger Stand: {results} von {plays} Ergebnissen sind da; die Plätze ändern sich, wenn der Rest "
                "kommt.",
    "short_boards": "Noch nicht vollständig: {boards}.",
    "not_started": "Noch nicht gespielt: {boards}.",
    "board_short": "{board}{where}: {results} von {plays} Ergebnissen",
    "board_word": "Board {boards}",
    "boards_word": "Boards {boards}",
    "n_assumed": "Jedes Board ist auf N = {n} hochgerechnet, die meisten Ergebnisse eines Boards: wie oft jedes Board "
                 "gespielt wird, ist nicht bekannt (keine Bewegung; mpxl score --expected N setzt es).",
    "card_summary_uncompared": "noch kein % (kein anderes Ergebnis zum Vergleich), Platz {place} ({group}), {mp} von "
                               "{max} MP",
    "plain_note": "Top {line_top} ({actual} Ergebnisse, nicht hochgerechnet); in den Summen Top {top}, "
                  "hochgerechnet auf {expected} nach {method}",
    "scaled_note": "Top {line_top} ({actual} Ergebnisse, hochgerechnet auf {expected} nach {method}); in den "
                   "Summen Top {top}, nicht hochgerechnet",
    "sat_out": "aussetzend: {pairs}",
    "line_ref": "NS {ns} gegen OW {ew}",
    "artificial": "künstliches Ergebnis: NS {ns}, OW {ew}",
    "split": "geteiltes Ergebnis: NS {ns}, OW {ew}, jede Seite auf ihr eigenes Ergebnis gerechnet",
    "weighted": "gewichtetes Ergebnis (Regel 12C1(c)): {parts}",
    "mixed": "NS {ns}, OW {ew}: eine Seite behält das Ergebnis, die andere erhält ein künstliches",
    "arrowswitch": "Pfeilwechsel: die Paare spielten die Karten der anderen Richtung",
    "penalty": "Verfahrensstrafe: {side} {amount}",
    "fouled": "verlegtes Board: die Gruppen {groups} wurden getrennt gerechnet",
    "results_n": "{n} Ergebnisse", "result_1": "1 Ergebnis",
    "small_group": "Gruppe {group} ({results}) erhielt feste Prozente {pcts} nach der {rule}-Regel",
    "over_top": "also ist NS + OW auf ihren Zeilen {total}, mehr als die üblichen {normal}",
    "fouled_mark": "verlegt",
    "card_summary": "{pct} %, Platz {place} ({group}), {mp} von {max} MP",
    "card_summary_signed": "{pct} %, Platz {place} ({group}), {mp} MP1",
    "scale_double": "doppelte Matchpunkte: 2 je geschlagenes Ergebnis, 1 je gleiches",
    "scale_single": "einfache Matchpunkte: 1 je geschlagenes Ergebnis, 1/2 je gleiches",
    "scale_signed": "MP1: +1 je geschlagenes Ergebnis, -1 je besseres, 0 je gleiches (der Schnitt ist 0)",
    "scale_percent": "Prozent: jede Zeile der Prozentsatz des Boards (Top 100, NS + OW = 100); das Ergebnis eines "
                     "Paares der Mittelwert",
    "method_est": "Boards mit weniger Ergebnissen hochgerechnet nach {method}",
    "method_none": "kein Board hochgerechnet: jedes auf dem Top seiner eigenen Ergebnisse",
    "rounding": "Boardpunkte gerundet auf {decimals}, {tie}",
    "rounding_exact": "Boardpunkte exakt, nicht gerundet",
    "totals_rounding": "Zahlen nur der Summen gerundet auf {decimals}, {tie}",
    "pct_rounding": "Prozente auf {decimals}, {tie}",
    "decimals_0": "ganze Zahlen", "decimals_1": "1 Dezimale", "decimals_n": "{d} Dezimalen",
    "totals_exact": "Summen und Prozente aus den exakten Zahlen, nicht den gerundeten",
    "signed_pct": "% = 50 + 50 × MP1 / {max}: {max} ist die Summe der Tops (Ergebnisse - 1) der gespielten Boards",
    "signed_pct_any": "% = 50 + 50 × MP1 / die Summe der Tops (Ergebnisse - 1) der Boards, die das Paar spielte",
    "line_pct": "das % jeder Zeile vom Top des Boards neben den Punkten",
    "ave_wbf": "Avg+ 60 % oder der eigene Prozentsatz des Paares, wenn höher; Avg- 40 % oder der eigene, wenn tiefer",
    "field_event": "Gruppen zusammen gerechnet, über das ganze Feld",
    "estimate_totals": "Zeilen eines Boards mit weniger Ergebnissen nicht hochgerechnet; die Summen zählen es "
                       "hochgerechnet",
    "unplayed_own": "ein verpasstes Board zählt mit dem eigenen Prozentsatz des Paares",
    "places_plain": "gleiche Paare ohne '=' platziert",
    "lone_plus": "das einzige echte Ergebnis eines Boards neben künstlichen erhält 60 % für beide Seiten",
    "unplayed_average": "ein verpasstes Board zählt mit 50 %",
    "unplayed_plus": "ein verpasstes Board (Gegner abwesend) zählt mit 60 %",
    "basis_scaled": "der Prozentsatz eines Paares aus seiner Summe, skaliert auf das volle Maximum",
    "mixed_own": "das echte Ergebnis einer gemischten Zeile zählt nur im Feld der eigenen Seite",
    "small_rule": "kleine Gruppen verlegter Boards: {rule}-Regel",
    "tie_half-up": "Hälften von null weg", "tie_ebu": "Hälften (.05) zum Schnitt des Boards",
    "tie_truncate": "abgeschnitten (nie aufgerundet)",
    "tie_exact": "keine Rundung", "tie_half-even": "Hälften zur geraden Ziffer",
}

#: Every language's labels, English first (the reference).
LABELS: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR, "nb": _NB, "sv": _SV, "da": _DA, "nl": _NL, "pl": _PL,
                                     "de": _DE}

#: The languages of the results page (``--lang``).
LANGUAGES = tuple(LABELS)

#: Other names a user may give a language, to its code.
_ALIASES = {"no": "nb", "nn": "nb", "nob": "nb", "norsk": "nb", "se": "sv", "dk": "da", "english": "en",
            "french": "fr", "francais": "fr", "français": "fr", "svenska": "sv", "dansk": "da", "nederlands": "nl",
            "dutch": "nl", "polski": "pl", "polish": "pl", "deutsch": "de", "german": "de", "norwegian": "nb",
            "swedish": "sv", "danish": "da"}


def labels(lang: str | None = None) -> dict[str, str]:
    """The labels of ``lang`` (a code of :data:`LANGUAGES`, any case, or a region such as ``nb-NO``;
    English when None); a ValueError naming the languages for any other."""
    key = (lang or "en").strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in LABELS and "-" in key:
        key = _ALIASES.get(key.split("-")[0], key.split("-")[0])
    if key not in LABELS:
        raise ValueError(f"{lang!r} is not a language of the results page; expected one of {', '.join(LANGUAGES)}")
    return LABELS[key]


def figure_label(scale: str, L: Mapping[str, str]) -> str:
    """What a line's figure is called in a column's head on the scale named ``scale`` (a Scale's
    value): MP1 on the signed scale, % on the percentage scale (the figure is the board's
    percentage), else the language's word for matchpoints.

    >>> figure_label("signed", labels()), figure_label("percent", labels()), figure_label("double", labels("fr"))
    ('MP1', '%', 'Points')
    """
    return {"signed": "MP1", "percent": L["pct"]}.get(scale, L["mps"])


def signed_percentage_note(maxima: Iterable[str], L: Mapping[str, str]) -> str:
    """How a pair's percentage comes from its signed (MP1) total, in the words of ``L``: the words under
    a ranking on the signed scale, where a pair's maximum means nothing to its users. ``maxima``: the
    maxima of the ranking's pairs, as written; the divisor is named when they all have the same one.

    >>> signed_percentage_note(["168", "168"], labels())
    '% = 50 + 50 × MP1 / 168: 168 is the sum of the tops (results - 1) of the boards a pair played'
    >>> signed_percentage_note(["168", "160"], labels())
    '% = 50 + 50 × MP1 / the sum of the tops (results - 1) of the boards the pair played'
    """
    distinct = set(maxima)
    return L["signed_pct"].format(max=next(iter(distinct))) if len(distinct) == 1 else L["signed_pct_any"]


def language_code(lang: str | None) -> str:
    """The code of ``lang`` as :func:`labels` reads it (for the page's ``lang`` attribute).

    >>> language_code("NB-no"), language_code(None), language_code("norsk")
    ('nb', 'en', 'nb')
    """
    table = labels(lang)
    return next(code for code, t in LABELS.items() if t is table)


def tie_words(kind: str, lang: str | None = None) -> str:
    """How a rounding kind breaks a half, in words: English is the rulebook's (the Setup sheet's words).

    >>> tie_words("half-up"), tie_words("half-even", "fr")
    ('halves away from zero', 'demis arrondis au chiffre pair')
    """
    table = labels(lang)
    return ROUNDING_TIES[kind] if table is _EN else table[f"tie_{kind}"]


def decimals_words(decimals: int, lang: str | None = None) -> str:
    """``1 decimal``, ``2 decimals``, ``whole numbers`` in the language.

    >>> decimals_words(1), decimals_words(2), decimals_words(0, "de")
    ('1 decimal', '2 decimals', 'ganze Zahlen')
    """
    table = labels(lang)
    key = "decimals_0" if decimals == 0 else "decimals_1" if decimals == 1 else "decimals_n"
    return table[key].format(d=decimals)


#: What in a file names its language: a program whose name names a country (Ruter i Norge, Magic
#: Contest France), a venue's country (PBN [Site] "Oslo, Norge"), then a program family's home.
_COUNTRY_WORDS = (
    (r"\b(norge|norway|noreg)\b", "nb"), (r"\b(sverige|sweden)\b", "sv"), (r"\b(danmark|denmark)\b", "da"),
    (r"\b(france|française?|french)\b", "fr"), (r"\b(nederland|netherlands|holland)\b", "nl"),
    (r"\b(polska|poland)\b", "pl"), (r"\b(deutschland|germany|österreich|austria)\b", "de"),
)
#: A program family and the language of its home (Ruter is Swedish-made; Magic Contest is the FFB's).
_PROGRAM_HOMES = ((r"\bmagic\s*contest\b", "fr"), (r"\bruter\b", "sv"))


def language_of(event: Any) -> str:
    """The language an event's file says it is in: the country its program's name or its venue names,
    else its program's home (a Ruter file Swedish, a Magic Contest one French); else English.

    >>> from mpxl.core.event import Event
    >>> language_of(Event(program="Ruter i Norge 4.10")), language_of(Event(program="Ruter 4.10"))
    ('nb', 'sv')
    >>> language_of(Event(program="Magic Contest 4.13", venue="")), language_of(Event(program="EBUScore Pairs"))
    ('fr', 'en')
    >>> language_of(Event(program="Ruter 4.10", venue="0100 NBF Oslo, Oslo, Norge"))
    'nb'
    """
    meta = getattr(event, "meta", {}) or {}
    program = " ".join(x for x in (getattr(event, "program", ""), meta.get("Generator", "")) if x).lower()
    venue = (getattr(event, "venue", "") or "").lower()
    for text in (program, venue):
        for pattern, lang in _COUNTRY_WORDS:
            if re.search(pattern, text):
                return lang
    for pattern, lang in _PROGRAM_HOMES:
        if re.search(pattern, program):
            return lang
    return "en"
