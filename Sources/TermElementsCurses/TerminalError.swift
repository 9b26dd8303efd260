/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal, as in a pipe or a file.
  case notATerminal
  /// `TERM` is not set.
  case noTerminalType
  /// terminfo does not know the terminal type.
  case unknownTerminal(String)
  /// No terminfo database was found.
  case noTerminfoDatabase
  /// ncurses refused to start.
  case cannotStart(String)

  /// One line saying what went wrong and what to do.
  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal; run this in a terminal, not through a pipe"
    case .noTerminalType:
      "TERM is not set; set it to your terminal's type, such as TERM=xterm-256color"
    case .unknownTerminal(let name):
      "unknown terminal type '\(name)' (TERM); set TERM to a type terminfo knows, such as xterm-256color"
    case .noTerminfoDatabase:
      "no terminfo database found; install the Debian package ncurses-base"
    case .cannotStart(let reason):
      "cannot start the terminal: \(reason)"
    }
  }
}
