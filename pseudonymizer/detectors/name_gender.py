"""The gender an unlisted first name's spelling points to (guideline §3.1: firstname_male /
firstname_female / firstname_unknown), learnt from the gendered first names the gazetteer ships.

``resources/firstnames.tsv`` holds about 12,500 first names of many cultures with male and
female weights (Faker locales, transliterated Cyrillic, the curated learner names). The model
reads a name from its end, where most naming systems carry gender (Maria/Mario, Fatima,
Olena/Oleh, Aigul/Timur …): the share of women among the listed names that end in the same
k letters, for k = 0 (all names) … 5, each estimate shrunk towards the one of the next shorter
ending (hierarchical smoothing with a Dirichlet prior: an ending seen in few names borrows
strength from its shorter ending). It is combined with the same estimate over the name's first three
letters (a weaker, independent cue: many Arabic and African names share gendered openings),
as naive Bayes log-odds. Built lazily from the gazetteer the first time an unlisted name needs
a gender (about 0.1 s), cached per gazetteer.

Every listed name counts once (type level), a name of the curated learner list three times
(``_LEARNER_WEIGHT``); a name whose weights are ≥ 85 % one gender is that gender's, the rest
(Robin, Nour) are unisex and left out of the counts.

Measured by 10-fold cross-validation over the listed names (``python -m
pseudonymizer.detectors.name_gender``; 13,254 gendered names, 2026-11-29 after the curated
list's second round of 682 names of the learners' origins): answering every name 80.1 % right;
with |log-odds| >= 1 (``_THRESHOLD``) it answers 72.4 % of them, 87.4 % right. On the 2,182
curated learner names alone (the population that matters): 72.5 % right answering all, 67.5 %
answered with 79.3 % right at the threshold (before that round, on 12,588 names: 80.8 %, 73.3 %
/ 88.1 %; on 1,500 learner names 72.5 %, 67.1 % / 79.1 %). Earlier the list grew from 759 names
with the harder Southeast Asian and southern African names (74.0 % / 80.1 % then; 1,373 names,
72.4 % / 67.7 % / 79.9 % before the Swedish short forms, Sinhala, Thai and Somali names of
2026-11-29, added because the model read them wrong, so they are the harder ones). The older
rule of names.py (the longest ending of 2–4 letters with ≥ 5 names, ≥ 75 % one gender) answers
59 % of the learner names, 75.7 % right; with a man's name as the default 65.4 % right, and 69.6
% when this model answers where that rule abstains (what names.py does). Its limits: endings
that are men's in European names (-k, -r, -s) are often women's in Thai, Burmese or Caribbean
Spanish names, which then come out as men's with confidence.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator

from pseudonymizer.detectors import context as cx

# Longest ending and opening the model reads.
_SUFFIX_MAX = 5
_PREFIX_MAX = 3
# Strength of the shrinkage towards the shorter ending (pseudo-names).
_SHRINK = 4.0
# Weight of the opening's evidence relative to the ending's (it overlaps partly with it).
_PREFIX_WEIGHT = 1.0
# |log-odds| below which the model abstains (names.py then reads the name as a man's, as the
# annotators mostly do); chosen by the cross-validation above and by F2 on the training sets
# (answering every name, threshold 0, turned two correct men's names of the sets into women's).
_THRESHOLD = 1.0


# Swedish adjectives in the masculine weak form (-e), which only a man can take: "Käre Timo",
# "Bäste Ola", "lille Kalle", "snälle Jonas" (a woman is "Kära/Bästa/lilla/snälla Eva", forms a
# man may take too). Right before a first name they make it a man's (names.py
# _gender_from_context).
MASCULINE_ADJECTIVES = frozenset(
    "käre bäste lille snälle gamle gode kloke".split()
)


# Verbs that give a person a name with the person as object: "vi kallar honom X", "de döpte
# henne till X", "alla kallade honom för X", "vi kallar henne bara X". The object pronoun
# decides the gender of the name after it (a nickname or a given name, often an unlisted
# short form whose spelling misleads the ending model). ``naming_object_gender``.
_NAMING_VERBS = frozenset(
    "kallar kallade kallat kalla döpte döper döpt döpa".split()
)
_NAMING_FILLERS = frozenset("för till bara".split())


def naming_object_gender(prev: list[str]) -> str | None:
    """'male'/'female' when the words before a first name (nearest first, lower case, as
    context.prev_words gives them) are a naming verb and an object pronoun: "kallar honom
    [för|till|bara] X"; else None."""
    words = prev[1:] if prev and prev[0] in _NAMING_FILLERS else prev
    if len(words) < 2 or words[1] not in _NAMING_VERBS:
        return None
    return {"honom": "male", "henne": "female"}.get(words[0])


# Relatives and partners of one gender beyond context.py's FAMILY_* lists (step-, foster-,
# bonus- and ex- relations, great-grandparents, grandchildren, godparents, colloquial forms):
# "min hustru Kim", "min bonuspappa Robin", "Kim är min exfru".
_MORE_WOMEN = frozenset(
    "hustru hustrun exfru exfrun bonusmamma bonusmamman styvmor styvmodern styvmamman "
    "styvdotter styvdottern fostermamma fostermamman sondotter sondottern dotterdotter "
    "dotterdottern gudmor gudmodern tjejkompis tjejkompisen morsan morsa gammelmormor "
    "gammelfarmor sonhustru lärarinna lärarinnan".split()
) | frozenset(
    # kin words of the learners' languages that they keep in Swedish ("min nonna X"):
    # Italian, Polish, Russian, Spanish, German/Dutch, Turkish
    "nonna babcia babusjka babushka abuela tía oma teyze abla".split()
)
_MORE_MEN = frozenset(
    "exman exmannen exmake exmaken bonuspappa bonuspappan styvfar styvfadern styvpappan "
    "styvson styvsonen fosterpappa fosterpappan sonson sonsonen dotterson dottersonen "
    "gudfar gudfadern killkompis killkompisen farsan farsa brorsa gammelmorfar "
    "gammelfarfar".split()
) | frozenset("nonno dziadek dedusjka abuelo tío opa amca dayı ağabey".split())
# Words of one gender that name the person right after them ("min fru X", "herr X") or, for
# the KIN sets, after "X är min …".
WOMAN_KIN = cx.FAMILY_FEMALE | _MORE_WOMEN
MAN_KIN = cx.FAMILY_MALE | _MORE_MEN
# Foreign honorifics learners keep before a name ("Doña Pilar", "Madame Diallo", "Señor
# Ruiz"): Spanish, Portuguese, Italian, French, German. ("Don" alone is left out: an English
# first name too.)
FOREIGN_TITLES_FEMALE = frozenset(
    "doña señora senora signora madame mademoiselle frau".split()
)
FOREIGN_TITLES_MALE = frozenset("señor senor signor monsieur".split())
WOMAN_BEFORE = WOMAN_KIN | cx.TITLES_FEMALE | FOREIGN_TITLES_FEMALE
MAN_BEFORE = MAN_KIN | cx.TITLES_MALE | FOREIGN_TITLES_MALE


class GenderModel:
    """Character-ending model of first-name gender."""

    def __init__(self, names: Iterable[tuple[str, str]], weights: dict[str, float] | None = None
                 ) -> None:
        # counts[key] = [male, female] for ending keys ("$a", "$na" …) and opening keys ("^ma")
        self.counts: dict[str, list[float]] = {}
        total = [0.0, 0.0]
        weights = weights or {}
        for name, gender in names:
            slot = 0 if gender == "male" else 1
            w = weights.get(name, 1.0)
            total[slot] += w
            for k in range(1, min(_SUFFIX_MAX, len(name)) + 1):
                self.counts.setdefault("$" + name[-k:], [0.0, 0.0])[slot] += w
            for k in range(1, min(_PREFIX_MAX, len(name) - 1) + 1):
                self.counts.setdefault("^" + name[:k], [0.0, 0.0])[slot] += w
        self.total = total
        self.prior = (total[1] + 1) / (total[0] + total[1] + 2)

    def _share(self, keys: list[str]) -> float:
        """P(female) from the chain of keys, shortest first, each shrunk towards the last."""
        p = self.prior
        for key in keys:
            counts = self.counts.get(key)
            if counts is None:
                break
            n = counts[0] + counts[1]
            p = (counts[1] + _SHRINK * p) / (n + _SHRINK)
        return p

    def log_odds(self, name: str) -> float:
        """log P(female)/P(male) for a lower-case name; > 0 leans female."""
        name = name.lower()
        prior = math.log(self.prior / (1 - self.prior))
        end = self._share(["$" + name[-k:] for k in range(1, min(_SUFFIX_MAX, len(name)) + 1)])
        start = self._share(["^" + name[:k] for k in range(1, min(_PREFIX_MAX, len(name) - 1) + 1)])
        end_lo = math.log(end / (1 - end))
        start_lo = math.log(start / (1 - start)) - prior
        return end_lo + _PREFIX_WEIGHT * start_lo

    def gender(self, name: str, threshold: float = _THRESHOLD) -> str | None:
        """'male' or 'female' when the spelling is clear enough, else None."""
        if not name.isalpha() or len(name) < 2:
            return None
        lo = self.log_odds(name)
        if lo >= threshold:
            return "female"
        if lo <= -threshold:
            return "male"
        return None


def name_genders(gaz) -> Iterator[tuple[str, str]]:
    """(lower-case name, 'male'/'female'/'unisex') for every listed single-word first name with a
    gender count: male or female when at least 85% of its bearers are, else unisex."""
    group = getattr(gaz, "_groups", {}).get("names")
    for key, entries in (group.entries.items() if group is not None else ()):
        if not key.isalpha():
            continue
        entry = next((e for e in entries if e.label == "firstname"), None)
        if entry is None or entry.male + entry.female <= 0:
            continue
        share = entry.male / (entry.male + entry.female)
        yield key, "male" if share >= 0.85 else "female" if share <= 0.15 else "unisex"


def listed_names(gaz) -> list[tuple[str, str]]:
    """(lower-case name, 'male'/'female') for every clearly gendered single-word listed name."""
    return [(key, gender) for key, gender in name_genders(gaz) if gender != "unisex"]


# Weight of a name of the curated learner list (resources/curated/firstnames_extra.txt) against
# one of the Faker locales: the learners' names are the population the model is for, and the
# Faker lists outnumber them about 15 to 1 (mostly European endings: -o/-r/-k men, -a women).
_LEARNER_WEIGHT = 3.0


def learner_names() -> dict[str, float]:
    """The curated learner names (lower case) → their training weight; empty when the curated
    list is not shipped next to the resources."""
    from pseudonymizer.gazetteer import resources_dir

    path = resources_dir() / "curated" / "firstnames_extra.txt"
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        out[line.split("\t", 1)[0].strip().lower()] = _LEARNER_WEIGHT
    return out


_MODELS: dict[int, tuple[object, GenderModel]] = {}


def model_for(gaz) -> GenderModel:
    """The model of a gazetteer's names, built once per gazetteer."""
    cached = _MODELS.get(id(gaz))
    if cached is not None and cached[0] is gaz:
        return cached[1]
    model = GenderModel(listed_names(gaz), learner_names())
    if len(_MODELS) > 8:
        _MODELS.clear()
    _MODELS[id(gaz)] = (gaz, model)
    return model


def cross_validate(names: list[tuple[str, str]], folds: int = 10, seed: int = 0,
                   thresholds: Iterable[float] = (0.0, 0.5, 1.0, 1.5, 2.0),
                   weights: dict[str, float] | None = None,
                   only: set[str] | None = None) -> dict:
    """k-fold cross-validation: for each threshold the share of names answered (coverage)
    and the share of answers right (accuracy); ``only`` restricts the names tested (each is
    still predicted from the other folds' names)."""
    names = list(names)
    random.Random(seed).shuffle(names)
    thresholds = list(thresholds)
    answered = dict.fromkeys(thresholds, 0)
    right = dict.fromkeys(thresholds, 0)
    for f in range(folds):
        test = [x for x in names[f::folds] if only is None or x[0] in only]
        train = [x for i, x in enumerate(names) if i % folds != f]
        model = GenderModel(train, weights)
        for name, gender in test:
            lo = model.log_odds(name)
            for t in thresholds:
                if abs(lo) >= t and lo != 0:
                    answered[t] += 1
                    right[t] += (lo > 0) == (gender == "female")
    n = len([x for x in names if only is None or x[0] in only])
    return {t: (answered[t] / n, right[t] / max(answered[t], 1)) for t in thresholds}


if __name__ == "__main__":  # pragma: no cover - a measurement, run by hand
    from pseudonymizer.gazetteer import Gazetteer

    data = listed_names(Gazetteer.default())
    learners = learner_names()
    print(f"{len(data)} gendered names, {len(learners)} curated learner names")
    for title, only in (("all listed names", None), ("curated learner names", set(learners))):
        print(title)
        for t, (cov, acc) in cross_validate(data, weights=learners, only=only).items():
            print(f"  threshold {t:.1f}: answers {cov:.1%} of names, {acc:.1%} right")
