# ruff: noqa: E501
"""The first screen's and the command line's reads as SQLite SQL. GENERATED, do not edit.

Made by ``python -m ckpt_tui.store.gen_sql`` (``make sql``) from the
SQLAlchemy Core statements of the store's read modules, which stay the one
source of truth; ``tests/test_plain_sql.py`` fails when this is stale.
Each entry is ``(sql, default parameters)``; the parameters are named.
"""

STATEMENTS: dict[str, tuple[str, dict[str, object]]] = {
    'projects_page': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at, projects.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = projects.id) AS session_count, max(coalesce((SELECT sessions.updated_at \n'
        'FROM sessions \n'
        "WHERE sessions.project_id = projects.id AND substr(sessions.updated_at, :substr_1, :substr_2) = '-' ORDER BY sessions.updated_at DESC\n"
        " LIMIT :param_1 OFFSET :param_2), (SELECT max(CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END) AS max_1 \n"
        'FROM sessions \n'
        "WHERE sessions.project_id = projects.id AND substr(sessions.updated_at, :substr_1, :substr_2) != '-')), coalesce((SELECT max(CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END) AS max_1 \n"
        'FROM sessions \n'
        "WHERE sessions.project_id = projects.id AND substr(sessions.updated_at, :substr_1, :substr_2) != '-'), (SELECT sessions.updated_at \n"
        'FROM sessions \n'
        "WHERE sessions.project_id = projects.id AND substr(sessions.updated_at, :substr_1, :substr_2) = '-' ORDER BY sessions.updated_at DESC\n"
        " LIMIT :param_1 OFFSET :param_3))) AS last_activity, CASE WHEN (substr(projects.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END AS sort_at \n"
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT projects.id AS id, projects.updated_at AS sort_at \n'
        'FROM projects \n'
        "WHERE substr(projects.updated_at, :substr_7, :substr_8) = '-' ORDER BY projects.updated_at DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT projects.id AS id, CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END AS sort_at \n"
        'FROM projects \n'
        "WHERE substr(projects.updated_at, :substr_7, :substr_8) != '-' ORDER BY CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_5) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_6) AS anon_1) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'substr_5': 5, 'substr_6': 1, 'substr_7': 5, 'substr_8': 1, 'param_4': 0, 'substr_9': 5, 'substr_10': 1, 'param_5': 0, 'param_6': 0},
    ),
    'projects_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM projects',
        {},
    ),
    'roots_page': (
        'SELECT anon_1.id, anon_1.project_id, anon_1.parent_id, anon_1.title, anon_1.created_at, anon_1.updated_at, anon_1.snapshot_count, anon_1.status, anon_1.checkpoint_title, anon_1.synthesized, anon_1.has_checkpoint, anon_1.sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.project_id AS project_id, sessions.parent_id AS parent_id, sessions.title AS title, sessions.created_at AS created_at, sessions.updated_at AS updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status AS status, checkpoints.title AS checkpoint_title, checkpoints.synthesized AS synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, sessions.updated_at AS sort_at \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_2 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_1, :substr_2) = '-' ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_1 UNION ALL SELECT anon_3.id, anon_3.project_id, anon_3.parent_id, anon_3.title, anon_3.created_at, anon_3.updated_at, anon_3.snapshot_count, anon_3.status, anon_3.checkpoint_title, anon_3.synthesized, anon_3.has_checkpoint, anon_3.sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.project_id AS project_id, sessions.parent_id AS parent_id, sessions.title AS title, sessions.created_at AS created_at, sessions.updated_at AS updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status AS status, checkpoints.title AS checkpoint_title, checkpoints.synthesized AS synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_2 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_3) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_4',
        {'param_1': 1, 'substr_1': 5, 'substr_2': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'param_4': 0},
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
        "FROM json_each(:frontier) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'snapshots_page': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
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
    'sessions_page': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        "FROM sessions ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'project_sessions_page': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions \n'
        "WHERE sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        "WHERE sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_3) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0, 'substr_5': 5, 'substr_6': 1, 'param_2': 0, 'param_3': 0},
    ),
    'project': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at, projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = :project_id',
        {},
    ),
    'session': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id = :session_id',
        {},
    ),
    'checkpoint': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id = :session_id',
        {},
    ),
    'snapshot': (
        'SELECT snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND (snapshots.name = :name OR snapshots.id = :name)',
        {},
    ),
    'kind_snapshots_page': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind = :kind AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind = :kind AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'kind_anywhere': (
        'SELECT snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.kind = :kind\n'
        ' LIMIT :param_1 OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
    ),
    'session_kinds': (
        'SELECT DISTINCT snapshots.kind \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.kind',
        {},
    ),
    'summary_ends': (
        "SELECT CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS at, snapshots.id \n"
        'FROM snapshots \n'
        'WHERE likely(snapshots.session_id = :session_id) AND snapshots.id IN (SELECT anon_1.value \n'
        "FROM json_each(:ids) AS anon_1) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END, snapshots.id",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'summary_span': (
        'SELECT anon_1.id \n'
        'FROM (SELECT snapshots.captured_at AS at, snapshots.id AS id \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :low AND snapshots.captured_at <= :high UNION ALL SELECT CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS at, snapshots.id AS id \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :low AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :high) AS anon_1 ORDER BY anon_1.at, anon_1.id",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1},
    ),
    'summary_before': (
        'SELECT anon_1.id, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'summary_top': (
        "SELECT CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS at, snapshots.payload \n"
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.id = :id',
        {'substr_1': 5, 'substr_2': 1},
    ),
    'summary_walk': (
        'SELECT anon_1.id, anon_1.payload, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.payload AS payload, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.payload, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.payload AS payload, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'summary_first_at': (
        'SELECT snapshots.captured_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at >= :start ORDER BY snapshots.captured_at\n'
        ' LIMIT :param_1 OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
    ),
    'summary_walk_iso': (
        'SELECT snapshots.id, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
}
