#!/usr/bin/env python3
"""Names that would collide when CMake unity-builds the CUDA sources.

CMake 3.31 and later unity-build .cu files (CMAKE_UNITY_BUILD, which the top
CMakeLists turns on): the .cu files of a target are compiled as one translation unit,
so two files that each define `kThreads` in their anonymous namespace, or each
#define the same macro, stop the build ("has already been defined"). Debian 12's
CMake 3.25 does not unity-build .cu files and CI has no nvcc, so this script is the
check that runs there: it reads the files, no compiler needed.

    check_unity_names.py FILE.cu...   exit 0: no name defined twice; 1: each
                                      collision on a line of its own (name, files)

A name counts when it is declared directly in an anonymous namespace (variables,
functions and kernels, types, aliases, templates) or #defined outside a header.
Overloads count too: in one translation unit they would make calls ambiguous or
silently pick the neighbour's function.
"""
import re
import sys
from collections import defaultdict

IDENT = re.compile(r"[A-Za-z_]\w*")
KEYWORDS = {
    "const", "constexpr", "static", "inline", "extern", "volatile", "unsigned", "signed",
    "__global__", "__device__", "__host__", "__forceinline__", "__noinline__", "__shared__",
    "__constant__", "__launch_bounds__", "operator", "return", "typename", "class", "struct",
    "union", "enum", "using", "typedef", "template", "namespace", "auto", "void",
}


def strip_comments_and_strings(text):
    """The source with comments, string and character literals blanked out (line
    numbers kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_template_header(statement):
    """`template <class T> __global__ void k(...)` -> `__global__ void k(...)`."""
    s = statement.lstrip()
    while s.startswith("template"):
        depth, i = 0, s.find("<")
        if i < 0:
            return s
        for j in range(i, len(s)):
            depth += {"<": 1, ">": -1}.get(s[j], 0)
            if depth == 0:
                s = s[j + 1:].lstrip()
                break
        else:
            return s
    return s


def declared_name(statement):
    """The name a namespace-scope declaration introduces, or None."""
    s = skip_template_header(statement)
    m = re.match(r"(?:struct|class|union|enum(?:\s+class)?)\s+([A-Za-z_]\w*)", s)
    if m:
        return m.group(1)
    m = re.match(r"using\s+([A-Za-z_]\w*)\s*=", s)
    if m:
        return m.group(1)
    if s.startswith(("using", "static_assert", "namespace")):
        return None
    m = re.match(r"typedef\b.*?([A-Za-z_]\w*)\s*$", s, re.S)
    if m:
        return m.group(1)
    # The declarator ends at the first '(' (a function), '=' or '{' (an initialised
    # variable) or '[' (an array); the name is the identifier just before it.
    head = re.split(r"[(=\[{]", s, maxsplit=1)[0]
    names = [w for w in IDENT.findall(head) if w not in KEYWORDS]
    return names[-1] if names else None


def anonymous_names(text):
    """(name, line) for each declaration directly inside an anonymous namespace."""
    code = strip_comments_and_strings(text)
    found = []
    stack = []  # one entry per open brace: True where it opened an anonymous namespace
    statement, start_line, line, paren = "", None, 1, 0
    for c in code:
        if c == "\n":
            line += 1
        inside = bool(stack) and stack[-1]
        if c == "(":
            paren += 1
        elif c == ")":
            paren -= 1
        if c == "{":
            opens_anonymous = re.search(r"namespace\s*$", statement) is not None
            if inside and not opens_anonymous and paren == 0:
                name = declared_name(statement)
                if name:
                    found.append((name, start_line))
            stack.append(opens_anonymous)
            statement, start_line = "", None
            continue
        if c == "}":
            if stack:
                stack.pop()
            statement, start_line = "", None
            continue
        if c == ";" and paren == 0:
            if inside:
                name = declared_name(statement)
                if name:
                    found.append((name, start_line))
            statement, start_line = "", None
            continue
        if c == "#" and not statement.strip():
            statement = "#"  # a preprocessor line: skipped to its end below
        statement += c
        if statement.startswith("#") and c == "\n":
            statement = ""
            continue
        if start_line is None and not c.isspace():
            start_line = line
    return found


def macros(text):
    """(name, line) for each #define that is not #undef'd later in the file."""
    code = strip_comments_and_strings(text)
    defined = {}
    for number, src in enumerate(code.splitlines(), 1):
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)", src)
        if m:
            defined[m.group(1)] = number
        m = re.match(r"\s*#\s*undef\s+([A-Za-z_]\w*)", src)
        if m:
            defined.pop(m.group(1), None)
    return list(defined.items())


def main(paths):
    where = defaultdict(list)  # name -> ["file:line", ...]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        seen = set()
        for name, line in anonymous_names(text) + [("#" + n, l) for n, l in macros(text)]:
            if name not in seen:  # overloads within one file are that file's business
                seen.add(name)
                where[name].append(f"{path}:{line}")
    collisions = {name: places for name, places in where.items() if len(places) > 1}
    for name, places in sorted(collisions.items()):
        what = "macro" if name.startswith("#") else "name"
        print(f"unity build: {what} '{name.lstrip('#')}' is defined in {len(places)} files: "
              + ", ".join(places))
    if collisions:
        print("These files are compiled as one translation unit by CMake >= 3.31 (unity builds of "
              "CUDA): give each file's names a name of its own, or share one definition in a header.")
        return 1
    print(f"unity build: {len(paths)} files, no name defined twice")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
