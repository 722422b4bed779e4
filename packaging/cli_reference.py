#!/usr/bin/env python3
"""Writes the man pages and bash completions of traindeck and traindeck-trainer
from the programs themselves, at build time.

The single source of each flag is the program's own --help (for traindeck: the
command table in app/main.cpp, each command's options, and core/plan's field
table), so a new command, option or plan field appears in `man traindeck` and
on Tab without anyone copying it. This script only reads help texts of the
shape every TrainDeck --help has:

    Usage: ...                           first line
    Section:                             a heading (the trainer's have no colon)
      TERM [METAVAR]   description       an item: two spaces in, two or more between
                       continuation      deeper indentation, no term

Usage: cli_reference.py --version X --out DIR [--traindeck PATH] [--trainer PATH]
"""

import argparse
import gzip
import os
import re
import subprocess
import sys

# Help in English whatever the builder's locale (issue 13 translates the CLI).
ENV = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", LANGUAGE="en", QT_QPA_PLATFORM="offscreen")

ITEM = re.compile(r"^( {2,6})(\S.*?)(?: {2,}|\t)(\S.*)$")
BARE_ITEM = re.compile(r"^( {2,6})(-\S.*?)\s*$")  # "  --check-sync" with no description
FLAG = re.compile(r"--[a-z0-9][a-z0-9-]*")
CHOICES = re.compile(r"^[A-Za-z0-9_.{}-]+(\|[A-Za-z0-9_.{}-]+)+$")
PATHLIKE = re.compile(r"PATH|FILE|DIR|\.ya?ml", re.I)


def run_help(program, *args):
    done = subprocess.run([program, *args, "--help"], env=ENV, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        sys.exit(f"cli_reference: '{program} {' '.join(args)} --help' exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def parse_help(text):
    """Blocks of a help text: ('usage', line) ('heading', text) ('para', text) ('item', term, desc)."""
    blocks = []
    for line in text.splitlines():
        if not line.strip():
            blocks.append(("blank",))
            continue
        if line.startswith("Usage:") or (blocks and blocks[-1][0] == "usage" and line.startswith("       ")):
            blocks.append(("usage", line[len("Usage:"):].strip() if line.startswith("Usage:") else line.strip()))
            continue
        m = ITEM.match(line) or BARE_ITEM.match(line)
        if m and len(m.group(1)) <= 6:
            desc = m.group(3) if m.re is ITEM else ""
            blocks.append(["item", m.group(2).strip(), desc])
            continue
        if line.startswith(" ") and blocks and blocks[-1][0] == "item" and len(line) - len(line.lstrip()) > 6:
            blocks[-1][2] = (blocks[-1][2] + " " + line.strip()).strip()
            continue
        if not line.startswith(" ") and (line.endswith(":") or (len(line.split()) <= 6 and line[0].isupper()
                                                                 and not line.endswith(".") and "(" not in line[:1])):
            blocks.append(("heading", line.rstrip(":")))
            continue
        blocks.append(("para", line.strip()))
    return blocks


def flags_of(blocks):
    """{flag: value spec} of every option item: None (no value), 'any', 'file', or a list of choices."""
    flags = {}
    section = ""
    for b in blocks:
        if b[0] == "heading":
            section = b[1]
        if b[0] != "item" or not b[1].startswith("-"):
            continue
        term, desc = b[1], b[2]
        words = term.split()
        for i, w in enumerate(words):
            if not FLAG.fullmatch(w):
                continue
            metavar = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else None
            if metavar is None:
                flags[w] = None
                # core/plan's boolean fields also read --no-FLAG (the section says so).
                if "--no-FLAG" in section:
                    flags["--no-" + w[2:]] = None
                continue
            first = desc.split()[0].rstrip(":,") if desc.split() else ""
            if CHOICES.match(metavar):
                flags[w] = [c for c in metavar.split("|") if c.upper() != c or c in ("all",)]
                if any(c.upper() == c for c in metavar.split("|")):
                    flags[w].append("@file")
            elif CHOICES.match(first) and "{" not in first:
                flags[w] = first.split("|")
            elif PATHLIKE.search(metavar) or PATHLIKE.search(w) or re.search(r"\b(directory|path|file)\b", desc):
                flags[w] = ["@file"]
            else:
                flags[w] = ["@any"]
    return flags


# ---- man pages --------------------------------------------------------------------

def roff(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text[:1] in (".", "'"):
        text = "\\&" + text
    return text


def roff_blocks(blocks, program, skip_usage=False):
    out = []
    after_blank = False
    for b in blocks:
        kind = b[0]
        if kind == "blank":
            after_blank = True
            continue
        continues = not after_blank
        after_blank = False
        if kind == "usage":
            if not skip_usage:
                out += [".PP", ".nf", roff(b[1]), ".fi"]
        elif kind == "heading":
            out += [".PP", "\\fB" + roff(b[1]) + "\\fR"]
        elif kind == "para":
            if continues and out and out[-1] not in (".fi",) and not out[-1].startswith(".") and not out[-1].startswith("\\fB"):
                out.append(roff(b[1]))
            else:
                out += [".PP", roff(b[1])]
        elif kind == "item":
            term = b[1]
            parts = [("\\fB" + roff(w) + "\\fR") if w.startswith("-") else ("\\fI" + roff(w) + "\\fR")
                     for w in term.split()] if term.startswith("-") else ["\\fB" + roff(term) + "\\fR"]
            out += [".TP", " ".join(parts), roff(b[2]) if b[2] else ""]
    return out


def man_page(name, version, summary, sections):
    lines = [
        f'.\\" Generated from {name} --help by packaging/cli_reference.py: do not edit.',
        f'.TH {name.upper()} 1 "" "{name} {version}" "User Commands"',
        ".SH NAME",
        f"{roff(name)} \\- {roff(summary)}",
    ]
    for title, body in sections:
        lines.append(f'.SH "{title}"' if " " in title else f".SH {title}")
        lines += body
    return "\n".join(line for line in lines if line != "") + "\n"


def write_gz(path, text):
    # mtime=0 and no file name: the same input gives the same bytes (reproducible .debs).
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
            gz.write(text.encode())


# ---- bash completion --------------------------------------------------------------

def bash_words(items):
    return " ".join(items)


def completion(program, top_flags, commands):
    """commands: {name: flags} (empty for a program without commands)."""
    fn = "_" + program.replace("-", "_")
    value_cases = []
    for cmd, flags in [("", top_flags)] + sorted(commands.items()):
        for flag, spec in sorted(flags.items()):
            if spec is None:
                continue
            value_cases.append(f'        "{cmd} {flag}") echo "{bash_words(spec)}" ;;')
    flag_cases = [f'        {cmd}) echo "{bash_words(sorted(flags))}" ;;' for cmd, flags in sorted(commands.items())]
    lines = [
        f"# bash completion for {program}. Generated at build time from `{program} --help`",
        "# (and each command's --help) by packaging/cli_reference.py: do not edit.",
        "",
        f"# The flags of a command (\"\" for {program} itself).",
        f"{fn}_flags() {{",
        "    case $1 in",
        f'        "") echo "{bash_words(sorted(top_flags))}" ;;',
        *flag_cases,
        "    esac",
        "}",
        "",
        "# What follows a flag: choices, @file, @any (a free value); nothing when it takes none.",
        f"{fn}_value() {{",
        '    case "$1 $2" in',
        *value_cases,
        "    esac",
        "}",
        "",
        f"{fn}() {{",
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" cmd=\"\" i",
        "    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}",
        f'    local commands="{bash_words(sorted(commands))}"',
        "    # The command is the first word after the program that is one of ours.",
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        if [[ " $commands " == *" ${COMP_WORDS[i]} "* ]]; then cmd=${COMP_WORDS[i]}; break; fi',
        "    done",
        "    COMPREPLY=()",
        "    local spec",
        f'    spec=$({fn}_value "$cmd" "$prev")',
        '    if [[ -n $spec && $prev == -* ]]; then',
        "        case $spec in",
        '            @file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;',
        "            @any) ;;",
        '            *) mapfile -t COMPREPLY < <(compgen -W "${spec//@file/}" -- "$cur")',
        '               [[ $spec == *@file* ]] && { compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$cur"); } ;;',
        "        esac",
        "        return 0",
        "    fi",
        "    if [[ $cur == -* ]]; then",
        f'        mapfile -t COMPREPLY < <(compgen -W "$({fn}_flags "$cmd")" -- "$cur")',
        '    elif [[ -z $cmd && -n $commands ]]; then',
        "        # A command, or a plan file to open in the window.",
        '        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")',
        '        compopt -o filenames 2>/dev/null',
        '        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -X "!*.y*ml" -- "$cur"; compgen -d -- "$cur")',
        "    else",
        '        compopt -o filenames 2>/dev/null',
        '        mapfile -t COMPREPLY < <(compgen -f -X "!*.y*ml" -- "$cur"; compgen -d -- "$cur")',
        "    fi",
        "    return 0",
        "}",
        f"complete -F {fn} {program}",
        "",
    ]
    return "\n".join(lines)


# ---- the two programs -------------------------------------------------------------

def commands_of(blocks):
    """The command table that `traindeck --help` prints under 'Commands:'."""
    out, section = [], ""
    for b in blocks:
        if b[0] == "heading":
            section = b[1]
        elif b[0] == "item" and section == "Commands" and not b[1].startswith("-"):
            out.append((b[1], b[2]))
    return out


def traindeck_reference(program, version, out):
    top = parse_help(run_help(program))
    commands = commands_of(top)
    if not commands:
        sys.exit("cli_reference: `traindeck --help` lists no commands")
    per_command = {name: parse_help(run_help(program, name)) for name, _ in commands}

    synopsis = [".nf", "\\fBtraindeck\\fR [\\fB\\-\\-demo\\fR | \\fB\\-\\-open\\fR \\fIFILE\\fR | \\fIPLAN.yaml\\fR]"]
    synopsis += [f"\\fBtraindeck {roff(name)}\\fR [\\fIOPTIONS\\fR]" for name, _ in commands]
    synopsis += ["\\fBtraindeck \\-\\-version\\fR", ".fi"]
    body_commands = []
    for name, summary in commands:
        body_commands += [f'.SS "traindeck {roff(name)}"', roff(summary[:1].upper() + summary[1:]) + "."]
        body_commands += roff_blocks(per_command[name], program)
    # The exit-status rule (a paragraph of `traindeck --help`, wrapped over lines)
    # is the man page's EXIT STATUS.
    description, exit_rule, in_rule = [], [], False
    for b in top:
        in_rule = b[0] == "para" and (in_rule or b[1].startswith("Exit status"))
        (exit_rule if in_rule else description).append(b)
    if not exit_rule:
        sys.exit("cli_reference: `traindeck --help` states no exit-status rule")
    page = man_page("traindeck", version, "plan, generate, launch and watch multi-node GPU training runs", [
        ("SYNOPSIS", synopsis),
        ("DESCRIPTION", roff_blocks([b for b in description if b[0] != "usage"], program)),
        ("COMMANDS", body_commands),
        ("EXIT STATUS", roff_blocks(exit_rule, program) + [".PP", "Each command's own cases follow the rule in its section above."]),
        ("FILES", [".TP", "\\fI~/.config/TrainDeck/TrainDeck.conf\\fR",
                   "The window's settings (interface language, recent files)."]),
        ("SEE ALSO", ["\\fBtraindeck\\-trainer\\fR(1)"]),
    ])
    write_gz(os.path.join(out, "traindeck.1.gz"), page)
    with open(os.path.join(out, "traindeck.bash-completion"), "w") as f:
        f.write(completion("traindeck", flags_of(top), {name: flags_of(per_command[name]) for name, _ in commands}))


def trainer_reference(program, version, out):
    text = run_help(program)
    blocks = parse_help(text)
    # The first line is "traindeck-trainer: SUMMARY", continued up to the first blank line.
    first = []
    for line in text.splitlines():
        if not line.strip():
            break
        first.append(line.strip())
    summary = " ".join(first).split(":", 1)[1].strip()
    rest = blocks[len(first):]
    page = man_page("traindeck-trainer", version, summary.split(" (")[0], [
        ("SYNOPSIS", roff_blocks([b for b in rest if b[0] == "usage"], program)),
        ("DESCRIPTION", [".PP", roff(summary[:1].upper() + summary[1:])] +
         roff_blocks([b for b in rest if b[0] != "usage"], program)),
        ("SEE ALSO", ["\\fBtraindeck\\fR(1)"]),
    ])
    write_gz(os.path.join(out, "traindeck-trainer.1.gz"), page)
    with open(os.path.join(out, "traindeck-trainer.bash-completion"), "w") as f:
        f.write(completion("traindeck-trainer", flags_of(blocks), {}))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--traindeck")
    ap.add_argument("--trainer")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.traindeck:
        traindeck_reference(a.traindeck, a.version, a.out)
    if a.trainer:
        trainer_reference(a.trainer, a.version, a.out)


if __name__ == "__main__":
    main()
