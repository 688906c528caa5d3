"""Shell completion for bash, zsh and fish, generated from the argparse parser.

``ckpt-tui completion SHELL`` walks the parser (every command any module
registers, with its options, positional arguments and help lines) into a
few lookup functions, then appends a small driver written for that shell.
Nothing is listed by hand, so a new command or option is completed as soon
as it is registered. zsh and fish show each command's and option's help
line beside it.

What a value is completed with comes from its placeholder
(:data:`BY_PLACEHOLDER`): SESSION with session ids, SNAPSHOT (and diff's
A and B) with the snapshot names of the session on the line, PROJECT with
project ids, FROM and OTHER with ``SESSION`` or ``SESSION:SNAPSHOT``,
FIELDS and STATUSES with a comma-separated list (a name already in the
list is not offered again), KIND with snapshot kinds, PATH with files, DIR
with directories, ``choices`` with themselves; QUERY, NAME and the like
are free text. An argument can also name its kind outright:
``action.complete = "sessions"``. A placeholder in none of these is a
mistake that ``tests/test_completion.py`` catches.

Ids come from the store through ``ckpt-tui __complete KIND``
(:mod:`ckpt_tui.cli.complete_ids`, answered before any parser is built);
the script passes the ``--db`` given on the line.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from ckpt_tui.fields import FIELDS, STATUSES

SHELLS = ("bash", "zsh", "fish")
#: SPEC 5.2's kinds; a store may hold others, shown as they are.
KINDS = ("auto", "manual", "pre-restore", "compaction", "legacy")
#: Kinds whose candidates come from the store (``ckpt-tui __complete KIND``).
STORE_KINDS = ("sessions", "projects", "snapshots", "refs")
#: A value completed with nothing in particular.
TEXT = "text"

#: Placeholder -> what its value is completed with. Every placeholder of
#: the parser is here (or has ``choices``, or says ``complete``).
BY_PLACEHOLDER = {
    "SESSION": "sessions",
    "SNAPSHOT": "snapshots",
    "A": "snapshots",
    "B": "snapshots",
    "PROJECT": "projects",
    "FROM": "refs",
    "OTHER": "refs",
    "PATH": "file",
    "FILE": "file",
    "DIR": "dir",
    "FIELDS": "fields",
    "FIELD": "fields",
    "STATUSES": "statuses",
    "KIND": "kinds",
    # free text: nothing to offer
    "QUERY": TEXT,
    "NAME": TEXT,
    "N": TEXT,
    "UPDATED_AT": TEXT,
    "IMPORT_ID": TEXT,
    "URL": TEXT,  # a PostgreSQL URL (the archive)
    "ORIGIN": TEXT,  # an archive's origin id
    "ROLE": TEXT,
    "LABEL": TEXT,
    "SECONDS": TEXT,
}


def value_kind(action: argparse.Action) -> str | None:
    """What a value of ``action`` is completed with: a kind above, ``=a b c``
    for a fixed list, or ``None`` for a placeholder nobody mapped."""
    explicit = getattr(action, "complete", None)
    if explicit == "themes":
        return "=" + " ".join(theme_names())
    if explicit:
        return str(explicit)
    if action.choices:
        return "=" + " ".join(str(c) for c in action.choices)
    metavar = action.metavar if isinstance(action.metavar, str) else action.dest
    return BY_PLACEHOLDER.get(str(metavar).upper())


def theme_names() -> list[str]:
    """Textual's themes, for ``--theme``: asked when the script is made."""
    from ckpt_tui.ui.launch import theme_names as names

    return names()


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
    #: a subcommand's or option's help line, shown beside it (zsh, fish)
    help: dict[str, str] = field(default_factory=dict)


def _short_help(text: str | None) -> str:
    """A help line cut for a completion menu: one line, at most 60 characters."""
    if not text or text == argparse.SUPPRESS:
        return ""
    line = " ".join(text.replace("%(default)s", "").replace("%(choices)s", "").split())
    return line if len(line) <= 60 else line[:59].rstrip() + "…"


def walk(parser: argparse.ArgumentParser, path: str = "ckpt-tui") -> list[Node]:
    node = Node(path)
    nodes = [node]
    for action in parser._actions:  # noqa: SLF001 - argparse keeps no public list
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            helps = {choice.dest: choice.help for choice in action._choices_actions}  # noqa: SLF001
            for name, sub in action.choices.items():
                node.subcommands.append(name)
                node.help[name] = _short_help(helps.get(name))
                nodes += walk(sub, f"{path} {name}")
        elif action.option_strings:
            kind = "" if action.nargs == 0 else (value_kind(action) or TEXT)
            for option in action.option_strings:
                node.options[option] = kind
                node.help[option] = _short_help(action.help)
        elif action.nargs != argparse.SUPPRESS:
            node.positionals.append(value_kind(action) or TEXT)
            node.variadic = action.nargs in ("*", "+", argparse.REMAINDER)
    return nodes


def unmapped(parser: argparse.ArgumentParser, path: str = "ckpt-tui") -> list[str]:
    """Every argument whose placeholder :data:`BY_PLACEHOLDER` does not map
    (``ckpt-tui search --project ID``): none, or completion misses it."""
    found = []
    for action in parser._actions:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                found += unmapped(sub, f"{path} {name}")
        elif action.nargs != 0 and action.help != argparse.SUPPRESS and value_kind(action) is None:
            where = action.option_strings[0] if action.option_strings else ""
            found.append(f"{path} {where} {action.metavar or action.dest}".replace("  ", " "))
    return found


def full_parser() -> argparse.ArgumentParser:
    from ckpt_tui.cli.main import build_parser

    return build_parser()


# -- the scripts ---------------------------------------------------------------


def _sh_word(text: str) -> str:
    """``text`` single-quoted for bash and zsh (a quote inside as ``'\\''``)."""
    return "'" + text.replace("'", "'\\''") + "'"


def _case(name: str, rows: list[tuple[str, str]]) -> str:
    """A function that sets ``_ckpt_tui_r`` to the value of its argument's row."""
    body = "".join(f"        {_sh_word(k)}) _ckpt_tui_r={_sh_word(v)} ;;\n" for k, v in rows)
    return f"{name}() {{\n    case \"$1\" in\n{body}        *) _ckpt_tui_r='' ;;\n    esac\n}}\n"


def _sh_tables(nodes: list[Node], *, described: bool) -> str:
    """The lookup functions, in the syntax bash and zsh share. Each sets
    ``_ckpt_tui_r`` (no subshell per lookup). ``described``: also
    ``_ckpt_tui_descs``, each subcommand and option with its help line
    (``word:help`` a line, as zsh's ``_describe`` takes them)."""
    subs = [(n.path, " ".join(n.subcommands)) for n in nodes if n.subcommands]
    opts = [(n.path, " ".join(n.options)) for n in nodes]
    optkind = [(f"{n.path}|{o}", k) for n in nodes for o, k in n.options.items() if k]
    poskind: list[tuple[str, str]] = []
    for n in nodes:
        poskind += [(f"{n.path}|{i}", k) for i, k in enumerate(n.positionals, 1)]
    tables = (
        _case("_ckpt_tui_subs", subs)
        + _case("_ckpt_tui_opts", opts)
        + _case("_ckpt_tui_optkind", optkind)
        + _case("_ckpt_tui_poskind", poskind)
    )
    if described:
        rows = []
        for n in nodes:
            for group, words in (("commands", n.subcommands), ("options", list(n.options))):
                lines = [f"{w}:{n.help.get(w) or w}" for w in words]
                rows.append((f"{n.path}|{group}", "\n".join(lines)))
        tables += _case("_ckpt_tui_descs", rows)
    variadic = [(f"{n.path}|", n.positionals[-1]) for n in nodes if n.variadic]
    if variadic:  # any later position takes the last kind
        rows_text = "".join(
            f"        {_sh_word(k)}*) _ckpt_tui_r={_sh_word(v)} ;;\n" for k, v in variadic
        )
        tables += (
            '_ckpt_tui_poskind_more() {\n    case "$1" in\n'
            + rows_text
            + "        *) _ckpt_tui_r='' ;;\n    esac\n}\n"
        )
    else:
        tables += "_ckpt_tui_poskind_more() { _ckpt_tui_r=''; }\n"
    return tables


_STATIC = {"fields": " ".join(FIELDS), "kinds": " ".join(KINDS), "statuses": " ".join(STATUSES)}

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
        fields|statuses|kinds)
            # a comma-separated list: the names before the last comma stay,
            # and are not offered again
            local all pre='' w
            case $1 in
                fields) all=%(fields)s ;;
                statuses) all=%(statuses)s ;;
                *) all=%(kinds)s ;;
            esac
            [[ $1 != kinds && $3 == *,* ]] && pre=${3%%,*},
            _ckpt_tui_r=''
            for w in ${=all}; do
                [[ ,$pre == *,$w,* ]] || _ckpt_tui_r="$_ckpt_tui_r $pre$w"
            done ;;
        sessions|projects|snapshots|refs)
            [[ $1 == snapshots && -z $_ckpt_tui_session ]] && { _ckpt_tui_r=''; return; }
            local -a cmd
            cmd=("$2" __complete "$1")
            [[ -n $_ckpt_tui_db ]] && cmd+=(--db "$_ckpt_tui_db")
            [[ $1 == snapshots ]] && cmd+=(-- "$_ckpt_tui_session")
            [[ $1 == refs ]] && cmd+=(-- "$3")
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
        commands|options)
            # each with its help line beside it
            _ckpt_tui_descs "$_ckpt_tui_path|$_ckpt_tui_kind"
            [[ -n $_ckpt_tui_r ]] || return 1
            local -a described
            described=("${(@f)_ckpt_tui_r}")
            _describe -t "$_ckpt_tui_kind" "$_ckpt_tui_kind" described ;;
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


def _walk_text(*, zsh: bool) -> str:
    words = {k: _sh_word(v) for k, v in _STATIC.items()}
    text = _SH_WALK % words
    return text if zsh else text.replace("${=all}", "$all")


def bash_script(nodes: list[Node]) -> str:
    return (
        "# bash completion for ckpt-tui (generated by `ckpt-tui completion bash`)\n"
        + _sh_tables(nodes, described=False)
        + _walk_text(zsh=False)
        + _BASH_DRIVER
    )


def zsh_script(nodes: list[Node]) -> str:
    return (
        "#compdef ckpt-tui\n"
        "# zsh completion for ckpt-tui (generated by `ckpt-tui completion zsh`)\n"
        + _sh_tables(nodes, described=True)
        + _walk_text(zsh=True)
        + _ZSH_DRIVER
    )


def script(shell: str, parser: argparse.ArgumentParser | None = None) -> str:
    from ckpt_tui.cli.completion_fish import fish_script

    nodes = walk(parser or full_parser())
    return {"bash": bash_script, "zsh": zsh_script, "fish": fish_script}[shell](nodes)
