import ForceTouchEngine

/// One key combination of a `keys` action, e.g. `KEY_LEFTCTRL+KEY_C`: its keys are
/// pressed in order and released in reverse order, the way a person types a chord.
/// A `keys` action is a sequence of these, typed one after the other.
public struct KeyStroke: Hashable, Sendable, CustomStringConvertible {
    /// EV_KEY codes, modifiers first as written.
    public var keys: [UInt16]

    public init(keys: [UInt16]) { self.keys = keys }

    /// Why a combination was refused.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
    }

    /// Parses `KEY_LEFTMETA+KEY_A`. Names are the kernel's (input-event-codes.h), as
    /// `evtest` and `libinput debug-events` print them; case does not matter and the
    /// `KEY_` prefix may be left out (`leftctrl+c`). Every name must be an EV_KEY code.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces }
        guard !text.trimmingSpaces.isEmpty else {
            throw ParseError(message: "an empty key combination; write e.g. \"KEY_LEFTCTRL+KEY_C\"")
        }
        var codes: [UInt16] = []
        for part in parts {
            guard !part.isEmpty else {
                throw ParseError(message: "\"\(text)\" has an empty key name; join keys with a single +")
            }
            let code = try KeyStroke.code(part)
            guard !codes.contains(code) else {
                throw ParseError(message: "\"\(text)\" names \(part) twice")
            }
            codes.append(code)
        }
        keys = codes
    }

    /// The EV_KEY codes the virtual keyboard has, so the only ones a `keys` action can type:
    /// every keyboard key (KEY_ESC … KEY_MICMUTE, then the higher media and function keys),
    /// but none of the pointer, joystick, pen and touch buttons (BTN_MISC … BTN_GEAR_UP,
    /// 0x100–0x15f), which a keyboard device that has them would make readers take for a
    /// mouse or a tablet.
    public static let typeableCodes: Set<UInt16> = Set(1...0xff).union(0x160...0x2ff)

    /// The EV_KEY code a key name stands for; only codes in `typeableCodes`.
    public static func code(_ name: String) throws(ParseError) -> UInt16 {
        let upper = name.uppercased()
        for candidate in [upper, "KEY_" + upper] {
            if let (type, code) = EventNames.code(named: candidate) {
                guard type == EV.KEY else {
                    throw ParseError(message: "\(name) is not a key (it is an \(EventNames.typeName(type) ?? "other") code)")
                }
                guard typeableCodes.contains(code) else {
                    // Accepted once, such a name typed nothing at all: say so instead.
                    throw ParseError(message: "\(candidate) is a button, not a key: the virtual keyboard cannot "
                        + "press pointer buttons; for a click at the finger use click = \"right\" (or left, middle, "
                        + "double-left)")
                }
                return code
            }
        }
        var message = "unknown key name \"\(name)\""
        if let hint = aliases[upper.hasPrefix("KEY_") ? String(upper.dropFirst(4)) : upper] {
            message += "; did you mean \(hint)?"
        } else {
            message += "; use the kernel's names, such as KEY_LEFTCTRL or KEY_A (see `evtest`)"
        }
        throw ParseError(message: message)
    }

    /// What people commonly write for the keys the kernel names otherwise.
    private static let aliases: [String: String] = [
        "CTRL": "KEY_LEFTCTRL", "CONTROL": "KEY_LEFTCTRL", "ALT": "KEY_LEFTALT", "SHIFT": "KEY_LEFTSHIFT",
        "SUPER": "KEY_LEFTMETA", "META": "KEY_LEFTMETA", "WIN": "KEY_LEFTMETA", "CMD": "KEY_LEFTMETA",
        "RETURN": "KEY_ENTER", "ESCAPE": "KEY_ESC", "DEL": "KEY_DELETE", "PGUP": "KEY_PAGEUP",
        "PGDN": "KEY_PAGEDOWN", "ALTGR": "KEY_RIGHTALT", "PRINTSCREEN": "KEY_SYSRQ", "PRINT": "KEY_SYSRQ",
    ]

    /// The kernel names joined with `+`, as written in the configuration.
    public var description: String {
        keys.map { EventNames.codeName(type: EV.KEY, code: $0) ?? "KEY_\($0)" }.joined(separator: "+")
    }
}

private extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
}

private extension String {
    var trimmingSpaces: String { self[...].trimmingSpaces }
}
