"""Write the demo vault's PDFs (a paper and a gateway manual) with fpdf2.

    python bench/demo_documents.py            # (re)writes them under resources/demo-vault

The PDFs are committed; this script says where their text comes from and rebuilds them.
Their facts agree with the notes that cite them and add details found nowhere else in the
vault, so a question about those details is answered only by a PDF page.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VAULT = ROOT / "resources" / "demo-vault"

PAPER = (
    "Research/Papers/Tanaka 2024 - Temperature drift (paper).pdf",
    "Separating temperature artefacts from real moisture dynamics",
    [
        (
            "Abstract",
            "Capacitance probes report a daily cycle in apparent volumetric water content "
            "that is mostly a temperature artefact. We buried probes in sealed soil columns "
            "held at a fixed water content and cycled the air temperature between 8 and 31 "
            "degrees Celsius for 40 days. Six soils were tested, from a coarse sand to a "
            "heavy clay. The apparent water content rose with temperature in every soil.",
        ),
        (
            "Columns and sensors",
            "Each column was 60 cm of repacked soil in a PVC pipe sealed with wax at both "
            "ends. Probes sat at 10, 30 and 50 cm. A thermistor taped to every probe logged "
            "the soil temperature once a minute. The columns were weighed every morning; a "
            "column that lost more than 2 grams of water was resealed and its run discarded. "
            "Eleven of the 54 runs were discarded this way, nine of them in the sandy soils.",
        ),
        (
            "Results",
            "The slope of apparent water content against temperature grew with clay content: "
            "0.4 counts per degree in the sand, 3.1 in the clay. Below 50 cm the daily "
            "temperature swing was under one degree and the artefact was negligible. A "
            "linear temperature term with a clay-dependent slope removed 70 to 90 percent of "
            "the spurious daily cycle. The residual cycle was largest just after rain, when "
            "the wetting front and the warm afternoon arrived together.",
        ),
    ],
)
MANUAL = (
    "Hardware/Datasheets/Gateway Installation Guide.pdf",
    "Outdoor eight-channel LoRaWAN gateway: installation guide",
    [
        (
            "Mounting and grounding",
            "Mount the gateway on a pole no thinner than 40 mm, with the cable glands facing "
            "down. Bond the housing to an earth rod whose resistance to ground is below 10 "
            "ohms, and fit the lightning arrestor where the antenna cable enters the "
            "building. Keep the antenna at least 2 m away from any metal roof edge.",
        ),
        (
            "Recovery mode",
            "If a firmware update fails and the status light blinks amber, hold the reset "
            "button for 12 seconds until the light turns solid blue: the gateway restarts "
            "from its recovery image and can be updated again over the Ethernet port. A "
            "short press of under 2 seconds only restarts the packet forwarder.",
        ),
    ],
)


def write_pdf(rel_path: str, title: str, pages: list[tuple[str, str]]) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_title(title)
    pdf.set_creation_date(datetime(2026, 7, 1, tzinfo=UTC))  # reproducible bytes
    for heading, text in pages:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 14)
        pdf.multi_cell(0, 8, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        pdf.set_font("Helvetica", size=11)
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    out = VAULT / rel_path
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(bytes(pdf.output()))
    return out


def main() -> None:
    for rel_path, title, pages in (PAPER, MANUAL):
        print(f"wrote {write_pdf(rel_path, title, pages)}")


if __name__ == "__main__":
    main()
