"""Write the concept-note probe pairs as a vault of short notes, with its truth file.

    python bench/concept_probes.py OUT [--filler FOLDER] [--pairs FILE]

`bench/concept-probes/pairs.jsonl` holds contradictions and look-alikes written in the
shape of one-concept notes (a definition, a value, a date, a maker, a place), in domains the
development vaults do not cover, each labelled "contradiction" or "agreement" (a
look-alike). This script writes every note they name under OUT/vault/<set>/ (a note holds
each of its pairs' claims as one paragraph, under its title as a heading) and
OUT/truth.jsonl with the paths as written, for `consilience eval contradictions --vault
OUT/vault OUT/truth.jsonl`. With --filler, the
notes of FOLDER (for example the SciFact abstracts written by `bench/corpus_as_vault.py`) are
copied in under OUT/vault/filler/: the same pairs among thousands of unrelated notes.

The pairs were written while the rules they exercise were written, so they are a
development set: a way to see what a rule reads, not a measure of how it generalises.

`heldout-1.jsonl` to `heldout-8.jsonl` (with `--pairs`) are pairs of the same shape written
by someone who saw neither the rules nor these pairs, each set in domains the earlier ones do
not use: 82 contradictions and 58 look-alikes in the first, 76 and 50 in each of the others.
The first set's misses were read to choose what to build next, so it is half a development
set; of the second, only the values were read; the third to sixth were measured blind, then
read; the seventh and eighth are kept unread, the blind measure. Score a scan of any with
`consilience eval contradictions --vault OUT/vault OUT/truth.jsonl`.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

PAIRS = Path(__file__).with_name("concept-probes") / "pairs.jsonl"


def write(out: Path, filler: Path | None = None, pairs: Path = PAIRS) -> int:
    """Write the probe vault and its truth file under `out`; the number of notes written."""
    vault = out / "vault"
    if vault.exists():
        shutil.rmtree(vault)
    notes: dict[str, list[str]] = {}
    truth = []
    for line in pairs.read_text(encoding="utf-8").splitlines():
        pair = json.loads(line)
        a_path = f"{pair['set']}/{pair['a_path']}"
        b_path = f"{pair['set']}/{pair['b_path']}"
        notes.setdefault(a_path, []).append(pair["a_claim"])
        notes.setdefault(b_path, []).append(pair["b_claim"])
        truth.append(
            {
                "label": pair["label"],
                "a": {"path": a_path, "claim": pair["a_claim"]},
                "b": {"path": b_path, "claim": pair["b_claim"]},
            }
        )
    for path, claims in notes.items():
        note = vault / path
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(f"# {note.stem}\n\n" + "\n\n".join(claims) + "\n", encoding="utf-8")
    (out / "truth.jsonl").write_text(
        "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in truth), encoding="utf-8"
    )
    if filler is not None:
        shutil.copytree(filler, vault / "filler")
    return len(notes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--filler", type=Path, help="a folder of notes to copy in beside them")
    parser.add_argument("--pairs", type=Path, default=PAIRS, help="pairs to write instead")
    args = parser.parse_args()
    print(write(args.out, args.filler, args.pairs), "probe notes written to", args.out / "vault")


if __name__ == "__main__":
    main()
