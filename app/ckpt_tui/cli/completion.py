"""Shell completion for bash, zsh and fish, generated from the argparse parser.

``ckpt-tui completion SHELL`` walks the parser (every command any module
registers, with its options and positional arguments) into a few lookup
functions, then appends a small driver written for that shell. Nothing is
listed by hand, so a new command or option is completed as soon as it is
registered.

What a value is completed with comes from its placeholder (see
:func:`value_kind`): SESSION with session ids, SNAPSHOT (and diff's A and
B) with the snapshot names of the session on the line, PROJECT with
project ids, FIELDS with field names, KIND with snapshot kinds, PATH with
files, DIR with directories, and ``choices`` with themselves. An argument
can also name its kind outright: ``action.complete = "sessions"``.

Ids come from the store through ``ckpt-tui __complete WHAT`` (handled by
:func:`complete_main` before any parser is built); the script passes the
``--db`` given on the line. Ordinary commands never load this module.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

from ckpt_tui.fields import FIELDS

SHELLS = ("bash", "zsh", "fish")
#: SPEC 5.2's kinds; a store may hold others, shown as they are.
KINDS = ("auto", "manual", "pre-restore", "compaction", "legacy")
#: Kinds whose candidates come from the store (``ckpt-tui __complete KIND``).
STORE_KINDS = ("sessions", "projects", "snapshots")

_BY_PLACEHOLDER = {
    "SESSION": "sessions",
    "SNAPSHOT": "snapshots",
    "A": "snapshots",
    "B": "snapshots",
    "PROJECT": "projects",
    "PATH": "file",
    "FILE": "file",
    "DIR": "dir",
    "FIELDS": "fields",
    "FIELD": "fields",
    "KIND": "kinds",
}


def value_kind(action: argparse.Action) -> str:
    """What a value of ``action`` is completed with: a kind above, ``=a b c``
    for a fixed list, or ``text`` for nothing in particular."""
    explicit = getattr(action, "complete", None)
    if explicit:
        return str(explicit)
    if action.choices:
        return "=" + " ".join(str(c) for c in action.choices)
    metavar = action.metavar if isinstance(action.metavar, str) else action.dest
    return _BY_PLACEHOLDER.get(str(metavar).upper(), "text")


@dataclass
class Node:
    """One command (``ckpt-tui``, ``ckpt-tui list``, ``ckpt-tui list sessions``)."""

    path: str
    subcommands: list[str] = field(default_factory=list)
    #: option string -> value kind, or "" for a flag
    options: dict[str, str] = field(default_factory=dict)
    #: value kind of each positional argument, in order
    positionals: list[str] = field(default_factory=list)
    #: whether the last positional takes any number of values
    variadic: bool = False


def walk(parser: argparse.ArgumentParser, path: str = "ckpt-tui") -> list[Node]:
    node = Node(path)
    nodes = [node]
    for action in parser._actions:  # noqa: SLF001 - argparse keeps no public list
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                node.subcommands.append(name)
                nodes += walk(sub, f"{path} {name}")
        elif action.option_strings:
            kind = "" if action.nargs == 0 else value_kind(action)
            for option in action.option_strings:
                node.options[option] = kind
        elif action.nargs != argparse.SUPPRESS:
            node.positionals.append(value_kind(action))
            node.variadic = action.nargs in ("*", "+", argparse.REMAINDER)
    return nodes


def full_parser() -> argparse.ArgumentParser:
    from ckpt_tui.cli.main import build_parser

    return build_parser()


# -- the scripts ---------------------------------------------------------------


def _sh_word(text: str) -> str:
    """Single-quoted for bash, zsh and fish alike (no quote in our names)."""
    if "'" in text or "\\" in text:
        raise ValueError(f"cannot quote {text!r} for a completion script")
    return f"'{text}'"


def _sh_tables(nodes: list[Node]) -> str:
    """The lookup functions, in the syntax bash and zsh share. Each sets
    ``_ckpt_tui_r`` (no subshell per lookup)."""

    def case(name: str, rows: list[tuple[str, str]]) -> str:
        body = "".join(f"        {_sh_word(k)}) _ckpt_tui_r={_sh_word(v)} ;;\n" for k, v in rows)
        return (
            f"{name}() {{\n    case \"$1\" in\n{body}        *) _ckpt_tui_r='' ;;\n    esac\n}}\n"
        )

    subs = [(n.path, " ".join(n.subcommands)) for n in nodes if n.subcommands]
    opts = [(n.path, " ".join(n.options)) for n in nodes]
    optkind = [(f"{n.path}|{o}", k) for n in nodes for o, k in n.options.items() if k]
    poskind: list[tuple[str, str]] = []
    for n in nodes:
        poskind += [(f"{n.path}|{i}", k) for i, k in enumerate(n.positionals, 1)]
    tables = (
        case("_ckpt_tui_subs", subs)
        + case("_ckpt_tui_opts", opts)
        + case("_ckpt_tui_optkind", optkind)
        + case("_ckpt_tui_poskind", poskind)
    )
    variadic = [(f"{n.path}|", n.positionals[-1]) for n in nodes if n.variadic]
    if variadic:  # any later position takes the last kind
        rows = "".join(
            f"        {_sh_word(k)}*) _ckpt_tui_r={_sh_word(v)} ;;\n" for k, v in variadic
        )
        tables += (
            '_ckpt_tui_poskind_more() {\n    case "$1" in\n'
            + rows
            + "        *) _ckpt_tui_r='' ;;\n    esac\n}\n"
        )
    else:
        tables += "_ckpt_tui_poskind_more() { _ckpt_tui_r=''; }\n"
    return tables


_STATIC = {"fields": " ".join(FIELDS), "kinds": " ".join(KINDS)}

# The walk over the words before the cursor, shared by bash and zsh: which
# command they name, how many positional arguments it has, whether the last
# word is an option waiting for its value, and the --db and session given.
_SH_WALK = r"""
_ckpt_tui_walk() {
    # "$@": the words before the current one, the command itself first
    _ckpt_tui_path=ckpt-tui _ckpt_tui_npos=0 _ckpt_tui_want='' _ckpt_tui_db='' _ckpt_tui_session=''
    local wantopt='' word
    shift
    for word in "$@"; do
        if [[ -n $_ckpt_tui_want ]]; then
            [[ $wantopt == --db ]] && _ckpt_tui_db=$word
            _ckpt_tui_want=''
            continue
        fi
        case $word in
            --db=*) _ckpt_tui_db=${word#--db=}; continue ;;
            --*=*) continue ;;
            -*)
                _ckpt_tui_optkind "$_ckpt_tui_path|$word"
                _ckpt_tui_want=$_ckpt_tui_r wantopt=$word
                continue ;;
        esac
        _ckpt_tui_subs "$_ckpt_tui_path"
        if [[ $_ckpt_tui_npos -eq 0 && " $_ckpt_tui_r " == *" $word "* ]]; then
            _ckpt_tui_path="$_ckpt_tui_path $word"
            continue
        fi
        _ckpt_tui_npos=$((_ckpt_tui_npos + 1))
        _ckpt_tui_kind_at "$_ckpt_tui_npos"
        [[ $_ckpt_tui_r == sessions && -z $_ckpt_tui_session ]] && _ckpt_tui_session=$word
    done
    return 0
}

_ckpt_tui_kind_at() {
    _ckpt_tui_poskind "$_ckpt_tui_path|$1"
    [[ -n $_ckpt_tui_r ]] || _ckpt_tui_poskind_more "$_ckpt_tui_path|$1"
}

# What the current word is completed with: sets _ckpt_tui_kind to "options",
# "commands" or a value kind.
_ckpt_tui_what() {
    if [[ -n $_ckpt_tui_want ]]; then
        _ckpt_tui_kind=$_ckpt_tui_want
    elif [[ $1 == -* ]]; then
        _ckpt_tui_kind=options
    else
        _ckpt_tui_subs "$_ckpt_tui_path"
        if [[ -n $_ckpt_tui_r && $_ckpt_tui_npos -eq 0 ]]; then
            _ckpt_tui_kind=commands
        else
            _ckpt_tui_kind_at "$((_ckpt_tui_npos + 1))"
            _ckpt_tui_kind=$_ckpt_tui_r
        fi
    fi
}

# The words to offer for a kind (not files or directories), in _ckpt_tui_r.
_ckpt_tui_words() {
    # $1: the kind; $2: the command as typed; $3: the current word
    case $1 in
        options) _ckpt_tui_opts "$_ckpt_tui_path" ;;
        commands) _ckpt_tui_subs "$_ckpt_tui_path" ;;
        '='*) _ckpt_tui_r=${1#=} ;;
        fields|kinds)
            local all pre='' w
            [[ $1 == fields ]] && all=%(fields)s || all=%(kinds)s
            [[ $1 == fields && $3 == *,* ]] && pre=${3%%,*},
            _ckpt_tui_r=''
            for w in ${=all}; do _ckpt_tui_r="$_ckpt_tui_r $pre$w"; done ;;
        sessions|projects|snapshots)
            [[ $1 == snapshots && -z $_ckpt_tui_session ]] && { _ckpt_tui_r=''; return; }
            local -a cmd
            cmd=("$2" __complete "$1")
            [[ -n $_ckpt_tui_db ]] && cmd+=(--db "$_ckpt_tui_db")
            [[ $1 == snapshots ]] && cmd+=("$_ckpt_tui_session")
            _ckpt_tui_r=$("${cmd[@]}" 2>/dev/null) ;;
        *) _ckpt_tui_r='' ;;
    esac
}
"""

_BASH_DRIVER = r"""
_ckpt_tui() {
    # Words from the line itself, split on blanks only, so ids with ':' stay whole.
    local line=${COMP_LINE:0:COMP_POINT}
    local -a w
    read -ra w <<< "$line"
    [[ -z $line || $line == *[[:space:]] ]] && w+=("")
    local cur=${w[${#w[@]}-1]}
    _ckpt_tui_walk "${w[@]:0:${#w[@]}-1}"
    _ckpt_tui_what "$cur"
    COMPREPLY=()
    case $_ckpt_tui_kind in
        file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
        dir) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
        *)
            _ckpt_tui_words "$_ckpt_tui_kind" "${w[0]}" "$cur"
            local IFS=$' \t\n'
            COMPREPLY=($(compgen -W "$_ckpt_tui_r" -- "$cur")) ;;
    esac
    # bash replaces only what follows the last ':' (COMP_WORDBREAKS).
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local colon=${cur%"${cur##*:}"} i
        for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$colon"}; done
    fi
    return 0
}
complete -F _ckpt_tui ckpt-tui
"""

_ZSH_DRIVER = r"""
_ckpt_tui() {
    local cur=${words[CURRENT]}
    _ckpt_tui_walk "${(@)words[1,CURRENT-1]}"
    _ckpt_tui_what "$cur"
    case $_ckpt_tui_kind in
        file) _files ;;
        dir) _files -/ ;;
        *)
            _ckpt_tui_words "$_ckpt_tui_kind" "${words[1]}" "$cur"
            local -a found
            found=(${=_ckpt_tui_r})
            compadd -- "${found[@]}" ;;
    esac
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
    _ckpt_tui "$@"
else
    compdef _ckpt_tui ckpt-tui
fi
"""


def bash_script(nodes: list[Node]) -> str:
    walk_text = _SH_WALK.replace("${=all}", "$all") % {
        "fields": _sh_word(_STATIC["fields"]),
        "kinds": _sh_word(_STATIC["kinds"]),
    }
    return (
        "# bash completion for ckpt-tui (generated by `ckpt-tui completion bash`)\n"
        + _sh_tables(nodes)
        + walk_text
        + _BASH_DRIVER
    )


def zsh_script(nodes: list[Node]) -> str:
    walk_text = _SH_WALK % {
        "fields": _sh_word(_STATIC["fields"]),
        "kinds": _sh_word(_STATIC["kinds"]),
    }
    return (
        "#compdef ckpt-tui\n"
        "# zsh completion for ckpt-tui (generated by `ckpt-tui completion zsh`)\n"
        + _sh_tables(nodes)
        + walk_text
        + _ZSH_DRIVER
    )


def script(shell: str, parser: argparse.ArgumentParser | None = None) -> str:
    from ckpt_tui.cli.completion_fish import fish_script

    nodes = walk(parser or full_parser())
    return {"bash": bash_script, "zsh": zsh_script, "fish": fish_script}[shell](nodes)


# -- the hidden command ------------------------------------------------------------


def complete_main(argv: list[str]) -> int:
    """``ckpt-tui __complete sessions|projects [--db PATH]`` and
    ``ckpt-tui __complete snapshots SESSION [--db PATH]``: one candidate a
    line. Silent on any error: a TAB must never print a traceback."""
    what, db, rest = (argv[0] if argv else ""), None, []
    args = iter(argv[1:])
    for arg in args:
        if arg == "--db":
            db = next(args, None)
        elif arg.startswith("--db="):
            db = arg[5:]
        else:
            rest.append(arg)
    if what not in STORE_KINDS:
        return 2
    try:
        from ckpt_tui.core.ids import candidates

        found = candidates(what, db, rest[0] if rest else None)
    except Exception:  # noqa: BLE001 - completion stays silent
        return 1
    out = [c for c in found if c and c.isprintable() and not any(ch.isspace() for ch in c)]
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 0
