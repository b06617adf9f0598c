/// An action in JSON is an object with the configuration's action key: `{"exec": […]}`,
/// `{"keys": ["KEY_LEFTCTRL+KEY_C"]}`, `{"quick-actions": true}`, `{"perform": "type"}`,
/// `{"intent": "name", "parameters": {…}}`, `{"notify": "text"}`; what `Action+Decoding`
/// reads back.
extension LiteralValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let s): try ShortcutValue.string(s).encode(to: encoder)
        case .number(let d): try ShortcutValue.number(d).encode(to: encoder)
        case .bool(let b): try ShortcutValue.bool(b).encode(to: encoder)
        case .list(let l):
            var c = encoder.singleValueContainer()
            try c.encode(l)
        }
    }
}

extension KeyStroke: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension Action: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        let k = AnyKey(key)
        switch self {
        case .exec(let e): try c.encode(e.argv, forKey: k)
        case .keys(let strokes): try c.encode(strokes, forKey: k)
        case .quickActions: try c.encode(true, forKey: k)
        case .applicationMenu(let id): try c.encode(id, forKey: k)
        case .perform(let type): try c.encode(type, forKey: k)
        case .intent(let i):
            try c.encode(i.name, forKey: k)
            if !i.parameters.isEmpty { try c.encode(i.parameters, forKey: AnyKey("parameters")) }
        case .notify(let text): try c.encode(text, forKey: k)
        case .launch(.command(let argv)): try c.encode(argv, forKey: k)
        case .launch(.desktop(let id, let action)):
            try c.encode(id, forKey: k)
            try c.encodeIfPresent(action, forKey: AnyKey("action"))
        case .click(let click): try c.encode(click.description, forKey: k)
        }
    }
}
