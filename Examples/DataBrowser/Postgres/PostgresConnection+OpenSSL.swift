import Glibc

extension PostgresConnection {
  /// Asks OpenSSL, which libpq uses for TLS and for SCRAM passwords, not to tear itself down
  /// when the process exits; evaluated once, before the first connection.
  ///
  /// A connection's thread may still be closing its connection in libpq when the process
  /// exits (a link's `close()` lets the threads finish on their own), and OpenSSL's exit
  /// handler frees the locks and state that closing uses: a process that exited just after
  /// a password connection crashed with SIGSEGV in `pthread_rwlock_rdlock` (seen once, in
  /// `data-browser --snapshot`). Without the handler, the system takes the memory back.
  ///
  /// `OPENSSL_INIT_NO_ATEXIT` only counts in OpenSSL's first initialization, which libpq
  /// makes when it first needs OpenSSL: hence before any connection. The function is looked
  /// up at run time, so that nothing here needs OpenSSL's headers; a libpq without OpenSSL
  /// has nothing to keep.
  static let openSSLStaysAtExit: Void = {
    typealias Initialize = @convention(c) (UInt64, UnsafeRawPointer?) -> Int32
    // OPENSSL_INIT_NO_ATEXIT, from OpenSSL 3's <openssl/crypto.h>.
    let noAtExit: UInt64 = 0x0008_0000
    guard let symbol = dlsym(nil, "OPENSSL_init_crypto") else { return }
    _ = unsafeBitCast(symbol, to: Initialize.self)(noAtExit, nil)
  }()
}
