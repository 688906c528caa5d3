"""Hand-off notes: a readable Markdown page made from a committed checkpoint.

A hand-off is a derived file (SPEC 5.3 invariant 6): it is written from the
committed rows (the session's checkpoint, or any of its snapshots) and is
never read back as state. It goes to
``<project directory>/.opencode/state/checkpoint-orchestrator/handoff-<id>.md``.

File name
    ``<id>`` is the session id with every character outside
    ``[A-Za-z0-9_-]`` replaced by ``_``, so no id can leave the folder
    (``../../x`` -> ``handoff-______x.md``, ``legacy::p`` ->
    ``handoff-legacy__p.md``). File names are limited to 255 bytes on common
    file systems and ids may be up to 1024 characters, so a sanitized id
    longer than :data:`MAX_ID_CHARS` (200) is cut to its first 183
    characters followed by ``-`` and the first 16 hex digits of the
    SHA-256 of the *original* id: names stay short, stable, and distinct
    for distinct long ids. (Two short ids that differ only in replaced
    characters, like ``a/b`` and ``a:b``, share a file: that is the rule the
    plugin uses too.)

Where it may be written
    Only the session's note of its *checkpoint* goes to that file: the next
    agent reads it as the session's current state, so a snapshot's note
    never replaces it (:class:`SnapshotNote`; it goes to stdout, or to a new
    file a person names: :func:`write_to`). Only under a project directory
    that is an absolute path (a relative one, ``'.'``, would resolve against
    wherever ckpt-tui runs). Never through a symbolic link: if the note or
    one of the folders under the project is a link, nothing is read or
    written and the link is left as it was (:class:`LinkRefused`), so no
    file outside the folder (a secret the link points at) is copied into
    the project or the undo journal.

Writing
    Atomically (:func:`write_atomic`): a temp file in the same folder,
    written, flushed and fsynced, then ``os.replace``d over the target, and
    the folder fsynced. A crash or kill at any point leaves the old file (or
    none) or the complete new one, never half of one; a kill before the
    rename can leave a ``.handoff-*.tmp`` file behind, which nothing reads.

Hostile text
    Store text is data. Control characters (ESC included, and the Unicode
    bidi overrides) are shown as ``\\xNN`` / ``\\uNNNN``; CR and CRLF become
    line breaks; a line that would turn into a Markdown heading or rule gets
    a backslash before its ``#``, ``-``, ``=``, ``*`` or ``_``, and a ``<``
    that could open raw HTML (or a comment hiding the rest) becomes ``\\<``.
    Nothing else is changed, so the note reads as written.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ckpt_tui import paths, timeutil
from ckpt_tui.core.model import FIELDS, LABEL, LIST_FIELDS, Checkpoint, Damaged, DamagedField
from ckpt_tui.core.reads import Reader
from ckpt_tui.core.text import visible
from ckpt_tui.errors import CkptError, DamagedPayload

MAX_ID_CHARS = 200
_KEEP_CHARS = 183  # + "-" + 16 hex = 200

_UNSAFE_ID = re.compile(r"[^A-Za-z0-9_-]")
# Multi-line: a whole block is neutralised in one pass (a 10 MB summary
# line by line took 0.6 s, in one pass 0.17 s); each pattern stops at a line's end.
_BLOCK_START = re.compile(r"^( {0,3})(#|[-=*_](?=[-=*_\s]*$))", re.MULTILINE)
_INLINE_HTML = re.compile(r"<(?=[A-Za-z/!?])")


class HandoffError(CkptError):
    """A hand-off that cannot be written where asked."""


class NotWritable(HandoffError):
    """The note cannot be written into the project (its directory is gone,
    or the file cannot be written); it can still be shown or printed. Each
    front end says how (the command line: ``--stdout``)."""


class SnapshotNote(HandoffError):
    """A snapshot's note is never written over the session's hand-off file
    (each front end says where it goes instead)."""


class LinkRefused(HandoffError):
    """The note's path, or a folder on it, is a symbolic link."""


class NoCheckpoint(CkptError):
    """The session has no checkpoint to hand off (a snapshot of it may be
    handed off instead: each front end says how)."""


# -- names ------------------------------------------------------------------------


def safe_file_id(session_id: str) -> str:
    """The session id as it appears in a file name (see the module docstring)."""
    safe = _UNSAFE_ID.sub("_", session_id)
    if len(safe) > MAX_ID_CHARS:
        digest = hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        safe = f"{safe[:_KEEP_CHARS]}-{digest}"
    return safe


def handoff_filename(session_id: str) -> str:
    return f"handoff-{safe_file_id(session_id)}.md"


def handoff_path(project_dir: str | os.PathLike[str], session_id: str) -> Path:
    return paths.project_state_dir(project_dir) / handoff_filename(session_id)


# -- text ------------------------------------------------------------------------------


def clean(text: str) -> str:
    """Control characters made visible; CR/CRLF become newlines."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return visible(text, keep_newlines=True)


def _line(line: str) -> str:
    line = _BLOCK_START.sub(lambda m: m.group(1) + "\\" + m.group(2), line)
    return _INLINE_HTML.sub("\\<", line)


def md_block(text: str) -> str:
    """Free text as Markdown paragraphs: every line neutralised, blank lines kept."""
    return _line(clean(text))


def md_inline(text: str) -> str:
    """One line (headings, list labels): newlines folded to spaces."""
    return _line(" ".join(clean(text).split("\n")).strip())


def md_item(text: str) -> str:
    """A list item: continuation lines indented under the bullet."""
    lines = clean(text).split("\n")
    first = _line(lines[0]) or "(empty)"
    rest = ["  " + _line(line) if line.strip() else "" for line in lines[1:]]
    return "\n".join([f"- {first}", *rest])


# -- building -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Handoff:
    session_id: str
    project_id: str
    source_kind: str  # checkpoint | snapshot
    source_name: str | None  # snapshot name
    source_kind_detail: str | None  # the snapshot's kind
    source_time: str  # checkpoint updated_at, or snapshot captured_at
    made_at: str
    session_title: str | None
    checkpoint: Checkpoint
    markdown: str

    def source_json(self) -> dict[str, Any]:
        return {
            "kind": self.source_kind,
            "snapshot": self.source_name,
            "snapshotKind": self.source_kind_detail,
            "time": self.source_time,
        }


def render(
    cp: Checkpoint,
    *,
    session_id: str,
    project_id: str,
    project_dir: str | None,
    source: str,
    made_at: str,
    session_title: str | None = None,
) -> str:
    """The Markdown text of a hand-off note."""
    title = cp.title if isinstance(cp.title, str) else ""
    objective = cp.objective if isinstance(cp.objective, str) else ""
    heading = title or objective.split("\n", 1)[0] or session_title or session_id
    out = [f"# Hand-off: {md_inline(heading)}", ""]
    out.append(f"- Session: {md_inline(session_id)}")
    if session_title:
        out.append(f"- Session title: {md_inline(session_title)}")
    where = f" ({md_inline(project_dir)})" if project_dir else ""
    out.append(f"- Project: {md_inline(project_id)}{where}")
    out.append(f"- Made from: {md_inline(source)}")
    out.append(f"- Written: {made_at}")
    if cp.synthesized is True:
        out.append("- Note: this checkpoint is a placeholder the plugin made at compaction")
    out.append("")
    for name in FIELDS:
        if name == "title":
            continue
        out.append(f"## {LABEL[name]}")
        out.append("")
        value = cp.get(name)
        if isinstance(value, DamagedField):
            # Said, not guessed at: the stored value has the wrong type.
            out.append(md_item(f"damaged ({value.reason}); stored as: {value.shown()[:2000]}"))
        elif name in LIST_FIELDS:
            out.extend(md_item(item) for item in value)
            if not value:
                out.append("_(none)_")
        elif name == "status":
            out.append(md_inline(value))
        else:
            out.append(md_block(value) if value.strip() else "_(none)_")
        out.append("")
    if cp.extra:
        out.append("## Other fields")
        out.append("")
        for key, value in cp.extra.items():
            out.append(md_item(f"{key}: {value!r}"))
        out.append("")
    out.append("---")
    out.append("")
    out.append(
        "_Derived from the checkpoint store by ckpt-tui; never read back as state. "
        "The store is the source of truth._"
    )
    return "\n".join(out) + "\n"


def project_directory(reader: Reader, project_id: str) -> Path:
    """The project's directory as it exists now (``directory``, else
    ``canonical``); an absolute path only."""
    row = reader.project(project_id)
    given = [raw for raw in (row.directory, row.canonical) if raw]
    absolute = [raw for raw in given if os.path.isabs(raw)]
    for raw in absolute:
        if os.path.isdir(raw):
            return Path(raw)
    if given and not absolute:
        raise NotWritable(
            f"project {project_id}'s directory {row.directory!r} is not an absolute path; "
            "no note is written"
        )
    raise NotWritable(f"project {project_id}'s directory {row.directory} no longer exists")


def refuse_links(project_dir: Path, target: Path) -> None:
    """:class:`LinkRefused` if ``target`` or a folder between the project
    directory and it is a symbolic link (the project directory itself may
    be one: that is where the person keeps it)."""
    relative = target.relative_to(project_dir)
    path = project_dir
    for part in relative.parts:
        path = path / part
        if path.is_symlink():
            raise LinkRefused(
                f"{path} is a symbolic link; ckpt-tui neither reads nor writes through it "
                "(nothing was changed)"
            )


def _read_existing(target: Path) -> bytes | None:
    """The file's bytes, ``None`` when there is none; never through a link."""
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        if target.is_symlink():
            raise LinkRefused(f"{target} is a symbolic link; nothing was changed") from None
        raise NotWritable(f"cannot read {target} ({exc.strerror or exc})") from None
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def build(reader: Reader, session_id: str, snapshot: str | None = None) -> Handoff:
    """A hand-off of the session's committed checkpoint, or of one snapshot."""
    if snapshot is None:
        current = reader.current(session_id)
        session = current.session
        if current.checkpoint is None:
            raise NoCheckpoint(f"session {session_id} has no checkpoint to hand off")
        cp = current.checkpoint
        when = timeutil.normalize(current.updated_at)
        kind, name, detail = "checkpoint", None, None
        source = f"the committed checkpoint, updated {when}"
    else:
        view = reader.snapshot(session_id, snapshot)
        if isinstance(view.content, Damaged):
            raise DamagedPayload(
                f"snapshot {view.row.name!r} is damaged ({view.content.reason}); "
                "no hand-off can be made from it"
            )
        session = reader.current(session_id).session
        cp = view.content
        when = view.row.captured_at
        kind, name, detail = "snapshot", view.row.name, view.row.kind
        source = f"snapshot {view.row.name} ({view.row.kind}), captured {when}"
    try:
        project = reader.project(session.project_id)
        project_dir: str | None = project.directory
    except CkptError:
        project_dir = None
    made_at = timeutil.now_iso()
    text = render(
        cp,
        session_id=session_id,
        project_id=session.project_id,
        project_dir=project_dir,
        source=source,
        made_at=made_at,
        session_title=session.title,
    )
    return Handoff(
        session_id,
        session.project_id,
        kind,
        name,
        detail,
        when,
        made_at,
        session.title,
        cp,
        text,
    )


# -- writing -------------------------------------------------------------------------------


def write_atomic(
    path: Path,
    data: bytes,
    *,
    mode: int = 0o644,
    times: tuple[int, int] | None = None,
    chunk: int = 1 << 20,
) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file.

    ``times`` (atime_ns, mtime_ns) is set on the new file before the rename.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:60]}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), mode)
            view = memoryview(data)
            for start in range(0, len(view), chunk):
                fh.write(view[start : start + chunk])
                fh.flush()
            fh.flush()
            os.fsync(fh.fileno())
        if times is not None:
            os.utime(tmp, ns=times)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Written:
    path: Path
    bytes: int
    handoff: Handoff
    previous: bytes | None = None  # what the file held before (None: there was none)
    warning: str | None = None  # written, but not journaled: undo cannot take it back

    def to_json(self) -> dict[str, Any]:
        h = self.handoff
        return {
            "session": h.session_id,
            "projectId": h.project_id,
            "path": str(self.path),
            "bytes": self.bytes,
            "source": h.source_json(),
            "madeAt": h.made_at,
            "warning": self.warning,
        }


def write_handoff(
    reader: Reader,
    session_id: str,
    snapshot: str | None = None,
    built: Handoff | None = None,
) -> Written:
    """Build the hand-off and write it into the project's state folder;
    ``built``: write this note, built by the caller from the same session
    (and snapshot) and still true to the store (the caller checked)."""
    if snapshot is not None or (built is not None and built.source_kind != "checkpoint"):
        raise SnapshotNote(
            "a snapshot's hand-off note is not written over the session's note, which the "
            "next agent reads as its current state"
        )
    handoff = built if built is not None else build(reader, session_id, snapshot)
    if handoff.session_id != session_id:
        raise HandoffError(f"the note given is of session {handoff.session_id}, not {session_id}")
    directory = project_directory(reader, handoff.project_id)
    target = handoff_path(directory, session_id)
    folder = target.parent
    assert target.parent == paths.project_state_dir(directory)  # the name has no separator
    data = handoff.markdown.encode("utf-8")
    refuse_links(directory, target)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        refuse_links(directory, target)  # a link made meanwhile
        if target.exists() and not target.is_file():
            raise HandoffError(f"{target} is not a regular file; nothing was written")
        previous = _read_existing(target)
        mode = target.stat().st_mode & 0o777 if previous is not None else 0o644
        write_atomic(target, data, mode=mode)
    except OSError as exc:
        raise NotWritable(f"cannot write {target} ({exc.strerror or exc})") from None
    return Written(target, len(data), handoff, previous)


def write_to(path: Path, handoff: Handoff) -> int:
    """The note into a new file a person named (``--output PATH``): an
    existing file or link there is left alone, as the note is not
    journaled (the person can delete what they asked for). The bytes
    written."""
    data = handoff.markdown.encode("utf-8")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except FileExistsError:
        raise HandoffError(f"{path} exists; nothing was written (name a new file)") from None
    except OSError as exc:
        raise HandoffError(f"cannot write {path} ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        path.unlink(missing_ok=True)
        raise HandoffError(f"cannot write {path} ({exc.strerror or exc})") from None
    return len(data)


def put_back(path: Path, expected: bytes | None, content: bytes | None) -> None:
    """Undo or redo a hand-off: ``path`` gets ``content`` (``None``: the file
    is removed), but only if it still holds ``expected`` (``None``: there is
    no file), what the step left there; a note rewritten since (by the
    plugin, or by hand) is left alone."""
    if not _is_handoff_path(path):
        raise HandoffError(f"{path} is not a hand-off note; nothing was changed")
    refuse_links(path.parents[3], path)  # <project>/.opencode/state/checkpoint-orchestrator/
    try:
        now = _read_existing(path)
    except NotWritable as exc:
        raise HandoffError(str(exc)) from None
    if now != expected:
        state = "is gone" if now is None else ("appeared" if expected is None else "was rewritten")
        raise HandoffError(f"the hand-off note {path} {state} since; nothing was changed")
    try:
        if content is None:
            path.unlink()
            _fsync_dir(path.parent)
        else:
            mode = path.stat().st_mode & 0o777 if now is not None else 0o644
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, content, mode=mode)
    except OSError as exc:
        raise HandoffError(f"cannot write {path} ({exc.strerror or exc})") from None


def _is_handoff_path(path: Path) -> bool:
    """Only our own notes' paths: the journal is a file on disk, and undo must
    not become a way to overwrite anything else."""
    return (
        path.is_absolute()
        and path.name.startswith("handoff-")
        and path.suffix == ".md"
        and path.parent.parts[-3:] == paths.project_state_dir("/").parts[-3:]
        and ".." not in path.parts
    )
