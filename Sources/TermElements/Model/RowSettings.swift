/// Everything about a row but its element, spelled out: what ``RowExtras`` packs.
struct RowSettings: Equatable, Sendable {
  /// A stable identity, or `nil` to identify the row by its position.
  var id: RowID?
  /// A name to find the row by.
  var tag: String?
  /// What to do when the row is chosen, told where.
  var onSelect: SelectAction?
  /// How the row is laid out and drawn.
  var layout: RowLayout
}

/// How a row is laid out and drawn, around its element.
struct RowLayout: Equatable, Sendable {
  /// Fixed lines, or measured from the element.
  var rowHeight: RowHeight
  /// Blank cells between the row's edges and its element.
  var layoutMargins: LayoutMargins
  /// The line under the row.
  var separatorStyle: SeparatorStyle
  /// The colours and attributes of the whole row.
  var style: Style
  /// How the row looks while selected.
  var selectionStyle: SelectionStyle
  /// Whether the row can be selected.
  var isUserInteractionEnabled: Bool
  /// The mark at the row's right edge.
  var accessory: RowAccessory = .none
}

/// A row layout of the usual kind packed in 56 bits:
///
/// - bit 0: whether the row can be selected;
/// - bits 1–2: the separator: 0 none, 1 default, 2 full width;
/// - bit 3: the selection style: 0 none, 1 default;
/// - bit 4 and bit 55: the accessory: a disclosure indicator, a checkmark;
/// - bits 5–12: the height: 0 automatic, `n + 1` for `.fixed(n)`, `n` up to 254;
/// - bits 13–28: the margins, 4 bits each from 0 to 15: top, left, bottom, right;
/// - bits 29–54: the style: `Style.bits` with 4 bits for each set of attributes.
///
/// Stored as three integers, so that its size is 7 bytes and an enum of it and a reference, or
/// of it and an identity, needs no byte for its case.
struct PackedRowLayout: Sendable {
  /// Bits 0–31.
  private var low: UInt32
  /// Bits 32–47.
  private var middle: UInt16
  /// Bits 48–55.
  private var high: UInt8

  /// Where the separator's bits start.
  private static let separatorShift: UInt64 = 1
  /// Where the selection style's bits start.
  private static let selectionShift: UInt64 = 3
  /// Where the height's bits start.
  private static let heightShift: UInt64 = 5
  /// Where the margins' bits start.
  private static let marginsShift: UInt64 = 13
  /// Where the style's bits start.
  private static let styleShift: UInt64 = 29
  /// The bit of a disclosure indicator.
  private static let disclosureBit: UInt64 = 4
  /// The bit of a checkmark.
  private static let checkmarkBit: UInt64 = 55
  /// The largest fixed height that fits.
  static let maxFixedHeight = 254
  /// The largest margin that fits.
  static let maxMargin = 15

  /// The packing of `bits`, the top 8 of which are dropped.
  init(bits: UInt64) {
    low = UInt32(truncatingIfNeeded: bits)
    middle = UInt16(truncatingIfNeeded: bits >> 32)
    high = UInt8(truncatingIfNeeded: bits >> 48)
  }

  /// The 56 bits as one number.
  var bits: UInt64 { UInt64(low) | UInt64(middle) << 32 | UInt64(high) << 48 }

  /// The packing of `layout`, or `nil` when it does not fit.
  init?(_ layout: RowLayout) {
    var bits: UInt64 = layout.isUserInteractionEnabled ? 1 : 0
    switch layout.separatorStyle {
    case .none: break
    case .default: bits |= 1 << Self.separatorShift
    case .fullWidth: bits |= 2 << Self.separatorShift
    case .custom: return nil
    }
    switch layout.selectionStyle {
    case .none: break
    case .default: bits |= 1 << Self.selectionShift
    case .style: return nil
    }
    switch layout.accessory {
    case .none: break
    case .disclosureIndicator: bits |= 1 << Self.disclosureBit
    case .checkmark: bits |= 1 << Self.checkmarkBit
    }
    switch layout.rowHeight {
    case .automatic: break
    case .fixed(let lines):
      guard lines >= 0, lines <= Self.maxFixedHeight else { return nil }
      bits |= UInt64(lines + 1) << Self.heightShift
    }
    let margins = layout.layoutMargins
    // A margin below 0 or above 15 has a bit set outside the low 4.
    guard (margins.top | margins.left | margins.bottom | margins.right) & ~Self.maxMargin == 0
    else { return nil }
    let marginBits =
      UInt64(margins.top) | UInt64(margins.left) << 4 | UInt64(margins.bottom) << 8
      | UInt64(margins.right) << 12
    bits |= marginBits << Self.marginsShift
    let style = layout.style
    guard style.attributes.rawValue < 16, style.monochrome.rawValue < 16 else { return nil }
    let styleBits =
      style.bits & 0x3FFFF | UInt64(style.attributes.rawValue) << 18
      | UInt64(style.monochrome.rawValue) << 22
    self.init(bits: bits | styleBits << Self.styleShift)
  }

  /// Whether the row can be selected.
  var isUserInteractionEnabled: Bool { bits & 1 != 0 }

  /// The separator.
  var separatorStyle: SeparatorStyle {
    switch bits >> Self.separatorShift & 3 {
    case 0: .none
    case 1: .default
    default: .fullWidth
    }
  }

  /// The selection style.
  var selectionStyle: SelectionStyle {
    bits >> Self.selectionShift & 1 == 0 ? .none : .default
  }

  /// The accessory.
  var accessory: RowAccessory {
    if bits >> Self.disclosureBit & 1 != 0 { return .disclosureIndicator }
    return bits >> Self.checkmarkBit & 1 != 0 ? .checkmark : .none
  }

  /// The height.
  var rowHeight: RowHeight {
    let code = Int(truncatingIfNeeded: bits >> Self.heightShift & 0xFF)
    return code == 0 ? .automatic : .fixed(code - 1)
  }

  /// The margins.
  var layoutMargins: LayoutMargins {
    let margins = bits >> Self.marginsShift
    return LayoutMargins(
      top: Int(truncatingIfNeeded: margins & 0xF),
      left: Int(truncatingIfNeeded: margins >> 4 & 0xF),
      bottom: Int(truncatingIfNeeded: margins >> 8 & 0xF),
      right: Int(truncatingIfNeeded: margins >> 12 & 0xF))
  }

  /// The style.
  var style: Style {
    let packed = bits >> Self.styleShift
    return Style(
      bits: packed & 0x3FFFF | (packed >> 18 & 0xF) << 18 | (packed >> 22 & 0xF) << 26)
  }

  /// The whole layout.
  var layout: RowLayout {
    RowLayout(
      rowHeight: rowHeight, layoutMargins: layoutMargins, separatorStyle: separatorStyle,
      style: style, selectionStyle: selectionStyle,
      isUserInteractionEnabled: isUserInteractionEnabled, accessory: accessory)
  }
}

/// A row's settings in three words, with no allocation when they are the usual kind.
///
/// Most rows have no tag and no action of their own, and a layout that fits a
/// ``PackedRowLayout``: small margins, a small or automatic height, a style without unusual
/// attribute bits. Such a row keeps its identity, a number or a string, beside those bits, so
/// it costs its element and three words, and making or copying it allocates nothing. Other
/// rows keep their settings in a box, shared by copies and copied on write.
///
/// The encoding is canonical: settings that fit inline are always inline, and a layout that
/// fits is always packed. So two inline settings are equal exactly when their identities and
/// bits are, and inline settings never equal boxed ones.
struct RowExtras: Equatable, Sendable {
  /// The settings inline, with no identity, a number or a string, or in a box. Three words:
  /// the largest case, a string and 7 bytes of layout, leaves the last byte for the case.
  private enum Storage: Sendable {
    case plain(PackedRowLayout)
    case number(Int, PackedRowLayout)
    case text(String, PackedRowLayout)
    case boxed(Box)
  }

  /// A layout packed, or one that does not fit in a box of its own: one word.
  private enum BoxedLayout: Equatable, Sendable {
    case packed(PackedRowLayout)
    case unusual(UnusualLayout)

    /// The packing of `layout`, or a box for it.
    init(_ layout: RowLayout) {
      if let packed = PackedRowLayout(layout) {
        self = .packed(packed)
      } else {
        self = .unusual(UnusualLayout(layout: layout))
      }
    }

    /// The layout.
    var layout: RowLayout {
      switch self {
      case .packed(let packed): packed.layout
      case .unusual(let box): box.layout
      }
    }

    /// Layouts are equal when all their settings are.
    static func == (lhs: BoxedLayout, rhs: BoxedLayout) -> Bool {
      switch (lhs, rhs) {
      case (.packed(let left), .packed(let right)): left.bits == right.bits
      case (.unusual(let left), .unusual(let right)): left.layout == right.layout
      default: false
      }
    }
  }

  /// A layout that does not fit in 56 bits, such as a custom separator; never changed.
  private final class UnusualLayout: Sendable {
    /// The layout.
    let layout: RowLayout

    /// A box holding `layout`.
    init(layout: RowLayout) { self.layout = layout }
  }

  /// Settings that do not fit inline, shared by the copies of a row.
  ///
  /// It is changed only through a `RowExtras` that holds the one reference to it, as the
  /// standard library's arrays change their buffers; otherwise it is copied first. That is what
  /// makes it safe to send.
  private final class Box: @unchecked Sendable {
    /// The row's identity.
    var id: RowID?
    /// The row's tag.
    var tag: String?
    /// The row's action that is told where.
    var onSelect: SelectAction?
    /// The row's layout.
    var layout: BoxedLayout

    /// A box holding `settings`.
    init(_ settings: RowSettings) {
      id = settings.id
      tag = settings.tag
      onSelect = settings.onSelect
      layout = BoxedLayout(settings.layout)
    }

    /// All the settings.
    var settings: RowSettings {
      get {
        RowSettings(id: id, tag: tag, onSelect: onSelect, layout: layout.layout)
      }
      set {
        id = newValue.id
        tag = newValue.tag
        onSelect = newValue.onSelect
        layout = BoxedLayout(newValue.layout)
      }
    }
  }

  /// The settings.
  private var storage: Storage

  /// The settings, inline when they fit.
  init(_ settings: RowSettings) {
    storage = Self.inline(settings) ?? .boxed(Box(settings))
  }

  /// `settings` inline, or `nil` when they need a box.
  private static func inline(_ settings: RowSettings) -> Storage? {
    guard settings.tag == nil, settings.onSelect == nil,
      let packed = PackedRowLayout(settings.layout)
    else { return nil }
    switch settings.id?.value {
    case nil: return .plain(packed)
    case .number(let number)?: return .number(number, packed)
    case .text(let text)?: return .text(text, packed)
    }
  }

  /// All the settings.
  var settings: RowSettings {
    switch storage {
    case .plain(let packed):
      RowSettings(id: nil, tag: nil, onSelect: nil, layout: packed.layout)
    case .number(let number, let packed):
      RowSettings(id: RowID(number), tag: nil, onSelect: nil, layout: packed.layout)
    case .text(let text, let packed):
      RowSettings(id: RowID(text), tag: nil, onSelect: nil, layout: packed.layout)
    case .boxed(let box): box.settings
    }
  }

  /// Changes the settings with `change`, in place when the box is not shared.
  mutating func update(_ change: (inout RowSettings) -> Void) {
    guard case .boxed(var box) = storage else {
      var settings = self.settings
      change(&settings)
      self = RowExtras(settings)
      return
    }
    // Let go of the stored reference, so that `box` is unique unless a copy holds it.
    storage = .plain(PackedRowLayout(bits: 0))
    var settings = box.settings
    change(&settings)
    if let inline = Self.inline(settings) {
      storage = inline
    } else if isKnownUniquelyReferenced(&box) {
      box.settings = settings
      storage = .boxed(box)
    } else {
      storage = .boxed(Box(settings))
    }
  }

  /// The row's identity.
  var id: RowID? {
    switch storage {
    case .plain: nil
    case .number(let number, _): RowID(number)
    case .text(let text, _): RowID(text)
    case .boxed(let box): box.id
    }
  }

  /// Whether `other` has the same identity, or both have none; compared without making
  /// ``RowID``s, since diffing a table compares the ids of every stored row.
  func hasSameID(as other: RowExtras) -> Bool {
    // Number ids first, one case at a time: a switch over the pair would copy both.
    if case .number(let mine, _) = storage {
      if case .number(let theirs, _) = other.storage { return mine == theirs }
    }
    return id == other.id
  }

  /// Whether the row has an identity.
  var hasID: Bool {
    switch storage {
    case .plain: false
    case .number, .text: true
    case .boxed(let box): box.id != nil
    }
  }

  /// The row's tag.
  var tag: String? {
    guard case .boxed(let box) = storage else { return nil }
    return box.tag
  }

  /// The row's action that is told where.
  var onSelect: SelectAction? {
    guard case .boxed(let box) = storage else { return nil }
    return box.onSelect
  }

  /// The packed layout, unless the layout is in a box that holds it another way.
  private var packed: PackedRowLayout? {
    switch storage {
    case .plain(let packed), .number(_, let packed), .text(_, let packed): packed
    case .boxed(let box):
      switch box.layout {
      case .packed(let packed): packed
      case .unusual: nil
      }
    }
  }

  /// The layout, when it is unusual.
  private var unusualLayout: RowLayout {
    guard case .boxed(let box) = storage, case .unusual(let unusual) = box.layout else {
      preconditionFailure("The row's layout is packed")
    }
    return unusual.layout
  }

  /// The row's height.
  var rowHeight: RowHeight { packed?.rowHeight ?? unusualLayout.rowHeight }

  /// The row's margins.
  var layoutMargins: LayoutMargins { packed?.layoutMargins ?? unusualLayout.layoutMargins }

  /// The row's separator.
  var separatorStyle: SeparatorStyle { packed?.separatorStyle ?? unusualLayout.separatorStyle }

  /// The row's style.
  var style: Style { packed?.style ?? unusualLayout.style }

  /// The row's selection style.
  var selectionStyle: SelectionStyle { packed?.selectionStyle ?? unusualLayout.selectionStyle }

  /// Whether the row can be selected.
  var isUserInteractionEnabled: Bool {
    packed?.isUserInteractionEnabled ?? unusualLayout.isUserInteractionEnabled
  }

  /// The mark at the row's right edge.
  var accessory: RowAccessory { packed?.accessory ?? unusualLayout.accessory }

  /// Settings are equal when every one is, actions counting as equal as ``Action`` says.
  static func == (lhs: RowExtras, rhs: RowExtras) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.plain(let left), .plain(let right)):
      left.bits == right.bits
    case (.number(let leftID, let left), .number(let rightID, let right)):
      left.bits == right.bits && leftID == rightID
    case (.text(let leftID, let left), .text(let rightID, let right)):
      left.bits == right.bits && leftID == rightID
    case (.boxed(let left), .boxed(let right)):
      left === right
        || (left.layout == right.layout && left.id == right.id && left.tag == right.tag
          && left.onSelect == right.onSelect)
    default:
      false
    }
  }
}
