"""JSON text exactly as JavaScript's ``JSON.stringify`` writes it (SPEC 3).

The plugin writes every JSON column (the list columns, a snapshot's
``payload``, a ledger's ``details``) with ``JSON.stringify``; whatever
ckpt-tui writes there must be byte-equal to what the plugin would have
written for the same value, so that a store does not drift with each
tool that touched it. :func:`stringify` is the one encoder every write
into the store goes through. Where JavaScript differs from Python's
``json.dumps(ensure_ascii=False, separators=(",", ":"))``:

* a lone surrogate (``"\\ud800"`` decoded by ``json.loads``) is written
  as the escape ``\\ud800`` (lower-case hex), and a high and low
  surrogate side by side are one character (SQLite could not even store
  the raw surrogate as UTF-8);
* numbers: a float prints as JavaScript's ``Number#toString`` does
  (``1.0`` is ``1``, ``1e21`` is ``1e+21``, ``1e-7`` is ``1e-7``,
  ``-0.0`` is ``0``), NaN and the infinities are ``null``, and an integer
  beyond 2**53 is the double JavaScript would hold for it;
* an object's keys that are array indices (``"0"``, ``"17"``) come first,
  in numeric order, then the other keys in insertion order: that is the
  order of a JavaScript object's own keys.

U+2028 and U+2029 are not escaped (``JSON.stringify`` does not either),
nor is anything else beyond what JSON requires.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from json.encoder import encode_basestring  # the C one: keeps non-ASCII as it is
from typing import Any

_MAX_INDEX = 2**32 - 2  # the largest array index of ECMAScript
_SAFE_INT = 2**53


def stringify(value: Any) -> str:
    """``JSON.stringify(value)`` for a value made of ``None``, ``bool``,
    ``int``, ``float``, ``str``, lists/tuples and mappings with string keys."""
    return escape_surrogates(_encode(value))


def escape_surrogates(text: str) -> str:
    """JSON ``text`` with each lone surrogate written as its escape
    (``\\ud800``), as ``JSON.stringify`` does; a high and low side by side
    become the one character they stand for."""
    surrogate, pair = _patterns()
    if surrogate.search(text):
        text = pair.sub(_join_pair, text)
        text = surrogate.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def column_text(value: str) -> str:
    """A string as the plugin's SQLite driver stores a JavaScript string in
    a TEXT column: UTF-8, with a lone surrogate (which UTF-8 cannot hold)
    replaced by U+FFFD, as V8's UTF-8 conversion does."""
    surrogate, pair = _patterns()
    if surrogate.search(value):
        value = pair.sub(_join_pair, value)
        value = surrogate.sub("\ufffd", value)
    return value


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Compiled on first use, not on the way to the app's first frame."""
    return re.compile("[\ud800-\udfff]"), re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _join_pair(m: re.Match[str]) -> str:
    high, low = (ord(c) for c in m.group())
    return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))


def _encode(value: Any) -> str:
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value) if -_SAFE_INT <= value <= _SAFE_INT else _number(value)
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, list | tuple):
        if all(type(item) is str for item in value):  # the list columns: fast path
            return "[" + ",".join(map(encode_basestring, value)) + "]"
        return "[" + ",".join(map(_encode, value)) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_key(k)}:{_encode(value[k])}" for k in _key_order(value)) + "}"
    raise TypeError(f"{type(value).__name__} is not JSON")


def _key(key: object) -> str:
    if not isinstance(key, str):
        raise TypeError(f"object key {key!r} is not a string")
    return encode_basestring(key)


def _is_index(key: object) -> bool:
    """``"0"``, ``"17"``: a canonical array index, which JavaScript orders first."""
    return (
        isinstance(key, str)
        and key.isascii()
        and key.isdigit()
        and (key == "0" or key[0] != "0")
        and len(key) <= 10
        and int(key) <= _MAX_INDEX
    )


def _key_order(mapping: Mapping) -> list:
    keys = list(mapping)
    indices = [k for k in keys if _is_index(k)]
    if not indices:
        return keys
    return sorted(indices, key=int) + [k for k in keys if not _is_index(k)]


def _number(value: int | float) -> str:
    """ECMAScript ``Number::toString`` (radix 10) of ``value`` as a double."""
    try:
        x = float(value)
    except OverflowError:
        return "null"  # beyond a double: Infinity, which JSON.stringify writes as null
    if math.isnan(x) or math.isinf(x):
        return "null"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    from decimal import Decimal  # floats are rare in a payload: off the start-up path

    # repr() gives the shortest digits that round-trip, as JavaScript does.
    _, digit_tuple, exponent = Decimal(repr(abs(x))).as_tuple()
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    trailing = len(digit_tuple) - len(digits)
    k = len(digits)
    n = exponent + trailing + k  # value = 0.digits × 10**n
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"
