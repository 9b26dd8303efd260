import Observation

/// The users, loaded from a pretend server with a delay; each reload finds one more user.
@MainActor
@Observable
final class UserListViewModel {
  /// The users loaded so far.
  private(set) var users: [User] = []
  /// How many times the list was loaded.
  private(set) var loads = 0
  /// How long the pretend server takes.
  let delay: Duration

  /// A view model whose server answers after `delay`.
  init(delay: Duration) { self.delay = delay }

  /// Loads the users again.
  func reload() async throws {
    try await Task.sleep(for: delay)
    loads += 1
    users = Self.directory.prefix(min(Self.directory.count, 6 + loads)).map { $0 }
  }

  /// Everyone the pretend server knows.
  static let directory: [User] = [
    ("Ada Lovelace", "12 St James's Square", "London", "LDN", "SW1Y 4JH"),
    ("Grace Hopper", "1 Navy Yard", "Arlington", "VA", "22202"),
    ("Alan Turing", "78 High Street", "Wilmslow", "CHS", "SK9 1LZ"),
    ("Edsger Dijkstra", "Plantage Muidergracht 4", "Amsterdam", "NH", "1018 TV"),
    ("Barbara Liskov", "32 Vassar Street", "Cambridge", "MA", "02139"),
    ("Ken Thompson", "600 Mountain Avenue", "Murray Hill", "NJ", "07974"),
    ("Margaret Hamilton", "75 Cambridge Parkway", "Cambridge", "MA", "02142"),
    ("東京 太郎", "千代田区丸の内 1-1", "Tokyo", "TK", "100-0005"),
    ("Zoë Ashworth", "9 Rue de Rivoli", "Paris", "IDF", "75004"),
  ].enumerated().map { index, person in
    User(
      id: index + 1, name: person.0, address: person.1, city: person.2, state: person.3,
      zip: person.4,
      email: person.0.lowercased().split(separator: " ").joined(separator: ".") + "@example.com")
  }
}
