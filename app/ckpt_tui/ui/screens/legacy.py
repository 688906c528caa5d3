"""``L``: the legacy ``checkpoint.json`` files of every known project.

Each is importable, already imported, not ours (another tool's file) or
damaged (with the reason). ``i`` previews an import and asks before doing
it; ``u`` takes back the newest import of the selected file's project;
``A`` adopts the imported state into a live session.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable

from ckpt_tui.core import legacy
from ckpt_tui.core.actions import Service
from ckpt_tui.errors import CkptError
from ckpt_tui.plural import counted
from ckpt_tui.ui.explain import Explains, key_of
from ckpt_tui.ui.messages import AdoptRequested
from ckpt_tui.ui.render import home_relative, safe
from ckpt_tui.ui.screens.confirm import ConfirmScreen
from ckpt_tui.ui.styles import Themed, component_css
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.themed_text import ThemedStatic

#: Style names, resolved from the theme by this screen (``ui/styles.py``).
STATUS_STYLE = {
    legacy.IMPORTABLE: "ckpt--chip-done",
    legacy.ALREADY: "ckpt--chip-muted",
    legacy.FOREIGN: "ckpt--chip-legacy",
    legacy.DAMAGED: "ckpt--chip-alarm",
}
STATUS_LABEL = legacy.STATUS_LABEL  # one label per status, as the command line says it


class LegacyScreen(Explains, Themed, Screen[None]):
    COMPONENT_CLASSES: ClassVar[set[str]] = set(STATUS_STYLE.values())
    DEFAULT_CSS = component_css(COMPONENT_CLASSES) + """
    LegacyScreen DataTable { height: 1fr; border: round $accent; }
    LegacyScreen #legacy-detail { height: auto; max-height: 8; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "import_file", "Import", id="legacy.import"),
        Binding("u", "undo_import", "Undo import", id="legacy.undo_import"),
        Binding("A", "adopt", "Adopt", id="legacy.adopt"),
        Binding("escape,q", "close", "Close", id="legacy.close"),
        Binding("j", "move(1)", "Down", show=False, id="legacy.down"),
        Binding("k", "move(-1)", "Up", show=False, id="legacy.up"),
    ]

    def __init__(self, service: Service) -> None:
        super().__init__()
        self.service = service
        self.files: list[legacy.LegacyFile] = []
        self._report: legacy.ScanReport | None = None

    def compose(self) -> ComposeResult:
        table = DataTable(cursor_type="row", zebra_stripes=True, id="legacy-table")
        table.border_title = "Legacy state files (.opencode/state/checkpoint.json)"
        yield table
        yield ThemedStatic("Scanning project directories…", id="legacy-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("status", "project directory", "entries", "project", "why")
        table.focus()
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.rescan()

    def _theme_changed(self, _theme) -> None:
        """The status chips are styled when the rows are added: again now."""
        if self._report is not None:
            self._show(self._report)

    @work(thread=True, exclusive=True, group="legacy-scan")
    def rescan(self) -> None:
        try:
            report = legacy.scan(self.service, opencode_data=self._opencode_data)
        except CkptError as exc:
            self.app.call_from_thread(self._detail, Text(str(exc), style="ckpt--error"))
            return
        self.app.call_from_thread(self._show, report)

    def _show(self, report: legacy.ScanReport) -> None:
        self._report = report
        table = self.query_one(DataTable)
        keep = table.cursor_row
        table.clear()
        self.files = list(report.files)
        for f in self.files:
            table.add_row(
                Text(
                    f" {STATUS_LABEL.get(f.status, f.status)} ",
                    style=self.theme_style(STATUS_STYLE.get(f.status, "")),
                ),
                safe(home_relative(f.directory), 300),
                str(f.entries),
                safe(f.project_id or "—", 100),
                safe(f.reason or "", 300, style="dim"),
            )
        if self.files:
            table.move_cursor(row=min(keep, len(self.files) - 1))
        else:
            self._detail(
                Text(
                    f"No legacy state file in the {report.directories} project directories "
                    "the store and opencode know.",
                    style="dim",
                )
            )

    def _detail(self, text: Text) -> None:
        self.query_one("#legacy-detail", ThemedStatic).update(text)

    @property
    def _opencode_data(self) -> str | None:
        """The app's ``--opencode-data``, where opencode's project ids are."""
        return getattr(self.app, "opencode_data", None)

    @property
    def selected(self) -> legacy.LegacyFile | None:
        row = self.query_one(DataTable).cursor_row
        return self.files[row] if 0 <= row < len(self.files) else None

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """``i``, ``u`` and ``A`` write: dimmed read-only, or where the
        selected file's state gives them nothing to do (``ui/explain.py``)."""
        if action not in ("import_file", "undo_import", "adopt"):
            return None
        if reason := self.service.store.read_only_reason:
            return f"Read-only: {reason}"
        f = self.selected
        if f is None:
            return "no legacy file selected"
        if action == "import_file" and f.status != legacy.IMPORTABLE:
            return f"{STATUS_LABEL.get(f.status, f.status)}: nothing to import"
        if action == "undo_import" and (f.status != legacy.ALREADY or f.project_id is None):
            return "this file was not imported: no import to take back"
        if action == "adopt" and (f.status != legacy.ALREADY or f.project_id is None):
            return "import the file first; then A adopts it into a live session"
        return None

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()  # i, u and A depend on the file's state
        f = self.selected
        if f is None:
            return
        lines = Text.assemble(("file  ", "dim"), safe(home_relative(f.path), 400), "\n")
        if f.status == legacy.IMPORTABLE:
            lines.append("i imports it (a preview first). Nothing is moved or deleted.")
        elif f.status == legacy.ALREADY:
            lines.append(
                f"Imported as {f.session_id}: {key_of(self, 'legacy.adopt')} adopts it into a live "
                f"session, {key_of(self, 'legacy.undo_import')} takes the import back."
            )
        elif f.reason:
            lines.append_text(safe(f.reason, 600, style="ckpt--warning"))
        self._detail(lines)

    # -- import ------------------------------------------------------------------
    def action_import_file(self) -> None:
        f = self.selected
        if f is None:
            return
        if f.status != legacy.IMPORTABLE:
            self.notify(
                f"{STATUS_LABEL.get(f.status, f.status)}: nothing to import", severity="warning"
            )
            return
        self._preview_import(f)

    @work(thread=True, exclusive=True, group="legacy-plan")
    def _preview_import(self, f: legacy.LegacyFile) -> None:
        try:
            plan = legacy.plan_import(
                self.service, f.directory, _chosen(f), opencode_data=self._opencode_data
            )
        except CkptError as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.app.call_from_thread(self._confirm_import, plan)

    def _confirm_import(self, plan: legacy.ImportOutcome) -> None:
        text = Text.assemble(("Import ", "bold"), safe(home_relative(plan.file.path), 400), "\n\n")
        text.append_text(safe(plan.message, 2000))
        text.append("\n\nIt will create:\n", style="bold")
        if plan.created_project:
            text.append(f"  • project {plan.project_id} for this directory\n")
        if plan.created_session:
            text.append(f"  • session {plan.session_id} (title 'Legacy state')\n")
        text.append(f"  • {counted(len(plan.snapshots), 'legacy snapshot')}\n")
        if plan.checkpoint_changed:
            text.append("  • its checkpoint from the file\n")
        text.append("  • a ledger row, so the same file is never imported twice\n")
        text.append(
            "The file is copied to migration-backups/ first. "
            f"{key_of(self, 'legacy.undo_import')} in this view takes it back.",
            style="dim",
        )

        def done(ok: bool | None) -> None:
            if ok:
                self._run_import(plan.file)

        self.app.push_screen(ConfirmScreen("Import legacy state", text, "Import"), done)

    @work(thread=True, exclusive=True, group="legacy-write")
    def _run_import(self, f: legacy.LegacyFile) -> None:
        try:
            outcome = legacy.import_legacy(
                self.service,
                f.directory,
                _chosen(f),
                expected_sha256=f.sha256,
                opencode_data=self._opencode_data,
            )
            message, severity = outcome.message, "information"
            if outcome.status == "imported":
                message += f" ({self._undo_key()} in this view takes it back)"
        except CkptError as exc:
            message, severity = str(exc), "error"
        self.app.call_from_thread(self.notify, message, severity=severity, timeout=8)
        self.app.call_from_thread(self.rescan)

    def _undo_key(self) -> str:
        keymap = getattr(self.app, "config", None)
        keys = keymap.keymap.get("legacy.undo_import", "u") if keymap else "u"
        return keys.split(",")[0].strip()

    # -- undo an import -------------------------------------------------------------
    def action_undo_import(self) -> None:
        f = self.selected
        if f is None or f.project_id is None:
            return
        self._undo(f.project_id)

    @work(thread=True, exclusive=True, group="legacy-write")
    def _undo(self, project_id: str) -> None:
        try:
            records = [r for r in legacy.list_imports(self.service, project_id) if r.undoable]
            if not records:
                message, severity = f"no import of project {project_id} to take back", "warning"
            else:
                outcome = legacy.undo_import(self.service, records[0].id)
                message, severity = outcome.message, "information"
        except CkptError as exc:
            message, severity = str(exc), "error"
        self.app.call_from_thread(self.notify, message, severity=severity, timeout=8)
        self.app.call_from_thread(self.rescan)

    def action_adopt(self) -> None:
        f = self.selected
        if f is None or f.status != legacy.ALREADY or f.project_id is None:
            self.notify(
                "Import the file first; then A adopts it into a live session", severity="warning"
            )
            return
        self.post_message(AdoptRequested(f.project_id, None))

    def action_move(self, step: int) -> None:
        table = self.query_one(DataTable)
        table.move_cursor(row=table.cursor_row + step)

    def action_close(self) -> None:
        self.dismiss()


def _chosen(f: legacy.LegacyFile) -> str | None:
    """The project the import is told to use: the store's, as the list shows
    it; an id from opencode or derived is looked up again by the import, so
    its message says where it came from (and an unreadable opencode refuses)."""
    return f.project_id if f.project_source in ("store", "given") else None
