#!/usr/bin/env python3
"""Times data-browser on a CSV file in a pseudo-terminal, as a user at a terminal sees it.

    Benchmarks/terminal-times.py DATA_BROWSER FILE.csv [--runs N] [--size 100x24]

Starts the browser on FILE.csv in a pty of the given size with TERM=xterm-256color (the
browser's own ncurses, its own terminal modes), reads what it writes, and keeps the screen it
draws with a small terminal emulator (cursor moves, erases, scroll regions, insert and delete
of lines, repeat, wide characters), so that a figure ends when the screen shows the answer,
however ncurses chose to update it. For each run, in wall time:

- first screen: from just before the browser is started to the screen showing record 1 and
  the status line;
- End: from the key, written right after the first screen (before the index is done), to
  the screen showing the last record;
- :N: after the index is done (the status line's total exact), `:` then the number of the
  record nine tenths in, typed, and from Enter to the screen showing that record selected;
- the browser's peak RSS over the whole run (first screen, End, the index, :N), from the
  kernel's accounting of the finished process.

Prints a JSON line per figure and run, then a median line per figure on stderr. With
`--baseline OTHER_DATA_BROWSER`, the two builds run in turn, run for run, and the summary adds
the median of their ratios run by run. Needs Python 3 alone. The file is read once first, so
that it is in the page cache as for a user who just made or copied it. The time includes
reading the pty and emulating the screen here (well under a millisecond for a screenful).
"""

import argparse
import curses
import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time
import unicodedata

TERM = "xterm-256color"


class Screen:
    """The cells of a terminal that ncurses draws on, as xterm would keep them."""

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.clear()
        self.pending = b""

    def clear(self):
        self.cells = [[" "] * self.columns for _ in range(self.rows)]
        self.row = self.column = 0
        self.top, self.bottom = 0, self.rows - 1
        self.wrap = False
        self.saved = (0, 0)
        self.last = " "

    def lines(self):
        return ["".join(cells) for cells in self.cells]

    def text(self):
        return "\n".join(self.lines())

    def scroll_up(self, count=1):
        for _ in range(count):
            del self.cells[self.top]
            self.cells.insert(self.bottom, [" "] * self.columns)

    def scroll_down(self, count=1):
        for _ in range(count):
            del self.cells[self.bottom]
            self.cells.insert(self.top, [" "] * self.columns)

    def line_feed(self):
        if self.row == self.bottom:
            self.scroll_up()
        elif self.row < self.rows - 1:
            self.row += 1

    def put(self, char):
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            return
        width = 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
        if self.wrap or self.column + width > self.columns:
            self.column = 0
            self.line_feed()
            self.wrap = False
        self.cells[self.row][self.column] = char
        if width == 2 and self.column + 1 < self.columns:
            self.cells[self.row][self.column + 1] = ""
        self.last = char
        if self.column + width >= self.columns:
            self.column = self.columns - 1
            self.wrap = True
        else:
            self.column += width

    def move(self, row, column):
        self.row = max(0, min(self.rows - 1, row))
        self.column = max(0, min(self.columns - 1, column))
        self.wrap = False

    def erase(self, row, start, end):
        for column in range(max(0, start), min(self.columns, end)):
            self.cells[row][column] = " "

    def feed(self, data):
        data = self.pending + data
        self.pending = b""
        index = 0
        length = len(data)
        while index < length:
            byte = data[index]
            if byte == 0x1B:
                end = self.escape(data, index)
                if end is None:
                    self.pending = data[index:]
                    return
                index = end
                continue
            if byte < 0x20 or byte == 0x7F:
                if byte == 0x0D:
                    self.column, self.wrap = 0, False
                elif byte == 0x0A:
                    self.line_feed()
                    self.wrap = False
                elif byte == 0x08:
                    self.column, self.wrap = max(0, self.column - 1), False
                elif byte == 0x09:
                    self.column = min(self.columns - 1, (self.column // 8 + 1) * 8)
                index += 1
                continue
            # UTF-8: the length from the lead byte; wait for the rest.
            size = 1 if byte < 0x80 else 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
            if index + size > length:
                self.pending = data[index:]
                return
            self.put(data[index:index + size].decode("utf-8", "replace")[:1] or "?")
            index += size

    def escape(self, data, start):
        """Applies the escape sequence at `start`; returns the index past it, or None when
        it is not complete yet."""
        if start + 1 >= len(data):
            return None
        kind = data[start + 1]
        if kind == ord("["):
            match = re.compile(rb"\[([0-9;?>=!]*)([ -/]*)([@-~])").match(data, start + 1)
            if not match:
                return None if len(data) - start < 64 else start + 2
            self.csi(match.group(1).decode(), match.group(3).decode())
            return match.end()
        if kind == ord("]"):
            for end in range(start + 2, len(data)):
                if data[end] == 0x07:
                    return end + 1
                if data[end] == 0x1B and end + 1 < len(data) and data[end + 1] == ord("\\"):
                    return end + 2
            return None
        if kind in b"()*+":
            return start + 3 if start + 2 < len(data) else None
        if kind == ord("7"):
            self.saved = (self.row, self.column)
        elif kind == ord("8"):
            self.move(*self.saved)
        elif kind == ord("M"):
            if self.row == self.top:
                self.scroll_down()
            else:
                self.move(self.row - 1, self.column)
        elif kind == ord("D"):
            self.line_feed()
        elif kind == ord("E"):
            self.column = 0
            self.line_feed()
        elif kind == ord("c"):
            self.clear()
        return start + 2

    def csi(self, parameters, final):
        private = parameters.startswith("?")
        numbers = [int(part) if part.isdigit() else 0
                   for part in parameters.lstrip("?>=!").split(";")] if parameters else []

        def number(index, default=1):
            value = numbers[index] if index < len(numbers) else 0
            return value if value else default

        if private:
            if final in "hl" and any(n in (47, 1047, 1049) for n in numbers):
                self.clear()
            return
        row, column = self.row, self.column
        if final in "Hf":
            self.move(number(0) - 1, number(1) - 1)
        elif final == "A":
            self.move(row - number(0), column)
        elif final in "Be":
            self.move(row + number(0), column)
        elif final in "Ca":
            self.move(row, column + number(0))
        elif final == "D":
            self.move(row, column - number(0))
        elif final in "G`":
            self.move(row, number(0) - 1)
        elif final == "d":
            self.move(number(0) - 1, column)
        elif final == "K":
            mode = number(0, 0)
            if mode == 0:
                self.erase(row, column, self.columns)
            elif mode == 1:
                self.erase(row, 0, column + 1)
            else:
                self.erase(row, 0, self.columns)
        elif final == "J":
            mode = number(0, 0)
            lines = (range(row + 1, self.rows) if mode == 0 else range(0, row) if mode == 1
                     else range(self.rows))
            if mode == 0:
                self.erase(row, column, self.columns)
            elif mode == 1:
                self.erase(row, 0, column + 1)
            for line in lines:
                self.erase(line, 0, self.columns)
        elif final == "X":
            self.erase(row, column, column + number(0))
        elif final == "P":
            cells = self.cells[row]
            count = min(number(0), self.columns - column)
            del cells[column:column + count]
            cells.extend([" "] * count)
        elif final == "@":
            cells = self.cells[row]
            count = min(number(0), self.columns - column)
            cells[column:column] = [" "] * count
            del cells[self.columns:]
        elif final in "LM":
            if self.top <= row <= self.bottom:
                saved = self.top
                self.top = row
                (self.scroll_down if final == "L" else self.scroll_up)(number(0))
                self.top = saved
            self.column = 0
        elif final == "S":
            self.scroll_up(number(0))
        elif final == "T":
            self.scroll_down(number(0))
        elif final == "r":
            self.top = number(0) - 1
            self.bottom = min(self.rows, number(1, self.rows)) - 1
            self.move(0, 0)
        elif final == "b":
            for _ in range(number(0)):
                self.put(self.last)


class Browser:
    """data-browser running in a pty, with the screen it drew."""

    def __init__(self, executable, path, rows, columns):
        self.screen = Screen(rows, columns)
        self.started = time.monotonic()
        pid, master = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.environ["TERM"] = TERM
            os.environ.pop("LINES", None)
            os.environ.pop("COLUMNS", None)
            os.execv(executable, [executable, path])
        self.pid, self.master = pid, master

    def wait_for(self, what, predicate, timeout=120):
        """Reads until the screen satisfies `predicate`; returns the time it did."""
        deadline = time.monotonic() + timeout
        while not predicate(self.screen):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {what} after {timeout} s:\n{self.screen.text()}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 1 << 16)
                except OSError:
                    data = b""
                if not data:
                    raise EOFError(f"the browser ended before {what}:\n{self.screen.text()}")
                self.screen.feed(data)
        return time.monotonic()

    def write(self, data):
        os.write(self.master, data)
        return time.monotonic()

    def quit(self):
        """Types q and waits for the browser to end (killing it after 10 s); keeps its peak
        RSS."""
        self.write(b"q")
        self.peak_kib = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    os.read(self.master, 1 << 16)
                except OSError:
                    pass
            done, _, usage = os.wait4(self.pid, os.WNOHANG)
            if done:
                self.peak_kib = usage.ru_maxrss
                break
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.wait4(self.pid, 0)
        os.close(self.master)


def status(screen):
    return screen.lines()[-1]


def position(screen):
    """(number, total) as the status line writes them at its right, commas dropped."""
    match = re.search(r"([\d,?]+)/(~?[\d,?]+) *$", status(screen))
    return (match.group(1).replace(",", ""), match.group(2).replace(",", "")) if match else None


def shows_record(screen, number):
    """Whether a record line of the screen starts with `number` in its first column."""
    return any(re.match(rf"\W*{number}\W", line) for line in screen.lines()[2:-1])


def last_record(screen):
    """The number in the first column of the screen's last record line, if any."""
    match = re.match(r"\W*(\d+)\W", screen.lines()[-2])
    return int(match.group(1)) if match else None


def measure(executable, path, rows, columns, end_key):
    """One run of the browser: its figures by name."""
    figures = {}
    browser = Browser(executable, path, rows, columns)
    try:
        shown = browser.wait_for(
            "first screen",
            lambda s: shows_record(s, 1) and position(s) is not None and position(s)[0] == "1")
        figures["first_screen_ms"] = (shown - browser.started) * 1000
        pressed = browser.write(end_key)
        ended = browser.wait_for(
            "last record after End",
            lambda s: position(s) is not None and position(s)[0] in ("?", position(s)[1])
            and last_record(s) is not None and last_record(s) > rows)
        figures["end_ms"] = (ended - pressed) * 1000
        browser.wait_for(
            "the index done",
            lambda s: position(s) is not None and position(s)[1].isdigit()
            and position(s)[0] == position(s)[1], timeout=600)
        total = int(position(browser.screen)[1])
        target = total // 10 * 9
        browser.write(b":")
        browser.wait_for("the prompt", lambda s: ":" in status(s))
        browser.write(str(target).encode())
        browser.wait_for("the number typed", lambda s: str(target) in status(s))
        entered = browser.write(b"\r")
        jumped = browser.wait_for(
            f"record {target}",
            lambda s: position(s) is not None and position(s)[0] == str(target)
            and shows_record(s, target))
        figures["jump_ms"] = (jumped - entered) * 1000
    finally:
        browser.quit()
    if browser.peak_kib:
        figures["peak_rss_mb"] = browser.peak_kib / 1024
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("browser")
    parser.add_argument("file")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="100x24")
    parser.add_argument("--baseline", metavar="DATA_BROWSER",
                        help="another build, run in turn with the first, run for run")
    arguments = parser.parse_args()
    columns, rows = (int(part) for part in arguments.size.split("x"))
    curses.setupterm(TERM, sys.stdout.fileno() if sys.stdout.isatty() else -1)
    end_key = curses.tigetstr("kend")
    with open(arguments.file, "rb") as handle:
        while handle.read(1 << 20):
            pass
    builds = {"data-browser": arguments.browser}
    if arguments.baseline:
        builds["baseline"] = arguments.baseline
    figures = {impl: {} for impl in builds}
    for run in range(arguments.runs):
        for impl, executable in builds.items():
            for name, value in measure(executable, arguments.file, rows, columns,
                                       end_key).items():
                figures[impl].setdefault(name, []).append(value)
                print(json.dumps({"name": f"terminal_{name}", "impl": impl, "run": run + 1,
                                  "value": round(value, 2)}), flush=True)
    for impl, named in figures.items():
        for name, values in named.items():
            unit = {"ms": "ms", "mb": "MB"}[name.rsplit("_", 1)[1]]
            line = (f"terminal-times: {impl}: {name}: median {statistics.median(values):.2f} "
                    f"{unit}, range {min(values):.2f} to {max(values):.2f} ({len(values)} "
                    f"runs, {arguments.size})")
            if impl == "baseline":
                ratios = [a / b for a, b in zip(figures["data-browser"][name], values) if b]
                line += f"; data-browser/baseline, run by run: median {statistics.median(ratios):.2f}"
            print(line, file=sys.stderr)


if __name__ == "__main__":
    main()
