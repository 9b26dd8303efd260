import Foundation

/// The shell scripts a ``TmuxSession`` puts in its scratch directory (`$TE_DIR` in the pane).
///
/// They exist because an interactive `bash` hides a broken terminal: when a foreground job is
/// killed by a signal or stopped, bash puts its own saved terminal modes back, and readline
/// echoes what you type even when the terminal's `echo` is off. So the demo runs under a
/// non-interactive `bash` (`run-demo.sh`), and the terminal is inspected right after it ends,
/// before any interactive shell touches it (`check-terminal.sh`).
enum ShellScripts {
  /// `bash "$TE_DIR/run-demo.sh" 'demo --rows 5'` runs one command line in the foreground, in
  /// which `demo` starts `$LIST_DEMO` (first writing its process id to `$TE_DIR/pid`), then
  /// runs `check-terminal.sh` with the exit status of the pipeline's first command.
  static let runDemo = """
    # Saves the terminal modes, runs a list-demo command line, then checks the terminal.
    demo() { ( echo "$BASHPID" > "$TE_DIR/pid"; exec "$LIST_DEMO" "$@" ); }
    stty -g < /dev/tty > "$TE_DIR/before"
    eval "$1"' ; status=${PIPESTATUS[0]}'
    exec bash "$TE_DIR/check-terminal.sh" "$status"

    """

  /// `bash "$TE_DIR/check-terminal.sh" STATUS` prints `EXIT=STATUS SAME-MODES=yes|no`
  /// (whether `stty -g` matches `$TE_DIR/before`), `MODES: …` (the main mode flags as `stty -a`
  /// shows them, such as `echo` or `-echo`), then prompts `TYPE> ` and reads one line from the
  /// terminal without readline, printing it back as `GOT[…]`. With `echo` on, the typed text
  /// appears after the prompt; with `icanon` and `icrnl` on, Enter ends the line.
  static let checkTerminal = """
    # Reports the exit status given as $1 and the state the terminal was left in.
    stty -g < /dev/tty > "$TE_DIR/after"
    if cmp -s "$TE_DIR/before" "$TE_DIR/after"; then same=yes; else same=no; fi
    modes=$(stty -a < /dev/tty | tr -s ' ;\\n' '\\n' \\
      | grep -x -E -e '-?(echo|icanon|isig|icrnl|opost|onlcr)' | tr '\\n' ' ')
    echo "EXIT=$1 SAME-MODES=$same"
    echo "MODES: $modes"
    printf 'TYPE> '
    IFS= read -r line < /dev/tty
    echo "GOT[$line]"

    """

  /// Writes both scripts into `directory`.
  static func install(in directory: URL) throws {
    try runDemo.write(
      to: directory.appending(path: "run-demo.sh"), atomically: true, encoding: .utf8)
    try checkTerminal.write(
      to: directory.appending(path: "check-terminal.sh"), atomically: true, encoding: .utf8)
  }
}
