"""A deterministic, realistic synthetic vault for benchmarks (`consilience bench --notes N`).

What a large personal vault looks like, at any size, from one seed:
- topical notes in nested folders, lengths from a line to many screens (log-normal);
- wikilinks whose targets follow a power law (a few hubs, a long tail), some with aliases or
  headings, some to notes that do not exist yet; tags (nested), frontmatter with dates,
  aliases and tags; callouts, lists, tasks, code blocks, tables;
- daily notes (`Daily/YYYY-MM-DD.md`) that mention the day's topics;
- near-duplicates (a copied note with a few words changed);
- planted contradictions (the same statement with another number, or negated);
- identifiers (`ERR-4512`, `sensor_17`) for exact-match queries.

Same `notes` and `seed` give the same bytes. `GeneratedVault.queries` lists benchmark queries
drawn from what was written (titles, phrases, identifiers, tags, dates).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

TOPICS: dict[str, tuple[str, ...]] = {
    "sensors": tuple(
        "sensor probe gauge calibration drift battery firmware antenna reading sample "
        "threshold humidity temperature pressure enclosure logger".split()
    ),
    "networks": tuple(
        "gateway packet latency router bandwidth protocol mesh uplink retry handshake "
        "firewall subnet relay frequency channel".split()
    ),
    "ecology": tuple(
        "wetland marsh heron reed sediment nitrate algae bloom habitat species survey "
        "transect estuary salinity meadow".split()
    ),
    "software": tuple(
        "deployment pipeline container cache index query schema migration release "
        "regression benchmark profiler thread memory compiler".split()
    ),
    "research": tuple(
        "hypothesis experiment dataset baseline replication variance sample cohort "
        "analysis method result review grant protocol outcome".split()
    ),
    "cooking": tuple(
        "dough yeast oven flour butter sourdough starter fermentation crust glaze "
        "broth simmer spice marinade skillet".split()
    ),
    "finance": tuple(
        "budget invoice ledger expense forecast revenue margin quarter payroll audit "
        "tax receipt subscription vendor refund".split()
    ),
    "health": tuple(
        "sleep exercise heart rate stretching posture hydration vitamin protein recovery "
        "injury appointment dosage routine fatigue".split()
    ),
    "reading": tuple(
        "novel chapter author essay argument quote margin annotation library edition "
        "translation narrator theme critique summary".split()
    ),
    "travel": tuple(
        "itinerary train ferry hostel border passport luggage map trail summit harbour "
        "timetable booking visa detour".split()
    ),
}
VERBS = tuple(
    "affects reduces improves measures replaces needs supports limits triggers delays "
    "tracks stores updates checks extends".split()
)
ADJECTIVES = tuple(
    "stable noisy reliable slow fast expensive cheap critical optional fragile robust "
    "accurate stale fresh consistent".split()
)
OPENERS = (
    "In practice",
    "Last week",
    "According to the notes",
    "As a rule",
    "For now",
    "After the review",
    "In the field",
    "Surprisingly",
)
QUESTIONS = ("how does", "why does", "what happens when", "when should")
FOLDERS = ("Projects", "Areas", "Resources", "Archive", "Meetings", "Ideas")
UNITS = ("minutes", "hours", "days", "metres", "percent", "volts")


@dataclass(frozen=True)
class BenchQuery:
    """One benchmark query: text plus optional filters (ISO dates)."""

    text: str
    kind: str  # keywords | phrase | identifier | question | tag | date
    folder: str | None = None
    tag: str | None = None
    since: str | None = None
    until: str | None = None


@dataclass
class GeneratedVault:
    root: Path
    notes: int
    titles: list[str] = field(default_factory=list)
    queries: list[BenchQuery] = field(default_factory=list)
    contradictions: int = 0
    near_duplicates: int = 0


@dataclass
class _Note:
    path: str
    title: str
    topic: str
    created: date
    body: list[str]
    tags: list[str]
    aliases: list[str]
    identifier: str


def generate_vault(root: Path, notes: int, *, seed: int = 7) -> GeneratedVault:
    """Write `notes` markdown files under `root` (created; must be empty or missing)."""
    if notes < 1:
        raise ValueError("notes must be at least 1")
    root.mkdir(parents=True, exist_ok=True)
    if any(root.iterdir()):
        raise ValueError(f"{root} is not empty; the generator only writes into a new folder")
    rng = random.Random(seed)
    out = GeneratedVault(root=root, notes=notes)
    start = date(2021, 1, 1)
    daily_every = 10  # one note in ten is a daily note
    planned: list[_Note] = []
    seen_titles: set[str] = set()
    topics = list(TOPICS)
    for i in range(notes):
        created = start + timedelta(days=rng.randrange(0, 1800))
        if i % daily_every == daily_every - 1:
            day = start + timedelta(days=i // daily_every)
            title = day.isoformat()
            planned.append(
                _Note(f"Daily/{title}.md", title, rng.choice(topics), day, [], ["daily"], [], "")
            )
            continue
        topic = topics[int(rng.paretovariate(1.2)) % len(topics)]
        words = TOPICS[topic]
        first, second = rng.sample(words, 2)
        title = f"{first.title()} {second} {_ordinal_word(rng)}"
        while title in seen_titles:
            title = f"{title} {rng.randrange(2, 999)}"
        seen_titles.add(title)
        folder = f"{rng.choice(FOLDERS)}/{topic.title()}"
        if rng.random() < 0.3:
            folder += f"/{rng.choice(words).title()}"
        ident = rng.choice(("ERR", "REQ", "CASE", "PR")) + f"-{rng.randrange(1000, 9999)}"
        tags = [topic] + ([f"{topic}/{rng.choice(words)}"] if rng.random() < 0.5 else [])
        aliases = [f"{rng.choice(words)} {rng.choice(words)} note"] if rng.random() < 0.1 else []
        planned.append(
            _Note(f"{folder}/{title}.md", title, topic, created, [], tags, aliases, ident)
        )

    # Link targets follow a power law: note k is chosen with weight 1 / (k + 1)^1.1.
    weights = [1.0 / (k + 1) ** 1.1 for k in range(len(planned))]
    order = list(range(len(planned)))
    rng.shuffle(order)
    cumulative: list[float] = []
    total = 0.0
    for w in weights:
        total += w
        cumulative.append(total)

    def pick_target() -> _Note:
        x = rng.random() * total
        lo, hi = 0, len(cumulative) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cumulative[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        return planned[order[lo]]

    for note in planned:
        note.body.extend(_body(note, rng, pick_target))

    # Near-duplicates and planted contradictions rewrite a few notes' bodies.
    topical = [n for n in planned if not n.path.startswith("Daily/")]
    for _ in range(max(0, len(topical) // 50)):  # 2%: a copy with a few words changed
        src, dst = rng.sample(topical, 2) if len(topical) > 1 else (topical[0], topical[0])
        if src is dst:
            continue
        dst.body = [_tweak(p, rng) for p in src.body]
        out.near_duplicates += 1
    for _ in range(max(1, len(topical) // 100)):  # 1%: contradicting statements
        if len(topical) < 2:
            break
        a, b = rng.sample(topical, 2)
        thing = rng.choice(TOPICS[a.topic])
        n1 = rng.randrange(2, 60)
        n2 = n1 + rng.randrange(5, 40)
        unit = rng.choice(UNITS)
        if rng.random() < 0.5:
            a.body.append(f"The {thing} interval for the {a.title} setup is {n1} {unit}.")
            b.body.append(f"The {thing} interval for the {a.title} setup is {n2} {unit}.")
        else:
            a.body.append(f"The {a.title} {thing} is reliable in winter conditions.")
            b.body.append(f"The {a.title} {thing} is not reliable in winter conditions.")
        out.contradictions += 1

    for note in planned:  # an identifier counts only where it was written
        if note.identifier and not any(note.identifier in p for p in note.body):
            note.identifier = ""
    for note in planned:
        path = root / note.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_render(note), encoding="utf-8")
        out.titles.append(note.title)
    out.queries = _queries(planned, rng)
    return out


def _ordinal_word(rng: random.Random) -> str:
    return rng.choice(
        ("notes", "plan", "log", "overview", "ideas", "draft", "summary", "checklist")
    )


def _sentence(topic: str, rng: random.Random) -> str:
    w = TOPICS[topic]
    s = f"The {rng.choice(w)} {rng.choice(VERBS)} the {rng.choice(w)} when the {rng.choice(w)} "
    s += f"is {rng.choice(ADJECTIVES)}"
    if rng.random() < 0.3:
        s = f"{rng.choice(OPENERS)}, {s[0].lower()}{s[1:]}"
    if rng.random() < 0.2:
        s += f", roughly {rng.randrange(2, 500)} {rng.choice(UNITS)} in most cases"
    return s + "."


def _body(note: _Note, rng: random.Random, pick: Callable[[], _Note]) -> list[str]:
    if note.path.startswith("Daily/"):
        items = []
        for _ in range(rng.randrange(2, 7)):
            target = pick()
            items.append(f"- Worked on [[{target.title}]]: {_sentence(target.topic, rng)}")
        if rng.random() < 0.5:
            items.append(f"- [ ] Follow up on {rng.choice(TOPICS[note.topic])} #todo")
        return ["## Log", "\n".join(items)]
    paragraphs = max(1, min(60, int(rng.lognormvariate(0.7, 0.9))))
    body: list[str] = []
    for p in range(paragraphs):
        if p % 4 == 0 and p:
            section = rng.choice(("details", "status", "open questions", "results"))
            body.append(f"## {rng.choice(TOPICS[note.topic]).title()} {section}")
        sentences = [_sentence(note.topic, rng) for _ in range(rng.randrange(1, 6))]
        if rng.random() < 0.5:
            target = pick()
            link = f"[[{target.title}]]"
            if rng.random() < 0.2:
                link = f"[[{target.title}|{rng.choice(TOPICS[target.topic])}]]"
            sentences.insert(rng.randrange(len(sentences) + 1), f"See {link} for context.")
        if rng.random() < 0.05:
            sentences.append(
                f"Details are in [[{rng.choice(TOPICS[note.topic]).title()} missing]]."
            )
        body.append(" ".join(sentences))
        kind = rng.random()
        if kind < 0.08:
            name, factor = rng.choice(TOPICS["software"]), rng.randrange(2, 9)
            body.append(f"```python\ndef {name}(x):\n    return x * {factor}\n```")
        elif kind < 0.14:
            body.append(f"> [!note] {rng.choice(OPENERS)}\n> {_sentence(note.topic, rng)}")
        elif kind < 0.2:
            rows = "\n".join(
                f"| {rng.choice(TOPICS[note.topic])} | {rng.randrange(1, 100)} |" for _ in range(3)
            )
            body.append(f"| item | value |\n|---|---|\n{rows}")
        elif kind < 0.3:
            body.append("\n".join(f"- {_sentence(note.topic, rng)}" for _ in range(3)))
    if note.identifier and rng.random() < 0.6:
        body.append(f"Tracked as {note.identifier}; owner sensor_{rng.randrange(1, 99)}.")
    return body


def _tweak(paragraph: str, rng: random.Random) -> str:
    words = paragraph.split(" ")
    for _ in range(min(3, len(words))):
        i = rng.randrange(len(words))
        if words[i].isalpha():
            words[i] = rng.choice(ADJECTIVES)
    return " ".join(words)


def _render(note: _Note) -> str:
    front = [
        "---",
        f"created: {note.created.isoformat()}",
        f"tags: [{', '.join(note.tags)}]",
    ]
    if note.aliases:
        front.append(f"aliases: [{', '.join(note.aliases)}]")
    front.append("---")
    head = "" if note.path.startswith("Daily/") else f"# {note.title}\n\n"
    tag_line = " ".join(f"#{t}" for t in note.tags[1:])
    body = "\n\n".join(note.body)
    return "\n".join(front) + "\n" + head + body + ("\n\n" + tag_line if tag_line else "") + "\n"


def _queries(notes: list[_Note], rng: random.Random) -> list[BenchQuery]:
    topical = [n for n in notes if not n.path.startswith("Daily/")] or notes
    identified = [n for n in topical if n.identifier] or [
        _Note("", "", "", date(2021, 1, 1), [], [], [], "ERR-1000")
    ]
    out: list[BenchQuery] = []
    kinds = ("keywords", "phrase", "identifier", "question", "tag", "date")
    for i in range(max(240, math.ceil(len(notes) / 40))):
        note = rng.choice(topical)
        words = TOPICS[note.topic]
        kind = kinds[i % len(kinds)]
        if kind == "keywords":
            out.append(BenchQuery(f"{rng.choice(words)} {rng.choice(words)}", kind))
        elif kind == "phrase":
            out.append(BenchQuery(f'"{note.title}"', kind))
        elif kind == "identifier":
            out.append(BenchQuery(rng.choice(identified).identifier, kind))
        elif kind == "question":
            verb = rng.choice(VERBS)[:-1]
            q = f"{rng.choice(QUESTIONS)} the {rng.choice(words)} {verb} the {rng.choice(words)}"
            out.append(BenchQuery(q, kind))
        elif kind == "tag":
            out.append(BenchQuery(rng.choice(words), kind, tag=note.topic))
        else:
            since = note.created - timedelta(days=90)
            out.append(
                BenchQuery(
                    f"{rng.choice(words)} {rng.choice(ADJECTIVES)}",
                    kind,
                    since=since.isoformat(),
                    until=note.created.isoformat(),
                )
            )
    return out
