"""Contradiction detection: claims, candidates, the judge and the pair scorer (no Qt, no I/O
beyond reading the shipped weights). Import the modules themselves: the package imports
nothing, so reading stored pairs (`store`) never loads the scorer.

    types          what the product shows about a contradiction, scan counts, the thresholds
    text           word-level tools: tokens, stems, word lists, word classes, negators, scopes
    quantities     numbers with units, dates, a claim's values, a named thing's year of origin
    claim          asserting sentences of a chunk: extract_claims(text, heading_path=...); one
                   claim parsed once: ParsedClaim (for the verdict) and its Analysis (the cues)
    cues           cue detectors, word overlap and the pair model's features
    structure      the structural verdict and its explanations: assess(a, b, ...) -> Verdict
    candidates     candidate pairs: nearest claims of other notes, pairing, notes a claim names
    judge          PairJudge.load().contradiction(pairs) and its Calibration to a confidence
    scorer         PairScorer.load().score(a, b, a_vec=..., b_vec=...) -> PairScore
    scan           ContradictionScanner: candidates, scoring and storage per sync; ScanConfig
    scan_process   a big scan in a child process (python -m engine.contradict.scan_process)
    store          claims, pairs, reviews and claim vectors in the catalog
"""
