import Foundation

/// An example executable that has not been built.
public struct MissingExample: Error, CustomStringConvertible {
  /// The product's name, as in `swift build --product <name>`.
  public let product: String
  /// The paths that were tried.
  public let lookedIn: [URL]

  /// The product `product`, not found in any of `lookedIn`.
  public init(product: String, lookedIn: [URL]) {
    self.product = product
    self.lookedIn = lookedIn
  }

  /// Says what is missing and how to build it.
  public var description: String {
    """
    \(product) is not built (looked for \(lookedIn.map(\.path).joined(separator: ", "))). \
    Run `swift build --package-path Examples --product \(product)` before \
    `swift test --package-path Examples`; `make test` does this.
    """
  }
}
