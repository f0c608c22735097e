"""Contradiction detection: claims, candidates, the judge and the pair scorer (no Qt, no I/O
beyond reading the shipped weights). Import the modules themselves: the package imports
nothing, so reading stored pairs (`store`) never loads the scorer.

    claims.extract_claims(text, heading_path=...)  -> asserting sentences of a chunk
    judge.PairJudge.load().contradiction(pairs)     -> P(contradiction) by the shipped NLI judge
    structure.assess(a, b, ...)                     -> values, dates and swaps compared by rule
    scorer.PairScorer.load().score(a, b, a_vec=..., b_vec=...) -> PairScore
    scan.ContradictionScanner                       -> candidates, scoring and storage per sync
    evaluate.evaluate_pairs(path, scorer=..., embedder=...) -> precision / recall / F1
"""
