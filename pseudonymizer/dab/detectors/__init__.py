"""The detectors of the Danish pre-annotator (scheme ``dab``), one module per kind of unit.

- ``base``: ``Unit``, tokens, shared word predicates (``Words``) and ``resolve``;
- ``numbers``: codes and numbers by shape (CPR, phone, e-mail, accounts, case numbers …);
- ``addresses``: street addresses and postcodes with their town;
- ``dates``: dates, times, years, durations, ages, amounts and measures;
- ``names``: capitalised chains (persons, places, organisations, named things) and lower-case
  first names after a cue word;
- ``orgs``: well-known organisations and lower-case institution nouns;
- ``demographics``: lower-case demographic and confidential cues (jobs, nationalities …);
- ``misc``: quoted titles, work titles, party letters, elections, courts, counts;
- ``mentions``: trimming, joining and propagating over the resolved units.

``pseudonymizer.dab.preannotate.DanishAnnotator`` runs them in order.
"""
