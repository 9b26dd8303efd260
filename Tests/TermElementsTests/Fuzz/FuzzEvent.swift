import TermElementsTestSupport

@testable import TermElements

/// One thing that happens to a fuzzed screen: input, a change of table by the app, a page
/// answered, a push or pop, or a frame drawn.
enum FuzzEvent: CustomStringConvertible {
  case input(InputEvent)
  case replaceTable(seed: UInt64)
  case insertRows(section: Int, at: Int, count: Int, seed: UInt64)
  case deleteRows(section: Int, at: Int, count: Int)
  case moveRow(section: Int, from: Int, to: Int)
  case changeRow(section: Int, row: Int, seed: UInt64)
  case select(IndexPath?)
  case scrollTo(IndexPath, ScrollPosition)
  case reload
  case reloadData
  case resetSection(section: Int, count: Int, selecting: Int?, seed: UInt64)
  case answer(loader: Int, FuzzWorld.Answer)
  case feed(stream: Int, names: [String]?)
  case push(seed: UInt64)
  case pop
  case popToRoot
  case frame

  var description: String {
    switch self {
    case .input(let event): ".input(\(event))"
    case .replaceTable(let seed): ".replaceTable(seed: \(seed))"
    case .insertRows(let section, let at, let count, let seed):
      ".insertRows(section: \(section), at: \(at), count: \(count), seed: \(seed))"
    case .deleteRows(let section, let at, let count):
      ".deleteRows(section: \(section), at: \(at), count: \(count))"
    case .moveRow(let section, let from, let to):
      ".moveRow(section: \(section), from: \(from), to: \(to))"
    case .changeRow(let section, let row, let seed):
      ".changeRow(section: \(section), row: \(row), seed: \(seed))"
    case .select(let indexPath):
      ".select(\(indexPath.map { "[\($0.section), \($0.row)]" } ?? "nil"))"
    case .scrollTo(let indexPath, let position):
      ".scrollTo([\(indexPath.section), \(indexPath.row)], .\(position))"
    case .reload: ".reload"
    case .reloadData: ".reloadData"
    case .resetSection(let section, let count, let selecting, let seed):
      ".resetSection(section: \(section), count: \(count), selecting: \(String(describing: selecting)), seed: \(seed))"
    case .answer(let loader, let answer): ".answer(loader: \(loader), \(answer))"
    case .feed(let stream, let names):
      ".feed(stream: \(stream), names: \(String(describing: names)))"
    case .push(let seed): ".push(seed: \(seed))"
    case .pop: ".pop"
    case .popToRoot: ".popToRoot"
    case .frame: ".frame"
    }
  }

  /// Keys the fuzzer presses: the controller's, the editor's, and some it ignores.
  static let keys: [Key] = [
    .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
    .delete, .tab, .character("j"), .character("k"), .character("g"), .character("G"),
    .character(" "), .character("b"), .character("f"), .character("r"), .character("?"),
    .character("x"), .character("東"), .control("a"), .control("e"), .control("u"),
    .control("k"), .control("w"), .control("f"), .control("b"), .character("q"),
  ]

  /// A random event for a screen of `size`.
  static func random(
    _ random: inout SeededRandom, size: Size, inStack: Bool
  ) -> FuzzEvent {
    let point = {
      (random: inout SeededRandom) in
      Point(x: random.int(-2...(size.width + 2)), y: random.int(-2...(size.height + 2)))
    }
    let indexPath = { (random: inout SeededRandom) in
      IndexPath(row: random.int(-1...40), section: random.int(-1...4))
    }
    switch random.int(0...99) {
    case 0..<38:
      var key = random.pick(keys)
      // Quitting ends the run: keep it rare.
      if key == .character("q") && !random.chance(0.05) { key = .down }
      if key == .escape && !inStack && !random.chance(0.2) { key = .up }
      return .input(.key(key))
    case 38..<44: return .input(.mouse(MouseEvent(kind: .click, at: point(&random))))
    case 44..<48:
      return .input(
        .mouse(MouseEvent(kind: random.chance(0.5) ? .wheelUp : .wheelDown, at: point(&random))))
    case 48..<53:
      let size =
        random.chance(0.7)
        ? Size(width: random.small(40), height: random.small(30))
        : Size(width: random.int(0...300), height: random.int(0...120))
      return .input(.resize(size))
    case 53..<56: return .input(.tick)
    case 56..<59: return .replaceTable(seed: random.next())
    case 59..<64:
      return .insertRows(
        section: random.int(0...3), at: random.int(0...30), count: random.int(1...4),
        seed: random.next())
    case 64..<68:
      return .deleteRows(
        section: random.int(0...3), at: random.int(0...30), count: random.int(1...4))
    case 68..<71:
      return .moveRow(section: random.int(0...3), from: random.int(0...30), to: random.int(0...30))
    case 71..<74:
      return .changeRow(section: random.int(0...3), row: random.int(0...30), seed: random.next())
    case 74..<77: return .select(random.chance(0.2) ? nil : indexPath(&random))
    case 77..<79:
      return .scrollTo(indexPath(&random), random.pick([.none, .top, .middle, .bottom]))
    case 79: return .reload
    case 80: return .reloadData
    case 81:
      return .resetSection(
        section: random.int(0...3), count: random.small(40),
        selecting: random.chance(0.2) ? nil : random.int(-2...45), seed: random.next())
    case 82..<92:
      let answer: FuzzWorld.Answer =
        switch random.int(0...9) {
        case 0: .end
        case 1, 2: .failure
        case 3: .page(0)
        default: .page(random.int(1...30))
        }
      if random.chance(0.3) {
        // A stream's next array: names from a small pool, in any order, some repeated.
        let names =
          random.chance(0.1)
          ? nil : (0..<random.small(12)).map { _ in "s\(random.int(0...15))" }
        return .feed(stream: random.int(0...3), names: names)
      }
      return .answer(loader: random.int(0...3), answer)
    case 92..<95: return inStack ? .push(seed: random.next()) : .frame
    case 95..<97: return inStack ? .pop : .frame
    case 97: return inStack ? .popToRoot : .frame
    default: return .frame
    }
  }
}
