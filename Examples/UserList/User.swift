/// A person in the directory.
struct User: Identifiable, Sendable, Equatable {
  let id: Int
  let name: String
  let address: String
  let city: String
  let state: String
  let zip: String
  let email: String

  /// The first letters of the first and last names, such as `AL`.
  var initials: String {
    String(name.split(separator: " ").compactMap(\.first).prefix(2))
  }
}
