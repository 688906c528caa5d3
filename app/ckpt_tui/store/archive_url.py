"""Where the archive is: its URL, as a person gives it and as it is shown.

The URL is libpq's (``postgresql://user@host:5432/db?sslmode=require``);
whatever it leaves out, libpq takes from its usual ``PG*`` variables
(``PGHOST``, ``PGUSER``, ``PGPASSWORD``, ``PGSSLMODE``...) and the password
from ``~/.pgpass``, so ``postgresql://`` alone means "libpq's defaults".
Every query parameter (``sslmode``, ``sslrootcert``, ``connect_timeout``...)
is handed to libpq as it is.

A password may be in the URL; it is never shown: :func:`redacted` is the
only form of a URL that reaches output, logs or errors, and :func:`scrub`
takes the password out of any text that might quote it (a driver's error).
No SQLAlchemy here: ``config show`` redacts without importing it.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

from ckpt_tui.errors import CkptError

#: The schemes accepted, all meaning PostgreSQL through libpq.
SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")
ENV = "CKPT_ARCHIVE_URL"
HIDDEN = "***"


class ArchiveUrlError(CkptError):
    """A URL that is not a PostgreSQL URL (said without its password)."""


def resolve(given: str | None, env: dict[str, str], configured: str | None) -> str | None:
    """The archive URL in force: the one given, else ``$CKPT_ARCHIVE_URL``,
    else the config's ``archive.url``; ``None`` when there is none."""
    for url in (given, env.get(ENV), configured):
        if url and url.strip():
            return url.strip()
    return None


def _join(scheme: str, netloc: str, path: str, query: str, fragment: str) -> str:
    """``urlunsplit`` that keeps ``//`` when the authority is empty
    (``postgresql://`` alone means "libpq's defaults")."""
    return (
        f"{scheme}://{netloc}{path}"
        + (f"?{query}" if query else "")
        + (f"#{fragment}" if fragment else "")
    )


def _split(url: str):
    parts = urlsplit(url)
    if parts.scheme.lower() not in SCHEMES:
        raise ArchiveUrlError(
            f"not a PostgreSQL URL: {redacted(url)!r} (expected postgresql://USER@HOST/DB)"
        )
    return parts


def driver_url(url: str) -> str:
    """The URL for SQLAlchemy's psycopg dialect: the same, with its scheme."""
    parts = _split(url)
    return _join("postgresql+psycopg", *parts[1:])


def secrets(url: str) -> list[str]:
    """Every password the URL holds, as written and decoded: what
    :func:`scrub` removes from text."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = []
    if parts.password:
        found += [parts.password, unquote(parts.password)]
    found += [v for k, v in parse_qsl(parts.query, keep_blank_values=True) if k == "password"]
    return [s for s in dict.fromkeys(found) if s]


def redacted(url: str) -> str:
    """The URL with any password replaced by ``***`` (in the authority and
    in a ``password=`` parameter): the only form of it ever shown."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<an unreadable URL>"
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        name = user.split(":", 1)[0]
        netloc = f"{name}:{HIDDEN}@{host}"
    query = parts.query
    if "password" in query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode([(k, HIDDEN if k == "password" else v) for k, v in pairs], safe="*/")
    return _join(parts.scheme, netloc, parts.path, query, parts.fragment)


def scrub(text: str, url: str | None) -> str:
    """``text`` with every password of ``url`` replaced by ``***``."""
    if not url:
        return text
    for secret in secrets(url):
        text = text.replace(secret, HIDDEN)
        text = text.replace(quote(secret, safe=""), HIDDEN)
    return text
