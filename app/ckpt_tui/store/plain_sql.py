# ruff: noqa: E501
"""The first screen's statements as SQLite SQL. GENERATED, do not edit.

Made by ``python -m ckpt_tui.store.gen_sql`` (``make sql``) from the
SQLAlchemy Core statements in ``store/queries.py``, which stay the one
source of truth; ``tests/test_plain_sql.py`` fails when this is stale.
Each entry is ``(sql, default parameters)``; the parameters are named.
"""

STATEMENTS: dict[str, tuple[str, dict[str, object]]] = {
    'projects_page': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at, projects.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = projects.id) AS session_count, (SELECT max(sessions.updated_at) AS max_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = projects.id) AS last_activity \n'
        'FROM projects ORDER BY projects.updated_at DESC, projects.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'projects_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM projects',
        {},
    ),
    'roots_page': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_1 \n'
        'FROM sessions AS parent \n'
        'WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) ORDER BY sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
    ),
    'roots_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_1 \n'
        'FROM sessions AS parent \n'
        'WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id))',
        {'param_1': 1},
    ),
    'children': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND sessions.parent_id IN (SELECT anon_1.value \n'
        'FROM json_each(:frontier) AS anon_1) ORDER BY sessions.updated_at DESC, sessions.id DESC',
        {},
    ),
    'snapshots_page': (
        'SELECT snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'snapshots_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id',
        {},
    ),
    'payloads': (
        'SELECT snapshots.id, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE likely(snapshots.session_id = :session_id) AND snapshots.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
}
