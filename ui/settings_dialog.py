"""The settings dialog: vault, model, Chroma server, sources searched, excluded folders."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.settings import ALL_SOURCES, Settings
from ui.theme import MUTED, source_style

_DESCRIPTIONS = {f.name: str(f.metadata.get("description", "")) for f in fields(Settings)}


def _path_row(edit: QLineEdit, button: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    layout.addWidget(button)
    return row


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Consilience settings")
        self.setMinimumWidth(560)
        self._settings = settings
        form = QFormLayout()

        self.vault = QLineEdit(settings.vault or "")
        self.vault.setPlaceholderText("the demo vault")
        self.vault.setToolTip(_DESCRIPTIONS["vault"])
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse_vault)
        demo = QPushButton("Demo vault")
        demo.setToolTip("Use the demo vault that comes with Consilience")
        demo.clicked.connect(self.vault.clear)
        vault_row = _path_row(self.vault, browse)
        vault_row.layout().addWidget(demo)  # type: ignore[union-attr]
        form.addRow("Vault", vault_row)

        self.model = QLineEdit(settings.model or "")
        self.model.setPlaceholderText("packaged all-MiniLM-L6-v2")
        self.model.setToolTip(_DESCRIPTIONS["model"])
        model_browse = QPushButton("Browse…")
        model_browse.clicked.connect(self._browse_model)
        form.addRow("Embedding model", _path_row(self.model, model_browse))

        self.chroma_url = QLineEdit(settings.chroma_url or "")
        self.chroma_url.setPlaceholderText("embedded (no server)  —  e.g. http://127.0.0.1:8000")
        self.chroma_url.setToolTip(_DESCRIPTIONS["chroma_url"])
        form.addRow("Chroma server URL", self.chroma_url)

        sources = QWidget()
        row = QHBoxLayout(sources)
        row.setContentsMargins(0, 0, 0, 0)
        self.sources: dict[str, QCheckBox] = {}
        for name in ALL_SOURCES:
            style = source_style(name)
            box = QCheckBox(style.label)
            box.setToolTip(style.tooltip)
            box.setChecked(name in settings.sources)
            self.sources[name] = box
            row.addWidget(box)
        row.addStretch(1)
        form.addRow("Search by", sources)

        self.excluded = QPlainTextEdit("\n".join(settings.excluded))
        self.excluded.setPlaceholderText("one folder per line, e.g. Archive/Private")
        self.excluded.setToolTip(_DESCRIPTIONS["excluded"])
        self.excluded.setFixedHeight(90)
        form.addRow("Excluded folders", self.excluded)

        kinds = QWidget()
        row = QHBoxLayout(kinds)
        row.setContentsMargins(0, 0, 0, 0)
        self.index_pdfs = self._box("PDFs", "index_pdfs", settings.index_pdfs, row)
        self.index_canvases = self._box(
            "Canvas boards", "index_canvases", settings.index_canvases, row
        )
        self.pdf_contradictions = self._box(
            "Check PDFs for contradictions", "pdf_contradictions", settings.pdf_contradictions, row
        )
        row.addStretch(1)
        form.addRow("Also read", kinds)

        self.follow_obsidian = QCheckBox("Show the connections of the note open in Obsidian")
        self.follow_obsidian.setToolTip(_DESCRIPTIONS["follow_obsidian"])
        self.follow_obsidian.setChecked(settings.follow_obsidian)
        form.addRow("Follow Obsidian", self.follow_obsidian)

        note = QLabel(
            "Changing the vault, model, Chroma server, excluded folders or what is read "
            "reopens the vault. "
            "Nothing is ever written into the vault."
        )
        note.setWordWrap(True)
        note.setStyleSheet(f"color:{MUTED};")

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.error = QLabel()
        self.error.setStyleSheet("color:#b3261e;")
        self.error.setWordWrap(True)
        self.error.setVisible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def _browse_vault(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Vault folder", self.vault.text())
        if folder:
            self.vault.setText(folder)

    def _browse_model(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Model folder", self.model.text())
        if folder:
            self.model.setText(folder)

    def validation_error(self) -> str | None:
        vault = self.vault.text().strip()
        if vault and not Path(vault).expanduser().is_dir():
            return f"There is no folder at {vault}."
        url = self.chroma_url.text().strip()
        if url and not url.startswith(("http://", "https://")):
            return "The Chroma server URL must start with http:// or https://."
        if not any(box.isChecked() for box in self.sources.values()):
            return "Choose at least one way to search."
        return None

    def _accept(self) -> None:
        problem = self.validation_error()
        if problem:
            self.error.setText(problem)
            self.error.setVisible(True)
            return
        self.accept()

    @staticmethod
    def _box(label: str, name: str, checked: bool, row: QHBoxLayout) -> QCheckBox:
        box = QCheckBox(label)
        box.setToolTip(_DESCRIPTIONS[name])
        box.setChecked(checked)
        row.addWidget(box)
        return box

    def result_settings(self) -> Settings:
        """The settings as edited (call after the dialog was accepted)."""
        vault = self.vault.text().strip()
        excluded = tuple(
            line.strip().strip("/")
            for line in self.excluded.toPlainText().splitlines()
            if line.strip().strip("/")
        )
        base = self._settings.with_vault(Path(vault).expanduser() if vault else None)
        return replace(
            base,
            model=self.model.text().strip() or None,
            chroma_url=self.chroma_url.text().strip() or None,
            sources=tuple(n for n, box in self.sources.items() if box.isChecked()),
            excluded=excluded,
            follow_obsidian=self.follow_obsidian.isChecked(),
            index_pdfs=self.index_pdfs.isChecked(),
            index_canvases=self.index_canvases.isChecked(),
            pdf_contradictions=self.pdf_contradictions.isChecked(),
        )
