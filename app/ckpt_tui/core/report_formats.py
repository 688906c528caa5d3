"""A session report (``core/report.py``) as Markdown or as one HTML file.

Markdown: a facts table, the objective and the current state, the timeline
as a table (its newest rows), each change as a numbered item with its
lines, time and cost. Every value is escaped with :func:`md` (a backslash
before each character that could start markup; ``<``, ``>`` and ``&`` as
entities), so it reads as written in a pull request.

HTML: the same sections, the timeline drawn as an inline SVG (counts of
completed steps, next steps and blockers as lines, status as coloured
bands under them, restores, undos and manual snapshots as marks, each
point with a tooltip). Inline CSS, no script, no font, image or style
loaded from elsewhere; every value through ``html.escape``.
"""

from __future__ import annotations

import html as _html
import re

from ckpt_tui.core import report as r
from ckpt_tui.core.timeline import CURRENT
from ckpt_tui.fields import LABEL, status_label

# -- Markdown -----------------------------------------------------------------------------

#: Characters that start inline markup anywhere (``(`` and ``!`` only
#: matter next to a ``[``, which is escaped).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
#: What would start a block at the beginning of a line: a heading, a list
#: item, a rule, a numbered item.
_MD_BLOCK = re.compile(r"^(\s*)([#+=-])")
_MD_NUMBERED = re.compile(r"^(\s*\d+)([.)])")


def md(text: str) -> str:
    """One line of store text, safe inline, in a table cell, and at the
    start of a list item or paragraph."""
    text = " ".join(text.split("\n"))
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = _MD_BLOCK.sub(lambda m: m.group(1) + "\\" + m.group(2), text)
    return _MD_NUMBERED.sub(lambda m: m.group(1) + "\\" + m.group(2), text)


def md_lines(text: str) -> str:
    """A text field: each line escaped, line breaks kept (two trailing spaces)."""
    return "  \n".join(md(line) for line in text.split("\n"))


def markdown(report: r.Report) -> str:
    cp = report.checkpoint
    out = [f"# Session report: {md(r.cut(r.title(report), 200))}", ""]
    out += ["| | |", "|---|---|"]
    out += [f"| {md(k)} | {md(r.cut(v, 500))} |" for k, v in r.state_lines(report)]
    out.append("")
    if cp is not None:
        objective = cp.objective if isinstance(cp.objective, str) else ""
        out += ["## Objective", "", md_lines(r.cut_block(objective)) or "_(none)_", ""]
        out += ["## Current state", ""]
        summary = cp.summary if isinstance(cp.summary, str) else ""
        if summary.strip():
            out += [md_lines(r.cut_block(summary)), ""]
        for name in ("nextSteps", "blockers", "completedSteps"):
            value = cp.get(name)
            out.append(f"**{LABEL[name]}**")
            out.append("")
            if not isinstance(value, tuple):
                out.append("- _(damaged)_")
            elif not value:
                out.append("- _(none)_")
            else:
                shown = value if name != "completedSteps" else value[-r.MAX_ITEMS :]
                if len(value) > len(shown):
                    out.append(f"- _… {len(value) - len(shown)} earlier_")
                out += [f"- {md(r.cut(item))}" for item in shown[: r.MAX_ITEMS]]
                if len(shown) > r.MAX_ITEMS:
                    out.append(f"- _… and {len(shown) - r.MAX_ITEMS} more_")
            out.append("")
    out += _md_timeline(report)
    out += _md_changes(report)
    out += ["## Time and cost (opencode)", ""]
    out += [f"- **{md(k)}:** {md(v)}" for k, v in r.opencode_lines(report)]
    out += ["", "---", "", f"_{md(r.footer(report))}_", ""]
    return "\n".join(out)


def _md_timeline(report: r.Report) -> list[str]:
    points = report.timeline.points
    if not points:
        return ["## Timeline", "", "_No snapshots yet._", ""]
    shown = points[-r.MAX_TABLE_ROWS :]
    out = ["## Timeline", ""]
    if len(points) > len(shown):
        out += [f"_The newest {len(shown)} of {len(points)} points._", ""]
    out += [
        "| # | Time (UTC) | Kind | Status | Done | Next | Blockers | Marks |",
        "|--:|---|---|---|--:|--:|--:|---|",
    ]
    for p in shown:
        marks = "; ".join(m.label for m in report.timeline.marks_at(p.index))
        status = status_label(p.status) if p.status else "damaged"
        kind = "current" if p.kind == CURRENT else p.kind
        out.append(
            f"| {p.index + 1} | {md(r.short(p.captured_at))} | {md(r.cut(kind, 40))} | {md(status)} "
            f"| {r.count(p.done)} | {r.count(p.next)} | {r.count(p.blockers)} | {md(r.cut(marks, 200))} |"
        )
    return [*out, ""]


def _md_changes(report: r.Report) -> list[str]:
    out = ["## Changes, oldest first", ""]
    if report.earlier:
        out += [f"_{report.earlier} earlier changes are not listed._", ""]
    if not report.changes:
        out += ["_No change between snapshots yet._", ""]
    for n, change in enumerate(report.changes, 1):
        p = change.point
        summary = r.cut(change.summary, 300).replace("`", "'")  # a code span: no markup inside
        out.append(
            f"{n}. **{md(r.short(p.captured_at))}** · {md(r.cut(p.kind, 40))} · "
            f"{md(r.cut(r.point_label(p), 120))} · `{summary}`"
        )
        out += [f"   - {md(line)}" for line in change.lines]
        if change.more:
            out.append(f"   - _… and {change.more} more_")
    return [*out, ""]


# -- HTML ---------------------------------------------------------------------------------


def esc(text: str) -> str:
    return _html.escape(text, quote=True)


_CSS = """
:root { --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --rule: #d1d9e0;
  --done: #1a7f37; --next: #0969da; --blockers: #cf222e;
  --in_progress: #0969da; --blocked: #cf222e; --st-done: #1a7f37; --abandoned: #6e7781;
  --other: #8250df; --mark: #9a6700; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --rule: #3d444d;
    --done: #3fb950; --next: #4493f8; --blockers: #f85149;
    --in_progress: #4493f8; --blocked: #f85149; --st-done: #3fb950; --abandoned: #9198a1;
    --other: #ab7df8; --mark: #d29922; } }
body { background: var(--bg); color: var(--fg); margin: 2rem auto; max-width: 60rem;
  padding: 0 1rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.6rem; margin-bottom: .5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; border-bottom: 1px solid var(--rule); padding-bottom: .2rem; margin-top: 2rem; }
table.facts td { padding: .1rem 1rem .1rem 0; vertical-align: top; overflow-wrap: anywhere; }
table.facts td:first-child { color: var(--muted); white-space: nowrap; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
ul { padding-left: 1.4rem; } li { overflow-wrap: anywhere; }
ol.changes > li { margin-bottom: .6rem; }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, monospace; }
.badge { font-size: .8em; border: 1px solid var(--rule); border-radius: 1em; padding: 0 .5em; }
svg { width: 100%; height: auto; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
.legend { display: flex; flex-wrap: wrap; gap: .2rem 1rem; }
.sw { display: inline-block; width: .8em; height: .8em; margin-right: .3em; vertical-align: -.05em; }
"""

_STATUS_VAR = {
    "in_progress": "--in_progress",
    "blocked": "--blocked",
    "done": "--st-done",
    "abandoned": "--abandoned",
}
_MARK_LETTER = {"restore": "R", "undo": "U", "manual": "M", "compaction": "C", "legacy": "L"}


def html(report: r.Report) -> str:
    cp = report.checkpoint
    heading = esc(r.cut(r.title(report), 200))
    body = [f"<h1>{heading}</h1>", '<table class="facts">']
    body += [
        f"<tr><td>{esc(k)}</td><td>{esc(r.cut(v, 500))}</td></tr>" for k, v in r.state_lines(report)
    ]
    body.append("</table>")
    if cp is not None:
        objective = cp.objective if isinstance(cp.objective, str) else ""
        body += [
            "<h2>Objective</h2>",
            f'<div class="text">{esc(r.cut_block(objective)) or "(none)"}</div>',
        ]
        body.append("<h2>Current state</h2>")
        summary = cp.summary if isinstance(cp.summary, str) else ""
        if summary.strip():
            body.append(f'<div class="text">{esc(r.cut_block(summary))}</div>')
        for name in ("nextSteps", "blockers", "completedSteps"):
            value = cp.get(name)
            body.append(f"<h3>{esc(LABEL[name])}</h3>")
            body.append(_html_items(value, tail=name == "completedSteps"))
    body += ["<h2>Timeline</h2>", svg(report), _legend()]
    body += _html_changes(report)
    body.append("<h2>Time and cost (opencode)</h2>")
    body.append('<table class="facts">')
    body += [f"<tr><td>{esc(k)}</td><td>{esc(v)}</td></tr>" for k, v in r.opencode_lines(report)]
    body.append("</table>")
    body.append(f'<p class="muted">{esc(r.footer(report))}</p>')
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        # nothing may load from elsewhere, and nothing runs
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">\n"
        f"<title>Session report: {heading}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _html_items(value, *, tail: bool) -> str:
    if not isinstance(value, tuple):
        return '<p class="muted">(damaged)</p>'
    if not value:
        return '<p class="muted">(none)</p>'
    shown = value[-r.MAX_ITEMS :] if tail else value[: r.MAX_ITEMS]
    items = [f"<li>{esc(r.cut(item))}</li>" for item in shown]
    left = len(value) - len(shown)
    if left:
        note = f'<li class="muted">… {left} {"earlier" if tail else "more"}</li>'
        items = [note, *items] if tail else [*items, note]
    return "<ul>" + "".join(items) + "</ul>"


def _html_changes(report: r.Report) -> list[str]:
    out = ["<h2>Changes, oldest first</h2>"]
    if report.earlier:
        out.append(f'<p class="muted">{report.earlier} earlier changes are not listed.</p>')
    if not report.changes:
        out.append('<p class="muted">No change between snapshots yet.</p>')
        return out
    out.append('<ol class="changes">')
    for change in report.changes:
        p = change.point
        lines = "".join(f"<li>{esc(line)}</li>" for line in change.lines)
        if change.more:
            lines += f'<li class="muted">… and {change.more} more</li>'
        out.append(
            f"<li><strong>{esc(r.short(p.captured_at))}</strong> "
            f'<span class="badge">{esc(r.cut(p.kind, 40))}</span> {esc(r.cut(r.point_label(p), 120))} '
            f"<code>{esc(r.cut(change.summary, 300))}</code><ul>{lines}</ul></li>"
        )
    out.append("</ol>")
    return out


def _legend() -> str:
    parts = [
        ("var(--done)", "completed steps"),
        ("var(--next)", "next steps"),
        ("var(--blockers)", "blockers"),
    ]
    spans = [f'<span><i class="sw" style="background:{c}"></i>{esc(t)}</span>' for c, t in parts]
    spans.append(
        '<span class="muted">band: status (blue in progress, red blocked, green done, grey abandoned)'
        " · marks: R restore, U undo, M manual, C compaction, L legacy</span>"
    )
    return f'<p class="legend">{"".join(spans)}</p>'


def svg(report: r.Report) -> str:
    """The timeline: x is the point's place in the history (each snapshot
    one step; the live checkpoint last), y the counts."""
    points = report.timeline.points
    width, height = 900, 280
    left, right, top, plot_bottom = 40, 20, 24, 220
    band_top, band_bottom = 230, 246
    if not points:
        return (
            f'<svg viewBox="0 0 {width} 60" role="img" aria-label="no snapshots">'
            '<text x="10" y="30">No snapshots yet.</text></svg>'
        )
    n = len(points)
    step = (width - left - right) / max(n - 1, 1)

    def x(i: int) -> float:
        return left + (i * step if n > 1 else (width - left - right) / 2)

    values = [v for p in points for v in (p.done, p.next, p.blockers) if v is not None]
    top_value = max(values + [1])

    def y(v: int) -> float:
        return plot_bottom - (plot_bottom - top) * v / top_value

    out = [
        f'<svg viewBox="0 0 {width} {height}" role="img" '
        'aria-label="completed steps, next steps and blockers at each snapshot" '
        'xmlns="http://www.w3.org/2000/svg">'
    ]
    for v in sorted({0, top_value // 2, top_value}):
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            'stroke="var(--rule)" stroke-width="1"/>'
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>'
        )
    # status bands
    half = step / 2 if n > 1 else 20
    for p in points:
        colour = f"var({_STATUS_VAR.get(p.status or '', '--other')})"
        x0 = max(left - 4, x(p.index) - half)
        x1 = min(width - right + 4, x(p.index) + half)
        tip = f"{r.point_label(p)} · {status_label(p.status) if p.status else 'damaged'}"
        out.append(
            f'<rect x="{x0:.1f}" y="{band_top}" width="{max(x1 - x0, 1):.1f}" '
            f'height="{band_bottom - band_top}" fill="{colour}"><title>{esc(r.cut(tip, 200))}</title></rect>'
        )
    # marks
    for m in report.timeline.marks:
        mx = x(m.index)
        out.append(
            f'<g><line x1="{mx:.1f}" x2="{mx:.1f}" y1="{top - 8}" y2="{band_bottom}" stroke="var(--mark)" '
            f'stroke-dasharray="3 3"/><text x="{mx:.1f}" y="{top - 10}" text-anchor="middle" '
            f'style="fill:var(--mark);font-weight:bold">{_MARK_LETTER.get(m.kind, "•")}</text>'
            f"<title>{esc(r.cut(m.label, 200))}</title></g>"
        )
    # the three counts
    for attr, colour in (("done", "--done"), ("next", "--next"), ("blockers", "--blockers")):
        run: list[str] = []
        for p in points:
            v = getattr(p, attr)
            if v is None:
                if len(run) > 1:
                    out.append(_polyline(run, colour))
                run = []
                continue
            run.append(f"{x(p.index):.1f},{y(v):.1f}")
        if len(run) > 1:
            out.append(_polyline(run, colour))
        for p in points:
            v = getattr(p, attr)
            if v is not None:
                tip = f"{r.point_label(p)} ({r.short(p.captured_at)}): {v} {attr}"
                out.append(
                    f'<circle cx="{x(p.index):.1f}" cy="{y(v):.1f}" r="3" fill="var({colour})">'
                    f"<title>{esc(r.cut(tip, 200))}</title></circle>"
                )
    first, last = points[0], points[-1]
    out.append(f'<text x="{left}" y="{height - 14}">{esc(r.short(first.captured_at))}</text>')
    out.append(
        f'<text x="{width - right}" y="{height - 14}" text-anchor="end">'
        f"{esc(r.cut(r.point_label(last), 60))} · {esc(r.short(last.captured_at))}</text>"
    )
    out.append("</svg>")
    return "".join(out)


def _polyline(run: list[str], colour: str) -> str:
    return (
        f'<polyline points="{" ".join(run)}" fill="none" stroke="var({colour})" '
        'stroke-width="2" stroke-linejoin="round"/>'
    )
