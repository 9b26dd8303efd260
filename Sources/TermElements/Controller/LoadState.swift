/// Where a tail loader is: loading a page, failed, or at the end of its data. A loader with
/// no state is idle, ready for the next page.
enum LoadState {
  /// A page is being fetched.
  case loading(Task<Void, Never>)
  /// The last fetch threw; the message is shown until the user retries.
  case failed(String)
  /// The loader said there is no more data.
  case finished
}
