# ruff: noqa: E501
"""Every read statement of the store as SQLite SQL. GENERATED, do not edit.

Made by ``tools/gen_sql.py`` (``make sql``) from the SQLAlchemy Core
statements of ``ckpt_tui.store.statements``, the one source of truth;
``tests/test_read_sql.py`` fails when this is stale. Each entry is
``name: (sql, default parameters)``; the parameters are named. Run by
``store/query.py``.
"""

STATEMENTS: dict[str, tuple[str, dict[str, object]]] = {
    'board_counts': (
        'SELECT snapshots.session_id, count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1) GROUP BY snapshots.session_id',
        {},
    ),
    'board_details': (
        'SELECT sessions.id AS session_id, sessions.project_id, sessions.title, sessions.updated_at, projects.directory, checkpoints.session_id AS ck_session_id, checkpoints.project_id AS ck_project_id, checkpoints.title AS ck_title, checkpoints.objective AS ck_objective, checkpoints.status AS ck_status, checkpoints.summary AS ck_summary, checkpoints.current_plan AS ck_current_plan, checkpoints.completed_steps AS ck_completed_steps, checkpoints.next_steps AS ck_next_steps, checkpoints.blockers AS ck_blockers, checkpoints.files_touched AS ck_files_touched, checkpoints.notes AS ck_notes, checkpoints.schema_version AS ck_schema_version, checkpoints.synthesized AS ck_synthesized, checkpoints.created_at AS ck_created_at, checkpoints.updated_at AS ck_updated_at \n'
        'FROM sessions JOIN checkpoints ON checkpoints.session_id = sessions.id JOIN projects ON projects.id = sessions.project_id \n'
        'WHERE sessions.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'board_keys_project': (
        'SELECT (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) AS k0, checkpoints.project_id AS k1, sessions.updated_at AS k2, sessions.id AS k3 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) ORDER BY (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) DESC, checkpoints.project_id DESC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'board_keys_project/after': (
        'SELECT (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) AS k0, checkpoints.project_id AS k1, sessions.updated_at AS k2, sessions.id AS k3 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND ((SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) < :k0 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id < :k1 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id = :k1 AND sessions.updated_at < :k2 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id = :k1 AND sessions.updated_at = :k2 AND sessions.id < :k3) ORDER BY (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) DESC, checkpoints.project_id DESC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'board_keys_project/after/of_project': (
        'SELECT (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) AS k0, checkpoints.project_id AS k1, sessions.updated_at AS k2, sessions.id AS k3 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND checkpoints.project_id = :project_id AND ((SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) < :k0 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id < :k1 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id = :k1 AND sessions.updated_at < :k2 OR (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) = :k0 AND checkpoints.project_id = :k1 AND sessions.updated_at = :k2 AND sessions.id < :k3) ORDER BY (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) DESC, checkpoints.project_id DESC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'board_keys_project/of_project': (
        'SELECT (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) AS k0, checkpoints.project_id AS k1, sessions.updated_at AS k2, sessions.id AS k3 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND checkpoints.project_id = :project_id ORDER BY (SELECT projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = checkpoints.project_id) DESC, checkpoints.project_id DESC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'board_keys_status': (
        'SELECT CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END AS k0, sessions.updated_at AS k1, sessions.id AS k2 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) ORDER BY CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END ASC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_9',
        {'param_1': 0, 'param_2': 1, 'param_3': 2, 'param_4': 3, 'param_5': 4, 'param_6': 5, 'param_7': 6, 'param_8': 7, 'param_9': 0},
    ),
    'board_keys_status/after': (
        'SELECT CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END AS k0, sessions.updated_at AS k1, sessions.id AS k2 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND (CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END > :k0 OR CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END = :k0 AND sessions.updated_at < :k1 OR CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END = :k0 AND sessions.updated_at = :k1 AND sessions.id < :k2) ORDER BY CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END ASC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_9',
        {'param_1': 0, 'param_2': 1, 'param_3': 2, 'param_4': 3, 'param_5': 4, 'param_6': 5, 'param_7': 6, 'param_8': 7, 'param_9': 0},
    ),
    'board_keys_status/after/of_project': (
        'SELECT CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END AS k0, sessions.updated_at AS k1, sessions.id AS k2 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND checkpoints.project_id = :project_id AND (CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END > :k0 OR CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END = :k0 AND sessions.updated_at < :k1 OR CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END = :k0 AND sessions.updated_at = :k1 AND sessions.id < :k2) ORDER BY CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END ASC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_9',
        {'param_1': 0, 'param_2': 1, 'param_3': 2, 'param_4': 3, 'param_5': 4, 'param_6': 5, 'param_7': 6, 'param_8': 7, 'param_9': 0},
    ),
    'board_keys_status/of_project': (
        'SELECT CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END AS k0, sessions.updated_at AS k1, sessions.id AS k2 \n'
        'FROM checkpoints JOIN sessions ON sessions.id = checkpoints.session_id \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND checkpoints.project_id = :project_id ORDER BY CASE WHEN (checkpoints.status = :status_0) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 WHEN (checkpoints.status = :status_5) THEN :param_6 WHEN (checkpoints.status = :status_6) THEN :param_7 WHEN (checkpoints.status = :status_7) THEN :param_8 END ASC, sessions.updated_at DESC, sessions.id DESC\n'
        ' LIMIT :limit OFFSET :param_9',
        {'param_1': 0, 'param_2': 1, 'param_3': 2, 'param_4': 3, 'param_5': 4, 'param_6': 5, 'param_7': 6, 'param_8': 7, 'param_9': 0},
    ),
    'board_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7)',
        {},
    ),
    'board_total/of_project': (
        'SELECT count(*) AS count_1 \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.status IN (:status_0, :status_1, :status_2, :status_3, :status_4, :status_5, :status_6, :status_7) AND checkpoints.project_id = :project_id',
        {},
    ),
    'checkpoint': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id = :session_id',
        {},
    ),
    'checkpoint_created': (
        'SELECT checkpoints.session_id \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id = :session_id AND checkpoints.created_at = :created_at',
        {},
    ),
    'checkpoint_rows': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints ORDER BY checkpoints.session_id',
        {},
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
    'count_order': (
        'SELECT (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS n, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS anon_1, sessions.id \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_2 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) ORDER BY n DESC, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1},
    ),
    'count_order/match': (
        'SELECT (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS n, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS anon_1, sessions.id \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') ORDER BY n DESC, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'demo_files': (
        'SELECT checkpoints.session_id, checkpoints.files_touched \n'
        'FROM checkpoints',
        {},
    ),
    'demo_projects': (
        'SELECT projects.id, projects.directory \n'
        'FROM projects ORDER BY projects.id',
        {},
    ),
    'demo_save_times': (
        'SELECT snapshots.captured_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.captured_at',
        {},
    ),
    'demo_sessions': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at \n'
        'FROM sessions \n'
        'WHERE sessions.id NOT LIKE :id_1 ORDER BY sessions.created_at, sessions.id',
        {'id_1': 'legacy::%'},
    ),
    'field_values': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.captured_at, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN json_type(snapshots.payload, :path) ELSE :param_1 END AS json_type, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN snapshots.payload -> :path END AS value \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.captured_at, snapshots.id\n'
        ' LIMIT :limit OFFSET :param_2',
        {'json_type_1': 'object', 'param_1': 'damaged', 'param_2': 0},
    ),
    'field_values/after': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.captured_at, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN json_type(snapshots.payload, :path) ELSE :param_1 END AS json_type, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN snapshots.payload -> :path END AS value \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at >= :after_t AND (snapshots.captured_at > :after_t OR snapshots.id > :after_id) ORDER BY snapshots.captured_at, snapshots.id\n'
        ' LIMIT :limit OFFSET :param_2',
        {'json_type_1': 'object', 'param_1': 'damaged', 'param_2': 0},
    ),
    'field_values/after/until': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.captured_at, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN json_type(snapshots.payload, :path) ELSE :param_1 END AS json_type, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN snapshots.payload -> :path END AS value \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at >= :after_t AND (snapshots.captured_at > :after_t OR snapshots.id > :after_id) AND snapshots.captured_at <= :until_t AND (snapshots.captured_at < :until_t OR snapshots.id <= :until_id) ORDER BY snapshots.captured_at, snapshots.id\n'
        ' LIMIT :limit OFFSET :param_2',
        {'json_type_1': 'object', 'param_1': 'damaged', 'param_2': 0},
    ),
    'field_values/until': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.captured_at, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN json_type(snapshots.payload, :path) ELSE :param_1 END AS json_type, CASE WHEN (json_valid(snapshots.payload) AND json_type(snapshots.payload) = :json_type_1) THEN snapshots.payload -> :path END AS value \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at <= :until_t AND (snapshots.captured_at < :until_t OR snapshots.id <= :until_id) ORDER BY snapshots.captured_at, snapshots.id\n'
        ' LIMIT :limit OFFSET :param_2',
        {'json_type_1': 'object', 'param_1': 'damaged', 'param_2': 0},
    ),
    'filter_by_checkpoint': (
        'SELECT checkpoints.session_id \n'
        'FROM checkpoints \n'
        "WHERE checkpoints.project_id = :project_id AND (checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND (EXISTS (SELECT :param_1 AS anon_1 \n"
        'FROM sessions \n'
        'WHERE sessions.id = checkpoints.session_id AND sessions.project_id = :project_id))\n'
        ' LIMIT :bound OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
    ),
    'filter_by_session': (
        'SELECT sessions.id \n'
        'FROM sessions \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\')\n"
        ' LIMIT :bound OFFSET :param_1',
        {'param_1': 0},
    ),
    'filter_page': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        'WHERE likely(sessions.project_id = :project_id) AND sessions.id IN (SELECT anon_2.value \n'
        "FROM json_each(:ids) AS anon_2) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'filter_page/after': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        'WHERE likely(sessions.project_id = :project_id) AND sessions.id IN (SELECT anon_2.value \n'
        "FROM json_each(:ids) AS anon_2) AND CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'follow_floor': (
        'SELECT snapshots.rowid \n'
        'FROM snapshots ORDER BY snapshots.rowid DESC\n'
        ' LIMIT :param_1 OFFSET :window',
        {'param_1': 1},
    ),
    'follow_rows_above': (
        'SELECT snapshots.rowid AS rowid, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE :low < snapshots.rowid ORDER BY snapshots.rowid',
        {},
    ),
    'follow_rows_above/of_project': (
        'SELECT snapshots.rowid AS rowid, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE :low < snapshots.rowid AND snapshots.project_id = :project_id ORDER BY snapshots.rowid',
        {},
    ),
    'follow_rows_above/of_project/of_session': (
        'SELECT snapshots.rowid AS rowid, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE :low < snapshots.rowid AND snapshots.session_id = :session_id AND snapshots.project_id = :project_id ORDER BY snapshots.rowid',
        {},
    ),
    'follow_rows_above/of_session': (
        'SELECT snapshots.rowid AS rowid, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE :low < snapshots.rowid AND snapshots.session_id = :session_id ORDER BY snapshots.rowid',
        {},
    ),
    'follow_titles': (
        'SELECT sessions.id, coalesce(nullif(checkpoints.title, :nullif_1), sessions.title, :coalesce_2) AS coalesce_1 \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {'nullif_1': '', 'coalesce_2': ''},
    ),
    'foreign_key_check': (
        'PRAGMA foreign_key_check',
        {},
    ),
    'identity_first_sessions': (
        'SELECT sessions.id, sessions.created_at \n'
        'FROM sessions ORDER BY sessions.rowid\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'identity_first_snapshots': (
        'SELECT snapshots.rowid AS "row", snapshots.id \n'
        'FROM snapshots ORDER BY "row" ASC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'identity_last_snapshots': (
        'SELECT snapshots.rowid AS "row", snapshots.id \n'
        'FROM snapshots ORDER BY "row" DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'ids_projects': (
        'SELECT projects.id \n'
        'FROM projects ORDER BY projects.updated_at DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'ids_sessions': (
        'SELECT sessions.id \n'
        'FROM sessions ORDER BY sessions.updated_at DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'ids_snapshots': (
        'SELECT snapshots.name \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.captured_at DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'integrity_check': (
        'PRAGMA integrity_check',
        {},
    ),
    'kind_anywhere': (
        'SELECT snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.kind = :kind\n'
        ' LIMIT :param_1 OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
    ),
    'legacy_migration': (
        'SELECT migrations.id, migrations.project_id, migrations.applied_at, migrations.details \n'
        'FROM migrations \n'
        'WHERE migrations.id = :migration_id',
        {},
    ),
    'legacy_migrations': (
        'SELECT migrations.id, migrations.project_id, migrations.applied_at, migrations.details \n'
        'FROM migrations \n'
        'WHERE substr(migrations.id, :substr_1, length(:prefix)) = :prefix ORDER BY migrations.applied_at, migrations.id',
        {'substr_1': 1},
    ),
    'legacy_projects': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at \n'
        'FROM projects ORDER BY projects.created_at, projects.id',
        {},
    ),
    'legacy_projects_for_directory': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at \n'
        'FROM projects \n'
        'WHERE projects.directory IN (SELECT anon_1.value \n'
        'FROM json_each(:directories) AS anon_1) OR projects.canonical = :canonical ORDER BY CASE WHEN (projects.directory IN (SELECT anon_1.value \n'
        'FROM json_each(:directories) AS anon_1)) THEN :param_1 ELSE :param_2 END, projects.created_at, projects.id',
        {'param_1': 0, 'param_2': 1},
    ),
    'legacy_session_project': (
        'SELECT sessions.project_id \n'
        'FROM sessions \n'
        'WHERE sessions.id = :session_id',
        {},
    ),
    'legacy_snapshot_contents': (
        'SELECT snapshots.captured_at, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.kind = :kind',
        {},
    ),
    'legacy_snapshot_ids': (
        'SELECT snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id',
        {},
    ),
    'legacy_snapshot_names': (
        'SELECT snapshots.name \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND substr(snapshots.name, :substr_1, length(:prefix)) = :prefix',
        {'substr_1': 1},
    ),
    'newest': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.payload, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.payload AS payload, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.payload, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.payload AS payload, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'newest/of_kind': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.payload, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.payload AS payload, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind = :kind AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.payload, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.payload AS payload, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind = :kind AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'not_utf8_checkpoints': (
        'SELECT rowid AS r, CAST(checkpoints.session_id AS BLOB) AS session_id \n'
        'FROM checkpoints \n'
        "WHERE rowid > :after AND (checkpoints.session_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'not_utf8_migrations': (
        'SELECT rowid AS r, CAST(migrations.id AS BLOB) AS id, CAST(migrations.project_id AS BLOB) AS project_id, CAST(migrations.applied_at AS BLOB) AS applied_at, CAST(migrations.details AS BLOB) AS details \n'
        'FROM migrations \n'
        "WHERE rowid > :after AND ((migrations.id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (migrations.project_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (migrations.applied_at GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (migrations.details GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'not_utf8_projects': (
        'SELECT rowid AS r, CAST(projects.id AS BLOB) AS id, CAST(projects.directory AS BLOB) AS directory, CAST(projects.canonical AS BLOB) AS canonical, CAST(projects.created_at AS BLOB) AS created_at, CAST(projects.updated_at AS BLOB) AS updated_at \n'
        'FROM projects \n'
        "WHERE rowid > :after AND ((projects.id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (projects.directory GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (projects.canonical GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (projects.created_at GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (projects.updated_at GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'not_utf8_session_runtime': (
        'SELECT rowid AS r, CAST(session_runtime.session_id AS BLOB) AS session_id, CAST(session_runtime.last_injected_hash AS BLOB) AS last_injected_hash, CAST(session_runtime.last_autosave_at AS BLOB) AS last_autosave_at, CAST(session_runtime.updated_at AS BLOB) AS updated_at \n'
        'FROM session_runtime \n'
        "WHERE rowid > :after AND ((session_runtime.session_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (session_runtime.last_injected_hash GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (session_runtime.last_autosave_at GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (session_runtime.updated_at GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'not_utf8_sessions': (
        'SELECT rowid AS r, CAST(sessions.id AS BLOB) AS id, CAST(sessions.project_id AS BLOB) AS project_id, CAST(sessions.parent_id AS BLOB) AS parent_id, CAST(sessions.title AS BLOB) AS title, CAST(sessions.created_at AS BLOB) AS created_at, CAST(sessions.updated_at AS BLOB) AS updated_at \n'
        'FROM sessions \n'
        "WHERE rowid > :after AND ((sessions.id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (sessions.project_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (sessions.parent_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (sessions.title GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (sessions.created_at GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (sessions.updated_at GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'not_utf8_snapshots': (
        'SELECT rowid AS r, CAST(snapshots.session_id AS BLOB) AS session_id, CAST(snapshots.name AS BLOB) AS name, CAST(snapshots.id AS BLOB) AS id, CAST(snapshots.project_id AS BLOB) AS project_id, CAST(snapshots.kind AS BLOB) AS kind, CAST(snapshots.captured_at AS BLOB) AS captured_at, CAST(snapshots.restored_at AS BLOB) AS restored_at \n'
        'FROM snapshots \n'
        "WHERE rowid > :after AND ((snapshots.id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.session_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.project_id GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.name GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.kind GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.captured_at GLOB '*[^' || char(1) || '-' || char(127) || ']*') OR (snapshots.restored_at GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'payload_suspects': (
        'SELECT rowid AS r, snapshots.session_id, snapshots.name, snapshots.captured_at, snapshots.payload, coalesce(CASE WHEN (json_valid(snapshots.payload) = :json_valid_1) THEN json_type(snapshots.payload) END, :coalesce_1) != :coalesce_2 AS shape \n'
        'FROM snapshots \n'
        "WHERE rowid > :after AND (coalesce(CASE WHEN (json_valid(snapshots.payload) = :json_valid_2) THEN json_type(snapshots.payload) END, :coalesce_3) != :coalesce_4 OR (snapshots.payload GLOB '*[^' || char(1) || '-' || char(127) || ']*')) ORDER BY rowid\n"
        ' LIMIT :limit OFFSET :param_1',
        {'json_valid_1': 1, 'coalesce_1': '', 'coalesce_2': 'object', 'json_valid_2': 1, 'coalesce_3': '', 'coalesce_4': 'object', 'param_1': 0},
    ),
    'payload_wrong_types': (
        '\n'
        '        SELECT session_id, name, payload FROM snapshots\n'
        '        WHERE CASE WHEN json_valid(payload) THEN\n'
        "              CASE WHEN json_type(payload) = 'object' THEN EXISTS (\n"
        '                  SELECT 1 FROM json_each(snapshots.payload) AS f\n'
        '                  WHERE CASE\n'
        "                      WHEN f.key IN ('title', 'objective', 'summary', 'currentPlan', 'notes', 'status') THEN f.type <> 'text'\n"
        "                      WHEN f.key IN ('synthesized') THEN f.type NOT IN ('true', 'false')\n"
        "                      WHEN f.key IN ('completedSteps', 'nextSteps', 'blockers', 'filesTouched') THEN\n"
        "                          CASE WHEN f.type = 'array' THEN EXISTS (\n"
        "                              SELECT 1 FROM json_each(f.value) AS i WHERE i.type <> 'text'\n"
        '                          ) ELSE 1 END\n'
        '                      ELSE 0 END\n'
        '              ) END END\n'
        '        ORDER BY session_id, captured_at, name\n'
        '        ',
        {},
    ),
    'payloads': (
        'SELECT snapshots.id, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE likely(snapshots.session_id = :session_id) AND snapshots.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'project': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at, projects.updated_at \n'
        'FROM projects \n'
        'WHERE projects.id = :project_id',
        {},
    ),
    'project_links': (
        'SELECT sessions.id, sessions.parent_id \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND sessions.parent_id IS NOT NULL AND (EXISTS (SELECT :param_1 AS anon_1 \n'
        'FROM sessions AS parent \n'
        'WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id))',
        {'param_1': 1},
    ),
    'project_sessions_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id',
        {},
    ),
    'projects_by_name': (
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
        ' LIMIT :param_1 OFFSET :param_3))) AS last_activity, lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) AS sort_name \n'
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_1.id \n'
        'FROM (SELECT projects.id AS id \n'
        'FROM projects ORDER BY lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) ASC, projects.id ASC\n'
        ' LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY sort_name ASC, projects.id ASC',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'rtrim_1': '/', 'replace_1': '/', 'replace_2': '', 'length_1': 1, 'param_4': 0},
    ),
    'projects_by_name/after': (
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
        ' LIMIT :param_1 OFFSET :param_3))) AS last_activity, lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) AS sort_name \n'
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_1.id \n'
        'FROM (SELECT projects.id AS id \n'
        'FROM projects \n'
        'WHERE lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) > :after_name OR lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) = :after_name AND projects.id > :after_id ORDER BY lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) ASC, projects.id ASC\n'
        ' LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY sort_name ASC, projects.id ASC',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'rtrim_1': '/', 'replace_1': '/', 'replace_2': '', 'length_1': 1, 'param_4': 0},
    ),
    'projects_by_name/after/match': (
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
        ' LIMIT :param_1 OFFSET :param_3))) AS last_activity, lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) AS sort_name \n'
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_1.id \n'
        'FROM (SELECT projects.id AS id \n'
        'FROM projects \n'
        "WHERE (projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\') AND (lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) > :after_name OR lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) = :after_name AND projects.id > :after_id) ORDER BY lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) ASC, projects.id ASC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY sort_name ASC, projects.id ASC',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'rtrim_1': '/', 'replace_1': '/', 'replace_2': '', 'length_1': 1, 'param_4': 0},
    ),
    'projects_by_name/match': (
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
        ' LIMIT :param_1 OFFSET :param_3))) AS last_activity, lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) AS sort_name \n'
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_1.id \n'
        'FROM (SELECT projects.id AS id \n'
        'FROM projects \n'
        "WHERE projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\' ORDER BY lower(substr(rtrim(projects.directory, :rtrim_1), length(rtrim(rtrim(projects.directory, :rtrim_1), replace(rtrim(projects.directory, :rtrim_1), :replace_1, :replace_2))) + :length_1)) ASC, projects.id ASC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY sort_name ASC, projects.id ASC',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'rtrim_1': '/', 'replace_1': '/', 'replace_2': '', 'length_1': 1, 'param_4': 0},
    ),
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
    'projects_page/after': (
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
        "WHERE substr(projects.updated_at, :substr_7, :substr_8) = '-' AND projects.updated_at <= :after_at AND (projects.updated_at < :after_at OR projects.id < :after_id) ORDER BY projects.updated_at DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT projects.id AS id, CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END AS sort_at \n"
        'FROM projects \n'
        "WHERE substr(projects.updated_at, :substr_7, :substr_8) != '-' AND CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END <= :after_at AND (CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END < :after_at OR projects.id < :after_id) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_5) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_6) AS anon_1) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'substr_5': 5, 'substr_6': 1, 'substr_7': 5, 'substr_8': 1, 'param_4': 0, 'substr_9': 5, 'substr_10': 1, 'param_5': 0, 'param_6': 0},
    ),
    'projects_page/after/match': (
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
        "WHERE (projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\') AND substr(projects.updated_at, :substr_7, :substr_8) = '-' AND projects.updated_at <= :after_at AND (projects.updated_at < :after_at OR projects.id < :after_id) ORDER BY projects.updated_at DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT projects.id AS id, CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END AS sort_at \n"
        'FROM projects \n'
        "WHERE (projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\') AND substr(projects.updated_at, :substr_7, :substr_8) != '-' AND CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END <= :after_at AND (CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END < :after_at OR projects.id < :after_id) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_5) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_6) AS anon_1) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'substr_5': 5, 'substr_6': 1, 'substr_7': 5, 'substr_8': 1, 'param_4': 0, 'substr_9': 5, 'substr_10': 1, 'param_5': 0, 'param_6': 0},
    ),
    'projects_page/match': (
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
        "WHERE (projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\') AND substr(projects.updated_at, :substr_7, :substr_8) = '-' ORDER BY projects.updated_at DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_4) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT projects.id AS id, CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END AS sort_at \n"
        'FROM projects \n'
        "WHERE (projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\') AND substr(projects.updated_at, :substr_7, :substr_8) != '-' ORDER BY CASE WHEN (substr(projects.updated_at, :substr_9, :substr_10) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC\n"
        ' LIMIT :limit OFFSET :param_5) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_6) AS anon_1) ORDER BY CASE WHEN (substr(projects.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(projects.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE projects.updated_at END DESC, projects.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'substr_5': 5, 'substr_6': 1, 'substr_7': 5, 'substr_8': 1, 'param_4': 0, 'substr_9': 5, 'substr_10': 1, 'param_5': 0, 'param_6': 0},
    ),
    'projects_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM projects',
        {},
    ),
    'projects_total/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM projects \n'
        "WHERE projects.id LIKE :pattern ESCAPE '\\' OR projects.directory LIKE :pattern ESCAPE '\\' OR projects.canonical LIKE :pattern ESCAPE '\\'",
        {},
    ),
    'prune_order': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'push_checkpoint_keys': (
        'SELECT checkpoints.session_id, checkpoints.updated_at \n'
        'FROM checkpoints',
        {},
    ),
    'push_checkpoints': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints',
        {},
    ),
    'push_checkpoints_by_session': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'push_projects': (
        'SELECT projects.id, projects.directory, projects.canonical, projects.created_at, projects.updated_at \n'
        'FROM projects',
        {},
    ),
    'push_sessions': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at \n'
        'FROM sessions',
        {},
    ),
    'push_snapshot_keys': (
        'SELECT snapshots.id, snapshots.restored_at \n'
        'FROM snapshots',
        {},
    ),
    'push_snapshots': (
        'SELECT snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots',
        {},
    ),
    'push_snapshots_by_id': (
        'SELECT snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
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
    'roots_page/after': (
        'SELECT anon_1.id, anon_1.project_id, anon_1.parent_id, anon_1.title, anon_1.created_at, anon_1.updated_at, anon_1.snapshot_count, anon_1.status, anon_1.checkpoint_title, anon_1.synthesized, anon_1.has_checkpoint, anon_1.sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.project_id AS project_id, sessions.parent_id AS parent_id, sessions.title AS title, sessions.created_at AS created_at, sessions.updated_at AS updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status AS status, checkpoints.title AS checkpoint_title, checkpoints.synthesized AS synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, sessions.updated_at AS sort_at \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_2 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_1, :substr_2) = '-' AND sessions.updated_at <= :after_at AND (sessions.updated_at < :after_at OR sessions.id < :after_id) ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_1 UNION ALL SELECT anon_3.id, anon_3.project_id, anon_3.parent_id, anon_3.title, anon_3.created_at, anon_3.updated_at, anon_3.snapshot_count, anon_3.status, anon_3.checkpoint_title, anon_3.synthesized, anon_3.has_checkpoint, anon_3.sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.project_id AS project_id, sessions.parent_id AS parent_id, sessions.title AS title, sessions.created_at AS created_at, sessions.updated_at AS updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status AS status, checkpoints.title AS checkpoint_title, checkpoints.synthesized AS synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_2 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_3) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_4',
        {'param_1': 1, 'substr_1': 5, 'substr_2': 1, 'param_2': 0, 'substr_3': 5, 'substr_4': 1, 'param_3': 0, 'param_4': 0},
    ),
    'roots_page_keyed': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_3 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 UNION ALL SELECT anon_4.id AS id, anon_4.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_3 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_3) AS anon_4 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'substr_5': 5, 'substr_6': 1, 'param_3': 0, 'param_4': 0},
    ),
    'roots_page_keyed/after': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_3 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' AND sessions.updated_at <= :after_at AND (sessions.updated_at < :after_at OR sessions.id < :after_id) ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 UNION ALL SELECT anon_4.id AS id, anon_4.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_3 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' AND CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_3) AS anon_4 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_4) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'substr_5': 5, 'substr_6': 1, 'param_3': 0, 'param_4': 0},
    ),
    'search_batch': (
        'SELECT snapshots.rowid AS src, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.rowid > :low AND snapshots.rowid <= :high ORDER BY snapshots.rowid\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'search_checkpoint_stamps': (
        'SELECT checkpoints.session_id, checkpoints.updated_at \n'
        'FROM checkpoints',
        {},
    ),
    'search_checkpoints_by_ids': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'search_checkpoints_listed': (
        'SELECT group_concat(length(checkpoints.session_id) || :length_1 || checkpoints.session_id || length(checkpoints.updated_at) || :param_1 || checkpoints.updated_at, :group_concat_2) AS group_concat_1 \n'
        'FROM checkpoints',
        {'length_1': ':', 'param_1': ':', 'group_concat_2': ''},
    ),
    'search_count': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots',
        {},
    ),
    'search_docs_checkpoints': (
        'SELECT checkpoints.session_id, checkpoints.project_id, checkpoints.title, checkpoints.objective, checkpoints.status, checkpoints.summary, checkpoints.current_plan, checkpoints.completed_steps, checkpoints.next_steps, checkpoints.blockers, checkpoints.files_touched, checkpoints.notes, checkpoints.schema_version, checkpoints.synthesized, checkpoints.created_at, checkpoints.updated_at, sessions.title AS session_title, projects.directory AS project_dir \n'
        'FROM checkpoints LEFT OUTER JOIN sessions ON sessions.id = checkpoints.session_id LEFT OUTER JOIN projects ON projects.id = checkpoints.project_id \n'
        'WHERE checkpoints.session_id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'search_docs_snapshots': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.payload, sessions.title, projects.directory \n'
        'FROM snapshots LEFT OUTER JOIN sessions ON sessions.id = snapshots.session_id LEFT OUTER JOIN projects ON projects.id = snapshots.project_id \n'
        'WHERE snapshots.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'search_labels': (
        'SELECT :param_1 AS anon_1, sessions.id, sessions.title \n'
        'FROM sessions \n'
        'WHERE sessions.id IN (SELECT anon_2.value \n'
        'FROM json_each(:session_ids) AS anon_2) UNION ALL SELECT :param_2 AS anon_3, projects.id, projects.directory \n'
        'FROM projects \n'
        'WHERE projects.id IN (SELECT anon_4.value \n'
        'FROM json_each(:project_ids) AS anon_4) UNION ALL SELECT :param_3 AS anon_5, snapshots.id, NULL AS anon_6 \n'
        'FROM snapshots \n'
        'WHERE snapshots.id IN (SELECT anon_7.value \n'
        'FROM json_each(:snapshot_ids) AS anon_7) UNION ALL SELECT :param_4 AS anon_8, checkpoints.session_id, checkpoints.updated_at \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id IN (SELECT anon_9.value \n'
        'FROM json_each(:checkpoint_ids) AS anon_9)',
        {'param_1': 0, 'param_2': 1, 'param_3': 2, 'param_4': 3},
    ),
    'search_max_rowid': (
        'SELECT coalesce(max(snapshots.rowid), :coalesce_2) AS coalesce_1 \n'
        'FROM snapshots',
        {'coalesce_2': 0},
    ),
    'search_rowids': (
        'SELECT snapshots.rowid, snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.rowid > :low AND snapshots.rowid <= :high',
        {},
    ),
    'search_session_rowids': (
        'SELECT snapshots.id, snapshots.rowid \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id',
        {},
    ),
    'search_session_sums': (
        'SELECT snapshots.session_id, count(*) AS count_1, total(snapshots.rowid) AS total_1 \n'
        'FROM snapshots GROUP BY snapshots.session_id',
        {},
    ),
    'search_snapshot_at': (
        'SELECT snapshots.rowid AS src, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.rowid = :src',
        {},
    ),
    'search_snapshot_by_id': (
        'SELECT snapshots.rowid AS src, snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.id = :id',
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
    'session_exists': (
        'SELECT sessions.id \n'
        'FROM sessions \n'
        'WHERE sessions.id = :session_id',
        {},
    ),
    'session_kinds': (
        'SELECT DISTINCT snapshots.kind \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id ORDER BY snapshots.kind',
        {},
    ),
    'sessions_by_ids': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.value \n'
        "FROM json_each(:ids) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'sessions_by_status': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END AS sort_status, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_7 AS anon_1 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) ORDER BY CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_8) ORDER BY sort_status ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'param_1': 5, 'status_1': 'blocked', 'param_2': 0, 'status_2': 'in_progress', 'param_3': 1, 'status_3': 'done', 'param_4': 2, 'status_4': 'abandoned', 'param_5': 3, 'param_6': 4, 'substr_1': 5, 'substr_2': 1, 'param_7': 1, 'substr_3': 5, 'substr_4': 1, 'param_8': 0},
    ),
    'sessions_by_status/after': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END AS sort_status, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_7 AS anon_1 \n'
        'FROM sessions AS parent \n'
        "WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND (CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END > :after_rank OR CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END = :after_rank AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END = :after_at AND sessions.id < :after_id)) ORDER BY CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_8) ORDER BY sort_status ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'param_1': 5, 'status_1': 'blocked', 'param_2': 0, 'status_2': 'in_progress', 'param_3': 1, 'status_3': 'done', 'param_4': 2, 'status_4': 'abandoned', 'param_5': 3, 'param_6': 4, 'substr_1': 5, 'substr_2': 1, 'param_7': 1, 'substr_3': 5, 'substr_4': 1, 'param_8': 0},
    ),
    'sessions_by_status/after/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END AS sort_status, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND (CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END > :after_rank OR CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END = :after_rank AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END = :after_at AND sessions.id < :after_id)) ORDER BY CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_7) ORDER BY sort_status ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'param_1': 5, 'status_1': 'blocked', 'param_2': 0, 'status_2': 'in_progress', 'param_3': 1, 'status_3': 'done', 'param_4': 2, 'status_4': 'abandoned', 'param_5': 3, 'param_6': 4, 'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_7': 0},
    ),
    'sessions_by_status/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END AS sort_status, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') ORDER BY CASE WHEN (checkpoints.session_id IS NULL) THEN :param_1 WHEN (checkpoints.status = :status_1) THEN :param_2 WHEN (checkpoints.status = :status_2) THEN :param_3 WHEN (checkpoints.status = :status_3) THEN :param_4 WHEN (checkpoints.status = :status_4) THEN :param_5 ELSE :param_6 END ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_7) ORDER BY sort_status ASC, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'param_1': 5, 'status_1': 'blocked', 'param_2': 0, 'status_2': 'in_progress', 'param_3': 1, 'status_3': 'done', 'param_4': 2, 'status_4': 'abandoned', 'param_5': 3, 'param_6': 4, 'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_7': 0},
    ),
    'sessions_by_title': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) AS sort_title, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_1 \n'
        'FROM sessions AS parent \n'
        'WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) ORDER BY lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) ASC, sessions.id ASC\n'
        ' LIMIT :limit OFFSET :param_2) ORDER BY sort_title ASC, sessions.id ASC',
        {'nullif_1': '', 'coalesce_1': '', 'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0},
    ),
    'sessions_by_title/after': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) AS sort_title, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.project_id = :project_id AND NOT (EXISTS (SELECT :param_1 AS anon_1 \n'
        'FROM sessions AS parent \n'
        'WHERE parent.id = sessions.parent_id AND parent.project_id = sessions.project_id)) AND (lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) > :after_title OR lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) = :after_title AND sessions.id > :after_id) ORDER BY lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) ASC, sessions.id ASC\n'
        ' LIMIT :limit OFFSET :param_2) ORDER BY sort_title ASC, sessions.id ASC',
        {'nullif_1': '', 'coalesce_1': '', 'substr_1': 5, 'substr_2': 1, 'param_1': 1, 'param_2': 0},
    ),
    'sessions_by_title/after/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) AS sort_title, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND (lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) > :after_title OR lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) = :after_title AND sessions.id > :after_id) ORDER BY lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) ASC, sessions.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) ORDER BY sort_title ASC, sessions.id ASC',
        {'nullif_1': '', 'coalesce_1': '', 'substr_1': 5, 'substr_2': 1, 'param_1': 0},
    ),
    'sessions_by_title/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) AS sort_title, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT sessions.id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') ORDER BY lower(coalesce(nullif(sessions.title, :nullif_1), checkpoints.title, :coalesce_1)) ASC, sessions.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) ORDER BY sort_title ASC, sessions.id ASC',
        {'nullif_1': '', 'coalesce_1': '', 'substr_1': 5, 'substr_2': 1, 'param_1': 0},
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
    'sessions_page/after': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        "WHERE CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'sessions_page/after/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'sessions_page/after/match/of_project': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' AND sessions.updated_at <= :after_at AND (sessions.updated_at < :after_at OR sessions.id < :after_id) ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' AND CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_3) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0, 'substr_5': 5, 'substr_6': 1, 'param_2': 0, 'param_3': 0},
    ),
    'sessions_page/after/of_project': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions \n'
        "WHERE sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' AND sessions.updated_at <= :after_at AND (sessions.updated_at < :after_at OR sessions.id < :after_id) ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions \n'
        "WHERE sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' AND CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END <= :after_at AND (CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END < :after_at OR sessions.id < :after_id) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_3) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0, 'substr_5': 5, 'substr_6': 1, 'param_2': 0, 'param_3': 0},
    ),
    'sessions_page/match': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\' ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        " LIMIT :limit OFFSET :param_1) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0},
    ),
    'sessions_page/match/of_project': (
        'SELECT sessions.id, sessions.project_id, sessions.parent_id, sessions.title, sessions.created_at, sessions.updated_at, (SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = sessions.id) AS snapshot_count, checkpoints.status, checkpoints.title AS checkpoint_title, checkpoints.synthesized, checkpoints.session_id IS NOT NULL AS has_checkpoint, CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        'WHERE sessions.id IN (SELECT anon_1.id \n'
        'FROM (SELECT anon_2.id AS id, anon_2.sort_at AS sort_at \n'
        'FROM (SELECT sessions.id AS id, sessions.updated_at AS sort_at \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) = '-' ORDER BY sessions.updated_at DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_2 UNION ALL SELECT anon_3.id AS id, anon_3.sort_at AS sort_at \n'
        "FROM (SELECT sessions.id AS id, CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END AS sort_at \n"
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND sessions.project_id = :project_id AND substr(sessions.updated_at, :substr_3, :substr_4) != '-' ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_5, :substr_6) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_3 ORDER BY sort_at DESC, id DESC\n'
        " LIMIT :limit OFFSET :param_3) AS anon_1) ORDER BY CASE WHEN (substr(sessions.updated_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(sessions.updated_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE sessions.updated_at END DESC, sessions.id DESC",
        {'substr_1': 5, 'substr_2': 1, 'substr_3': 5, 'substr_4': 1, 'param_1': 0, 'substr_5': 5, 'substr_6': 1, 'param_2': 0, 'param_3': 0},
    ),
    'sessions_page/of_project': (
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
    'sessions_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM sessions',
        {},
    ),
    'sessions_total/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT sessions.id AS id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\'\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'sessions_total/match/of_project': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT sessions.id AS id \n'
        'FROM sessions LEFT OUTER JOIN checkpoints ON checkpoints.session_id = sessions.id \n'
        "WHERE (sessions.id LIKE :pattern ESCAPE '\\' OR sessions.title LIKE :pattern ESCAPE '\\' OR checkpoints.title LIKE :pattern ESCAPE '\\' OR checkpoints.objective LIKE :pattern ESCAPE '\\' OR checkpoints.summary LIKE :pattern ESCAPE '\\' OR checkpoints.current_plan LIKE :pattern ESCAPE '\\' OR checkpoints.next_steps LIKE :pattern ESCAPE '\\' OR checkpoints.completed_steps LIKE :pattern ESCAPE '\\' OR checkpoints.blockers LIKE :pattern ESCAPE '\\' OR checkpoints.files_touched LIKE :pattern ESCAPE '\\' OR checkpoints.notes LIKE :pattern ESCAPE '\\') AND sessions.project_id = :project_id\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'sessions_total/of_project': (
        'SELECT count(*) AS count_1 \n'
        'FROM sessions \n'
        'WHERE sessions.project_id = :project_id',
        {},
    ),
    'sessions_without_checkpoint': (
        'SELECT sessions.id \n'
        'FROM sessions \n'
        'WHERE NOT (EXISTS (SELECT checkpoints.session_id \n'
        'FROM checkpoints \n'
        'WHERE checkpoints.session_id = sessions.id)) ORDER BY sessions.id',
        {},
    ),
    'snapshot': (
        'SELECT snapshots.id, snapshots.session_id, snapshots.project_id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.payload, snapshots.schema_version, snapshots.restored_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND (snapshots.name = :name OR snapshots.id = :name)',
        {},
    ),
    'snapshot_named': (
        'SELECT snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.name = :name',
        {},
    ),
    'snapshots_last': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/exclude': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/exclude/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/exclude/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/exclude/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/before/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at >= :after_at AND (snapshots.captured_at > :after_at OR snapshots.id > :after_id) ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END >= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END > :after_at OR snapshots.id > :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/exclude': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/exclude/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/exclude/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/exclude/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_last/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END ASC, snapshots.id ASC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at ASC, id ASC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
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
    'snapshots_page/after': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/exclude': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/exclude/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/exclude/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/exclude/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/after/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' AND CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END <= :after_at AND (CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END < :after_at OR snapshots.id < :after_id) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/exclude': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/exclude/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/exclude/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/exclude/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/kinds': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/kinds/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_page/match': (
        'SELECT anon_1.id, anon_1.session_id, anon_1.project_id, anon_1.name, anon_1.kind, anon_1.captured_at, anon_1.schema_version, anon_1.restored_at, anon_1.sort_at \n'
        'FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, snapshots.captured_at AS sort_at \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) = '-' ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_1) AS anon_1 UNION ALL SELECT anon_2.id, anon_2.session_id, anon_2.project_id, anon_2.name, anon_2.kind, anon_2.captured_at, anon_2.schema_version, anon_2.restored_at, anon_2.sort_at \n'
        "FROM (SELECT snapshots.id AS id, snapshots.session_id AS session_id, snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, snapshots.restored_at AS restored_at, CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS sort_at \n"
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\') AND substr(snapshots.captured_at, :substr_1, :substr_2) != '-' ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_3, :substr_4) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END DESC, snapshots.id DESC\n"
        ' LIMIT :limit OFFSET :param_2) AS anon_2 ORDER BY sort_at DESC, id DESC\n'
        ' LIMIT :limit OFFSET :param_3',
        {'substr_1': 5, 'substr_2': 1, 'param_1': 0, 'substr_3': 5, 'substr_4': 1, 'param_2': 0, 'param_3': 0},
    ),
    'snapshots_present': (
        'SELECT snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.id IN (SELECT anon_1.value \n'
        'FROM json_each(:ids) AS anon_1)',
        {},
    ),
    'snapshots_total': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id',
        {},
    ),
    'snapshots_total/exclude': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7))',
        {},
    ),
    'snapshots_total/exclude/kinds': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7))',
        {},
    ),
    'snapshots_total/exclude/kinds/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT snapshots.id AS id \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\')\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'snapshots_total/exclude/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT snapshots.id AS id \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.kind NOT IN (:exclude_0, :exclude_1, :exclude_2, :exclude_3, :exclude_4, :exclude_5, :exclude_6, :exclude_7)) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\')\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'snapshots_total/kinds': (
        'SELECT count(*) AS count_1 \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7)',
        {},
    ),
    'snapshots_total/kinds/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT snapshots.id AS id \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND snapshots.kind IN (:kind_0, :kind_1, :kind_2, :kind_3, :kind_4, :kind_5, :kind_6, :kind_7) AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\')\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'snapshots_total/match': (
        'SELECT count(*) AS count_1 \n'
        'FROM (SELECT snapshots.id AS id \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id AND (snapshots.name LIKE :pattern ESCAPE '\\' OR snapshots.kind LIKE :pattern ESCAPE '\\' OR snapshots.payload LIKE :pattern ESCAPE '\\')\n"
        ' LIMIT :count_bound OFFSET :param_1) AS anon_1',
        {'param_1': 0},
    ),
    'stored_time': (
        'SELECT snapshots.captured_at, snapshots.id \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.id = :snapshot_id',
        {},
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
    'summary_ends': (
        "SELECT CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END AS at, snapshots.id \n"
        'FROM snapshots \n'
        'WHERE likely(snapshots.session_id = :session_id) AND snapshots.id IN (SELECT anon_1.value \n'
        "FROM json_each(:ids) AS anon_1) ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END, snapshots.id",
        {'substr_1': 5, 'substr_2': 1},
    ),
    'summary_first_at': (
        'SELECT snapshots.captured_at \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at >= :start ORDER BY snapshots.captured_at\n'
        ' LIMIT :param_1 OFFSET :param_2',
        {'param_1': 1, 'param_2': 0},
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
    'summary_walk_iso': (
        'SELECT snapshots.id, snapshots.payload \n'
        'FROM snapshots \n'
        'WHERE snapshots.session_id = :session_id AND snapshots.captured_at <= :after_at AND (snapshots.captured_at < :after_at OR snapshots.id < :after_id) ORDER BY snapshots.captured_at DESC, snapshots.id DESC\n'
        ' LIMIT :limit OFFSET :param_1',
        {'param_1': 0},
    ),
    'timeline_points': (
        'SELECT snapshots.id, snapshots.name, snapshots.kind, snapshots.captured_at, snapshots.restored_at, json_valid(snapshots.payload) AS valid, CASE WHEN json_valid(snapshots.payload) THEN CASE WHEN (json_type(snapshots.payload, :json_type_1) IS NULL) THEN :param_1 WHEN (json_type(snapshots.payload, :json_type_1) = :json_type_2) THEN json_extract(snapshots.payload, :json_extract_1) END END AS status, CASE WHEN json_valid(snapshots.payload) THEN CASE WHEN (json_type(snapshots.payload, :json_type_3) IS NULL) THEN :param_2 WHEN (json_type(snapshots.payload, :json_type_3) = :json_type_4) THEN json_array_length(snapshots.payload, :json_array_length_1) END END AS done, CASE WHEN json_valid(snapshots.payload) THEN CASE WHEN (json_type(snapshots.payload, :json_type_5) IS NULL) THEN :param_3 WHEN (json_type(snapshots.payload, :json_type_5) = :json_type_6) THEN json_array_length(snapshots.payload, :json_array_length_2) END END AS next, CASE WHEN json_valid(snapshots.payload) THEN CASE WHEN (json_type(snapshots.payload, :json_type_7) IS NULL) THEN :param_4 WHEN (json_type(snapshots.payload, :json_type_7) = :json_type_8) THEN json_array_length(snapshots.payload, :json_array_length_3) END END AS blockers \n'
        'FROM snapshots \n'
        "WHERE snapshots.session_id = :session_id ORDER BY CASE WHEN (substr(snapshots.captured_at, :substr_1, :substr_2) != '-') THEN strftime('%Y-%m-%dT%H:%M:%fZ', CAST(snapshots.captured_at AS INTEGER) / (1000.0 + 0.0), 'unixepoch') ELSE snapshots.captured_at END, snapshots.id",
        {'json_type_1': '$.status', 'param_1': 'in_progress', 'json_type_2': 'text', 'json_extract_1': '$.status', 'json_type_3': '$.completedSteps', 'param_2': 0, 'json_type_4': 'array', 'json_array_length_1': '$.completedSteps', 'json_type_5': '$.nextSteps', 'param_3': 0, 'json_type_6': 'array', 'json_array_length_2': '$.nextSteps', 'json_type_7': '$.blockers', 'param_4': 0, 'json_type_8': 'array', 'json_array_length_3': '$.blockers', 'substr_1': 5, 'substr_2': 1},
    ),
    'timeline_saves': (
        'SELECT snapshots.session_id, snapshots.captured_at \n'
        'FROM sessions JOIN snapshots ON snapshots.session_id = sessions.id \n'
        "WHERE sessions.project_id = :project_id AND (snapshots.captured_at >= :since OR substr(snapshots.captured_at, :substr_1, :substr_2) != '-')",
        {'substr_1': 5, 'substr_2': 1},
    ),
}
