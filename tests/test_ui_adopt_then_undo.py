"""After ``L … A y`` the app shows the adopted session, wherever the
person was before, so ``u`` undoes the adoption (not the last step of the
session that was on screen); and a toast that says "(u undoes it)" is taken
off the screen once ``u`` would act on another session."""

from __future__ import annotations

import sqlite3

from tests.test_ui_keys import bar, messages, press
from tests.ui_support import demo_db, make_app, run_async, settle


def objective(db, session_id: str) -> str:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(
            "SELECT objective FROM checkpoints WHERE session_id=?", (session_id,)
        ).fetchone()[0]
    finally:
        conn.close()


def manual_names(db) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM snapshots WHERE kind='manual'")]
    finally:
        conn.close()


async def adopt_from_acme(pilot, db) -> None:
    """In acme-api, ``n`` "before-x"; then ``L``, import docs-site's file, adopt it."""
    app = pilot.app
    await settle(pilot)
    while app.main.projects.highlighted.id != "prj_acme_api":
        await press(pilot, "j")
    await press(pilot, "enter", "n", *"before-x", "enter")
    assert "before-x" in manual_names(db)
    await press(pilot, "L")
    statuses = [f.status for f in app.screen.files]
    for _ in range(statuses.index("importable")):
        await press(pilot, "j")
    await press(pilot, "i", "y", "A", "y")


@run_async
async def test_adoption_shows_the_adopted_session_and_u_undoes_it():
    db = demo_db("adopt-undo")
    before = objective(db, "ses_docs_01")
    app = make_app(db)
    async with app.run_test(size=(160, 45)) as pilot:
        await adopt_from_acme(pilot, db)
        assert objective(db, "ses_docs_01") != before, "adopted"
        main = app.main
        assert app.screen is main
        assert main.projects.highlighted.id == "prj_docs"
        assert main.session is not None and main.session.id == "ses_docs_01"
        assert "Undo adoption" in bar(app)
        await press(pilot, "u")
        assert objective(db, "ses_docs_01") == before, "u undid the adoption"
        assert "before-x" in manual_names(db), "not the snapshot made in acme"


@run_async
async def test_an_undo_hint_leaves_the_screen_when_u_would_act_elsewhere():
    db = demo_db("adopt-hint")
    app = make_app(db)
    async with app.run_test(size=(160, 45)) as pilot:
        await adopt_from_acme(pilot, db)
        assert any("(u undoes it)" in m and "adoption" in m for m in messages(app))
        await press(pilot, "1", "j")  # another project: u undoes nothing of the adoption
        assert app.main.session is None or app.main.session.id != "ses_docs_01"
        assert not any("(u undoes it)" in m and "adoption" in m for m in messages(app))
