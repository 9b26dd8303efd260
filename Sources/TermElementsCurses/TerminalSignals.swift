import CNcursesw

/// The signals the run loop handles, routed through a self-pipe.
///
/// This is the only file that calls the shim's signal functions: their state is static in
/// `shim.h`, and each Swift file that used them would get a copy of its own.
enum TerminalSignals {
  /// Routes SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT to a pipe and returns its
  /// read end.
  static func install() -> Int32 {
    te_install_signal_pipe()
  }

  /// Puts the default handlers back.
  static func remove() {
    te_remove_signal_handlers()
  }

  /// Stops the process as Ctrl-Z does; returns when the shell continues it.
  static func stopProcess() {
    te_stop_process()
  }

  /// Dies by `signal` with its default action, for the exit status the shell expects.
  static func die(by signal: Int32) {
    te_die_by_signal(signal)
  }
}
