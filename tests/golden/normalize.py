"""Normalization of what a command prints and writes, so golden records compare equal across runs.

Replaced (volatile or engine-internal): durations ("0.61 s", "1.2s", "0.000 s"), the seconds/time
column of markdown tables, `"seconds"`/`"kernel_seconds"`/`"cpu_seconds"`/`"date"`/`"command"` and version fields
in JSON, whole `"provenance"` and `"counters"` objects, a checkpoint's `"digest"` and the sha256
of each file in MANIFEST.json (both hash content that holds run times), the "## Provenance" and "## Work" sections of
markdown reports, the temporary output directory (-> <OUT>) and the repository root (-> <ROOT>),
and progress-bar residue on stderr (tqdm's, the plain progress lines of a stderr that is not a
terminal, and the once-only kernel compile's notices). Also dropped: the optional matplotlib histogram (compare.png and
the markdown line and "wrote" entry that name it), since it exists only where matplotlib is
installed. Everything else is kept exactly.
"""

from __future__ import annotations

import re

T = "<T>"  # a duration
PROVENANCE = "<PROVENANCE>"
COUNTERS = "<COUNTERS>"
WORK = "<WORK>"

# A number printed as a duration: "0.61 s", "12.3 s", "1.2s" (always with decimals in this tool).
_DURATION = re.compile(r"(?<![\w.])\d+\.\d+(?= ?s\b)")
_JSON_NUMBER_KEYS = re.compile(r'"(seconds|kernel_seconds|cpu_seconds)": (-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null)')
_JSON_STRING_KEYS = re.compile(r'"(date|command|python|numpy|numba|machine)": "(?:[^"\\]|\\.)*"')
_DIGEST = re.compile(r'"digest": "[0-9a-f]{64}"')
_MANIFEST_HASH = re.compile(r'("[^"/]+\.(?:json|txt|md|png)"): "[0-9a-f]{64}"')
_MANIFEST_PNG = re.compile(r',\n\s*"[^"/]+\.png": "<SHA256>"')  # the optional histogram
_TABLE_SEPARATOR = re.compile(r"^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$")
_TIME_COLUMNS = {"seconds", "time"}
# tqdm residue: "desc:  40%|####      | 2/5 [00:01<00:02, ...]" or any line with a carriage return.
_PROGRESS = re.compile(r"\d+%\|.*\||\[\d+:\d+(?:<|,)|\d+(?:\.\d+)?(?:it|word|branch)/s\]"
                       # optimal.cli.progress out of a terminal: "first guesses: 3/60 words, 10 s | ..."
                       r"|^[^:\n]+: [\d,]+(?:/[\d,]+)? \w+, \d+ s(?: \| .*)?$"
                       # and the once-only kernel compile: its notice, counts and summary
                       r"|^compil(?:ing|ed) (?:the search kernels|kernels|\d+ kernel functions)",
                       re.MULTILINE)
_COMPARE_PNG_LINE = re.compile(r"\n\n!\[distributions\]\(compare\.png\)")
_COMPARE_PNG_WROTE = re.compile(r", [^\s,]*compare\.png")

#: written files that are not recorded (binary, and optional: matplotlib is an extra)
IGNORED_SUFFIXES = (".png",)


def normalize(text: str, out_dir: str | None = None, root: str | None = None,
              stream: str = "stdout") -> str:
    """The text with every volatile part replaced by a placeholder (see the module doc).

    `stream` is "stdout", "stderr" or "file"; progress-bar lines are dropped from stderr only.
    """
    text = text.replace("\r\n", "\n")
    for path, placeholder in ((out_dir, "<OUT>"), (root, "<ROOT>")):
        if path:
            text = text.replace(str(path), placeholder)
    if stream == "stderr":
        text = "".join(line for line in text.splitlines(keepends=True)
                       if "\r" not in line and not _PROGRESS.search(line))
    text = _replace_sections(text, "## Provenance", PROVENANCE)
    text = _replace_sections(text, "## Work", WORK)
    text = _replace_json_objects(text, "provenance", PROVENANCE)
    text = _replace_json_objects(text, "counters", COUNTERS)
    text = _JSON_NUMBER_KEYS.sub(lambda m: f'"{m.group(1)}": "{T}"', text)
    text = _DIGEST.sub('"digest": "<DIGEST>"', text)
    text = _MANIFEST_HASH.sub(lambda m: f'{m.group(1)}: "<SHA256>"', text)
    text = _MANIFEST_PNG.sub("", text)
    text = _JSON_STRING_KEYS.sub(lambda m: f'"{m.group(1)}": "<{m.group(1).upper()}>"', text)
    text = _blank_time_columns(text)
    text = _DURATION.sub(T, text)
    text = _COMPARE_PNG_LINE.sub("", text)
    text = _COMPARE_PNG_WROTE.sub("", text)
    return text


def _replace_sections(text: str, heading: str, placeholder: str) -> str:
    """Replace the body of every markdown section `heading` (up to the next '## ' heading or the
    end) by the placeholder."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].rstrip() == heading:
            out += [lines[i], "", placeholder]
            i += 1
            while i < len(lines) and not lines[i].startswith("## "):
                i += 1
            if i < len(lines):
                out.append("")
            elif text.endswith("\n"):
                out.append("")
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def _replace_json_objects(text: str, key: str, placeholder: str) -> str:
    """Replace the value of every `"key": {...}` (a JSON object, any layout) by a placeholder
    string."""
    marker = f'"{key}": {{'
    pieces, start = [], 0
    while True:
        at = text.find(marker, start)
        if at < 0:
            break
        brace = at + len(marker) - 1
        end = _matching_brace(text, brace)
        if end is None:  # not well-formed JSON: leave the rest alone
            break
        pieces += [text[start:at], f'"{key}": "{placeholder}"']
        start = end + 1
    pieces.append(text[start:])
    return "".join(pieces)


def _matching_brace(text: str, open_at: int) -> int | None:
    depth, in_string, escaped = 0, False, False
    for i in range(open_at, len(text)):
        char = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def _blank_time_columns(text: str) -> str:
    """In every markdown table whose header names a 'seconds' or 'time' column, replace that
    column's cells by the placeholder."""
    lines = text.split("\n")
    columns: set[int] = set()
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            columns = set()
            continue
        if i + 1 < len(lines) and _TABLE_SEPARATOR.match(lines[i + 1]) and not _TABLE_SEPARATOR.match(line):
            cells = line.split("|")
            columns = {k for k, cell in enumerate(cells) if cell.strip().lower() in _TIME_COLUMNS}
            continue
        if columns and not _TABLE_SEPARATOR.match(line):
            cells = line.split("|")
            for k in columns:
                if k < len(cells) - 1 and cells[k].strip():
                    cells[k] = f" {T} "
            lines[i] = "|".join(cells)
    return "\n".join(lines)
