#!/usr/bin/env python3
"""Generate Sources/TermElements/Text/WidthTables.swift.

The tables tell how many terminal columns a Unicode scalar takes:

* ``wide``: East_Asian_Width W or F (including the unassigned code points
  that UAX #11 says default to W), plus the ranges glibc's ``wcwidth`` also
  counts as wide (see ``GLIBC_WIDE_RANGES``), minus every zero-width scalar, so
  the two tables never overlap.
* ``zeroWidth``: General_Category Mn and Me, plus the Hangul Jungseong and
  Jongseong ranges U+1160..U+11FF and U+D7B0..U+D7FF, which only ever appear
  after a leading consonant inside a syllable. Format characters (Cf) are
  deliberately left out: callers handle them separately.

Data source, in order of preference:

1. The Unicode Character Database text files in ``--ucd-dir`` (default
   ``/usr/share/unicode``, installed by Debian's ``unicode-data`` package):
   ``EastAsianWidth.txt`` plus ``extracted/DerivedGeneralCategory.txt`` (or
   ``UnicodeData.txt``).
2. Python's built-in ``unicodedata`` module, which is often an older Unicode
   version than the system files.

Usage: python3 Scripts/generate-width-tables.py [--ucd-dir DIR] [--output FILE]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import unicodedata
from typing import Iterable

MAX_CODE_POINT = 0x10FFFF

# UAX #11: unassigned code points in these ranges default to W. Newer
# EastAsianWidth.txt files state this with "@missing" lines as well; both are
# honoured.
DEFAULT_WIDE_RANGES = [
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x2FFFD),  # Plane 2
    (0x30000, 0x3FFFD),  # Plane 3
]

# Ranges that glibc's wcwidth (and so ncurses and terminals such as tmux) counts
# as two columns although their East_Asian_Width is not W or F; glibc's
# localedata/unicode-gen/utf8_gen.py sets them by hand.
GLIBC_WIDE_RANGES = [
    (0x3248, 0x324F),  # Circled numbers on black squares (East_Asian_Width A)
    (0x4DC0, 0x4DFF),  # Yijing Hexagram Symbols (East_Asian_Width N before Unicode 16)
]

# Conjoining Hangul vowels and trailing consonants: zero columns, because the
# leading consonant (East_Asian_Width W) already takes the syllable's two.
HANGUL_ZERO_WIDTH_RANGES = [
    (0x1160, 0x11FF),  # Hangul Jamo Jungseong and Jongseong
    (0xD7B0, 0xD7FF),  # Hangul Jamo Extended-B
]

ZERO_WIDTH_CATEGORIES = {"Mn", "Me"}

DEFAULT_OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    os.pardir,
    "Sources",
    "TermElements",
    "Text",
    "WidthTables.swift",
)

LINE_RE = re.compile(
    r"^\s*([0-9A-Fa-f]{4,6})(?:\.\.([0-9A-Fa-f]{4,6}))?\s*;\s*([A-Za-z_]+)"
)
MISSING_RE = re.compile(
    r"^#\s*@missing:\s*([0-9A-Fa-f]{4,6})\.\.([0-9A-Fa-f]{4,6})\s*;\s*([A-Za-z_]+)"
)
VERSION_RE = re.compile(r"^#\s*[A-Za-z]+-(\d+\.\d+\.\d+)\.txt")

# Long value names used by some "@missing" lines.
EAW_ALIASES = {
    "Wide": "W",
    "Fullwidth": "F",
    "Halfwidth": "H",
    "Narrow": "Na",
    "Ambiguous": "A",
    "Neutral": "N",
}


def parse_ranges(path: str) -> tuple[str | None, list[tuple[int, int, str]], list[tuple[int, int, str]]]:
    """Read a UCD range file: (version, explicit ranges, @missing ranges)."""
    version = None
    explicit: list[tuple[int, int, str]] = []
    missing: list[tuple[int, int, str]] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if version is None:
                match = VERSION_RE.match(line)
                if match:
                    version = match.group(1)
                    continue
            match = MISSING_RE.match(line)
            if match:
                missing.append((int(match.group(1), 16), int(match.group(2), 16), match.group(3)))
                continue
            match = LINE_RE.match(line)
            if match:
                lower = int(match.group(1), 16)
                upper = int(match.group(2) or match.group(1), 16)
                explicit.append((lower, upper, match.group(3)))
    return version, explicit, missing


def wide_from_file(path: str) -> tuple[str | None, set[int]]:
    """Code points whose East_Asian_Width is W or F, from EastAsianWidth.txt."""
    version, explicit, missing = parse_ranges(path)
    values: dict[int, str] = {}
    for lower, upper in DEFAULT_WIDE_RANGES:
        for code in range(lower, upper + 1):
            values[code] = "W"
    for lower, upper, value in missing:
        value = EAW_ALIASES.get(value, value)
        if lower == 0 and upper == MAX_CODE_POINT:
            continue  # The global default (N) is already implied.
        for code in range(lower, upper + 1):
            values[code] = value
    for lower, upper, value in explicit:
        for code in range(lower, upper + 1):
            values[code] = value
    return version, {code for code, value in values.items() if value in ("W", "F")}


def categories_from_derived(path: str, wanted: set[str]) -> tuple[str | None, set[int]]:
    """Code points in the wanted categories, from DerivedGeneralCategory.txt."""
    version, explicit, _ = parse_ranges(path)
    result: set[int] = set()
    for lower, upper, value in explicit:
        if value in wanted:
            result.update(range(lower, upper + 1))
    return version, result


def categories_from_unicode_data(path: str, wanted: set[str]) -> set[int]:
    """Code points in the wanted categories, from UnicodeData.txt."""
    result: set[int] = set()
    range_start: int | None = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split(";")
            if len(fields) < 3:
                continue
            code, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                range_start = code
                continue
            lower = range_start if name.endswith(", Last>") and range_start is not None else code
            range_start = None
            if category in wanted:
                result.update(range(lower, code + 1))
    return result


def read_ucd_version(ucd_dir: str) -> str | None:
    """The Unicode version stated in the UCD's ReadMe.txt, if any."""
    path = os.path.join(ucd_dir, "ReadMe.txt")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        match = re.search(r"Unicode (\d+\.\d+\.\d+)", handle.read())
    return match.group(1) if match else None


def from_ucd_files(ucd_dir: str) -> tuple[str, str, set[int], set[int]] | None:
    """Wide and zero-width sets from the UCD text files, or None if absent."""
    eaw_path = os.path.join(ucd_dir, "EastAsianWidth.txt")
    if not os.path.exists(eaw_path):
        return None
    derived_candidates = [
        os.path.join(ucd_dir, "extracted", "DerivedGeneralCategory.txt"),
        os.path.join(ucd_dir, "DerivedGeneralCategory.txt"),
    ]
    eaw_version, wide = wide_from_file(eaw_path)
    gc_version = None
    zero: set[int] | None = None
    sources = ["EastAsianWidth.txt"]
    for candidate in derived_candidates:
        if os.path.exists(candidate):
            gc_version, zero = categories_from_derived(candidate, ZERO_WIDTH_CATEGORIES)
            sources.append("DerivedGeneralCategory.txt")
            break
    if zero is None:
        unicode_data = os.path.join(ucd_dir, "UnicodeData.txt")
        if not os.path.exists(unicode_data):
            return None
        zero = categories_from_unicode_data(unicode_data, ZERO_WIDTH_CATEGORIES)
        gc_version = read_ucd_version(ucd_dir)
        sources.append("UnicodeData.txt")
    version = eaw_version or read_ucd_version(ucd_dir) or "unknown"
    if gc_version and eaw_version and gc_version != eaw_version:
        sys.exit(f"error: EastAsianWidth.txt is {eaw_version} but General_Category data is {gc_version}")
    return version, f"{', '.join(sources)} in {ucd_dir}", wide, zero


def from_unicodedata() -> tuple[str, str, set[int], set[int]]:
    """Wide and zero-width sets from Python's built-in unicodedata module."""
    wide: set[int] = set()
    zero: set[int] = set()
    for code in range(MAX_CODE_POINT + 1):
        char = chr(code)
        # CPython answers "F" for unassigned code points; treat those as N.
        if unicodedata.category(char) == "Cn":
            continue
        if unicodedata.east_asian_width(char) in ("W", "F"):
            wide.add(code)
        if unicodedata.category(char) in ZERO_WIDTH_CATEGORIES:
            zero.add(code)
    # unicodedata reports unassigned code points as N; apply the UAX #11
    # defaults for the ideograph blocks and planes 2 and 3 ourselves.
    for lower, upper in DEFAULT_WIDE_RANGES:
        for code in range(lower, upper + 1):
            if unicodedata.category(chr(code)) == "Cn":
                wide.add(code)
    return unicodedata.unidata_version, "Python's unicodedata module", wide, zero


def to_ranges(codes: Iterable[int]) -> list[tuple[int, int]]:
    """Merge code points into sorted, inclusive, non-adjacent ranges."""
    ranges: list[tuple[int, int]] = []
    for code in sorted(codes):
        if ranges and ranges[-1][1] + 1 == code:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return ranges


def swift_table(name: str, doc: list[str], ranges: list[tuple[int, int]]) -> str:
    """A Swift `static let` holding the flattened ranges, two ranges a line."""
    lines = [f"  /// {line}" if line else "  ///" for line in doc]
    lines.append(f"  static let {name}: [UInt32] = [")
    for index in range(0, len(ranges), 2):
        pair = ranges[index : index + 2]
        items = " ".join(f"0x{lower:05X}, 0x{upper:05X}," for lower, upper in pair)
        lines.append(f"    {items}")
    lines.append("  ]")
    return "\n".join(lines)


def render(version: str, source: str, wide: list[tuple[int, int]], zero: list[tuple[int, int]]) -> str:
    """The complete text of WidthTables.swift."""
    wide_doc = [
        "Scalars that take two columns: East_Asian_Width W or F, including the unassigned",
        "code points that UAX #11 defaults to W, and U+3248–U+324F and U+4DC0–U+4DFF, which",
        "glibc's `wcwidth` counts as wide too; minus every scalar in `zeroWidth`.",
        "",
        f"Flattened inclusive ranges `[lower0, upper0, lower1, upper1, …]`, {len(wide)} ranges.",
    ]
    zero_doc = [
        "Scalars that take no column: General_Category Mn and Me, plus the conjoining Hangul",
        "vowels and trailing consonants U+1160–U+11FF and U+D7B0–U+D7FF; format characters",
        "(Cf) are not included because callers handle them separately.",
        "",
        f"Flattened inclusive ranges `[lower0, upper0, lower1, upper1, …]`, {len(zero)} ranges.",
    ]
    return "\n".join(
        [
            "// This file is generated by Scripts/generate-width-tables.py. Do not edit it by hand.",
            f"// Unicode version: {version}.",
            f"// Source: {source}.",
            "// Regenerate with: python3 Scripts/generate-width-tables.py",
            "",
            "/// Sorted, non-overlapping code point range tables for terminal column widths.",
            "enum WidthTables {",
            "  /// The Unicode version these tables were generated from.",
            f'  static let unicodeVersion = "{version}"',
            "",
            swift_table("wide", wide_doc, wide),
            "",
            swift_table("zeroWidth", zero_doc, zero),
            "}",
            "",
        ]
    )


def main() -> None:
    """Parse the arguments, build the tables and write the Swift file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ucd-dir", default="/usr/share/unicode", help="Unicode Character Database directory")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="Swift file to write")
    parser.add_argument(
        "--use-unicodedata", action="store_true", help="ignore the UCD files and use Python's unicodedata"
    )
    args = parser.parse_args()

    data = None if args.use_unicodedata else from_ucd_files(args.ucd_dir)
    if data is None:
        data = from_unicodedata()
    version, source, wide, zero = data

    zero.update(code for lower, upper in HANGUL_ZERO_WIDTH_RANGES for code in range(lower, upper + 1))
    wide.update(code for lower, upper in GLIBC_WIDE_RANGES for code in range(lower, upper + 1))
    wide -= zero

    wide_ranges = to_ranges(wide)
    zero_ranges = to_ranges(zero)
    output = os.path.normpath(args.output)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(render(version, source, wide_ranges, zero_ranges))
    print(
        f"wrote {output}: Unicode {version} ({source}); "
        f"wide {len(wide_ranges)} ranges ({len(wide)} scalars), "
        f"zeroWidth {len(zero_ranges)} ranges ({len(zero)} scalars)"
    )


if __name__ == "__main__":
    main()
